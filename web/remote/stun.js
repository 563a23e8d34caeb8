// The ICE servers of a connection (NAT traversal). STUN servers tell a page its public address; settings
// keep a list and a URL parameter overrides it for one visit: ?stun=stun:host:port,stun:other:port, or
// ?stun=none for no server (two pages on one machine or one network need none; the browser tests use none).
// A TURN server (none by default) passes the connection's traffic, encrypted end to end by WebRTC, when no
// direct route between the two devices exists (strict NATs, firewalls): one a line, its URL, user name and
// password, "turn:host:3478 user password" (or turns:, ?transport=tcp); ?turn= overrides it for one visit,
// entries separated by commas.

export const DEFAULT_STUN = Object.freeze([
  "stun:stun.l.google.com:19302",
  "stun:stun.cloudflare.com:3478",
  "stun:stun.nextcloud.com:443",
]);

/** The STUN URLs in a text (comma, space or newline separated); "none" or nothing gives [].
 *  Entries that are not stun:/stuns: URLs are returned apart, to be named in an error.
 *  @param {string} text @returns {{urls: string[], bad: string[]}} */
export function parseStun(text) {
  const items = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  if (items.length === 1 && items[0].toLowerCase() === "none") return { urls: [], bad: [] };
  const urls = items.filter((s) => /^stuns?:[A-Za-z0-9.\-[\]:]+$/.test(s));
  return { urls, bad: items.filter((s) => !urls.includes(s)) };
}

const TURN_URL = /^turns?:[A-Za-z0-9.\-[\]:]+(\?transport=(udp|tcp))?$/;

/** The TURN servers in a text: entries one a line (or comma separated), each "URL user password"; "none"
 *  or nothing gives []. Entries that are not that are returned apart, to be named in an error (a browser
 *  refuses a TURN server without its user name and password).
 *  @param {string} text @returns {{urls: string[], bad: string[]}} the good entries, spaces made single */
export function parseTurn(text) {
  const items = text.split(/[\n,]+/).map((s) => s.trim().split(/\s+/).join(" ")).filter(Boolean);
  if (items.length === 1 && items[0].toLowerCase() === "none") return { urls: [], bad: [] };
  const good = (/** @type {string} */ item) => {
    const parts = item.split(" ");
    return parts.length === 3 && TURN_URL.test(parts[0]);
  };
  return { urls: items.filter(good), bad: items.filter((s) => !good(s)) };
}

/** The TURN servers to use: the URL's ?turn= if given, else the settings' list (none by default).
 *  @param {string[] | undefined} saved @param {string} [search] @returns {RTCIceServer[]} */
export function turnServers(saved, search = window.location.search) {
  const query = new URLSearchParams(search);
  const entries = query.has("turn") ? parseTurn(query.get("turn") ?? "").urls : saved ?? [];
  return entries.map((entry) => {
    const [urls, username, credential] = entry.split(" ");
    return { urls, username, credential };
  });
}

/** The ICE servers to use: the STUN servers (the URL's ?stun= if given, else the settings' list, else the
 *  default list), then the TURN servers (turnServers).
 *  @param {{stun?: string[], turn?: string[]}} saved the friend preferences (web/remote/store.js)
 *  @param {string} [search] @returns {RTCIceServer[]} */
export function iceServers(saved, search = window.location.search) {
  const query = new URLSearchParams(search);
  const urls = query.has("stun") ? parseStun(query.get("stun") ?? "").urls : saved.stun ?? [...DEFAULT_STUN];
  return [...(urls.length ? [{ urls }] : []), ...turnServers(saved.turn, search)];
}
