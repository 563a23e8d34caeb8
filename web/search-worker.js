// One of the Grandmaster's search workers (a module worker; web/search-pool.js starts them): its own
// Python, searching the position it is given with the table it shares with the engine worker and the
// other helpers, until the page sets the stop word. It is given the public record of the position only
// (hdchess/bridge/pool.py), never the game: nothing of the deal is ever in this worker.
//
// page -> worker  {table: SharedArrayBuffer}       once, before any job
//                 {job: string, index: number}    a search (the job as pool_job gave it, as JSON)
// worker -> page  {event: "ready"} | {event: "failed", error}
//                 {index, done: {nodes, depth}} | {index, error}

import { errorText, startPython } from "./python-boot.js";
import { slotsOf, tableAccess } from "./shared-table.js";

/**
 * @typedef {object} WorkerScope
 * @property {(message: unknown) => void} postMessage
 * @property {(type: "message", listener: (event: MessageEvent) => void) => void} addEventListener
 */
const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

const python = startPython();
python.then(() => scope.postMessage({ event: "ready" }),
  (error) => scope.postMessage({ event: "failed", error: errorText(error) }));

/** @type {((job: string, index: number, slots: number) => string) | null} */
let helperSearch = null;
let slots = 0;

scope.addEventListener("message", async (event) => {
  const { table, job, index } = event.data || {};
  let pyodide;
  try {
    ({ pyodide } = await python);
  } catch {
    return; // said once, as "failed"
  }
  if (table instanceof SharedArrayBuffer) {
    pyodide.registerJsModule("hdchess_shared_table", tableAccess(table));
    slots = slotsOf(table);
    helperSearch ??= pyodide.pyimport("hdchess.bridge.pool").helper_search;
  } else if (typeof job === "string" && typeof index === "number") {
    if (!helperSearch) { // never silent: the page waits for an answer to every job
      scope.postMessage({ index, error: "no table was shared with this helper" });
      return;
    }
    try {
      scope.postMessage({ index, done: JSON.parse(helperSearch(job, index, slots)) });
    } catch (error) {
      scope.postMessage({ index, error: errorText(error) });
    }
  }
});
