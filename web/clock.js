// Clocks per player: a time control "minutes+increment" ("5+0", "15+10"), or
// none. The page keeps the time (a UI matter); when a player's time runs out
// the page tells the engine (bridge `timeout`), and that player loses.
// A clock runs only while a game is going on and colours are decided (after
// the opening flip), for the player to act; a move adds the increment to the
// mover's time. Pure state here: the controller calls these and draws.

/**
 * A game's clocks: each player's time left when their clock last stopped, and whose runs since when.
 * @typedef {object} Clock
 * @property {string} control "5+0"
 * @property {number} incrementMs
 * @property {Record<number, number>} remaining player (1, 2) -> ms
 * @property {number | null} running the player whose clock runs
 * @property {number} since when it started running (performance.now())
 */

/** Saved beside the game: the times left when saved, the player whose clock ran then, and when that was
 *  (wall-clock ms, Date.now()): a reload charges the running player for the time since.
 *  @typedef {{control: string, remaining: Record<number, number>, running?: number | null, savedAt?: number}} SavedClock */

export const TIME_CONTROLS = ["none", "1+0", "3+2", "5+0", "10+0", "15+10"];

/** A new clock for `control` ("5+0"), or null for "none" or anything unreadable.
 *  @param {unknown} control @returns {Clock | null} */
export function createClock(control) {
  const match = /^(\d{1,3})\+(\d{1,3})$/.exec(String(control ?? ""));
  if (!match || Number(match[1]) === 0) return null;
  const initial = Number(match[1]) * 60_000;
  return { control: String(control), incrementMs: Number(match[2]) * 1000, remaining: { 1: initial, 2: initial }, running: null, since: 0 };
}

/** A clock as saved beside the game (remaining times as of `now`, the running player, the wall-clock time),
 *  or null. @param {Clock | null} clock @param {number} now @param {number} [wallNow] Date.now() at `now`
 *  @returns {SavedClock | null} */
export function savedClock(clock, now, wallNow = Date.now()) {
  if (!clock) return null;
  return { control: clock.control, remaining: { 1: remainingOf(clock, 1, now), 2: remainingOf(clock, 2, now) },
    running: clock.running, savedAt: wallNow };
}

/** A clock brought back from what savedClock gave (checked: anything odd gives no clock). The player whose
 *  clock ran when it was saved is charged the time since (`wallNow`): a reload gives no time back.
 *  @param {SavedClock | null | undefined} saved @param {number} [wallNow] Date.now() @returns {Clock | null} */
export function restoreClock(saved, wallNow = Date.now()) {
  const clock = createClock(saved?.control);
  if (!clock || !saved) return null;
  for (const player of [1, 2]) {
    const ms = saved.remaining?.[player];
    if (Number.isFinite(ms) && ms >= 0 && ms <= 1000 * 60_000) clock.remaining[player] = ms;
  }
  const running = saved.running;
  const savedAt = saved.savedAt;
  if ((running === 1 || running === 2) && typeof savedAt === "number" && Number.isFinite(savedAt)) {
    const elapsed = Math.max(0, wallNow - savedAt); // a clock set back gives nothing back either
    clock.remaining[running] = Math.max(0, clock.remaining[running] - elapsed);
  }
  return clock;
}

/** A player's time left at `now`, in ms. @param {Clock} clock @param {number} player @param {number} now */
export function remainingOf(clock, player, now) {
  const left = clock.remaining[player] - (clock.running === player ? now - clock.since : 0);
  return Math.max(0, left);
}

/** Charge the running player's time up to `now` (plus the increment if they just moved), then run `next`.
 *  @param {Clock} clock @param {number | null} next @param {number} now */
export function switchClock(clock, next, now, moved = false) {
  if (clock.running) {
    clock.remaining[clock.running] = remainingOf(clock, clock.running, now);
    if (moved && clock.remaining[clock.running] > 0) clock.remaining[clock.running] += clock.incrementMs;
  }
  clock.running = next;
  clock.since = now;
}

/** The player whose time has run out, or null. @param {Clock | null} clock @param {number} now
 *  @returns {number | null} */
export function flagged(clock, now) {
  return clock?.running && remainingOf(clock, clock.running, now) <= 0 ? clock.running : null;
}

/** "4:05", or "0:07.3" under ten seconds. @param {number} ms */
export function formatClock(ms) {
  const seconds = ms / 1000;
  if (seconds < 10) return `0:0${seconds.toFixed(1)}`;
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
