// Types of web/board-glyphs.js, which web/build.py writes into the site (web/buildlib/picture.py).
/** Each piece glyph and digit: character -> its SVG path, 100 units to the em, its ink centred on (0, 0). */
export declare const OUTLINES: Record<string, string>;
