// The link preview's SVG, drawn by the page's own web/board-picture.js (web/buildlib/picture.py runs this
// at build time): node picture.mjs, with {position, style} as JSON on stdin; the SVG on stdout.

import { readFileSync } from "node:fs";
import { boardSvg } from "../board-picture.js";

const { position, style } = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(boardSvg(position, style));
