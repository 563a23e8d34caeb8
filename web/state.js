// The app's state, and what can be read from it without the page or the engine:
// who plays what, whose turn it is, what the replay and the review show.

import { t } from "./i18n.js";

/** @typedef {import("./engine-client.js").View} View */
/** @typedef {import("./engine-client.js").BoardView} BoardView */
/** @typedef {import("./action").Action} Action */
/** @typedef {import("./engine-client.js").Engine} Engine */
/** @typedef {import("./engine-client.js").Info} Info */
/** @typedef {import("./engine-client.js").VariantInfo} VariantInfo */
/** @typedef {import("./clock.js").Clock} Clock */
/** @typedef {import("./storage.js").Settings} Settings */

/** @typedef {"human" | "ai"} PlayerKind */

/**
 * Who plays what: {mode, players, level, names}.
 * @typedef {object} Setup
 * @property {"two" | "ai"} mode
 * @property {string} level
 * @property {Record<number, PlayerKind>} players player (1, 2) -> who plays
 * @property {Record<number, string>} names
 */

/**
 * A new game as the dialog, the settings, the URL or the parent page choose it.
 * @typedef {object} Choice
 * @property {string} [mode] "two": two players at this screen; else against the computer
 * @property {string} [first] "ai": the computer plays first
 * @property {string} level
 * @property {string} variant
 * @property {Record<string, unknown>} [options] the variant's rule options
 * @property {string} [clock] a time control ("5+0"), or "none"
 * @property {boolean} [serious] a serious game: no undo, no hints
 */

/**
 * The engine's analysis of one action of a finished game (the bridge's analyse).
 * @typedef {object} Analysis
 * @property {number} ply
 * @property {string} best
 * @property {string} best_from
 * @property {string} best_to
 * @property {string} played
 * @property {number} drop what the played action lost against the best, in the search's units (the marks)
 * @property {number} [points] games decided by score: the points of the final score it cost
 * @property {"win-loss" | "win-even" | "even-loss" | null} [turned] games decided by score: the likely result it changed
 * @property {number | null} score
 * @property {number} [missed_win] Cheight: the mover could cover the General in this many moves, and gave it up
 */

/**
 * The blunder check of a finished game.
 * @typedef {{running: boolean, done: number, total: number, marks: Map<number, Analysis>, record?: string}} Review
 */

/** @typedef {{move: string, score?: number, depth?: number, table?: boolean, mate?: number | null}} Hint */

/** @typedef {{ply: number, score_red: number}} Evaluation */

/** @typedef {"move" | "gameover" | "ready"} AppEvent */

/** What an app event tells (the embed protocol posts it to the parent page as it is).
 *  @typedef {Record<string, unknown>} EventDetails */

export const MISTAKE = 3; // points a move may lose before the review marks it (?), and a blunder (??)
export const BLUNDER = 8;

/** @type {import("./engine-client.js").Legal} */
export const NO_LEGAL = { flips: [], moves: {} };

/**
 * The app's state. `settings`, `info`, `setup` and `view` are set at start-up (web/app.js) before
 * anything reads them. Any module reads a field; only its owner (web/state-owners.js) writes it, and
 * others change it through the owner's named changes (eslint's hdchess/store-owners checks it).
 * @typedef {object} App
 * @property {Engine | null} engine
 * @property {boolean} ready
 * @property {string | null} fatal
 * @property {Info} info
 * @property {number} progress
 * @property {number | null} thinkProgress
 * @property {boolean} moveNow
 * @property {Settings} settings
 * @property {boolean} embed
 * @property {Setup} setup
 * @property {View} view
 * @property {string | null} record
 * @property {string | null} seed
 * @property {boolean} persist
 * @property {number} busy
 * @property {boolean} thinking
 * @property {Action | null} queued
 * @property {Action | null} pendingMove an action shown on the board until the player confirms it (web/confirm-move.js)
 * @property {Hint | null} hint
 * @property {boolean} [hintPending] a hint was asked for and has not come yet
 * @property {string | null} note
 * @property {number | null} replayPly
 * @property {BoardView | null} replayView
 * @property {number} replayShownPly the actions of the game before the position replayView shows
 * @property {Map<number, BoardView>} positions
 * @property {number | null} replayTimer
 * @property {Evaluation[] | null} evaluations
 * @property {Promise<unknown>} chain
 * @property {boolean} aiScheduled
 * @property {boolean} fromRecord
 * @property {boolean} aiFailed
 * @property {number} aiCrashes
 * @property {boolean} [flagging] a time forfeit is being sent
 * @property {Partial<Record<string, number>>} flashes
 * @property {Clock | null} clock
 * @property {Review | null} review
 * @property {{nodes: number, depth: number, ms: number, helpers: ({nodes: number, depth: number} | null)[]} | null} lastThink
 * @property {Record<AppEvent, ((details: EventDetails) => void)[]>} listeners
 */

const unset = /** @type {never} */ (null); // set at start-up, before anything reads it

/** @type {App} */
export const app = {
  engine: null,
  ready: false,
  fatal: null,
  info: unset, // the engine's info (variants, levels): known before Python starts (static-info.js)
  progress: 0,
  thinkProgress: null, // while a level that thinks by time thinks: how far through its time (0..1)
  moveNow: false, // the player asked it to move at once
  settings: unset,
  embed: false,
  setup: unset,
  view: unset,
  record: null,
  seed: null, // a known deal's seed: kept beside the record, never in it
  persist: true,
  busy: 0, // engine tasks running or waiting
  thinking: false,
  queued: null, // an action clicked before Python was ready
  pendingMove: null, // Confirm moves: the action shown, not played yet
  hint: null,
  note: null, // a short word in the status line: why a click did nothing, a penalty warning
  replayPly: null, // null: the live position; n: the board after n actions of the record
  replayView: null, // the position shown in replay (from the bridge's position_at)
  replayShownPly: 0, // how many of the game's actions led to it (a Cheight swap is an action, not a ply)
  positions: new Map(), // ply -> position_at result, for the finished game on screen
  replayTimer: null,
  evaluations: null,
  chain: Promise.resolve(),
  aiScheduled: false,
  fromRecord: false, // the game came from an imported or shared record
  aiFailed: false, // the engine refused to move here: wait for a new position instead of asking again
  aiCrashes: 0, // worker crashes while the AI thought about the current position
  flashes: {}, // colour -> when its penalty went up (the card flashes for a moment)
  clock: null, // the players' clocks (clock.js), null without a time control
  lastThink: null, // the top level's last search: {nodes, depth, ms, helpers: each helper's {nodes, depth}} (measure_pool.py)
  review: null, // the blunder check of a finished game: {running, done, total, marks: Map ply -> analysis}
  listeners: { move: [], gameover: [], ready: [] },
};

/** Fire an app event (the embed protocol listens).
 *  @param {AppEvent} type @param {EventDetails} details */
export function emit(type, details) {
  for (const fn of app.listeners[type] ?? []) fn(details);
}

/** @param {AppEvent} type @param {(details: EventDetails) => void} fn */
export function on(type, fn) {
  app.listeners[type].push(fn);
}

/** Who plays what, from the new-game choices: {mode, players, level, names}.
 *  @param {{mode?: string, first?: string, level: string}} choice @returns {Setup} */
export function setupFor(choice) {
  if (choice.mode === "two") {
    return { mode: "two", level: choice.level, players: { 1: "human", 2: "human" },
      names: { 1: "Player 1", 2: "Player 2" } };
  }
  const aiName = `hdchess ${choice.level}`;
  return choice.first === "ai"
    ? { mode: "ai", level: choice.level, players: { 1: "ai", 2: "human" }, names: { 1: aiName, 2: "You" } }
    : { mode: "ai", level: choice.level, players: { 1: "human", 2: "ai" }, names: { 1: "You", 2: aiName } };
}

/** The setup a view reports (the record's tags carry it, so a restored game keeps its players).
 *  @param {View} view @param {Setup} fallback @returns {Setup} */
export function setupFromView(view, fallback) {
  /** @type {(kind: unknown) => kind is PlayerKind} */
  const isKind = (kind) => kind === "human" || kind === "ai";
  const one = view.players?.["1"];
  const two = view.players?.["2"];
  const players = isKind(one) && isKind(two) ? { 1: one, 2: two } : fallback.players;
  const mode = players[1] === "human" && players[2] === "human" ? "two" : "ai";
  return { mode, players, level: view.level ?? fallback.level, names: view.names ?? fallback.names };
}

/** A variant's info (the first variant's if `name` is unknown). @param {string | undefined} name
 *  @returns {VariantInfo | null} */
export function variantInfo(name) {
  return app.info?.variants?.find((v) => v.name === name) ?? app.info?.variants?.[0] ?? null;
}

/** A yes/no fact of the view that older views lack (serious, continued): false when absent.
 *  @param {View} view @param {"serious" | "continued" | "assisted" | "known_deal"} key @returns {boolean} */
export function viewFlag(view, key) {
  return Boolean(view && /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (view))[key]);
}

export function humanPlayer() {
  if (app.setup.mode !== "ai") return null;
  return app.setup.players[1] === "human" ? 1 : 2;
}

export function humanToMove() {
  const view = app.view;
  return !view.outcome && app.setup.players[view.turn_player] === "human";
}

/** The player may click: it is a human's turn and nothing else is under way. */
export function humanCanAct() {
  if (app.fatal || app.replayPly !== null || !humanToMove()) return false;
  if (app.queued !== null) return false; // a click made while Python loaded is still to be played
  if (app.pendingMove !== null) return false; // a move waits for its confirmation
  return app.ready ? app.busy === 0 && !app.thinking : true;
}

export function startPly() {
  return app.view.start_ply ?? ((app.view.ply ?? app.view.moves.length) - app.view.moves.length);
}

/** Who would resign now: the human against the computer, else the player to move; null if nobody can
 *  (the game is over, or no colour is decided yet). */
export function resigner() {
  const view = app.view;
  if (view.outcome || !view.side) return null;
  return humanPlayer() ?? view.turn_player;
}

/** Did the human of a game against the computer make a move yet (so Undo has something to take back)? */
export function humanHasMoved() {
  const me = humanPlayer();
  return app.view.moves.some((m) => m.player === me);
}

/** The legal action whose text is `text`, as the board offers it (null: not legal now).
 *  @param {View} view @param {string | null | undefined} text @returns {Action | null} */
export function findAction(view, text) {
  if (!text) return null;
  const legal = view.legal ?? NO_LEGAL;
  if (legal.flips.includes(text)) return { move: text, from: text, to: text, kind: "flip" };
  for (const options of Object.values(legal.moves)) {
    const found = options.find((o) => o.move === text);
    if (found) return found;
  }
  return null;
}

/** The human's colour in a game against the computer played here (null: speak of colours, not of "you"). */
export function humanColor() {
  const me = humanPlayer();
  if (app.fromRecord) return null; // a loaded finished game was not played by whoever looks at it
  return me ? app.view.player_colors?.[me] ?? null : null;
}

/** The ply the replay shows (of the game's moves), null in the live game. @returns {number | null} */
export function shownReplayPly() {
  return app.replayView ? app.replayShownPly : app.replayPly;
}

export function replayPosition() {
  const total = app.view.moves.length;
  const ply = shownReplayPly();
  return ply === 0 ? t("replay.start") : t("replay.at", { n: ply, total });
}

/** The review's mark of a move ("?" lost MISTAKE points or more, "??" BLUNDER or more), or "".
 *  @param {Analysis | null | undefined} analysis @returns {string} */
export function markOf(analysis) {
  if (!analysis) return "";
  return analysis.drop >= BLUNDER ? "??" : analysis.drop >= MISTAKE ? "?" : "";
}

/** What a marked move cost, in words the review, its note and the lessons share: in a game decided by
 *  score, points of the final score (and the likely result it changed); else, or for less than a point,
 *  a mistake or a serious one. @param {Analysis} analysis @returns {string} */
export function costText(analysis) {
  const points = Math.round(analysis.points ?? 0);
  if (points < 1) return t(analysis.drop >= BLUNDER ? "cost.blunder" : "cost.mistake");
  return t(analysis.turned ? `cost.${analysis.turned}` : "cost.points", { points });
}

/** The best move the review found for the action that led away from replay ply `ply` (for the board's arrow).
 *  @param {number | null} ply */
export function reviewHintAt(ply) {
  if (ply === null) return null;
  const next = app.review?.marks?.get(ply + 1);
  return next && markOf(next) ? { from: next.best_from, to: next.best_to } : null;
}
