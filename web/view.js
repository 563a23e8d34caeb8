// Applying a view of the live game: what changes with it besides the board
// (the pieces of its variant, whose clock runs, what no longer applies).

import { setPieces } from "./pieces.js";
import { hideGameOver } from "./render.js";
import { switchClock } from "./ui/clock.js";
import { app, stopReplay, variantInfo } from "./state.js";

/** @typedef {import("./protocol").View} View */

/** Show a view (the live game); pieces and board shape follow its variant; the clocks follow the turn
 *  (`moved`: the player whose clock ran has just moved, and earns the increment).
 *  @param {View} view @param {{moved?: boolean}} [options] */
export function setView(view, { moved = false } = {}) {
  app.view = view;
  if (app.clock) switchClock(app.clock, !view.outcome && view.side ? view.turn_player : null, performance.now(), moved);
  setPieces(variantInfo(view.variant)?.pieces);
  app.hint = null;
  app.note = null;
  app.replayPly = null;
  app.replayView = null;
  app.positions = new Map();
  app.aiFailed = false;
  if (!view.outcome) {
    app.evaluations = null;
    hideGameOver();
    stopReplay();
  }
}
