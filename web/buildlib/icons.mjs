// The app's PNG icons from their SVGs, by resvg (@resvg/resvg-wasm, unpacked by web/buildlib/icons.py):
// node icons.mjs RESVG_DIR, with a JSON list of {svg (its text), width, out (a file to write)} on stdin.
// Run at build time only; the SVGs draw their glyph as a path, so no font is needed here.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [resvgDir] = process.argv.slice(2);
const { initWasm, Resvg } = await import(pathToFileURL(join(resvgDir, "index.mjs")).href);
await initWasm(readFileSync(join(resvgDir, "index_bg.wasm")));
for (const { svg, width, out } of JSON.parse(readFileSync(0, "utf8"))) {
  const image = new Resvg(svg, { fitTo: { mode: "width", value: width } }).render();
  writeFileSync(out, image.asPng());
}
