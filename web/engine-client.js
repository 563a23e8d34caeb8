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
// Once Python is ready the service worker is registered, so the next visit
// works offline; the endgame tables the worker fetched for a game are handed
// to it to cache as well (it caches those only on request: see web/sw.js).

export class EngineError extends Error {
  /** `code` and `params` (when the bridge gives them) let the page word the error in its own language. */
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
const SERVICE_WORKER_URL = new URL("../sw.js", import.meta.url);

// Every live engine, so tests and the measuring script can reach the one the app made.
export const engines = new Set();

export function createEngine({ onProgress = () => {}, onCrash = () => {}, onReady = () => {},
  serviceWorker = true } = {}) {
  let worker = null;
  let nextId = 1;
  let pending = new Map(); // id -> {resolve, reject, cmd}
  let readyPromise = null;
  let version = null;
  let generation = 0;
  let startError = null; // set when this worker could not start: calls fail at once
  let crashStreak = 0; // restarts since the last answered request
  let lastRecord = null; // the game as of the last view seen: what a new worker restores
  let lastSeed = null; // a known deal's seed, passed beside the record (never inside it)

  function remember(result) {
    const record = result?.record ?? result?.view?.record;
    if (typeof record === "string") lastRecord = record;
  }

  function spawn() {
    generation += 1;
    const mine = generation;
    let readyHere = false;
    startError = null;
    let resolveReady, rejectReady;
    readyPromise = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
    readyPromise.catch(() => {}); // a failed start is reported through the calls that wait on it
    worker = new Worker(WORKER_URL, { type: "module" });
    worker.addEventListener("message", (event) => {
      if (mine !== generation) return;
      const message = event.data || {};
      if (message.event === "progress") {
        onProgress({ stage: message.stage, fraction: message.fraction, ms: message.ms });
      } else if (message.event === "ready") {
        version = message.version;
        readyHere = true;
        resolveReady({ version });
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
      } else if (typeof message.id === "number") {
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
    });
    worker.addEventListener("error", (event) => {
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
    });
  }

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

  function call(cmd, args = {}) {
    if (startError) return Promise.reject(startError);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const game = ["new_game", "restore", "load_record"].includes(cmd); // the game changes: so may its seed
      pending.set(id, { resolve, reject, cmd, game, seed: args?.seed ?? null });
      worker.postMessage({ id, cmd, args });
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

let registering = null;

export function registerServiceWorker() {
  if (!registering && "serviceWorker" in navigator && window.isSecureContext) {
    registering = navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error) => {
      console.warn("offline use is not available:", error);
    });
  }
  return registering;
}

// The service worker caches the site when installed, but a game's bigger
// endgame tables only once fetched; the engine worker may fetch them before
// the service worker runs (on a first visit), so it is asked to cache them.
function cacheForOffline(files) {
  const registered = registerServiceWorker();
  if (!registered || !files.length) return;
  registered.then(() => navigator.serviceWorker.ready).then((registration) => {
    registration.active?.postMessage({ cache: files });
  }).catch(() => {}); // offline use is a convenience: the game goes on without it
}
