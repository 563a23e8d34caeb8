// Build tool (not part of the site): Python's memory once the bridge is imported, saved by the site's
// own Pyodide in node, so the browser restores it instead of starting Python and importing the package
// (the longest part of the wait for Python).
//
//   node web/buildlib/snapshot.mjs STDLIB_ZIP WHEEL OUT.gz
//
// The Pyodide of web/node_modules (the one the site vendors). STDLIB_ZIP: the site's standard library, as
// the browser gets it (the snapshot holds zipimport's directory of it, so it must be these very bytes);
// WHEEL: the site's wheel, put where
// web/worker.js puts it (/lib/<name>). Uses Pyodide's makeMemorySnapshot (its _makeSnapshot option);
// the worker falls back to a plain start when restoring fails. OUT.gz: the snapshot, gzipped (the
// worker inflates it with DecompressionStream).

import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { gzipSync } from "node:zlib";

import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [stdlib, wheelPath, out] = process.argv.slice(2);
const pyodide = await loadPyodide({
  indexURL: new URL("../node_modules/pyodide/", import.meta.url).pathname,
  stdLibURL: stdlib,
  _makeSnapshot: true,
  stdout: (text) => process.stderr.write(`${text}\n`),
});
const path = `/lib/${basename(wheelPath)}`;
pyodide.FS.writeFile(path, readFileSync(wheelPath));
// Only imports: nothing seeded runs here that the browser keeps (web/worker.js replaces the bridge's
// session, made at import with its AI seed, and reseeds random at once after restoring).
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)}); import hdchess.bridge`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 9 }));
process.stderr.write(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB\n`);
