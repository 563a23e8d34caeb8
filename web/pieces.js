// The piece vocabulary of the game on screen, from the engine's variant info
// (letter -> {glyph, value, count}); only the English kind names live in i18n.
// Letters as in the notation: upper case red, lower case black.

import { getLang, t } from "./i18n.js";

/** @typedef {{glyph: string, value: number, count: number}} PieceInfo */

/** @type {Record<string, PieceInfo>} */
let table = {}; // letter -> {glyph, value, count}
let order = ""; // the letters in the variant's kind order (General first)

/** Use the pieces of a variant's info entry ({pieces: {K: {glyph, value, count}, ...}}). */
/** @param {Record<string, PieceInfo> | null | undefined} pieces */
export function setPieces(pieces) {
  table = pieces && typeof pieces === "object" ? pieces : {};
  order = Object.keys(table).join("");
}

/** @param {unknown} letter @returns {letter is string} */
export function isPieceLetter(letter) {
  return typeof letter === "string" && /^[A-Za-z]$/.test(letter);
}

/** @param {string} letter @returns {"red" | "black"} */
export function pieceColor(letter) {
  return letter === letter.toUpperCase() ? "red" : "black";
}

/** The Chinese character of a piece letter ("R" -> 俥, "r" -> 車), the letter if the variant has none. */
/** @param {string} letter @returns {string} */
export function pieceGlyph(letter) {
  return table[letter]?.glyph ?? letter;
}

/** The piece's value in the variant's default table (null if unknown). */
/** @param {string} letter @returns {number | null} */
export function pieceValue(letter) {
  return table[letter]?.value ?? null;
}

/** Short kind name ("Chariot"; in Chinese the character itself). */
/** @param {string} letter @returns {string} */
export function kindName(letter) {
  if (getLang() === "zh" && table[letter]) return pieceGlyph(letter);
  const key = `kind.${letter.toUpperCase()}`;
  const name = t(key);
  return name === key ? letter : name;
}

/** "red Chariot" / "红俥": what screen readers and announcements say. */
/** @param {string} letter @returns {string} */
export function pieceName(letter) {
  const color = t(`color.${pieceColor(letter)}.lower`);
  return getLang() === "zh" ? `${color}${kindName(letter)}` : `${color} ${kindName(letter)}`;
}

/** Sort key so piece lists read General first, Soldiers last (the variant's kind order). */
/** @param {string} letter @returns {number} */
export function kindOrder(letter) {
  const at = order.indexOf(letter.toUpperCase());
  return at < 0 ? 99 : at;
}

/** The top piece of a square's content ("pRA" -> "A"); null for empty or face-down. */
/** @param {string | null | undefined} content @returns {string | null} */
export function topPiece(content) {
  return content && content !== "x" ? content.at(-1) ?? null : null;
}
