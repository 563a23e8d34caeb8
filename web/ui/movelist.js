// The move list in record notation, two plies to a numbered row. In review
// mode each move is a button that jumps the board to the position after it.

import { t } from "../i18n.js";
import { el } from "./dom.js";

/** @typedef {import("../state.js").Analysis} Analysis */

/**
 * @typedef {object} MoveListOptions
 * @property {number | null} current the ply shown (null: the live game)
 * @property {((ply: number) => void) | null} onPick
 * @property {Map<number, Analysis> | null} marks the review's analysis by ply
 * @property {(analysis: Analysis) => string} markOf
 */

/** opts: {current: ply shown (null = live), onPick(ply) or null, marks: Map ply -> review analysis, markOf}
 *  @param {HTMLElement} container @param {import("../engine-client.js").View} view @param {MoveListOptions} opts */
export function renderMoves(container, view, opts) {
  const moves = view.moves ?? [];
  const assisted = view.assisted ? el("p", { class: "assisted" }, t("panel.assisted")) : null;
  if (!moves.length) {
    container.replaceChildren(...[el("p", { class: "muted" }, t("panel.moves.empty")), assisted].filter((n) => n !== null));
    return;
  }
  const startPly = (view.ply ?? moves.length) - moves.length;
  /** @type {Map<number, HTMLElement>} */
  const rows = new Map();
  moves.forEach((move, i) => {
    const ply = startPly + i;
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
    const lost = mark && analysis ? t("review.lost", { drop: analysis.drop.toFixed(1), best: analysis.best }) : null;
    const attrs = {
      class: `move ${move.color ?? "opening"}${isCurrent ? " current" : ""}${move.penalised ? " penalised" : ""}`
        + `${mark ? (mark === "??" ? " blunder" : " mistake") : ""}`,
      "aria-current": isCurrent ? "step" : null,
      title: [move.penalised && t("panel.penalisedMove"), lost].filter(Boolean).join("; ") || null,
      "aria-label": mark ? `${move.text}${mark}, ${lost}` : null,
    };
    const text = [move.text, move.penalised ? " −" : "", mark ? el("span", { class: "mark-q", "aria-hidden": "true" }, mark) : null];
    const onPick = opts.onPick;
    const item = onPick
      ? el("button", { ...attrs, type: "button", onclick: () => onPick(shownPly) }, ...text)
      : el("span", attrs, ...text);
    rows.get(number)?.append(item);
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
