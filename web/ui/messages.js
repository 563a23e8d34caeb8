// Engine errors and explanations in the page's language. The bridge sends a
// message with a `code` and its `params`; the page words it from its own
// template for that code (web/i18n.js, "msg.<code>"), and falls back to the
// engine's English text for a code it does not know.

import { getLang, has, t } from "../i18n.js";

/** err: an Error or a reply {message|error, code, params}; returns the text to show. */
export function engineErrorText(err) {
  const english = err?.message || err?.error || String(err ?? "");
  const code = err?.code;
  if (!code || getLang() === "en" || !has(`msg.${code}`)) return english;
  const params = {};
  for (const [key, value] of Object.entries(err.params ?? {})) params[key] = wordParam(value);
  return t(`msg.${code}`, params);
}

/** A parameter may itself be a message ({code, params}) or a list of values. */
function wordParam(value) {
  if (value && typeof value === "object" && !Array.isArray(value) && value.code) {
    return engineErrorText({ message: value.text ?? "", code: value.code, params: value.params });
  }
  if (Array.isArray(value)) return value.map(wordParam).join(t("list.sep"));
  return value;
}
