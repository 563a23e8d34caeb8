// "Install app": the page as an app of its own (manifest.webmanifest and its icons, written by
// web/build.py). The entry shows only while the browser offers to install the page (its
// `beforeinstallprompt` event) and the page is not already running as the installed app (standalone display
// mode); a click asks the browser to show its own install prompt. An embed never offers it.

/** The browser's offer (Chromium's `BeforeInstallPromptEvent`, not in the DOM's types): usable once.
 *  @typedef {Event & {prompt: () => Promise<unknown>, userChoice?: Promise<{outcome: string}>}} InstallOffer */

/** @type {InstallOffer | null} */
let offer = null;
/** @type {(() => void)[]} */
const listeners = [];
const changed = () => listeners.forEach((listener) => listener());

// Listened for as soon as this module loads (before the page's controls exist): the browser says it once.
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // no mini-infobar of the browser's own: the entry is ours
  offer = /** @type {InstallOffer} */ (event);
  changed();
});
window.addEventListener("appinstalled", () => {
  offer = null;
  changed();
});

/** Is the page running as the installed app (its own window), not in a browser tab? */
export function runningInstalled() {
  const standalone = ["standalone", "fullscreen", "minimal-ui", "window-controls-overlay"]
    .some((mode) => window.matchMedia?.(`(display-mode: ${mode})`).matches);
  return standalone || /** @type {{standalone?: boolean}} */ (navigator).standalone === true; // iOS's home screen
}

/** Show `button` while the browser offers to install the page; a click asks the browser's install prompt.
 *  @param {HTMLButtonElement} button @param {{embed: boolean}} options */
export function wireInstall(button, { embed }) {
  const update = () => { button.hidden = embed || !offer || runningInstalled(); };
  listeners.push(update);
  window.matchMedia?.("(display-mode: standalone)").addEventListener?.("change", update);
  button.addEventListener("click", async () => {
    const asked = offer;
    if (!asked) return;
    offer = null; // an offer prompts once; after a "no" the browser may offer again later
    update();
    try {
      await asked.prompt();
    } catch (error) {
      console.warn(`the browser did not show its install prompt: ${error}`);
    }
  });
  update();
}
