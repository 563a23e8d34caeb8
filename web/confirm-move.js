// Confirm moves (Settings; issue 46): against a mis-tap on a touch screen, an action the player chose is first
// shown on the board (the piece on its new square, both squares marked; a flip's square marked), then played
// with one tap on "Play" or taken back with "Take it back". On by default where the device's main pointer is
// coarse (a finger), off where it is fine (a mouse): the player changes it in Settings and it is kept. No rule
// here: the preview only moves the content the action's entry names (actionBoard, web/chain-steps.js).

import { t } from "./i18n.js";
import { renderAll } from "./render.js";
import { announce } from "./ui/announce.js";
import { $ } from "./ui/dom.js";
import { actionText, moveStyle } from "./ui/movetext.js";
import { app } from "./state.js";
import { onSetView } from "./view.js";
import { confirmMovesOn } from "./storage.js";

/** @typedef {import("./action").Action} Action */
/** @typedef {import("./storage.js").Settings} Settings */

/** @type {((go: boolean) => void) | null} */
let answer = null; // resolves the question under way

/** Settle the question under way (true: play it). @param {boolean} go */
function settle(go) {
  const resolve = answer;
  answer = null;
  app.pendingMove = null;
  /** @type {HTMLElement} */ ($("#confirm-move")).hidden = true;
  if (resolve) resolve(go);
}

/** Show `action` and ask; resolves true at once when moves are not confirmed. False: taken back (the board
 *  is drawn as it was). @param {Action} action @returns {Promise<boolean>} */
export function confirmMove(action) {
  if (!confirmMovesOn(app.settings)) return Promise.resolve(true);
  if (answer) settle(false);
  app.pendingMove = action;
  const text = t("confirm.move", { move: actionText(action, app.view.squares, moveStyle(app.settings)) });
  /** @type {HTMLElement} */ ($("#confirm-move-text")).textContent = text;
  /** @type {HTMLElement} */ ($("#confirm-move")).hidden = false;
  renderAll();
  /** @type {HTMLElement} */ ($("#btn-confirm-move")).focus({ preventScroll: true });
  announce(text);
  return new Promise((resolve) => {
    answer = resolve;
  }).then((go) => {
    if (!go) renderAll();
    return /** @type {boolean} */ (go);
  });
}

/** Wire the two buttons (once, at start-up). */
export function mountConfirmMove() {
  /** @type {HTMLElement} */ ($("#btn-confirm-move")).addEventListener("click", () => settle(true));
  /** @type {HTMLElement} */ ($("#btn-cancel-move")).addEventListener("click", () => settle(false));
}

// A new position (the opponent moved, a new game, an undo): the question was about the last one.
onSetView(() => {
  if (answer) settle(false);
});
