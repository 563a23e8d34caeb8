// The wiring: UI events <-> the engine client, settings, persistence, embed mode.
// The page shows a board at once; Python loads in a worker meanwhile, and a
// first click made before it is ready is kept and played when it is.
// Every engine request runs through one queue (task), so replies always
// apply to the game they were asked about.

import { createBoard, SQUARE_ORDER } from "./board.js";
import { getLang, setLang, t, translateStatic } from "./i18n.js";
import { announce, describeMove, setAnnouncer } from "./ui/announce.js";
import { $ } from "./ui/dom.js";
import { renderGameOver, resultHeadline } from "./ui/gameover.js";
import { renderGraph } from "./ui/graph.js";
import { renderMoves } from "./ui/movelist.js";
import { createNewGameDialog, levelLabel } from "./ui/newgame.js";
import { renderInfo, renderPlayers } from "./ui/panel.js";
import { matchLevel, parseParams } from "./ui/params.js";
import { createRecordDialog } from "./ui/recorddialog.js";
import { lastMoveAt, parseMoveText, squaresAt, viewAt } from "./ui/replay.js";
import { createSettingsDialog } from "./ui/settings.js";
import * as store from "./ui/storage.js";

// An AI reply is shown no sooner than this after the player's move, so that move's animation
// lands first; with reduced motion nothing animates, so nothing needs waiting for.
const AI_PACE_MS = 300;
const REPLAY_STEP_MS = 900;
const FLASH_MS = 1400; // as long as the .flash animation in style.css
const NO_LEGAL = { flips: [], moves: {} };

// ---------------------------------------------------------------- start-up state
const { values: params, errors: paramErrors } = parseParams(window.location.search);
const embed = params.embed === true;
const messages = [];

const browserLang = (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
let settings;
if (embed) {
  settings = { ...store.DEFAULT_SETTINGS, lang: browserLang };
} else {
  const loaded = store.loadSettings({ ...store.DEFAULT_SETTINGS, lang: browserLang });
  settings = loaded.settings;
  if (loaded.error) messages.push(() => t("error.savedSettings"));
}
for (const key of ["lang", "theme", "letters"]) if (key in params) settings[key] = params[key];
for (const { name, reason } of paramErrors) messages.push(() => t("error.param", { name, reason }));

const app = {
  engine: null,
  ready: false,
  fatal: null,
  info: null,
  progress: 0,
  setup: setupFor(settings),
  view: null,
  record: null,
  persist: !embed,
  busy: 0, // engine tasks running or waiting
  thinking: false,
  queued: null, // a move clicked before Python was ready
  hint: null,
  replayPly: null, // null: the live position; n: the board after n moves of the record
  replayTimer: null,
  evaluations: null,
  chain: Promise.resolve(),
  aiScheduled: false,
  fromRecord: false, // the game came from an imported or shared record
  parentQueue: [], // embed commands that came before Python was ready
  aiFailed: false, // the engine refused to move here: wait for a new position instead of asking again
  aiCrashes: 0, // worker crashes while the AI thought about the current position
  flashes: {}, // colour -> when its penalty went up (the card flashes for a moment)
};

/** Who plays what, from the new-game choices: {mode, players, level, names}. */
function setupFor(choice) {
  if (choice.mode === "two") {
    return { mode: "two", level: choice.level, players: { 1: "human", 2: "human" },
      names: { 1: "Player 1", 2: "Player 2" } };
  }
  const aiName = `hdchess ${choice.level}`;
  return choice.first === "ai"
    ? { mode: "ai", level: choice.level, players: { 1: "ai", 2: "human" }, names: { 1: aiName, 2: "You" } }
    : { mode: "ai", level: choice.level, players: { 1: "human", 2: "ai" }, names: { 1: "You", 2: aiName } };
}

/** The setup a view reports (the record's tags carry it, so a restored game keeps its players). */
function setupFromView(view, fallback) {
  const players = view.players && ["human", "ai"].includes(view.players["1"]) && ["human", "ai"].includes(view.players["2"])
    ? { 1: view.players["1"], 2: view.players["2"] } : fallback.players;
  const mode = players[1] === "human" && players[2] === "human" ? "two" : "ai";
  return { mode, players, level: view.level ?? fallback.level, names: view.names ?? fallback.names };
}

/** The board before Python answers: 32 face-down discs; the opener may pick one to flip. */
function bootView(setup) {
  const squares = Object.fromEntries(SQUARE_ORDER.map((sq) => [sq, "x"]));
  return {
    squares, legal: { flips: setup.players[1] === "human" ? [...SQUARE_ORDER] : [], moves: {} },
    side: null, turn_player: 1, player_colors: { 1: null, 2: null }, scores: { red: 0, black: 0 },
    penalties: { red: 0, black: 0 }, quiet: 0, quiet_limit: null, pool: null,
    captured: { red: [], black: [] }, moves: [], last_move: null, outcome: null, ply: 0, assisted: false,
  };
}

// ---------------------------------------------------------------- page elements
const els = {
  status: $("#status"),
  spinner: $("#status-spinner"),
  progress: $("#progress"),
  progressBar: $("#progress-bar"),
  players: $("#players"),
  info: $("#info"),
  moves: $("#moves"),
  gameover: $("#gameover"),
  hint: $("#hint-text"),
  message: $("#message"),
  messageText: $("#message-text"),
  replayBar: $("#replay-bar"),
  replayPos: $("#rp-pos"),
  buttons: {
    new: $("#btn-new"), undo: $("#btn-undo"), hint: $("#btn-hint"), record: $("#btn-record"),
    settings: $("#btn-settings"), lang: $("#btn-lang"),
  },
};
setAnnouncer($("#announcer"));
if (embed) document.body.classList.add("embed");

const board = createBoard($("#board-root"), { onAction });
const newGameDialog = createNewGameDialog($("#new-dialog"), { onStart: startFromDialog });
const recordDialog = createRecordDialog($("#record-dialog"), { onImport: importRecord });
const settingsDialog = createSettingsDialog($("#settings-dialog"), {
  onChange: changeSettings, getSettings: () => settings,
});

// ---------------------------------------------------------------- rendering
function humanPlayer() {
  if (app.setup.mode !== "ai") return null;
  return app.setup.players[1] === "human" ? 1 : 2;
}

function playerName(n) {
  if (app.setup.mode === "two") return t("player.n", { n });
  return app.setup.players[n] === "human" ? t("player.you") : t("player.ai", { level: levelLabel(app.setup.level) });
}

function humanToMove() {
  const view = app.view;
  return !view.outcome && app.setup.players[view.turn_player] === "human";
}

/** The player may click: it is a human's turn and nothing else is under way. */
function humanCanAct() {
  if (app.fatal || app.replayPly !== null || !humanToMove()) return false;
  if (!app.ready) return app.queued === null;
  return app.busy === 0 && !app.thinking;
}

function startPly() {
  return (app.view.ply ?? app.view.moves.length) - app.view.moves.length;
}

/** Did the human of a game against the computer make a move yet (so Undo has something to take back)? */
function humanHasMoved() {
  const me = humanPlayer();
  const first = startPly();
  return app.view.moves.some((_, i) => ((first + i) % 2 === 0 ? 1 : 2) === me);
}

function boardHint() {
  const move = app.hint && parseMoveText(app.hint.move);
  return move ? { from: move.from, to: move.to } : null;
}

function renderBoard(animateMove = null) {
  const view = app.view;
  if (app.replayPly !== null) {
    board.set({ squares: squaresAt(view, app.replayPly), lastMove: lastMoveAt(view, app.replayPly),
      legal: NO_LEGAL, interactive: false, hint: null, queued: null, letters: settings.letters }, animateMove);
    return;
  }
  board.set({
    squares: view.squares, lastMove: view.last_move, legal: view.legal ?? NO_LEGAL,
    interactive: humanCanAct(), hint: boardHint(), queued: app.queued && parseMoveText(app.queued)?.to,
    letters: settings.letters,
  }, animateMove);
}

function statusText() {
  if (app.fatal) return app.fatal;
  const view = app.view;
  if (!app.ready) {
    const queued = app.queued && parseMoveText(app.queued)?.to;
    return queued ? t("status.queued", { sq: queued }) : t("status.loading", { pct: Math.round(app.progress * 100) });
  }
  if (app.replayPly !== null) return `${t("status.replay")} ${replayPosition()}`;
  if (view.outcome) return `${t("status.gameOver")} ${resultHeadline(view.outcome, { humanColor: humanColor() })}`;
  if (app.thinking) return t("status.aiThinking");
  const turn = view.turn_player;
  const color = view.player_colors?.[turn];
  const colorName = color ? t(`color.${color}`) : "";
  if (app.setup.mode === "two") {
    return color ? t("status.playerTurn", { n: turn, color: colorName }) : t("status.playerOpen", { n: turn });
  }
  if (app.setup.players[turn] === "human") {
    return color ? t("status.yourTurn", { color: colorName }) : t("status.yourTurnOpen");
  }
  return t("status.aiThinking");
}

/** The human's colour in a game against the computer played here (null: speak of colours, not of "you"). */
function humanColor() {
  const me = humanPlayer();
  if (app.fromRecord) return null; // a loaded finished game was not played by whoever looks at it
  return me ? app.view.player_colors?.[me] ?? null : null;
}

function replayPosition() {
  const total = app.view.moves.length;
  return app.replayPly === 0 ? t("replay.start") : t("replay.at", { n: app.replayPly, total });
}

function renderStatus() {
  els.status.textContent = statusText();
  const loading = !app.ready && !app.fatal;
  els.progress.hidden = !loading;
  els.progress.setAttribute("aria-valuenow", String(Math.round(app.progress * 100)));
  els.progressBar.style.width = `${Math.round(app.progress * 100)}%`;
  const waiting = app.thinking || (loading && !app.fatal);
  els.spinner.hidden = !waiting;
  document.body.classList.toggle("thinking", app.thinking);
  board.element.setAttribute("aria-busy", app.thinking ? "true" : "false");
}

function renderButtons() {
  const idle = app.ready && app.busy === 0 && !app.thinking && !app.fatal;
  const b = els.buttons;
  b.new.disabled = !app.info;
  b.record.disabled = !app.ready || !!app.fatal;
  const view = app.view;
  const undoable = view.moves.length > 0 && (app.setup.mode === "two" || humanHasMoved());
  b.undo.disabled = !idle || !undoable;
  b.hint.disabled = !idle || !humanCanAct() || app.replayPly !== null;
  const over = Boolean(view.outcome) && view.moves.length > 0;
  els.replayBar.hidden = !over;
  if (over) {
    const at = app.replayPly ?? view.moves.length;
    $("#rp-first").disabled = $("#rp-prev").disabled = at <= 0;
    $("#rp-next").disabled = $("#rp-last").disabled = at >= view.moves.length;
    const play = $("#rp-play");
    const key = app.replayTimer ? "replay.pause" : "replay.play";
    play.textContent = app.replayTimer ? "❚❚" : "▶";
    play.setAttribute("aria-label", t(key));
    play.title = t(key);
    els.replayPos.textContent = app.replayPly === null ? "" : replayPosition();
  }
}

const drawn = new WeakMap(); // container -> key of what it shows

/** Redraw a panel only when what it shows changed: new nodes mean text shaping (CJK fonts are
 *  costly) and layout, and the page redraws on every step of every move. */
function drawIf(container, parts, draw) {
  const key = JSON.stringify([getLang(), settings.letters, ...parts]);
  if (drawn.get(container) === key) return;
  drawn.set(container, key);
  draw();
}

function renderPanels() {
  const live = app.replayPly === null || app.replayPly === app.view.moves.length;
  const view = live ? app.view : viewAt(app.view, app.replayPly);
  const playing = app.replayPly === null;
  drawIf(els.players, [view.player_colors, view.scores, view.penalties, view.captured, view.turn_player,
    Boolean(view.outcome), app.setup, app.thinking, playing], () => renderPlayers(els.players, view, {
    playerName, letters: settings.letters, thinking: app.thinking, live: playing,
  }));
  for (const [color, since] of Object.entries(app.flashes)) {
    const elapsed = performance.now() - since;
    const card = els.players.querySelector(`.player-card.${color}`);
    if (elapsed > FLASH_MS || !card) continue;
    card.classList.add("flash");
    card.style.animationDelay = `${-elapsed}ms`; // cards are redrawn often: carry on, do not restart
  }
  drawIf(els.info, [view.quiet, view.quiet_limit, view.pool],
    () => renderInfo(els.info, view, { letters: settings.letters }));
  const reviewing = Boolean(app.view.outcome);
  drawIf(els.moves, [app.view.moves.map((m) => m.text).join(" "), app.view.ply, app.view.assisted, app.replayPly,
    reviewing], () => renderMoves(els.moves, app.view, {
    current: app.replayPly, onPick: reviewing ? (ply) => enterReplay(ply) : null,
  }));
  if (app.hint) {
    els.hint.hidden = false;
    const score = Number(app.hint.score) || 0;
    els.hint.textContent = app.hint.move
      ? t("hint.text", { move: app.hint.move, score: `${score > 0 ? "+" : ""}${score.toFixed(1)}`,
        depth: app.hint.depth ?? "?", judgement: t(judgement(score)) })
      : t("hint.none");
  } else {
    els.hint.hidden = true;
  }
  const box = els.gameover.querySelector(".graph-box");
  if (box && app.evaluations && app.view.outcome) {
    drawIf(box, [app.evaluations.length, app.replayPly], renderEvalGraph);
  }
}

/** Words for an evaluation in points from the mover's side (the AI adds a bonus for a won game). */
function judgement(score) {
  if (score >= 20) return "judge.winning";
  if (score >= 3) return "judge.better";
  if (score > -3) return "judge.even";
  if (score > -20) return "judge.worse";
  return "judge.losing";
}

function renderAll(animateMove = null) {
  renderBoard(animateMove);
  renderStatus();
  renderPanels();
  renderButtons();
}

function showMessage(text) {
  els.messageText.textContent = text;
  els.message.hidden = false;
}

function showError(err) {
  showMessage(t("error.prefix", { message: errorText(err) }));
}

function errorText(err) {
  if (typeof err === "string") return err;
  return err?.message || err?.error || String(err);
}

// ---------------------------------------------------------------- engine access
class EngineRestarted extends Error {}

/** One request to Python. A crashed worker is restarted by the client; we then restore the game. */
async function call(cmd, args = {}) {
  try {
    return await app.engine.call(cmd, args);
  } catch (err) {
    if (err?.crashed) {
      await recoverAfterCrash();
      throw new EngineRestarted(t("status.engineRestart"));
    }
    throw new Error(errorText(err));
  }
}

async function recoverAfterCrash() {
  showMessage(t("status.engineRestart"));
  app.thinking = false;
  try {
    // the client restores its last record in the new worker; make sure it is ours
    let view = await app.engine.call("view");
    if (app.record && view.record !== app.record) view = await app.engine.call("restore", { record: app.record });
    setView(view);
  } catch (err) {
    showError(err);
  }
  renderAll();
}

/** Run fn after every earlier engine task; the board is locked meanwhile. */
function task(fn) {
  app.busy += 1;
  renderAll(); // locks the board at once: one click, one move
  const run = app.chain.then(fn).finally(() => {
    app.busy -= 1;
    renderAll();
  });
  app.chain = run.catch(() => {});
  return run;
}

function newGameArgs(choice, seed = null) {
  const setup = setupFor(choice);
  const args = {
    variant: choice.variant, options: choice.options ?? {}, players: setup.players, level: setup.level,
    names: setup.names,
  };
  if (seed !== null && seed !== undefined) args.seed = seed;
  return args;
}

// ---------------------------------------------------------------- applying views
function setView(view) {
  app.view = view;
  app.hint = null;
  app.replayPly = null;
  app.aiFailed = false;
  if (!view.outcome) {
    app.evaluations = null;
    els.gameover.hidden = true;
    stopReplay();
  }
}

/** A move was played (by anyone): show it, say it, save it, tell the parent page. */
async function afterMove(view, by) {
  const before = app.view?.penalties ?? {};
  for (const color of ["red", "black"]) {
    if ((view.penalties?.[color] ?? 0) > (before[color] ?? 0)) app.flashes[color] = performance.now();
  }
  setView(view);
  app.aiCrashes = 0;
  app.fromRecord = false;
  renderAll(view.last_move);
  const entry = view.moves.at(-1);
  if (entry) {
    const to = parseMoveText(entry.text)?.to;
    announce(describeMove(entry, to && view.squares[to]));
    post("move", { move: entry.text, ply: view.ply, color: entry.color ?? null, by, position: view.position,
      side: view.side });
  }
  await saveGame();
  if (view.outcome) gameOver();
}

async function saveGame() {
  if (typeof app.view.record === "string") {
    app.record = app.view.record;
  } else {
    try {
      app.record = (await call("export")).record;
    } catch {
      return;
    }
  }
  if (!app.persist) return;
  store.saveGame({ record: app.record, mode: app.setup.mode, players: app.setup.players, level: app.setup.level });
  store.saveCachedView(app.record, app.view);
}

function gameOver() {
  const view = app.view;
  const headline = resultHeadline(view.outcome, { humanColor: humanColor() });
  announce(t("announce.over", { result: headline }));
  showGameOverPanel();
  post("gameover", {
    result: view.outcome.result ?? null, winner: view.outcome.winner ?? null, scores: view.outcome.scores,
    termination: view.outcome.termination, record: app.record,
  });
  task(async () => {
    try {
      const { plies } = await call("evaluations");
      app.evaluations = plies;
    } catch {
      app.evaluations = [];
    }
  });
}

function showGameOverPanel() {
  if (!app.view.outcome) return;
  renderGameOver(els.gameover, app.view, {
    humanColor: humanColor(),
    onReview: () => enterReplay(0),
    onNewGame: () => openNewGame(),
    onRecord: () => openRecord(),
  });
}

function renderEvalGraph() {
  const box = els.gameover.querySelector(".graph-box");
  if (!box) return;
  const plies = app.evaluations;
  if (!plies.length) {
    box.replaceChildren();
    return;
  }
  const first = startPly();
  const index = app.replayPly === null ? plies.length - 1 : plies.findIndex((p) => p.ply === first + app.replayPly);
  renderGraph(box, plies, {
    current: index < 0 ? null : index,
    onPick: (i) => enterReplay(Math.max(0, Math.min(app.view.moves.length, (plies[i]?.ply ?? 0) - first))),
  });
}

// ---------------------------------------------------------------- playing
function scheduleAi() {
  if (app.aiScheduled || !app.ready || app.fatal || app.aiFailed) return;
  const view = app.view;
  if (view.outcome || app.setup.players[view.turn_player] !== "ai") return;
  app.aiScheduled = true;
  task(async () => {
    app.aiScheduled = false;
    const now = app.view;
    if (now.outcome || app.setup.players[now.turn_player] !== "ai") return;
    app.thinking = true;
    renderAll();
    const started = performance.now();
    try {
      const result = await call("ai_move", { level: app.setup.level });
      const pace = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? 0 : AI_PACE_MS;
      const wait = pace - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => window.setTimeout(resolve, wait));
      app.thinking = false;
      await afterMove(result.view, "ai");
    } catch (err) {
      // a refusal, or a second crash on the same position: do not ask again, the error stays on screen
      app.aiCrashes = err instanceof EngineRestarted ? app.aiCrashes + 1 : 0;
      if (!(err instanceof EngineRestarted) || app.aiCrashes >= 2) {
        app.aiFailed = true;
        showError(err);
      }
    } finally {
      app.thinking = false;
    }
  }).then(scheduleAi, scheduleAi);
}

function onAction(text) {
  if (!app.ready) {
    if (app.queued === null && !app.fatal) {
      app.queued = text;
      announce(t("status.queued", { sq: parseMoveText(text)?.to ?? text }));
      renderAll();
    }
    return;
  }
  if (!humanCanAct()) return;
  playHuman(text);
}

function playHuman(text) {
  return task(async () => {
    if (!humanToMove()) return;
    try {
      const result = await call("play", { move: text });
      await afterMove(result.view, "human");
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  }).then(scheduleAi, scheduleAi);
}

function undo() {
  const me = humanPlayer();
  const toPlayer = me ?? 3 - app.view.turn_player;
  task(async () => {
    try {
      const view = await call("undo", { to_player: toPlayer });
      setView(view);
      els.gameover.hidden = !view.outcome;
      renderAll();
      announce(t("announce.undo", { status: statusText() }));
      await saveGame();
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  }).then(scheduleAi, scheduleAi);
}

function askHint() {
  task(async () => {
    els.hint.hidden = false;
    els.hint.textContent = t("hint.thinking");
    try {
      app.hint = await call("hint");
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  }).then(() => {
    if (app.hint) announce(els.hint.textContent);
  });
}

/** Start a new game (the dialog, the parent page, or start-up). Throws with the engine's reason. */
function startGame(choice, seed = null) {
  stopReplay();
  return task(async () => {
    const view = await call("new_game", newGameArgs(choice, seed));
    app.setup = setupFor(choice);
    app.fromRecord = false;
    setView(view);
    app.persist = !embed;
    renderAll();
    await saveGame();
  }).then((value) => {
    scheduleAi();
    return value;
  });
}

async function startFromDialog(choice) {
  await startGame(choice);
  Object.assign(settings, {
    mode: choice.mode, first: choice.first, level: choice.level, variant: choice.variant,
    options: { ...settings.options, [choice.variant]: choice.options },
  });
  saveSettings();
  if (embed) post("ready", readyDetails());
}

/** Load a record (import, share link, parent page). The current game is kept if it is refused. */
function loadRecord(record, { persist = !embed } = {}) {
  if (typeof record !== "string" || !record.trim()) {
    return Promise.reject(new Error("the record is empty"));
  }
  stopReplay();
  return task(async () => {
    const view = await call("load_record", { record });
    app.setup = setupFromView(view, app.setup); // the record's tags say who plays each side
    setView(view);
    app.fromRecord = true;
    app.persist = persist;
    renderAll();
    await saveGame();
    if (view.outcome) gameOver();
    return view;
  }).then((view) => {
    scheduleAi();
    return view;
  });
}

function importRecord(text) {
  return loadRecord(text).then(() => announce(t("record.loaded")));
}

// ---------------------------------------------------------------- replay
function enterReplay(ply) {
  const total = app.view.moves.length;
  const next = Math.max(0, Math.min(total, ply));
  const before = app.replayPly ?? total;
  app.replayPly = next;
  const forward = next === before + 1 ? lastMoveAt(app.view, next) : null;
  renderAll(forward);
  if (next > 0 && next !== before) {
    const entry = app.view.moves[next - 1];
    const squares = squaresAt(app.view, next);
    announce(`${replayPosition()}. ${describeMove(entry, squares[parseMoveText(entry.text)?.to])}`);
  } else if (next === 0) {
    announce(replayPosition());
  }
}

function stopReplay() {
  if (app.replayTimer) window.clearInterval(app.replayTimer);
  app.replayTimer = null;
}

function toggleAutoplay() {
  if (app.replayTimer) {
    stopReplay();
    renderButtons();
    return;
  }
  if ((app.replayPly ?? app.view.moves.length) >= app.view.moves.length) enterReplay(0);
  app.replayTimer = window.setInterval(() => {
    if (app.replayPly >= app.view.moves.length) {
      stopReplay();
      renderButtons();
      return;
    }
    enterReplay(app.replayPly + 1);
  }, REPLAY_STEP_MS);
  renderButtons();
}

// ---------------------------------------------------------------- settings, dialogs
function saveSettings() {
  if (!embed) store.saveSettings(settings);
}

function applyTheme() {
  if (settings.theme === "light" || settings.theme === "dark") document.documentElement.dataset.theme = settings.theme;
  else delete document.documentElement.dataset.theme;
}

function applyLang() {
  setLang(settings.lang);
  translateStatic();
  board.setLabel(t("board.label"));
  board.refresh();
  if (app.view?.outcome && !els.gameover.hidden) showGameOverPanel();
}

function changeSettings(changes) {
  Object.assign(settings, changes);
  saveSettings();
  if ("theme" in changes) applyTheme();
  if ("lang" in changes) applyLang();
  renderAll();
}

function openNewGame() {
  if (!app.info) return;
  newGameDialog.open(settings);
}

function openRecord() {
  if (!app.ready) return;
  task(async () => {
    try {
      const { record } = await call("export");
      app.record = record;
    } catch {
      /* show what we have */
    }
  }).then(() => recordDialog.open(app.record ?? ""));
}

// ---------------------------------------------------------------- embed mode
function post(type, details = {}) {
  if (!embed || window.parent === window) return;
  window.parent.postMessage({ source: "hdchess", type, ...details }, "*");
}

function readyDetails() {
  return { version: app.info?.version ?? null, variant: app.view?.variant ?? null, level: app.setup.level,
    players: app.setup.players, position: app.view?.position ?? null };
}

/** A command from the parent page; bad ones are answered with an error event and change nothing. */
function onParentMessage(event) {
  if (!embed || event.source !== window.parent) return;
  const data = event.data;
  if (!data || typeof data !== "object" || (data.source !== undefined && data.source !== "hdchess")) return;
  if (!app.ready || !app.view?.record) { // still loading: do it once the first game is up
    app.parentQueue.push(event);
    return;
  }
  const fail = (err) => post("error", { command: data.type, message: errorText(err) });
  if (data.type === "new_game") {
    const choice = choiceFromOptions(data, fail);
    if (choice) startGame(choice.choice, choice.seed).then(() => post("ready", readyDetails()), fail);
  } else if (data.type === "load_record") {
    loadRecord(data.record).then(() => post("ready", readyDetails()), fail);
  }
}

/** Turn embed options {variant, level, first, seed, options} into a new-game choice; null (after fail) if bad. */
function choiceFromOptions(data, fail) {
  const choice = { ...settings, mode: "ai", options: {} };
  if (data.variant !== undefined) {
    if (!app.info.variants.some((v) => v.name === data.variant)) return fail(`unknown variant ${data.variant}`), null;
    choice.variant = data.variant;
  }
  if (data.level !== undefined) {
    const level = matchLevel(data.level, app.info.levels);
    if (!level) return fail(`unknown level ${data.level}`), null;
    choice.level = level;
  }
  if (data.first !== undefined) {
    if (data.first !== "human" && data.first !== "ai") return fail("first must be human or ai"), null;
    choice.first = data.first;
  }
  if (data.options !== undefined) {
    if (!data.options || typeof data.options !== "object") return fail("options must be an object"), null;
    choice.options = data.options;
  }
  let seed = null;
  if (data.seed !== undefined && data.seed !== null) {
    if (!Number.isSafeInteger(Number(data.seed)) || Number(data.seed) < 0) return fail("seed must be a whole number"), null;
    seed = Number(data.seed);
  }
  return { choice, seed };
}

// ---------------------------------------------------------------- start-up
function onProgress(stageOrEvent, fraction) {
  const value = typeof stageOrEvent === "object" && stageOrEvent !== null ? stageOrEvent.fraction : fraction;
  if (typeof value === "number" && Number.isFinite(value)) app.progress = Math.max(app.progress, Math.min(1, value));
  renderStatus();
}

function onCrash() {
  app.thinking = false;
  renderAll();
}

/** The new game the settings and the URL ask for. */
function initialChoice() {
  const choice = { ...settings };
  for (const key of ["first", "level", "variant"]) if (params[key]) choice[key] = params[key];
  choice.options = settings.options?.[choice.variant] ?? {};
  return choice;
}

/** Which game to show first: a shared record, URL choices, the saved game, or a new one. */
async function startInitialGame(saved) {
  const gameParams = ["variant", "level", "first", "seed"].some((k) => k in params);
  if (params.record) {
    try {
      const view = await loadRecord(params.record, { persist: false });
      if (view.outcome) {
        app.persist = false; // a finished shared game is for review; the saved game stays
        enterReplay(0);
        if (!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) toggleAutoplay();
      } else {
        app.persist = !embed;
        await saveGame();
        forgetGameParams();
      }
      return;
    } catch (err) {
      messages.push(() => t("error.shared", { reason: errorText(err) }));
    }
  } else if (!gameParams && saved && !embed) {
    try {
      const view = await task(() => call("restore", { record: saved.record }));
      app.setup = setupFromView(view, setupFor({ ...saved, first: saved.players[1] === "ai" ? "ai" : "human" }));
      setView(view);
      app.record = saved.record;
      if (view.outcome) gameOver();
      return;
    } catch (err) {
      store.clearGame();
      messages.push(() => t("error.saved", { reason: errorText(err) }));
    }
  }
  const choice = initialChoice();
  try {
    await startGame(choice, params.seed ?? null);
    forgetGameParams();
  } catch (err) {
    // saved rule options the engine no longer accepts: fall back to the defaults
    messages.push(() => t("error.prefix", { message: errorText(err) }));
    await startGame({ ...store.DEFAULT_SETTINGS, lang: settings.lang });
  }
}

/** Once a URL's game is started and saved, a reload should bring back that game, not start it again. */
function forgetGameParams() {
  if (embed) return;
  const url = new URL(window.location.href);
  const before = url.search;
  for (const name of ["record", "variant", "level", "first", "seed"]) url.searchParams.delete(name);
  if (url.search !== before) window.history.replaceState(null, "", url.toString());
}

/** Check URL choices that need the engine's info; drop the bad ones with a message. */
function checkParamsAgainstInfo() {
  if (params.variant && !app.info.variants.some((v) => v.name === params.variant)) {
    messages.push(() => t("error.param", { name: "variant", reason: `unknown variant ${params.variant}` }));
    delete params.variant;
  }
  if (params.level) {
    const level = matchLevel(params.level, app.info.levels);
    if (level) params.level = level;
    else {
      messages.push(() => t("error.param", { name: "level", reason: `unknown level ${params.level}` }));
      delete params.level;
    }
  }
  if (!app.info.levels.includes(settings.level)) settings.level = app.info.levels[Math.floor(app.info.levels.length / 2)];
  if (!app.info.variants.some((v) => v.name === settings.variant)) settings.variant = app.info.variants[0]?.name;
}

/** A click made while Python loaded: play it now if it is still legal. */
function playQueued() {
  const text = app.queued;
  app.queued = null;
  if (!text) return;
  const move = parseMoveText(text);
  const legal = app.view.legal ?? NO_LEGAL;
  const ok = humanToMove() && move && (move.kind === "flip"
    ? legal.flips.includes(move.to)
    : (legal.moves[move.from] ?? []).some((d) => d.move === text));
  if (ok) playHuman(text);
  else {
    if (humanToMove()) showMessage(t("error.queued", { move: text }));
    renderAll();
  }
}

async function boot() {
  applyTheme();
  applyLang();
  const saved = embed ? { game: null } : store.loadGame();
  if (saved.error) messages.push(() => t("error.saved", { reason: saved.error }));
  const urlGame = ["variant", "level", "first", "seed"].some((k) => k in params);
  if (params.record) { // a shared game: nothing to click until it is loaded
    app.view = { ...bootView(app.setup), legal: NO_LEGAL };
  } else if (saved.game && !urlGame) {
    app.setup = setupFor({ ...saved.game, first: saved.game.players[1] === "ai" ? "ai" : "human" });
    app.view = store.loadCachedView(saved.game.record) ?? { ...bootView(app.setup), legal: NO_LEGAL };
  } else {
    app.setup = setupFor(initialChoice());
    app.view = bootView(app.setup);
  }
  renderAll();
  wireControls();

  try {
    const { createEngine } = await import("./engine-client.js");
    app.engine = createEngine({ onProgress, onCrash });
    await app.engine.ready;
  } catch (err) {
    app.fatal = t("error.engine", { reason: errorText(err) });
    renderAll();
    return;
  }
  app.progress = 1;
  try {
    app.info = await app.engine.call("info", {});
  } catch (err) {
    app.fatal = t("error.engine", { reason: errorText(err) });
    renderAll();
    return;
  }
  newGameDialog.setInfo(app.info);
  checkParamsAgainstInfo();
  app.ready = true;
  await startInitialGame(saved.game);
  if (messages.length) showMessage(messages.map((m) => m()).join(" "));
  renderAll();
  post("ready", readyDetails());
  playQueued();
  scheduleAi();
  for (const event of app.parentQueue.splice(0)) onParentMessage(event);
}

function wireControls() {
  const b = els.buttons;
  b.new.addEventListener("click", openNewGame);
  b.undo.addEventListener("click", undo);
  b.hint.addEventListener("click", askHint);
  b.record.addEventListener("click", openRecord);
  b.settings.addEventListener("click", () => settingsDialog.open());
  b.lang.addEventListener("click", () => changeSettings({ lang: getLang() === "zh" ? "en" : "zh" }));
  $("#message-close").addEventListener("click", () => { els.message.hidden = true; });
  $("#rp-first").addEventListener("click", () => { stopReplay(); enterReplay(0); });
  $("#rp-prev").addEventListener("click", () => { stopReplay(); enterReplay((app.replayPly ?? app.view.moves.length) - 1); });
  $("#rp-next").addEventListener("click", () => { stopReplay(); enterReplay((app.replayPly ?? app.view.moves.length) + 1); });
  $("#rp-last").addEventListener("click", () => { stopReplay(); enterReplay(app.view.moves.length); });
  $("#rp-play").addEventListener("click", toggleAutoplay);
  window.addEventListener("message", onParentMessage);
  const full = $("#open-full");
  if (full) full.href = window.location.pathname;
}

boot();
