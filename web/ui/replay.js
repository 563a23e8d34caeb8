// Step-through replay of a game already played. The board of an earlier ply is
// found by taking the record's moves back one by one from the view's final
// squares: a move's entry says what it revealed and what it captured, so no
// rules are needed, only the notation's squares.

const MOVE_TEXT = /^([a-h][1-4])(?:([-x])([a-h][1-4]))?/;

/** "c2(R)" -> {from: "c2", to: "c2", kind: "flip"}; "c2xc3" -> {..., kind: "capture"}; null if unreadable. */
export function parseMoveText(text) {
  const match = MOVE_TEXT.exec(String(text ?? "").trim());
  if (!match) return null;
  const [, from, sep, to] = match;
  if (!to) return { from, to: from, kind: "flip" };
  return { from, to, kind: sep === "x" ? "capture" : "move" };
}

/** The squares after `ply` moves of view.moves (0 = the game's start, moves.length = now). */
export function squaresAt(view, ply) {
  const squares = { ...view.squares };
  for (let i = view.moves.length - 1; i >= ply; i--) {
    const entry = view.moves[i];
    const move = parseMoveText(entry.text);
    if (!move) continue;
    if (move.kind === "flip") {
      squares[move.to] = "x";
      continue;
    }
    squares[move.from] = squares[move.to];
    // a blind capture (gaiqi) took a face-down piece: it revealed what it captured
    const blind = entry.revealed && entry.captured && move.kind === "capture";
    squares[move.to] = blind ? "x" : (entry.captured || null);
  }
  return squares;
}

/** The last move as the board highlights it, after `ply` moves. */
export function lastMoveAt(view, ply) {
  if (ply <= 0) return null;
  return parseMoveText(view.moves[ply - 1]?.text);
}

/**
 * What the panels show at `ply` during a replay: the board, the face-down pool
 * and the captures, taken back from the final view. Scores need piece values,
 * which the record does not carry, so they are left out (null).
 */
export function viewAt(view, ply) {
  const pool = { ...view.pool };
  const captured = { red: [...(view.captured?.red ?? [])], black: [...(view.captured?.black ?? [])] };
  for (let i = view.moves.length - 1; i >= ply; i--) {
    const entry = view.moves[i];
    if (entry.revealed) pool[entry.revealed] = (pool[entry.revealed] ?? 0) + 1;
    if (entry.captured) {
      const list = captured[entry.captured === entry.captured.toUpperCase() ? "red" : "black"];
      const at = list.lastIndexOf(entry.captured);
      if (at >= 0) list.splice(at, 1);
    }
  }
  const first = (view.ply ?? view.moves.length) - view.moves.length;
  const opened = first > 0 || ply > 0;
  return {
    ...view,
    squares: squaresAt(view, ply),
    pool,
    captured,
    scores: null,
    penalties: null,
    quiet: null,
    quiet_limit: null,
    outcome: ply === view.moves.length ? view.outcome : null,
    player_colors: opened ? view.player_colors : { 1: null, 2: null },
    turn_player: (first + ply) % 2 === 0 ? 1 : 2,
    last_move: lastMoveAt(view, ply),
  };
}
