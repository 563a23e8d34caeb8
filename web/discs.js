// What a square shows: a disc for a piece (its glyph, or its letter), a
// face-down disc, a stack's top piece with its height, and the words a screen
// reader says for it. The board, the panels and the rules page draw with these.

import { t } from "./i18n.js";
import { isPieceLetter, kindName, pieceColor, pieceGlyph, pieceName, topPiece } from "./pieces.js";

const TALL = 5; // a stack this high gets a badge that stands out

/** Square names of a files x ranks board, bottom-left first ("a1", "b1", ...), as the engine numbers them.
 *  @param {number} files @param {number} ranks @returns {string[]} */
export function squareNames(files, ranks) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const names = [];
  for (let r = 0; r < ranks; r++) for (let f = 0; f < files; f++) names.push(`${letters[f]}${r + 1}`);
  return names;
}

/** A disc element for one piece letter or "x" (face-down), or null.
 *  @param {string | null | undefined} content @param {boolean} letters @returns {HTMLElement | null} */
export function makeDisc(content, letters) {
  if (!content) return null;
  const disc = document.createElement("span");
  if (content === "x") {
    disc.className = "disc hidden";
    return disc;
  }
  if (!isPieceLetter(content)) return null;
  disc.className = `disc ${pieceColor(content)}${letters ? " letters" : ""}`;
  const glyph = document.createElement("span");
  glyph.className = "glyph";
  // letters as in the notation: upper case red, lower case black (told apart without colour)
  glyph.textContent = letters ? content : pieceGlyph(content);
  disc.append(glyph);
  return disc;
}

/** What a square shows: its top piece, with the stack's height when there is more than one.
 *  @param {string | null} content @param {boolean} letters @returns {HTMLElement | null} */
export function makeContent(content, letters) {
  if (!content) return null;
  const top = content === "x" ? "x" : topPiece(content);
  const disc = makeDisc(top, letters);
  if (!disc) return null;
  if (content.length > 1 && content !== "x") {
    disc.classList.add("stacked");
    disc.classList.toggle("tall", content.length >= TALL); // its height badge stands out
    const height = document.createElement("span");
    height.className = "height";
    height.textContent = String(content.length);
    disc.append(height);
  } else if (top && top !== "x") {
    disc.title = kindName(top);
  }
  return disc;
}

/** Screen-reader words for a square's content.
 *  @param {string} sq @param {string | null} content @returns {string} */
export function describeContent(sq, content) {
  if (!content) return t("square.empty", { sq });
  if (content === "x") return t("square.hidden", { sq });
  if (content.length === 1) return t("square.piece", { sq, piece: pieceName(content) });
  const pieces = [...content].reverse().map(pieceName).join(t("list.sep"));
  return t("square.stack", { sq, n: content.length, pieces });
}
