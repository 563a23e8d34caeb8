// A chain of captures (banqi's house rule "chain captures") picked capture by
// capture. The bridge lists each whole chain as one legal entry with its
// landing squares (`path`), and every prefix of a chain as an entry of its own;
// the board offers the first captures, then from where the piece landed the
// next ones, and plays the one entry the player's steps make (web/board.js).
// Nothing here knows a rule: it only reads the entries' paths.

/** @typedef {import("./action").Action} Action */

/** The squares an entry lands on in turn: a chain's path, else its destination.
 *  @param {Action} action @returns {string[]} */
export function stepsOf(action) {
  return action.path ?? [action.to];
}

/** Does `steps` begin with `chain`? @param {string[]} steps @param {string[]} chain */
function startsWith(steps, chain) {
  return chain.every((sq, i) => steps[i] === sq);
}

/**
 * Where the piece may go next after the steps `chain` (none yet: its first step), by square: the
 * entries that end there, and the longer ones that go on from there.
 * @param {Action[]} actions the piece's entries @param {string[]} chain
 * @returns {Map<string, {ends: Action[], more: Action[]}>}
 */
export function nextSteps(actions, chain) {
  /** @type {Map<string, {ends: Action[], more: Action[]}>} */
  const next = new Map();
  for (const action of actions) {
    const steps = stepsOf(action);
    if (steps.length <= chain.length || !startsWith(steps, chain)) continue;
    const sq = steps[chain.length];
    const entry = next.get(sq) ?? { ends: [], more: [] };
    (steps.length === chain.length + 1 ? entry.ends : entry.more).push(action);
    next.set(sq, entry);
  }
  return next;
}

/** The entry whose steps are exactly `chain` (the chain so far, played as it stands).
 *  @param {Action[]} actions @param {string[]} chain @returns {Action | undefined} */
export function chainSoFar(actions, chain) {
  return actions.find((a) => stepsOf(a).length === chain.length && startsWith(stepsOf(a), chain));
}

/** The board as a chain under way shows it: the piece on its last landing, its start and the squares it
 *  took on the way emptied. @param {Record<string, string | null>} squares @param {string} from
 *  @param {string[]} chain */
export function chainBoard(squares, from, chain) {
  if (!chain.length) return squares;
  const shown = { ...squares };
  for (const sq of [from, ...chain]) shown[sq] = null;
  shown[/** @type {string} */ (chain.at(-1))] = squares[from] ?? null;
  return shown;
}

/** The board as an action would leave it (Confirm moves shows it before it is played, web/confirm-move.js),
 *  as far as its entry says without a rule: a piece that moves whole to an empty square or takes, a chain's
 *  landings emptied; else the board unchanged (a flip, a part of a stack carried, a stack joining another:
 *  the page marks their squares).
 *  @param {Record<string, string | null>} squares @param {Action} action */
export function actionBoard(squares, action) {
  const carry = /** @type {{carry?: number}} */ (action).carry;
  const whole = action.kind !== "flip" && action.from !== action.to && carry === undefined;
  const lands = !squares[action.path?.at(-1) ?? action.to] || action.capture === true || action.kind === "capture";
  return whole && (lands || action.path?.length) ? chainBoard(squares, action.from, action.path ?? [action.to]) : squares;
}
