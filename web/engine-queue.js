// Every request to the engine goes through here: one queue (task), so replies
// always apply to the game they were asked about, and the recovery from a
// crashed worker (the client restarts it; here the game on screen is restored).

import { t } from "./i18n.js";
import { renderAll, showError, showMessage } from "./render.js";
import { app } from "./state.js";
import { setView } from "./view.js";

/** A request was cut short by a crashed worker; the game is restored and the message said. */
export class EngineRestarted extends Error {}

/** One request to Python. A crashed worker is restarted by the client; we then restore the game.
 *  @template {import("./protocol").Command} C
 *  @param {C} cmd @param {object} [args] @returns {Promise<import("./protocol").Results[C]>} the bridge's result */
export async function call(cmd, args = {}) {
  try {
    return await engine().call(cmd, args);
  } catch (err) {
    if (/** @type {{crashed?: boolean}} */ (err)?.crashed) {
      await recoverAfterCrash();
      throw new EngineRestarted(t("status.engineRestart"));
    }
    throw err;
  }
}

/** @returns {import("./engine-client.js").Engine} */
function engine() {
  if (!app.engine) throw new Error("the engine has not started");
  return app.engine;
}

/** Whether the computer is thinking about its move (the status line says so; the board waits).
 *  @param {boolean} thinking */
export function setThinking(thinking) {
  app.thinking = thinking;
}

async function recoverAfterCrash() {
  showMessage(t("status.engineRestart"));
  setThinking(false);
  try {
    // the client restores its last record in the new worker; make sure it is ours
    let view = await engine().call("view");
    if (app.record && view.record !== app.record) {
      view = await engine().call("restore", restoreArgs(app.record));
    }
    setView(view);
  } catch (err) {
    showError(err);
  }
  renderAll();
}

/** The restore command's arguments: the record, and a known deal's seed beside it.
 *  @param {string} record @param {string | null} [seed] */
export function restoreArgs(record, seed = app.seed) {
  return seed === null || seed === undefined ? { record } : { record, seed };
}

/** Run fn after every earlier engine task; the board is locked meanwhile.
 *  @template T @param {() => T | Promise<T>} fn @returns {Promise<T>} */
export function task(fn) {
  app.busy += 1;
  renderAll(); // locks the board at once: one click, one move
  const run = app.chain.then(fn).finally(() => {
    app.busy -= 1;
    renderAll();
  });
  app.chain = run.catch(() => {});
  return run;
}
