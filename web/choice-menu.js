// The choice menu of the board: several actions share one from and to square
// (a promotion, a stack that moves part of itself), so the player picks one
// from a menu beside that square, by pointer or keyboard.

import { makeDisc } from "./discs.js";
import { t } from "./i18n.js";
import { kindName, pieceName } from "./pieces.js";

/** @typedef {import("./action").Action} Action */

/**
 * Where the menu opens: the square's column and row on screen, of how many.
 * @typedef {{col: number, row: number, files: number, ranks: number}} MenuPlace
 */

/**
 * What the page reads of the board to name a choice: each square's letters (bottom first) and the
 * discs' style (letters instead of glyphs).
 * @typedef {{squares?: Record<string, string | null>, letters?: boolean}} MenuBoard
 */

/** A small disc for one piece letter, hidden from screen readers (the words say it).
 *  @param {string} letter @param {boolean} letters @returns {HTMLElement[]} */
function disc(letter, letters) {
  const d = makeDisc(letter, letters);
  if (!d) return [];
  d.classList.add("small");
  d.setAttribute("aria-hidden", "true");
  return [d];
}

/** The pieces an Advisor carries, nearest first, by colour, alike ones counted: "the red Elephant,
 *  2 black Soldiers and the red Horse" (红相、黑卒×2和红傌).
 *  @param {string[]} letters @returns {string} */
function carriedWords(letters) {
  /** @type {[string, number][]} */
  const runs = [];
  for (const letter of letters) {
    const last = runs.at(-1);
    if (last && last[0] === letter) last[1] += 1;
    else runs.push([letter, 1]);
  }
  const parts = runs.map(([letter, n]) => t(n === 1 ? "choice.one" : "choice.many", { piece: pieceName(letter), n }));
  return parts.length < 2 ? parts.join("")
    : `${parts.slice(0, -1).join(t("choice.sep"))}${t("choice.and")}${parts.at(-1)}`;
}

/**
 * What a choice does, in words and in the pieces it involves, read from the board: an Advisor's carry
 * takes the `carry` pieces directly below it on its square (the nearest first); a swap brings the piece
 * at `height` of the target square to the Soldier's place (the Soldier becomes that piece).
 * @param {Action} action @param {MenuBoard} board
 * @returns {{words: string, pieces: HTMLElement[]}}
 */
export function describeChoice(action, board) {
  // the bridge's action info has these for Cheight (not in the Action type every game shares)
  const { carry, height } = /** @type {{carry?: number, height?: number}} */ (action);
  const letters = Boolean(board.letters);
  const from = board.squares?.[action.from] ?? "";
  const to = board.squares?.[action.to] ?? "";
  const mover = from && from !== "x" ? from.at(-1) ?? "" : "";
  if (action.kind === "swap" && typeof height === "number" && to[height]) {
    const piece = to[height];
    const words = t("choice.promote", { pawn: kindName(mover || "P"), piece: kindName(piece) });
    const arrow = Object.assign(document.createElement("span"), { className: "choice-arrow", textContent: "→" });
    arrow.setAttribute("aria-hidden", "true");
    return { words, pieces: [...(mover ? disc(mover, letters) : []), arrow, ...disc(piece, letters)] };
  }
  if (typeof carry === "number" && mover) {
    const carried = [...from.slice(Math.max(0, from.length - 1 - carry), from.length - 1)].reverse();
    if (carry === 0 || carried.length !== carry) {
      return { words: t("choice.alone"), pieces: disc(mover, letters) };
    }
    const words = t("choice.carry", { pieces: carriedWords(carried) });
    return { words, pieces: [mover, ...carried].flatMap((l) => disc(l, letters)) };
  }
  return { words: action.choice ?? action.move, pieces: [] };
}

/** The menu element (hidden) and its handle: `onPick(action)` once one is chosen, `onClose(sq)` when it
 *  closes and the square it was for should have the focus back.
 *  @param {{onPick: (action: Action) => void, onClose: (sq: string) => void}} callbacks */
export function createChoiceMenu({ onPick, onClose }) {
  const menu = document.createElement("div");
  menu.className = "choice-menu";
  menu.setAttribute("role", "menu");
  menu.hidden = true;

  /** @param {string} sq @param {Action[]} actions @param {MenuPlace} place @param {MenuBoard} [board] */
  function open(sq, actions, { col, row, files, ranks }, board = {}) {
    const described = actions.map((action) => describeChoice(action, board));
    const count = new Map();
    for (const { words } of described) count.set(words, (count.get(words) ?? 0) + 1);
    const items = actions.map((action, i) => {
      const item = document.createElement("button");
      item.type = "button";
      item.className = "choice-item";
      item.setAttribute("role", "menuitem");
      item.tabIndex = -1;
      let { words } = described[i];
      // two swaps with alike pieces at different heights: say which
      const { height } = /** @type {{height?: number}} */ (action);
      if ((count.get(words) ?? 0) > 1 && typeof height === "number") {
        words = `${words} · ${t("choice.height", { n: height + 1 })}`;
      }
      const label = action.penalised ? `${words} · ${t("square.penalised")}` : words;
      const text = Object.assign(document.createElement("span"), { className: "choice-words", textContent: label });
      const pieces = described[i].pieces;
      if (pieces.length) {
        item.append(Object.assign(document.createElement("span"), { className: "choice-pieces" }), text);
        /** @type {HTMLElement} */ (item.firstChild).append(...pieces);
      } else item.append(text);
      item.title = action.move; // the notation, for those who read it
      item.addEventListener("click", (event) => {
        event.stopPropagation();
        close(false);
        onPick(action);
      });
      return item;
    });
    menu.replaceChildren(...items);
    menu.setAttribute("aria-label", t("board.choose", { sq }));
    menu.dataset.sq = sq;
    menu.style.left = `${((col + 0.5) / files) * 100}%`;
    menu.style.top = `${((row + 0.5) / ranks) * 100}%`;
    menu.classList.toggle("upward", row > ranks / 2);
    menu.classList.toggle("leftward", col > files / 2);
    menu.hidden = false;
    items[0].tabIndex = 0;
    items[0].focus();
  }

  /** Close the menu; `refocus`: give the focus back to its square. */
  function close(refocus = true) {
    if (menu.hidden) return;
    const sq = menu.dataset.sq;
    menu.hidden = true;
    menu.replaceChildren();
    if (refocus && sq) onClose(sq);
  }

  menu.addEventListener("keydown", (event) => {
    const items = /** @type {HTMLElement[]} */ ([...menu.querySelectorAll(".choice-item")]);
    const at = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    let next = null;
    if (event.key === "ArrowDown" || event.key === "ArrowRight") next = (at + 1) % items.length;
    else if (event.key === "ArrowUp" || event.key === "ArrowLeft") next = (at - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    } else return;
    event.preventDefault();
    event.stopPropagation();
    items.forEach((item, i) => { item.tabIndex = i === next ? 0 : -1; });
    items[next].focus();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!menu.hidden && !menu.contains(/** @type {Node} */ (event.target))) close(false);
  }, true);

  return { element: menu, open, close };
}
