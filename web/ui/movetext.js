// Moves in words a player reads: the piece that moves in its character (俥c2–c5, 翻 c3 → 帥,
// a stack's move with what it carries), or the record's notation when the player prefers it
// (Settings: "Moves"); a chain of captures with each piece it takes (俥a1×傌a2×炮b2). The pieces come with the bridge's move entries (`piece`: what left the
// start square, its mover last; `swapped`: what came to it in a swap), so nothing here knows a rule.

import { t } from "../i18n.js";
import { pieceGlyph, topPiece } from "../pieces.js";

/** @typedef {import("../protocol").Move & {piece?: string | null, swapped?: string | null}} PieceMove */
/** @typedef {import("../action").Action} Action */

/**
 * How moves are written: with pieces or in notation; pieces as characters or as letters.
 * @typedef {{notation: boolean, letters: boolean}} MoveStyle
 */

/** @param {{moves?: string, letters?: boolean} | null | undefined} settings @returns {MoveStyle} */
export function moveStyle(settings) {
  return { notation: settings?.moves === "notation", letters: Boolean(settings?.letters) };
}

/** Piece letters as shown: characters, or letters with the "letters" setting.
 *  @param {string} letters @param {MoveStyle} style */
function shown(letters, style) {
  return [...letters].map((letter) => (style.letters ? letter : pieceGlyph(letter))).join("");
}

/** A move of the game's move list as the player reads it.
 *  @param {import("../protocol").Move | null | undefined} move @param {MoveStyle} style @returns {string} */
export function moveText(move, style) {
  if (!move) return "";
  const entry = /** @type {PieceMove} */ (move);
  if (style.notation) return entry.text;
  if (entry.kind === "flip") {
    return entry.revealed ? t("move.flip", { sq: entry.to, piece: shown(entry.revealed, style) }) : entry.text;
  }
  const moving = entry.piece;
  if (!moving) return entry.text;
  const mover = shown(moving.slice(-1), style);
  if (entry.kind === "swap") {
    return entry.swapped
      ? t("move.swap", { piece: mover, from: entry.from, other: shown(entry.swapped, style), to: entry.to })
      : entry.text;
  }
  if (entry.path?.length) { // a chain of captures: each landing with what it took there
    return `${mover}${entry.from}${entry.path.map((sq, i) => `×${shown(entry.victims?.[i] ?? "", style)}${sq}`).join("")}`;
  }
  const captured = entry.kind === "capture" && entry.captured ? shown(entry.captured, style) : "";
  const text = entry.kind === "capture" ? `${mover}${entry.from}×${captured}${entry.to}` : `${mover}${entry.from}–${entry.to}`;
  const carried = moving.slice(0, -1);
  return carried ? t("move.carry", { move: text, pieces: shown(carried, style) }) : text;
}

/** A legal action of a position (a hint, the engine's choice in review) as the player reads it: the
 *  piece on its start square, and what it takes, written as the move list will write it once played
 *  (a carry with what it carries, a swap with the piece it brings). `squares` is that position's board.
 *  @param {Action | null | undefined} action @param {Record<string, string | null>} squares @param {MoveStyle} style
 *  @returns {string} */
export function actionText(action, squares, style) {
  if (!action) return "";
  if (style.notation) return action.move;
  if (action.from === action.to) return t("move.flipUnknown", { sq: action.to });
  const stack = squares[action.from] ?? "";
  const mover = topPiece(stack);
  if (!mover) return action.move;
  const content = squares[action.to] ?? "";
  // the bridge's action info has these for Cheight (not in the Action type every game shares)
  const { carry, height } = /** @type {{carry?: number, height?: number}} */ (action);
  if (action.kind === "swap") {
    const other = typeof height === "number" ? content[height] : undefined;
    return other ? t("move.swap", { piece: shown(mover, style), from: action.from, other: shown(other, style),
      to: action.to }) : action.move;
  }
  const capture = action.kind === "capture" || action.capture === true;
  if (action.path?.length) { // a chain of captures: each landing with the piece on it now
    return `${shown(mover, style)}${action.from}${action.path.map((sq) => {
      const top = topPiece(squares[sq] ?? "");
      return `×${top ? shown(top, style) : ""}${sq}`;
    }).join("")}`;
  }
  const target = content === "x" ? "?" : content ? shown(/** @type {string} */ (topPiece(content)), style) : "";
  const text = capture ? `${shown(mover, style)}${action.from}×${target}${action.to}` : `${shown(mover, style)}${action.from}–${action.to}`;
  if (typeof carry === "number") {
    const carried = carry > 0 ? stack.slice(Math.max(0, stack.length - 1 - carry), stack.length - 1) : "";
    return carried.length === carry ? (carried ? t("move.carry", { move: text, pieces: shown(carried, style) }) : text)
      : `${text} (${action.move})`;
  }
  const plain = action.kind === "move" || action.kind === "capture";
  return plain ? text : `${text} (${action.move})`;
}
