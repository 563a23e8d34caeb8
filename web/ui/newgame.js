// The new-game dialog, built from the bridge's `info`: any variant and any rule
// option the engine declares appears here, in the game's own words (web/ui/names.js),
// without a change to this file.

import { t } from "../i18n.js";
import { el } from "./dom.js";
import { engineErrorText } from "./messages.js";
import { TIME_CONTROLS } from "../clock.js";
import { choiceLabel, gameWordsLang, levelChoiceLabel, optionHelp, optionLabel, variantSummary, variantTitle }
  from "./names.js";

/**
 * @param {string} control a time control: "none", or "<minutes>+<seconds a move>"
 * @returns {string}
 */
function clockLabel(control) {
  if (control === "none") return t("clock.none");
  const [m, s] = control.split("+");
  return Number(s) ? t("clock.control", { m, s }) : t("clock.controlPlain", { m });
}

/**
 * @param {string} name the radio group
 * @param {string} value
 * @param {boolean} checked
 * @param {string} label
 * @returns {HTMLElement}
 */
function radio(name, value, checked, label) {
  const id = `ng-${name}-${value}`;
  return el("label", { class: "radio", for: id },
    el("input", { type: "radio", name, value, id, checked }), " ", label);
}

/**
 * dialog: a <dialog>; onStart(choice) -> Promise (rejects with an Error whose message is shown).
 * choice: {mode, first, level, variant, options, clock}
 * @param {HTMLDialogElement} dialog
 * @param {{onStart: (choice: any) => Promise<unknown>, onRules?: (variant: any) => void}} handlers
 * @returns {{setInfo: (next: any) => void, open: (settings: any) => void}}
 */
export function createNewGameDialog(dialog, { onStart, onRules = () => {} }) {
  /** @type {any} the bridge's info */
  let info = null;

  /**
   * @param {any} variant a variant of the info
   * @param {Record<string, unknown> | undefined} saved the options last chosen for it
   * @returns {HTMLElement[]}
   */
  function optionsFields(variant, saved) {
    return (variant?.options ?? []).map((/** @type {any} */ option) => {
      const id = `ng-opt-${option.name}`;
      const value = saved?.[option.name] ?? option.default;
      let input;
      if (option.choices?.length) {
        input = el("select", { id, name: `opt:${option.name}` },
          option.choices.map((/** @type {string} */ c) => el("option", { value: c, selected: String(value) === c },
            choiceLabel(variant, option, c))));
      } else {
        input = el("input", { id, name: `opt:${option.name}`, type: "number", inputmode: "numeric", step: 1,
          min: option.minimum ?? 0, value: String(value), required: true });
      }
      const helpText = optionHelp(variant, option);
      const help = helpText ? el("small", { class: "help", id: `${id}-help` }, helpText) : null;
      if (help) input.setAttribute("aria-describedby", help.id);
      return el("div", { class: "field" }, el("label", { for: id }, optionLabel(option, variant)), input, help);
    });
  }

  /** @param {any} settings the page's settings: the last choices */
  function build(settings) {
    /** @type {any[]} */
    const variants = info?.variants ?? [];
    const current = variants.find((v) => v.name === settings.variant) ?? variants[0];
    /** @type {string[]} */
    const levels = info?.levels ?? [];
    const summary = el("p", { class: "summary" });
    const rules = el("div", { class: "rule-options" });
    /** @param {any} variant the variant chosen: its summary and rule options, marked English when untranslated */
    const showVariant = (variant) => {
      for (const part of [summary, rules]) {
        if (gameWordsLang(variant)) part.setAttribute("lang", "en");
        else part.removeAttribute("lang");
      }
      summary.textContent = variantSummary(variant);
      rules.replaceChildren(...optionsFields(variant, settings.options?.[variant?.name]));
    };
    showVariant(current);
    const variantSelect = /** @type {HTMLSelectElement} */ (el("select", { id: "ng-variant", name: "variant" },
      variants.map((v) => el("option", { value: v.name, selected: v === current, lang: gameWordsLang(v) },
        variantTitle(v)))));
    variantSelect.addEventListener("change", () => {
      showVariant(variants.find((v) => v.name === variantSelect.value));
    });
    const aiOnly = el("div", { class: "ai-only" },
      el("fieldset", {}, el("legend", {}, t("new.order")),
        radio("first", "human", settings.first !== "ai", t("new.first")),
        radio("first", "ai", settings.first === "ai", t("new.second"))),
      el("div", { class: "field" }, el("label", { for: "ng-level" }, t("new.level")),
        el("select", { id: "ng-level", name: "level" },
          levels.map((lv, i) => el("option", { value: lv, selected: lv === settings.level },
            `${i + 1}. ${levelChoiceLabel(lv)}`)))));
    const error = el("p", { class: "form-error", role: "alert", hidden: true });
    const form = /** @type {HTMLFormElement} */ (el("form", { method: "dialog", class: "new-game-form" },
      el("h2", {}, t("new.title")),
      el("fieldset", {}, el("legend", {}, t("new.opponent")),
        radio("mode", "ai", settings.mode !== "two" && settings.mode !== "friend", t("new.vsAi")),
        radio("mode", "two", settings.mode === "two", t("new.twoPlayers")),
        radio("mode", "friend", settings.mode === "friend", t("friend.mode"))), // a friend elsewhere: web/ui/friend.js
      aiOnly,
      el("div", { class: "field" }, el("label", { for: "ng-variant" }, t("new.variant")), variantSelect),
      summary,
      el("div", { class: "field" }, el("label", { for: "ng-clock" }, t("new.clock")),
        el("select", { id: "ng-clock", name: "clock", "aria-describedby": "ng-clock-help" },
          TIME_CONTROLS.map((c) => el("option", { value: c, selected: c === (settings.clock ?? "none") },
            clockLabel(c)))),
        el("small", { class: "help", id: "ng-clock-help" }, t("new.clockHelp"))),
      el("div", { class: "field checkbox" },
        el("label", { for: "ng-serious" },
          el("input", { type: "checkbox", id: "ng-serious", name: "serious", checked: settings.serious === true,
            "aria-describedby": "ng-serious-help" }), " ", t("new.serious")),
        el("small", { class: "help", id: "ng-serious-help" }, t("new.seriousHelp"))),
      el("p", {}, el("button", { type: "button", id: "ng-rules", onclick: () => {
        onRules(variants.find((v) => v.name === variantSelect.value));
      } }, t("new.rulesOf"))),
      el("details", { class: "rules-box", open: true }, el("summary", {}, t("new.rulesMore")), rules),
      error,
      el("div", { class: "button-row" },
        el("button", { type: "submit", class: "primary", value: "start" }, t("btn.start")),
        el("button", { type: "button", onclick: () => dialog.close() }, t("btn.cancel"))),
    ));
    const syncMode = () => {
      aiOnly.hidden = /** @type {RadioNodeList} */ (form.elements.namedItem("mode")).value !== "ai";
    };
    form.addEventListener("change", syncMode);
    syncMode();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      /** @type {Record<string, unknown>} */
      const options = {};
      const variant = variants.find((v) => v.name === data.get("variant"));
      for (const option of variant?.options ?? []) {
        const raw = data.get(`opt:${option.name}`);
        options[option.name] = option.choices?.length ? raw : Number(raw);
      }
      const choice = {
        mode: data.get("mode") === "two" || data.get("mode") === "friend" ? data.get("mode") : "ai",
        first: data.get("first") === "ai" ? "ai" : "human",
        level: data.get("level") || settings.level,
        variant: variant?.name ?? settings.variant,
        options,
        clock: TIME_CONTROLS.find((c) => c === data.get("clock")) ?? "none",
        serious: data.get("serious") === "on",
      };
      error.hidden = true;
      const submit = /** @type {HTMLButtonElement} */ (form.querySelector("[type=submit]"));
      submit.disabled = true; // one game per click, even if the engine is still busy
      try {
        await onStart(choice);
        dialog.close();
      } catch (exc) {
        error.textContent = engineErrorText(exc);
        error.hidden = false;
      } finally {
        submit.disabled = false;
      }
    });
    dialog.replaceChildren(form);
  }

  return {
    setInfo(next) {
      info = next;
    },
    open(settings) {
      build(settings);
      dialog.showModal();
      /** @type {HTMLElement | null} */ (dialog.querySelector("input:checked, select, input"))?.focus();
    },
  };
}
