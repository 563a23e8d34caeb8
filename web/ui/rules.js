// The rules page of a variant: a legend of its pieces (glyphs, values and
// counts from the engine's info) and the variant's rules text, in the page's
// language when it is written in it (info.variants[].rules_by_lang).

import { getLang, t } from "../i18n.js";
import { makeDisc } from "../board.js";
import { kindName, setPieces } from "../pieces.js";
import { el } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { variantTitle } from "./names.js";

/**
 * The table of a variant's pieces: each kind's name, each side's disc and letter, value and count (five
 * columns: it fits a phone's rules page without a sideways scroll).
 * @param {any} variant a variant of the bridge's info
 * @param {boolean} letters draw Western letters on the discs instead of the glyphs
 * @returns {HTMLElement}
 */
function legend(variant, letters) {
  const kinds = Object.keys(variant.pieces ?? {}).filter((l) => l === l.toUpperCase());
  /** @param {string} letter @returns {HTMLElement | null} */
  const disc = (letter) => {
    const d = makeDisc(letter, letters);
    d?.classList.add("small");
    d?.setAttribute("aria-hidden", "true");
    return d;
  };
  /** A side's piece: its disc (the glyph, for a screen reader in words) and the record's letter.
   *  @param {string} letter @param {string} glyph */
  const side = (letter, glyph) => el("td", {}, disc(letter), el("span", { class: "sr-only" }, glyph), " ",
    el("code", { title: t("rules.letter") }, letter));
  return el("table", { class: "legend" },
    el("caption", {}, t("rules.legend")),
    el("thead", {}, el("tr", {},
      ["rules.piece", "rules.red", "rules.black", "rules.value", "rules.count"]
        .map((key) => el("th", { scope: "col" }, t(key))))),
    el("tbody", {}, kinds.map((kind) => {
      const info = variant.pieces[kind];
      const black = kind.toLowerCase();
      return el("tr", {},
        el("th", { scope: "row" }, kindName(kind)),
        side(kind, variant.pieces[kind].glyph),
        side(black, variant.pieces[black]?.glyph ?? ""),
        el("td", { class: "num" }, String(info.value)),
        el("td", { class: "num" }, String(info.count)));
    })));
}

/** The rules pages built so far (variant, language, letters -> the page and its Close button): opened
 *  again, a page is shown as it was built, not built and its text shaped anew.
 *  @type {Map<string, {page: HTMLElement, close: HTMLButtonElement}>} */
const pages = new Map();

/**
 * Open the rules of `variant` in `dialog`; `current` is the variant on the board (its pieces are restored).
 * @param {HTMLDialogElement} dialog
 * @param {any} variant a variant of the bridge's info
 * @param {{letters?: boolean, current?: any}} [how]
 */
export function openRules(dialog, variant, { letters = false, current = null } = {}) {
  if (!variant) return;
  const lang = getLang();
  const key = JSON.stringify([variant.name, lang, letters, variantTitle(variant)]);
  let shown = pages.get(key);
  if (!shown) {
    setPieces(variant.pieces); // the legend draws this variant's glyphs
    const texts = variant.rules_by_lang ?? { en: variant.rules };
    const text = texts[lang] ?? texts.en ?? variant.rules ?? "";
    const body = renderMarkdown(text.replace(/^#\s[^\n]*\n/, ""), 2); // the page's own title stands for the "# " one
    const close = el("button", { type: "button", class: "primary", onclick: () => dialog.close() }, t("btn.close"));
    const textLang = texts[lang] ? (lang === "zh" ? "zh-Hans" : lang) : "en";
    const page = el("article", { class: "rules-page", lang: textLang },
      el("h2", { id: "rules-title" }, t("rules.title", { game: variantTitle(variant) })),
      legend(variant, letters),
      el("div", { class: "rules-text" }, body),
      el("div", { class: "button-row" }, close));
    shown = { page, close };
    pages.set(key, shown);
    if (current) setPieces(current.pieces);
  }
  if (dialog.firstElementChild !== shown.page) dialog.replaceChildren(shown.page);
  dialog.setAttribute("aria-labelledby", "rules-title");
  if (!dialog.open) dialog.showModal();
  shown.close.focus();
}
