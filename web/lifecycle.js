// A game's life: a new game, a loaded record, a restored saved game, undo,
// resignation and a time forfeit. Each is one engine task; the computer's turn
// is scheduled after.

import { t } from "./i18n.js";
import { scheduleAi } from "./ai-turns.js";
import { call, EngineRestarted, restoreArgs, task } from "./engine-queue.js";
import { gameOver, keepRecord, saveGame } from "./game-events.js";
import { forgetReview, stopReplay } from "./replay.js";
import { hideGameOver, renderAll, showError, statusText } from "./render.js";
import { announce } from "./ui/announce.js";
import { createClock, restoreClock, switchClock } from "./clock.js";
import { app, humanPlayer, resigner, setupFor, setupFromView } from "./state.js";
import { onSetView, setView } from "./view.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./state.js").Choice} Choice */
/** @typedef {import("./state.js").Setup} Setup */
/** @typedef {import("./clock.js").Clock} Clock */
/** @typedef {import("./storage.js").SavedGame} SavedGame */

// A move played here makes the game this page's own, whatever record it came from.
onSetView((_view, { moved }) => {
  if (moved) app.fromRecord = false;
});

/** Who plays what, before Python answers (the page's first board) or as a friend game's sides say.
 *  @param {Setup} setup */
export function changeSetup(setup) {
  app.setup = setup;
}

/** Whether this page saves its game and restores it on the next visit (not a finished shared game's).
 *  @param {boolean} persist */
export function setPersist(persist) {
  app.persist = persist;
}

/** A friend game is on the board: its sides and clocks are the protocol's, and this page keeps nothing of it
 *  (web/remote/store.js keeps the session). @param {Setup} setup @param {Clock | null} clock */
export function showFriendGame(setup, clock) {
  app.setup = setup;
  app.clock = clock;
  app.persist = false;
  app.fromRecord = false;
}

/** A time forfeit is being sent while `send` runs (the clock's tick does not send another meanwhile).
 *  @template T @param {() => Promise<T>} send @returns {Promise<T>} */
export function whileFlagging(send) {
  app.flagging = true;
  return send().finally(() => { app.flagging = false; });
}

/** The new_game command's arguments for a new-game choice.
 *  @param {Choice} choice @param {string | null} [seed] */
function newGameArgs(choice, seed = null) {
  const setup = setupFor(choice);
  /** @type {Record<string, unknown>} */
  const args = {
    variant: choice.variant, options: choice.options ?? {}, players: setup.players, level: setup.level,
    names: setup.names,
  };
  if (seed !== null && seed !== undefined) args.seed = seed;
  if (choice.serious === true) args.serious = true;
  return args;
}

/** Start a new game (the dialog, the parent page, or start-up). Throws with the engine's reason.
 *  @param {Choice} choice @param {string | null} [seed] @returns {Promise<void>} */
export function startGame(choice, seed = null) {
  stopReplay();
  return task(async () => {
    const view = await call("new_game", newGameArgs(choice, seed));
    app.setup = setupFor(choice);
    app.fromRecord = false;
    app.seed = seed ?? null;
    app.clock = createClock(choice.clock);
    forgetReview();
    setView(view);
    app.persist = !app.embed;
    renderAll();
    await saveGame();
  }).then((value) => {
    scheduleAi();
    return value;
  });
}

/** Load a record (import, share link, parent page). The current game is kept if it is refused.
 *  @param {unknown} record @param {{persist?: boolean}} [options] @returns {Promise<View>} */
export function loadRecord(record, { persist = !app.embed } = {}) {
  if (typeof record !== "string" || !record.trim()) {
    return Promise.reject(new Error(t("error.emptyRecord")));
  }
  stopReplay();
  return task(async () => {
    /** @type {View} */
    const view = await call("load_record", { record });
    app.setup = setupFromView(view, app.setup); // the record's tags say who plays each side
    app.seed = null;
    app.clock = null;
    forgetReview();
    setView(view);
    app.fromRecord = true;
    app.persist = persist;
    renderAll();
    await saveGame();
    if (view.outcome) gameOver();
    return view;
  }).then((view) => {
    scheduleAi();
    return view;
  });
}

/** Bring back a saved game: its record and, for a known deal, the seed kept beside it.
 *  @param {SavedGame} saved @returns {Promise<View>} */
export async function restoreSaved(saved) {
  /** @type {View} */
  const view = await task(() => call("restore", restoreArgs(saved.record, saved.seed ?? null)));
  app.setup = setupFromView(view, setupFor({ ...saved, first: saved.players[1] === "ai" ? "ai" : "human" }));
  app.seed = saved.seed ?? null;
  app.clock = restoreClock(saved.clock);
  setView(view);
  keepRecord(saved.record);
  if (view.outcome) gameOver();
  return view;
}

/** Take back the last move (against the computer: back to the human's last turn). */
export function undo() {
  const me = humanPlayer();
  const toPlayer = me ?? 3 - app.view.turn_player;
  task(async () => {
    try {
      const view = await call("undo", { to_player: toPlayer });
      setView(view);
      hideGameOver(!view.outcome);
      renderAll();
      announce(t("announce.undo", { status: statusText() }));
      await saveGame();
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  }).then(scheduleAi, scheduleAi);
}

/** The player who would resign now resigns (the page has asked them first). */
export function resign() {
  const player = resigner();
  if (!player) return Promise.resolve();
  stopReplay();
  return endGameBy("resign", player);
}

/** A player's time ran out: the engine ends the game (time forfeit).
 *  @param {number} player */
export function flag(player) {
  if (app.clock) switchClock(app.clock, null, performance.now());
  whileFlagging(() => endGameBy("timeout", player));
}

/** A command that ends the game for ``player`` (a time forfeit, a resignation): show and save the end.
 *  @param {"resign" | "timeout"} command @param {number} player */
function endGameBy(command, player) {
  return task(async () => {
    try {
      const view = await call(command, { player });
      setView(view);
      renderAll();
      await saveGame();
      if (view.outcome) gameOver();
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  });
}
