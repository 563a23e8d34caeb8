// The human's turns: what the board reports (an action, a click that did
// nothing, a piece picked up, a chain of captures under way), a click made while Python loaded, and hints.

import { t } from "./i18n.js";
import { scheduleAi } from "./ai-turns.js";
import { call, EngineRestarted, task } from "./engine-queue.js";
import { afterMove } from "./game-events.js";
import { hintText, noteSaysTurn, renderAll, renderStatus, showError, showHintThinking, showMessage } from "./render.js";
import { announce } from "./ui/announce.js";
import { confirmDialog } from "./ui/confirm.js";
import { $ } from "./ui/dom.js";
import { engineErrorText } from "./ui/messages.js";
import { app, findAction, humanCanAct, humanToMove } from "./state.js";
import { onSetView } from "./view.js";

/** @typedef {import("./action").Action} Action */

// A new position: the hint and the note were about the last one.
onSetView(() => {
  app.hint = null;
  app.note = null;
});

/** Say `note` in the status line (why a click did nothing, a penalty's warning), or nothing (null).
 *  @param {string | null} note */
export function setNote(note) {
  app.note = note;
}

/** The board's report of a chosen action (a legal entry, or a flip).
 *  @param {Action} action */
export function onAction(action) {
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

/** Before an action the bridge marks as losing at once: ask, unless the player turned the question off
 *  in Settings. Resolves true to go on with it; false when it is taken back (the board is drawn again).
 *  @param {Action} action @returns {Promise<boolean>} */
export async function confirmLosing(action) {
  if (!action.loses || app.settings?.askLosing === false) return true;
  const dialog = /** @type {HTMLDialogElement} */ ($("#confirm-dialog"));
  const go = await confirmDialog(dialog, t("loses.question", { move: action.move }), t("btn.playAnyway"),
    t("btn.takeBack"));
  if (!go) renderAll();
  return go;
}

/** The engine's reasons that name the side to move: the status line says them instead of the turn. */
const TURN_CODES = new Set(["move.not_yours", "piece.not_yours", "stack.not_yours", "stack.swap_first",
  "stack.promotion_pending"]);

/** A click that did nothing: ask the bridge why, and say it.
 *  @param {{from: string | null, to: string}} click */
export function explainClick({ from, to }) {
  if (!app.ready || !humanCanAct()) return;
  const args = from ? { from, to } : { to };
  call("explain", args).then((result) => {
    const reason = result?.reason;
    if (!reason) return;
    app.note = engineErrorText({ message: reason, code: result.code, params: result.params });
    noteSaysTurn(TURN_CODES.has(result.code ?? "") ? app.note : null);
    renderStatus();
    announce(app.note);
  }, () => {});
}

/** A piece was selected: warn when one of its moves would cost a repetition penalty.
 *  @param {string | null} sq @param {Action[]} actions */
export function noteSelection(sq, actions) {
  const penalised = (actions ?? []).filter((a) => a.penalised);
  app.note = penalised.length
    ? t("note.penalty", { squares: [...new Set(penalised.map((a) => a.to))].join(t("list.sep")) })
    : null;
  renderStatus();
  if (app.note) announce(app.note);
}

/** A chain of captures under way on the board (null: none): say where the piece may capture next.
 *  @param {import("./board.js").ChainStep | null} step */
export function noteChain(step) {
  app.note = step ? t("note.chain", { move: step.move, squares: step.next.join(t("list.sep")) }) : null;
  renderStatus();
  if (app.note) announce(app.note);
}

/** @param {string} text the action, as the record writes it */
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

/** The engine's suggestion for the player to move, shown under the board. */
export function askHint() {
  app.hintPending = true;
  task(async () => {
    showHintThinking();
    try {
      app.hint = await call("hint");
    } catch (err) {
      if (!(err instanceof EngineRestarted)) showError(err);
    } finally {
      app.hintPending = false;
    }
  }).then(() => {
    if (app.hint) announce(hintText());
  });
}
