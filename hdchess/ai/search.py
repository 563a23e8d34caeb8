"""Expectiminimax search over the public position.

Face-down pieces are unknown to both players, so a flip is a *chance node*:
its children are the pool's piece types, weighted by how many of each are
still face-down. Decision nodes use negamax alpha-beta with principal
variation search; chance nodes use Star1 pruning (Ballard): with every value
known to lie in [lo, hi], each outcome is searched with the narrowest window
that can still change the node's result, and the node stops as soon as the
outcomes seen so far decide it. A probing pass (Star2) first searches each
outcome with only its best-ordered move, which bounds a decision node from
below; when those bounds already refute the node, no full search is needed.

Other parts: iterative deepening under a time, depth or node limit; a
transposition table keyed by the public Zobrist hash (plus the penalty
state); capture quiescence; move ordering by hash move, MVV-LVA, killers and
history; selective flip expansion (only the most promising flip squares are
expanded, fewer at shallow depth); exact play in positions with no face-down
pieces, which are searched until every leaf is the game's end.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import HIDDEN
from ..state import NO_CHASE, NO_SIDE, Action, Outcome, State
from .evaluate import (
    DEFAULT_WEIGHTS,
    WIN_BONUS,
    Weights,
    evaluate,
    flip_risk_order,
    moves_and_summary,
    terminal_utility,
)

INFINITY = 1e9
_EXACT, _LOWER, _UPPER = 0, 1, 2
_DECISIVE = 1000.0  # win/loss variants: the value of a win (minus plies to reach it)
_MAX_DEPTH = 64
_QUIESCE_PLIES = 4


@dataclass(frozen=True)
class SearchLimits:
    """Stop after ``movetime_ms`` milliseconds, ``depth`` plies or ``nodes`` nodes
    (whichever comes first; None = no limit of that kind)."""

    movetime_ms: float | None = None
    depth: int | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class SearchInfo:
    depth: int
    score: float  # utility in points, from the side to move's view
    nodes: int
    time_ms: float
    pv: tuple[Action, ...]
    solved: bool = False  # the score is the exact value of the game

    @property
    def nps(self) -> int:
        return int(self.nodes * 1000 / self.time_ms) if self.time_ms > 0 else 0


@dataclass(frozen=True)
class SearchResult:
    """The chosen action; ``score`` is its utility for the side to move, in
    points (the expected final score difference, plus 30 for a win: see
    evaluate.utility); ``root_scores`` holds what the last iteration learned
    of each root action (exact near the best, bounds further away)."""

    action: Action
    score: float
    depth: int
    nodes: int
    time_ms: float
    pv: tuple[Action, ...] = ()
    root_scores: dict[Action, float] = field(default_factory=dict)
    solved: bool = False


class _Stop(Exception):
    """Raised inside the tree when a limit is reached."""


def _flip_budget(depth: int, root: bool) -> int:
    """How many flip squares to expand at a node of this remaining depth."""
    if root:
        return 4
    if depth >= 3:
        return 3
    return 2 if depth == 2 else 1


def _chance_depth(depth: int) -> int:
    """Remaining depth below a flip: a revealed piece's consequences are searched
    one ply shallower than a move's, since each flip multiplies the tree by the
    number of piece types in the pool."""
    return depth - 1 if depth <= 2 else depth - 2


class Searcher:
    """One search of one position. Not reusable: make one per decision."""

    def __init__(self, state: State, limits: SearchLimits, weights: Weights = DEFAULT_WEIGHTS,
                 seed: int = 0, on_info: Callable[[SearchInfo], None] | None = None,
                 stop=None, root_margin: float | None = None, selective: bool = True) -> None:
        self.state = state
        self.selective = selective  # False: expand every flip square (for tests and analysis)
        self.limits = limits
        self.weights = weights
        self.rng = random.Random(seed)
        self.on_info = on_info
        self.stop_event = stop
        self.root_margin = root_margin  # search root moves within best - margin exactly
        self.nodes = 0
        self.tt: dict[int, tuple] = {}
        self.killers: list[list[int]] = [[-1, -1] for _ in range(_MAX_DEPTH + 8)]
        self.history = [0] * 1024
        self.horizon_hits = 0  # leaves that were estimated rather than the game's end
        self.decided_by_score = state.spec.decided_by_score
        values = state.ruleset.piece_values
        side_total = sum(values[p] * state.ruleset.initial_pool[p] for p in range(8))
        bound = (side_total + WIN_BONUS + 20.0) if self.decided_by_score else _DECISIVE
        self.lo, self.hi = -bound, bound
        self._deadline = None
        self._next_check = 256

    # -- limits ----------------------------------------------------------------
    def _check_limits(self) -> None:
        self._next_check = self.nodes + 256
        if self.limits.nodes is not None and self.nodes >= self.limits.nodes:
            raise _Stop
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise _Stop
        if self.stop_event is not None and self.stop_event.is_set():
            raise _Stop

    # -- helpers -----------------------------------------------------------------
    def _key(self) -> int:
        state = self.state
        key = state.hash ^ (state.last_moves[0] * 0x9E3779B97F4A7C15 + state.last_moves[1] * 0xC2B2AE3D27D4EB4F)
        key ^= (state.penalties[0] - state.penalties[1]) * 0x165667B19E3779F9
        if not state.hidden:  # exact endgames: the no-progress count matters
            key ^= state.quiet * 0x27D4EB2F165667C5
        if state.chase is not NO_CHASE:  # gaiqi: the chase rule changes which moves are legal
            key ^= hash(state.chase) * 0x94D049BB133111EB
        return key & 0xFFFFFFFFFFFFFFFF

    def _terminal(self, outcome: Outcome, ply: int) -> float:
        side = self.state.side
        if self.decided_by_score:
            red, black = outcome.scores
            diff = red - black if side == 0 else black - red
            value = terminal_utility(diff)
            return max(self.lo, min(self.hi, value))
        if outcome.winner is None:
            return 0.0
        return (_DECISIVE - ply) if outcome.winner == side else -(_DECISIVE - ply)

    def _evaluate(self, ours: tuple[int, int] | None = None) -> float:
        self.horizon_hits += 1
        value = evaluate(self.state, self.weights, ours)
        return max(self.lo + 1, min(self.hi - 1, value))

    # -- move ordering -----------------------------------------------------------
    def _order(self, actions: list[Action], tt_move: int, ply: int, depth: int, root: bool) -> list[Action]:
        state = self.state
        mailbox, values = state.mailbox, state.ruleset.piece_values
        killers = self.killers[ply]
        history = self.history
        captures, quiets, flips = [], [], []
        for action in actions:
            to = action & 31
            frm = action >> 5
            if frm == to:
                flips.append(action)
                continue
            target = mailbox[to]
            if action == tt_move:
                continue
            if target < HIDDEN:
                captures.append((values[target] * 16 - values[mailbox[frm]], action))
            elif target == HIDDEN:  # blind capture (gaiqi): a gamble, ordered with quiet moves
                quiets.append((history[action & 1023], action))
            elif action in killers:
                quiets.append((1 << 30, action))
            else:
                penalty = -(1 << 20) if state.is_penalised(action) else 0
                quiets.append((history[action & 1023] + penalty, action))
        ordered = [tt_move] if tt_move in actions and tt_move >= 0 else []
        captures.sort(reverse=True)
        quiets.sort(reverse=True)
        ordered += [a for _, a in captures]
        chosen: list[Action] = []
        if flips:
            if state.side == NO_SIDE:
                self.rng.shuffle(flips)
            else:
                flips = flip_risk_order(state, flips)
            keep = _flip_budget(depth, root) if self.selective else len(flips)
            chosen = [f for f in flips[:keep] if f != tt_move]
        # flips right after the captures and killers, before other quiet moves
        killer_count = sum(1 for score, _ in quiets if score >= 1 << 30)
        ordered += [a for _, a in quiets[:killer_count]] + chosen + [a for _, a in quiets[killer_count:]]
        return ordered

    # -- the tree ----------------------------------------------------------------
    def _chance(self, action: Action, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Value of an action that reveals a piece, for the player taking it (Star1/Star2)."""
        state = self.state
        outcomes = sorted(state.chance_outcomes(action), key=lambda o: -o[1])
        lo, hi = self.lo, self.hi
        if alpha >= hi:
            return hi
        if beta <= lo:
            return lo
        # Star2 probe: each outcome's value is at most what its opponent's first
        # move concedes, so a cheap upper bound on the node may already fail low.
        if depth >= 2 and len(outcomes) > 1:
            bound = 0.0
            for piece, prob in outcomes:
                state.push(action, piece)
                bound += prob * -self._probe(depth, ply + 1)
                state.pop()
            if bound <= alpha:
                return bound
        if depth <= 0:  # at the horizon a revealed piece is judged statically
            total = 0.0
            for piece, prob in outcomes:
                state.push(action, piece)
                self.nodes += 1
                total += prob * -self._leaf_value(ply + 1)
                state.pop()
            return total
        total, remaining = 0.0, 1.0
        for piece, prob in outcomes:
            remaining -= prob
            if remaining < 1e-12:
                remaining = 0.0
            a = max(lo, (alpha - total - remaining * hi) / prob)
            b = min(hi, (beta - total - remaining * lo) / prob)
            state.push(action, piece)
            value = -self._search(depth, -b, -a, ply + 1)
            state.pop()
            total += prob * value
            if total + remaining * hi <= alpha:
                return total + remaining * hi
            if total + remaining * lo >= beta:
                return total + remaining * lo
        return total

    def _probe(self, depth: int, ply: int) -> float:
        """A lower bound on a decision node for its side to move: the value of
        its best-ordered action only (the hash move if known, else a shallow guess)."""
        state = self.state
        self.nodes += 1
        actions = state.legal_actions()
        outcome = state.outcome(actions)
        if outcome is not None:
            return self._terminal(outcome, ply)
        entry = self.tt.get(self._key())
        if entry is not None and entry[1] != _UPPER:
            return entry[2]
        moves = [a for a in actions if a >> 5 != a & 31]
        if not moves:
            return self.lo
        action = self._order(moves, -1, ply, 0, False)[0]
        if state.mailbox[action & 31] == HIDDEN:
            return self.lo
        state.push(action)
        value = -self._leaf_value(ply + 1)
        state.pop()
        return value

    def _leaf_value(self, ply: int) -> float:
        """The game's value if it has ended, else the static evaluation."""
        outcome = self.state.outcome()
        return self._terminal(outcome, ply) if outcome is not None else self._evaluate()

    def _search(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        state = self.state
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_limits()
        actions = state.legal_actions()
        outcome = state.outcome(actions)
        if outcome is not None:
            return self._terminal(outcome, ply)
        if depth <= 0 or ply >= _MAX_DEPTH:
            return self._quiesce(alpha, beta, ply, actions)
        key = self._key()
        entry = self.tt.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, flag, value, tt_move, exact = entry
            if e_depth >= depth or exact:
                if not exact:
                    self.horizon_hits += 1
                if flag == _EXACT or (flag == _LOWER and value >= beta) or (flag == _UPPER and value <= alpha):
                    return value
                if not exact:
                    self.horizon_hits -= 1
        hits_before = self.horizon_hits
        alpha0 = alpha
        best, best_move = -INFINITY, -1
        first = True
        for action in self._order(actions, tt_move, ply, depth, False):
            to = action & 31
            if state.mailbox[to] == HIDDEN:
                value = self._chance(action, _chance_depth(depth), alpha, beta, ply)
            else:
                state.push(action)
                if first:
                    value = -self._search(depth - 1, -beta, -alpha, ply + 1)
                else:
                    value = -self._search(depth - 1, -alpha - 1e-6, -alpha, ply + 1)
                    if alpha < value < beta:
                        value = -self._search(depth - 1, -beta, -alpha, ply + 1)
                state.pop()
            first = False
            if value > best:
                best, best_move = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if state.mailbox[to] > HIDDEN:  # a quiet move refuted the line
                            killers = self.killers[ply]
                            if killers[0] != action:
                                killers[1], killers[0] = killers[0], action
                            self.history[action & 1023] += depth * depth
                        break
        flag = _LOWER if best >= beta else (_UPPER if best <= alpha0 else _EXACT)
        self.tt[key] = (depth, flag, best, best_move, self.horizon_hits == hits_before)
        return best

    def _quiesce(self, alpha: float, beta: float, ply: int, actions: list[Action] | None = None,
                 qdepth: int = 0) -> float:
        """Stand pat, or resolve captures of revealed pieces (at most _QUIESCE_PLIES deep:
        the evaluation's threat terms judge what is left hanging beyond that)."""
        state = self.state
        self.nodes += 1
        ours = None
        if actions is None:
            if self.nodes >= self._next_check:
                self._check_limits()
            actions = []
            if state.side != NO_SIDE:  # one scan gives the moves and the evaluation's summary
                ours = moves_and_summary(state, state.side, actions)
            outcome = state.outcome(actions)
            if outcome is not None:
                return self._terminal(outcome, ply)
        stand = self._evaluate(ours)
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        mailbox, values = state.mailbox, state.ruleset.piece_values
        captures = []
        for action in actions:
            target = mailbox[action & 31]
            if target < HIDDEN and action >> 5 != action & 31:
                captures.append((values[target] * 16 - values[mailbox[action >> 5]], action))
        if not captures or qdepth >= _QUIESCE_PLIES:
            return stand
        captures.sort(reverse=True)
        best = stand
        for _, action in captures:
            state.push(action)
            value = -self._quiesce(-beta, -alpha, ply + 1, None, qdepth + 1)
            state.pop()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    # -- the root ----------------------------------------------------------------
    def _root(self, depth: int, actions: list[Action], previous: dict[Action, float]) -> dict[Action, float]:
        """Search every root action at ``depth``; returns what is known of each."""
        state = self.state
        tt_move = max(previous, key=previous.get) if previous else -1
        ordered = self._order(actions, tt_move, 0, depth, True)
        if previous:  # best first, then the rest in the order of the last iteration
            ordered.sort(key=lambda a: -previous.get(a, -INFINITY))
        scores: dict[Action, float] = {}
        alpha, beta = -INFINITY, INFINITY
        for action in ordered:
            window_alpha = alpha if self.root_margin is None else alpha - self.root_margin
            if state.mailbox[action & 31] == HIDDEN:
                value = self._chance(action, _chance_depth(depth), window_alpha, beta, 0)
            else:
                state.push(action)
                value = -self._search(depth - 1, -beta, -window_alpha, 1)
                state.pop()
            scores[action] = value
            if value > alpha:
                alpha = value
        return scores

    def run(self) -> SearchResult:
        state = self.state
        start = time.perf_counter()
        if self.limits.movetime_ms is not None:
            self._deadline = start + self.limits.movetime_ms / 1000.0
        actions = state.legal_actions()
        if not actions or state.outcome(actions) is not None:
            raise ValueError("the game is over: there is nothing to search")
        max_depth = min(self.limits.depth or _MAX_DEPTH, _MAX_DEPTH)
        scores: dict[Action, float] = {}
        best_depth, solved = 0, False
        if len(actions) == 1:
            max_depth = 1
        root_ply = state.ply
        for depth in range(1, max_depth + 1):
            hits_before = self.horizon_hits
            try:
                new_scores = self._root(depth, actions, scores)
            except _Stop:
                while state.ply > root_ply:  # unwind the interrupted line
                    state.pop()
                if not scores:  # not even depth 1 finished: take what the root saw
                    scores = {a: 0.0 for a in actions}
                break
            scores, best_depth = new_scores, depth
            solved = self.horizon_hits == hits_before and not state.hidden
            best = max(scores, key=scores.get)
            if self.on_info:
                elapsed = (time.perf_counter() - start) * 1000
                self.on_info(SearchInfo(depth, scores[best], self.nodes, elapsed, self.pv(best), solved))
            if solved:
                break
            if self._deadline is not None and time.perf_counter() > start + (self._deadline - start) * 0.55:
                break  # the next iteration would not finish in time
        best = max(scores, key=scores.get)
        elapsed = (time.perf_counter() - start) * 1000
        return SearchResult(best, scores[best], best_depth, self.nodes, elapsed, self.pv(best), scores, solved)

    def pv(self, first: Action) -> tuple[Action, ...]:
        """The principal variation from the hash table, up to the first flip."""
        state = self.state
        line = [first]
        pushed = 0
        action = first
        while state.mailbox[action & 31] != HIDDEN and len(line) < 24:
            state.push(action)
            pushed += 1
            entry = self.tt.get(self._key())
            if entry is None or entry[3] < 0 or entry[3] not in state.legal_actions():
                break
            action = entry[3]
            line.append(action)
        for _ in range(pushed):
            state.pop()
        return tuple(line)


def analyse(state: State, limits: SearchLimits = SearchLimits(movetime_ms=1000), seed: int = 0,
            on_info: Callable[[SearchInfo], None] | None = None, stop=None,
            weights: Weights = DEFAULT_WEIGHTS, root_margin: float | None = None) -> SearchResult:
    """Search ``state`` (left unchanged) and return the best action found."""
    searcher = Searcher(state.copy(), limits, weights, seed, on_info, stop, root_margin)
    return searcher.run()
