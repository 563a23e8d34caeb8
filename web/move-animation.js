// The board's brief animation of a move: a flipped disc turns over, a moved
// piece slides from its square, a captured single piece fades where it stood.
// Nothing moves for a player who asks for reduced motion.

import { makeDisc } from "./discs.js";

/** @typedef {import("./protocol").LastMove} LastMove */
/** @typedef {import("./protocol").SquareContent} SquareContent */

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
  const a = fromCell.getBoundingClientRect();
  const b = toCell.getBoundingClientRect();
  const dx = a.left - b.left;
  const dy = a.top - b.top;
  const victim = before?.[move.to];
  if (move.kind === "capture" && victim && victim.length === 1) {
    const ghost = makeDisc(victim, letters);
    if (ghost) {
      ghost.classList.add("ghost");
      toCell.append(ghost);
      ghost.animate([{ opacity: 1, transform: "scale(1)" }, { opacity: 0, transform: "scale(0.5)" }],
        { duration: 260, easing: "ease-in" }).onfinish = () => ghost.remove();
    }
  }
  disc.style.zIndex = "3";
  disc.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: 200, easing: "ease-out" }).onfinish = () => { disc.style.zIndex = ""; };
}
