// The board shown before Python answers: a variant's opening view as the
// engine itself wrote it at build time (web/static-info.js), for the variant
// and options about to be played. The page makes up no position of its own:
// with options whose opening was not written down, the board waits, empty,
// in the variant's shape.

import { squareNames } from "../discs.js";

/** @typedef {import("../protocol").View} View */

// Before Python answers, a view's fields the page reads for a game in play (its title, players, record)
// are absent, as they were before the contract: the page reads them with defaults.
/** @type {Partial<View>} */
const BLANK = {
  side: null, turn_player: 1, player_colors: { 1: null, 2: null }, scores: { red: 0, black: 0 },
  penalties: { red: 0, black: 0 }, quiet: 0, quiet_limit: null, pool: undefined,
  captured: { red: [], black: [] }, moves: [], last_move: null, outcome: null, ply: 0, start_ply: 0,
  assisted: false, known_deal: false,
};

/** @param {View} opening @param {Record<string, unknown> | undefined} options */
function sameOptions(opening, options) {
  return Object.entries(options ?? {}).every(([key, value]) => String(opening.options?.[key]) === String(value));
}

/** The view to draw at once for a new game of `choice` ({variant, options}); `playable`: may it be clicked?
 *  @param {typeof import("../static-info.js").STATIC} staticInfo
 *  @param {{variant: string | null, options?: Record<string, unknown>}} choice @param {boolean} playable
 *  @returns {View} */
export function bootView(staticInfo, choice, playable) {
  const variants = staticInfo?.info?.variants ?? [];
  const variant = variants.find((v) => v.name === choice.variant) ?? variants[0];
  const opening = variant && staticInfo.openings?.[variant.name];
  if (opening && sameOptions(opening, choice.options)) {
    return { ...BLANK, ...opening, legal: playable ? opening.legal : { flips: [], moves: {} } };
  }
  const shape = variant?.board ?? { files: 8, ranks: 4 };
  const names = squareNames(shape.files, shape.ranks);
  return /** @type {View} */ ({
    ...BLANK, variant: /** @type {string} */ (variant?.name ?? null), board: { ...shape, names },
    squares: Object.fromEntries(names.map((sq) => [sq, null])), legal: { flips: [], moves: {} },
  });
}
