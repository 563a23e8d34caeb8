// The computer's turns: it moves whenever it is to move, one request at a time;
// a level that thinks by time (the Grandmaster) shows its progress, and the
// player may tell it to move now.

import { t } from "./i18n.js";
import { call, EngineRestarted, setThinking, task } from "./engine-queue.js";
import { afterMove } from "./game-events.js";
import { renderAll, renderStatus, showError } from "./render.js";
import { announce } from "./ui/announce.js";
import { searchPool } from "./search-pool.js";
import { app } from "./state.js";
import { onSetView } from "./view.js";

// An AI reply is shown no sooner than this after the player's move, so that move's animation
// lands first; with reduced motion nothing animates, so nothing needs waiting for.
const AI_PACE_MS = 300;
const THINK_SLICE_MS = 200; // a level that thinks by time searches in slices: the page stays in charge

// A new position: the computer may try it, even if it refused the last one; a move starts its crash count anew.
onSetView((_view, { moved }) => {
  app.aiFailed = false;
  if (moved) app.aiCrashes = 0;
});

/** A level that thinks by time (the top level) thinks in slices, showing its progress, until its time is
 *  up or the player asks it to move now; then ai_move plays the best move it found. Others: nothing.
 *  @param {string} level */
async function thinkByTime(level) {
  if (!app.info?.timed_levels?.[level]) return;
  app.moveNow = false;
  app.thinkProgress = 0;
  renderStatus();
  const helpers = await startHelpers(level);
  const started = performance.now();
  /** @type {{nodes: number, depth: number, progress?: number, done?: boolean}} */
  let result = { nodes: 0, depth: 0 };
  try {
    for (;;) {
      result = await call("think", { level, ms: THINK_SLICE_MS });
      app.thinkProgress = result.progress ?? 0;
      renderStatus();
      if (result.done || app.moveNow) return;
    }
  } finally {
    app.thinkProgress = null;
    const helped = helpers ? await helpers.stop() : [];
    app.lastThink = { nodes: result.nodes, depth: result.depth, ms: performance.now() - started, helpers: helped };
  }
}

/** Where the device has them (web/search-pool.js), the helpers search this move with the engine worker,
 *  sharing its table; the pool, or null when the engine worker searches alone. A refusal (the table not
 *  taken, no job: a book move, a forced one) leaves it alone; a crashed engine is the caller's to handle.
 *  @param {string} level */
async function startHelpers(level) {
  const pool = searchPool(app.settings.helpers !== false);
  if (!pool) return null;
  try {
    await call("share_table", { buffer: pool.buffer });
    const { job } = await call("pool_job", { level, ms: THINK_SLICE_MS });
    if (job && (await pool.start(JSON.stringify(job))) > 0) return pool;
  } catch (err) {
    if (err instanceof EngineRestarted) throw err;
    console.warn(`the Grandmaster thinks alone this move: ${err instanceof Error ? err.message : err}`);
  }
  return null;
}

/** The player asks the thinking computer to play the best move it has found. */
export function moveNow() {
  app.moveNow = true;
  announce(t("think.movingNow"));
}

/** If the computer is to move, queue its move (once); it schedules itself again after. */
export function scheduleAi() {
  if (app.info?.timed_levels?.[app.setup.level] && Object.values(app.setup.players).includes("ai")) {
    searchPool(app.settings.helpers !== false); // the helpers start their Python while the player moves
  }
  if (app.aiScheduled || !app.ready || app.fatal || app.aiFailed) return;
  const view = app.view;
  if (view.outcome || app.setup.players[view.turn_player] !== "ai") return;
  app.aiScheduled = true;
  task(async () => {
    app.aiScheduled = false;
    const now = app.view;
    if (now.outcome || app.setup.players[now.turn_player] !== "ai") return;
    setThinking(true);
    renderAll();
    const started = performance.now();
    try {
      await thinkByTime(app.setup.level);
      const result = await call("ai_move", { level: app.setup.level });
      const pace = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? 0 : AI_PACE_MS;
      const wait = pace - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => { window.setTimeout(resolve, wait); });
      setThinking(false);
      await afterMove(result.view, "ai");
    } catch (err) {
      // a refusal, or a second crash on the same position: do not ask again, the error stays on screen
      app.aiCrashes = err instanceof EngineRestarted ? app.aiCrashes + 1 : 0;
      if (!(err instanceof EngineRestarted) || app.aiCrashes >= 2) {
        app.aiFailed = true;
        showError(err);
      }
    } finally {
      setThinking(false);
    }
  }).then(scheduleAi, scheduleAi);
}
