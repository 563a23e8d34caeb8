"""Forced wins in games without chance: "cover the General in N".

A dedicated AND/OR search, apart from the evaluation-driven search
(:mod:`.search`): it only asks whether the side it proves for, the
*attacker*, wins against every defence within ``d`` of its own moves. At an
attacker's node one action must win, at a defender's node every action must
lose. Deepening ``d`` one move at a time makes the first ``d`` that succeeds
the shortest forced win. A transposition table keeps, per position, the
fewest moves known to win and the most moves known not to be enough, so each
deeper pass reuses the shallower ones and positions met by other move orders.

N counts the attacker's *moves*: a promotion swap is an extra action that
uses no turn (Cheight), so it uses none of ``d`` either.

Draws, exactly as the rules have them. A game is drawn by the no-progress
count (the search key carries the count when its limit is near) and by a
position's third occurrence. The search treats as drawn a position that had
already occurred twice *before the search began* (the game's history): that
third occurrence is a draw wherever the search meets it. It does not count
repetitions made inside the searched lines, which keeps each position's value
independent of the line that reached it (so the table is exact), and loses
nothing: along the shortest win the attacker's distance to its win falls with
each of its moves and never rises after a defence, so no position of that win
occurs twice, and a line with a repetition is never part of it. The shortest
win found this way is the shortest the rules allow.

Only games of perfect information that are won by play use it
(:func:`applies`): Cheight today. The face-down games keep their search.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..rules import GameState, Ruleset
from ..vocabulary import Action, Termination

DEFAULT_MAX_MOVES = 8  # the longest forced win looked for, in the attacker's moves
_CHECK_EVERY = 512  # nodes between two looks at the clock


@dataclass(frozen=True)
class ForcedWin:
    """What the search proved about the side to act.

    ``moves`` is N: positive, the side to act covers the enemy General in N of its
    moves whatever the other side does; negative, the other side does so in -N,
    whatever the side to act does; None, neither was found within the budget.
    ``action`` is the first action of the win (or the longest defence of a loss),
    ``pv`` a line of best play. ``complete`` says the whole depth asked was searched
    (so None means: no forced win within ``max_moves``, proven)."""

    moves: int | None
    action: Action | None
    pv: tuple[Action, ...]
    nodes: int
    time_ms: float
    complete: bool

    @property
    def nps(self) -> int:
        return int(self.nodes * 1000 / self.time_ms) if self.time_ms > 0 else 0


class _Stop(Exception):
    """The node or time budget is spent."""


@functools.cache
def _perfect_information(ruleset: Ruleset) -> bool:
    return not ruleset.new_state().has_chance()


def applies(state: GameState) -> bool:
    """Is this a game the forced-win search serves: no chance from its start, won by play (not by score)?"""
    ruleset = state.ruleset
    return not ruleset.decided_by_score and _perfect_information(ruleset)


class MateSearch:
    """Proves forced wins for one attacker from one root. Make one per question.

    The state is used in place (pushed and popped, left as it was found)."""

    def __init__(self, state: GameState, attacker: int, nodes: int | None = None,
                 deadline: float | None = None) -> None:
        self.state = state
        self.attacker = attacker
        self.nodes = 0
        self._node_limit = nodes
        self._deadline = deadline  # time.perf_counter() at which to stop
        self._next_check = 0
        # search key -> (fewest attacker moves known to win, most known not to be enough)
        self.table: dict[int, tuple[int, int]] = {}
        self.best: dict[int, Action] = {}  # search key -> the action that proved (or best resisted)
        self._path: dict[int, int] = {}  # hash -> occurrences on the searched line below the root

    # -- limits ----------------------------------------------------------------------
    def allow(self, nodes: int | None, deadline: float | None = None) -> None:
        """From now on, stop after ``nodes`` more nodes or at ``deadline`` (None: no such limit)."""
        self._node_limit = None if nodes is None else self.nodes + nodes
        self._deadline = deadline
        self._next_check = 0

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + _CHECK_EVERY
            if self._node_limit is not None:
                if self.nodes > self._node_limit:
                    raise _Stop
                self._next_check = min(self._next_check, self._node_limit + 1)
            if self._deadline is not None and time.perf_counter() >= self._deadline:
                raise _Stop

    # -- the rules' end, as the search counts it ------------------------------------------
    def _ended(self, actions: list[Action]) -> bool | None:
        """True: the attacker has won here; False: the game is over otherwise (a draw, a
        loss); None: play goes on. A third occurrence counts only when the position had
        occurred twice before the search (see the module's note)."""
        state = self.state
        outcome = state.outcome(actions)
        if outcome is None:
            return None
        if outcome.termination is Termination.REPETITION:
            earlier = state.repetitions() - self._path.get(state.hash, 0)
            if earlier < 2:  # not a draw in the search's count: the other ends, in the rules' order
                if actions:
                    return None
                return state.side != self.attacker  # no action: the side to act loses
        return outcome.winner == self.attacker

    def _push(self, action: Action) -> bool:
        """Push; True when the action was a move (it used a turn)."""
        state = self.state
        ply = state.ply
        state.push(action)
        self._path[state.hash] = self._path.get(state.hash, 0) + 1
        return state.ply != ply

    def _pop(self) -> None:
        state = self.state
        count = self._path[state.hash] - 1
        if count:
            self._path[state.hash] = count
        else:
            del self._path[state.hash]
        state.pop()

    # -- the proof ----------------------------------------------------------------------
    def wins_within(self, depth: int) -> bool:
        """Does the attacker win from the current node within ``depth`` of its moves?"""
        self._count()
        state = self.state
        actions = state.legal_actions()
        ended = self._ended(actions)
        if ended is not None:
            return ended
        if depth <= 0:
            return False
        key = state.search_key()
        known = self.table.get(key)
        if known is not None:
            if known[0] <= depth:
                return True
            if known[1] >= depth:
                return False
        attacking = state.side == self.attacker
        hint = self.best.get(key, -1)
        result = not attacking  # an attacker's node fails unless one action wins; a defender's, the reverse
        for action in self._ordered(actions, hint, attacking):
            moved = self._push(action)
            child = self.wins_within(depth - 1 if moved and attacking else depth)
            self._pop()
            if child == attacking:  # proved (attacker) or refuted (defender)
                self.best[key] = action
                result = attacking
                break
        win_at, fail_at = known or (1 << 30, -1)
        self.table[key] = (min(win_at, depth), fail_at) if result else (win_at, max(fail_at, depth))
        return result

    def _ordered(self, actions: list[Action], hint: Action, attacking: bool) -> list[Action]:
        """The action that decided this node before first, then captures (a cover of the
        General is one; for the defender, taking the attacking piece often saves it), then the rest."""
        is_capture = self.state.is_capture
        head: list[Action] = []
        captures: list[Action] = []
        rest: list[Action] = []
        for action in actions:
            (head if action == hint else captures if is_capture(action) else rest).append(action)
        return head + captures + rest

    def defended_moves(self, depth: int) -> int:
        """At a node the attacker wins within ``depth``: the fewest moves it needs
        (read from the table, searching again where it has to)."""
        for d in range(1, depth + 1):
            if self.wins_within(d):
                return d
        return depth

    def line(self, depth: int) -> tuple[Action, ...]:
        """A line of best play from the current node, where the attacker wins within ``depth``:
        the attacker's proving actions, the defender's longest resistance."""
        state = self.state
        pushed: list[Action] = []
        while depth >= 0 and len(pushed) < 4 * depth + 8:
            actions = state.legal_actions()
            if self._ended(actions) is not None:
                break
            attacking = state.side == self.attacker
            key = state.search_key()
            if attacking:
                action = self.best.get(key, -1)
                if action not in actions:
                    break
            else:  # the defence that holds out longest
                action, longest = -1, -1
                for candidate in actions:
                    self._push(candidate)
                    held = self.defended_moves(depth)
                    self._pop()
                    if held > longest:
                        action, longest = candidate, held
            moved = self._push(action)
            pushed.append(action)
            if moved and attacking:
                depth -= 1
        for _ in pushed:
            self._pop()
        return tuple(pushed)


def _win_for(state: GameState, attacker: int, max_moves: int, search: MateSearch) -> int | None:
    """The fewest moves in which ``attacker`` forces a win from ``state``, up to ``max_moves`` (None: not
    within them). Raises _Stop when the budget runs out."""
    for depth in range(1, max_moves + 1):
        if search.wins_within(depth):
            return depth
    return None


def forced_win(state: GameState, max_moves: int = DEFAULT_MAX_MOVES, nodes: int | None = None,
               seconds: float | None = None, losses: bool = True) -> ForcedWin:
    """The shortest forced win of the side to act (``moves`` > 0) within ``max_moves``, or, with
    ``losses``, the shortest forced win of the other side against every action (``moves`` < 0), within
    a budget of ``nodes`` and ``seconds`` for both. Each depth asks both questions before the next
    (a side that wins by force cannot also lose by force, so the first answer is the shortest).
    ``state`` is left unchanged."""
    started = time.perf_counter()
    work = state.copy()
    me = work.side
    if work.outcome() is not None:
        return ForcedWin(None, None, (), 0, 0.0, True)
    deadline = None if seconds is None else started + seconds
    win, loss = MateSearch(work, me), MateSearch(work, me ^ 1)
    searches = (win, loss) if losses else (win,)
    moves: int | None = None
    pv: tuple[Action, ...] = ()
    complete = True
    try:
        for depth in range(1, max_moves + 1):
            for search in searches:
                spent = win.nodes + loss.nodes
                search.allow(None if nodes is None else max(0, nodes - spent), deadline)
                if search.wins_within(depth):
                    search.allow(None)  # the line is read from the table: little more work
                    pv = search.line(depth)
                    moves = depth if search is win else -depth
                    break
            if moves is not None:
                break
    except _Stop:
        complete = False
    return ForcedWin(moves, pv[0] if pv else None, pv, win.nodes + loss.nodes,
                     (time.perf_counter() - started) * 1000, complete)


def keeps_forced_win(state: GameState, action: Action, moves: int, nodes: int | None = None) -> bool | None:
    """Does the side to act, who wins by force in ``moves``, still do so within ``moves`` after
    ``action`` (the win's own clock: one of its moves is spent)? None if the budget ran out first."""
    work = state.copy()
    me = work.side
    ply = work.ply
    work.push(action)
    search = MateSearch(work, me, nodes)
    try:
        return search.wins_within(moves - 1 if work.ply != ply else moves)
    except _Stop:
        return None


def loses_by_force(state: GameState, action: Action, max_moves: int, nodes: int) -> bool:
    """After ``action``, has the other side a forced win within ``max_moves`` (proved within ``nodes``)?"""
    work = state.copy()
    me = work.side
    work.push(action)
    search = MateSearch(work, me ^ 1, nodes)
    try:
        return _win_for(work, me ^ 1, max_moves, search) is not None
    except _Stop:
        return False


def avoid_forced_loss(state: GameState, candidates: list[Action], max_moves: int, nodes: int,
                      on_check: Callable[[Action, bool], None] | None = None) -> Action | None:
    """The first of ``candidates`` (best first) after which the other side is not proved to win by
    force within ``max_moves``; None if every one is (a lost position: play the search's choice).
    ``nodes`` is the budget for each candidate."""
    for action in candidates:
        lost = loses_by_force(state, action, max_moves, nodes)
        if on_check is not None:
            on_check(action, lost)
        if not lost:
            return action
    return None


__all__ = ["DEFAULT_MAX_MOVES", "ForcedWin", "MateSearch", "applies", "avoid_forced_loss", "forced_win",
           "keeps_forced_win", "loses_by_force"]
