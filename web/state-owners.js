// Who writes each field of the page's state (`app`, web/state.js): exactly one module a field, named by
// its path under web/. Any other module reads the field freely and changes it only through a named change
// its owner exports (`changeSetup`, `keepRecord`, `setThinking` ...). The lint rule
// web/eslint-rules/store-owners.js holds every module of web/ to this table (web/docs/architecture.md).

/** @typedef {import("./state.js").App} App */

/** @type {Record<keyof App, string>} field -> the module that writes it */
export const OWNERS = {
  // start-up: the engine, what is known before Python, the page's settings
  engine: "app.js",
  ready: "app.js",
  fatal: "app.js",
  info: "app.js",
  progress: "app.js",
  settings: "app.js",
  embed: "app.js",
  // the game's life: who plays what, its seed and clocks, whether this page keeps it
  setup: "lifecycle.js",
  seed: "lifecycle.js",
  clock: "lifecycle.js",
  persist: "lifecycle.js",
  fromRecord: "lifecycle.js",
  flagging: "lifecycle.js",
  // the live game's view
  view: "view.js",
  // what follows a move: the record kept, the end's evaluations, a penalty's flash
  record: "game-events.js",
  evaluations: "game-events.js",
  flashes: "game-events.js",
  // the engine's queue
  busy: "engine-queue.js",
  chain: "engine-queue.js",
  thinking: "engine-queue.js",
  // the computer's turns
  aiScheduled: "ai-turns.js",
  aiFailed: "ai-turns.js",
  aiCrashes: "ai-turns.js",
  thinkProgress: "ai-turns.js",
  moveNow: "ai-turns.js",
  lastThink: "ai-turns.js",
  // the human's turns; a move shown until it is confirmed
  pendingMove: "confirm-move.js",
  queued: "human-turns.js",
  note: "human-turns.js",
  hint: "human-turns.js",
  hintPending: "human-turns.js",
  // replay and review of a finished game
  replayPly: "replay.js",
  replayView: "replay.js",
  replayShownPly: "replay.js",
  replayTimer: "replay.js",
  positions: "replay.js",
  review: "replay.js",
  // the app's events (the embed protocol listens)
  listeners: "state.js",
};
