// The words of a friend game's start (web/friend-game.js): the fair set-up runs in three steps, each
// the work of one page (web/docs/remote.md, "Fair flips": the host's hello, the guest's welcome, the
// host's start), and then who was drawn to move first (in a rematch: who replied in the last game). The page only counts the set-up's messages that
// went by; it never reads them.

import { t } from "../i18n.js";

export const SETUP_STEPS = 3;

/** The set-up step running now and its words. `passed`: the set-up messages sent or received so far.
 *  @param {{role: "host" | "guest", passed: number, name: string, deck: boolean}} about */
export function setupStep({ role, passed, name, deck }) {
  const step = Math.min(SETUP_STEPS, passed + 1);
  const worker = step === 2 ? "guest" : "host"; // hello and start are the host's work, welcome the guest's
  const key = `start.${worker === role ? "mine" : "theirs"}.${deck ? "deck" : "noDeck"}`;
  return { step, text: t(key, { name, step, of: SETUP_STEPS }) };
}

/** The status line's words for a set-up step. @param {{role: "host" | "guest", passed: number, name: string, deck: boolean}} about */
export function setupWords(about) {
  return setupStep(about).text;
}

/** Who moves first, once the set-up is done: drawn, or in a rematch the side that replied last time.
 *  @param {string} first "me" or "peer" @param {string} name @param {boolean} [rematch] */
export function firstWords(first, name, rematch = false) {
  if (rematch) return first === "me" ? t("start.youFirstSwapped") : t("start.theyFirstSwapped", { name });
  return first === "me" ? t("start.youFirst") : t("start.theyFirst", { name });
}

/** The friend's rematch offer, and who would open it. @param {boolean} meFirst @param {string} name */
export function rematchWords(meFirst, name) {
  return t(meFirst ? "friend.rematchOfferedYouFirst" : "friend.rematchOfferedTheyFirst", { name });
}
