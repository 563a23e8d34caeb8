// Offline use: the service worker (web/sw.js) registered once Python is ready, so the next visit
// works without a network, and the endgame tables the engine worker fetched handed to it to cache
// (it caches those only on request: see web/sw.js).

const SERVICE_WORKER_URL = new URL("../sw.js", import.meta.url);

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
export function cacheForOffline(files) {
  const registered = registerServiceWorker();
  if (!registered || !files.length) return;
  registered.then(() => navigator.serviceWorker.ready).then((registration) => {
    registration.active?.postMessage({ cache: files });
  }).catch(() => {}); // offline use is a convenience: the game goes on without it
}
