// The move list, in piece characters or in record notation, two plies to a numbered row. In review
// mode each move is a button that jumps the board to the position after it.

import { getLang, t } from "../i18n.js";
import { el } from "./dom.js";
import { moveText } from "./movetext.js";

/** @typedef {import("../state.js").Analysis} Analysis */

/**
 * @typedef {object} MoveListOptions
 * @property {number | null} current the ply shown (null: the live game)
 * @property {((ply: number) => void) | null} onPick
 * @property {Map<number, Analysis> | null} marks the review's analysis by ply
 * @property {(analysis: Analysis) => string} markOf
 * @property {(analysis: Analysis) => string} costOf what a marked move cost, in words
 * @property {import("./movetext.js").MoveStyle} [style] pieces or notation
 */

/** The rows each list shows (container -> row key -> its element): a redraw builds only the rows whose
 *  moves or marks changed (a move adds to the last row and moves "current" from the row before), so the
 *  text of a long game is not shaped and laid out again on every move. @type {WeakMap<Element, Map<string, HTMLElement>>} */
const shownRows = new WeakMap();

/** opts: {current: ply shown (null = live), onPick(ply) or null, marks: Map ply -> review analysis, markOf, costOf}
 *  @param {HTMLElement} container @param {import("../protocol").View} view @param {MoveListOptions} opts */
export function renderMoves(container, view, opts) {
  const moves = view.moves ?? [];
  const assisted = view.assisted ? el("p", { class: "assisted" }, t("panel.assisted")) : null;
  if (!moves.length) {
    shownRows.delete(container);
    container.replaceChildren(...[el("p", { class: "muted" }, t("panel.moves.empty")), assisted].filter((n) => n !== null));
    return;
  }
  // numbered by the game's plies from its start (start_ply): an action that is not a ply of its own
  // (Cheight's promotion swap completes the move before it) goes beside that move, in its column
  const startPly = view.start_ply ?? 0;
  /** @type {Map<number, {first: number, entries: {i: number, joins: boolean}[]}>} */
  const rows = new Map();
  let ply = startPly - 1;
  moves.forEach((move, i) => {
    const joins = move.kind === "swap" && i > 0;
    if (!joins) ply += 1;
    const number = Math.floor(ply / 2) + 1;
    if (!rows.has(number)) rows.set(number, { first: ply, entries: [] });
    rows.get(number)?.entries.push({ i, joins });
  });
  const before = shownRows.get(container) ?? new Map();
  /** @type {Map<string, HTMLElement>} */
  const now = new Map();
  const items = [...rows].map(([number, row]) => {
    const key = rowKey(number, row, moves, opts);
    const element = before.get(key) ?? buildRow(number, row, moves, opts);
    now.set(key, element);
    return element;
  });
  shownRows.set(container, now);
  let list = container.querySelector(":scope > ol.move-list");
  if (!list) list = el("ol", { class: "move-list" });
  const children = list.children;
  if (children.length !== items.length || items.some((item, n) => children[n] !== item)) list.replaceChildren(...items);
  const wanted = [list, assisted].filter((n) => n !== null);
  const same = container.firstElementChild === list && container.children.length === wanted.length
    && (!assisted || container.querySelector(":scope > .assisted")?.textContent === assisted.textContent);
  if (!same) container.replaceChildren(...wanted);
  const current = list.querySelector(".current");
  // in the next frame: reading positions now would force a layout in the middle of a redraw
  if (current) window.requestAnimationFrame(() => scrollWithin(container, current));
}

/** Whether move `i` is the one shown: the replay's ply, or the last move of the live game.
 *  @param {number} i @param {number} count @param {MoveListOptions} opts */
function isCurrent(i, count, opts) {
  return opts.current === i + 1 || (opts.current === null && i === count - 1);
}

/** What a row's elements are made of: equal keys draw equal rows.
 *  @param {number} number @param {{first: number, entries: {i: number, joins: boolean}[]}} row
 *  @param {import("../protocol").Move[]} moves @param {MoveListOptions} opts */
function rowKey(number, row, moves, opts) {
  return JSON.stringify([getLang(), number, row.first % 2, Boolean(opts.onPick), opts.style ?? null, row.entries.map(({ i, joins }) => {
    const analysis = opts.marks?.get(i + 1);
    const mark = analysis && opts.markOf ? opts.markOf(analysis) : "";
    return [i, joins, moves[i], isCurrent(i, moves.length, opts), mark, mark && analysis ? opts.costOf(analysis) : ""];
  })]);
}

/** One numbered row of the list: its moves, each a button in review mode.
 *  @param {number} number @param {{first: number, entries: {i: number, joins: boolean}[]}} row
 *  @param {import("../protocol").Move[]} moves @param {MoveListOptions} opts @returns {HTMLElement} */
function buildRow(number, row, moves, opts) {
  const element = el("li", { class: "move-row" }, el("span", { class: "move-no" }, `${number}.`));
  if (row.first % 2 === 1) element.append(el("span", { class: "move placeholder" }, "…"));
  const style = opts.style ?? { notation: false, letters: false };
  /** @type {HTMLElement | null} */
  let previous = null;
  for (const { i, joins } of row.entries) {
    const move = moves[i];
    const shownPly = i + 1; // plies since the record's start, as replay counts them
    const current = isCurrent(i, moves.length, opts);
    const analysis = opts.marks?.get(shownPly);
    const mark = analysis && opts.markOf ? opts.markOf(analysis) : "";
    const lost = mark && analysis ? t("review.lost", { cost: opts.costOf(analysis), best: analysis.best }) : null;
    const words = moveText(move, style);
    const attrs = {
      class: `move ${move.color ?? "opening"}${current ? " current" : ""}${move.penalised ? " penalised" : ""}`
        + `${mark ? (mark === "??" ? " blunder" : " mistake") : ""}${joins ? " joined" : ""}`,
      "aria-current": current ? "step" : null,
      dataset: { move: move.text }, // the record's notation, whatever the list shows
      title: [words !== move.text && move.text, move.penalised && t("panel.penalisedMove"), lost]
        .filter(Boolean).join("; ") || null,
      "aria-label": mark ? `${words}${mark}, ${lost}` : null,
    };
    const text = [words, move.penalised ? " −" : "", mark ? el("span", { class: "mark-q", "aria-hidden": "true" }, mark) : null];
    const onPick = opts.onPick;
    // a move the review marked opens on the position before it, with the engine's choice as an arrow
    const target = mark ? shownPly - 1 : shownPly;
    const item = onPick
      ? el("button", { ...attrs, type: "button", onclick: () => onPick(target) }, ...text)
      : el("span", attrs, ...text);
    if (joins && previous) { // one cell for the move and the swap that completes it: the columns stay
      let cell = previous.parentElement?.classList.contains("move-cell") ? previous.parentElement : null;
      if (!cell) {
        cell = el("span", { class: "move-cell" });
        previous.replaceWith(cell);
        cell.append(previous);
      }
      cell.append(item);
    } else {
      element.append(item);
    }
    previous = item;
  }
  return element;
}

/** Bring item into view inside box only (scrollIntoView would scroll the page too). */
/** @param {Element} box @param {Element} item */
function scrollWithin(box, item) {
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}
