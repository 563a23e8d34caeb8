// A hostile relay for the one-link browser tests (tests/web/test_one_link.py): the WebTorrent tracker of
// tests/web/tracker.mjs behind a WebSocket proxy on 127.0.0.1 that logs every message both ways and, by its
// mode, misbehaves with the set-up messages (the announces that carry offers and answers):
//   replay  passes everything, and to each page sends again every offer and answer the tracker passed on so
//           far (to any page), each time that page speaks
//   drop    drops the first DROP offers and answers, then passes everything (DROP=all: drops every one)
//   alter   flips one character in the encrypted SDP of every offer and answer
//   pass    passes everything (a plain relay, logged)
// Run: node tests/web/hostile_relay.mjs PATH_OF_bittorrent-tracker/server.js MODE [DROP]. Prints {"port": N}
// once listening, then one JSON line per message: {"dir": "up" | "down", "text": ..., "fate": "passed" |
// "dropped" | "altered" | "replayed"} (the text as it came, before any change).
import { pathToFileURL } from "node:url";

const [serverPath, mode = "pass", dropArg = "2"] = process.argv.slice(2);
const { default: Server } = await import(pathToFileURL(serverPath).href);
const { WebSocketServer, WebSocket } = await import(pathToFileURL(serverPath.replace(/bittorrent-tracker\/server\.js$/,
  "ws/wrapper.mjs")).href);
const MODES = ["replay", "drop", "alter", "pass"];
if (!MODES.includes(mode)) throw new Error(`mode must be one of ${MODES.join(", ")}: ${mode}`);
let dropLeft = dropArg === "all" ? Infinity : Number(dropArg);

const tracker = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false, interval: 50_000 });
await new Promise((resolve) => tracker.listen(0, "127.0.0.1", resolve));
const trackerUrl = `ws://127.0.0.1:${tracker.ws.address().port}`;

/** @type {string[]} every offer or answer the tracker passed on, in order (for the replay mode) */
const seen = [];
const log = (dir, text, fate) => console.log(JSON.stringify({ dir, text, fate }));

/** Is this text an announce carrying an offer or an answer? */
function setup(text) {
  try {
    const data = JSON.parse(text);
    return Boolean(data.answer || data.offer || (Array.isArray(data.offers) && data.offers.length));
  } catch {
    return false;
  }
}

/** One character of an encrypted SDP ("iv$base64") flipped to another base64 character. */
function flip(sdp) {
  const at = sdp.indexOf("$") + 5;
  const c = sdp[at];
  return sdp.slice(0, at) + (c === "A" ? "B" : "A") + sdp.slice(at + 1);
}

/** The text with every SDP it carries altered. */
function alter(text) {
  const data = JSON.parse(text);
  if (data.offer?.sdp) data.offer.sdp = flip(data.offer.sdp);
  if (data.answer?.sdp) data.answer.sdp = flip(data.answer.sdp);
  for (const offer of data.offers ?? []) if (offer.offer?.sdp) offer.offer.sdp = flip(offer.offer.sdp);
  return JSON.stringify(data);
}

/** What goes on for a message: the texts to send on, and a word for the log. */
function tamper(text, dir) {
  if (!setup(text)) return { texts: [text], fate: "passed" };
  if (mode === "drop" && dropLeft > 0) {
    dropLeft -= 1;
    return { texts: [], fate: "dropped" };
  }
  if (mode === "alter") return { texts: [alter(text)], fate: "altered" };
  if (mode === "replay" && dir === "down") seen.push(text);
  return { texts: [text], fate: "passed" };
}

const proxy = new WebSocketServer({ host: "127.0.0.1", port: 0 });
proxy.on("connection", (page) => {
  const upstream = new WebSocket(trackerUrl);
  /** @type {string[]} */
  const early = [];
  const up = (text) => (upstream.readyState === WebSocket.OPEN ? upstream.send(text) : early.push(text));
  upstream.on("open", () => early.splice(0).forEach((text) => upstream.send(text)));
  page.on("message", (raw) => {
    const text = raw.toString();
    const { texts, fate } = tamper(text, "up");
    log("up", text, fate);
    texts.forEach(up);
    if (mode !== "replay" || page.readyState !== WebSocket.OPEN) return;
    for (const old of seen) {
      page.send(old);
      log("down", old, "replayed");
    }
  });
  upstream.on("message", (raw) => {
    const text = raw.toString();
    const { texts, fate } = tamper(text, "down");
    log("down", text, fate);
    texts.forEach((t) => page.readyState === WebSocket.OPEN && page.send(t));
  });
  page.on("close", () => upstream.close());
  upstream.on("close", () => page.close());
  page.on("error", () => upstream.close());
  upstream.on("error", () => page.close());
});
proxy.on("listening", () => console.log(JSON.stringify({ port: proxy.address().port })));
