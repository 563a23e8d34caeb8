// The controller wires the page's parts together: the board reports the
// player's choices to the human's turns (web/human-turns.js), rendering
// (web/render.js) calls back to the page for the panels' buttons and to the
// game's lifecycle (web/lifecycle.js) for a player out of time. Every engine
// request runs through one queue (web/engine-queue.js). The page holds no
// rule: legal actions, boards of earlier plies and reasons all come from the
// bridge (hdchess/bridge.py).

import { createBoard } from "./board.js";
import { confirmMove, mountConfirmMove } from "./confirm-move.js";
import { confirmLosing, explainClick, noteChain, noteSelection, onAction } from "./human-turns.js";
import { lessonAction, mountLessons } from "./lessons.js";
import { flag } from "./lifecycle.js";
import { mountRender } from "./render.js";
import { app } from "./state.js";
import { $ } from "./ui/dom.js";
import { friendAction, friendExplain, friendFlag } from "./friend-game.js";

export { app }; // the state, for the page's other parts and for tests

/**
 * What the page does for the panels' buttons.
 * @typedef {object} PageHooks
 * @property {() => void} onOpenNewGame
 * @property {() => void} onOpenRecord
 * @property {(ply: number) => unknown} onReplay
 * @property {() => void} onCheck
 */

/** Bind the controller to the page and to the actions its panels offer; returns the board.
 *  @param {import("./render.js").Elements} elements @param {PageHooks} hooks */
export function mount(elements, { onOpenNewGame, onOpenRecord, onReplay, onCheck }) {
  // while a lesson runs (web/lessons.js) the board's actions are its tries, and it shows the lesson's position
  const board = createBoard($("#board-root"), {
    // in a game against a friend elsewhere (web/friend-game.js) the action goes through the remote protocol;
    // with Confirm moves on, the action is shown and confirmed first (web/confirm-move.js); an action that
    // loses at once is asked about (web/human-turns.js)
    onAction: (action) => {
      if (lessonAction(action)) return;
      confirmMove(action).then((go) => go && confirmLosing(action))
        .then((go) => { if (go && !friendAction(action)) onAction(action); });
    },
    onNothing: (click) => { if (!friendExplain(click)) explainClick(click); }, onSelect: noteSelection,
    onChain: noteChain,
  });
  mountConfirmMove();
  mountRender(elements, mountLessons(board), { openNewGame: onOpenNewGame, openRecord: onOpenRecord, replay: onReplay,
    check: onCheck, flag: (/** @type {number} */ player) => { if (!friendFlag(player)) flag(player); } });
  return board;
}
