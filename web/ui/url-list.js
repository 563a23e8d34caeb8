// A settings field's list of server URLs, one a line (the STUN and TURN servers, the relays of one-link play): saved
// on change as the URLs it holds, each line that is not one named in the field's error line.

import { el } from "./dom.js";

/** The textarea and its error line. `parse` splits the text into good URLs and bad lines; `save` keeps the
 *  good ones; `badText` words the bad ones.
 *  @param {{id: string, text: string, parse: (text: string) => {urls: string[], bad: string[]},
 *   save: (urls: string[]) => void, badText: (bad: string) => string}} field */
export function urlListInput({ id, text, parse, save, badText }) {
  const input = el("textarea", { id, rows: 3, spellcheck: false, autocomplete: "off",
    "aria-describedby": `${id}-help ${id}-error` }, text);
  const error = el("p", { class: "form-error", id: `${id}-error`, role: "alert", hidden: true });
  input.addEventListener("change", () => {
    const { urls, bad } = parse(input.value);
    save(urls);
    error.textContent = bad.length ? badText(bad.join(", ")) : "";
    error.hidden = !bad.length;
  });
  return { input, error };
}
