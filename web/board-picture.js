// A picture of a board as an SVG text: no DOM, no font, no rules. It draws what a position's view says
// (the board's files x ranks and square names, each square's content: a piece letter, "x" face-down, or a
// stack bottom first; the move that led there) as the page's board does (web/style.css: the wood, the
// discs, the face-down discs, a stack's height badge, the last move's squares), each glyph from its outline
// (web/board-glyphs.js, written by the build from the pieces' own font), so the text draws the same in
// node and in any browser. Two callers: the build, whose link preview is the default game's opening
// (web/buildlib/picture.mjs, rasterised by resvg), and the page, whose animated image of a finished game
// draws one of these per position (web/animation.js).

/**
 * What a picture shows of one position (a part of the bridge's BoardView, or one of its `frames`).
 * @typedef {object} PicturePosition
 * @property {{files: number, ranks: number, names?: string[]}} board
 * @property {Record<string, string | null>} squares
 * @property {{from: string, to: string, path?: string[]} | null} [last_move]
 */

/**
 * How to draw it: the page's colours (web/style.css's custom properties, by name without "--"), the
 * letter -> glyph table of the variant, the glyphs' outlines (web/board-glyphs.js), and the size.
 * @typedef {object} PictureStyle
 * @property {Record<string, string>} colours
 * @property {Record<string, string>} glyphs a piece letter -> its character
 * @property {Record<string, string>} outlines a character (or digit) -> its SVG path, 100 units to the em,
 *   its ink centred on (0, 0)
 * @property {number} cell a square's side in pixels
 * @property {{width: number, height: number} | null} [canvas] a picture of this size, the board centred
 *   on the page's background in it (a link preview); null: the board alone
 */

/** The style's colours a picture reads: the names (without "--") of web/style.css's custom properties. */
export const PICTURE_COLOURS = ["wood", "wood-dark", "wood-line", "red", "black-piece", "disc-face", "disc-edge", "hidden-face",
  "hidden-light", "hidden-edge", "last", "last-edge", "fg", "bg", "accent"];
const MARGIN = 0.12; // the board's wooden edge, in squares
const DISC = 0.82; // a disc's diameter, in squares (.disc's width)
const RIM = 0.3 / 20.5; // of the diameter (the disc's inset shadow on the 4-file board)
const RING_INSET = 0.09; // the inner ring (.disc::before), of the diameter
const RING = 0.25 / 20.5;
const GLYPH = (43 / 4) / 20.5; // the glyph's em, of the diameter (.glyph's font-size)
const BADGE = 0.3; // a stack's height badge, its height in squares
const TALL = 5; // a stack this high gets the badge that stands out (web/discs.js)

/** A length for the SVG: two decimals at most. @param {number} value */
function num(value) {
  return String(Math.round(value * 100) / 100);
}

/** The glyph (or digits) `text` from its outlines, `size` pixels to the em, centred on (x, y); side by
 *  side for more than one character. @param {string} text @param {number} x @param {number} y
 *  @param {number} size @param {string} fill @param {Record<string, string>} outlines */
function outlined(text, x, y, size, fill, outlines) {
  const chars = [...text];
  const advance = chars.length > 1 ? size * 0.6 : 0; // digits side by side
  return chars.map((char, index) => {
    const path = outlines[char];
    if (!path) return "";
    const at = x + (index - (chars.length - 1) / 2) * advance;
    return `<path fill="${fill}" transform="translate(${num(at)} ${num(y)}) scale(${num(size / 100)})" d="${path}"/>`;
  }).join("");
}

/** One disc (a piece, or face-down when `letter` is "x") centred on (x, y).
 *  @param {string} letter @param {number} x @param {number} y @param {number} cell @param {PictureStyle} style */
function disc(letter, x, y, cell, style) {
  const c = style.colours;
  const diameter = DISC * cell;
  const radius = diameter / 2;
  const rim = RIM * diameter;
  const shadow = `<circle cx="${num(x)}" cy="${num(y + 0.03 * diameter)}" r="${num(radius)}" fill="#000" fill-opacity="0.3"/>`;
  if (letter === "x") {
    return shadow + `<circle cx="${num(x)}" cy="${num(y)}" r="${num(radius)}" fill="url(#hidden)"/>`
      + `<circle cx="${num(x)}" cy="${num(y)}" r="${num(radius - rim / 2)}" fill="none" stroke="${c["hidden-edge"]}" stroke-width="${num(rim)}"/>`
      + `<circle cx="${num(x)}" cy="${num(y)}" r="${num(radius * 0.76)}" fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="${num(RING * diameter)}" stroke-dasharray="${num(RING * diameter)} ${num(2 * RING * diameter)}"/>`;
  }
  const ink = letter === letter.toUpperCase() ? c.red : c["black-piece"];
  return shadow + `<circle cx="${num(x)}" cy="${num(y)}" r="${num(radius)}" fill="url(#face)"/>`
    + `<circle cx="${num(x)}" cy="${num(y)}" r="${num(radius - rim / 2)}" fill="none" stroke="${c["disc-edge"]}" stroke-width="${num(rim)}"/>`
    + `<circle cx="${num(x)}" cy="${num(y)}" r="${num(radius * (1 - 2 * RING_INSET) - RING * diameter / 2)}" fill="none" stroke="${ink}" stroke-opacity="0.7" stroke-width="${num(RING * diameter)}"/>`
    + outlined(style.glyphs[letter] ?? letter, x, y, GLYPH * diameter, ink, style.outlines);
}

/** A stack's height, a badge at the disc's lower right. @param {number} height @param {number} x
 *  @param {number} y @param {number} cell @param {PictureStyle} style */
function badge(height, x, y, cell, style) {
  const c = style.colours;
  const side = BADGE * cell;
  const text = String(height);
  const width = side * (text.length > 1 ? 1.5 : 1.1);
  const bx = x + DISC * cell * 0.42;
  const by = y + DISC * cell * 0.42;
  const fill = height >= TALL ? c.accent : c.fg;
  return `<rect x="${num(bx - width / 2)}" y="${num(by - side / 2)}" width="${num(width)}" height="${num(side)}" rx="${num(side / 2)}" fill="${fill}" stroke="${c.bg}" stroke-width="1.5"/>`
    + outlined(text, bx, by, side * 0.8, height >= TALL ? "#fff" : c.bg, style.outlines);
}

/** The SVG of one position: the board (Red at the bottom, its first square name at the lower left), each
 *  square's content, the last move's squares marked.
 *  @param {PicturePosition} position @param {PictureStyle} style @returns {string} */
export function boardSvg(position, style) {
  const { files, ranks } = position.board;
  const names = position.board.names ?? [];
  const c = style.colours;
  const cell = style.cell;
  const margin = MARGIN * cell;
  const boardWidth = files * cell + 2 * margin;
  const boardHeight = ranks * cell + 2 * margin;
  const width = style.canvas?.width ?? boardWidth;
  const height = style.canvas?.height ?? boardHeight;
  const left = (width - boardWidth) / 2;
  const top = (height - boardHeight) / 2;
  const moved = position.last_move;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">`,
    "<defs>",
    `<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.wood}"/><stop offset="1" stop-color="${c["wood-dark"]}"/></linearGradient>`,
    `<radialGradient id="face" cx="0.35" cy="0.3" r="0.955"><stop offset="0" stop-color="#fffaf0"/><stop offset="0.55" stop-color="${c["disc-face"]}"/><stop offset="1" stop-color="${c["disc-edge"]}"/></radialGradient>`,
    `<radialGradient id="hidden" cx="0.35" cy="0.3" r="0.955"><stop offset="0" stop-color="${c["hidden-light"]}"/><stop offset="0.6" stop-color="${c["hidden-face"]}"/><stop offset="1" stop-color="${c["hidden-edge"]}"/></radialGradient>`,
    "</defs>",
    ...(style.canvas ? [`<rect width="${num(width)}" height="${num(height)}" fill="${c.bg}"/>`] : []),
    `<rect x="${num(left)}" y="${num(top)}" width="${num(boardWidth)}" height="${num(boardHeight)}" rx="${num(margin)}" fill="url(#wood)" stroke="${c["wood-line"]}" stroke-width="2"/>`,
  ];
  names.forEach((name, index) => {
    const x = left + margin + (index % files) * cell;
    const y = top + margin + (ranks - 1 - Math.floor(index / files)) * cell;
    const from = moved?.from === name;
    const to = moved?.to === name;
    parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(cell)}" height="${num(cell)}" fill="${from || to ? c.last : "none"}"`
      + `${from && !to ? ' fill-opacity="0.6"' : ""} stroke="${c["wood-line"]}" stroke-opacity="0.55"/>`);
    if (to) {
      parts.push(`<rect x="${num(x + 1.5)}" y="${num(y + 1.5)}" width="${num(cell - 3)}" height="${num(cell - 3)}" fill="none" stroke="${c["last-edge"]}" stroke-width="3"/>`);
    }
  });
  names.forEach((name, index) => {
    const content = position.squares[name];
    if (!content) return;
    const x = left + margin + (index % files + 0.5) * cell;
    const y = top + margin + (ranks - 1 - Math.floor(index / files) + 0.5) * cell;
    const shown = content === "x" ? "x" : content.at(-1) ?? "x"; // a stack is written bottom first
    parts.push(disc(shown, x, y, cell, style));
    if (content.length > 1 && content !== "x") parts.push(badge(content.length, x, y, cell, style));
  });
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}
