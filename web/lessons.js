// Learn from your mistakes: after the review, the page steps through the player's own marked moves
// (? and ??), one at a time. Each shows the position before the mistake; the player tries an action
// through the normal board input, the engine judges it (the bridge's judge_try: nothing is played,
// a flip is judged by its odds and shows no piece), and once the player finds it or gives up the
// engine's own move is drawn as the review draws it. At the end: how many were found.
// The lesson owns the board while it runs (lessonBoard wraps the board render.js draws on), and
// any other step through the replay ends it. Nothing of the finished game changes.

import { call, EngineRestarted, task } from "./engine-queue.js";
import { getLang, t } from "./i18n.js";
import { renderAll, showError } from "./render.js";
import { enterReplay, onReplayNavigate, REVIEW_NODES, stopReplay } from "./replay.js";
import { app, costText, markOf, NO_LEGAL } from "./state.js";
import { announce } from "./ui/announce.js";
import { $, el } from "./ui/dom.js";
import { offerLessons } from "./ui/gameover.js";
import { actionText, moveStyle, moveText } from "./ui/movetext.js";

/** @typedef {import("./action").Action} Action */
/** @typedef {import("./protocol").BoardView} BoardView */
/** @typedef {import("./board.js").Board} Board */
/** @typedef {{move: string, from: string, to: string, kind: string}} LessonAction */

/**
 * The bridge's lesson: the position before a mistake, with its legal actions.
 * @typedef {BoardView & {lesson_ply: number, legal: import("./protocol").Legal,
 *   played: LessonAction & {player: number}}} LessonPosition
 */

/**
 * The bridge's judgement of a try.
 * @typedef {object} Judgement
 * @property {"best" | "better" | "not_better"} verdict
 * @property {LessonAction} try
 * @property {boolean} same_as_played
 * @property {number} loss
 * @property {number} played_loss
 * @property {LessonAction} best
 */

/**
 * How one mistake went: found, or the engine's move shown (with the board it was played on, to word it).
 * @typedef {{ply: number, found: boolean, best: LessonAction | null, squares: Record<string, string | null>}} LessonResult
 */

/**
 * The lessons under way.
 * @typedef {object} Lessons
 * @property {number[]} plies the marked actions to learn from, in game order
 * @property {number} index the one shown
 * @property {number} found how many the player found
 * @property {boolean} foundThis the one shown was found
 * @property {LessonResult[]} results each mistake seen to its end, for the summary
 * @property {LessonPosition | null} position
 * @property {Judgement | null} judged the last try's judgement
 * @property {boolean} revealed the engine's move is shown
 * @property {boolean} busy waiting for the engine
 * @property {boolean} done the summary is shown
 * @property {string | undefined} record the game learnt from
 */

/** @type {Lessons | null} */
let lessons = null;
/** @type {Board | null} */
let realBoard = null;
let drawnKey = "";

/** The players whose mistakes are learnt from: the human of a game against the computer, both players
 *  at this screen, and both of a game between two computers (a record loaded to study it).
 *  @returns {number[]} */
function learners() {
  const humans = [1, 2].filter((player) => app.setup?.players?.[player] !== "ai");
  return humans.length ? humans : [1, 2];
}

/** The marked actions of the learners, once the review is done. @returns {number[]} */
export function ownMistakes() {
  const review = app.review;
  if (!review || review.running || review.record !== app.view.record || !app.view.outcome) return [];
  const players = learners();
  return [...review.marks.entries()]
    .filter(([ply, analysis]) => markOf(analysis) && players.includes(app.view.moves[ply - 1]?.player ?? 0))
    .map(([ply]) => ply)
    .sort((a, b) => a - b);
}

/** Wire the lessons to the page: the game-over panel's button, the replay's steps, the board.
 *  Returns the board render.js draws on: the lesson's position and actions while a lesson runs.
 *  @param {Board} board @returns {Board} */
export function mountLessons(board) {
  realBoard = board;
  offerLessons({ count: () => ownMistakes().length, start: startLessons });
  onReplayNavigate(() => { if (lessons) stopLessons(); });
  return {
    set(changes, moved = null) {
      if (lessons && !stillOurs()) endQuietly();
      if (!lessons) {
        board.set(changes, moved);
        return;
      }
      board.set({ ...changes, ...lessonBoardConfig() }, null);
      drawPanel();
    },
    setLabel: (text) => board.setLabel(text),
    refresh: () => board.refresh(),
    focus: () => board.focus(),
    get shape() { return board.shape; },
    element: board.element,
  };
}

/** Is the game on screen still the one learnt from? */
function stillOurs() {
  return Boolean(lessons && app.view?.outcome && app.view.record === lessons.record);
}

/** The board while a lesson runs: its position; its actions while the player may try one; the try,
 *  then the engine's move (and the move played) as arrows. */
function lessonBoardConfig() {
  const lesson = /** @type {Lessons} */ (lessons);
  const position = lesson.position;
  if (!position || lesson.done) return { legal: NO_LEGAL, interactive: false, hint: null };
  const trying = !lesson.revealed && !lesson.busy;
  const judged = lesson.judged;
  const played = { from: position.played.from, to: position.played.to };
  const best = judged?.best ?? bestOf(lesson);
  const hint = lesson.revealed && best ? { from: best.from, to: best.to, played }
    : judged ? { from: null, to: null, played: { from: judged.try.from, to: judged.try.to } } : null;
  return {
    board: position.board, squares: position.squares, lastMove: position.last_move,
    legal: trying ? position.legal : NO_LEGAL, interactive: trying, hint,
  };
}

/** The review's best action for the mistake shown. @param {Lessons} lesson @returns {LessonAction | null} */
function bestOf(lesson) {
  const analysis = app.review?.marks.get(lesson.plies[lesson.index]);
  return analysis ? { move: analysis.best, from: analysis.best_from, to: analysis.best_to, kind: "" } : null;
}

/** Start with the first of the player's marked moves. */
export function startLessons() {
  const plies = ownMistakes();
  if (!plies.length) return;
  stopReplay(); // the replay's playing through would step away from the lesson
  lessons = { plies, index: 0, found: 0, foundThis: false, results: [], position: null, judged: null, revealed: false,
    busy: false, done: false, record: app.view.record };
  document.body.classList.add("learning");
  setMoveListInert(true);
  showMistake();
}

/** Load the mistake at lessons.index: the position before it, from the bridge. */
function showMistake() {
  const lesson = lessons;
  if (!lesson) return;
  const ply = lesson.plies[lesson.index];
  Object.assign(lesson, { position: null, judged: null, revealed: false, foundThis: false, busy: true });
  drawPanel();
  task(async () => {
    try {
      lesson.position = await call("lesson", { ply });
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  }).then(async () => {
    if (lessons !== lesson) return;
    lesson.busy = false;
    if (!lesson.position) {
      stopLessons();
      return;
    }
    await enterReplay(ply - 1, { lesson: true }); // the move list and the replay bar show where we are
    renderAll();
    announce(`${headingText(lesson)}. ${introText(lesson)}`);
    realBoard?.focus();
  });
}

/** The board reports an action: while a lesson waits for a try, it is the try (returns true).
 *  @param {Action} action @returns {boolean} */
export function lessonAction(action) {
  const lesson = lessons;
  if (!lesson || !stillOurs()) return false;
  if (lesson.busy || lesson.revealed || lesson.done || !lesson.position) return true;
  const ply = lesson.plies[lesson.index];
  lesson.busy = true;
  renderAll();
  task(async () => {
    try {
      lesson.judged = await call("judge_try", { ply, move: action.move, nodes: REVIEW_NODES });
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    }
  }).then(() => {
    if (lessons !== lesson) return;
    lesson.busy = false;
    if (lesson.judged?.verdict === "best") reveal(lesson, true);
    renderAll();
    const words = verdictText(lesson);
    announce(words);
    if (!lesson.revealed) realBoard?.focus();
    else focusPanel(".lesson-next");
  });
  return true;
}

/** The player gives up: the engine's move is shown. */
function giveUp() {
  const lesson = lessons;
  if (!lesson || lesson.busy || !lesson.position) return;
  reveal(lesson, false);
  renderAll();
  announce(revealText(lesson));
  focusPanel(".lesson-next");
}

/** The mistake shown ends: found by the player, or given up; the engine's move is shown.
 *  @param {Lessons} lesson @param {boolean} found */
function reveal(lesson, found) {
  lesson.revealed = true;
  lesson.foundThis = found;
  if (found) lesson.found += 1;
  lesson.results.push({ ply: lesson.plies[lesson.index], found, best: lesson.judged?.best ?? bestOf(lesson),
    squares: lesson.position?.squares ?? {} });
}

/** On to the next mistake, or the summary after the last. */
function next() {
  const lesson = lessons;
  if (!lesson || lesson.busy) return;
  if (lesson.index + 1 < lesson.plies.length) {
    lesson.index += 1;
    showMistake();
    return;
  }
  lesson.done = true;
  renderAll();
  announce(summaryText(lesson));
  focusPanel(".lesson-close");
}

/** End the lessons (the Close or Stop button, or another step through the replay); `refocus`: the
 *  panel's button had the focus, which goes back to "Learn from your mistakes".
 *  @param {boolean} [refocus] */
export function stopLessons(refocus = false) {
  endQuietly();
  renderAll();
  if (refocus) window.requestAnimationFrame(() => document.getElementById("btn-learn")?.focus());
}

function endQuietly() {
  lessons = null;
  drawnKey = "";
  document.body.classList.remove("learning");
  setMoveListInert(false);
  const panel = document.getElementById("lesson");
  if (panel) {
    panel.hidden = true;
    panel.replaceChildren();
  }
}

/** The move list's marked moves name the engine's choice (in their tooltip and label): while the player
 *  looks for it, the list is out of reach (inert: no hover, no focus, not read out).
 *  @param {boolean} inert */
function setMoveListInert(inert) {
  const list = document.getElementById("moves");
  if (list) list.inert = inert;
}

/** @param {string} selector */
function focusPanel(selector) {
  window.requestAnimationFrame(() => /** @type {HTMLElement | null} */ ($(`#lesson ${selector}`))?.focus());
}

// ---------------------------------------------------------------- words

/** "Mistake 2 of 5". @param {Lessons} lesson */
function headingText(lesson) {
  return t("lesson.heading", { n: lesson.index + 1, total: lesson.plies.length });
}

/** An action of a lesson's position (its `squares`) as the player reads it: a flip as "a flip on c3",
 *  never a piece. @param {LessonAction} action @param {Record<string, string | null>} squares */
function actionWords(action, squares) {
  if (action.from === action.to && action.kind !== "swap") return t("lesson.flip", { sq: action.to });
  return actionText({ ...action, kind: action.kind || (squares[action.to] ? "capture" : "move") },
    squares, moveStyle(app.settings)) || action.move;
}

/** What the mistake cost and what to do, in plain words. @param {Lessons} lesson */
function introText(lesson) {
  const ply = lesson.plies[lesson.index];
  const analysis = app.review?.marks.get(ply);
  const entry = app.view.moves[ply - 1];
  const move = moveText(entry, moveStyle(app.settings)) || entry?.text || "";
  const yours = learners().length === 1; // "your move" against the computer; else the colour's
  const color = entry?.color ? t(`color.${entry.color}`) : "";
  const cost = analysis ? costText(analysis) : t("cost.mistake");
  const flips = Boolean(lesson.position?.legal.flips.length);
  return `${t(yours ? "lesson.yours" : "lesson.theirs", { move, cost, color })} ${t(flips ? "lesson.find" : "lesson.findMove")}`;
}

/** Whose turn it is in the lesson's position. @param {Lessons} lesson */
function turnText(lesson) {
  const side = lesson.position?.side;
  return side ? t("lesson.turn", { color: t(`color.${side}`) }) : "";
}

/** The judgement of the last try, as a sentence ("A flip on c3 is…"). @param {Lessons} lesson */
function verdictText(lesson) {
  const words = verdictWords(lesson);
  return /^[a-z](?![0-9])/.test(words) ? words.charAt(0).toUpperCase() + words.slice(1) : words; // never a square
}

/** @param {Lessons} lesson */
function verdictWords(lesson) {
  const judged = lesson.judged;
  if (!judged) return "";
  const move = actionWords(judged.try, lesson.position?.squares ?? {});
  if (judged.verdict === "best") {
    const same = judged.try.move === judged.best.move;
    return same ? t("lesson.rightSame", { move }) : `${t("lesson.right", { move })} ${revealText(lesson)}`;
  }
  if (judged.same_as_played) return t("lesson.same", { move });
  return t(judged.verdict === "better" ? "lesson.better" : "lesson.notBetter", { move });
}

/** The engine's move. @param {Lessons} lesson */
function revealText(lesson) {
  const best = lesson.judged?.best ?? bestOf(lesson);
  return best ? t("lesson.engine", { move: actionWords(best, lesson.position?.squares ?? {}) }) : "";
}

/** @param {Lessons} lesson */
function summaryText(lesson) {
  return t("lesson.summary", { found: lesson.found, total: lesson.plies.length });
}

/** One line of the summary: the mistake, and found or the engine's move. @param {LessonResult} result */
function resultText(result) {
  const move = moveText(app.view.moves[result.ply - 1], moveStyle(app.settings));
  if (result.found || !result.best) return t("lesson.resultFound", { n: result.ply, move });
  return t("lesson.resultShown", { n: result.ply, move, best: actionWords(result.best, result.squares) });
}

// ---------------------------------------------------------------- the panel

/** Draw the lesson's panel (again only when what it shows changed). */
function drawPanel() {
  const panel = document.getElementById("lesson");
  const lesson = lessons;
  if (!panel || !lesson) return;
  const key = JSON.stringify([getLang(), app.settings.moves, app.settings.letters, lesson.index, lesson.found,
    lesson.revealed, lesson.busy, lesson.done, Boolean(lesson.position), lesson.judged]);
  if (key === drawnKey && !panel.hidden) return;
  drawnKey = key;
  const button = (/** @type {string} */ cls, /** @type {string} */ words, /** @type {() => void} */ onclick,
    primary = false) => el("button", { type: "button", class: `${cls}${primary ? " primary" : ""}`, onclick }, words);
  const close = () => stopLessons(true);
  const stop = button("lesson-stop", t("lesson.stop"), close);
  /** @type {(Node | null)[]} */
  let parts;
  if (lesson.done) {
    parts = [
      el("h2", { id: "lesson-title" }, t("lesson.title")),
      el("p", { class: "lesson-summary" }, summaryText(lesson)),
      el("ul", { class: "lesson-results" }, lesson.results.map((result) =>
        el("li", { class: result.found ? "found" : "shown" }, resultText(result)))),
      el("div", { class: "button-row" }, button("lesson-close", t("btn.close"), close, true)),
    ];
  } else {
    const last = lesson.index + 1 >= lesson.plies.length;
    const ready = Boolean(lesson.position);
    parts = [
      el("h2", { id: "lesson-title" }, `${t("lesson.title")} · ${headingText(lesson)}`),
      ready ? el("p", { class: "lesson-intro" }, introText(lesson)) : null,
      ready ? el("p", { class: "lesson-turn muted" }, turnText(lesson)) : null,
      el("p", { class: `lesson-verdict${lesson.judged ? ` ${lesson.judged.verdict}` : ""}` },
        lesson.busy ? t("lesson.thinking")
          : lesson.revealed && !lesson.foundThis ? revealText(lesson)
            : lesson.judged ? verdictText(lesson) : ""),
      el("div", { class: "button-row" },
        !lesson.revealed ? button("lesson-giveup", t("lesson.giveUp"), giveUp) : null,
        lesson.revealed ? button("lesson-next", t(last ? "lesson.finish" : "lesson.next"), next, true) : null,
        stop),
    ];
  }
  panel.replaceChildren(...parts.filter((part) => part !== null));
  panel.hidden = false;
  for (const node of panel.querySelectorAll("button")) {
    if (lesson.busy && !node.classList.contains("lesson-stop")) /** @type {HTMLButtonElement} */ (node).disabled = true;
  }
}
