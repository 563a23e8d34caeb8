// The service worker: after the first visit the whole site is cached, so the
// next visit works with no network at all.
//
// web/build.py copies this file to the site root (so its scope is the whole
// site) and fills in the cache version (a hash of every other file) and the
// lists of files. A new build gives a new version: the new worker caches the
// new files in the background and takes over once no page uses the old one.
// A game's bigger endgame tables (megabytes each) are not cached up front: the
// engine worker fetches them when that game is first played, and they are
// cached then, so a player downloads only the tables of the games they play.
// The documentation pages (web/docs/) too are cached when first read.
// Every URL is relative to this file, so the site works under any path, such
// as a GitHub Pages project page (https://user.github.io/<repo>/).

// The parts of a service worker's scope used here, typed for the page's checker
// (its TypeScript settings have the DOM's types, not a service worker's).
/** @typedef {{waitUntil: (promise: Promise<unknown>) => void}} ExtendableEvent */
/** @typedef {ExtendableEvent & {request: Request, respondWith: (response: Promise<Response>) => void}} FetchEvent */
/** @typedef {ExtendableEvent & {data: any}} ExtendableMessageEvent */
/**
 * @typedef {object} ServiceWorkerScope
 * @property {ServiceWorkerRegistration} registration
 * @property {{claim: () => Promise<void>}} clients
 * @property {(type: string, listener: (event: any) => void) => void} addEventListener
 */
const swScope = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));

const CACHE_VERSION = "__HDCHESS_CACHE_VERSION__";
const CACHE_PREFIX = "hdchess-";
const CACHE_NAME = CACHE_PREFIX + CACHE_VERSION;
const PRECACHE = "__HDCHESS_PRECACHE__";
const ON_DEMAND = "__HDCHESS_ON_DEMAND__";
// Each file's SHA-256 (path: its first 32 hex digits), so that only this build's files are cached: what
// the engine worker put aside, or the browser's HTTP cache gives, may be another build's.
const HASHES = "__HDCHESS_HASHES__";
// What the engine worker put aside on a first visit, as it fetched it (web/worker.js): taken from
// there instead of downloaded a second time. (Not named "hdchess-...": it outlives the versions.)
const STAGING = "hdchess.fetched";

/** One of the lists the build writes in place of the marks above. @param {unknown} list */
const listed = (list) => /** @type {string[]} */ (list);

/** @param {string} path */
const scopeUrl = (path) => new URL(path, swScope.registration.scope).href;
const onDemand = new Set(listed(ON_DEMAND).map(scopeUrl));

const hashes = new Map(Object.entries(/** @type {Record<string, string>} */ (/** @type {unknown} */ (HASHES)))
  .map(([path, hash]) => [scopeUrl(path), hash]));

/** Is this response this build's file at `url`? (A file the build did not hash passes.)
 *  @param {string} url @param {Response} response */
async function isThisBuilds(url, response) {
  const hash = hashes.get(url);
  if (!hash) return true;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("").startsWith(hash);
}

/** This build's file at `url`: what the engine worker put aside if it is there and this build's
 *  (then removed from there), else fetched, the browser's HTTP cache answering if it can (a copy
 *  from another build is fetched again from the server).
 *  @param {string} url @returns {Promise<Response>} */
async function thisBuilds(url) {
  if (await caches.has(STAGING)) {
    const staging = await caches.open(STAGING);
    const kept = await staging.match(url);
    if (kept) {
      await staging.delete(url);
      if (await isThisBuilds(url, kept)) return kept;
    }
  }
  let response = await fetch(url);
  if (response.ok && !(await isThisBuilds(url, response))) response = await fetch(url, { cache: "reload" });
  if (!response.ok) throw new TypeError(`${url}: HTTP ${response.status}`);
  return response;
}

// Every file but the on-demand tables, each downloaded once: the site's root ("./") is index.html.
async function precache() {
  const cache = await caches.open(CACHE_NAME);
  const urls = listed(PRECACHE).map(scopeUrl);
  const root = scopeUrl("./");
  const page = scopeUrl("index.html");
  await Promise.all(urls.filter((url) => url !== root).map(async (url) => {
    const response = await thisBuilds(url);
    if (url === page && urls.includes(root)) await cache.put(root, response.clone());
    await cache.put(url, response);
  }));
}

swScope.addEventListener("install", (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(precache());
});

swScope.addEventListener("activate", (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name))))
      .then(() => swScope.clients.claim())
  );
});

// Cache first: every file of a build is cached together, so a page never mixes
// two builds. Query strings (index.html?embed=1&record=...) do not change a file.
// The on-demand tables are the exception, fetched when first wanted, perhaps
// from a newer build: harmless, as the AI reads a table file only if its header
// names the format and rules it knows, and exact tables agree whoever built them.
/** @param {FetchEvent} event */
async function respond(event) {
  const request = event.request;
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const file = new URL(request.url);
  file.search = "";
  if (request.mode === "navigate" && !onDemand.has(file.href)) { // a documentation page is not the app
    const page = await cache.match(scopeUrl("index.html"));
    if (page) return page;
  }
  const response = await fetch(request);
  if (response.ok && onDemand.has(file.href)) {
    event.waitUntil(cache.put(request, response.clone())); // for the next visit, offline included
  }
  return response;
}

// The page hands over the tables its engine fetched before this worker ran (a
// first visit): cache them for the next visit too (from what the engine worker
// put aside, or the browser's HTTP cache). Only the on-demand files are taken.
swScope.addEventListener("message", (/** @type {ExtendableMessageEvent} */ event) => {
  /** @type {unknown[]} */
  const files = Array.isArray(event.data?.cache) ? event.data.cache : [];
  const wanted = files.filter((path) => typeof path === "string").map((path) => scopeUrl(/** @type {string} */ (path)))
    .filter((url) => onDemand.has(url));
  if (!wanted.length) return;
  event.waitUntil(caches.open(CACHE_NAME).then(async (cache) => {
    for (const url of wanted) {
      if (!(await cache.match(url))) await cache.put(url, await thisBuilds(url));
    }
  }).catch((error) => console.warn(`not cached for offline play: ${error.message || error}`)));
});

swScope.addEventListener("fetch", (/** @type {FetchEvent} */ event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(swScope.registration.scope)) return;
  event.respondWith(respond(event).then((response) => isolated(response, request.mode === "navigate")));
});

// Cross-origin isolation: every response this worker serves says so, so that a page it serves may share
// memory with its workers (the Grandmaster's helpers, web/search-pool.js: a SharedArrayBuffer). A static
// host such as GitHub Pages cannot send these headers itself; everything a page of this site loads is
// the site's own, so require-corp blocks nothing. A document gets COOP and COEP (an embedding page of
// another site may still frame it); a file gets COEP and CORP too (same-origin: only this site loads it).
// The first visit, before this worker runs, is not isolated: the helpers start from the next.
/** @param {Response} response @param {boolean} document */
function isolated(response, document) {
  if (response.status === 0 || response.type === "opaque" || response.type === "opaqueredirect") return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  if (document) headers.set("Cross-Origin-Opener-Policy", "same-origin");
  else headers.set("Cross-Origin-Resource-Policy", "same-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
