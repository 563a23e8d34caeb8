// The move list, in piece characters or in record notation, two plies to a numbered row. In review
// mode each move is a button that jumps the board to the position after it.

import { t } from "../i18n.js";
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

/** opts: {current: ply shown (null = live), onPick(ply) or null, marks: Map ply -> review analysis, markOf, costOf}
 *  @param {HTMLElement} container @param {import("../engine-client.js").View} view @param {MoveListOptions} opts */
export function renderMoves(container, view, opts) {
  const moves = view.moves ?? [];
  const assisted = view.assisted ? el("p", { class: "assisted" }, t("panel.assisted")) : null;
  if (!moves.length) {
    container.replaceChildren(...[el("p", { class: "muted" }, t("panel.moves.empty")), assisted].filter((n) => n !== null));
    return;
  }
  // numbered by the game's plies from its start (start_ply): an action that is not a ply of its own
  // (Cheight's promotion swap completes the move before it) goes beside that move, in its column
  const startPly = view.start_ply ?? 0;
  /** @type {Map<number, HTMLElement>} */
  const rows = new Map();
  /** @type {HTMLElement | null} */
  let previous = null;
  let ply = startPly - 1;
  const style = opts.style ?? { notation: false, letters: false };
  moves.forEach((move, i) => {
    const joins = move.kind === "swap" && previous !== null;
    if (!joins) ply += 1;
    const number = Math.floor(ply / 2) + 1;
    if (!rows.has(number)) {
      const row = el("li", { class: "move-row" }, el("span", { class: "move-no" }, `${number}.`));
      if (ply % 2 === 1) row.append(el("span", { class: "move placeholder" }, "…"));
      rows.set(number, row);
    }
    const shownPly = i + 1; // plies since the record's start, as replay counts them
    const isCurrent = opts.current === shownPly || (opts.current === null && i === moves.length - 1);
    const analysis = opts.marks?.get(shownPly);
    const mark = analysis && opts.markOf ? opts.markOf(analysis) : "";
    const lost = mark && analysis ? t("review.lost", { cost: opts.costOf(analysis), best: analysis.best }) : null;
    const words = moveText(move, style);
    const attrs = {
      class: `move ${move.color ?? "opening"}${isCurrent ? " current" : ""}${move.penalised ? " penalised" : ""}`
        + `${mark ? (mark === "??" ? " blunder" : " mistake") : ""}${joins ? " joined" : ""}`,
      "aria-current": isCurrent ? "step" : null,
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
      rows.get(number)?.append(item);
    }
    previous = item;
  });
  const list = el("ol", { class: "move-list" }, [...rows.values()]);
  container.replaceChildren(...[list, assisted].filter((n) => n !== null));
  const current = container.querySelector(".current");
  // in the next frame: reading positions now would force a layout in the middle of a redraw
  if (current) window.requestAnimationFrame(() => scrollWithin(container, current));
}

/** Bring item into view inside box only (scrollIntoView would scroll the page too). */
/** @param {Element} box @param {Element} item */
function scrollWithin(box, item) {
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}
