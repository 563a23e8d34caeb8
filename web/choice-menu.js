// The choice menu of the board: several actions share one from and to square
// (a promotion, a stack that moves part of itself), so the player picks one
// from a menu beside that square, by pointer or keyboard.

import { t } from "./i18n.js";

/** @typedef {import("./engine-client.js").Action} Action */

/**
 * Where the menu opens: the square's column and row on screen, of how many.
 * @typedef {{col: number, row: number, files: number, ranks: number}} MenuPlace
 */

/** The menu element (hidden) and its handle: `onPick(action)` once one is chosen, `onClose(sq)` when it
 *  closes and the square it was for should have the focus back.
 *  @param {{onPick: (action: Action) => void, onClose: (sq: string) => void}} callbacks */
export function createChoiceMenu({ onPick, onClose }) {
  const menu = document.createElement("div");
  menu.className = "choice-menu";
  menu.setAttribute("role", "menu");
  menu.hidden = true;

  /** @param {string} sq @param {Action[]} actions @param {MenuPlace} place */
  function open(sq, actions, { col, row, files, ranks }) {
    const items = actions.map((action) => {
      const item = document.createElement("button");
      item.type = "button";
      item.className = "choice-item";
      item.setAttribute("role", "menuitem");
      item.tabIndex = -1;
      const label = action.choice ?? action.move;
      item.textContent = action.penalised ? `${label} · ${t("square.penalised")}` : label;
      if (label !== action.move) item.title = action.move;
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
