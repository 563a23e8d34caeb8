// The STUN servers a connection asks for its public address (NAT traversal). Settings keep a list; a URL
// parameter overrides it for one visit: ?stun=stun:host:port,stun:other:port, or ?stun=none for no server
// (two pages on one machine or one network need none; the browser tests use none). No TURN: nothing of a
// game ever passes through a server.

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

/** The ICE servers to use: the URL's ?stun= if given, else the settings' list, else the default list.
 *  @param {string[] | undefined} saved @param {string} [search] @returns {RTCIceServer[]} */
export function iceServers(saved, search = window.location.search) {
  const query = new URLSearchParams(search);
  const urls = query.has("stun") ? parseStun(query.get("stun") ?? "").urls : saved ?? [...DEFAULT_STUN];
  return urls.length ? [{ urls }] : [];
}
