// One-link play: the host's page makes one link, the guest opens it, and the two pages find each other
// through public relays (WebTorrent trackers, web/remote/relays.js) with Trystero (npm, MIT; vendored into
// the site by web/buildlib/trystero.py, loaded only here). The link's fragment holds a random room and a
// random key: the relays see a hash of the room and WebRTC offers encrypted with the key, so neither who
// plays nor what. The channel then carries the same frames as web/remote/link.js (the page never reads
// the protocol's messages), with a seat: the host seats the first page that says hello and refuses any
// other ({t: "full"}), so a third page that opens the same link is told the game has two players.

import { fromBase64url, RemoteCodeError, toBase64url } from "./codec.js";
import { routeWatchedConnection } from "./route-watch.js";

const APP_ID = "hdchess-one-link-v1"; // one namespace for our rooms on the relays; the room itself is random
export const PLAY_VERSION = 1;
const MAX_PLAY = 4_000; // characters of a link's fragment: a real one is under 400
const ACTION = "frame"; // Trystero's channel of our text frames

/**
 * What a one-link invitation carries in its fragment (#play=...).
 * @typedef {object} PlayData
 * @property {string} room random, 16 bytes in base64url
 * @property {string} key random, 16 bytes in base64url: the relays' encryption of the offers
 * @property {string} name the host's name, as they gave it
 * @property {Record<string, unknown>} game the game on offer
 *
 * Where the connection stands, for the dialog to say (web/ui/friend-one-link.js).
 * @typedef {object} RoomProgress
 * @property {number} relays how many relays are asked
 * @property {number} relaysOpen how many answered (their WebSocket is open)
 * @property {boolean} found the guest: the host's page is found (a data channel to it is open)
 * @property {{name: string} | null} seated the host: the guest took the seat; the guest: the host seated it
 * @property {boolean} refused the guest: the host refused it (the game has its two players)
 * @property {"route" | "key" | null} failure what failed: no route between the devices after the relays
 *   passed the offers (WebRTC's ICE found none), or an offer or answer that the key does not open (a damaged
 *   link, or a relay that altered it)
 */

/** @param {number} n */
function randomText(n) {
  return toBase64url(crypto.getRandomValues(new Uint8Array(n)));
}

/** A fresh invitation's room and key. */
export function newRoom() {
  return { room: randomText(16), key: randomText(16) };
}

/** The fragment's code of an invitation. @param {PlayData} data */
export function encodePlay({ room, key, name, game }) {
  const about = new TextEncoder().encode(JSON.stringify({ v: PLAY_VERSION, name, game }));
  return `${room}.${key}.${toBase64url(about)}`;
}

/** The data of a one-link code, or a RemoteCodeError naming the problem. @param {string} code @returns {PlayData} */
export function decodePlay(code) {
  const text = code.trim();
  if (!text) throw new RemoteCodeError("empty");
  if (text.length > MAX_PLAY) throw new RemoteCodeError("tooLong");
  const parts = text.split(".");
  if (parts.length !== 3) throw new RemoteCodeError("truncated");
  const [room, key, about] = parts;
  if (!/^[A-Za-z0-9_-]{22}$/.test(room) || !/^[A-Za-z0-9_-]{22}$/.test(key)) throw new RemoteCodeError("garbled", "room");
  /** @type {any} */
  let data;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(about)));
  } catch (err) {
    if (err instanceof RemoteCodeError) throw err;
    throw new RemoteCodeError("garbled");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new RemoteCodeError("garbled");
  if (data.v !== PLAY_VERSION) throw new RemoteCodeError("version", String(data.v));
  if (typeof data.name !== "string") throw new RemoteCodeError("garbled", "name");
  if (typeof data.game !== "object" || data.game === null || typeof data.game.variant !== "string") {
    throw new RemoteCodeError("garbled", "game");
  }
  return { room, key, name: data.name, game: data.game };
}

const LOAD_WAIT_MS = 10_000; // a module load that has not ended by then is asked for once more

/** Trystero's module. A dynamic import was seen to hang, rarely, in a fresh browser context busy with the
 *  service worker's first caching (no error, no end): past LOAD_WAIT_MS it is asked for again under
 *  another URL (a module of its own; the first, if it ever ends, is unused).
 *  @returns {Promise<typeof import("./trystero/torrent.js")>} */
async function loadTrystero() {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(resolve, LOAD_WAIT_MS, null); });
  const first = await Promise.race([import("./trystero/torrent.js"), late]);
  clearTimeout(timer);
  if (first) return /** @type {typeof import("./trystero/torrent.js")} */ (first);
  return import(/* the same file, asked for afresh */ `./trystero/torrent.js?again=${Date.now()}`);
}

/**
 * Join an invitation's room as host or guest. The result has the interface of web/remote/link.js's link
 * (peer.state, bind, hello, sendProtocol, bye, close), so web/friend-game.js plays over either, and
 * progress() and onChange for the dialog; the guest calls take(name) when its player accepts.
 * @param {{role: "host" | "guest", room: string, key: string, relays: string[], iceServers: RTCIceServer[],
 *   onChange: (progress: RoomProgress) => void}} options
 */
export async function createRoomLink({ role, room, key, relays, iceServers, onChange }) {
  const trystero = await loadTrystero();
  /** @type {import("./peer.js").PeerState} */
  let state = "new";
  /** @type {string | null} */
  let other = null; // the host's page (guest), or the seated guest's (host)
  /** @type {string | null} */
  let wanted = null; // the guest's name, once its player accepted
  /** @type {RoomProgress} */
  const progress = { relays: relays.length, relaysOpen: 0, found: false, seated: null, refused: false, failure: null };
  /** @type {import("./link.js").LinkEvents | null} */
  let events = null;
  /** @type {((events: import("./link.js").LinkEvents) => void)[]} */
  const waiting = [];
  const changed = () => onChange({ ...progress });
  let joined = false; // a data channel to another page opened (a route was found)
  const noRoute = () => { // a connection whose offer and answer passed found no route (web/remote/route-watch.js)
    if (joined || progress.failure) return;
    progress.failure = "route";
    changed();
  };
  /** @param {import("./peer.js").PeerState} next */
  const setState = (next) => {
    if (state === next || state === "closed") return;
    state = next;
    events?.onState(next);
    changed();
  };
  /** @param {(events: import("./link.js").LinkEvents) => void} fn */
  const deliver = (fn) => {
    if (events) fn(events);
    else waiting.push(fn);
  };

  const roomHandle = trystero.joinRoom({
    appId: APP_ID,
    password: key,
    // the host only listens (it offers nothing until a guest's offer comes): two pages that both offer let
    // one of them ignore the other's offer and wait for its own to be passed on at its next announce (up to
    // a tracker's interval, two minutes on some); a listening host answers the guest's offer at once
    passive: role === "host",
    relayConfig: { urls: relays, warnOnRelayFailure: false },
    rtcConfig: { iceServers },
    rtcPolyfill: routeWatchedConnection(noRoute),
  }, room, {
    onJoinError(details) {
      progress.failure = /password/i.test(details.error) ? "key" : "route";
      changed();
    },
  });
  const action = roomHandle.makeAction(ACTION);
  /** @param {object} frame @param {string} peerId */
  const sendTo = (frame, peerId) => {
    action.send(JSON.stringify(frame), { target: peerId }).catch(() => {});
  };

  roomHandle.onPeerJoin = (peerId) => {
    joined = true;
    sendTo({ t: "role", role }, peerId);
    if (progress.failure === "route") {
      progress.failure = null; // a route was found after all
      changed();
    }
  };
  roomHandle.onPeerLeave = (peerId) => {
    if (peerId === other && state === "open") setState("closed");
    else if (peerId === other && role === "guest") {
      other = null;
      progress.found = false;
      changed();
    }
  };
  action.onMessage = (data, { peerId }) => {
    /** @type {any} */
    let frame;
    try {
      frame = typeof data === "string" ? JSON.parse(data) : null;
    } catch {
      frame = null;
    }
    if (role === "host") hostFrame(frame, peerId);
    else guestFrame(frame, peerId);
  };

  /** @param {any} frame @param {string} peerId */
  function hostFrame(frame, peerId) {
    if (frame?.t === "role" && other !== null && peerId !== other) {
      sendTo({ t: "full" }, peerId); // a page that opens the link once the game has its two players
      return;
    }
    if (frame?.t === "hello" && typeof frame.name === "string") {
      if (other === null) {
        other = peerId;
        progress.seated = { name: frame.name.slice(0, 40) };
        sendTo({ t: "seat" }, peerId);
        setState("open");
      } else if (peerId !== other) {
        sendTo({ t: "full" }, peerId); // the game has its two players
      }
      return;
    }
    if (peerId === other) gameFrame(frame);
  }

  /** @param {any} frame @param {string} peerId */
  function guestFrame(frame, peerId) {
    if (frame?.t === "role" && frame.role === "host" && other === null) {
      other = peerId;
      progress.found = true;
      changed();
      if (wanted !== null) sendTo({ t: "hello", name: wanted, session: room }, peerId);
      return;
    }
    if (peerId !== other) return; // another guest's page: nothing to say to it
    if (frame?.t === "seat" && progress.seated === null && wanted !== null) {
      progress.seated = { name: wanted };
      setState("open");
    } else if (frame?.t === "full" && state !== "open") {
      progress.refused = true;
      changed();
    } else if (state === "open") {
      gameFrame(frame);
    }
  }

  /** A frame of the game (web/remote/link.js's kinds), from the seated page. @param {any} frame */
  function gameFrame(frame) {
    if (frame?.t === "p" && typeof frame.m === "string") deliver((e) => e.onProtocol(frame.m));
    else if (frame?.t === "hello" || frame?.t === "role" || frame?.t === "seat") deliver((e) => e.onHello({
      name: String(frame.name ?? ""), session: room }));
    else if (frame?.t === "bye") deliver((e) => e.onBye());
    else deliver((e) => e.onBadFrame("unknown frame"));
  }

  const watch = window.setInterval(() => {
    const sockets = trystero.getRelaySockets();
    const open = relays.filter((url) => sockets[url]?.readyState === WebSocket.OPEN).length;
    if (open !== progress.relaysOpen) {
      progress.relaysOpen = open;
      changed();
    }
  }, 200);

  /** @param {string} text */
  const send = (text) => {
    if (state !== "open" || other === null) return false;
    action.send(text, { target: other }).catch(() => {});
    return true;
  };

  return {
    peer: { state: () => state },
    progress: () => ({ ...progress }),
    /** The game's handlers: frames received so far are given to them after this turn of the event loop,
     *  once the game has asked the worker to start its side. @param {import("./link.js").LinkEvents} next */
    bind(next) {
      events = next;
      window.setTimeout(() => {
        for (const fn of waiting.splice(0)) fn(next);
      }, 0);
    },
    /** The guest's player accepted: ask the host for the seat. @param {string} name */
    take(name) {
      wanted = name;
      if (other !== null) sendTo({ t: "hello", name, session: room }, other);
    },
    /** @param {string} name @param {string} session */
    hello(name, session) {
      return send(JSON.stringify({ t: "hello", name, session }));
    },
    /** @param {string} message */
    sendProtocol(message) {
      return send(JSON.stringify({ t: "p", m: message }));
    },
    bye() {
      send(JSON.stringify({ t: "bye" }));
    },
    close() {
      window.clearInterval(watch);
      state = "closed";
      roomHandle.leave().catch(() => {});
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof createRoomLink>>} RoomLink */
