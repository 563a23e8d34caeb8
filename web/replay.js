// Replay and review of a finished game: the board after any number of actions
// (from the bridge's position_at), stepping and playing through, and the
// blunder check (the bridge's analyse, one ply per request).

import { call, EngineRestarted, task } from "./engine-queue.js";
import { renderAll, renderButtons, showError, showGameOverPanel } from "./render.js";
import { t } from "./i18n.js";
import { app, markOf, replayPosition, shownReplayPly } from "./state.js";
import { announce, describeMove } from "./ui/announce.js";
import { $ } from "./ui/dom.js";
import { onSetView } from "./view.js";

const REPLAY_STEP_MS = 900;
export const REVIEW_NODES = 1500; // per ply of the blunder check: about 0.1 s in the browser

/** @type {(() => void)[]} */
const navigateHooks = []; // told of every step through the replay but a lesson's own

/** Be told when the player steps through the replay (a lesson ends then: web/lessons.js).
 *  @param {() => void} fn */
export function onReplayNavigate(fn) {
  navigateHooks.push(fn);
}

/** @typedef {import("./protocol").BoardView} BoardView */

// A new view of the live game: back to it from any replay; its positions are the new game's to fetch.
onSetView((view) => {
  app.replayPly = null;
  app.replayView = null;
  app.positions = new Map();
  if (!view.outcome) stopReplay();
});

/** Stop a replay that plays itself through (the board stays where it is). */
export function stopReplay() {
  if (app.replayTimer) window.clearInterval(app.replayTimer);
  app.replayTimer = null;
}

/** Forget the blunder check (a new game, a loaded record). */
export function forgetReview() {
  app.review = null;
}

/** Show the board after `ply` actions of the finished game; positions come from the bridge.
 *  `lesson`: a lesson shows its position (any other step ends the lesson).
 *  @param {number} ply @param {{lesson?: boolean}} [opts] @returns {Promise<void>} */
export function enterReplay(ply, { lesson = false } = {}) {
  if (!lesson) for (const fn of navigateHooks) fn();
  const total = app.view.moves.length;
  const next = Math.max(0, Math.min(total, ply));
  const before = app.replayPly === null ? total : shownReplayPly() ?? total;
  app.replayPly = next;
  /** @param {BoardView} position */
  const show = (position) => {
    if (app.replayPly !== next) return; // the player has moved on meanwhile
    app.replayView = position;
    app.replayShownPly = next;
    const forward = next === before + 1 ? position.last_move : null;
    renderAll(forward);
    if (next > 0 && next !== before) {
      const entry = app.view.moves[next - 1];
      announce(`${replayPosition()}. ${describeMove(entry, position.squares[entry.to])}`);
    } else if (next === 0) {
      announce(replayPosition());
    }
  };
  const known = app.positions.get(next);
  if (known) {
    show(known);
    return Promise.resolve();
  }
  renderButtons();
  return task(async () => {
    try {
      const position = app.positions.get(next) ?? await call("position_at", { ply: next });
      app.positions.set(next, position);
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  }).then(() => {
    const position = app.positions.get(next);
    if (position) show(position);
  });
}

export function toggleAutoplay() {
  if (app.replayTimer) {
    stopReplay();
    renderButtons();
    return;
  }
  if ((app.replayPly ?? app.view.moves.length) >= app.view.moves.length) enterReplay(0);
  app.replayTimer = window.setInterval(() => {
    if ((app.replayPly ?? 0) >= app.view.moves.length) {
      stopReplay();
      renderButtons();
      return;
    }
    enterReplay((app.replayPly ?? 0) + 1);
  }, REPLAY_STEP_MS);
  renderButtons();
}

/** The blunder check: every action of the finished game analysed in the worker, one ply per request
 *  (so the page stays responsive and shows progress); marks moves that lost MISTAKE points or more. */
export function checkGame() {
  if (!app.view.outcome || app.review?.running) return;
  const total = app.view.moves.length;
  const review = { running: true, done: 0, total, marks: new Map(), record: app.view.record };
  app.review = review;
  showGameOverPanel();
  /** @param {number} ply */
  const step = (ply) => {
    if (app.review !== review || app.view.record !== review.record) return; // another game meanwhile
    if (ply > total) {
      review.running = false;
      showGameOverPanel();
      renderAll();
      const lost = [...review.marks.values()].filter((a) => markOf(a)).length;
      announce(t("review.done", { n: lost }));
      return;
    }
    task(async () => {
      try {
        review.marks.set(ply, await call("analyse", { ply, nodes: REVIEW_NODES }));
      } catch (err) {
        if (!(err instanceof EngineRestarted)) showError(err);
        review.running = false;
        return;
      }
      review.done = ply;
      updateReviewProgress();
    }).then(() => { if (review.running) step(ply + 1); });
  };
  step(1);
}

function updateReviewProgress() {
  const gameover = $("#gameover");
  const bar = /** @type {HTMLProgressElement | null} */ (gameover.querySelector(".review-progress"));
  const review = app.review;
  if (!bar || !review) return;
  bar.value = review.done;
  bar.max = review.total;
  const label = gameover.querySelector(".review-status");
  if (label) label.textContent = t("review.progress", { done: review.done, total: review.total });
  renderAll(); // the move list's marks
}

/** Show the board after `ply` actions because the player chose it (the move list, Review, a step):
 *  a replay playing on would take the position away from under the player's eyes, so it stops.
 *  @param {number} ply @returns {Promise<void>} */
export function pickReplay(ply) {
  stopReplay();
  return enterReplay(ply);
}

/** Step the replay by `delta` plies (the replay bar and the arrow keys). */
/** @param {number} delta */
export function stepReplay(delta) {
  pickReplay((app.replayPly ?? app.view.moves.length) + delta);
}
