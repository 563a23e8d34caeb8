// The Grandmaster's helpers: search workers that share one transposition table with the engine
// worker's search (lazy SMP; web/docs/ai.md, "In the browser"). The engine worker searches as ever, in
// slices, and plays its own move; the helpers search the same position at the same time, each its own
// Python (web/search-worker.js), and what they store the engine's search reads instead of searching it.
//
// Only where it pays: a page that is cross-origin isolated (the service worker makes it so from the
// second visit on: web/sw.js), so that it may share memory, on a device with 4 cores or more. Measured
// here, the shared table costs a search about 5% of its speed through JavaScript and two workers do 0.94
// of one's work to a depth: on 2 cores helpers would about break even; with 4 workers the busiest does
// 0.60 of the work, with 8 0.33. One core stays with the page and the browser: the engine worker and
// the helpers are one fewer than the cores, at most 5 in all (each Python is some 40 MB; a device
// that says it has under 4 GB of memory gets at most 2 helpers).

import { createSharedTable, tableAccess } from "./shared-table.js";

const WORKER_URL = new URL("./search-worker.js", import.meta.url);
const MAX_HELPERS = 4;
const MIN_CORES = 4;
const STOP_WAIT_MS = 3000; // a helper that has not answered a stop by then is ended: the Grandmaster never waits on one
const REPLACEMENTS_PER_HELPER = 2; // a helper that booted and then died or hung is replaced, this often at most

/** How many helpers this device and page can have, and if none why: "cores" (fewer than 4), "isolation"
 *  (the page may not share memory: a first visit, an embed, an old browser).
 *  @returns {{count: number, why: "cores" | "isolation" | null}} */
export function helperRoom() {
  const cores = navigator.hardwareConcurrency || 1;
  if (cores < MIN_CORES) return { count: 0, why: "cores" };
  if (!globalThis.crossOriginIsolated || typeof SharedArrayBuffer === "undefined") return { count: 0, why: "isolation" };
  const memory = /** @type {{deviceMemory?: number}} */ (navigator).deviceMemory;
  return { count: Math.min(cores - 2, MAX_HELPERS, memory && memory < 4 ? 2 : MAX_HELPERS), why: null };
}

/** @typedef {{nodes: number, depth: number}} HelperResult */

/**
 * One helper: its worker, whether its Python is ready, and the search it is on.
 * @typedef {object} Helper
 * @property {Worker} worker
 * @property {boolean} ready
 * @property {boolean} failed
 * @property {((result: HelperResult | null) => void) | null} finish  settles the search under way
 */

class SearchPool {
  /** @param {number} size */
  constructor(size) {
    this.buffer = createSharedTable();
    this.table = tableAccess(this.buffer);
    /** @type {Helper[]} */
    this.helpers = [];
    /** @type {Promise<(HelperResult | null)[]>} */
    this.running = Promise.resolve([]);
    this.replacementsLeft = size * REPLACEMENTS_PER_HELPER;
    for (let i = 0; i < size; i++) this.helpers.push(this.spawn());
  }

  /** @returns {Helper} */
  spawn() {
    const worker = new Worker(WORKER_URL, { type: "module" });
    /** @type {Helper} */
    const helper = { worker, ready: false, failed: false, finish: null };
    worker.postMessage({ table: this.buffer });
    worker.addEventListener("message", (event) => {
      const message = event.data || {};
      if (message.event === "ready") helper.ready = true;
      else if (message.event === "failed") this.drop(helper, message.error);
      else if ("index" in message) {
        if (message.error) console.warn(`a search helper failed: ${message.error}`);
        helper.finish?.(message.done ?? null);
      }
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.drop(helper, event.message);
    });
    return helper;
  }

  /** A helper that could not start or died: the others go on without it. One that had booted (it hung on
   *  a busy machine, or its worker died) is replaced by a fresh one that joins a later search once its
   *  Python is ready, so one bad moment does not cost the rest of the game a helper; one that could not
   *  start is not (this device cannot run it). @param {Helper} helper @param {string} why */
  drop(helper, why) {
    console.warn(`a search helper stopped: ${why}`);
    this.end(helper);
    const slot = this.helpers.indexOf(helper);
    if (helper.ready && slot >= 0 && this.replacementsLeft > 0) {
      this.replacementsLeft -= 1;
      this.helpers[slot] = this.spawn();
    }
  }

  /** @param {Helper} helper */
  end(helper) {
    helper.failed = true;
    helper.worker.terminate();
    helper.finish?.(null);
  }

  /** The helpers whose Python is ready search `job` (pool_job's, as JSON) until stop(); the others are
   *  still starting and join at the next search. @param {string} job */
  async start(job) {
    await this.running; // the last search's helpers have all stopped
    this.table.clear();
    const searching = this.helpers.filter((helper) => helper.ready && !helper.failed);
    this.running = Promise.all(searching.map((helper, i) => new Promise((resolve) => {
      helper.finish = (result) => { helper.finish = null; resolve(result); };
      helper.worker.postMessage({ job, index: i + 1 }); // the engine worker's search is index 0
    })));
    return searching.length;
  }

  /** Stop every helper; what each did (each one's nodes and depth, null for one that failed). A helper
   *  that does not answer within STOP_WAIT_MS is ended (its result null), so a stuck one never holds up
   *  the move or the next search. */
  async stop() {
    this.table.stop();
    const late = setTimeout(() => {
      for (const helper of this.helpers) if (helper.finish) this.drop(helper, "no answer to the stop");
    }, STOP_WAIT_MS);
    try {
      return await this.running;
    } finally {
      clearTimeout(late);
    }
  }

  /** End every helper (the player turned them off): a search under way ends with them. */
  close() {
    this.table.stop();
    this.replacementsLeft = 0;
    for (const helper of this.helpers) this.end(helper);
  }
}

/** @type {SearchPool | null} */
let pool = null;

/** The pool, started the first time it is wanted where helpers pay (null elsewhere, or when the player
 *  does not want them: the pool, if any, is closed): its helpers start their Python at once, while the
 *  player makes a move. @param {boolean} [wanted] the player's setting */
export function searchPool(wanted = true) {
  if (!wanted) {
    pool?.close();
    pool = null;
  } else if (!pool) {
    const { count } = helperRoom();
    if (count > 0) pool = new SearchPool(count);
  }
  return pool;
}
