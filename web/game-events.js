// What follows a move or the end of the game: show it, say it, save it, and
// tell the parent page (the embed protocol listens to the app's events).

import { t } from "./i18n.js";
import { call, task } from "./engine-queue.js";
import { renderAll, revealGameOver, showGameOverPanel } from "./render.js";
import { announce, describeMove } from "./ui/announce.js";
import { resultHeadline } from "./ui/gameover.js";
import { savedClock } from "./clock.js";
import { playSound } from "./ui/sound.js";
import * as store from "./storage.js";
import { app, emit, humanColor } from "./state.js";
import { onSetView, setView } from "./view.js";

/** @typedef {import("./protocol").View} View */

// A game going on again (a new one, an undo) has no end to evaluate yet.
onSetView((view) => {
  if (!view.outcome) app.evaluations = null;
});

/** Keep `record` as the game's (the export the record dialog shows, a saved game's, a friend game's end).
 *  @param {string} record */
export function keepRecord(record) {
  app.record = record;
}

/** A move was played (by anyone): show it, say it, save it, tell the parent page.
 *  @param {View} view @param {"human" | "ai"} by */
export async function afterMove(view, by) {
  /** @type {Partial<Record<"red" | "black", number>>} */
  const before = app.view?.penalties ?? {};
  for (const color of /** @type {const} */ (["red", "black"])) {
    if ((view.penalties?.[color] ?? 0) > (before[color] ?? 0)) app.flashes[color] = performance.now();
  }
  setView(view, { moved: true }); // its owners forget the AI's crashes and that the game came from a record
  renderAll(view.last_move);
  const entry = view.moves.at(-1);
  if (entry) {
    playSound(entry.kind === "flip" ? "flip" : entry.kind === "capture" ? "capture" : "move");
    announce(describeMove(entry, view.squares[entry.to]));
    emit("move", { move: entry.text, ply: view.ply, color: entry.color ?? null, by, position: view.position,
      side: view.side });
  }
  await saveGame();
  if (view.outcome) gameOver();
}

/** Keep the game's record, and save it (with its setup, seed and clocks) unless this page does not persist. */
export async function saveGame() {
  if (typeof app.view.record === "string") {
    app.record = app.view.record;
  } else {
    try {
      app.record = (await call("export")).record;
    } catch {
      return;
    }
  }
  if (!app.persist) return;
  const record = /** @type {string} */ (app.record);
  store.saveGame({ record, mode: app.setup.mode, players: app.setup.players, level: app.setup.level,
    seed: app.seed, clock: savedClock(app.clock, performance.now()) });
  store.saveCachedView(record, app.view);
}

/** The game is over: say it, show the panel, tell the parent page, fetch the evaluations for the graph. */
export function gameOver() {
  const view = app.view;
  const outcome = view.outcome;
  if (!outcome) return;
  const headline = resultHeadline(outcome, { humanColor: humanColor() });
  announce(t("announce.over", { result: headline }));
  playSound("end");
  showGameOverPanel();
  revealGameOver();
  emit("gameover", {
    result: outcome.result ?? null, winner: outcome.winner ?? null, scores: outcome.scores,
    termination: outcome.termination, record: app.record,
  });
  task(async () => {
    try {
      const { plies } = await call("evaluations");
      app.evaluations = plies;
    } catch {
      app.evaluations = [];
    }
  });
}
