// The engine benchmark under Pyodide in Node: the same bench_engine.measure()
// that CPython runs, on the package source copied into Pyodide's file system
// (no network, no wheel). Prints the figures as one JSON line.
//
//   npm install --prefix tests/bench/.cache pyodide@314.0.7   (bench_engine.py --pyodide does this)
//   node tests/bench/pyodide_bench.mjs [SECONDS ROUNDS WARMUP]

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const { loadPyodide } = await import(join(here, ".cache", "node_modules", "pyodide", "pyodide.mjs"));

/** Every source file of a folder, as paths relative to the repository root. */
function sources(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : sources(path);
    return /\.(py|json|md)$/.test(name) || name === "py.typed" ? [relative(root, path)] : [];
  });
}

/** The bench's Python modules (a bench module may import another, as bench_shared_table imports bench_ai). */
function benchModules() {
  return readdirSync(here).filter((name) => name.endsWith(".py")).map((name) => `tests/bench/${name}`);
}

const [seconds = "3", rounds = "3", warmup = "3"] = process.argv.slice(2);
const bench = process.env.BENCH_MODULE || "bench_engine"; // bench_ai measures the AI the same way
const started = Date.now();
const pyodide = await loadPyodide();
const home = "/home/pyodide/bench";
for (const file of [...sources(join(root, "hdchess")), ...benchModules()]) {
  const target = join(home, file); // the repository's layout, so bench_engine finds hdchess
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(join(root, file)));
}
// the browser's shared search table (web/shared-table.js), as its search workers register it
const { createSharedTable, tableAccess } = await import(join(root, "web", "shared-table.js"));
pyodide.registerJsModule("hdchess_shared_table", tableAccess(createSharedTable()));
console.error(`Pyodide ready in ${((Date.now() - started) / 1000).toFixed(1)} s; measuring...`);
const figures = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(home + "/tests/bench")})
import ${bench}
json.dumps(${bench}.measure(${Number(seconds)}, ${Number(rounds)}, ${Number(warmup)}))
`);
console.log(figures);
