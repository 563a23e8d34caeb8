// The game-over panel: who won, why, and what the numbers were. A game decided
// by score shows the score and how it is made up; a win/loss game (banqi,
// gaiqi, a resignation) shows the result, the reason and the material left,
// labelled as material, never as a score that could contradict the result.

import { t } from "../i18n.js";
import { el } from "./dom.js";
import { terminationText } from "./names.js";

/** The headline: "You win!", "Red wins", "Draw". ctx.humanColor is set in a game against the computer. */
export function resultHeadline(outcome, ctx) {
  if (!outcome.winner) return t("over.draw");
  if (ctx.humanColor) return outcome.winner === ctx.humanColor ? t("over.youWin") : t("over.youLose");
  return t("over.wins", { color: t(`color.${outcome.winner}`) });
}

function scoreLines(outcome, view) {
  const scores = outcome.scores ?? view.scores ?? {};
  const penalties = outcome.penalties ?? view.penalties ?? {};
  return [
    el("p", { class: "final-score" },
      el("span", { class: "red" }, `${t("color.red")} ${scores.red ?? 0}`), " – ",
      el("span", { class: "black" }, `${scores.black ?? 0} ${t("color.black")}`)),
    el("ul", { class: "breakdown" }, ["red", "black"].map((color) => {
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

function materialLine(outcome) {
  const scores = outcome.scores ?? {};
  return el("p", { class: "material" }, t("over.material", {
    red: scores.red ?? 0, black: scores.black ?? 0,
  }));
}

/** The blunder check: a button, then its progress, then how many moves lost much. */
function reviewPart(ctx, total) {
  const review = ctx.review;
  if (!review) {
    return el("p", {}, el("button", { type: "button", id: "btn-check", onclick: ctx.onCheck }, t("review.check")));
  }
  const lost = [...review.marks.values()].filter((a) => ctx.markOf(a)).length;
  return el("div", { class: "review" },
    el("progress", { class: "review-progress", max: review.total || total, value: review.done,
      "aria-label": t("review.check") }),
    el("p", { class: "review-status", role: "status" }, review.running
      ? t("review.progress", { done: review.done, total: review.total }) : t("review.done", { n: lost })));
}

/** Fill the panel; ctx: {humanColor, review, onCheck, onReview, onNewGame, onRecord}; returns the graph container. */
export function renderGameOver(section, view, ctx) {
  const outcome = view.outcome;
  const byScore = outcome.by_score ?? view.decided_by_score ?? true;
  const hidden = Object.values(view.squares ?? {}).filter((s) => s === "x").length;
  const graph = el("div", { class: "graph-box" }, el("p", { class: "muted" }, t("panel.graph.loading")));
  const parts = [
    el("h2", { id: "gameover-title" }, t("over.title")),
    el("p", { class: "headline" }, resultHeadline(outcome, ctx)),
    el("p", { class: "reason" }, terminationText(outcome, view)),
    ...(byScore ? scoreLines(outcome, view) : [materialLine(outcome)]),
    hidden && byScore ? el("p", { class: "muted" }, t("over.hiddenLeft", { n: hidden })) : null,
    el("h3", {}, t("panel.graph")),
    graph,
    reviewPart(ctx, view.moves?.length ?? 0),
    el("div", { class: "button-row" },
      el("button", { type: "button", class: "primary", onclick: ctx.onNewGame }, t("btn.newAfter")),
      el("button", { type: "button", onclick: ctx.onReview }, t("btn.review")),
      el("button", { type: "button", onclick: ctx.onRecord }, t("btn.record"))),
  ];
  section.replaceChildren(...parts.filter(Boolean));
  section.hidden = false;
  return graph;
}
