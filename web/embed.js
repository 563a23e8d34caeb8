// The embed protocol (README, Embedding): events to the parent page through
// postMessage, and the parent's commands. Every message has source "hdchess";
// a command that cannot be carried out gets an `error` event and changes nothing.

import { loadRecord, startGame } from "./lifecycle.js";
import { errorText } from "./render.js";
import { app, on } from "./state.js";
import { matchLevel } from "./ui/params.js";

const COMMANDS = ["new_game", "load_record"];
/** @type {MessageEvent[]} */
const pending = []; // commands that came before Python was ready

/** An event to the parent page (embedded only). @param {string} type @param {object} [details] */
export function post(type, details = {}) {
  if (!app.embed || window.parent === window) return;
  window.parent.postMessage({ source: "hdchess", type, ...details }, "*");
}

/** The details of the `ready` event: the game now on the board. */
export function readyDetails() {
  return { version: app.info?.version ?? null, variant: app.view?.variant ?? null, level: app.setup.level,
    players: app.setup.players, position: app.view?.position ?? null };
}

/** Listen to the parent page and pass the app's events on to it. */
export function startEmbed() {
  if (!app.embed) return;
  window.addEventListener("message", onParentMessage);
  on("move", (details) => post("move", details));
  on("gameover", (details) => post("gameover", details));
}

/** Carry out the commands that came while Python was starting. */
export function runPending() {
  for (const event of pending.splice(0)) onParentMessage(event);
}

/** A command from the parent page; bad ones are answered with an error event and change nothing. */
/** @param {MessageEvent} event */
function onParentMessage(event) {
  if (!app.embed || event.source !== window.parent) return;
  const data = event.data;
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    // not an object: another script's message, unless it claims to be ours (a command sent as JSON text)
    if (claimsToBeOurs(data)) {
      post("error", { command: null, message: "a command is an object such as {source: \"hdchess\", type: \"new_game\"}, "
        + `not ${Array.isArray(data) ? "an array" : typeof data === "string" ? "text" : typeof data}` });
    }
    return;
  }
  if (data.source !== undefined && data.source !== "hdchess") return;
  /** @param {unknown} err */
  const fail = (err) => post("error", { command: typeof data.type === "string" ? data.type : null,
    message: typeof err === "string" ? err : errorText(err) });
  if (!COMMANDS.includes(data.type)) {
    fail(`unknown command ${JSON.stringify(data.type ?? null)} (commands: ${COMMANDS.join(", ")})`);
    return;
  }
  if (!app.ready || !app.view?.record) { // still loading: do it once the first game is up
    pending.push(event);
    return;
  }
  if (data.type === "new_game") {
    const choice = choiceFromOptions(data, fail);
    if (choice) startGame(choice.choice, choice.seed).then(() => post("ready", readyDetails()), fail);
  } else if (data.type === "load_record") {
    loadRecord(data.record).then(() => post("ready", readyDetails()), fail);
  }
}

/** Does a message that is not an object claim to be a command of ours? Text that names "hdchess" (a
 *  command posted as JSON text, say), or an array holding one.
 *  @param {unknown} data @returns {boolean} */
function claimsToBeOurs(data) {
  if (typeof data === "string") return data.includes("hdchess");
  if (Array.isArray(data)) {
    return data.some((item) => item === "hdchess" || (item && typeof item === "object" && item.source === "hdchess"));
  }
  return false;
}

/** Turn embed options {variant, level, first, seed, options, serious} into a new-game choice; null (after fail) if bad. */
/** @param {Record<string, unknown>} data @param {(err: unknown) => void} fail
 *  @returns {{choice: import("./state.js").Choice, seed: string | null} | null} */
function choiceFromOptions(data, fail) {
  /** @type {import("./state.js").Choice} */
  const choice = { ...app.settings, mode: "ai", options: {} };
  if (data.variant !== undefined) {
    const variant = app.info.variants.find((v) => v.name === data.variant);
    if (!variant) {
      fail(`unknown variant ${JSON.stringify(data.variant)}`);
      return null;
    }
    choice.variant = variant.name;
  }
  if (data.level !== undefined) {
    const level = matchLevel(data.level, app.info.levels);
    if (!level) { fail(`unknown level ${JSON.stringify(data.level)}`); return null; }
    choice.level = level;
  }
  if (data.first !== undefined) {
    if (data.first !== "human" && data.first !== "ai") { fail("first must be human or ai"); return null; }
    choice.first = data.first;
  }
  if (data.options !== undefined) {
    if (!data.options || typeof data.options !== "object") { fail("options must be an object"); return null; }
    choice.options = /** @type {Record<string, unknown>} */ (data.options);
  }
  if (data.serious !== undefined) {
    if (typeof data.serious !== "boolean") { fail("serious must be true or false"); return null; }
    choice.serious = data.serious;
  }
  let seed = null;
  if (data.seed !== undefined && data.seed !== null) {
    const text = String(data.seed).trim();
    if (!/^\d+$/.test(text)) { fail("seed must be a whole number 0 or more"); return null; }
    if (text.length > 18) { fail("seed is too long (at most 18 digits)"); return null; }
    seed = text; // the engine reads digits exactly; a JavaScript number would round a long seed
  }
  return { choice, seed };
}
