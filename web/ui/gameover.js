// The game-over panel: who won, why, and what the numbers were. A game decided
// by score shows the score and how it is made up; a win/loss game (banqi,
// gaiqi, a resignation) shows the result, the reason and the material left,
// labelled as material, never as a score that could contradict the result.

import { t } from "../i18n.js";
import { el, saveFile } from "./dom.js";
import { terminationText } from "./names.js";

/**
 * The image of the game on screen, or its making (web/animation.js makes it): for the game whose record it is.
 * @typedef {object} Animation
 * @property {string} record the game's record when it was made
 * @property {"making" | "made" | "failed"} state
 * @property {number} done frames drawn so far
 * @property {number} total frames in all (0 until the worker has said)
 * @property {string | null} url the GIF as a blob: URL, once made
 * @property {File | null} file the GIF, for sharing
 * @property {number} ms how long the making took, from the click
 * @property {string | null} error why it failed
 */

/** @typedef {import("../protocol").View} View */
/** @typedef {import("../protocol").Outcome} Outcome */
/** @typedef {import("../protocol").Color} Color */

/**
 * @typedef {object} GameOverContext
 * @property {Color | null} humanColor
 * @property {import("../state.js").Review | null} review
 * @property {(analysis: import("../state.js").Analysis) => string} markOf
 * @property {() => void} onCheck
 * @property {() => void} onReview
 * @property {() => void} onNewGame
 * @property {() => void} onRecord
 * @property {Animation | null} animation the game's animated image, or its making
 * @property {() => void} onAnimation make it
 * @property {(() => void) | null} onShareAnimation share it (null: the browser cannot share files)
 */

/** The headline: "You win!", "Red wins", "Draw". ctx.humanColor is set in a game against the computer.
 *  @param {Outcome} outcome @param {{humanColor: Color | null}} ctx @returns {string} */
export function resultHeadline(outcome, ctx) {
  if (!outcome.winner) return t("over.draw");
  if (ctx.humanColor) return outcome.winner === ctx.humanColor ? t("over.youWin") : t("over.youLose");
  return t("over.wins", { color: t(`color.${outcome.winner}`) });
}

/** @param {Outcome} outcome @param {View} view */
function scoreLines(outcome, view) {
  /** @type {Partial<Record<Color, number>>} */
  const scores = outcome.scores ?? view.scores ?? {};
  /** @type {Partial<Record<Color, number>>} */
  const penalties = outcome.penalties ?? view.penalties ?? {};
  return [
    el("p", { class: "final-score" },
      el("span", { class: "red" }, `${t("color.red")} ${scores.red ?? 0}`), " – ",
      el("span", { class: "black" }, `${scores.black ?? 0} ${t("color.black")}`)),
    el("ul", { class: "breakdown" }, /** @type {Color[]} */ (["red", "black"]).map((color) => {
      const final = scores[color] ?? 0;
      const penalty = penalties[color] ?? 0;
      const colorName = t(`color.${color}`);
      const text = penalty
        ? t("over.breakdown", { color: colorName, board: final + penalty, penalty, final })
        : t("over.breakdownPlain", { color: colorName, final });
      return el("li", { class: color }, text);
    })),
  ];
}

/** @param {Outcome} outcome */
function materialLine(outcome) {
  /** @type {Partial<Record<Color, number>>} */
  const scores = outcome.scores ?? {};
  return el("p", { class: "material", title: t("over.materialHelp") }, t("over.material", {
    red: scores.red ?? 0, black: scores.black ?? 0,
  }));
}

/** @type {{count: () => number, start: () => void} | null} */
let lessons = null;

/** Offer "Learn from your mistakes" once the check is done: `count` says how many of the player's own
 *  moves were marked, `start` starts the lessons (web/lessons.js).
 *  @param {{count: () => number, start: () => void}} hooks */
export function offerLessons(hooks) {
  lessons = hooks;
}

/** The blunder check: a button, then its progress, then how many moves lost much, then the lessons. */
/** @param {GameOverContext} ctx @param {number} total */
function reviewPart(ctx, total) {
  const review = ctx.review;
  if (!review) {
    return el("p", {}, el("button", { type: "button", id: "btn-check", onclick: ctx.onCheck }, t("review.check")));
  }
  const lost = [...review.marks.values()].filter((a) => ctx.markOf(a)).length;
  const own = !review.running && lessons ? lessons.count() : 0;
  return el("div", { class: "review" },
    el("progress", { class: "review-progress", max: review.total || total, value: review.done,
      "aria-label": t("review.check") }),
    el("p", { class: "review-status", role: "status" }, review.running
      ? t("review.progress", { done: review.done, total: review.total }) : t("review.done", { n: lost })),
    own && lessons ? el("p", {}, el("button", { type: "button", id: "btn-learn", onclick: lessons.start },
      t("lesson.start", { n: own }))) : null);
}

/** The animated image of the game's moves: a button, then its progress, then the image with a link to save
 *  it (and Share where the browser can share files).
 *  @param {GameOverContext} ctx */
function animationPart(ctx) {
  const made = ctx.animation;
  if (!made || made.state === "failed") {
    return el("div", { class: "animation" },
      made ? el("p", { class: "form-error", role: "alert" }, t("animation.failed", { reason: made.error ?? "" })) : null);
  }
  if (made.state === "making") {
    return el("div", { class: "animation" },
      el("progress", { id: "animation-progress", max: made.total || 1, value: made.done, "aria-label": t("animation.making") }),
      el("p", { role: "status" }, t("animation.making")));
  }
  return el("div", { class: "animation" },
    el("img", { class: "game-animation", src: made.url ?? "", alt: t("animation.alt"), "data-ms": Math.round(made.ms) }),
    el("div", { class: "button-row wrap" },
      el("button", { type: "button", id: "animation-save", onclick: () => { if (made.file) saveFile(made.file, made.file.name); } },
        t("animation.save")),
      ctx.onShareAnimation ? el("button", { type: "button", onclick: ctx.onShareAnimation }, t("animation.share")) : null));
}

/** Fill the panel; ctx: {humanColor, review, onCheck, onReview, onNewGame, onRecord}; returns the graph container. */
/** @param {HTMLElement} section @param {View} view @param {GameOverContext} ctx */
export function renderGameOver(section, view, ctx) {
  const outcome = /** @type {Outcome} */ (view.outcome);
  const byScore = outcome.by_score ?? view.decided_by_score ?? true;
  const hidden = Object.values(view.squares ?? {}).filter((s) => s === "x").length;
  const graph = el("div", { class: "graph-box" }, el("p", { class: "muted" }, t("panel.graph.loading")));
  const parts = [
    el("h2", { id: "gameover-title" }, t("over.title")),
    el("p", { class: "headline" }, resultHeadline(outcome, ctx)),
    el("p", { class: "reason" }, terminationText(outcome, view)),
    ...(byScore ? scoreLines(outcome, view) : [materialLine(outcome)]),
    hidden && byScore ? el("p", { class: "muted" }, t("over.hiddenLeft", { n: hidden })) : null,
    view.assisted ? el("p", { class: "assisted over-mark" }, t("panel.assisted")) : null,
    /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (view)).continued
      ? el("p", { class: "assisted over-mark", title: t("deal.continuedHelp") }, t("deal.continued")) : null,
    el("h3", {}, t("panel.graph")),
    graph,
    reviewPart(ctx, view.moves?.length ?? 0),
    el("div", { class: "button-row" },
      el("button", { type: "button", class: "primary", onclick: ctx.onNewGame }, t("btn.newAfter")),
      el("button", { type: "button", onclick: ctx.onReview }, t("btn.review")),
      el("button", { type: "button", onclick: ctx.onRecord }, t("btn.record")),
      el("button", { type: "button", id: "btn-animation", onclick: ctx.onAnimation,
        disabled: ctx.animation?.state === "making" }, t("btn.animation"))),
    ctx.animation ? animationPart(ctx) : null,
  ];
  section.replaceChildren(...parts.filter((part) => part !== null));
  section.hidden = false;
  return graph;
}
