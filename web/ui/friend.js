// "Play a friend": the dialog that connects two pages with links alone. The host chose a game in the
// new-game dialog; here they give their name and get an invitation (a link, a copy button, a QR code),
// then paste their friend's reply (or open it: a reply opened in another tab of this browser is passed
// to this one over a BroadcastChannel). The guest who opens an invitation sees who invites them to what,
// gives their name and gets the reply to send back. When the channel opens, onConnected takes over
// (web/friend-game.js). The transport is web/remote/; the game's protocol is Python, in the worker.

import { t } from "../i18n.js";
import { codeFrom, decodeCode, linkFor, RemoteCodeError } from "../remote/codec.js";
import { createLink, newSession } from "../remote/link.js";
import { DEFAULT_STUN, iceServers, parseStun, parseTurn } from "../remote/stun.js";
import { loadPrefs, savePrefs } from "../remote/store.js";
import { el } from "./dom.js";
import { choiceLabel, optionLabel, variantTitle } from "./names.js";
import { createOneLink, oneLinkOn } from "./friend-one-link.js";
import { urlListInput } from "./url-list.js";

/**
 * The game on offer, as the invitation carries it.
 * @typedef {{variant: string, options: Record<string, unknown>, clock: string, serious?: boolean}} OfferedGame
 * @typedef {ReturnType<typeof createLink> | import("../remote/one-link.js").RoomLink} Link either transport:
 *   the two-link exchange's or one link's (web/remote/one-link.js)
 * @typedef {object} Connected what a page knows once the channel is open
 * @property {"host" | "guest"} role
 * @property {Link} link
 * @property {string} session
 * @property {string} myName
 * @property {string} peerName
 * @property {OfferedGame} game
 * @property {boolean} resume this connection resumes a game both pages know
 */

const REPLY_CHANNEL = "hdchess-friend-replies"; // a reply opened in another tab of this browser
const REPLY_WAIT_MS = 1500; // how long that tab waits for the inviting tab to say it took the reply
const MAX_NAME = 40;
const CONNECT_WAIT_MS = 45_000; // past this, the dialog says the connection is not coming (and keeps trying)

/** A reason a code was refused, in the page's words. @param {unknown} err */
export function codeErrorText(err) {
  if (err instanceof RemoteCodeError) return t("remote.badCode", { reason: t(`remote.bad.${err.reason}`) });
  return t("friend.failed", { reason: err instanceof Error ? err.message : String(err) });
}

/** The game on offer in words: its title, its clock and its rule options.
 *  @param {import("../engine-client.js").Info} info the bridge's info @param {OfferedGame} game */
export function describeGame(info, game) {
  const variant = info.variants.find((v) => v.name === game.variant);
  const title = variant ? variantTitle(variant) : String(game.variant);
  const [m, s] = String(game.clock ?? "none").split("+");
  const clock = game.clock === "none" || !s ? t("clock.none")
    : Number(s) ? t("clock.control", { m, s }) : t("clock.controlPlain", { m });
  const options = (variant?.options ?? []).map((option) => {
    const value = game.options?.[option.name] ?? option.default;
    const shown = option.choices?.length ? choiceLabel(variant, option, String(value)) : String(value);
    return t("label.pair", { label: optionLabel(option, variant), value: shown });
  }).join(t("list.sep"));
  return { title, details: t("friend.gameDetails", { clock, options }) };
}

/** Someone's name as the page shows it: printable text only (white space one space; control codes, terminal
 *  escapes and direction overrides dropped), as hdchess.inputs.printable keeps the peer's words in Python.
 *  @param {string} text */
export function cleanName(text) {
  return text.replace(/\s+/g, " ").replace(/[\p{C}\p{Z}]/gu, (ch) => (ch === " " ? ch : ""))
    .replace(/ +/g, " ").trim().slice(0, MAX_NAME);
}

/**
 * @param {HTMLDialogElement} dialog
 * @param {{info: () => import("../engine-client.js").Info,
 *   onConnected: (connected: Connected) => void,
 *   onResumeCode?: (session: string) => {game: OfferedGame, myName: string, peerName: string} | null}} hooks
 */
export function createFriendDialog(dialog, { info, onConnected, onResumeCode }) {
  /** @type {Link | null} */
  let pending = null; // the link being opened (an invitation waiting for its reply)
  /** @type {{session: string, name: string, game: OfferedGame, resume: boolean} | null} */
  let hosting = null;
  /** @type {BroadcastChannel | null} */
  let replies = null;

  function forget() {
    if (pending && pending.peer.state() !== "open") pending.close();
    pending = null;
    hosting = null;
    replies?.close();
    replies = null;
  }
  dialog.addEventListener("close", () => {
    if (pending?.peer.state() !== "open") forget();
  });

  /** @param {string} text */
  const status = (text) => el("p", { class: "friend-status", role: "status", "aria-live": "polite" }, text);
  const errorLine = () => el("p", { class: "form-error", role: "alert", hidden: true });
  /** @param {HTMLElement} line @param {string} text */
  const showError = (line, text) => {
    line.textContent = text;
    line.hidden = false;
  };

  /** The name field, filled with the last name given. */
  function nameField() {
    const input = el("input", { id: "fr-name", name: "name", type: "text", maxlength: MAX_NAME, required: true,
      autocomplete: "nickname", placeholder: t("friend.namePlaceholder"), value: loadPrefs().name ?? "" });
    return { input, field: el("div", { class: "field" }, el("label", { for: "fr-name" }, t("friend.name")), input) };
  }

  /** A link to pass on: the link in a read-only field, a copy button and its QR code.
   *  @param {"join" | "reply" | "play"} kind @param {string} url */
  async function linkBlock(kind, url) {
    const id = `fr-${kind}-link`;
    const field = el("input", { id, type: "text", readonly: true, value: url, class: "friend-link",
      "aria-describedby": `${id}-help` });
    field.addEventListener("focus", () => field.select());
    const copy = el("button", { type: "button", id: `fr-copy-${kind}` }, t("btn.copy"));
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        field.select(); // no clipboard here: the link is selected, ready for the keyboard's copy
        document.execCommand?.("copy");
      }
      copy.textContent = t("btn.copied");
      setTimeout(() => { copy.textContent = t("btn.copy"); }, 1500);
    });
    const block = el("div", { class: "field friend-link-block" },
      el("label", { for: id }, t(kind === "reply" ? "friend.reply" : "friend.invitation")),
      el("div", { class: "friend-link-row" }, field, copy));
    let qr = null;
    try {
      const { qrSvg } = await import("../remote/qr.js");
      qr = el("figure", { class: "friend-qr" },
        await qrSvg(url, t(kind === "reply" ? "friend.replyQr" : "friend.invitationQr")));
    } catch {
      // a link too long for a QR code still works as a link
    }
    return { block, qr, help: id };
  }

  /** Watch a link until it opens (or fails), then hand it over.
   *  @param {Link} link @param {HTMLElement} line the status line @param {HTMLElement} error
   *  @param {() => Connected} connected */
  function whenOpen(link, line, error, connected) {
    const since = performance.now();
    const watch = setInterval(() => {
      const state = link.peer.state();
      if (state !== "open" && performance.now() - since > CONNECT_WAIT_MS && error.hidden) {
        showError(error, t("friend.failed", { reason: t("friend.noAnswer") })); // and it keeps trying
      }
      if (state === "open") {
        clearInterval(watch);
        const done = connected();
        line.textContent = t("friend.connected", { name: done.peerName });
        pending = null;
        hosting = null;
        replies?.close();
        replies = null;
        if (dialog.open) dialog.close();
        onConnected(done);
      } else if (state === "failed" || state === "closed") {
        clearInterval(watch);
        showError(error, t("friend.failed", { reason: state }));
      }
    }, 50);
  }

  /** The host's dialog for a chosen game (or a game to resume): name, then the invitation.
   *  @param {OfferedGame} game @param {{session?: string, peerName?: string}} [resume] */
  function host(game, resume = {}) {
    forget();
    const { input, field } = nameField();
    const error = errorLine();
    const make = el("button", { type: "submit", class: "primary", id: "fr-make" }, t("friend.makeInvitation"));
    const about = describeGame(info(), game);
    const one = oneLinkOn() && !resume.session; // a resumed game keeps the two links for now
    showNameForm([
      el("p", {}, t(one ? "one.intro" : "friend.intro")),
      el("p", { class: "summary" }, about.title, el("br"), el("small", { class: "help" }, about.details)),
      el("p", { class: "help" }, t("friend.flipRuleShort")),
    ], input, field, error, make, (name) => (one ? oneLink.host(game, name) : invite(game, name, resume)));
  }

  /** A dialog that asks the player's name, then runs ``work`` with it (its error shown, the button enabled
   *  again, when it fails).
   *  @param {HTMLElement[]} intro @param {HTMLInputElement} input @param {HTMLElement} field
   *  @param {HTMLElement} error @param {HTMLButtonElement} submit @param {(name: string) => Promise<void>} work */
  function showNameForm(intro, input, field, error, submit, work) {
    const form = el("form", { class: "friend-form", method: "dialog" },
      el("h2", { id: "friend-title" }, t("friend.title")), ...intro, field, error,
      el("div", { class: "button-row" }, submit,
        el("button", { type: "button", onclick: () => dialog.close() }, t("btn.cancel"))));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = cleanName(input.value);
      if (!name) {
        input.focus();
        return;
      }
      savePrefs({ name });
      submit.disabled = true;
      form.append(status(t("friend.preparing")));
      try {
        await work(name);
      } catch (err) {
        submit.disabled = false;
        showError(error, codeErrorText(err));
      }
    });
    dialog.replaceChildren(form);
    if (!dialog.open) dialog.showModal();
    (input.value ? submit : input).focus();
  }

  /** @param {OfferedGame} game @param {string} name @param {{session?: string, peerName?: string}} resume */
  async function invite(game, name, resume) {
    const session = resume.session ?? newSession();
    const link = createLink(iceServers(loadPrefs()));
    pending = link;
    const code = await link.invitation({ name, session, game, resume: Boolean(resume.session) });
    hosting = { session, name, game, resume: Boolean(resume.session) };
    const shown = await linkBlock("join", linkFor("join", code));
    const error = errorLine();
    const reply = el("textarea", { id: "fr-reply", rows: 3, spellcheck: false, autocomplete: "off" });
    const line = status(t("friend.waitingReply"));
    const connect = el("button", { type: "submit", class: "primary", id: "fr-connect" }, t("friend.connect"));
    const form = el("form", { class: "friend-form", method: "dialog" },
      el("h2", { id: "friend-title" }, t("friend.title")),
      el("p", { class: "help", id: shown.help + "-help" }, t("friend.invitationHelp")),
      shown.block, shown.qr,
      el("div", { class: "field" }, el("label", { for: "fr-reply" }, t("friend.pasteReply")), reply),
      error, line,
      el("div", { class: "button-row" }, connect,
        el("button", { type: "button", onclick: () => dialog.close() }, t("btn.cancel"))));
    /** @param {string} text */
    const take = async (text) => {
      error.hidden = true;
      try {
        const data = await link.accept(codeFrom(text, "reply"), session);
        connect.disabled = true;
        line.textContent = t("friend.connecting");
        whenOpen(link, line, error, () => ({ role: "host", link, session, myName: name,
          peerName: cleanName(data.name) || t("friend.opponent"), game, resume: Boolean(resume.session) }));
        return true;
      } catch (err) {
        showError(error, codeErrorText(err));
        return false;
      }
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      take(reply.value);
    });
    replies = new BroadcastChannel(REPLY_CHANNEL);
    replies.addEventListener("message", async (event) => {
      const code = event.data?.code;
      if (typeof code !== "string" || !hosting) return;
      let data;
      try {
        data = await decodeCode(code, "reply");
      } catch {
        return;
      }
      if (data.session !== hosting.session) return;
      reply.value = linkFor("reply", code);
      replies?.postMessage({ took: code });
      await take(code);
    });
    dialog.replaceChildren(form);
    /** @type {HTMLElement} */ (form.querySelector(".friend-link")).focus();
  }

  /** The guest opened an invitation: who invites to what, their name, then the reply.
   *  @param {string} code */
  async function join(code) {
    forget();
    const error = errorLine();
    /** @type {import("../remote/codec.js").CodeData} */
    let data;
    try {
      data = await decodeCode(code, "join");
    } catch (err) {
      showProblem(codeErrorText(err));
      return;
    }
    const inviter = cleanName(data.name) || t("friend.opponent");
    const game = /** @type {OfferedGame} */ (data.game);
    const known = data.resume ? onResumeCode?.(data.session) ?? null : null;
    if (data.resume && !known) {
      showProblem(t("friend.resumeUnknown"));
      return;
    }
    const about = describeGame(info(), game);
    const { input, field } = nameField();
    if (known) input.value = known.myName;
    const accept = el("button", { type: "submit", class: "primary", id: "fr-accept" }, t("friend.accept"));
    showNameForm([
      el("p", { class: "friend-invites" },
        t(known ? "friend.resumeInvites" : "friend.invites", { name: inviter, game: about.title })),
      el("p", { class: "help", id: "fr-offered" }, about.details),
      el("p", { class: "help" }, t("friend.flipRuleShort")),
    ], input, field, error, accept, async (name) => {
      const link = createLink(iceServers(loadPrefs()));
      pending = link;
      const replyCode = await link.reply(data, { name, session: data.session });
      const shown = await linkBlock("reply", linkFor("reply", replyCode));
      const line = status(t("friend.waitingHost", { name: inviter }));
      dialog.replaceChildren(el("div", { class: "friend-form" },
        el("h2", { id: "friend-title" }, t("friend.title")),
        el("p", { class: "help", id: shown.help + "-help" }, t("friend.replyHelp", { name: inviter })),
        shown.block, shown.qr, error, line,
        el("div", { class: "button-row" },
          el("button", { type: "button", onclick: () => dialog.close() }, t("btn.cancel")))));
      /** @type {HTMLElement} */ (dialog.querySelector(".friend-link")).focus();
      whenOpen(link, line, error, () => ({ role: "guest", link, session: data.session, myName: name,
        peerName: inviter, game, resume: Boolean(known) }));
    });
  }

  /** A reply opened in a tab of its own: hand it to the tab that invited, or say that none did.
   *  @param {string} code */
  async function passReply(code) {
    try {
      await decodeCode(code, "reply");
    } catch (err) {
      showProblem(codeErrorText(err));
      return;
    }
    const channel = new BroadcastChannel(REPLY_CHANNEL);
    const taken = new Promise((resolve) => {
      channel.addEventListener("message", (event) => {
        if (event.data?.took === code) resolve(true);
      });
      setTimeout(() => resolve(false), REPLY_WAIT_MS);
    });
    channel.postMessage({ code });
    const ok = await taken;
    channel.close();
    showProblem(t(ok ? "friend.replyPassed" : "friend.noInviter"), ok);
  }

  /** @param {string} text @param {boolean} [fine] a note rather than an error */
  function showProblem(text, fine = false) {
    const close = el("button", { type: "button", class: "primary", onclick: () => dialog.close() }, t("btn.close"));
    dialog.replaceChildren(el("div", { class: "friend-form" },
      el("h2", { id: "friend-title" }, t("friend.title")),
      el("p", fine ? { role: "status" } : { class: "form-error", role: "alert" }, text),
      el("div", { class: "button-row" }, close)));
    if (!dialog.open) dialog.showModal();
    close.focus();
  }

  const oneLink = createOneLink({ dialog, info, onConnected, linkBlock, showProblem, codeErrorText, describeGame,
    cleanName, nameField, twoLinks: (game, name) => invite(game, name, {}) });

  return { host, join, joinOne: oneLink.join, passReply, showProblem, busy: () => pending !== null || oneLink.busy() };
}

/** The settings' STUN servers field (one URL a line; empty: none), kept with the friend preferences. A line
 *  that is not a STUN URL is named and left out. */
export function stunField() {
  const { input, error } = urlListInput({ id: "set-stun", text: (loadPrefs().stun ?? [...DEFAULT_STUN]).join("\n"),
    parse: parseStun, save: (stun) => savePrefs({ stun }), badText: (value) => t("friend.stunBad", { value }) });
  return el("div", { class: "field" }, el("label", { for: "set-stun" }, el("code", {}, "STUN"), " ", t("friend.stun")), input,
    el("small", { class: "help", id: "set-stun-help" }, t("friend.stunHelpFormat"), " ", el("code", {}, "stun:host:port"),
      t("friend.stunHelpRest"), " ", el("code", {}, DEFAULT_STUN.join(", "))), error);
}

/** The settings' TURN servers field (one a line: URL, user name, password; empty: none, the default), kept
 *  with the friend preferences. A line that is not that is named and left out. */
export function turnField() {
  const { input, error } = urlListInput({ id: "set-turn", text: (loadPrefs().turn ?? []).join("\n"),
    parse: parseTurn, save: (turn) => savePrefs({ turn }), badText: (value) => t("friend.turnBad", { value }) });
  return el("div", { class: "field" }, el("label", { for: "set-turn" }, el("code", {}, "TURN"), " ", t("friend.turn")), input,
    el("small", { class: "help", id: "set-turn-help" }, t("friend.turnHelpFormat"), " ",
      el("code", {}, "turn:host:3478 user password"), t("friend.turnHelpRest")), error);
}
