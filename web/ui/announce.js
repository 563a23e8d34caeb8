// Words for moves: the aria-live region that announces every move, and the
// same sentence for anyone who asks (the replay, the embed events).

import { t } from "../i18n.js";
import { kindName, pieceName, topPiece } from "../pieces.js";

/** @type {HTMLElement | null} */
let region = null;

/** @param {HTMLElement} node */
export function setAnnouncer(node) {
  region = node;
}

/** Say text through the polite live region (re-set so a repeat is spoken again). */
/** @param {string | null | undefined} text */
export function announce(text) {
  const live = region;
  if (!live || !text) return;
  live.textContent = "";
  window.setTimeout(() => { live.textContent = text; }, 30);
}

/** "Red Chariot c2 to c3." for a move entry ({text, kind, from, to, color, revealed, captured, penalised});
 *  `content` is what stands on its destination afterwards. */
/** @param {import("../protocol").Move | undefined} entry @param {string | null | undefined} content
 *  @returns {string} */
export function describeMove(entry, content) {
  if (!entry?.to) return entry?.text ?? "";
  const who = entry.color ? t(`who.${entry.color}`) : "";
  let sentence;
  if (entry.kind === "flip") {
    const revealed = entry.revealed ? pieceName(entry.revealed) : "?";
    sentence = t(who ? "announce.flip" : "announce.openingFlip", { who, sq: entry.to, piece: revealed });
  } else {
    const top = topPiece(content);
    const params = { who, piece: top ? kindName(top) : "", from: entry.from, to: entry.to, move: entry.text };
    if (entry.path?.length) { // a chain of captures, told as one move
      const captures = entry.path.map((sq, i) => t("announce.chainStep",
        { to: sq, captured: entry.victims?.[i] ? pieceName(/** @type {string} */ (entry.victims[i])) : "?" }));
      sentence = t("announce.chain", { ...params, captures: captures.join(t("list.sep")) });
    } else if (entry.kind === "capture" && entry.captured) {
      sentence = t("announce.capture", { ...params, captured: pieceName(entry.captured) });
    } else if (entry.kind === "move" || entry.kind === "capture") {
      sentence = t("announce.move", params);
    } else {
      sentence = t("announce.other", params);
    }
  }
  if (entry.penalised && entry.color) sentence += ` ${t("announce.penalty", { color: t(`color.${entry.color}`) })}`;
  return sentence;
}
