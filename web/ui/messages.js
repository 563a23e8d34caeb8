// Engine errors and explanations in the page's language. The bridge sends a
// message with a `code` and its `params` (hdchess/messages.py); the page words
// it from its own template for that code (web/i18n.js, "msg.<code>"), and falls
// back to the engine's English text for a code it does not know. Parameters are
// rendered by their names, as the engine's catalog defines them: a name ending
// in "kind" is a piece's kind, in "piece" a piece, "color" (or ending "_color" or "side") a colour,
// "termination" why a game ended; lists are joined, nested messages worded too.

import { getLang, has, t } from "../i18n.js";
import { kindName, pieceName } from "../pieces.js";
import { optionLabel, terminationName } from "./names.js";

/** err: an Error or a reply {message|error|reason|text, code, params}; returns the text to show.
 *  @param {any} err @returns {string} */
export function engineErrorText(err) {
  const english = err?.message || err?.error || err?.reason || err?.text || String(err ?? "");
  const code = err?.code;
  if (!code || getLang() === "en" || !has(`msg.${code}`)) return english;
  /** @type {Record<string, unknown>} */
  const params = {};
  for (const [name, value] of Object.entries(err.params ?? {})) params[name] = wordParam(name, value);
  return t(`msg.${code}`, params);
}

/** @param {string} name @param {unknown} value @returns {unknown} */
function wordParam(name, value) {
  if (Array.isArray(value)) return value.map((v) => wordParam(name, v)).join(t("list.sep"));
  if (value && typeof value === "object") return engineErrorText(value);
  if (typeof value !== "string") return value;
  if (value.length === 1 && name.endsWith("kind")) return kindName(value);
  if (value.length === 1 && name.endsWith("piece")) return pieceName(value);
  if (name === "color" || name.endsWith("_color") || name.endsWith("side")) return t(`color.${value}`);
  if (name === "termination") return terminationName(value);
  if (name === "name" && has(`option.${value}`)) return optionLabel({ name: value }); // a rule option's name
  return value;
}
