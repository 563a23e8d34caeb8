// "Play a friend" from one link (web/remote/one-link.js): the host's dialog shows the link and its QR code
// and waits, saying what it is doing, until the friend opens it and accepts; the guest's dialog shows who
// invites to what and asks a name while its page finds the host's through the relays. No reply goes back.
// When no relay answers within RELAY_WAIT_MS the dialog says so and offers the two-link exchange of
// web/ui/friend.js; a failed connection says which part failed. Then onConnected (web/friend-game.js).

import { t } from "../i18n.js";
import { linkFor } from "../remote/codec.js";
import { createRoomLink, decodePlay, encodePlay, newRoom } from "../remote/one-link.js";
import { DEFAULT_RELAYS, parseRelays, RELAY_WAIT_MS, relayUrls } from "../remote/relays.js";
import { iceServers, turnServers } from "../remote/stun.js";
import { loadPrefs, savePrefs } from "../remote/store.js";
import { el } from "./dom.js";
import { urlListInput } from "./url-list.js";

const FIND_WAIT_MS = 20_000; // the guest: relays answer but no host page, past this it says so (and keeps looking)
const STEPS = 3; // the relays answer, the friend's page is found, the seat is taken

/**
 * @typedef {import("./friend.js").OfferedGame} OfferedGame
 * @typedef {import("./friend.js").Connected} Connected
 * @typedef {import("../remote/one-link.js").RoomProgress} RoomProgress
 * @typedef {import("../remote/one-link.js").RoomLink} RoomLink
 * @typedef {object} OneLinkHelpers what web/ui/friend.js lends this dialog
 * @property {HTMLDialogElement} dialog
 * @property {() => any} info
 * @property {(connected: Connected) => void} onConnected
 * @property {(kind: "join" | "reply" | "play", url: string) => Promise<{block: HTMLElement, qr: HTMLElement | null, help: string}>} linkBlock
 * @property {(text: string) => void} showProblem
 * @property {(err: unknown) => string} codeErrorText
 * @property {(info: any, game: OfferedGame) => {title: string, details: string}} describeGame
 * @property {(text: string) => string} cleanName
 * @property {() => {input: HTMLInputElement, field: HTMLElement}} nameField
 * @property {(game: OfferedGame, name: string) => Promise<void>} twoLinks today's exchange, as the fallback
 */

/** Is one-link play on (a relay is set)? */
export function oneLinkOn() {
  return relayUrls(loadPrefs().relays).length > 0;
}

/** @param {HTMLElement} line @param {string} text @param {boolean} [problem] */
function say(line, text, problem = false) {
  line.textContent = text;
  line.className = problem ? "form-error friend-status" : "friend-status";
  line.setAttribute("role", problem ? "alert" : "status");
}

/** What the connection is doing, in words, and how far it got (of STEPS).
 *  @param {RoomProgress} p @param {{role: "host" | "guest", name: string, since: number, accepted?: boolean,
 *   turn?: boolean}} about `turn`: a TURN server is set (a failed route then names it) */
export function progressWords(p, { role, name, since, accepted = false, turn = false }) {
  const waited = performance.now() - since;
  const relays = { open: p.relaysOpen, total: p.relays };
  if (p.refused) return { step: 1, problem: true, text: t("one.refused", { name }) };
  if (p.failure === "key") return { step: 1, problem: true, text: t(role === "host" ? "one.keyHost" : "one.keyGuest", { name }) };
  if (p.seated) return { step: 3, problem: false, text: t("one.starting", { name: role === "host" ? p.seated.name : name }) };
  if (p.failure === "route") return { step: 2, problem: true, text: t(turn ? "one.noRouteTurn" : "one.noRoute") };
  if (!p.relaysOpen) {
    return waited > RELAY_WAIT_MS
      ? { step: 0, problem: true, noRelay: true, text: t("one.noRelay", { seconds: Math.round(RELAY_WAIT_MS / 1000) }) }
      : { step: 0, problem: false, text: t("one.reaching", relays) };
  }
  if (role === "host") return { step: 1, problem: false, text: t("one.waitingFriend", relays) };
  if (p.found) return { step: 2, problem: false, text: t(accepted ? "one.taking" : "one.found", { name }) };
  return waited > FIND_WAIT_MS
    ? { step: 1, problem: true, text: t("one.notFound", { name }) }
    : { step: 1, problem: false, text: t("one.looking", { name, ...relays }) };
}

/** @param {OneLinkHelpers} h */
export function createOneLink(h) {
  /** @type {RoomLink | null} */
  let pending = null;
  /** @type {number | null} */
  let timer = null;

  function forget() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
    if (pending && pending.peer.state() !== "open") pending.close();
    pending = null;
  }
  h.dialog.addEventListener("close", () => {
    if (pending?.peer.state() !== "open") forget();
  });

  const progressBar = () => el("progress", { class: "friend-progress", max: STEPS, value: 0,
    "aria-label": t("one.progress") });

  /** Redraw the progress now and then (the waits are measured), and hand over once the seat is taken.
   *  @param {RoomLink} link @param {HTMLElement} line @param {HTMLProgressElement} bar
   *  @param {(p: RoomProgress) => {step: number, problem: boolean, noRelay?: boolean, text: string}} words
   *  @param {(words: {problem: boolean, noRelay?: boolean}) => void} extra @param {() => Connected} connected */
  function follow(link, line, bar, words, extra, connected) {
    let last = "";
    const update = () => {
      if (pending !== link) return;
      const now = words(link.progress());
      if (now.text !== last) {
        last = now.text;
        say(line, now.text, now.problem);
      }
      bar.value = now.step;
      extra(now);
      if (link.peer.state() === "open") {
        stopTimer();
        pending = null;
        if (h.dialog.open) h.dialog.close();
        h.onConnected(connected());
      }
    };
    const stopTimer = () => {
      if (timer !== null) window.clearInterval(timer);
      timer = null;
    };
    timer = window.setInterval(update, 250);
    return update;
  }

  /** The room joined, or null with the reason said on `line` (the library could not be loaded).
   *  @param {HTMLElement} line @param {Parameters<typeof createRoomLink>[0]} options */
  async function openRoom(line, options) {
    try {
      return await createRoomLink(options);
    } catch (err) {
      say(line, t("friend.failed", { reason: err instanceof Error ? err.message : String(err) }), true);
      return null;
    }
  }

  /** The host: the link, its QR code, and the wait. @param {OfferedGame} game @param {string} name */
  async function host(game, name) {
    forget();
    const { room, key } = newRoom();
    const url = linkFor("play", encodePlay({ room, key, name, game }));
    const line = el("p", { class: "friend-status", role: "status", "aria-live": "polite" }, t("one.reaching",
      { open: 0, total: relayUrls(loadPrefs().relays).length }));
    const bar = progressBar();
    const twoLinks = el("button", { type: "button", id: "fr-two-links" }, t("one.useTwoLinks"));
    const shown = await h.linkBlock("play", url);
    h.dialog.replaceChildren(el("div", { class: "friend-form" },
      el("h2", { id: "friend-title" }, t("friend.title")),
      el("p", { class: "help", id: shown.help + "-help" }, t("one.invitationHelp")),
      shown.block, shown.qr, bar, line,
      el("div", { class: "button-row" }, twoLinks,
        el("button", { type: "button", onclick: () => h.dialog.close() }, t("btn.cancel")))));
    /** @type {HTMLElement} */ (h.dialog.querySelector(".friend-link")).focus();
    const since = performance.now();
    const turn = turnServers(loadPrefs().turn).length > 0;
    /** @type {() => void} */
    let update = () => {};
    const link = await openRoom(line, { role: "host", room, key, relays: relayUrls(loadPrefs().relays),
      iceServers: iceServers(loadPrefs()), onChange: () => update() });
    if (!link) return;
    if (!h.dialog.open) { // cancelled while the library loaded
      link.close();
      return;
    }
    pending = link;
    twoLinks.addEventListener("click", () => {
      forget();
      h.twoLinks(game, name).catch((err) => h.showProblem(h.codeErrorText(err)));
    });
    update = follow(link, line, bar, (p) => progressWords(p, { role: "host", name, since, turn }),
      (now) => twoLinks.classList.toggle("primary", Boolean(now.noRelay)),
      () => ({ role: "host", link, session: room, myName: name,
        peerName: h.cleanName(link.progress().seated?.name ?? "") || t("friend.opponent"), game, resume: false }));
  }

  /** The guest opened a one-link invitation: who invites to what, a name, and the page finds the host's
   *  meanwhile. @param {string} code */
  async function join(code) {
    forget();
    /** @type {import("../remote/one-link.js").PlayData} */
    let data;
    try {
      data = decodePlay(code);
    } catch (err) {
      h.showProblem(h.codeErrorText(err));
      return;
    }
    const inviter = h.cleanName(data.name) || t("friend.opponent");
    const game = /** @type {OfferedGame} */ (data.game);
    const about = h.describeGame(h.info(), game);
    const { input, field } = h.nameField();
    const accept = el("button", { type: "submit", class: "primary", id: "fr-accept" }, t("one.accept"));
    const line = el("p", { class: "friend-status", role: "status", "aria-live": "polite" },
      t("one.looking", { name: inviter, open: 0, total: relayUrls(loadPrefs().relays).length }));
    const bar = progressBar();
    const form = el("form", { class: "friend-form", method: "dialog" },
      el("h2", { id: "friend-title" }, t("friend.title")),
      el("p", { class: "friend-invites" }, t("friend.invites", { name: inviter, game: about.title })),
      el("p", { class: "help", id: "fr-offered" }, about.details),
      el("p", { class: "help" }, t("friend.flipRuleShort")),
      field, bar, line,
      el("div", { class: "button-row" }, accept,
        el("button", { type: "button", onclick: () => h.dialog.close() }, t("btn.cancel"))));
    h.dialog.replaceChildren(form);
    if (!h.dialog.open) h.dialog.showModal();
    (input.value ? accept : input).focus();
    const since = performance.now();
    const turn = turnServers(loadPrefs().turn).length > 0;
    let accepted = false;
    let myName = "";
    /** @type {() => void} */
    let update = () => {};
    /** @type {RoomLink | null} */
    let link = null;
    // listened to at once: an Accept before the library has loaded (a busy device) is kept for the room,
    // never left to the form's own submit, which would close the dialog
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = h.cleanName(input.value);
      if (!name) {
        input.focus();
        return;
      }
      savePrefs({ name });
      myName = name;
      accepted = true;
      accept.disabled = true;
      link?.take(name);
      update();
    });
    const room = await openRoom(line, { role: "guest", room: data.room, key: data.key,
      relays: relayUrls(loadPrefs().relays), iceServers: iceServers(loadPrefs()), onChange: () => update() });
    if (!room) return;
    if (!h.dialog.open) {
      room.close();
      return;
    }
    link = pending = room;
    if (accepted) room.take(myName);
    update = follow(room, line, bar, (p) => progressWords(p, { role: "guest", name: inviter, since, accepted, turn }),
      (now) => { if (now.problem && room.progress().refused) accept.disabled = true; },
      () => ({ role: "guest", link: room, session: data.room, myName, peerName: inviter, game, resume: false }));
  }

  return { host, join, busy: () => pending !== null };
}

/** The settings' relays field (one URL a line; "none": one-link play off), kept with the friend preferences.
 *  A line that is not a ws:/wss: URL is named and left out. */
export function relaysField() {
  const saved = loadPrefs().relays;
  const { input, error } = urlListInput({ id: "set-relays",
    text: saved?.length === 0 ? "none" : (saved ?? [...DEFAULT_RELAYS]).join("\n"),
    parse: parseRelays, save: (relays) => savePrefs({ relays }), badText: (value) => t("one.relaysBad", { value }) });
  return el("div", { class: "field" }, el("label", { for: "set-relays" }, t("one.relays")), input,
    el("small", { class: "help", id: "set-relays-help" }, t("one.relaysHelpFormat"), " ", el("code", {}, "wss://…"),
      t("one.relaysHelpOff"), " ", el("code", {}, "none"), " ", t("one.relaysHelpRest"), " ",
      el("code", {}, DEFAULT_RELAYS.join(", "))), error);
}
