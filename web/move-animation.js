// The board's brief animation of a move: a flipped disc turns over, a moved
// piece slides from its square, a captured single piece fades where it stood;
// a chain of captures slides through each landing in turn.
// Nothing moves for a player who asks for reduced motion.

import { makeDisc } from "./discs.js";

/** @typedef {import("./protocol").LastMove} LastMove */
/** @typedef {import("./protocol").SquareContent} SquareContent */

const STEP_MS = 200; // one square's slide (a chain of captures takes one a capture)

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Animate the change from `before` to the squares now drawn in `cells` (square -> cell).
 *  @param {Map<string, HTMLElement>} cells @param {Record<string, SquareContent>} before @param {LastMove} move
 *  @param {boolean} letters pieces drawn as letters */
export function animateMove(cells, before, move, letters) {
  if (!move || reducedMotion()) return;
  const toCell = cells.get(move.to);
  const disc = toCell?.querySelector(".disc");
  if (!toCell || !(disc instanceof HTMLElement)) return;
  if (move.kind === "flip") {
    disc.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], { duration: 220, easing: "ease-out" });
    return;
  }
  const fromCell = cells.get(move.from);
  if (!fromCell || move.from === move.to) return;
  // a chain of captures goes capture by capture, each victim fading as the piece lands on it
  const stops = [move.from, ...(move.path ?? [move.to])].map((sq) => cells.get(sq));
  if (stops.some((c) => !c)) return;
  // the squares' positions in the next frame, before it paints: read now, in the task that redrew the page,
  // they would force a layout of the whole page there, and the frame lays it out anyway
  window.requestAnimationFrame(() => { if (disc.isConnected) slide(disc, toCell, stops, before, move, letters); });
}

/** Slide `disc` (now in `toCell`) from the first of `stops` through the others; each single piece taken
 *  fades where it stood.
 *  @param {HTMLElement} disc @param {HTMLElement} toCell @param {(HTMLElement | undefined)[]} stops
 *  @param {Record<string, SquareContent>} before @param {LastMove} move @param {boolean} letters */
function slide(disc, toCell, stops, before, move, letters) {
  const b = toCell.getBoundingClientRect();
  const frames = stops.map((c) => {
    const a = /** @type {HTMLElement} */ (c).getBoundingClientRect();
    return { transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)` };
  });
  frames[frames.length - 1] = { transform: "none" };
  stops.slice(1).forEach((landing, i) => {
    const sq = /** @type {HTMLElement} */ (landing).dataset.sq ?? "";
    const victim = before?.[sq];
    if (move.kind !== "capture" || !victim || victim.length !== 1) return;
    const ghost = makeDisc(victim, letters);
    if (!ghost) return;
    ghost.classList.add("ghost");
    /** @type {HTMLElement} */ (landing).append(ghost);
    ghost.animate([{ opacity: 1, transform: "scale(1)" }, { opacity: 0, transform: "scale(0.5)" }],
      { duration: 260, delay: STEP_MS * i, easing: "ease-in" }).onfinish = () => ghost.remove();
  });
  disc.style.zIndex = "3";
  disc.animate(frames, { duration: STEP_MS * (frames.length - 1), easing: frames.length > 2 ? "linear" : "ease-out" })
    .onfinish = () => { disc.style.zIndex = ""; };
}
