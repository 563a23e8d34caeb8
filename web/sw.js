// The service worker: after the first visit the whole site is cached, so the
// next visit works with no network at all.
//
// web/build.py copies this file to the site root (so its scope is the whole
// site) and fills in the cache version (a hash of every other file) and the
// list of files. A new build gives a new version: the new worker caches the
// new files in the background and takes over once no page uses the old one.
// Every URL is relative to this file, so the site works under any path, such
// as a GitHub Pages project page (https://user.github.io/<repo>/).

const CACHE_VERSION = "__HDCHESS_CACHE_VERSION__";
const CACHE_PREFIX = "hdchess-";
const CACHE_NAME = CACHE_PREFIX + CACHE_VERSION;
const PRECACHE = "__HDCHESS_PRECACHE__";

const scopeUrl = (path) => new URL(path, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME).then((cache) => cache.addAll(PRECACHE.map(scopeUrl)))
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

// Cache first: every file of a build is cached together, so a page never mixes
// two builds. Query strings (index.html?embed=1&record=...) do not change a file.
async function respond(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  if (request.mode === "navigate") {
    const page = await cache.match(scopeUrl("index.html"));
    if (page) return page;
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(respond(request));
});
