// The public relays through which two pages find each other for one-link play (web/remote/one-link.js):
// WebTorrent trackers, which pass each page's encrypted WebRTC offer to the other pages of the same room and
// nothing else. Settings keep a list; a URL parameter overrides it for one visit: ?relays=wss://host/path,...
// or ?relays=none, which turns one-link play off (the two-link exchange of web/ui/friend.js stays).
// The browser tests use ?relays=ws://127.0.0.1:PORT, a tracker they start on this machine.

/** The default list: the WebTorrent trackers Trystero 0.25 names (web/docs/remote.md, "One link"). */
export const DEFAULT_RELAYS = Object.freeze([
  "wss://tracker.webtorrent.dev",
  "wss://tracker.openwebtorrent.com",
  "wss://tracker.btorrent.xyz",
  "wss://tracker.files.fm:7073/announce",
]);

/** How long the page waits for at least one relay to answer before it says none did (and offers two links). */
export const RELAY_WAIT_MS = 8_000;

/** The relay URLs in a text (comma, space or newline separated); "none" or nothing gives [].
 *  Entries that are not ws:/wss: URLs are returned apart, to be named in an error.
 *  @param {string} text @returns {{urls: string[], bad: string[]}} */
export function parseRelays(text) {
  const items = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  if (items.length === 1 && items[0].toLowerCase() === "none") return { urls: [], bad: [] };
  const urls = items.filter((s) => {
    try {
      const url = new URL(s);
      return (url.protocol === "wss:" || url.protocol === "ws:") && Boolean(url.hostname) && !url.hash;
    } catch {
      return false;
    }
  });
  return { urls, bad: items.filter((s) => !urls.includes(s)) };
}

/** The relays to use: the URL's ?relays= if given, else the settings' list, else the default list.
 *  [] means one-link play is off. @param {string[] | undefined} saved @param {string} [search] */
export function relayUrls(saved, search = window.location.search) {
  const query = new URLSearchParams(search);
  return query.has("relays") ? parseRelays(query.get("relays") ?? "").urls : saved ?? [...DEFAULT_RELAYS];
}
