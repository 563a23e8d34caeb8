// Words for moves: the aria-live region that announces every move, and the
// same sentence for anyone who asks (the replay, the embed events).

import { kindName, pieceName, t } from "../i18n.js";
import { parseMoveText } from "./replay.js";

let region = null;

export function setAnnouncer(node) {
  region = node;
}

/** Say text through the polite live region (re-set so a repeat is spoken again). */
export function announce(text) {
  if (!region || !text) return;
  region.textContent = "";
  window.setTimeout(() => { region.textContent = text; }, 30);
}

/** "Red Chariot c2 to c3." for a move entry; `piece` is what stands on its destination afterwards. */
export function describeMove(entry, piece) {
  const move = parseMoveText(entry?.text);
  if (!move) return entry?.text ?? "";
  const who = entry.color ? t(`who.${entry.color}`) : "";
  let sentence;
  if (move.kind === "flip") {
    const revealed = entry.revealed ? pieceName(entry.revealed) : "?";
    sentence = t(who ? "announce.flip" : "announce.openingFlip", { who, sq: move.to, piece: revealed });
  } else {
    const name = piece && piece !== "x" ? kindName(piece) : "";
    const params = { who, piece: name, from: move.from, to: move.to };
    if (move.kind === "capture" && entry.captured) {
      sentence = t("announce.capture", { ...params, captured: pieceName(entry.captured) });
    } else {
      sentence = t("announce.move", params);
    }
  }
  if (entry.penalised && entry.color) sentence += ` ${t("announce.penalty", { color: t(`color.${entry.color}`) })}`;
  return sentence;
}
