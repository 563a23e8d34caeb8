// The controller: what the page shows of the app's state (web/state.js), and
// every request to the engine. Every engine request runs through one queue (task),
// so replies always apply to the game they were asked about. The page holds no
// rule: legal actions, boards of earlier plies and reasons all come from the
// bridge (hdchess/bridge.py).

import { createBoard } from "./board.js";
import { getLang, t } from "./i18n.js";
import { setPieces } from "./pieces.js";
import { announce, describeMove } from "./ui/announce.js";
import { $ } from "./ui/dom.js";
import { renderGameOver, resultHeadline } from "./ui/gameover.js";
import { renderGraph } from "./ui/graph.js";
import { renderMoves } from "./ui/movelist.js";
import { levelLabel } from "./ui/names.js";
import { renderInfo, renderPlayers } from "./ui/panel.js";
import { engineErrorText } from "./ui/messages.js";
import { createClock, flagged, formatClock, remainingOf, restoreClock, savedClock, switchClock } from "./ui/clock.js";
import { playSound } from "./ui/sound.js";
import * as store from "./ui/storage.js";
import {
  app, emit, findAction, humanCanAct, humanColor, humanHasMoved, humanPlayer, humanToMove, markOf, NO_LEGAL,
  replayPosition, reviewHintAt, setupFor, setupFromView, shownReplayPly, startPly, stopReplay, variantInfo,
} from "./state.js";

export { app }; // the state, for the page's other parts and for tests

// An AI reply is shown no sooner than this after the player's move, so that move's animation
// lands first; with reduced motion nothing animates, so nothing needs waiting for.
const AI_PACE_MS = 300;
const FLASH_MS = 1400; // as long as the .flash animation in style.css
const CLOCK_TICK_MS = 200;

let els = null;
let board = null;

const hooks = {}; // what the page's other parts do for the panels' buttons: {openNewGame, openRecord, replay, check}

/** Bind the controller to the page and to the actions its panels offer; returns the board. */
export function mount(elements, { onOpenNewGame, onOpenRecord, onReplay, onCheck }) {
  els = elements;
  Object.assign(hooks, { openNewGame: onOpenNewGame, openRecord: onOpenRecord, replay: onReplay, check: onCheck });
  board = createBoard($("#board-root"), { onAction, onNothing: explainClick, onSelect: noteSelection });
  return board;
}

// ---------------------------------------------------------------- who plays what

function playerName(n) {
  if (app.setup.mode === "two") return t("player.n", { n });
  return app.setup.players[n] === "human" ? t("player.you") : t("player.ai", { level: levelLabel(app.setup.level) });
}

// ---------------------------------------------------------------- rendering
function renderBoard(animateMove = null) {
  const view = app.view;
  if (app.replayPly !== null) {
    const at = app.replayView ?? view;
    board.set({ board: at.board ?? view.board, squares: at.squares, lastMove: at.last_move, legal: NO_LEGAL,
      interactive: false, hint: reviewHintAt(shownReplayPly()), queued: null, letters: app.settings.letters },
    animateMove);
    return;
  }
  const hint = app.hint && findAction(view, app.hint.move);
  board.set({
    board: view.board, squares: view.squares, lastMove: view.last_move, legal: view.legal ?? NO_LEGAL,
    interactive: humanCanAct(), hint: hint ? { from: hint.from, to: hint.to } : null,
    queued: app.queued?.to ?? null, letters: app.settings.letters,
  }, animateMove);
  const shape = view.board;
  if (shape) {
    const last = shape.names?.[shape.files - 1]?.replace(/\d+$/, "") ?? "";
    board.setLabel(t("board.label", { files: shape.files, ranks: shape.ranks, last }));
  }
}

export function statusText() {
  if (app.fatal) return app.fatal;
  const view = app.view;
  if (!app.ready) {
    const queued = app.queued?.to;
    return queued ? t("status.queued", { sq: queued }) : t("status.loading", { pct: Math.round(app.progress * 100) });
  }
  if (app.replayPly !== null) return `${t("status.replay")} ${replayPosition()}`;
  if (view.outcome) return `${t("status.gameOver")} ${resultHeadline(view.outcome, { humanColor: humanColor() })}`;
  if (app.thinking) return t("status.aiThinking");
  const turn = view.turn_player;
  const color = view.player_colors?.[turn];
  const colorName = color ? t(`color.${color}`) : "";
  let text;
  if (app.setup.mode === "two") {
    text = color ? t("status.playerTurn", { n: turn, color: colorName }) : t("status.playerOpen", { n: turn });
  } else if (app.setup.players[turn] === "human") {
    text = color ? t("status.yourTurn", { color: colorName }) : t("status.yourTurnOpen");
  } else {
    return t("status.aiThinking");
  }
  if (view.note) text = `${text} ${engineErrorText(view.note)}`; // the game's own word: a pending promotion
  return app.note ? `${text} ${app.note}` : text;
}

function renderStatus() {
  els.status.textContent = statusText();
  const loading = !app.ready && !app.fatal;
  els.progress.hidden = !loading;
  els.progress.setAttribute("aria-valuenow", String(Math.round(app.progress * 100)));
  els.progressBar.style.width = `${Math.round(app.progress * 100)}%`;
  els.spinner.hidden = !(app.thinking || loading);
  document.body.classList.toggle("thinking", app.thinking);
  const timed = app.thinking && app.thinkProgress !== null;  // a level that thinks by time: progress, move now
  els.think.hidden = !timed;
  if (timed) {
    const pct = String(Math.round(app.thinkProgress * 100));
    els.thinkProgress.setAttribute("aria-valuenow", pct);
    els.thinkBar.style.width = `${pct}%`;
  }
  board.element.setAttribute("aria-busy", app.thinking ? "true" : "false");
  els.knownDeal.hidden = !app.view?.known_deal;
}

export function renderButtons() {
  const idle = app.ready && app.busy === 0 && !app.thinking && !app.fatal;
  const b = els.buttons;
  b.new.disabled = !app.ready;
  b.record.disabled = !app.ready || !!app.fatal;
  const view = app.view;
  const undoable = view.moves.length > 0 && (app.setup.mode === "two" || humanHasMoved());
  b.undo.disabled = !idle || !undoable;
  b.hint.disabled = !idle || !humanCanAct() || app.replayPly !== null;
  b.resign.disabled = !idle || !resigner();
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
  const key = JSON.stringify([getLang(), app.settings.letters, ...parts]);
  if (drawn.get(container) === key) return;
  drawn.set(container, key);
  draw();
}

function renderPanels() {
  const replaying = app.replayPly !== null && app.replayView;
  const view = replaying ? { ...app.view, ...app.replayView } : app.view;
  const playing = app.replayPly === null;
  drawIf(els.players, [Boolean(app.clock), view.decided_by_score, view.player_colors, view.scores, view.penalties, view.captured, view.turn_player,
    Boolean(view.outcome), app.setup, app.thinking, playing], () =>
    renderPlayers(els.players, view, {
      playerName, letters: app.settings.letters, thinking: app.thinking, live: playing,
      clock: app.clock ? (n) => formatClock(remainingOf(app.clock, n, performance.now())) : null,
    }));
  renderClocks();
  for (const [color, since] of Object.entries(app.flashes)) {
    const elapsed = performance.now() - since;
    const card = els.players.querySelector(`.player-card.${color}`);
    if (elapsed > FLASH_MS || !card) continue;
    card.classList.add("flash");
    card.style.animationDelay = `${-elapsed}ms`; // cards are redrawn often: carry on, do not restart
  }
  drawIf(els.info, [view.quiet, view.quiet_limit, view.pool],
    () => renderInfo(els.info, view, { letters: app.settings.letters }));
  const reviewing = Boolean(app.view.outcome);
  const current = app.replayPly === null ? null : shownReplayPly();
  const marks = app.review?.marks ?? null;
  drawIf(els.moves, [app.view.moves.map((m) => m.text).join(" "), app.view.ply, app.view.assisted, current,
    reviewing, marks?.size ?? 0], () => renderMoves(els.moves, app.view, {
    current, onPick: reviewing ? (ply) => hooks.replay(ply) : null, marks, markOf,
  }));
  renderReviewNote(current);
  if (app.hint) {
    els.hint.hidden = false;
    const score = Number(app.hint.score) || 0;
    const wording = app.hint.table ? "hint.table" : "hint.text"; // the tables' move is perfect play, not a depth
    els.hint.textContent = app.hint.move
      ? t(wording, { move: app.hint.move, score: `${score > 0 ? "+" : ""}${score.toFixed(1)}`,
        depth: app.hint.depth ?? "?", judgement: t(judgement(score)) })
      : t("hint.none");
  } else if (!app.hintPending) {
    els.hint.hidden = true;
  }
  const box = els.gameover.querySelector(".graph-box");
  if (box && app.evaluations && app.view.outcome) {
    drawIf(box, [app.evaluations.length, current], renderEvalGraph);
  }
}

/** In a reviewed replay: what the move just played, or the one about to be, lost, and the engine's choice. */
function renderReviewNote(ply) {
  const note = els.reviewNote;
  const marks = app.review?.marks;
  if (!note) return;
  const at = (p) => marks?.get(p);
  const next = ply === null ? null : at(ply + 1);
  const here = ply === null ? null : at(ply);
  const shown = next && markOf(next) ? { a: next, n: ply + 1, key: "review.next" }
    : here && markOf(here) ? { a: here, n: ply, key: "review.this" } : null;
  note.hidden = !shown;
  if (shown) {
    note.textContent = t(shown.key, { n: shown.n, move: shown.a.played, drop: shown.a.drop.toFixed(1),
      best: shown.a.best });
  }
}

/** Draw the clocks' times in the player cards (between full redraws); flag a player out of time. */
function renderClocks() {
  if (!app.clock) return;
  const now = performance.now();
  for (const n of [1, 2]) {
    const node = els.players.querySelector(`.player-card[data-player="${n}"] .clock`);
    if (!node) continue;
    const left = remainingOf(app.clock, n, now);
    const text = formatClock(left);
    if (node.textContent !== text) node.textContent = text;
    node.classList.toggle("running", app.clock.running === n);
    node.classList.toggle("low", left < 20_000);
  }
  const out = flagged(app.clock, now);
  if (out && app.ready && !app.flagging) flag(out);
}

/** A player's time ran out: the engine ends the game (time forfeit). */
function flag(player) {
  app.flagging = true;
  switchClock(app.clock, null, performance.now());
  endGameBy("timeout", player).finally(() => { app.flagging = false; });
}

/** A command that ends the game for ``player`` (a time forfeit, a resignation): show and save the end. */
function endGameBy(command, player) {
  return task(async () => {
    try {
      const view = await call(command, { player });
      setView(view);
      renderAll();
      await saveGame();
      if (view.outcome) gameOver();
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  });
}

/** Keep the clocks ticking on screen. */
export function startClockTicks() {
  window.setInterval(() => { if (app.clock?.running) renderClocks(); }, CLOCK_TICK_MS);
}

/** Words for an evaluation in points from the mover's side (the AI adds a bonus for a won game). */
function judgement(score) {
  if (score >= 20) return "judge.winning";
  if (score >= 3) return "judge.better";
  if (score > -3) return "judge.even";
  if (score > -20) return "judge.worse";
  return "judge.losing";
}

export function renderAll(animateMove = null) {
  renderBoard(animateMove);
  renderStatus();
  renderPanels();
  renderButtons();
}

export function showMessage(text) {
  els.messageText.textContent = text;
  els.message.hidden = false;
}

export function showError(err) {
  showMessage(t("error.prefix", { message: errorText(err) }));
}

/** An engine error in the page's language (its code and params), else its text. */
export function errorText(err) {
  if (typeof err === "string") return err;
  return engineErrorText(err);
}

// ---------------------------------------------------------------- engine access
export class EngineRestarted extends Error {}

/** One request to Python. A crashed worker is restarted by the client; we then restore the game. */
export async function call(cmd, args = {}) {
  try {
    return await app.engine.call(cmd, args);
  } catch (err) {
    if (err?.crashed) {
      await recoverAfterCrash();
      throw new EngineRestarted(t("status.engineRestart"));
    }
    throw err;
  }
}

async function recoverAfterCrash() {
  showMessage(t("status.engineRestart"));
  app.thinking = false;
  try {
    // the client restores its last record in the new worker; make sure it is ours
    let view = await app.engine.call("view");
    if (app.record && view.record !== app.record) {
      view = await app.engine.call("restore", restoreArgs(app.record));
    }
    setView(view);
  } catch (err) {
    showError(err);
  }
  renderAll();
}

export function restoreArgs(record, seed = app.seed) {
  return seed === null || seed === undefined ? { record } : { record, seed };
}

/** Run fn after every earlier engine task; the board is locked meanwhile. */
export function task(fn) {
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
/** Show a view (the live game); pieces and board shape follow its variant; the clocks follow the turn
 *  (`moved`: the player whose clock ran has just moved, and earns the increment). */
export function setView(view, { moved = false } = {}) {
  app.view = view;
  if (app.clock) switchClock(app.clock, !view.outcome && view.side ? view.turn_player : null, performance.now(), moved);
  setPieces(variantInfo(view.variant)?.pieces);
  app.hint = null;
  app.note = null;
  app.replayPly = null;
  app.replayView = null;
  app.positions = new Map();
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
  setView(view, { moved: true });
  app.aiCrashes = 0;
  app.fromRecord = false;
  renderAll(view.last_move);
  const entry = view.moves.at(-1);
  if (entry) {
    playSound(entry.kind === "flip" ? "flip" : entry.kind === "capture" ? "capture" : "move");
    announce(describeMove(entry, view.squares[entry.to]));
    emit("move", { move: entry.text, ply: view.ply, color: entry.color ?? null, by, position: view.position,
      side: view.side });
  }
  await saveGame();
  if (view.outcome) gameOver();
}

export async function saveGame() {
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
  store.saveGame({ record: app.record, mode: app.setup.mode, players: app.setup.players, level: app.setup.level,
    seed: app.seed, clock: savedClock(app.clock, performance.now()) });
  store.saveCachedView(app.record, app.view);
}

export function gameOver() {
  const view = app.view;
  const headline = resultHeadline(view.outcome, { humanColor: humanColor() });
  announce(t("announce.over", { result: headline }));
  playSound("end");
  showGameOverPanel();
  emit("gameover", {
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

export function showGameOverPanel() {
  if (!app.view.outcome) return;
  renderGameOver(els.gameover, app.view, {
    humanColor: humanColor(),
    review: app.review,
    markOf,
    onCheck: () => hooks.check(),
    onReview: () => hooks.replay(0),
    onNewGame: () => hooks.openNewGame(),
    onRecord: () => hooks.openRecord(),
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
  const ply = app.replayPly === null ? null : shownReplayPly();
  const index = ply === null ? plies.length - 1 : plies.findIndex((p) => p.ply === first + ply);
  renderGraph(box, plies, {
    current: index < 0 ? null : index,
    onPick: (i) => hooks.replay(Math.max(0, Math.min(app.view.moves.length, (plies[i]?.ply ?? 0) - first))),
  });
}

// ---------------------------------------------------------------- playing
const THINK_SLICE_MS = 200; // a level that thinks by time searches in slices: the page stays in charge

/** A level that thinks by time (the top level) thinks in slices, showing its progress, until its time is
 *  up or the player asks it to move now; then ai_move plays the best move it found. Others: nothing. */
async function thinkByTime(level) {
  if (!app.info?.timed_levels?.[level]) return;
  app.moveNow = false;
  app.thinkProgress = 0;
  renderStatus();
  try {
    for (;;) {
      const result = await call("think", { level, ms: THINK_SLICE_MS });
      app.thinkProgress = result.progress;
      renderStatus();
      if (result.done || app.moveNow) return;
    }
  } finally {
    app.thinkProgress = null;
  }
}

/** The player asks the thinking computer to play the best move it has found. */
export function moveNow() {
  app.moveNow = true;
  announce(t("think.movingNow"));
}

export function scheduleAi() {
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
      await thinkByTime(app.setup.level);
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

/** The board's report of a chosen action (a legal entry, or a flip). */
function onAction(action) {
  app.note = null;
  if (!app.ready) {
    if (app.queued === null && !app.fatal) {
      app.queued = action;
      announce(t("status.queued", { sq: action.to }));
      renderAll();
    }
    return;
  }
  if (!humanCanAct()) return;
  playHuman(action.move);
}

/** A click that did nothing: ask the bridge why, and say it. */
function explainClick({ from, to }) {
  if (!app.ready || !humanCanAct()) return;
  const args = from ? { from, to } : { to };
  call("explain", args).then((result) => {
    const reason = result?.reason;
    if (!reason) return;
    app.note = engineErrorText({ message: reason, code: result.code, params: result.params });
    renderStatus();
    announce(app.note);
  }, () => {});
}

/** A piece was selected: warn when one of its moves would cost a repetition penalty. */
function noteSelection(sq, actions) {
  const penalised = (actions ?? []).filter((a) => a.penalised);
  app.note = penalised.length
    ? t("note.penalty", { squares: [...new Set(penalised.map((a) => a.to))].join(t("list.sep")) })
    : null;
  renderStatus();
  if (app.note) announce(app.note);
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

export function undo() {
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

/** Who would resign now: the human against the computer, else the player to move; null if nobody can
 *  (the game is over, or no colour is decided yet). */
export function resigner() {
  const view = app.view;
  if (view.outcome || !view.side) return null;
  return humanPlayer() ?? view.turn_player;
}

export function resign() {
  const player = resigner();
  if (!player) return Promise.resolve();
  stopReplay();
  return endGameBy("resign", player);
}

export function askHint() {
  app.hintPending = true;
  task(async () => {
    els.hint.hidden = false;
    els.hint.textContent = t("hint.thinking");
    try {
      app.hint = await call("hint");
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    } finally {
      app.hintPending = false;
    }
  }).then(() => {
    if (app.hint) announce(els.hint.textContent);
  });
}

/** Start a new game (the dialog, the parent page, or start-up). Throws with the engine's reason. */
export function startGame(choice, seed = null) {
  stopReplay();
  return task(async () => {
    const view = await call("new_game", newGameArgs(choice, seed));
    app.setup = setupFor(choice);
    app.fromRecord = false;
    app.seed = seed ?? null;
    app.clock = createClock(choice.clock);
    app.review = null;
    setView(view);
    app.persist = !app.embed;
    renderAll();
    await saveGame();
  }).then((value) => {
    scheduleAi();
    return value;
  });
}

/** Load a record (import, share link, parent page). The current game is kept if it is refused. */
export function loadRecord(record, { persist = !app.embed } = {}) {
  if (typeof record !== "string" || !record.trim()) {
    return Promise.reject(new Error(t("error.emptyRecord")));
  }
  stopReplay();
  return task(async () => {
    const view = await call("load_record", { record });
    app.setup = setupFromView(view, app.setup); // the record's tags say who plays each side
    app.seed = null;
    app.clock = null;
    app.review = null;
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

/** Bring back a saved game: its record and, for a known deal, the seed kept beside it. */
export async function restoreSaved(saved) {
  const view = await task(() => call("restore", restoreArgs(saved.record, saved.seed ?? null)));
  app.setup = setupFromView(view, setupFor({ ...saved, first: saved.players[1] === "ai" ? "ai" : "human" }));
  app.seed = saved.seed ?? null;
  app.clock = restoreClock(saved.clock);
  setView(view);
  app.record = saved.record;
  if (view.outcome) gameOver();
  return view;
}

/** A click made while Python loaded: play it now if it is still legal. */
export function playQueued() {
  const queued = app.queued;
  app.queued = null;
  if (!queued) return;
  const ok = humanToMove() && findAction(app.view, queued.move);
  if (ok) playHuman(queued.move);
  else {
    if (humanToMove()) showMessage(t("error.queued", { move: queued.move }));
    renderAll();
  }
}

// ---------------------------------------------------------------- replay

// ---------------------------------------------------------------- review
