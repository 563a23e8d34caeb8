// A game against a friend on another device, once web/ui/friend.js has opened the channel. The page only
// carries the protocol's messages (web/docs/remote.md): every frame received goes to the worker's
// `remote_receive`, every string of a reply's `messages` is sent as one frame, unread. The session is
// saved (remote_save) before anything is sent, so a reload or a cut resumes the same game from either
// page (remote_resume on a fresh invitation). Here: the friend bar (connection, offers, canned lines,
// what the protocol reports) and the moves, resignation and clocks of a remote game; after it, a rematch
// (sides swapped, a fresh fair set-up over the same channel); and a tab whose game was resumed in another
// tab of this browser says so and stops (a BroadcastChannel: only one tab plays a saved game).

import { t } from "./i18n.js";
import { call, task } from "./engine-queue.js";
import { gameOver, keepRecord } from "./game-events.js";
import { setNote } from "./human-turns.js";
import { changeSetup, setPersist, showFriendGame, whileFlagging } from "./lifecycle.js";
import { forgetReview } from "./replay.js";
import { noteSaysTurn, renderAll, renderStatus, showMessage } from "./render.js";
import { app } from "./state.js";
import { setView } from "./view.js";
import { announce, describeMove } from "./ui/announce.js";
import { el } from "./ui/dom.js";
import { engineErrorText } from "./ui/messages.js";
import { playSound } from "./ui/sound.js";
import { clearFriendGame, loadFriendGame, saveFriendGame } from "./remote/store.js";
import { firstWords, rematchWords, SETUP_STEPS, setupStep } from "./ui/friend-start.js";

/**
 * @typedef {import("./ui/friend.js").Connected} Connected
 * @typedef {import("./ui/friend.js").OfferedGame} OfferedGame
 * @typedef {import("./remote/store.js").SavedFriendGame} SavedFriendGame
 * @typedef {import("./protocol").RemoteReply} Reply
 * @typedef {import("./protocol").RemoteStatus} RemoteStatus
 * @typedef {"remote_host" | "remote_join" | "remote_receive" | "remote_act" | "remote_offer" | "remote_answer"
 *   | "remote_resign" | "remote_chat" | "remote_claim" | "remote_tick" | "remote_resume"} RemoteCommand
 */

/** @type {{session: string, myName: string, peerName: string, game: OfferedGame, role?: "host" | "guest",
 *   link: Connected["link"] | null, remote: RemoteStatus | null, over: boolean, lost?: boolean,
 *   setupPassed?: number, rematch?: boolean, afterRematchOffer?: number, left?: boolean, moved?: boolean} | null}
 *   rematch: this game is a rematch; afterRematchOffer: frames heard while a rematch offer was open (the
 *   next game's hello may come before the answer's reply is read); left: the friend's page left after the
 *   game; moved: the game went on in another tab of this browser, so this one no longer plays it */
let current = null;
/** @type {HTMLElement | null} */
let bar = null;
/** @type {{invite: (game: OfferedGame, resume: {session: string}) => void}} */
let hooks = { invite() {} };
/** @type {string[]} */
const log = []; // the canned lines and notes of this game, newest last
const LOG_LINES = 6;
const TABS = "hdchess-friend-tabs"; // the tabs of this browser: a tab that resumed a game says so to the others
const TICK_MS = 5000; // while the friend owes a move or a reply: fresh clock readings, and whether a claim is open
/** @type {number | null} */
let ticker = null;

/** Is a friend game on the board? */
export function friendGameActive() {
  return current !== null;
}

/** @param {{invite: (game: OfferedGame, resume: {session: string}) => void}} next */
export function setFriendHooks(next) {
  hooks = next;
}

/** The clock of the view's time control, "10+5", for the page's clock (web/clock.js).
 *  @param {OfferedGame} game */
function clockArg(game) {
  const match = /^(\d{1,3})\+(\d{1,3})$/.exec(game.clock ?? "");
  return match ? { initial_ms: Number(match[1]) * 60_000, increment_ms: Number(match[2]) * 1000 } : null;
}

// ---------------------------------------------------------------- the bridge and the channel

/** One remote_* command, then what its reply says: saved first, then sent, then shown.
 *  @param {RemoteCommand} cmd @param {object} [args] @returns {Promise<Reply | null>} */
function remote(cmd, args = {}) {
  if (current?.moved) return Promise.resolve(null); // another tab plays this game now
  return task(async () => {
    try {
      const reply = await call(cmd, args);
      await apply(reply);
      return reply;
    } catch (err) {
      note(engineErrorText(err), true);
      return null;
    }
  });
}

/** @param {Reply} reply */
async function apply(reply) {
  if (!current || current.moved) return;
  if (reply.events?.some((event) => event.type === "rematch")) nextGame(reply.remote);
  else if (inSetup()) current.setupPassed = (current.setupPassed ?? 0) + (reply.messages?.length ?? 0);
  current.remote = reply.remote ?? current.remote;
  if (!current.remote?.offer) current.afterRematchOffer = 0; // no rematch offer open: nothing to count
  await save(); // before sending: a saved state never lacks a message its peer got
  for (const message of reply.messages ?? []) current.link?.sendProtocol(message);
  if (reply.view) show(reply.view);
  for (const event of reply.events ?? []) onEvent(event);
  renderBar();
}

async function save() {
  if (!current || current.moved) return;
  try {
    const { saved } = await call("remote_save");
    saveFriendGame({ session: current.session, myName: current.myName, peerName: current.peerName,
      game: current.game, saved, over: current.over });
  } catch {
    /* not yet a session to save (the guest before the host's hello) */
  }
}

/** Is a fresh game still being set up (the shuffle, who moves first)? A resumed one never is. */
function inSetup() {
  return Boolean(current) && !current?.lost && (current?.remote === null || current?.remote?.phase === "setup");
}

/** The remote view on the board: this side is "human", the friend "remote", with both names. While the game
 *  is set up nobody's turn has come: both sides are "remote", so the board takes no click, and the status
 *  line says which step of the set-up runs (web/ui/friend-start.js).
 *  @param {import("./protocol").View} view */
function show(view) {
  /** @type {Partial<RemoteStatus>} */
  const remoteStatus = current?.remote ?? {};
  const me = remoteStatus.me === 2 ? 2 : 1;
  const names = remoteStatus.names ?? {};
  const settingUp = inSetup();
  const players = settingUp ? { 1: "remote", 2: "remote" } : { [me]: "human", [3 - me]: "remote" };
  if (settingUp) setupNote();
  const seat = t("start.seat"); // in the set-up, who plays which side is not drawn yet
  /** @type {import("./state.js").Setup} */
  const setup = { mode: "ai", level: app.setup?.level ?? "", players: /** @type {any} */ (players),
    names: settingUp ? { 1: seat, 2: seat }
      : { 1: names["1"] ?? "", 2: names["2"] ?? "", [3 - me]: names[String(3 - me)] ?? current?.peerName ?? "" } };
  const before = app.view?.moves?.length ?? 0;
  setView(view, { moved: view.moves.length > before });
  showFriendGame(setup, friendClock()); // kept by its own store, never as this page's local game
  renderAll(view.moves.length > before ? view.last_move : null);
}

/** The set-up's step now (web/ui/friend-start.js), or null once the game has started. */
function currentStep() {
  if (!current || !inSetup()) return null;
  return setupStep({ role: current.role ?? "host", passed: current.setupPassed ?? 0, name: current.peerName,
    deck: current.game.variant !== "cheight" });
}

/** The status line says the set-up's step instead of a turn (nobody's turn has come). */
function setupNote() {
  const step = currentStep();
  if (!step) return;
  setNote(step.text);
  noteSaysTurn(step.text);
}

/** Ask the protocol for a fresh status now and then while the friend owes something (a claim may open). */
function startTicks() {
  if (ticker !== null) window.clearInterval(ticker);
  ticker = window.setInterval(() => {
    const status = current?.remote;
    if (!current || current.over || !status || status.phase !== "playing") return;
    if ((status.my_turn && !status.pending) || app.busy) return;
    remote("remote_tick");
  }, TICK_MS);
}

/** The page's clock from the protocol's readings (each side's time left now, whose runs), or null.
 *  @returns {import("./clock.js").Clock | null} */
function friendClock() {
  const status = current?.remote;
  const clock = status?.clock;
  if (!clock || !status.clocks) return null;
  return { control: `${Math.round(clock.initial_ms / 60_000)}+${Math.round(clock.increment_ms / 1000)}`,
    incrementMs: clock.increment_ms, remaining: { 1: status.clocks["1"], 2: status.clocks["2"] },
    running: status.running ?? null, since: performance.now() };
}

/** @param {import("./protocol").RemoteEvent} event */
function onEvent(event) {
  const name = current?.peerName ?? "";
  const said = "message" in event ? engineErrorText(event.message) : "";
  switch (event.type) {
    case "opponent_moved":
    case "flip_revealed": {
      const entry = app.view.moves.at(-1);
      if (entry) {
        playSound(entry.kind === "flip" ? "flip" : entry.kind === "capture" ? "capture" : "move");
        announce(describeMove(entry, app.view.squares[entry.to]));
      }
      break;
    }
    case "draw_offered":
      request("draw", t("friend.drawOffered", { name }));
      break;
    case "takeback_asked":
      request("takeback", t("friend.takebackAsked", { name }));
      break;
    case "rematch_offered":
      request("rematch", rematchWords(current?.remote?.me === 2, name));
      break;
    case "offer_answered":
      if (!event.accept) note(t(event.kind === "rematch" ? "friend.rematchDeclined" : "friend.declined", { name }));
      break;
    case "rematch":
      note(t("friend.rematchStarts"));
      break;
    case "chat":
      note(t(event.from === "me" ? "friend.you" : "friend.says",
        { name, text: lineText(event.line) }));
      break;
    case "game_over": {
      if (current) current.over = true;
      const record = typeof event.record === "string" ? event.record : friendRecord();
      if (record) keepRecord(record);
      // the finished game into this page's own session too, so the end panel's graph, the check and the
      // review read this game (the remote session is the protocol's, beside it)
      task(async () => {
        if (record) await call("load_record", { record }).catch(() => null);
      }).then(gameOver, gameOver);
      break;
    }
    case "cheat":
      if (current) current.over = true;
      caught(said);
      break;
    case "verified":
    case "refused":
    case "resumed":
    case "took_back":
      if (said) note(said);
      break;
    case "started": {
      const words = firstWords(event.first, name, Boolean(current?.rematch));
      setNote(words); // the status line: whose turn, then who was drawn to open
      noteSaysTurn(null);
      note(words);
      renderStatus();
      break;
    }
    default:
      if (said) note(said);
  }
}

/** A canned line's words. @param {string} code */
function lineText(code) {
  const key = `friend.canned.${code}`;
  const text = t(key);
  return text === key ? code : text;
}

/** Both sides agreed to a rematch: the next game's set-up begins over the same channel (its status is in
 *  `remote`); the finished game's review and lines give way to it.
 *  @param {RemoteStatus | undefined} remote */
function nextGame(remote) {
  if (!current) return;
  // the host's hello went out with this reply; the guest may have heard it already (see afterRematchOffer)
  const heard = Math.max(0, (current.afterRematchOffer ?? 0) - 1);
  Object.assign(current, { over: false, rematch: true, remote: null, role: remote?.role ?? current.role,
    setupPassed: remote?.role === "host" ? 1 : heard, afterRematchOffer: 0 });
  log.length = 0;
  forgetReview();
  startTicks();
}

/** This browser's other tabs: one that resumed a game tells the rest, and a tab playing it stops. */
let tabs = /** @type {BroadcastChannel | null} */ (null);
function tabChannel() {
  if (!tabs && typeof BroadcastChannel === "function") {
    tabs = new BroadcastChannel(TABS);
    tabs.addEventListener("message", (event) => {
      if (current && !current.moved && event.data?.resumed === current.session) movedOn();
    });
  }
  return tabs;
}

/** The game went on in another tab: say so in plain words, drop the channel, take no move, save nothing
 *  (that tab's saves are the game's now). */
function movedOn() {
  if (!current) return;
  const link = current.link;
  Object.assign(current, { moved: true, link: null });
  link?.close();
  if (ticker !== null) window.clearInterval(ticker);
  ticker = null;
  const words = t("friend.movedOn");
  changeSetup({ ...app.setup, players: /** @type {any} */ ({ 1: "remote", 2: "remote" }) }); // no click is taken
  setNote(words);
  noteSaysTurn(words);
  renderAll();
  note(words, true);
}

// ---------------------------------------------------------------- starting, resuming

/** The channel is open: start the protocol (host: remote_host; guest: remote_join), or resume.
 *  @param {Connected} connected */
export async function startFriendGame(connected) {
  const stored = loadFriendGame();
  if (current?.link && current.link !== connected.link) current.link.close(); // the channel this one replaces
  current = { session: connected.session, myName: connected.myName, peerName: connected.peerName,
    game: connected.game, link: connected.link, remote: null, over: false, role: connected.role, setupPassed: 0 };
  log.length = 0;
  bindLink(connected.link);
  if (!connected.resume) { // nobody's turn until the set-up is done: the old game's board takes no click
    changeSetup({ ...app.setup, players: /** @type {any} */ ({ 1: "remote", 2: "remote" }),
      names: { 1: t("start.seat"), 2: t("start.seat") } });
    setupNote();
    renderAll();
  }
  mountBar();
  startTicks();
  connected.link.hello(connected.myName, connected.session);
  tabChannel();
  if (connected.resume) tabs?.postMessage({ resumed: connected.session }); // a tab still showing it stops
  if (connected.resume && stored?.session === connected.session) {
    current.over = Boolean(stored.over);
    await remote("remote_resume", { saved: stored.saved });
  } else if (connected.role === "host") {
    await remote("remote_host", { variant: connected.game.variant, options: connected.game.options ?? {},
      name: connected.myName, clock: clockArg(connected.game), first: "random" });
  } else {
    // the clock the guest saw in the invitation and accepted: a hello with another is refused
    await remote("remote_join", { name: connected.myName, clock: clockArg(connected.game) });
  }
}

/** At start-up: the friend game this browser was playing, if any, back on the board (not yet connected).
 *  @returns {Promise<boolean>} */
export async function restoreFriendGame() {
  const stored = loadFriendGame();
  if (!stored) return false;
  current = { session: stored.session, myName: stored.myName, peerName: stored.peerName, game: stored.game,
    link: null, remote: null, over: Boolean(stored.over) };
  tabChannel();
  mountBar();
  startTicks();
  const reply = await remote("remote_resume", { saved: stored.saved });
  if (!reply) {
    leave();
    return false;
  }
  return true;
}

/** The game a resuming invitation names, if this browser has it. @param {string} session */
export function knownFriendGame(session) {
  const stored = loadFriendGame();
  if (!stored || stored.session !== session) return null;
  return { game: stored.game, myName: stored.myName, peerName: stored.peerName };
}

/** @param {Connected["link"]} link */
function bindLink(link) {
  link.bind({
    onState(state) {
      if ((state === "closed" || state === "failed") && current?.link === link) {
        current.link = null;
        current.lost = true; // "disconnected — waiting…", and either page may invite again
        current.left = current.over; // after the game: the friend's page is gone, no rematch
        announce(t(current.over ? "friend.state.left" : "friend.state.waiting", { name: current.peerName }));
        renderBar();
      }
    },
    onProtocol(message) {
      if (current?.link !== link) return;
      if (current?.remote?.offer?.kind === "rematch") {
        current.afterRematchOffer = (current.afterRematchOffer ?? 0) + 1; // the answer, then maybe a hello
      } else if (inSetup() && current) {
        current.setupPassed = (current.setupPassed ?? 0) + 1;
        setupNote(); // the other page's step is done: this page's runs now
        renderStatus();
        renderBar();
      }
      remote("remote_receive", { message });
    },
    onHello() {},
    onBadFrame() {},
    onBye() {
      if (current?.link === link) {
        current.link = null;
        current.left = true;
        if (current.over) announce(t("friend.state.left", { name: current.peerName }));
      }
      renderBar();
    },
  });
}

// ---------------------------------------------------------------- this side's actions

/** The board's chosen action in a friend game. @param {{move: string}} action @returns {boolean} handled */
export function friendAction(action) {
  if (!current) return false;
  if (current.moved || !current.remote?.my_turn || current.remote?.pending || app.busy) return true;
  remote("remote_act", { move: action.move });
  return true;
}

/** A click that did nothing in a friend game: ask the remote game why (remote_explain), and say it.
 *  @param {{from: string | null, to: string}} click @returns {boolean} handled */
export function friendExplain({ from, to }) {
  if (!current) return false;
  if (current.moved) {
    setNote(t("friend.movedOn"));
    renderStatus();
    return true;
  }
  if (!app.ready || app.busy || current.over || current.remote?.phase !== "playing") return true;
  call("remote_explain", from ? { from, to } : { to }).then((result) => {
    if (!result?.reason) return;
    const note = engineErrorText({ message: result.reason, code: result.code, params: result.params });
    setNote(note);
    renderStatus();
    announce(note);
  }, () => {});
  return true;
}

export function friendResign() {
  return remote("remote_resign");
}

/** A player's time ran out on the page's clock: the friend's, and we claim the win; ours, and the friend will.
 *  @param {number} player @returns {boolean} handled */
export function friendFlag(player) {
  if (!current) return false;
  if (player !== current.remote?.me && !app.flagging) {
    // the claim waits the protocol's grace: the friend's own clock is out by then too
    const grace = current.remote?.claim_grace_ms ?? 0;
    whileFlagging(() => new Promise((resolve) => { setTimeout(resolve, grace); }).then(() => remote("remote_claim")));
  }
  return true;
}

/** @param {"draw" | "takeback"} kind */
export function friendOffer(kind) {
  if (!current || current.over || current.remote?.phase !== "playing") return Promise.resolve(null); // nothing to ask
  note(t("friend.sent", { name: current.peerName }));
  return remote("remote_offer", { kind });
}

/** Offer the friend a rematch, sides swapped, once the game is over and checked. */
export function friendRematch() {
  if (!current || current.remote?.phase !== "verified" || current.remote?.offer) return Promise.resolve(null);
  note(t("friend.rematchSent", { name: current.peerName }));
  return remote("remote_offer", { kind: "rematch" });
}

function leave() {
  const moved = Boolean(current?.moved);
  if (current && !current.over) call("remote_leave").catch(() => {});
  current?.link?.bye();
  current?.link?.close();
  current = null;
  if (ticker !== null) window.clearInterval(ticker);
  ticker = null;
  if (!moved) clearFriendGame(); // a game that moved to another tab is that tab's to keep
  bar?.remove();
  bar = null;
  setPersist(!app.embed);
}

/** Leave the friend game (from the bar), back to an ordinary game. */
export function leaveFriendGame() {
  leave();
  renderAll();
}

// ---------------------------------------------------------------- the friend bar

/** @param {string} text @param {boolean} [problem] */
function note(text, problem = false) {
  if (!text) return;
  log.push(text);
  log.splice(0, Math.max(0, log.length - LOG_LINES));
  if (problem) showMessage(text);
  announce(text);
  renderBar();
}

/** @param {string} text */
function caught(text) {
  const line = bar?.querySelector(".friend-caught");
  if (line instanceof HTMLElement) {
    line.textContent = text;
    line.hidden = false;
  }
  showMessage(text);
  announce(text);
}

/** An offer of the friend's to answer. @param {"draw" | "takeback" | "rematch"} kind @param {string} text */
function request(kind, text) {
  const box = bar?.querySelector(".friend-request");
  if (!(box instanceof HTMLElement)) return;
  /** @param {boolean} accept */
  const answer = (accept) => {
    box.replaceChildren();
    box.hidden = true;
    remote("remote_answer", { kind, accept });
  };
  box.replaceChildren(el("p", {}, text),
    el("button", { type: "button", class: "primary", id: "fr-accept-request", onclick: () => answer(true) },
      t("friend.acceptRequest")),
    el("button", { type: "button", id: "fr-decline-request", onclick: () => answer(false) }, t("friend.declineRequest")));
  box.hidden = false;
  announce(text);
  /** @type {HTMLElement} */ (box.querySelector("button")).focus();
}

function mountBar() {
  bar?.remove();
  bar = el("section", { id: "friend-bar", class: "friend-bar", "aria-label": t("friend.title") });
  const play = document.querySelector(".play .notices");
  play?.parentElement?.insertBefore(bar, play);
  renderBar();
}

/** The bar's words: drawn again on every change (it is small). */
export function renderBar() {
  if (!bar || !current) return;
  /** @type {Partial<RemoteStatus>} */
  const status = current.remote ?? {};
  const name = current.peerName;
  const connected = current.link?.peer.state() === "open";
  const over = current.over || status.phase === "over" || status.phase === "verified" || status.phase === "cheated";
  const state = current.moved ? t("friend.movedOn") : connected ? t("friend.state.open", { name })
    : over ? (current.left || current.lost ? t("friend.state.left", { name }) : "")
      : current.link || current.lost ? t("friend.state.waiting", { name }) : t("friend.state.offline", { name });
  const lines = /** @type {string[]} */ (status.lines ?? []);
  const select = el("select", { id: "fr-line", "aria-label": t("friend.saysLabel", { name }) },
    lines.map((code) => el("option", { value: code }, lineText(code))));
  const playing = connected && !over && status.phase === "playing";
  const openOffer = Boolean(status.offer);
  // a flip waiting for its key: an offer made now would lapse on the friend's page (it crosses the flip)
  const canOffer = playing && !openOffer && !status.pending;
  const focused = bar.contains(document.activeElement) ? document.activeElement?.id : null;
  const requestBox = bar.querySelector(".friend-request");
  const caughtLine = bar.querySelector(".friend-caught");
  bar.replaceChildren(
    el("p", { class: "friend-state", role: "status" }, state,
      connected && currentStep() ? el("span", { class: "friend-note friend-setup" }, t("friend.settingUp"), " ",
        el("progress", { class: "friend-progress", max: SETUP_STEPS, value: (currentStep()?.step ?? 1) - 1,
          "aria-label": currentStep()?.text ?? "" })) : null,
      connected && status.pending ? el("span", { class: "friend-note" }, t("friend.pendingFlip", { name }), " ",
        t("friend.flipRule", { seconds: status.flip_answer_s })) : null,
      connected && status.offer?.from === "me" ? el("span", { class: "friend-note" }, t("friend.offerSent", { name })) : null,
      !connected && !over && !current.moved ? el("button", { type: "button", id: "fr-reinvite", onclick: () => {
        if (current) hooks.invite(current.game, { session: current.session });
      } }, t("friend.reconnect")) : null),
    // the friend's request stays while it is open (it lapses when this side moves instead, or crosses a move)
    requestBox instanceof HTMLElement && !requestBox.hidden && status.offer?.from === "peer" && connected ? requestBox
      : el("div", { class: "friend-request", hidden: true }),
    el("div", { class: "friend-actions" },
      el("button", { type: "button", id: "fr-draw", disabled: !canOffer,
        onclick: () => friendOffer("draw") }, t("friend.offerDraw")),
      el("button", { type: "button", id: "fr-takeback", disabled: !canOffer,
        onclick: () => friendOffer("takeback") }, t("friend.askTakeback")),
      lines.length ? el("span", { class: "friend-say" }, select,
        el("button", { type: "button", id: "fr-say", disabled: !connected,
          onclick: () => remote("remote_chat", { line: select.value }) }, t("friend.say"))) : null,
      status.phase === "verified" && !current.moved ? el("button", { type: "button", id: "fr-rematch", class: "primary",
        disabled: !connected || openOffer, onclick: friendRematch }, t("friend.rematch")) : null,
      status.claimable && !over ? el("button", { type: "button", id: "fr-claim", class: "primary",
        onclick: () => remote("remote_claim") }, t("friend.claim")) : null,
      el("button", { type: "button", id: "fr-leave", onclick: leaveFriendGame }, t("friend.leave"))),
    !connected && !over && !status.clock && status.abandon_after_s
      ? el("p", { class: "help" }, t("friend.claimWait", { name, minutes: Math.round(status.abandon_after_s / 60) }))
      : "",
    caughtLine instanceof HTMLElement ? caughtLine : el("p", { class: "friend-caught form-error", role: "alert", hidden: true }),
    el("ul", { class: "friend-log" }, log.map((line) => el("li", {}, line))));
  if (focused) document.getElementById(focused)?.focus(); // redrawn under the keyboard: the focus stays
}

/** The protocol's status of the friend game (web/docs/remote.md, "Status"), or null: for the page's tests. */
export function friendStatus() {
  return current ? { ...current.remote, connected: current.link?.peer.state() === "open" } : null;
}

/** The friend game's record as the protocol keeps it (both names, the result), or null. */
export function friendRecord() {
  return typeof current?.remote?.record === "string" ? current.remote.record : null;
}
