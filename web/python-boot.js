// Python in a worker: the vendored Pyodide, restored from the build's snapshot when it can be, with the
// hdchess wheel on sys.path. Both the engine worker (web/worker.js) and the Grandmaster's search workers
// (web/search-worker.js) start their Python here; the wheel is fetched while Pyodide boots.

// @ts-expect-error: the build puts Pyodide at ../pyodide/ in the site; its types are the npm package's (below)
import { loadPyodide as loadVendoredPyodide } from "../pyodide/pyodide.mjs";

/** @typedef {import("pyodide").PyodideAPI} Pyodide */

/** @type {typeof import("pyodide").loadPyodide} */
const loadPyodide = loadVendoredPyodide;

/** A file of the site (this module is in web/). @param {string} path */
export const siteUrl = (path) => new URL(`../${path}`, import.meta.url).href;

/** @param {unknown} error */
export const errorText = (error) => String((error instanceof Error && error.message) || error);

/** A gzipped file of the site, inflated as it arrives. @param {string} path @param {string} [type] */
async function inflated(path, type = "application/octet-stream") {
  const response = await siteFetch(siteUrl(`${path}.gz`));
  if (!response.ok || !response.body) throw new Error(`${path}.gz: HTTP ${response.status}`);
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": type } });
}

// The runtime (pyodide.asm.wasm, 9.6 MB) comes gzipped (3.5 MB), inflated as it arrives while the browser
// compiles it (Pyodide's streaming compile): a host need not compress it on the wire. A browser without
// DecompressionStream fetches the plain file (the service worker caches it when fetched).
const RUNTIME = siteUrl("pyodide/pyodide.asm.wasm");
const gzipped = typeof DecompressionStream !== "undefined";
/** The browser's own fetch (the one below serves the runtime gzipped). */
export const nativeFetch = globalThis.fetch.bind(globalThis);
/** How this worker fetches the site's files (web/worker.js puts them aside on a first visit). @type {typeof fetch} */
let siteFetch = (input, init) => nativeFetch(input, init);
globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
  return gzipped && url === RUNTIME ? inflated("pyodide/pyodide.asm.wasm", "application/wasm") : siteFetch(input, init);
};

/**
 * What wheels/manifest.json names: the wheel, and the snapshot of Python with the bridge imported that
 * the build made from it (web/buildlib/snapshot.mjs), with the wheel's SHA-256.
 * @typedef {{wheel: string, snapshot?: {file: string, wheel_sha256: string}}} Manifest
 */

/** @returns {Promise<Manifest>} */
async function fetchManifest() {
  const response = await fetch(siteUrl("wheels/manifest.json"));
  if (!response.ok) throw new Error(`wheels/manifest.json: HTTP ${response.status}`);
  return response.json();
}

/** @param {Manifest} manifest */
async function fetchWheel({ wheel }) {
  const data = await fetch(siteUrl(`wheels/${wheel}`));
  if (!data.ok) throw new Error(`wheels/${wheel}: HTTP ${data.status}`);
  return { name: wheel, bytes: new Uint8Array(await data.arrayBuffer()) };
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The snapshot's bytes, if it was made from this very wheel (the snapshot holds zipimport's directory
 *  of it: another wheel's, from a cache of another build, would break later imports).
 *  @param {{file: string, wheel_sha256: string}} snapshot @param {Promise<{bytes: Uint8Array<ArrayBuffer>}>} wheel */
async function snapshotFor(snapshot, wheel) {
  const [data, { bytes }] = await Promise.all([inflated(`pyodide/${snapshot.file}`).then((r) => r.arrayBuffer()), wheel]);
  if ((await sha256(bytes)) !== snapshot.wheel_sha256) throw new Error("the snapshot is of another wheel");
  return new Uint8Array(data);
}

// Python after restoring the snapshot: what the import seeded is made anew here, so no two players
// share it (the AI-fairness rule): the module random's state, and the bridge's session (its game and
// the AI's seed, made when the bridge was imported). The deal never was in it: a game's flips come
// from the system's random source when they happen (hdchess.referee.FairDraw).
// The standard library must be there too: the snapshot has imported what start-up needs, and a failed
// fetch of the zip (Pyodide only logs it) would break a later import, in the middle of a game.
const AFTER_SNAPSHOT = `
import os, sys
if not any(path.startswith("/lib/python") and path.endswith(".zip") and os.path.isfile(path) for path in sys.path):
    raise ImportError("the standard library (pyodide/python_stdlib.zip) did not load")
import random
random.seed()
import hdchess.bridge.protocol as protocol
protocol.SESSION = protocol.Session()
`;

/**
 * Start Python with the wheel on its path. `fetchFile` fetches the site's files (the engine worker's puts
 * them aside for the service worker on a first visit); `progress(stage, fraction)` hears each stage.
 * @param {{fetchFile?: typeof fetch, progress?: (stage: string, fraction: number) => void}} [how]
 * @returns {Promise<{pyodide: Pyodide, restored: boolean}>} restored: from the build's snapshot
 */
export async function startPython({ fetchFile, progress = () => {} } = {}) {
  if (fetchFile) siteFetch = fetchFile;
  progress("pyodide", 0.05);
  const manifest = fetchManifest();
  const wheel = manifest.then(fetchWheel); // while Pyodide boots
  wheel.catch(() => {}); // reported when awaited below
  const options = {
    indexURL: siteUrl("pyodide/"),
    stdout: (/** @type {string} */ text) => console.log(text),
    stderr: (/** @type {string} */ text) => console.warn(text),
  };
  const snapshot = gzipped ? (await manifest).snapshot : undefined;
  /** @type {Pyodide | null} */
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshotFor(snapshot, wheel) });
    } catch (error) { // missing, broken, of another wheel: a plain start, as without a snapshot
      console.warn(`Python starts without its snapshot: ${errorText(error)}`);
    }
  }
  const restored = pyodide !== null;
  pyodide ??= await loadPyodide(options);
  progress("wheel", 0.8);
  const { name, bytes } = await wheel;
  const path = `/lib/${name}`; // a pure-Python wheel is a zip Python imports from (zipimport)
  pyodide.FS.writeFile(path, bytes); // where the snapshot, if any, expects it
  if (restored) pyodide.runPython(AFTER_SNAPSHOT);
  else pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)})`);
  return { pyodide, restored };
}
