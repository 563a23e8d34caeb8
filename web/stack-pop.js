// The whole stack of a square, shown above it on hover, focus or a held touch
// (the board itself shows only a stack's top piece and its height).

import { makeDisc } from "./discs.js";

/** @typedef {{col: number, row: number, files: number, ranks: number}} StackPlace */

/** The pop-up element (hidden) and its handle. */
export function createStackPop() {
  const pop = document.createElement("div");
  pop.className = "stack-pop";
  pop.setAttribute("aria-hidden", "true");
  pop.hidden = true;

  /** Show the stack on `sq` (`content`: its letters, bottom first); anything else hides the pop-up.
   *  @param {string} sq @param {string | null | undefined} content @param {boolean} letters
   *  @param {() => StackPlace} placeOf where the square is on screen */
  function show(sq, content, letters, placeOf) {
    if (!content || content === "x" || content.length < 2) {
      pop.hidden = true;
      return;
    }
    const discs = [...content].reverse().map((letter) => {
      const disc = /** @type {HTMLElement} */ (makeDisc(letter, letters));
      disc.classList.add("small");
      return disc;
    });
    pop.replaceChildren(...discs);
    const { col, row, files, ranks } = placeOf();
    pop.style.left = `${((col + 0.5) / files) * 100}%`;
    pop.style.top = `${(row / ranks) * 100}%`;
    pop.dataset.sq = sq;
    pop.hidden = false;
  }

  /** Hide the pop-up (only if it shows `sq`, when given). @param {string} [sq] */
  function hide(sq) {
    if (!sq || pop.dataset.sq === sq) pop.hidden = true;
  }

  return { element: pop, show, hide };
}
