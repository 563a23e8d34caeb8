// Persistence: the settings, and the game in progress as its record plus the
// setup the record does not hold (who is human, the AI level). Everything read
// back is checked; anything malformed is reported and dropped, never trusted.

/**
 * The player's settings (saved), and the last new-game choices among them.
 * @typedef {object} Settings
 * @property {"en" | "zh"} lang
 * @property {boolean} letters piece letters instead of glyphs
 * @property {"auto" | "light" | "dark"} theme
 * @property {"ai" | "two"} mode
 * @property {"human" | "ai"} first
 * @property {string} level
 * @property {string} variant
 * @property {Record<string, Record<string, unknown>>} options variant -> its rule options
 * @property {boolean} sound
 * @property {string} clock
 * @property {boolean} [serious] new games are serious (no undo, no hints)
 * @property {"wood" | "jade" | "stone" | "contrast"} [board] the board's colours (ui/themes: web/style.css)
 * @property {"classic" | "contrast"} [pieces] the pieces' style ("contrast": high contrast)
 * @property {"pieces" | "notation"} [moves] moves written with their pieces' characters, or in notation
 * @property {boolean} [details] numbers and notation beside the plain words (evaluation, depth)
 * @property {boolean} [turnBlack] Black's pieces turned 180° on the board, as a set looks from across a table
 * @property {boolean} [askLosing] ask before a move the bridge marks as losing at once (false: never ask)
 * @property {boolean} [confirmMoves] a move is shown, then confirmed or taken back (absent: on where the
 *   pointer is coarse, web/confirm-move.js)
 * @property {boolean} [helpers] the Grandmaster may think on several cores where the device has them (search-pool.js)
 */

/**
 * The saved game: its record and what the record does not hold.
 * @typedef {object} SavedGame
 * @property {string} record
 * @property {"ai" | "two"} mode
 * @property {Record<string, "human" | "ai">} players
 * @property {string} level
 * @property {string | null} [seed] a known deal's seed
 * @property {import("./clock.js").SavedClock | null} [clock]
 */

const SETTINGS_KEY = "hdchess.settings.v1";
const GAME_KEY = "hdchess.game.v1";
const VIEW_KEY = "hdchess.view.v1"; // display cache only: lets the board show before Python is ready

/** @type {Readonly<Settings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  lang: "en",
  letters: false,
  theme: "auto",
  mode: "ai", // "ai": against the computer; "two": two players at one screen
  first: "human", // who opens in a game against the computer
  level: "Club",
  variant: "hdc2",
  options: {}, // {variant: {option: value}}
  sound: true,
  clock: "none", // a time control of clock.js for new games
  serious: false, // new games are serious: no undo, no hints
  board: "wood", // the board's colours: wood, jade, stone or contrast (high contrast)
  pieces: "classic", // the pieces' style: classic or contrast (high contrast)
  moves: "pieces", // moves written with their pieces (俥c2–c5), or "notation" (c2-c5)
  details: false, // the evaluation and the search depth beside the plain words
  turnBlack: false, // Black's pieces turned 180° on the board (Cheight's players asked; it suits every game)
  askLosing: true, // ask before a move that loses at once (Cheight: covering your own General)
  helpers: true, // the Grandmaster thinks on several cores where the device has 4 or more (web/search-pool.js)
});

const PLAYER_KINDS = ["human", "ai"];
export const BOARD_THEMES = ["wood", "jade", "stone", "contrast"];
export const PIECE_STYLES = ["classic", "contrast"];

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): play on without persistence
  }
}

/** @param {string} key @returns {{value: any, error?: undefined} | {value?: undefined, error: string}} */
function read(key) {
  const text = storage()?.getItem(key);
  if (text === null || text === undefined) return { value: null };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: "not valid JSON" };
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* quota or privacy mode: the game goes on unsaved */
  }
}

/** @param {string} key */
function remove(key) {
  try {
    storage()?.removeItem(key);
  } catch {
    /* nothing to do */
  }
}

/** @param {unknown} v @returns {v is Record<string, any>} */
const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Settings merged over the defaults, field by field; {settings, error} (error when something was dropped).
 *  @param {Readonly<Settings>} [defaults] @returns {{settings: Settings, error?: string}} */
export function loadSettings(defaults = DEFAULT_SETTINGS) {
  const { value, error } = read(SETTINGS_KEY);
  /** @type {Settings} */
  const settings = { ...defaults, options: {} };
  if (error || (value !== null && !isPlainObject(value))) {
    remove(SETTINGS_KEY);
    return { settings, error: error || "not an object" };
  }
  if (!value) return { settings };
  let bad = false;
  /** @param {keyof Settings} key @param {(v: any) => boolean} ok */
  const take = (key, ok) => {
    if (!(key in value)) return;
    if (ok(value[key])) /** @type {Record<string, unknown>} */ (settings)[key] = value[key];
    else bad = true;
  };
  take("lang", (v) => v === "en" || v === "zh");
  take("letters", (v) => typeof v === "boolean");
  take("theme", (v) => ["auto", "light", "dark"].includes(v));
  take("mode", (v) => v === "ai" || v === "two");
  take("first", (v) => PLAYER_KINDS.includes(v));
  take("level", (v) => typeof v === "string" && v.length < 40);
  take("variant", (v) => typeof v === "string" && /^[a-z0-9_]{1,30}$/.test(v));
  take("sound", (v) => typeof v === "boolean");
  take("clock", (v) => typeof v === "string" && /^(none|\d{1,3}\+\d{1,3})$/.test(v));
  take("serious", (v) => typeof v === "boolean");
  take("board", (v) => BOARD_THEMES.includes(v));
  take("pieces", (v) => PIECE_STYLES.includes(v));
  take("moves", (v) => v === "pieces" || v === "notation");
  take("details", (v) => typeof v === "boolean");
  take("turnBlack", (v) => typeof v === "boolean");
  take("helpers", (v) => typeof v === "boolean");
  take("askLosing", (v) => typeof v === "boolean");
  take("confirmMoves", (v) => typeof v === "boolean");
  if ("options" in value) {
    if (isPlainObject(value.options) && Object.values(value.options).every(isPlainObject)) {
      settings.options = value.options;
    } else bad = true;
  }
  return bad ? { settings, error: "some values were invalid" } : { settings };
}

/** @param {Settings} settings */
export function saveSettings(settings) {
  write(SETTINGS_KEY, settings);
}

/** The saved game {record, players, level, mode, seed?} or null; {game, error}. A known deal's
 *  seed is kept here, beside its record (a record never holds one). */
/** @returns {{game: SavedGame | null, error?: string}} */
export function loadGame() {
  const { value, error } = read(GAME_KEY);
  if (error) {
    clearGame();
    return { game: null, error };
  }
  if (value === null) return { game: null };
  const ok = isPlainObject(value)
    && typeof value.record === "string" && value.record.length < 200_000
    && isPlainObject(value.players)
    && PLAYER_KINDS.includes(value.players["1"]) && PLAYER_KINDS.includes(value.players["2"])
    && typeof value.level === "string"
    && (value.mode === "ai" || value.mode === "two")
    && (value.seed === undefined || value.seed === null || (typeof value.seed === "string" && /^\d{1,18}$/.test(value.seed))
      || Number.isSafeInteger(value.seed));
  if (!ok) {
    clearGame();
    return { game: null, error: "the saved data has an unexpected shape" };
  }
  return { game: /** @type {SavedGame} */ (value) };
}

/** @param {SavedGame} game */
export function saveGame(game) {
  write(GAME_KEY, game);
}

export function clearGame() {
  remove(GAME_KEY);
  remove(VIEW_KEY);
}

/** The last view shown, for an instant board on the next visit; null when absent or unusable. */
/** @param {string} record @returns {import("./protocol").View | null} */
export function loadCachedView(record) {
  const { value } = read(VIEW_KEY);
  if (!isPlainObject(value) || value.record !== record || !isPlainObject(value.view)) return null;
  const view = value.view;
  const board = view.board;
  const boardOk = isPlainObject(board) && Number.isInteger(board.files) && Number.isInteger(board.ranks)
    && board.files > 0 && board.ranks > 0 && board.files * board.ranks <= 400
    && Array.isArray(board.names) && board.names.length === board.files * board.ranks;
  const squaresOk = boardOk && isPlainObject(view.squares) && Object.values(view.squares)
    .every((s) => s === null || (typeof s === "string" && /^(x|[A-Za-z]{1,32})$/.test(s)));
  const legalOk = isPlainObject(view.legal) && Array.isArray(view.legal.flips) && isPlainObject(view.legal.moves);
  return squaresOk && legalOk && Array.isArray(view.moves) ? /** @type {import("./protocol").View} */ (view) : null;
}

/** @param {string} record @param {import("./protocol").View} view */
export function saveCachedView(record, view) {
  write(VIEW_KEY, { record, view });
}

/** Does a finger drive this device (a phone, a tablet)? There a tap may land on the wrong square. */
export function coarsePointer() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** Are moves confirmed (web/confirm-move.js): the player's choice, else the device's default.
 *  @param {Settings | null | undefined} settings @returns {boolean} */
export function confirmMovesOn(settings) {
  return settings?.confirmMoves ?? coarsePointer();
}
