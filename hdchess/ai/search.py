"""Expectiminimax search over the public position, for every game.

The search talks to a game only through the state protocol
(:class:`hdchess.rules.GameState`) and the game's :class:`~hdchess.knowledge.Knowledge`.
A chance action (a flip: face-down pieces are unknown to both players) is a
*chance node*: its children are its outcomes, weighted by their probability.
Decision nodes use negamax alpha-beta with principal variation search; chance
nodes use Star1 pruning (Ballard): with every value known to lie in [lo, hi],
each outcome is searched with the narrowest window that can still change the
node's result, and the node stops as soon as the outcomes seen so far decide
it. A probing pass (Star2) first searches each outcome with only its
best-ordered move, which bounds a decision node from below; when those
bounds already refute the node, no full search is needed.

Other parts: iterative deepening under a time, depth or node limit; a
transposition table keyed by the state's search key; capture quiescence;
move ordering (the game's own, with hash move, killers and history);
selective chance expansion (only the most promising flip squares are
expanded, fewer at shallow depth); exact play in positions with no chance
left, which are searched until every leaf is the game's end; endgame tables
when the game's knowledge has them (a position they cover is a leaf with its
exact value, and a root they cover is played from them without searching);
the opening book, when asked, for a root it holds.

Values are from the view of the side to act. Most actions pass the turn, and
the child's value is negated; an action after which the same side acts again
(a Cheight promotion swap) keeps its child's value as it is.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Protocol

from ..knowledge import DECISIVE, WIN_BONUS, Weights, terminal_utility
from ..rules import GameState
from ..vocabulary import Action, Outcome
from .flips import FlipBudget
from .limits import SearchLimits

if TYPE_CHECKING:
    from ..table_protocol import EndgameTables, TableProber
    from .timing import TimeManager

INFINITY = 1e9
_EXACT, _LOWER, _UPPER = 0, 1, 2
_MAX_DEPTH = 64
_LMR_DEPTH = 3  # late-move reductions from this remaining depth...
_LMR_MOVES = 4  # ...for quiet moves after this many
_QUIESCE_PLIES = 4

# a transposition-table entry: (depth, bound flag, value, best action or -1, exact: no estimate below)
TTEntry = tuple[int, int, float, Action, bool]
Siblings = dict[Any, Any]  # what the evaluations of one chance action's outcomes share (theirs to fill)


class Table(Protocol):
    """A transposition table: a dict, or a table the parallel search's workers share."""

    def get(self, key: int, /) -> TTEntry | None: ...

    def __setitem__(self, key: int, entry: TTEntry, /) -> None: ...


class StopSignal(Protocol):
    """What tells a search to stop from outside (a ``threading.Event``)."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class SearchInfo:
    depth: int
    score: float  # utility in points, from the side to act's view
    nodes: int
    time_ms: float
    pv: tuple[Action, ...]
    solved: bool = False  # the score is the exact value of the game

    @property
    def nps(self) -> int:
        return int(self.nodes * 1000 / self.time_ms) if self.time_ms > 0 else 0


@dataclass(frozen=True)
class SearchResult:
    """The chosen action; ``score`` is its utility for the side to act, in
    points (the expected final score difference, plus 30 for a win: see
    knowledge.utility); ``root_scores`` holds what the last complete iteration
    learned of each root action (exact near the best, bounds further away). The
    action is that iteration's best, unless the next, interrupted one had already
    found a better one (then ``score`` is its value at that depth)."""

    action: Action
    score: float
    depth: int
    nodes: int
    time_ms: float
    pv: tuple[Action, ...] = ()
    root_scores: dict[Action, float] = field(default_factory=dict)
    solved: bool = False
    table: bool = False  # chosen from endgame tables: perfect play, exact scores


class _Stop(Exception):
    """Raised inside the tree when a limit is reached."""


def _chance_depth(depth: int) -> int:
    """Remaining depth below a flip: a revealed piece's consequences are searched
    one ply shallower than a move's, since each flip multiplies the tree by the
    number of piece types in the pool."""
    return depth - 1 if depth <= 2 else depth - 2


class Searcher:
    """One search of one position. Not reusable: make one per decision.

    The knowledge's functions, kept on the searcher, are read into a local before
    they are called: CPython 3.11 does not specialise ``self.f(...)`` when ``f``
    is a stored function rather than a method, and these calls are made at
    nearly every node.
    """

    # set by begin()
    _started: float
    _overall: float | None
    _actions: list[Action]
    _max_depth: int
    _root_stack: int
    scores: dict[Action, float]
    _partial: dict[Action, float]
    _deeper: tuple[Action, float] | None  # a better action an interrupted iteration found
    best_depth: int
    solved: bool
    finished: bool
    _known: SearchResult | None

    def __init__(self, state: GameState, limits: SearchLimits, weights: Weights | None = None,
                 seed: int = 0, on_info: Callable[[SearchInfo], None] | None = None,
                 stop: StopSignal | None = None, root_margin: float | None = None, selective: bool = True,
                 reductions: bool = True, contempt: float = 0.0, book: bool = False,
                 timing: TimeManager | None = None, tt: Table | None = None,
                 flips: FlipBudget | None = None) -> None:
        self.state = state
        ruleset = state.ruleset
        knowledge = ruleset.knowledge
        self.knowledge = knowledge
        self._eval, self._leaf_scan = knowledge.evaluate, knowledge.leaf_scan
        self._captures, self._order_actions = knowledge.captures, knowledge.order
        self._eval_key = knowledge.eval_key or type(state).search_key
        self.selective = selective  # False: expand every chance action (for tests and analysis)
        self.flips = FlipBudget() if flips is None else flips  # how many flips a selective search expands
        self._line_flips = 0  # flips expanded below the root on the line being searched
        self.reductions = reductions  # False: no late-move reductions (exact minimax, for tests)
        self.limits = limits
        self.weights = knowledge.weights if weights is None else weights
        self.rng = random.Random(seed)
        self.on_info = on_info
        self.stop_event = stop
        self.root_margin = root_margin  # search root moves within best - margin exactly
        self.book = book  # play the game's opening book, where it has the root, without searching
        self.timing = timing  # a level that thinks by time: its budget follows the search (timing.py)
        # win/loss games: what a draw costs the side to act at the root (it gives as much to
        # the other side), so a stronger side plays on rather than repeat moves
        self._contempt = 0.0 if ruleset.decided_by_score else contempt
        # and as the evaluation fades an advantage near the no-progress limit, it fades
        # towards that draw's value, not towards 0
        self._draw_share = knowledge.draw_share if self._contempt else None
        self._root_side = state.side
        self.nodes = 0
        self.tt: Table = {} if tt is None else tt  # a shared one: the parallel search's helpers
        self.eval_cache: dict[int, float] = {}
        self.killers: list[list[int]] = [[-1, -1] for _ in range(_MAX_DEPTH + 8)]
        self.history: defaultdict[int, int] = defaultdict(int)
        self.horizon_hits = 0  # leaves that were estimated rather than the game's end
        self.decided_by_score = ruleset.decided_by_score
        tables: EndgameTables | None = getattr(knowledge, "tables", None)
        self._tables: TableProber | None = tables.prober(ruleset) if tables is not None else None
        self._table_probe = self._tables.probe if self._tables is not None else None
        self._probe_from = 0  # plies from the root before the tables may cover a position (set by begin)
        values = ruleset.piece_values
        side_total = sum(values[p] * ruleset.initial_pool[p] for p in range(8))
        bound = (side_total + WIN_BONUS + 20.0) if self.decided_by_score else DECISIVE
        self.lo, self.hi = -bound, bound
        self._eval_floor, self._eval_ceiling = self.lo + 1, self.hi - 1  # an estimate never equals a game's end
        self._deadline: float | None = None
        self._next_check = 0  # the first node reads the limits

    # -- limits ----------------------------------------------------------------
    def _check_limits(self) -> None:
        """Stop when a limit is reached: the node limit exactly, the clock and the
        stop event every 256 nodes (reading the clock costs more than a node)."""
        self._next_check = self.nodes + 256
        limit = self.limits.nodes
        if limit is not None:
            if self.nodes >= limit:
                raise _Stop
            self._next_check = min(self._next_check, limit)
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise _Stop
        if self.stop_event is not None and self.stop_event.is_set():
            raise _Stop

    # -- helpers -----------------------------------------------------------------
    def _terminal(self, outcome: Outcome, ply: int) -> float:
        if self.decided_by_score:
            return self._final_scores_value(*outcome.scores)
        side = self.state.side
        if outcome.winner is None:
            return self._draw_value()
        return (DECISIVE - ply) if outcome.winner == side else -(DECISIVE - ply)

    def _draw_value(self) -> float:
        """A draw's value for the side to act: the game's end by repetition or the
        no-progress rule, a drawn table ending, and a position met again below the
        root, which counts as the draw by repetition it can become (the side ahead
        looks for progress before the cycle closes, instead of finding at the third
        time that it has nothing else left). In win/loss games the side at the root
        loses its contempt by a draw and the other side gains as much."""
        state = self.state
        if not self.decided_by_score:
            return -self._contempt if state.side == self._root_side else self._contempt
        return self._final_scores_value(state.score(0), state.score(1))

    def _final_scores_value(self, red: int, black: int) -> float:
        """A game decided by score, ended with these (red, black) scores: its value
        for the side to act."""
        diff = red - black if self.state.side == 0 else black - red
        return max(self.lo, min(self.hi, terminal_utility(diff)))

    def _table_value(self, value: float, ply: int) -> float:
        """A table's exact value (given as if at the root) at this ply: a win or
        loss counts from the root like the search's own game ends."""
        if not self.decided_by_score:
            if not value:
                return self._draw_value()
            value = value - ply if value > 0 else value + ply
        return max(self.lo, min(self.hi, value))

    def _known_value(self, ply: int, actions: list[Action] | None = None) -> float | None:
        """The value if the game has ended (``actions``: the moves, when already
        listed) or the tables know it; None when only a search can tell."""
        state = self.state
        outcome = state.outcome(actions)
        if outcome is not None:
            return self._terminal(outcome, ply)
        if ply and state.quiet >= 4 and state.repetitions() >= 2:
            return self._draw_value()  # a cycle: the side that would lose by it must leave it now
        probe = self._table_probe
        if probe is not None and ply >= self._probe_from:
            exact = probe(state)
            if exact is not None:
                return self._table_value(exact, ply)
        return None

    def _evaluate(self, summary: object = None, siblings: Siblings | None = None) -> float:
        """The static evaluation (kept inside the bounds of real game ends)."""
        self.horizon_hits += 1
        evaluate = self._eval
        state = self.state
        value = evaluate(state, self.weights, summary, siblings)
        draw_share = self._draw_share
        if draw_share is not None:
            share = draw_share(state)
            if share:
                value += share * self._draw_value()
        return self._eval_floor if value < self._eval_floor else (
            self._eval_ceiling if value > self._eval_ceiling else value)

    def _evaluate_remembered(self, summary: object = None) -> float:
        """The static evaluation, remembered by position: quiescence meets the same
        positions again and again (one in five or so), while the leaves below a
        flip are nearly always new, so they are not worth a key and a lookup."""
        eval_key = self._eval_key
        key = eval_key(self.state)
        value = self.eval_cache.get(key)
        if value is None:
            value = self.eval_cache[key] = self._evaluate(summary)
        else:
            self.horizon_hits += 1
        return value

    def _order(self, actions: list[Action], tt_move: int, ply: int, depth: int, root: bool) -> list[Action]:
        keep = self.flips.keep(depth, root) if self.selective else None
        return self._order_actions(self.state, actions, tt_move, self.killers[ply], self.history, keep, self.rng)

    def _child(self, me: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value for ``me`` of the position just pushed (its side to act may be ``me`` again)."""
        if self.state.side == me:
            return self._search(depth, alpha, beta, ply)
        return -self._search(depth, -beta, -alpha, ply)

    # -- the tree ----------------------------------------------------------------
    def _chance(self, action: Action, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Value of an action with chance outcomes, for the player taking it (Star1/Star2)."""
        state = self.state
        me = state.side
        outcomes = sorted(state.chance_outcomes(action), key=itemgetter(1), reverse=True)  # likeliest first
        lo, hi = self.lo, self.hi
        if alpha >= hi:
            return hi
        if beta <= lo:
            return lo
        # Star2 probe: each outcome's value is at most what its opponent's first
        # move concedes, so a cheap upper bound on the node may already fail low.
        if depth >= 2 and len(outcomes) > 1:
            bound = 0.0
            for outcome, prob in outcomes:
                state.push(action, outcome)
                probe = self._probe(depth, ply + 1)
                bound += prob * (probe if state.side == me else -probe)
                state.pop()
            if bound <= alpha:
                return bound
        if depth <= 0:  # at the horizon a revealed piece is judged statically
            total = 0.0
            siblings: Siblings = {}  # what the outcomes' evaluations may share
            for outcome, prob in outcomes:
                self.nodes += 1
                if self.nodes >= self._next_check:
                    self._check_limits()
                state.push(action, outcome)
                leaf = self._leaf_value(ply + 1, siblings)
                total += prob * (leaf if state.side == me else -leaf)
                state.pop()
            return total
        total, remaining = 0.0, 1.0
        below = 1 if ply else 0  # a root flip is not below the root
        self._line_flips += below
        try:
            for outcome, prob in outcomes:
                remaining -= prob
                if remaining < 1e-12:
                    remaining = 0.0
                a = max(lo, (alpha - total - remaining * hi) / prob)
                b = min(hi, (beta - total - remaining * lo) / prob)
                state.push(action, outcome)
                value = self._child(me, depth, a, b, ply + 1)
                state.pop()
                total += prob * value
                if total + remaining * hi <= alpha:
                    return total + remaining * hi
                if total + remaining * lo >= beta:
                    return total + remaining * lo
        finally:
            self._line_flips -= below
        return total

    def _probe(self, depth: int, ply: int) -> float:
        """A lower bound on a decision node for its side to act: the value of
        its best-ordered action only (the hash move if known, else a shallow guess)."""
        state = self.state
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_limits()
        actions = state.legal_actions()
        known = self._known_value(ply, actions)
        if known is not None:
            return known
        entry = self.tt.get(state.search_key())
        if entry is not None and entry[1] != _UPPER:
            return entry[2]
        order = self._order_actions
        ordered = order(state, actions, -1, self.killers[ply], self.history, 0, self.rng)
        if not ordered or state.is_chance(ordered[0]):
            return self.lo
        me = state.side
        state.push(ordered[0])
        leaf = self._leaf_value(ply + 1)
        value = leaf if state.side == me else -leaf
        state.pop()
        return value

    def _leaf_value(self, ply: int, siblings: Siblings | None = None) -> float:
        """The game's value if it has ended or the tables know it, else the static
        evaluation (``siblings``: see Knowledge.evaluate)."""
        known = self._known_value(ply)
        return self._evaluate(None, siblings) if known is None else known

    def _search(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        state = self.state
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_limits()
        if depth <= 0 or ply >= _MAX_DEPTH:  # the horizon: quiescence scans the node itself
            return self._quiesce(alpha, beta, ply)
        actions = state.legal_actions()
        known = self._known_value(ply, actions)
        if known is not None:
            return known
        key = state.search_key()
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
        me = state.side
        is_chance = state.is_chance
        keep = None
        if self.selective:
            keep = self.flips.keep(depth, False) if self._line_flips < self.flips.levels else 0
        killers = self.killers[ply]
        reduce_from = _LMR_MOVES if self.reductions and depth >= _LMR_DEPTH else len(actions) + 1
        order = self._order_actions
        ordered = order(state, actions, tt_move, killers, self.history, keep, self.rng)
        if not ordered:  # past the flip levels, a side that can only flip still flips
            ordered = order(state, actions, tt_move, killers, self.history, 1, self.rng)
        for index, action in enumerate(ordered):
            if is_chance(action):
                value = self._chance(action, _chance_depth(depth), alpha, beta, ply)
            else:
                # a late quiet move is searched a ply shallower first, and again in full if it looks good
                reduced = index >= reduce_from and action not in killers and not state.is_capture(action)
                state.push(action)
                if state.side == me:  # the same side acts again: no sign change, no null window
                    value = self._search(depth - 1, alpha, beta, ply + 1)
                elif first:
                    value = -self._search(depth - 1, -beta, -alpha, ply + 1)
                else:
                    value = alpha + 1.0
                    if reduced:
                        value = -self._search(depth - 2, -alpha - 1e-6, -alpha, ply + 1)
                    if value > alpha:
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
                        if not is_chance(action) and not state.is_capture(action):  # a quiet move refuted the line
                            killers = self.killers[ply]
                            if killers[0] != action:
                                killers[1], killers[0] = killers[0], action
                            self.history[action] += depth * depth
                        break
        flag = _LOWER if best >= beta else (_UPPER if best <= alpha0 else _EXACT)
        self.tt[key] = (depth, flag, best, best_move, self.horizon_hits == hits_before)
        return best

    def _quiesce(self, alpha: float, beta: float, ply: int, qdepth: int = 0) -> float:
        """Stand pat, or resolve captures (at most _QUIESCE_PLIES deep: the
        evaluation's threat terms judge what is left hanging beyond that)."""
        state = self.state
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_limits()
        leaf_scan, captures = self._leaf_scan, self._captures
        actions, summary = leaf_scan(state)  # one scan: the actions and the evaluation's summary
        known = self._known_value(ply, actions)
        if known is not None:
            return known
        stand = self._evaluate_remembered(summary)
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        if qdepth >= _QUIESCE_PLIES:
            return stand
        to_resolve = captures(state, actions)
        if not to_resolve:
            return stand
        best = stand
        me = state.side
        for action in to_resolve:
            state.push(action)
            if state.side == me:
                value = self._quiesce(alpha, beta, ply + 1, qdepth + 1)
            else:
                value = -self._quiesce(-beta, -alpha, ply + 1, qdepth + 1)
            state.pop()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    # -- the root ----------------------------------------------------------------
    def root_order(self, depth: int, actions: list[Action], previous: dict[Action, float]) -> list[Action]:
        """The root actions an iteration at ``depth`` searches, in the order it searches
        them (the parallel search hands them out in this order too)."""
        tt_move = max(previous, key=previous.__getitem__) if previous else -1
        ordered = self._order(actions, tt_move, 0, depth, True)
        if previous:  # best first, then the rest in the order of the last iteration
            ordered.sort(key=lambda a: -previous.get(a, -INFINITY))
        return ordered

    def _root(self, depth: int, actions: list[Action], previous: dict[Action, float]) -> dict[Action, float]:
        """Search every root action at ``depth``; returns what is known of each."""
        state = self.state
        ordered = self.root_order(depth, actions, previous)
        scores: dict[Action, float] = {}
        self._partial = scores  # what is known if the iteration is interrupted
        alpha, beta = -INFINITY, INFINITY
        me = state.side
        for action in ordered:
            window_alpha = alpha if self.root_margin is None else alpha - self.root_margin
            if state.is_chance(action):
                value = self._chance(action, _chance_depth(depth), window_alpha, beta, 0)
            else:
                state.push(action)
                value = self._child(me, depth - 1, window_alpha, beta, 1)
                state.pop()
            scores[action] = value
            if value > alpha:
                alpha = value
        return scores

    def search_root_action(self, action: Action, depth: int, alpha: float) -> float | None:
        """One root action at ``depth`` with the window (``alpha``, infinity), as an
        iteration searches it (after :meth:`begin`): a value above ``alpha`` is exact, one
        at or below it a bound. None when stopped (the stop signal or a limit); the
        searcher keeps its tables for the next call. A worker of the parallel search
        answers with this."""
        state = self.state
        self._deadline, self._next_check = self._overall, 0
        try:
            if state.is_chance(action):
                return self._chance(action, _chance_depth(depth), alpha, INFINITY, 0)
            me = state.side
            state.push(action)
            return self._child(me, depth - 1, alpha, INFINITY, 1)
        except _Stop:
            return None
        finally:
            while len(state.move_stack) > self._root_stack:  # unwind the line searched or interrupted
                state.pop()

    def begin(self) -> None:
        """Get ready to search (deepening runs in :meth:`advance`, as many times as wanted)."""
        state = self.state
        self._started = time.perf_counter()
        self._overall = None if self.limits.movetime_ms is None else self._started + self.limits.movetime_ms / 1000
        if self.timing is not None:
            self._overall = self._started + self.timing.budget_ms() / 1000
        self._actions = state.legal_actions()
        if not self._actions or state.outcome(self._actions) is not None:
            raise ValueError("the game is over: there is nothing to search")
        self._max_depth = 1 if len(self._actions) == 1 else min(self.limits.depth or _MAX_DEPTH, _MAX_DEPTH)
        self._root_stack = len(state.move_stack)
        self.scores = {}
        self._partial = {}
        self._deeper = None
        self.best_depth, self.solved, self.finished = 0, False, False
        self._known = self._table_root() if self._tables is not None else None
        if self._known is None and self.book:
            self._known = self._book_root()
        self._probe_from = self._tables.plies_away(state) if self._tables is not None else 0
        if self._known is not None:
            self.finished = True  # perfect play, or the book's deeper search, is known: nothing to search

    def advance(self, seconds: float | None = None) -> bool:
        """Deepen the search for at most ``seconds`` more (None: until a limit), then
        stop between or inside iterations; the next call goes on from where this one
        stopped (an interrupted depth is searched again, with the table it filled).
        Returns True once the search is finished: a limit reached, the game solved,
        or no depth left."""
        state = self.state
        now = time.perf_counter()
        slice_end = None if seconds is None else now + seconds
        self._deadline = min((t for t in (self._overall, slice_end) if t is not None), default=None)
        self._next_check = 0
        while not self.finished:
            depth = self.best_depth + 1
            if depth > self._max_depth:
                self.finished = True
                break
            hits_before = self.horizon_hits
            try:
                new_scores = self._root(depth, self._actions, self.scores)
            except _Stop:
                while len(state.move_stack) > self._root_stack:  # unwind the interrupted line
                    state.pop()
                self._deeper = self._interrupted_best()
                self.finished = self._limits_reached()
                break
            self.scores, self.best_depth, self._deeper = new_scores, depth, None
            self.solved = self.horizon_hits == hits_before and not state.has_chance()
            best = max(new_scores, key=new_scores.__getitem__)
            if self.on_info:
                self.on_info(SearchInfo(depth, new_scores[best], self.nodes, self.elapsed_ms(), self.pv(best),
                                        self.solved))
            if self.timing is not None:  # the move's budget follows what the search has seen
                budget_ms = self.timing.after_iteration(depth, best, new_scores[best], new_scores)
                self._overall = self._started + budget_ms / 1000
                self._deadline = self._overall if slice_end is None else min(self._overall, slice_end)
                if self.elapsed_ms() >= budget_ms:
                    self.finished = True
                    break
            if self.solved:
                self.finished = True
            elif slice_end is not None and time.perf_counter() >= slice_end:
                break
        return self.finished

    def _interrupted_best(self) -> tuple[Action, float] | None:
        """What an interrupted iteration learned: it searches the last best action
        first, and any action it finished with a higher value is better at the new
        depth (its value is exact: it beat the window the best set). None when it
        found nothing better (or did not finish the first action)."""
        partial = self._partial
        if not partial:
            return None
        best = max(partial, key=partial.__getitem__)
        if self.scores and partial[best] <= partial[next(iter(partial))]:
            return None
        return best, partial[best]

    def _limits_reached(self) -> bool:
        """Was the last stop the search's own end (not just the end of a time slice)?"""
        limits = self.limits
        return ((limits.nodes is not None and self.nodes >= limits.nodes)
                or (self._overall is not None and time.perf_counter() >= self._overall)
                or (self.stop_event is not None and self.stop_event.is_set()))

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self._started) * 1000

    def result(self) -> SearchResult:
        """The best action found so far (any time after :meth:`begin`)."""
        if self._known is not None:
            return self._known
        scores = self.scores or {a: 0.0 for a in self._actions}  # not even depth 1 finished: take the root's list
        best = max(scores, key=scores.__getitem__)
        score = scores[best]
        if self._deeper is not None:
            best, score = self._deeper
        return SearchResult(best, score, self.best_depth, self.nodes, self.elapsed_ms(), self.pv(best),
                            scores, self.solved)

    def run(self) -> SearchResult:
        self.begin()
        self.advance()
        return self.result()

    def _table_root(self) -> SearchResult | None:
        """Perfect play from the tables when they cover the root and all its actions."""
        state, tables = self.state, self._tables
        assert tables is not None, "called only with tables"
        scores = tables.root(state)
        if not scores:
            return None
        self.nodes += 1 + len(scores)
        top = max(scores.values())
        best_actions = [a for a, v in scores.items() if v == top]
        best = best_actions[0]
        if len(best_actions) > 1:  # equal to the tables: take the one the evaluation likes best
            me, liked = state.side, -INFINITY
            for action in best_actions:
                state.push(action)
                value = self._eval(state, self.weights, None) if state.outcome() is None else 0.0
                value = value if state.side == me else -value
                state.pop()
                if value > liked:
                    best, liked = action, value
        elapsed = self.elapsed_ms()
        if self.on_info:
            self.on_info(SearchInfo(1, scores[best], self.nodes, elapsed, (best,), True))
        return SearchResult(best, scores[best], 1, self.nodes, elapsed, (best,), scores, solved=True, table=True)

    def _book_root(self) -> SearchResult | None:
        """The opening book's action, searched deeply offline, when the book has the root."""
        book = self.knowledge.book
        known = book(self.state) if book is not None else None
        if known is None:
            return None
        action, score = known
        elapsed = self.elapsed_ms()
        if self.on_info:
            self.on_info(SearchInfo(0, score, 0, elapsed, (action,)))
        return SearchResult(action, score, 0, 0, elapsed, (action,), {action: score})

    def pv(self, first: Action) -> tuple[Action, ...]:
        """The principal variation from the hash table, up to the first chance action."""
        state = self.state
        line = [first]
        pushed = 0
        action = first
        while not state.is_chance(action) and len(line) < 24:
            state.push(action)
            pushed += 1
            entry = self.tt.get(state.search_key())
            if entry is None or entry[3] < 0 or entry[3] not in state.legal_actions():
                break
            action = entry[3]
            line.append(action)
        for _ in range(pushed):
            state.pop()
        return tuple(line)


def analyse(state: GameState, limits: SearchLimits = SearchLimits(movetime_ms=1000), seed: int = 0,  # noqa: B008
            on_info: Callable[[SearchInfo], None] | None = None, stop: StopSignal | None = None,
            weights: Weights | None = None, root_margin: float | None = None, contempt: float = 0.0,
            book: bool = False, timing: TimeManager | None = None) -> SearchResult:
    """Search ``state`` (left unchanged) and return the best action found (``book``:
    the opening book's, where it has the position; ``timing``: a budget that follows the search)."""
    searcher = Searcher(state.copy(), limits, weights, seed, on_info, stop, root_margin, contempt=contempt,
                        book=book, timing=timing)
    return searcher.run()
