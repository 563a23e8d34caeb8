// Rendering: what the page shows of the app's state (web/state.js). Nothing here
// asks the engine; the buttons of the panels call back through the hooks the
// page gave to mount().

import { animationOf, canShareAnimation, makeAnimation, shareAnimation } from "./animation.js";
import { actionBoard } from "./chain-steps.js";
import { getLang, t } from "./i18n.js";
import { $ } from "./ui/dom.js";
import { renderGameOver, resultHeadline } from "./ui/gameover.js";
import { renderGraph } from "./ui/graph.js";
import { renderMoves } from "./ui/movelist.js";
import { levelLabel } from "./ui/names.js";
import { renderInfo, renderPlayers } from "./ui/panel.js";
import { engineErrorText } from "./ui/messages.js";
import { actionText, moveStyle, moveText } from "./ui/movetext.js";
import { flagged, formatClock, remainingOf } from "./clock.js";
import {
  app, costText, findAction, humanCanAct, humanColor, humanHasMoved, humanPlayer, markOf, NO_LEGAL, replayPosition,
  resigner, reviewHintAt, shownReplayPly, startPly, viewFlag,
} from "./state.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").LastMove} LastMove */
/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./clock.js").Clock} Clock */

/**
 * The page's elements the controller draws into (app.js finds them).
 * @typedef {object} Elements
 * @property {HTMLElement} status
 * @property {HTMLElement} spinner
 * @property {HTMLElement} progress
 * @property {HTMLElement} progressBar
 * @property {HTMLElement} think
 * @property {HTMLElement} thinkProgress
 * @property {HTMLElement} thinkBar
 * @property {HTMLButtonElement} moveNow
 * @property {HTMLElement} knownDeal
 * @property {HTMLElement} reviewNote
 * @property {HTMLElement} players
 * @property {HTMLElement} info
 * @property {HTMLElement} moves
 * @property {HTMLElement} gameover
 * @property {HTMLElement} hint
 * @property {HTMLElement} message
 * @property {HTMLElement} messageText
 * @property {HTMLElement} replayBar
 * @property {HTMLElement} replayPos
 * @property {Record<"new" | "undo" | "hint" | "resign" | "record" | "rules" | "sound" | "settings" | "lang", HTMLButtonElement>} buttons
 */

/**
 * What the page's other parts do for the panels' buttons, and for a player out of time.
 * @typedef {object} RenderHooks
 * @property {() => void} openNewGame
 * @property {() => void} openRecord
 * @property {(ply: number) => unknown} replay
 * @property {() => void} check
 * @property {(player: number) => void} flag
 */

const FLASH_MS = 1400; // as long as the .flash animation in style.css
const CLOCK_TICK_MS = 200;

/** @type {Elements} */
let els = /** @type {any} */ (null);
/** @type {Board} */
let board = /** @type {any} */ (null);
/** @type {RenderHooks} */
let hooks = /** @type {any} */ (null);

/** Bind rendering to the page's elements, its board and the panels' actions.
 *  @param {Elements} elements @param {Board} theBoard @param {RenderHooks} theHooks */
export function mountRender(elements, theBoard, theHooks) {
  els = elements;
  board = theBoard;
  hooks = theHooks;
}

// ---------------------------------------------------------------- who plays what

/** @param {number} n */
function playerName(n) {
  if (app.setup.mode === "two") return t("player.n", { n });
  if (String(app.setup.players[n]) === "remote") return app.setup.names[n] || t("friend.opponent"); // friend-game.js
  return app.setup.players[n] === "human" ? t("player.you") : t("player.ai", { level: levelLabel(app.setup.level) });
}

// ---------------------------------------------------------------- the board, the status line, the buttons

/** @param {LastMove | null} [animateMove] */
function renderBoard(animateMove = null) {
  const view = app.view;
  if (app.replayPly !== null) {
    const at = app.replayView ?? view;
    const ply = shownReplayPly();
    const best = reviewHintAt(ply);
    const played = best && ply !== null ? view.moves[ply] : null; // the mistake about to be played, marked too
    const hint = best ? { ...best, played: played ? { from: played.from, to: played.to } : null } : null;
    board.set({ board: at.board ?? view.board, squares: at.squares, lastMove: at.last_move, legal: NO_LEGAL,
      interactive: false, hint, queued: null, letters: app.settings.letters,
      turnBlack: Boolean(app.settings.turnBlack) },
    animateMove);
    return;
  }
  const pending = app.pendingMove; // Confirm moves: the action shown, both squares marked (web/confirm-move.js)
  if (pending) {
    board.set({ board: view.board, squares: actionBoard(view.squares, pending), legal: NO_LEGAL, interactive: false,
      lastMove: { from: pending.from, to: pending.to, kind: pending.kind, path: pending.path }, hint: null,
      queued: null, letters: app.settings.letters, turnBlack: Boolean(app.settings.turnBlack) });
    return;
  }
  const hint = app.hint && findAction(view, app.hint.move);
  board.set({
    board: view.board, squares: view.squares, lastMove: view.last_move, legal: view.legal ?? NO_LEGAL,
    interactive: humanCanAct(), hint: hint ? { from: hint.from, to: hint.to, path: hint.path } : null,
    queued: app.queued?.to ?? null, letters: app.settings.letters, turnBlack: Boolean(app.settings.turnBlack),
  }, animateMove);
  const shape = view.board;
  if (shape) {
    const last = shape.names?.[shape.files - 1]?.replace(/\d+$/, "") ?? "";
    board.setLabel(t("board.label", { files: shape.files, ranks: shape.ranks, last }));
  }
}

/** The status line's words. @returns {string} */
export function statusText() {
  if (app.fatal) return app.fatal;
  const view = app.view;
  if (!app.ready) {
    const queued = app.queued?.to;
    return queued ? t("status.queued", { sq: queued }) : t("status.loading", { pct: Math.round(app.progress * 100) });
  }
  if (app.replayPly !== null) { // and the move just shown, in the player's words (the replay bar says where: two
    // lines hold it in a frame 300 px wide)
    const ply = shownReplayPly();
    const move = ply ? moveText(view.moves[ply - 1], moveStyle(app.settings)) : "";
    return move ? `${t("status.replay")} ${move}` : t("status.replay");
  }
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
  } else if (String(app.setup.players[turn]) === "remote") { // a friend on another device (friend-game.js)
    text = t("friend.theirTurn", { name: app.setup.names[turn] ?? "" });
  } else {
    return t("status.aiThinking");
  }
  // the game's own word (a pending promotion) says whose turn it is: it stands instead of the turn, not after it
  if (view.note) text = sentence(engineErrorText(view.note));
  if (app.note && app.note === turnNote) return sentence(app.note); // "not yours (red to move)": the turn once
  return app.note ? `${text} ${sentence(app.note)}` : text;
}

/** @type {string | null} */
let turnNote = null;

/** Say that `note` (the player's note, app.note) names whose turn it is, so that it stands for the turn.
 *  @param {string | null} note */
export function noteSaysTurn(note) {
  turnNote = note;
}

/** A note as a sentence of the status line: a capital first, a full stop last.
 *  @param {string} text @returns {string} */
export function sentence(text) {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  // a word's first letter, never a square's ("c2 上的棋子…" stays as it is)
  const capital = /^[a-z][a-z]/.test(trimmed) ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : trimmed;
  return /[.!?。！？…]$/.test(capital) ? capital : `${capital}${getLang() === "zh" ? "。" : "."}`;
}

export function renderStatus() {
  els.status.textContent = statusText();
  const loading = !app.ready && !app.fatal;
  els.progress.hidden = !loading;
  els.progress.setAttribute("aria-valuenow", String(Math.round(app.progress * 100)));
  els.progressBar.style.width = `${Math.round(app.progress * 100)}%`;
  els.spinner.hidden = !(app.thinking || loading);
  document.body.classList.toggle("thinking", app.thinking);
  const me = String(humanPlayer() ?? 1); // a phone shows this player's card under the board, the other's above
  if (document.body.dataset.me !== me) document.body.dataset.me = me;
  const timed = app.thinking && app.thinkProgress !== null;  // a level that thinks by time: progress, move now
  els.think.hidden = !timed;
  if (timed) {
    const pct = String(Math.round((app.thinkProgress ?? 0) * 100));
    els.thinkProgress.setAttribute("aria-valuenow", pct);
    els.thinkBar.style.width = `${pct}%`;
  }
  board.element.setAttribute("aria-busy", app.thinking ? "true" : "false");
  els.knownDeal.hidden = !app.view?.known_deal;
  const continued = document.getElementById("continued-mark");
  if (continued) continued.hidden = !viewFlag(app.view, "continued");
  const serious = document.getElementById("serious-mark");
  if (serious) serious.hidden = !viewFlag(app.view, "serious");
}

/** @param {string} selector */
const button = (selector) => /** @type {HTMLButtonElement} */ ($(selector));

export function renderButtons() {
  const idle = app.ready && app.busy === 0 && !app.thinking && !app.fatal;
  const b = els.buttons;
  b.new.disabled = !app.ready;
  b.record.disabled = !app.ready || !!app.fatal;
  const view = app.view;
  const undoable = view.moves.length > 0 && (app.setup.mode === "two" || humanHasMoved());
  const serious = viewFlag(view, "serious"); // no undo, no hint: the buttons say why
  // against a friend elsewhere (friend-game.js) no hint, and a takeback is asked in the friend bar
  const friend = Object.values(app.setup.players).some((p) => String(p) === "remote");
  const off = friend ? "friend" : serious ? "serious" : null;
  b.undo.disabled = !idle || !undoable || off !== null;
  b.hint.disabled = !idle || !humanCanAct() || app.replayPly !== null || off !== null;
  for (const [button, what] of /** @type {const} */ ([[b.undo, "undo"], [b.hint, "hint"]])) {
    if (off) button.title = t(`${what}.${off}Off`);
    else button.removeAttribute("title");
  }
  b.resign.disabled = !idle || !resigner();
  // greyed on the player's first turn: say why (a report took them for broken)
  if (!off && idle && !undoable && !view.outcome) b.undo.title = t("undo.nothingYet");
  if (idle && !view.outcome && !view.side) b.resign.title = t("resign.notYet");
  else b.resign.removeAttribute("title");
  const over = Boolean(view.outcome) && view.moves.length > 0;
  els.replayBar.hidden = !over;
  if (over) {
    const at = app.replayPly ?? view.moves.length;
    button("#rp-first").disabled = button("#rp-prev").disabled = at <= 0;
    button("#rp-next").disabled = button("#rp-last").disabled = at >= view.moves.length;
    const play = button("#rp-play");
    const key = app.replayTimer ? "replay.pause" : "replay.play";
    play.textContent = app.replayTimer ? "❚❚" : "▶";
    play.setAttribute("aria-label", t(key));
    play.title = t(key);
    els.replayPos.textContent = app.replayPly === null ? "" : replayPosition();
  }
}

// ---------------------------------------------------------------- the panels

/** @type {WeakMap<Element, string>} */
const drawn = new WeakMap(); // container -> key of what it shows

/** Redraw a panel only when what it shows changed: new nodes mean text shaping (CJK fonts are
 *  costly) and layout, and the page redraws on every step of every move.
 *  @param {Element} container @param {unknown[]} parts @param {() => void} draw */
function drawIf(container, parts, draw) {
  const key = JSON.stringify([getLang(), app.settings.letters, app.settings.moves, app.settings.details, ...parts]);
  if (drawn.get(container) === key) return;
  drawn.set(container, key);
  draw();
}

function renderPanels() {
  const replaying = app.replayPly !== null && app.replayView;
  /** @type {View} */
  const view = replaying ? { ...app.view, ...app.replayView } : app.view;
  const playing = app.replayPly === null;
  drawIf(els.players, [Boolean(app.clock), view.decided_by_score, view.player_colors, view.scores, view.penalties, view.captured, view.turn_player,
    view.outcome, app.setup, app.thinking, playing], () =>
    renderPlayers(els.players, view, {
      playerName, letters: app.settings.letters, thinking: app.thinking, live: playing,
      clock: app.clock ? (/** @type {number} */ n) => formatClock(remainingOf(/** @type {Clock} */ (app.clock), n, performance.now())) : null,
    }));
  renderClocks();
  for (const [color, since] of Object.entries(app.flashes)) {
    const elapsed = performance.now() - (since ?? 0);
    const card = els.players.querySelector(`.player-card.${color}`);
    if (elapsed > FLASH_MS || !(card instanceof HTMLElement)) continue;
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
    current, onPick: reviewing ? (/** @type {number} */ ply) => hooks.replay(ply) : null, marks, markOf, costOf: costText,
    style: moveStyle(app.settings),
  }));
  renderReviewNote(current);
  if (app.hint) {
    els.hint.hidden = false;
    const score = Number(app.hint.score) || 0;
    const mate = Number(app.hint.mate) || 0; // Cheight: a forced win (or loss) in that many moves
    const wording = mate > 0 ? "hint.mate" : mate < 0 ? "hint.mated" // a proof, not an evaluation
      : app.hint.table ? "hint.table" : "hint.text"; // the tables' move is perfect play, not a depth
    const numbers = { score: `${score > 0 ? "+" : ""}${score.toFixed(1)}`, depth: app.hint.depth ?? "?" };
    // plain words first; the evaluation and the depth for whoever asks (the details setting, the tooltip)
    const details = t(app.hint.table ? "hint.detailsTable" : "hint.details", numbers);
    const move = actionText(findAction(app.view, app.hint.move), app.view.squares, moveStyle(app.settings))
      || app.hint.move;
    els.hint.textContent = app.hint.move
      ? `${t(wording, { move, judgement: t(judgement(score)), n: Math.abs(mate) })}${app.settings.details ? ` ${details}` : ""}`
      : t("hint.none");
    els.hint.title = app.hint.move ? `${app.hint.move}: ${details}` : "";
  } else if (!app.hintPending) {
    els.hint.hidden = true;
  }
  const box = els.gameover.querySelector(".graph-box");
  if (box && app.evaluations && app.view.outcome) {
    drawIf(box, [app.evaluations.length, current], renderEvalGraph);
  }
}

/** In a reviewed replay: what the move just played, or the one about to be, lost, and the engine's choice.
 *  @param {number | null} ply */
function renderReviewNote(ply) {
  const note = els.reviewNote;
  const marks = app.review?.marks;
  if (!note) return;
  /** @param {number} p */
  const at = (p) => marks?.get(p);
  const next = ply === null ? null : at(ply + 1);
  const here = ply === null ? null : at(ply);
  const shown = ply !== null && next && markOf(next) ? { a: next, n: ply + 1, key: "review.next" }
    : ply !== null && here && markOf(here) ? { a: here, n: ply, key: "review.this" } : null;
  if (shown?.a.missed_win) shown.key += "Mate"; // Cheight: a forced win given up, not points
  note.hidden = !shown;
  if (shown) {
    const style = moveStyle(app.settings);
    const before = app.positions.get(shown.n - 1);
    const best = before && !style.notation
      ? actionText({ move: shown.a.best, from: shown.a.best_from, to: shown.a.best_to,
        kind: before.squares[shown.a.best_to] ? "capture" : "move" }, before.squares, style)
      : shown.a.best;
    note.textContent = t(shown.key, { n: shown.n, move: moveText(app.view.moves[shown.n - 1], style) || shown.a.played,
      cost: costText(shown.a), best, mate: shown.a.missed_win ?? "" });
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
  if (out && app.ready && !app.flagging) hooks.flag(out);
}

/** Keep the clocks ticking on screen. */
export function startClockTicks() {
  window.setInterval(() => { if (app.clock?.running) renderClocks(); }, CLOCK_TICK_MS);
}

/** Words for an evaluation in points from the mover's side (the AI adds a bonus for a won game).
 *  @param {number} score @returns {string} */
function judgement(score) {
  if (score >= 20) return "judge.winning";
  if (score >= 3) return "judge.better";
  if (score > -3) return "judge.even";
  if (score > -20) return "judge.worse";
  return "judge.losing";
}

/** Redraw everything; `animateMove` (a last_move) animates the board's change.
 *  @param {LastMove | null} [animateMove] */
export function renderAll(animateMove = null) {
  renderBoard(animateMove);
  renderStatus();
  renderPanels();
  renderButtons();
}

// ---------------------------------------------------------------- messages

/** While the engine looks for a hint. */
export function showHintThinking() {
  els.hint.hidden = false;
  els.hint.textContent = t("hint.thinking");
}

/** The hint's words as shown (to announce them). @returns {string} */
export function hintText() {
  return els.hint.textContent ?? "";
}

/** @param {string} text */
export function showMessage(text) {
  els.messageText.textContent = text;
  els.message.hidden = false;
}

/** @param {unknown} err */
export function showError(err) {
  showMessage(t("error.prefix", { message: errorText(err) }));
}

/** An engine error in the page's language (its code and params), else its text.
 *  @param {unknown} err @returns {string} */
export function errorText(err) {
  if (typeof err === "string") return err;
  return engineErrorText(/** @type {import("./engine-client.js").EngineFailure} */ (err));
}

// ---------------------------------------------------------------- the end of the game

/** Hide the game-over panel (a game goes on). */
export function hideGameOver(hidden = true) {
  els.gameover.hidden = hidden;
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
    animation: animationOf(),
    onAnimation: () => { makeAnimation(showGameOverPanel); },
    onShareAnimation: canShareAnimation() ? () => { shareAnimation(); } : null,
  });
}

/** The end panel's result in view: at 1280 x 800 the panel starts below the fold, so the window scrolls
 *  by what it takes to show the headline, the reason and the score, no more (an embed fits its frame, and
 *  scrolling there could move the page around it). */
export function revealGameOver() {
  if (document.body.classList.contains("embed") || els.gameover.hidden) return;
  const reason = els.gameover.querySelector(".reason");
  const last = reason?.nextElementSibling ?? reason;
  if (!last) return;
  const below = last.getBoundingClientRect().bottom + 12 - window.innerHeight;
  const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (below > 0) window.scrollBy({ top: below, behavior: smooth ? "smooth" : "auto" });
}

function renderEvalGraph() {
  const box = els.gameover.querySelector(".graph-box");
  if (!(box instanceof HTMLElement)) return;
  const plies = app.evaluations ?? [];
  if (!plies.length) {
    box.replaceChildren();
    return;
  }
  const first = startPly();
  const ply = app.replayPly === null ? null : shownReplayPly();
  const index = ply === null ? plies.length - 1 : plies.findIndex((p) => p.ply === first + ply);
  renderGraph(box, plies, {
    current: index < 0 ? null : index,
    onPick: (/** @type {number} */ i) => hooks.replay(Math.max(0, Math.min(app.view.moves.length, (plies[i]?.ply ?? 0) - first))),
  });
}
