// Export and import of the game record: a text area, a file, and a share link
// that carries the record in the URL. Record text only ever goes into a
// textarea's value or textContent.

import { t } from "../i18n.js";
import { el, saveFile } from "./dom.js";
import { engineErrorText } from "./messages.js";

/** The page's address with `record` in it. @param {string} record */
export function shareLink(record) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("record", record);
  return url.toString();
}

/** The dialog's title: "Game record", and the mark of an assisted game when its record says so
 *  (the same words as the move list and the end screen). @param {string | null} record */
export function recordTitle(record) {
  return /^\s*\[Assisted\s+"yes"\]\s*$/m.test(record ?? "") ? `${t("record.title")} · ${t("panel.assisted")}`
    : t("record.title");
}

/** @param {string} text */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** onImport(text) -> Promise (rejects with the reason the record was refused).
 *  @param {HTMLDialogElement} dialog @param {{onImport: (text: string) => Promise<unknown>}} callbacks */
export function createRecordDialog(dialog, { onImport }) {
  /** @param {string | null} record */
  function open(record) {
    const area = el("textarea", { id: "record-text", rows: 10, spellcheck: "false", autocomplete: "off",
      "aria-describedby": "record-help" });
    area.value = record ?? "";
    const status = el("p", { class: "form-status", role: "status" });
    const error = el("p", { class: "form-error", role: "alert", hidden: true });
    const linkBox = el("div", { class: "share-box", hidden: true });
    const file = el("input", { type: "file", accept: ".txt,.pgn,.hdc,text/plain", hidden: true });
    /** @param {string} text */
    const say = (text) => { status.textContent = text; };
    file.addEventListener("change", async () => {
      const chosen = file.files?.[0];
      if (!chosen) return;
      try {
        area.value = (await chosen.text()).slice(0, 200_000);
      } catch {
        error.textContent = t("error.file");
        error.hidden = false;
      }
      file.value = "";
    });
    const form = el("form", { method: "dialog", class: "record-form" },
      el("h2", {}, recordTitle(record)),
      el("p", { id: "record-help", class: "muted" }, t("record.help")),
      el("label", { for: "record-text", class: "sr-only" }, t("record.label")),
      area, error, status, linkBox,
      el("div", { class: "button-row wrap" },
        el("button", { type: "button", class: "primary", id: "record-import", onclick: async (/** @type {MouseEvent} */ event) => {
          const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
          error.hidden = true;
          say("");
          button.disabled = true;
          try {
            await onImport(area.value);
            say(t("record.loaded"));
            dialog.close();
          } catch (exc) {
            error.textContent = t("error.import", { reason: engineErrorText(exc) });
            error.hidden = false;
          } finally {
            button.disabled = false;
          }
        } }, t("btn.import")),
        el("button", { type: "button", onclick: async () => {
          say((await copyText(area.value)) ? t("btn.copied") : "");
        } }, t("btn.copy")),
        el("button", { type: "button", onclick: () => {
          saveFile(new Blob([area.value], { type: "text/plain" }), "hdchess-game.txt");
        } }, t("btn.download")),
        el("button", { type: "button", onclick: () => file.click() }, t("btn.openFile")),
        file,
        el("button", { type: "button", onclick: async () => {
          const link = shareLink(area.value);
          if (await copyText(link)) {
            say(t("record.shareCopied"));
          } else {
            const box = el("input", { type: "text", readonly: true, class: "share-link", "aria-label": t("btn.share") });
            box.value = link;
            linkBox.replaceChildren(el("span", {}, t("record.shareManual")), box);
            linkBox.hidden = false;
            box.select();
          }
        } }, t("btn.share")),
        el("button", { type: "button", onclick: () => dialog.close() }, t("btn.close")),
      ),
    );
    dialog.replaceChildren(form);
    dialog.showModal();
    area.focus();
  }
  return { open };
}
