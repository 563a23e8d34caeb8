// Applying a view of the live game: what changes with it besides the board
// (the pieces of its variant, whose clock runs, what no longer applies).

import { setPieces } from "./pieces.js";
import { hideGameOver } from "./render.js";
import { switchClock } from "./clock.js";
import { app, variantInfo } from "./state.js";

/** @typedef {import("./protocol").View} View */

/** @type {((view: View, change: {moved: boolean}) => void)[]} */
const setViewHooks = [];

/** Be told of every view of the live game set here, before it is drawn: the owner of what belongs to one
 *  position (a hint, a note, the replay; web/state-owners.js) forgets it then. `moved`: a move led to it.
 *  @param {(view: View, change: {moved: boolean}) => void} fn */
export function onSetView(fn) {
  setViewHooks.push(fn);
}

/** The board before Python answers (start-up): the view alone, no game on it yet to forget.
 *  @param {View} view */
export function setFirstView(view) {
  app.view = view;
}

/** Show a view (the live game); pieces and board shape follow its variant; the clocks follow the turn
 *  (`moved`: the player whose clock ran has just moved, and earns the increment).
 *  @param {View} view @param {{moved?: boolean}} [options] */
export function setView(view, { moved = false } = {}) {
  app.view = view;
  if (app.clock) switchClock(app.clock, !view.outcome && view.side ? view.turn_player : null, performance.now(), moved);
  setPieces(variantInfo(view.variant)?.pieces);
  for (const fn of setViewHooks) fn(view, { moved });
  if (!view.outcome) hideGameOver();
}
