// The engine worker (a module worker): it owns Python, so the page never waits on it.
//
// It boots the vendored Pyodide and puts the hdchess wheel (pure Python, a zip)
// on sys.path as it is, with no installer (all from this site: nothing from a
// CDN: web/python-boot.js), then answers requests through hdchess.bridge.handle,
// one at a time, in the order they came.
//
// page -> worker  {id, cmd, args}
// worker -> page  {id, ok: true, result} | {id, ok: false, error}
//                 {event: "progress", stage, fraction, ms}  while booting (ms: since the worker started)
//                 {event: "ready", version, snapshot}     once Python answers (snapshot: restored from the build's)
//                 {event: "failed", stage, error}         booting failed (no network, missing file)
//                 {event: "crashed", error}               Python itself died: the page starts a new worker
//                 {event: "tables", tables, files}        a game's bigger endgame tables were added (pieces per
//                                                         game; files: their paths in the site, to cache)
// Only strings cross into Python and back (no proxies kept, nothing leaks), but for share_table's
// SharedArrayBuffer, which Python reads through a registered module (web/shared-table.js).

import { errorText, nativeFetch, siteUrl, startPython } from "./python-boot.js";
import { slotsOf, tableAccess } from "./shared-table.js";

/** @typedef {import("./python-boot.js").Pyodide} Pyodide */
/** @typedef {(request: string) => string} Handle  the bridge's handle(): one JSON request in, one JSON reply out */
/** @typedef {{id: number, cmd: string, args?: Record<string, unknown>}} Request */
/** @typedef {{ok: boolean, result?: any, error?: string}} Reply */

// The parts of a worker's scope used here, typed for the page's checker (its settings have the DOM's types).
/**
 * @typedef {object} WorkerScope
 * @property {(message: unknown) => void} postMessage
 * @property {(type: "message", listener: (event: MessageEvent) => void) => void} addEventListener
 */
const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

// A first visit: the service worker is registered only once Python is ready (so that it does not compete
// with start-up for the network), and caches the site then for the next visit. The files this worker
// has just fetched are put aside as they arrive, in the STAGING cache, so the service worker takes them
// from there instead of downloading them again: the browser's HTTP cache may not keep them (an in-memory
// cache, as in a private window, keeps no file as big as the runtime's 9.6 MB). The service worker checks
// each against the build's hash of it, so a file from another build is never taken. Once a service
// worker serves this site (the page says so in this script's URL), nothing is put aside.
// Only start-up's files are put aside (staging stops once Python is ready): a file fetched later (the
// endgame tables' manifest, asked for by the first view) could be put aside after the service worker
// has taken what was there, and would stay there for nothing.
const STAGING = "hdchess.fetched";
const staging = new URL(import.meta.url).hash === "#first-visit" && typeof caches !== "undefined";
let puttingAside = staging; // until Python is ready
/** @type {Promise<unknown>[]} */
const stored = [];
const site = siteUrl("");

/** The site's file, put aside for the service worker while staging (see STAGING). @type {typeof fetch} */
async function siteFetch(input, init) {
  const response = await nativeFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
  if (puttingAside && response.ok && response.status === 200 && url.startsWith(site) && !url.includes("?")) {
    const copy = response.clone(); // now, before the caller reads the body
    stored.push(caches.open(STAGING).then((cache) => cache.put(url, copy))
      .catch((error) => console.warn(`not put aside for the service worker: ${url}: ${errorText(error)}`)));
  }
  return response;
}

/** @param {string} stage @param {number} fraction */
function progress(stage, fraction) {
  scope.postMessage({ event: "progress", stage, fraction, ms: Math.round(performance.now()) });
}

let stage = "start";
/** @type {Pyodide | null} */
let python = null; // once Python is ready: where the shared table's module is registered
/** @type {ReturnType<typeof tableAccess> | null} */
let sharedTable = null; // the table the page shared last (share_table)
let tableRegistered = false;

async function boot() {
  const { pyodide, restored } = await startPython({
    fetchFile: siteFetch,
    progress: (/** @type {string} */ name, /** @type {number} */ fraction) => progress((stage = name), fraction),
  });
  progress((stage = "import"), 0.9);
  const bridge = pyodide.pyimport("hdchess.bridge");
  const handle = /** @type {Handle} */ (bridge.handle.copy());
  const version = bridge.__version__;
  bridge.destroy();
  await Promise.all(stored); // each was written while it arrived: done by now, and the service worker comes next
  puttingAside = false; // staging stops here (see STAGING)
  progress((stage = "ready"), 1);
  scope.postMessage({ event: "ready", version, snapshot: restored });
  tablesOf = (variant) => { addTables(pyodide, handle, variant); };
  python = pyodide;
  return handle;
}

// A game's bigger endgame tables (tables/manifest.json names each game's files)
// are fetched when a reply first shows that game (a view names its variant), so
// start-up never waits for them and nobody downloads the tables of a game they
// do not play; then they are added to what the AI reads through the bridge, in
// turn with the page's requests. Without them (an old site, a failed fetch) the
// AI plays on with the wheel's smaller tables.
const TABLES_DIR = "/tables";
/** @type {(variant: string) => void} */
let tablesOf = () => {}; // set once Python is ready
/** @type {Set<string>} */
const tablesAsked = new Set();
/** @type {Promise<{variants?: Record<string, string[]>}> | null} */
let tablesManifest = null;

/** @param {Pyodide} pyodide @param {Handle} handle @param {string} variant */
async function addTables(pyodide, handle, variant) {
  try {
    tablesManifest ??= fetch(siteUrl("tables/manifest.json")).then((response) => (response.ok ? response.json() : {}));
    const files = (((await tablesManifest).variants || {})[variant] || []).filter((name) => /^[\w.=-]+\.hdt$/.test(name));
    if (!files.length) return;
    const loaded = await Promise.all(files.map(async (name) => {
      const data = await fetch(siteUrl(`tables/${name}`));
      if (!data.ok) throw new Error(`tables/${name}: HTTP ${data.status}`);
      return { name, bytes: new Uint8Array(await data.arrayBuffer()) };
    }));
    const directory = `${TABLES_DIR}/${variant}`; // a new folder: the next search reads it
    pyodide.FS.mkdirTree(directory);
    for (const { name, bytes } of loaded) pyodide.FS.writeFile(`${directory}/${name}`, bytes);
    queue = queue.then(() => {
      if (dead) return;
      const reply = JSON.parse(handle(JSON.stringify({ cmd: "add_tables", args: { directory } })));
      if (!reply.ok) throw new Error(reply.error);
      scope.postMessage({ event: "tables", tables: reply.result.tables, files: files.map((name) => `tables/${name}`) });
    }).catch((error) => console.warn(`endgame tables not added: ${errorText(error)}`));
  } catch (error) {
    console.warn(`${variant}'s endgame tables not fetched: ${errorText(error)}`);
  }
}

/** @param {Reply} reply */
function fetchTablesFor(reply) {
  const variant = reply.ok && reply.result && reply.result.variant;
  if (typeof variant !== "string" || !/^[\w-]+$/.test(variant) || tablesAsked.has(variant)) return;
  tablesAsked.add(variant); // once: a failed fetch is not retried until the page is reloaded
  tablesOf(variant); // in the background: nothing waits for it
}

const booted = boot();
booted.catch((error) => {
  scope.postMessage({ event: "failed", stage, error: errorText(error) });
});
/** @type {Promise<void>} */
let queue = Promise.resolve();
let dead = false;

/** @param {Request} request */
async function answer({ id, cmd, args }) {
  let handle;
  try {
    handle = await booted;
  } catch (error) {
    scope.postMessage({ id, ok: false, error: `Python could not start (${stage}): ${errorText(error)}` });
    return;
  }
  if (dead) return;
  let sent = args ?? {};
  if (cmd === "share_table") { // the SharedArrayBuffer itself stays here: Python reaches it through a module
    const buffer = sent.buffer;
    if (!python || typeof SharedArrayBuffer === "undefined" || !(buffer instanceof SharedArrayBuffer)) {
      scope.postMessage({ id, ok: false, error: "share_table needs a SharedArrayBuffer (a cross-origin isolated page)" });
      return;
    }
    sharedTable = tableAccess(buffer); // the page's buffer of now (a new one if its helpers were started again)
    if (!tableRegistered) { // once: Python keeps the module it imported, which reads the table of the moment
      python.registerJsModule("hdchess_shared_table", {
        probe: (/** @type {number} */ slot, /** @type {number} */ check) => sharedTable?.probe(slot, check),
        store: (/** @type {number} */ slot, /** @type {number} */ check, /** @type {number} */ data,
          /** @type {number} */ value) => sharedTable?.store(slot, check, data, value),
        stopped: () => sharedTable?.stopped() ?? true,
      });
      tableRegistered = true;
    }
    sent = { slots: slotsOf(buffer) };
  }
  let reply;
  try {
    reply = handle(JSON.stringify({ cmd, args: sent }));
  } catch (error) {
    // The bridge never raises: an exception here means Pyodide itself failed
    // (out of memory, a fatal error). Nothing more can run in this worker.
    dead = true;
    scope.postMessage({ event: "crashed", error: errorText(error) });
    return;
  }
  const answered = /** @type {Reply} */ (JSON.parse(reply));
  scope.postMessage({ id, ...answered });
  fetchTablesFor(answered);
}

scope.addEventListener("message", (event) => {
  const request = event.data;
  if (!request || typeof request.id !== "number") return;
  queue = queue.then(() => answer(request));
});
