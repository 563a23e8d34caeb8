// What one probe and one store of a transposition table in a SharedArrayBuffer cost when Python in
// Pyodide reaches them through JavaScript, against a plain dict's get: the price of the browser
// pool's shared table (web/docs/ai.md), to weigh against the search's time per node there.
//
//   npm install --prefix tests/bench/.cache pyodide@314.0.7   (bench_ai.py --pyodide does this)
//   node tests/bench/pyodide_shared_table.mjs

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(join(here, ".cache", "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide();

// 24 bytes a slot, as hdchess.ai.parallel.SharedTable: a 32-bit check, the value, the rest packed.
const SLOTS = 1 << 20;
const buffer = new SharedArrayBuffer(SLOTS * 24);
const ints = new Int32Array(buffer);
const floats = new Float64Array(buffer);
globalThis.tableProbe = (slot, check) => {
  const i = slot * 6;
  return ints[i] === check ? floats[(i >> 1) + 1] : null;
};
globalThis.tableStore = (slot, check, value, packed) => {
  const i = slot * 6;
  ints[i] = check;
  floats[(i >> 1) + 1] = value;
  ints[i + 4] = packed;
};

console.log(pyodide.runPython(`
import random, time
import js
keys = [random.getrandbits(62) for _ in range(20_000)]
probe, store, plain = js.tableProbe, js.tableStore, {}
def timed(name, body):
    start = time.perf_counter()
    for _ in range(5):
        body()
    return f"{name}: {(time.perf_counter() - start) / (5 * len(keys)) * 1e6:.2f} us"
def stores():
    for k in keys:
        store(k & 0xFFFFF, k >> 40, 1.5, 7)
def probes():
    for k in keys:
        probe(k & 0xFFFFF, k >> 40)
def dict_gets():
    for k in keys:
        plain.get(k)
"\\n".join([timed("store through JS", stores), timed("probe through JS", probes), timed("dict.get", dict_gets)])
`));
