// The transposition table the Grandmaster's search workers share (web/search-pool.js), in one
// SharedArrayBuffer, and the calls Python makes on it (hdchess.ai.parallel.CallTable, through the module
// each worker registers as `hdchess_shared_table`).
//
// Layout: a header of 24 bytes, whose first 32-bit word is the stop word (set: every helper's search ends
// at its next look), then one slot of 24 bytes per entry: a 32-bit check, 4 bytes unused, the entry's
// packed data (a float64 holding a whole number) and its value (float64). The check is 31 bits of the key
// met with the data (`check ^ data`), so an entry two workers wrote at once, or one of another search
// (Python puts the search's salt in the key's bits), reads as none, as SharedTable does over processes.

export const TABLE_SLOTS = 1 << 20; // 24 MB, as the command line's shared table
const SLOT_BYTES = 24;
const HEADER_BYTES = 24;

/** A new table of `slots` slots (a power of two), stop word clear. @param {number} [slots] */
export function createSharedTable(slots = TABLE_SLOTS) {
  return new SharedArrayBuffer(HEADER_BYTES + slots * SLOT_BYTES);
}

/** How many slots a table has. @param {SharedArrayBuffer} buffer */
export function slotsOf(buffer) {
  return (buffer.byteLength - HEADER_BYTES) / SLOT_BYTES;
}

/**
 * What Python calls (probe, store, stopped) and what the page does (stop, clear).
 * @param {SharedArrayBuffer} buffer
 */
export function tableAccess(buffer) {
  const ints = new Int32Array(buffer);
  const floats = new Float64Array(buffer);
  return {
    /** The entry's [data, value] if the slot holds this key's entry. @param {number} slot @param {number} check */
    probe(slot, check) {
      const at = (slot + 1) * 3;
      const data = floats[at + 1];
      return ints[at * 2] === ((check ^ data) & 0x7fffffff) ? [data, floats[at + 2]] : undefined;
    },
    /** Keep an entry (always replacing). @param {number} slot @param {number} check @param {number} data @param {number} value */
    store(slot, check, data, value) {
      const at = (slot + 1) * 3;
      ints[at * 2] = (check ^ data) & 0x7fffffff;
      floats[at + 1] = data;
      floats[at + 2] = value;
    },
    /** Has the page told the helpers to stop? */
    stopped() {
      return Atomics.load(ints, 0) !== 0;
    },
    stop() {
      Atomics.store(ints, 0, 1);
    },
    clear() {
      Atomics.store(ints, 0, 0);
    },
  };
}
