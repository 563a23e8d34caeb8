// What a friend game keeps in this browser: the player's name, STUN and TURN servers and relays (their preferences), and
// the game in progress (the protocol's own saved session, its secret keys included, so it never leaves
// this machine). Everything read back is checked; anything malformed is dropped.

const PREFS_KEY = "hdchess.friend.prefs.v1";
const GAME_KEY = "hdchess.friend.game.v1";

/**
 * @typedef {object} FriendPrefs
 * @property {string} [name]
 * @property {string[]} [stun] STUN URLs; absent: the default list (web/remote/stun.js)
 * @property {string[]} [turn] TURN servers, each "URL user password"; absent: none (web/remote/stun.js)
 * @property {string[]} [relays] one-link play's relays; absent: the default list, [] off (web/remote/relays.js)
 *
 * @typedef {object} SavedFriendGame
 * @property {string} session
 * @property {string} myName
 * @property {string} peerName
 * @property {{variant: string, options: Record<string, unknown>, clock: string}} game
 * @property {Record<string, unknown>} saved remote_save's object
 * @property {boolean} [over] the game has ended (kept to show its end; no resume is offered)
 */

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** @param {string} key */
function read(key) {
  try {
    const value = JSON.parse(storage()?.getItem(key) ?? "null");
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or off: play on without it */
  }
}

/** @returns {FriendPrefs} */
export function loadPrefs() {
  const value = read(PREFS_KEY) ?? {};
  /** @type {FriendPrefs} */
  const prefs = {};
  if (typeof value.name === "string" && value.name.length <= 40) prefs.name = value.name;
  if (Array.isArray(value.stun) && value.stun.every((/** @type {unknown} */ s) => typeof s === "string")) prefs.stun = value.stun.slice(0, 10);
  if (Array.isArray(value.turn) && value.turn.every((/** @type {unknown} */ s) => typeof s === "string")) prefs.turn = value.turn.slice(0, 10);
  if (Array.isArray(value.relays) && value.relays.every((/** @type {unknown} */ s) => typeof s === "string")) prefs.relays = value.relays.slice(0, 10);
  return prefs;
}

/** @param {FriendPrefs} changes */
export function savePrefs(changes) {
  write(PREFS_KEY, { ...loadPrefs(), ...changes });
}

/** @returns {SavedFriendGame | null} */
export function loadFriendGame() {
  const value = read(GAME_KEY);
  if (!value) return null;
  const strings = ["session", "myName", "peerName"].every((k) => typeof value[k] === "string");
  const game = value.game;
  const okGame = game && typeof game === "object" && typeof game.variant === "string";
  const okSaved = value.saved && typeof value.saved === "object" && !Array.isArray(value.saved);
  return strings && okGame && okSaved ? /** @type {SavedFriendGame} */ (value) : null;
}

/** @param {SavedFriendGame} game */
export function saveFriendGame(game) {
  write(GAME_KEY, game);
}

export function clearFriendGame() {
  try {
    storage()?.removeItem(GAME_KEY);
  } catch {
    /* nothing to clear */
  }
}
