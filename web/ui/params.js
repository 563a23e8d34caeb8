// URL parameters (embed mode, share links). Each one is checked on its own: a
// bad value is reported by name and ignored, the rest still apply.
// Variant and level are checked later against the engine's `info`. A reason is
// a key the page words in its language ("param.<reason>", with {value}).

const MAX_RECORD = 100_000;
const MAX_SEED_DIGITS = 18; // below the engine's limit (2**63 - 1), and read exactly

/**
 * The page's URL parameters, each present only when given and valid.
 * @typedef {object} Params
 * @property {boolean} [embed]
 * @property {boolean} [letters]
 * @property {"human" | "ai"} [first]
 * @property {"en" | "zh"} [lang]
 * @property {"light" | "dark" | "auto"} [theme]
 * @property {string} [variant]
 * @property {string} [level]
 * @property {string} [seed] digits, as text
 * @property {string} [record]
 * @property {Record<string, string>} [options] rule options, from `set=KEY=VALUE` (repeatable; checked by the engine)
 */

/** @typedef {{name: string, reason: string, value: string}} ParamError */

/** {values, errors: [{name, reason, value}]} from a query string.
 *  @param {string} search @returns {{values: Params, errors: ParamError[]}} */
export function parseParams(search) {
  const query = new URLSearchParams(search);
  /** @type {Record<string, unknown>} */
  const values = {};
  /** @type {ParamError[]} */
  const errors = [];
  /** @param {string} name */
  const get = (name) => query.get(name) ?? "";
  /** @param {string} name @param {string} reason */
  const bad = (name, reason) => errors.push({ name, reason, value: get(name).slice(0, 40) });
  /** @param {string} name */
  const flag = (name) => {
    if (!query.has(name)) return;
    const v = get(name).trim().toLowerCase();
    if (["1", "true", "yes", ""].includes(v)) values[name] = true;
    else if (["0", "false", "no"].includes(v)) values[name] = false;
    else bad(name, "flag");
  };
  /** @param {string} name @param {string[]} allowed */
  const oneOf = (name, allowed) => {
    if (!query.has(name)) return;
    const v = get(name).trim().toLowerCase();
    if (allowed.includes(v)) values[name] = v;
    else bad(name, `oneOf.${name}`);
  };
  flag("embed");
  flag("letters");
  oneOf("first", ["human", "ai"]);
  oneOf("lang", ["en", "zh"]);
  oneOf("theme", ["light", "dark", "auto"]);
  if (query.has("variant")) {
    const v = get("variant").trim().toLowerCase();
    if (/^[a-z0-9_]{1,30}$/.test(v)) values.variant = v;
    else bad("variant", "unknownVariant");
  }
  if (query.has("level")) {
    const v = get("level").trim();
    if (/^[A-Za-z0-9]{1,20}$/.test(v)) values.level = v;
    else bad("level", "unknownLevel");
  }
  if (query.has("seed")) {
    const v = get("seed").trim();
    if (!/^\d+$/.test(v)) bad("seed", "seedNumber");
    else if (v.length > MAX_SEED_DIGITS) bad("seed", "seedLong");
    else values.seed = v; // as text: the engine reads it exactly, a JavaScript number would round it
  }
  if (query.has("record")) {
    const v = get("record");
    if (v.trim() && v.length <= MAX_RECORD) values.record = v;
    else bad("record", v.trim() ? "recordLong" : "recordEmpty");
  }
  if (query.has("set")) {
    /** @type {Record<string, string>} */
    const options = {};
    for (const item of query.getAll("set")) {
      const match = /^\s*([a-z_]{1,40})\s*=\s*([A-Za-z0-9_.-]{1,40})\s*$/.exec(item);
      if (match) options[match[1]] = match[2];
      else errors.push({ name: "set", reason: "setOption", value: item.slice(0, 40) });
    }
    if (Object.keys(options).length) values.options = options;
  }
  return { values: /** @type {Params} */ (values), errors };
}

/** The level name in `levels` matching a name (any case) or a number 1..n; null if none.
 *  @param {unknown} text @param {string[]} levels @returns {string | null} */
export function matchLevel(text, levels) {
  const value = String(text ?? "").trim().toLowerCase();
  const index = /^\d+$/.test(value) ? Number(value) - 1 : levels.findIndex((l) => l.toLowerCase() === value);
  return levels[index] ?? null;
}
