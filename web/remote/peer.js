// One WebRTC data channel between two pages, opened with codes passed by hand (no signalling server): the
// host makes an offer, the guest answers it, the host accepts the answer. Each side waits until ICE
// gathering is complete, so its code carries every candidate at once. The channel is ordered and
// reliable and carries text frames; the page never reads them (the protocol is Python, in the worker).

const GATHER_TIMEOUT_MS = 15_000; // a STUN server that never answers must not hold the invitation forever

/**
 * @typedef {"new" | "connecting" | "open" | "closed" | "failed"} PeerState
 * @typedef {object} PeerEvents
 * @property {(text: string) => void} onMessage
 * @property {(state: PeerState) => void} onState
 */

/**
 * A connection to the other player's page.
 * @typedef {object} Peer
 * @property {() => Promise<string>} offer the host's SDP (gathering complete)
 * @property {(remoteSdp: string) => Promise<string>} answer the guest's SDP answering the host's
 * @property {(remoteSdp: string) => Promise<void>} accept the host takes the guest's answer
 * @property {(text: string) => boolean} send false when the channel is not open
 * @property {() => PeerState} state
 * @property {() => void} close
 */

/** @param {RTCPeerConnection} pc @returns {Promise<void>} */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      pc.removeEventListener("icegatheringstatechange", check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, GATHER_TIMEOUT_MS); // what was gathered by then
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** A new peer with these ICE servers (STUN URLs; [] on one machine).
 *  @param {RTCIceServer[]} iceServers @param {PeerEvents} events @returns {Peer} */
export function createPeer(iceServers, { onMessage, onState }) {
  const pc = new RTCPeerConnection({ iceServers });
  /** @type {RTCDataChannel | null} */
  let channel = null;
  /** @type {PeerState} */
  let state = "new";
  /** @param {PeerState} next */
  const setState = (next) => {
    if (state === next || state === "closed") return;
    // "connecting" only from "new": on a slow device the guest's ICE, DTLS and SCTP can be up before the
    // host takes the reply, so the channel opens while the answer is being set, before accept() says
    // "connecting"; that must not overwrite the "open" (nor a "failed")
    if (next === "connecting" && state !== "new") return;
    state = next;
    onState(next);
  };
  /** @param {RTCDataChannel} ch */
  const bind = (ch) => {
    channel = ch;
    if (ch.readyState === "open") setState("open"); // a channel announced by the other side may be open already
    ch.addEventListener("open", () => setState("open"));
    ch.addEventListener("close", () => setState("closed"));
    ch.addEventListener("message", (event) => {
      if (typeof event.data === "string") onMessage(event.data);
    });
  };
  pc.addEventListener("datachannel", (event) => bind(event.channel));
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed") setState("failed");
    else if (pc.connectionState === "disconnected" || pc.connectionState === "closed") setState("closed");
    else if (pc.connectionState === "connecting") setState("connecting");
  });

  /** @param {RTCSessionDescriptionInit} description */
  async function local(description) {
    await pc.setLocalDescription(description);
    await gathered(pc);
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new Error("no local description");
    return sdp;
  }

  return {
    async offer() {
      bind(pc.createDataChannel("hdchess", { ordered: true }));
      return local(await pc.createOffer());
    },
    async answer(remoteSdp) {
      await pc.setRemoteDescription({ type: "offer", sdp: remoteSdp });
      return local(await pc.createAnswer());
    },
    async accept(remoteSdp) {
      await pc.setRemoteDescription({ type: "answer", sdp: remoteSdp });
      setState("connecting"); // unless the channel opened while the answer was being set (setState)
    },
    send(text) {
      if (!channel || channel.readyState !== "open") return false;
      channel.send(text);
      return true;
    },
    state: () => state,
    close() {
      state = "closed";
      channel?.close();
      pc.close();
    },
  };
}
