// The whole stack of a square, shown on hover, keyboard focus or a held touch (the board itself shows only
// a stack's top piece and its height). It opens inside the board area, above the square when there is room
// and else below or beside it, so it never covers the page's toolbar nor leaves the screen. It closes on
// any click, on Escape, on a scroll or a resize; the board closes it when a move is made.

import { makeDisc } from "./discs.js";
import { t } from "./i18n.js";

const GAP = 4; // px between the square and the pop-up
const MARGIN = 2; // px kept free inside the board area's edges

/** @typedef {{left: number, top: number, right: number, bottom: number}} Box */

/** The part of the board area on screen, in the area's own coordinates. @param {HTMLElement} area @returns {Box} */
function visibleArea(area) {
  const at = area.getBoundingClientRect();
  return {
    left: Math.max(0, -at.left) + MARGIN,
    top: Math.max(0, -at.top) + MARGIN,
    right: Math.min(at.width, window.innerWidth - at.left) - MARGIN,
    bottom: Math.min(at.height, window.innerHeight - at.top) - MARGIN,
  };
}

/** @param {number} value @param {number} low @param {number} high */
const clamp = (value, low, high) => Math.max(low, Math.min(value, high));

/** The pop-up element (hidden) and its handle. */
export function createStackPop() {
  const pop = document.createElement("div");
  pop.className = "stack-pop";
  pop.setAttribute("aria-hidden", "true"); // the square's own label names the whole stack
  pop.hidden = true;

  /** Show the stack on `sq` (`content`: its letters, bottom first) beside its `cell`; anything else hides it.
   *  @param {string} sq @param {string | null | undefined} content @param {boolean} letters @param {HTMLElement} cell */
  function show(sq, content, letters, cell) {
    if (!content || content === "x" || content.length < 2) {
      hide();
      return;
    }
    const discs = [...content].reverse().map((letter) => {
      const disc = /** @type {HTMLElement} */ (makeDisc(letter, letters));
      disc.classList.add("small");
      return disc;
    });
    const count = document.createElement("span");
    count.className = "stack-count";
    const order = document.createElement("span"); // on a line of its own
    order.textContent = t("stack.order");
    count.append(t("stack.count", { n: content.length }), order);
    pop.replaceChildren(count, ...discs);
    pop.dataset.sq = sq;
    pop.hidden = false;
    place(cell);
  }

  /** Put the shown pop-up above the cell, else below, else beside it, within the board area on screen.
   *  @param {HTMLElement} cell */
  function place(cell) {
    const area = /** @type {HTMLElement | null} */ (pop.parentElement);
    if (!area) return;
    const room = visibleArea(area);
    pop.classList.remove("wide");
    pop.style.left = pop.style.top = "0px"; // measured where nothing squeezes it
    pop.style.maxWidth = `${Math.max(0, room.right - room.left)}px`;
    if (pop.offsetHeight > room.bottom - room.top) pop.classList.add("wide"); // too tall: in rows
    const areaAt = area.getBoundingClientRect();
    const at = cell.getBoundingClientRect();
    const cellBox = {
      left: at.left - areaAt.left, top: at.top - areaAt.top, right: at.right - areaAt.left, bottom: at.bottom - areaAt.top,
    };
    const width = pop.offsetWidth;
    const height = pop.offsetHeight;
    let left = clamp((cellBox.left + cellBox.right - width) / 2, room.left, room.right - width);
    let top;
    if (cellBox.top - GAP - height >= room.top) top = cellBox.top - GAP - height;
    else if (cellBox.bottom + GAP + height <= room.bottom) top = cellBox.bottom + GAP;
    else { // neither above nor below: beside the square, as high as fits
      top = clamp(cellBox.top, room.top, room.bottom - height);
      left = cellBox.right + GAP + width <= room.right ? cellBox.right + GAP
        : clamp(cellBox.left - GAP - width, room.left, room.right - width);
    }
    pop.style.left = `${Math.round(left)}px`;
    pop.style.top = `${Math.round(top)}px`;
  }

  /** Hide the pop-up (only if it shows `sq`, when given). @param {string} [sq] */
  function hide(sq) {
    if (!sq || pop.dataset.sq === sq) {
      pop.hidden = true;
      delete pop.dataset.sq;
    }
  }

  // any click anywhere, Escape, a scroll or a resize closes it (the board may open it again after a click)
  document.addEventListener("pointerdown", () => hide(), true);
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); }, true);
  window.addEventListener("scroll", () => hide(), { capture: true, passive: true });
  window.addEventListener("resize", () => hide());

  return { element: pop, show, hide };
}
