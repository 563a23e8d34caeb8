// The page's handle on the engine worker: numbered requests, one reply each.
//
//   const engine = createEngine({ onProgress, onCrash });
//   await engine.ready;                       // {version} once Python answers
//   const view = await engine.call("play", { move: "c2" });
//
// call() returns a promise of the bridge's result, or rejects with an
// EngineError whose message names the problem (the game is unchanged). If the
// worker dies, or restart() is called (to stop a long think), every pending
// call rejects with an EngineError whose `crashed` is true and a new worker
// starts. The client remembers the record of the last view it saw and restores
// it first thing in the new worker, so the game goes on even if nothing was
// pending (with a known deal's seed, if the game was started or restored with one); onCrash({reason, restored}) tells the app, where `restored` is a
// promise of the restored view (null if no game was seen yet). Calls made
// meanwhile wait for the new worker, after the restore. A worker that crashes
// again before answering anything gets a fresh game instead, and after
// MAX_CRASH_STREAK such crashes the client stops and calls fail with a message.
// Once Python is ready the service worker is registered (web/offline.js), so the
// next visit works offline; the endgame tables the worker fetched for a game are
// handed to it to cache as well.

// The bridge's replies are typed in web/protocol.d.ts, written from hdchess/bridge/contract.py (the
// contract the tests check every reply against); the messages to and from the worker in
// web/worker-protocol.d.ts; offline use (the service worker) is web/offline.js.

import { cacheForOffline, registerServiceWorker } from "./offline.js";

/** @typedef {import("./protocol").Command} Command */
/** @typedef {import("./protocol").Results} Results */
/** @typedef {import("./worker-protocol").WorkerMessage} WorkerMessage */
/** @typedef {import("./worker-protocol").WorkerRequest} WorkerRequest */
/** @typedef {import("./worker-protocol").Progress} Progress */

// web/state.js still names the protocol's types from here (the store's change moves it to ./protocol).
/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").BoardView} BoardView */
/** @typedef {import("./action").Action} Action */
/** @typedef {import("./protocol").Legal} Legal */
/** @typedef {import("./protocol").Info} Info */
/** @typedef {import("./protocol").VariantInfo} VariantInfo */

/**
 * A message of the engine the page words from its code and params: an EngineError, or a message
 * of a reply (protocol.d.ts's MessageDict).
 * @typedef {{message?: string, text?: string, code?: string | null, params?: Record<string, unknown> | null}} EngineFailure
 */

/**
 * The handle createEngine returns.
 * @typedef {object} Engine
 * @property {Promise<{version: string}>} ready
 * @property {string | null} version
 * @property {boolean} busy
 * @property {<C extends Command>(cmd: C, args?: object) => Promise<Results[C]>} call
 * @property {(reason?: string) => Promise<unknown>} restart
 * @property {() => void} terminate
 */

export class EngineError extends Error {
  /** `code` and `params` (when the bridge gives them) let the page word the error in its own language.
   *  @param {string} message
   *  @param {{crashed?: boolean, code?: string | null, params?: Record<string, unknown> | null}} [details] */
  constructor(message, { crashed = false, code = null, params = null } = {}) {
    super(message);
    this.name = "EngineError";
    this.crashed = crashed;
    this.code = code;
    this.params = params;
  }
}

const WORKER_URL = new URL("./worker.js", import.meta.url);
const MAX_CRASH_STREAK = 3;

// Every live engine, so tests and the measuring script can reach the one the app made.
/** @type {Set<Engine>} */
export const engines = new Set();

/**
 * A request waiting for its reply.
 * @typedef {object} Pending
 * @property {(result: any) => void} resolve
 * @property {(error: EngineError) => void} reject
 * @property {string} cmd
 * @property {boolean} game the request starts or restores a game (so its seed is the game's)
 * @property {string | null} seed
 */

/**
 * What the client tells the app.
 * @typedef {object} EngineCallbacks
 * @property {(progress: Progress) => void} [onProgress]
 * @property {(crash: {reason: string, restored: Promise<any> | null}) => void} [onCrash]
 * @property {(ready: {version: string, restarted: boolean}) => void} [onReady]
 * @property {boolean} [serviceWorker] register the service worker once Python is ready
 */

/** Start the engine worker. @param {EngineCallbacks} [callbacks] @returns {Engine} */
export function createEngine({ onProgress = () => {}, onCrash = () => {}, onReady = () => {},
  serviceWorker = true } = {}) {
  /** @type {Worker | null} */
  let worker = null;
  let nextId = 1;
  /** @type {Map<number, Pending>} */
  let pending = new Map(); // id -> {resolve, reject, cmd}
  /** @type {Promise<{version: string}>} */
  let readyPromise = Promise.resolve({ version: "" }); // replaced by spawn() at once
  /** @type {string | null} */
  let version = null;
  let generation = 0;
  /** @type {EngineError | null} */
  let startError = null; // set when this worker could not start: calls fail at once
  let crashStreak = 0; // restarts since the last answered request
  /** @type {string | null} */
  let lastRecord = null; // the game as of the last view seen: what a new worker restores
  /** @type {string | null} */
  let lastSeed = null; // a known deal's seed, passed beside the record (never inside it)

  /** @param {any} result */
  function remember(result) {
    const record = result?.record ?? result?.view?.record;
    if (typeof record === "string") lastRecord = record;
  }

  function spawn() {
    generation += 1;
    const mine = generation;
    let readyHere = false;
    startError = null;
    /** @type {(ready: {version: string}) => void} */
    let resolveReady = () => {};
    /** @type {(error: EngineError) => void} */
    let rejectReady = () => {};
    readyPromise = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
    readyPromise.catch(() => {}); // a failed start is reported through the calls that wait on it
    // No service worker serves the page yet (a first visit): the worker puts aside what it fetches,
    // for the service worker registered once Python is ready (see web/worker.js).
    const firstVisit = serviceWorker && "serviceWorker" in navigator && !navigator.serviceWorker.controller;
    const url = firstVisit ? `${WORKER_URL.href}#first-visit` : WORKER_URL.href;
    const early = mine === 1 ? adoptEarlyWorker(url) : null;
    const spawned = early ? early.worker : new Worker(url, { type: "module" });
    worker = spawned;
    /** @param {MessageEvent} event */
    const onMessage = (event) => {
      if (mine !== generation) return;
      /** @type {WorkerMessage} */
      const message = event.data || {};
      if (!("event" in message)) {
        answer(message);
      } else if (message.event === "progress") {
        onProgress({ stage: message.stage, fraction: message.fraction, ms: message.ms });
      } else if (message.event === "ready") {
        version = message.version;
        readyHere = true;
        resolveReady({ version: message.version });
        onReady({ version, restarted: mine > 1 });
        if (serviceWorker) registerServiceWorker();
      } else if (message.event === "failed") {
        const error = new EngineError(`Python could not start (${message.stage}): ${message.error}`);
        onProgress({ stage: "failed", fraction: 0, error: error.message });
        rejectReady(error);
      } else if (message.event === "tables") {
        if (serviceWorker) cacheForOffline(message.files || []);
      } else if (message.event === "crashed") {
        restart(`the engine crashed: ${message.error}`, true);
      }
    };
    /** @param {ErrorEvent} event */
    const onError = (event) => {
      if (mine !== generation) return;
      event.preventDefault();
      const reason = event.message || "the engine worker failed";
      if (!readyHere) {
        // The worker did not even start (its script or Pyodide failed to load):
        // a new one would fail the same way, so report it instead of looping.
        const error = new EngineError(`Python could not start: ${reason}`);
        startError = error;
        onProgress({ stage: "failed", fraction: 0, error: error.message });
        rejectReady(error);
        for (const call of pending.values()) call.reject(error);
        pending.clear();
        return;
      }
      restart(reason, true);
    };
    spawned.addEventListener("message", onMessage);
    spawned.addEventListener("error", onError);
    for (const event of early ? early.events : []) { // what it said before this client was there, in order
      if (event.type === "error") onError(/** @type {ErrorEvent} */ (event));
      else onMessage(/** @type {MessageEvent} */ (event));
    }
  }

  /** The reply to a request: settle its promise.
   *  @param {Extract<WorkerMessage, {id: number}>} message */
  function answer(message) {
    if (typeof message.id !== "number") return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.ok) {
      crashStreak = 0;
      if (call.game) lastSeed = call.seed;
      remember(message.result);
      call.resolve(message.result);
    } else {
      call.reject(new EngineError(message.error, { code: message.code, params: message.params }));
    }
  }

  /** A new worker in place of this one: pending calls fail (as crashed), the game is restored.
   *  @param {string} [reason] @param {boolean} [crashed] @returns {Promise<unknown>} */
  function restart(reason = "restarted", crashed = false) {
    if (worker) worker.terminate();
    const failed = pending;
    pending = new Map();
    if (crashed) crashStreak += 1;
    if (crashStreak > MAX_CRASH_STREAK) {
      // Crashing again and again, even on a fresh game: stop rather than loop.
      generation += 1;
      startError = new EngineError(`the engine keeps crashing (${reason})`);
      for (const call of failed.values()) call.reject(new EngineError(startError.message, { crashed: true }));
      onProgress({ stage: "failed", fraction: 0, error: startError.message });
      return Promise.reject(startError);
    }
    spawn();
    // Restore the game, unless restoring it is what keeps crashing: then a fresh game.
    const restore = lastRecord !== null && crashStreak < MAX_CRASH_STREAK;
    const args = lastSeed === null ? { record: lastRecord } : { record: lastRecord, seed: lastSeed };
    const restored = restore ? call("restore", args) : null;
    if (restored) restored.catch(() => {}); // the app sees the failure through onCrash
    for (const call of failed.values()) {
      call.reject(new EngineError(`${call.cmd} was interrupted: ${reason}`, { crashed: true }));
    }
    onCrash({ reason, restored });
    return readyPromise;
  }

  /** One request; a promise of the bridge's result (its type: protocol.d.ts's Results).
   *  @template {Command} C @param {C} cmd @param {{seed?: string | null}} [args] @returns {Promise<Results[C]>} */
  function call(cmd, args = {}) {
    if (startError) return Promise.reject(startError);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const game = ["new_game", "restore", "load_record"].includes(cmd); // the game changes: so may its seed
      pending.set(id, { resolve, reject, cmd, game, seed: args?.seed ?? null });
      /** @type {WorkerRequest} */
      const request = { id, cmd, args };
      worker?.postMessage(request);
    });
  }

  function terminate() {
    generation += 1;
    if (worker) worker.terminate();
    for (const call of pending.values()) call.reject(new EngineError(`${call.cmd}: the engine was stopped`));
    pending.clear();
    engines.delete(engine);
  }

  spawn();
  /** @type {Engine} */
  const engine = {
    get ready() { return readyPromise; },
    get version() { return version; },
    get busy() { return pending.size > 0; },
    call,
    restart: (reason) => restart(reason),
    terminate,
  };
  engines.add(engine);
  return engine;
}

/**
 * The engine worker index.html starts before the page's modules have loaded (Python's start is the
 * longest wait a player has), with the events it sent meanwhile (the page had no listener yet).
 * @typedef {{url: string, worker: Worker, events: Event[] | null}} EarlyWorker
 */

/** The worker index.html started, if it runs the script at `url` (the first client takes it; one
 *  started for another URL is ended): null if there is none.
 *  @param {string} url @returns {{worker: Worker, events: Event[]} | null} */
function adoptEarlyWorker(url) {
  const holder = /** @type {{hdchessEarlyWorker?: EarlyWorker}} */ (/** @type {unknown} */ (window));
  const early = holder.hdchessEarlyWorker;
  if (!early || !early.events) return null;
  const events = early.events;
  early.events = null; // taken: index.html's listener keeps nothing more
  delete holder.hdchessEarlyWorker;
  if (early.url !== url) {
    early.worker.terminate();
    return null;
  }
  return { worker: early.worker, events };
}
