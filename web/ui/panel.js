// The live panel: the two players (colour, score, penalties, captures), the
// no-progress count and the face-down pool. All numbers come from the view.

import { t } from "../i18n.js";
import { makeDisc } from "../discs.js";
import { kindOrder, pieceColor, pieceName, pieceValue } from "../pieces.js";
import { el } from "./dom.js";

/** @typedef {import("../protocol").View} View */

/** Small discs for piece letters, General first. @param {string | string[]} letters @param {boolean} useLetters */
function discs(letters, useLetters, extraClass = "") {
  return [...letters].sort((a, b) => kindOrder(a) - kindOrder(b))
    .map((letter) => {
      const disc = /** @type {HTMLElement} */ (makeDisc(letter, useLetters));
      disc.classList.add("small");
      disc.setAttribute("role", "img");
      const value = pieceValue(letter);
      const name = value === null ? pieceName(letter) : t("panel.valueOf", { piece: pieceName(letter), value });
      disc.setAttribute("aria-label", name);
      disc.title = name;
      if (extraClass) disc.classList.add(extraClass);
      return disc;
    });
}

/** Lost pieces with their values beside them (the values the score or material counts).
 *  @param {string[]} letters @param {boolean} useLetters */
function lostWithValues(letters, useLetters) {
  return [...letters].sort((a, b) => kindOrder(a) - kindOrder(b)).map((letter) => {
    const value = pieceValue(letter);
    return el("span", { class: "lost" }, discs(letter, useLetters),
      value === null ? null : el("span", { class: "value", "aria-hidden": "true" }, String(value)));
  });
}

/**
 * @typedef {object} PlayersContext
 * @property {(n: number) => string} playerName
 * @property {boolean} letters
 * @property {boolean} thinking
 * @property {boolean} live
 * @property {((n: number) => string) | null} clock a player's time left, as shown
 */

/** Player cards. ctx: {playerName(n), letters, thinking, live}
 *  @param {HTMLElement} container @param {View} view @param {PlayersContext} ctx */
export function renderPlayers(container, view, ctx) {
  // "Score" only while the score decides: in a win/loss game, or one ended by a resignation or the
  // clock, the numbers are the pieces' worth, and the card says the result the end panel says
  const outcome = view.outcome ?? null;
  const byScore = view.decided_by_score !== false && (!outcome || outcome.by_score !== false);
  const cards = [1, 2].map((n) => {
    const color = view.player_colors?.[String(n)] ?? null;
    const active = ctx.live && !view.outcome && view.turn_player === n;
    const score = color && view.scores ? view.scores[color] ?? 0 : null;
    const penalty = color ? view.penalties?.[color] ?? 0 : 0;
    // this side's own pieces off the board (in gaiqi a blind capture may take your own piece,
    // so "what the opponent took" would not always be true)
    const taken = color ? view.captured?.[color] ?? [] : [];
    const result = outcome && color
      ? (outcome.winner ? (outcome.winner === color ? "card.won" : "card.lost") : "card.draw") : null;
    return el("div", {
      class: `player-card${active ? " active" : ""}${color ? ` ${color}` : ""}`,
      dataset: { player: String(n) },
      "aria-current": active ? "true" : null,
    },
    ctx.clock ? el("div", { class: "clock", role: "timer", "aria-label": t("clock.label") }, ctx.clock(n)) : null,
    el("div", { class: "player-head" },
      el("span", { class: `swatch ${color ?? "unknown"}`, "aria-hidden": "true" }),
      el("span", { class: "player-name" }, ctx.playerName(n)),
      el("span", { class: "player-color" }, color ? t(`color.${color}`) : t("color.unknown")),
      active && ctx.thinking ? el("span", { class: "spinner", role: "img", "aria-label": t("status.aiThinking") }) : null,
      result ? el("span", { class: `player-result ${result.slice(5)}` }, t(result)) : null,
    ),
    el("div", { class: "player-stats" },
      // in win/loss games the number is material left, not a score that decides anything
      el("span", { class: "stat score", title: byScore ? null : t("over.materialHelp") },
        `${t(byScore ? "panel.score" : "panel.material")} `, el("strong", {}, score ?? "–")),
      penalty ? el("span", { class: "stat penalty" }, `${t("panel.penalty")} `, el("strong", {}, `−${penalty}`)) : null,
    ),
    el("div", { class: "captured-row" },
      el("span", { class: "captured-label" }, t("label.colon", { label: t("panel.lost") })),
      taken.length ? lostWithValues(taken, ctx.letters) : el("span", { class: "muted" }, t("panel.none")),
    ));
  });
  container.replaceChildren(...cards);
}

/** No-progress counter and the face-down pool by type.
 *  @param {HTMLElement} container @param {View} view @param {{letters: boolean}} ctx */
export function renderInfo(container, view, ctx) {
  const limit = view.quiet_limit ?? null; // null: not known yet; 0: the rule is off
  const quiet = view.quiet ?? 0;
  const quietRow = el("div", { class: "quiet-row" },
    el("span", {}, t("label.colon", { label: t("panel.quiet") })),
    el("strong", { class: "quiet-count" }, limit ? `${quiet}/${limit}` : (limit === 0 ? t("panel.quiet.off") : "–")),
    limit ? el("meter", { min: 0, max: limit, value: Math.min(quiet, limit), low: limit * 0.5, high: limit * 0.8,
      optimum: 0, "aria-hidden": "true" }) : null,
  );
  if (!view.pool) { // not known yet (the board shown before Python is ready)
    container.replaceChildren(quietRow);
    return;
  }
  const pool = Object.entries(view.pool).filter(([, n]) => n > 0);
  const total = pool.reduce((sum, [, n]) => sum + n, 0);
  const poolItems = ["red", "black"].map((color) => el("div", { class: "pool-row" },
    pool.filter(([letter]) => pieceColor(letter) === color)
      .sort((a, b) => kindOrder(a[0]) - kindOrder(b[0]))
      .map(([letter, n]) => el("span", { class: "pool-item" }, discs(letter, ctx.letters),
        el("span", { class: "pool-n" }, `×${n}`)))));
  container.replaceChildren(
    quietRow,
    el("div", { class: "pool" },
      el("h3", {}, t("panel.pool"), " ", el("span", { class: "muted" }, `(${total})`)),
      total ? poolItems : el("p", { class: "muted" }, t("panel.pool.empty"))),
  );
}
