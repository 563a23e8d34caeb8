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

// ---------------------------------------------------------------- the protocol's types
// The bridge's replies are plain JSON (hdchess/bridge.py writes them); these
// name the parts the page reads.

/** @typedef {"red" | "black"} Color */

/**
 * A square's content: null (empty), "x" (face down), or piece letters bottom to top (a stack).
 * @typedef {string | null} SquareContent
 */

/**
 * A legal action as the board offers it (the bridge's action info; a flip is {move, from, to, kind}).
 * @typedef {object} Action
 * @property {string} move the action as the record writes it
 * @property {string} from
 * @property {string} to
 * @property {string} [kind] "flip", "move", "capture", ...
 * @property {boolean} [capture]
 * @property {boolean} [penalised] it would cost a repetition penalty
 * @property {boolean} [loses] it loses the game at once for its player (the bridge says so: Cheight's cover
 *   of one's own General); the page asks first
 * @property {string} [choice] what tells it apart from the others with the same squares (the choice menu)
 * @property {string[]} [path] a chain of captures' landing squares in turn (banqi's house rule): the board
 *   offers it capture by capture (web/chain-steps.js)
 */

/** @typedef {{flips: string[], moves: Record<string, Action[]>}} Legal */

/** @typedef {{files: number, ranks: number, names?: string[]}} BoardShape */

/** @typedef {{from: string, to: string, kind?: string, path?: string[]}} LastMove */

/**
 * One entry of a view's move list.
 * @typedef {object} Move
 * @property {number} ply
 * @property {string} text
 * @property {Color | null} color
 * @property {number} player
 * @property {string} kind
 * @property {string} from
 * @property {string} to
 * @property {string | null} [revealed]
 * @property {string | null} [captured]
 * @property {string[]} [path] a chain of captures' landing squares in turn
 * @property {(string | null)[]} [victims] the pieces a chain took on them
 * @property {boolean} [penalised]
 */

/**
 * How a game ended.
 * @typedef {object} Outcome
 * @property {string} termination
 * @property {Color | null} winner
 * @property {Record<Color, number>} scores
 * @property {Record<Color, number>} [penalties]
 * @property {boolean} [by_score]
 * @property {string} [result] "1-0", "0-1", "1/2-1/2"
 * @property {string} [text]
 */

/**
 * A message of the engine (an error, a note) the page words from its code and params.
 * @typedef {{message?: string, text?: string, code?: string | null, params?: Record<string, unknown> | null}} EngineFailure
 */

/**
 * What the board and its panels show of a position (position_at gives the board part alone).
 * @typedef {object} BoardView
 * @property {BoardShape} board
 * @property {Record<string, SquareContent>} squares
 * @property {number} ply
 * @property {Color | null} side null while no colour is decided
 * @property {number} turn_player 1 or 2
 * @property {Record<string, Color | null>} [player_colors] player ("1", "2") -> colour
 * @property {Record<Color, number>} [scores]
 * @property {LastMove | null} last_move
 * @property {Outcome | null} outcome
 * @property {Record<Color, number>} [penalties]
 * @property {Record<string, number> | null} [pool] face-down pieces left, by letter (null: not known yet)
 * @property {Record<Color, string[]>} [captured] the letters each colour lost
 * @property {number} [quiet]
 * @property {number | null} [quiet_limit]
 * @property {EngineFailure | null} [note] the game's own word (a pending promotion)
 */

/**
 * Everything the page shows of the live game: the bridge's view.
 * @typedef {BoardView & {
 *   variant: string, title?: string, options?: Record<string, unknown>, decided_by_score?: boolean,
 *   position?: string, start_ply?: number, players?: Record<string, string>, names?: Record<string, string>,
 *   level?: string, ai_turn?: boolean, legal?: Legal, moves: Move[], assisted?: boolean,
 *   known_deal?: boolean, serious?: boolean, continued?: boolean, record?: string,
 * }} View
 */

/**
 * A rule option of a variant (the new-game dialog offers it).
 * @typedef {object} VariantOption
 * @property {string} name
 * @property {string} [engine_name]
 * @property {unknown} default
 * @property {string} [doc]
 * @property {unknown[] | null} [choices]
 * @property {number | null} [minimum]
 */

/**
 * A variant, as the bridge's info describes it.
 * @typedef {object} VariantInfo
 * @property {string} name
 * @property {string} title
 * @property {string} [summary]
 * @property {string | null} [parent]
 * @property {VariantOption[]} options
 * @property {Record<string, unknown>} [switches]
 * @property {BoardShape} board
 * @property {Record<string, {glyph: string, value: number, count: number}>} pieces
 * @property {string} [rules]
 * @property {Record<string, string>} [rules_by_lang]
 */

/** @typedef {{version: string, variants: VariantInfo[], levels: string[], timed_levels: Record<string, number>}} Info */

/**
 * page -> worker: one request.
 * @typedef {{id: number, cmd: string, args: object}} WorkerRequest
 */

/**
 * worker -> page: the reply to a request, or an event.
 * @typedef {{id: number, ok: true, result: any}
 *   | {id: number, ok: false, error: string, code?: string, params?: Record<string, unknown>}
 *   | {event: "progress", stage: string, fraction: number, ms?: number}
 *   | {event: "ready", version: string}
 *   | {event: "failed", stage: string, error: string}
 *   | {event: "crashed", error: string}
 *   | {event: "tables", tables?: unknown, files?: string[]}} WorkerMessage
 */

/** @typedef {{stage: string, fraction: number, ms?: number, error?: string}} Progress */

/**
 * The handle createEngine returns.
 * @typedef {object} Engine
 * @property {Promise<{version: string}>} ready
 * @property {string | null} version
 * @property {boolean} busy
 * @property {(cmd: string, args?: object) => Promise<any>} call
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
const SERVICE_WORKER_URL = new URL("../sw.js", import.meta.url);

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

  /** One request; a promise of the bridge's result.
   *  @param {string} cmd @param {{seed?: string | null}} [args] @returns {Promise<any>} */
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

/** @type {Promise<ServiceWorkerRegistration | void> | null} */
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
/** @param {string[]} files */
function cacheForOffline(files) {
  const registered = registerServiceWorker();
  if (!registered || !files.length) return;
  registered.then(() => navigator.serviceWorker.ready).then((registration) => {
    registration.active?.postMessage({ cache: files });
  }).catch(() => {}); // offline use is a convenience: the game goes on without it
}
