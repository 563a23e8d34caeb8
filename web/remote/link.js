// A link between two pages: a peer (web/remote/peer.js) opened through codes (web/remote/codec.js), and
// the frames it carries. Each frame is JSON: {t: "hello", name, session} once the channel opens (who is
// there, and for which game), {t: "p", m} for a message of the game protocol (text the page passes to the
// worker unread), {t: "bye"} when a player leaves on purpose. A frame that is not one of these is
// reported and dropped.

import { decodeCode, encodeCode, RemoteCodeError } from "./codec.js";
import { createPeer } from "./peer.js";

/**
 * @typedef {import("./peer.js").PeerState} PeerState
 * @typedef {import("./codec.js").CodeData} CodeData
 * @typedef {object} LinkEvents
 * @property {(state: PeerState) => void} onState
 * @property {(message: string) => void} onProtocol a protocol message from the other page
 * @property {(hello: {name: string, session: string}) => void} onHello
 * @property {(problem: string) => void} onBadFrame
 * @property {() => void} onBye
 */

/** A fresh game's id, tying a reply and a resumed game to it. */
export function newSession() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}

/** Open a link. Frames that come before a game binds its events (web/friend-game.js) wait for it.
 *  @param {RTCIceServer[]} iceServers */
export function createLink(iceServers) {
  /** @type {LinkEvents | null} */
  let events = null;
  /** @type {((events: LinkEvents) => void)[]} */
  const waiting = [];
  /** @param {(events: LinkEvents) => void} fn */
  const deliver = (fn) => {
    if (events) fn(events);
    else waiting.push(fn);
  };
  const peer = createPeer(iceServers, {
    onState: (state) => events?.onState(state),
    onMessage(text) {
      /** @type {any} */
      let frame;
      try {
        frame = JSON.parse(text);
      } catch {
        deliver((e) => e.onBadFrame("not JSON"));
        return;
      }
      if (frame?.t === "p" && typeof frame.m === "string") deliver((e) => e.onProtocol(frame.m));
      else if (frame?.t === "hello" && typeof frame.name === "string" && typeof frame.session === "string") {
        const hello = { name: frame.name.slice(0, 40), session: frame.session };
        deliver((e) => e.onHello(hello));
      } else if (frame?.t === "bye") deliver((e) => e.onBye());
      else deliver((e) => e.onBadFrame("unknown frame"));
    },
  });
  return {
    peer,
    /** The game's handlers: frames received so far are given to them now. @param {LinkEvents} next */
    bind(next) {
      events = next;
      for (const fn of waiting.splice(0)) fn(next);
    },
    /** The host's invitation code. @param {Omit<CodeData, "kind" | "sdp">} about */
    async invitation(about) {
      return encodeCode({ ...about, kind: "join", sdp: await peer.offer() });
    },
    /** The guest reads an invitation code and answers it: {invitation, reply code}.
     *  @param {CodeData} invitation @param {Omit<CodeData, "kind" | "sdp">} about */
    async reply(invitation, about) {
      return encodeCode({ ...about, kind: "reply", sdp: await peer.answer(invitation.sdp) });
    },
    /** The host takes the guest's reply code (a reply to another game is refused).
     *  @param {string} code @param {string} session @returns {Promise<CodeData>} */
    async accept(code, session) {
      const data = await decodeCode(code, "reply");
      if (data.session !== session) throw new RemoteCodeError("otherGame");
      await peer.accept(data.sdp);
      return data;
    },
    /** @param {string} name @param {string} session */
    hello(name, session) {
      return peer.send(JSON.stringify({ t: "hello", name, session }));
    },
    /** @param {string} message */
    sendProtocol(message) {
      return peer.send(JSON.stringify({ t: "p", m: message }));
    },
    bye() {
      peer.send(JSON.stringify({ t: "bye" }));
    },
    close() {
      peer.close();
    },
  };
}
