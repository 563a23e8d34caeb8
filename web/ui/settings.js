// The settings dialog: piece style, Black's pieces turned, how moves are written, asking before a losing move,
// confirming moves,
// details, the Grandmaster's
// cores, theme, language.
// Changes apply at once.

import { t } from "../i18n.js";
import { helperRoom } from "../search-pool.js";
import { el } from "./dom.js";
import { stunField, turnField } from "./friend.js";
import { relaysField } from "./friend-one-link.js";
import { BOARD_THEMES, confirmMovesOn, PIECE_STYLES } from "../storage.js";

/** @typedef {import("../storage.js").Settings} Settings */

/** onChange(partialSettings) is called for every change; getSettings() gives the current ones.
 *  @param {HTMLDialogElement} dialog
 *  @param {{onChange: (changes: Partial<Settings>) => void, getSettings: () => Settings}} callbacks */
export function createSettingsDialog(dialog, { onChange, getSettings }) {
  function open() {
    const settings = getSettings();
    const letters = el("input", { type: "checkbox", id: "set-letters", checked: settings.letters });
    letters.addEventListener("change", () => onChange({ letters: letters.checked }));
    const turnBlack = el("input", { type: "checkbox", id: "set-turn-black", checked: Boolean(settings.turnBlack) });
    turnBlack.addEventListener("change", () => onChange({ turnBlack: turnBlack.checked }));
    const moves = el("select", { id: "set-moves" },
      ["pieces", "notation"].map((v) => el("option", { value: v, selected: (settings.moves ?? "pieces") === v },
        t(`settings.moves.${v}`))));
    moves.addEventListener("change", () => onChange({ moves: /** @type {Settings["moves"]} */ (moves.value) }));
    const askLosing = el("input", { type: "checkbox", id: "set-ask-losing", checked: settings.askLosing !== false });
    askLosing.addEventListener("change", () => onChange({ askLosing: askLosing.checked }));
    const confirmMoves = el("input", { type: "checkbox", id: "set-confirm-moves", checked: confirmMovesOn(settings),
      "aria-describedby": "set-confirm-moves-note" });
    confirmMoves.addEventListener("change", () => onChange({ confirmMoves: confirmMoves.checked }));
    const details = el("input", { type: "checkbox", id: "set-details", checked: Boolean(settings.details) });
    details.addEventListener("change", () => onChange({ details: details.checked }));
    const room = helperRoom();
    const helpers = el("input", { type: "checkbox", id: "set-helpers", checked: settings.helpers !== false && room.count > 0,
      disabled: room.count === 0, "aria-describedby": "set-helpers-note" });
    helpers.addEventListener("change", () => onChange({ helpers: helpers.checked }));
    const helpersNote = el("small", { id: "set-helpers-note", class: "help" }, room.why
      ? t(`settings.helpers.${room.why}`) : t("settings.helpers.on", { cores: room.count + 1 }));
    const theme = el("select", { id: "set-theme" },
      ["auto", "light", "dark"].map((v) => el("option", { value: v, selected: settings.theme === v },
        t(`settings.theme.${v}`))));
    theme.addEventListener("change", () => onChange({ theme: /** @type {Settings["theme"]} */ (theme.value) }));
    const board = el("select", { id: "set-board" }, BOARD_THEMES.map((v) => el("option",
      { value: v, selected: (settings.board ?? "wood") === v }, t(`settings.board.${v}`))));
    board.addEventListener("change", () => onChange({ board: /** @type {Settings["board"]} */ (board.value) }));
    const pieces = el("select", { id: "set-pieces" }, PIECE_STYLES.map((v) => el("option",
      { value: v, selected: (settings.pieces ?? "classic") === v }, t(`settings.pieces.${v}`))));
    pieces.addEventListener("change", () => onChange({ pieces: /** @type {Settings["pieces"]} */ (pieces.value) }));
    const lang = el("select", { id: "set-lang" },
      el("option", { value: "en", selected: settings.lang === "en", lang: "en" }, "English"),
      el("option", { value: "zh", selected: settings.lang === "zh", lang: "zh-Hans" }, "中文"));
    lang.addEventListener("change", () => {
      onChange({ lang: /** @type {Settings["lang"]} */ (lang.value) });
      open(); // re-draw in the new language
    });
    dialog.replaceChildren(el("form", { method: "dialog", class: "settings-form" },
      el("h2", {}, t("settings.title")),
      el("div", { class: "field check" }, letters, el("label", { for: "set-letters" }, t("settings.letters"))),
      el("div", { class: "field check" }, turnBlack, el("label", { for: "set-turn-black" }, t("settings.turnBlack"))),
      el("div", { class: "field" }, el("label", { for: "set-moves" }, t("settings.moves")), moves),
      el("div", { class: "field check" }, askLosing,
        el("label", { for: "set-ask-losing" }, t("settings.askLosing"))),
      el("div", { class: "field check with-help" }, confirmMoves,
        el("label", { for: "set-confirm-moves" }, t("settings.confirmMoves")),
        el("small", { id: "set-confirm-moves-note", class: "help" }, t("settings.confirmMoves.help"))),
      el("div", { class: "field check" }, details, el("label", { for: "set-details" }, t("settings.details"))),
      el("div", { class: "field check with-help" }, helpers, el("label", { for: "set-helpers" }, t("settings.helpers")),
        helpersNote),
      el("div", { class: "field" }, el("label", { for: "set-theme" }, t("settings.theme")), theme),
      el("div", { class: "field" }, el("label", { for: "set-board" }, t("settings.board")), board),
      el("div", { class: "field" }, el("label", { for: "set-pieces" }, t("settings.pieces")), pieces),
      el("div", { class: "field" }, el("label", { for: "set-lang" }, t("settings.lang")), lang),
      relaysField(), // one-link play's relays (web/remote/relays.js)
      stunField(), // Play a friend: how two devices find each other (kept with the friend's name, not here)
      turnField(), // and what passes their traffic when no direct route exists (none by default)
      el("div", { class: "button-row" }, el("button", { type: "submit", class: "primary" }, t("btn.close")))));
    if (!dialog.open) dialog.showModal();
  }
  return { open };
}
