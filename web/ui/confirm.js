// A yes/no question in a modal dialog (native confirm() is blocked in some embeds).

import { t } from "../i18n.js";
import { el } from "./dom.js";

/** Ask `question`; resolves true when the player confirms with `yesLabel` (false: `noLabel`, Cancel by default).
 *  @param {HTMLDialogElement} dialog @param {string} question @param {string} yesLabel @param {string} [noLabel]
 *  @returns {Promise<boolean>} */
export function confirmDialog(dialog, question, yesLabel, noLabel = t("btn.cancel")) {
  return new Promise((resolve) => {
    const yes = el("button", { type: "button", class: "primary", id: "confirm-yes" }, yesLabel);
    const no = el("button", { type: "button", id: "confirm-no" }, noLabel);
    /** @param {boolean} answer */
    const finish = (answer) => {
      dialog.removeEventListener("close", onClose);
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    const onClose = () => finish(false);
    yes.addEventListener("click", () => finish(true));
    no.addEventListener("click", () => finish(false));
    dialog.addEventListener("close", onClose);
    dialog.replaceChildren(el("form", { method: "dialog", class: "confirm-form" },
      el("p", { class: "question" }, question), el("div", { class: "button-row" }, yes, no)));
    dialog.showModal();
    no.focus();
  });
}
