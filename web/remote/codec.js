// Invitation and reply codes: what one page must tell the other to open a WebRTC channel (the whole SDP,
// gathered ICE candidates included, and who invites to which game), as JSON compressed with
// CompressionStream("deflate-raw") and written in base64url, so that it fits in a link's fragment and in
// a QR code. The fragment never reaches a server. A bad code is refused with a reason the page words:
// RemoteCodeError.reason is a key of web/i18n.js ("remote.bad.<reason>").

export const CODE_VERSION = 1;
const MAX_CODE = 16_000; // characters: a real code is well under 2,000; more is not one of ours
const MAX_JSON = 64_000; // bytes once inflated

/** @typedef {"join" | "reply"} CodeKind */

/**
 * What a code carries. `game` (an invitation's only) names the game on offer, so the guest sees it before
 * answering; `session` ties a reply, and a later invitation that resumes a game, to one game.
 * @typedef {object} CodeData
 * @property {CodeKind} kind
 * @property {string} sdp
 * @property {string} name the sender's name, as they gave it
 * @property {string} session
 * @property {Record<string, unknown>} [game]
 * @property {boolean} [resume] an invitation to go on with a game both pages know
 */

/** A code that cannot be read; `reason` names what is wrong with it. */
export class RemoteCodeError extends Error {
  /** @param {string} reason @param {string} [detail] */
  constructor(reason, detail = "") {
    super(`bad code: ${reason}${detail ? ` (${detail})` : ""}`);
    this.reason = reason;
  }
}

/** @param {Uint8Array} bytes */
export function toBase64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** @param {string} text */
export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new RemoteCodeError("characters");
  if (text.length % 4 === 1) throw new RemoteCodeError("truncated");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** @param {Uint8Array} bytes @param {CompressionStream | DecompressionStream} stream */
async function through(bytes, stream) {
  const out = new Blob([/** @type {BlobPart} */ (bytes)]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The code for `data`. @param {CodeData} data @returns {Promise<string>} */
export async function encodeCode(data) {
  const json = JSON.stringify({ v: CODE_VERSION, ...data });
  return toBase64url(await through(new TextEncoder().encode(json), new CompressionStream("deflate-raw")));
}

/** The data of a code of the expected kind, or a RemoteCodeError naming the problem.
 *  @param {string} code @param {CodeKind} kind @returns {Promise<CodeData>} */
export async function decodeCode(code, kind) {
  const text = code.trim();
  if (!text) throw new RemoteCodeError("empty");
  if (text.length > MAX_CODE) throw new RemoteCodeError("tooLong");
  const bytes = fromBase64url(text);
  let inflated;
  try {
    inflated = await through(bytes, new DecompressionStream("deflate-raw"));
  } catch {
    throw new RemoteCodeError("truncated"); // a cut code ends its deflate stream early
  }
  if (inflated.length > MAX_JSON) throw new RemoteCodeError("tooLong");
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(inflated));
  } catch {
    throw new RemoteCodeError("garbled");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new RemoteCodeError("garbled");
  const record = /** @type {Record<string, unknown>} */ (data);
  if (record.v !== CODE_VERSION) throw new RemoteCodeError("version", String(record.v));
  if (record.kind !== kind) {
    throw new RemoteCodeError(record.kind === "join" || record.kind === "reply" ? `not.${kind}` : "garbled");
  }
  for (const key of ["sdp", "name", "session"]) {
    if (typeof record[key] !== "string") throw new RemoteCodeError("garbled", key);
  }
  if (!String(record.sdp).startsWith("v=0")) throw new RemoteCodeError("garbled", "sdp");
  if (kind === "join" && (typeof record.game !== "object" || record.game === null)) {
    throw new RemoteCodeError("garbled", "game");
  }
  return /** @type {CodeData} */ (/** @type {unknown} */ (record));
}

/** The invitation or reply link of a code: this page's address with the code in its fragment.
 *  @param {CodeKind | "play"} kind @param {string} code @param {string} [base] */
export function linkFor(kind, code, base = window.location.href) {
  const url = new URL(base);
  url.hash = `${kind}=${code}`;
  return url.toString();
}

/** The code of `kind` in what a player pasted: a whole link, a fragment or the bare code. A link of the
 *  other kind is refused by name (a player may paste their own invitation by mistake).
 *  @param {string} text @param {CodeKind} kind @returns {string} */
export function codeFrom(text, kind) {
  const trimmed = text.trim();
  const match = /(?:^|#)(join|reply)=([^\s#&]*)/.exec(trimmed);
  if (!match) {
    if (/[#=/:]/.test(trimmed)) throw new RemoteCodeError(trimmed.includes("#") ? "noCode" : "characters");
    return trimmed;
  }
  if (match[1] !== kind) throw new RemoteCodeError(`not.${kind}`);
  return match[2];
}

/** The code in this page's fragment, if it holds one: {kind, code} ("play": a one-link invitation,
 *  web/remote/one-link.js). @param {string} hash */
export function codeInHash(hash) {
  const match = /^#(join|reply|play)=(.*)$/.exec(hash);
  return match ? { kind: /** @type {CodeKind | "play"} */ (match[1]), code: match[2] } : null;
}
