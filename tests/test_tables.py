"""Endgame tables: exact against an independent exhaustive minimax, invariant
under the board's symmetries and the colour swap, right at the no-progress
limit, played perfectly by the AI, refused where they do not apply, and
built by the command line.

The tables here are tiny (few pieces, a short no-progress limit) so that the
minimax, which plays the real rules engine to the end of every line, stays
cheap; they are built once per module into a temporary directory.

Building them takes several seconds before the first test, and the exact
values are checked by that slow minimax, so the whole module is marked
``slow`` (left out of the quick loop, ``-m "not web and not slow"``).
"""

import os
import random

import pytest

from hdchess import load_ruleset
from hdchess.ai import SearchLimits, analyse, choose_action
from hdchess.ai.search import Searcher
from hdchess.ai.tables import main as tables_main
from hdchess.facedown.position import EMPTY, HIDDEN, NO_CHASE
from hdchess.facedown.state import State
from hdchess.facedown.tables import TABLES, wdl
from hdchess.facedown.tables.build import build_wdl, keys_for
from hdchess.facedown.tables.check import sample_state, verify
from hdchess.facedown.tables.classes import MaterialClasses, units
from hdchess.facedown.tables.space import SYMMETRIES, material, material_key

pytestmark = pytest.mark.slow  # see the module docstring

# variant: (pieces, rule options). Limits of at most 8 plies: no position can
# occur a third time before the count runs out, so the minimax needs no history.
# The chase rule still bites in gaiqi: positions start with the chase counts
# that random play left (a piece may have checked three times already).
SMALL = {
    "banqi": (3, {"no_progress_plies": 8}),
    "gaiqi": (3, {"no_progress_plies": 6}),
    "hdc2": (2, {"no_progress_plies": 6}),
}


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    directory = tmp_path_factory.mktemp("tables")
    saved = os.environ.get("HDCHESS_TABLES")
    os.environ["HDCHESS_TABLES"] = str(directory)
    built = {}
    try:
        for variant, (pieces, options) in SMALL.items():
            ruleset = load_ruleset(variant, **options)
            TABLES.build(ruleset, pieces, directory)
            keys = [key for n in range(2, pieces + 1) for key in keys_for(ruleset, n)]
            built[variant] = (ruleset, TABLES.prober(ruleset), keys)
        yield built
    finally:
        if saved is None:
            os.environ.pop("HDCHESS_TABLES", None)
        else:
            os.environ["HDCHESS_TABLES"] = saved


def minimax(state, memo) -> int:
    """The game's value for the side to act by playing every line to its end with
    the rules engine: +1/0/-1, or in hdc2 the final score difference. Memoised on
    everything the future depends on (penalties already taken only add)."""
    points = state.ruleset.get("repetition_penalty", 0)
    taken = (state.penalties[state.side] - state.penalties[state.side ^ 1]) * points
    last = tuple(state.last_moves) if points else None  # last moves matter only to the penalty
    key = (tuple(state.mailbox), state.side, state.quiet, last, state.chase)
    if key in memo:
        return memo[key] - taken
    actions = state.legal_actions()
    outcome = state.outcome(actions)
    if outcome is not None:
        if outcome.by_score:
            red, black = outcome.scores
            value = red - black if state.side == 0 else black - red
        else:
            value = 0 if outcome.winner is None else (1 if outcome.winner == state.side else -1)
    else:
        value = -10_000
        for action in actions:
            state.push(action)
            value = max(value, -minimax(state, memo))
            state.pop()
    memo[key] = value + taken
    return value


def table_value(prober, state):
    """The tables' answer in minimax's terms (None if not covered)."""
    if state.ruleset.decided_by_score:
        return prober.difference(state)
    value = prober.probe(state)
    return None if value is None else (value > 0) - (value < 0)


def samples(built, variant, count, seed):
    ruleset, _, keys = built[variant]
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = sample_state(ruleset, keys, rng)
        if state is not None:
            found.append(state)
    return found


def transformed(state, sym, swap: bool):
    """The same position mirrored by ``sym`` and, with ``swap``, with the colours exchanged."""
    mailbox = [EMPTY] * 32
    for sq, piece in enumerate(state.mailbox):
        if piece != EMPTY:
            mailbox[sym[sq]] = piece ^ 8 if swap and piece < HIDDEN else piece
    last = [-1 if m < 0 else sym[m >> 5] << 5 | sym[m & 31] for m in state.last_moves]
    chase = [(count, sym[sq] if count else -1) for count, sq in state.chase]
    penalties = list(state.penalties)
    if swap:
        last.reverse()
        chase.reverse()
        penalties.reverse()
    return State.from_parts(state.ruleset, mailbox, list(state.pool), state.side ^ swap, quiet=state.quiet,
                            penalties=penalties, last_moves=last, chase=chase)


# -- exact values ---------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", list(SMALL))
def test_values_equal_exhaustive_minimax(tables, variant):
    _, prober, _ = tables[variant]
    memo: dict = {}
    compared = 0
    for state in samples(tables, variant, 50, seed=1):  # 50 samples: 100 took twice as long
        expected = table_value(prober, state)
        if expected is None:  # a gaiqi side to move remembering its General's check: left to the search
            assert variant == "gaiqi"
            continue
        assert expected == minimax(state, memo), state.position_text(extended=True)
        compared += 1
    assert compared >= 40


def test_gaiqi_chase_counts_change_values_and_the_tables_know_it(tables):
    """Entries whose chase state gives another value than the same placement
    without chase memory: each is what the minimax finds with those counts."""
    ruleset, prober, keys = tables["gaiqi"]
    memo: dict = {}
    checked = differing = 0
    for key in keys:
        for file in prober.materials[key].file, :
            name = material(key).name
            if "exception_keys" not in file.tables[name]:
                continue
            codes = file.array(name, "exception_keys")
            for code in codes[:2]:
                index, mine, theirs = code >> 14, code >> 7 & 127, code & 127
                squares = material(key).placement(index)
                mailbox = [EMPTY] * 32
                for piece, sq in zip(material(key).pieces, squares):
                    mailbox[sq] = piece
                chase = ((mine >> 5, mine & 31) if mine else (0, -1), (theirs >> 5, theirs & 31) if theirs else (0, -1))
                for quiet in (0, ruleset["no_progress_plies"] // 2):
                    state = State.from_parts(ruleset, mailbox, [0] * 16, 0, quiet=quiet, chase=chase)
                    plain = State.from_parts(ruleset, mailbox, [0] * 16, 0, quiet=quiet)
                    assert table_value(prober, state) == minimax(state, memo)
                    assert table_value(prober, plain) == minimax(plain, memo)
                    differing += table_value(prober, state) != table_value(prober, plain)
                checked += 1
    assert checked >= 3 and differing >= 1


def test_no_progress_limit_turns_a_far_win_into_a_draw(tables):
    """A win D plies from its next capture is a win with D plies left and a draw with D - 1."""
    ruleset, prober, keys = tables["banqi"]
    limit = ruleset["no_progress_plies"]
    memo: dict = {}
    seen = set()
    for state in samples(tables, "banqi", 400, seed=2):
        byte = prober.entry(state)
        result, distance = wdl.decode(byte)
        if not result or distance < 2 or distance in seen:
            continue
        seen.add(distance)
        at = State.from_parts(ruleset, state.mailbox, [0] * 16, state.side, quiet=limit - distance)
        late = State.from_parts(ruleset, state.mailbox, [0] * 16, state.side, quiet=limit - distance + 1)
        assert table_value(prober, at) == minimax(at, memo) == result
        assert table_value(prober, late) == minimax(late, memo) == 0
    assert len(seen) >= 3


def test_hdc2_values_change_with_the_plies_left(tables):
    """Score entries are layered by plies left: where two counts give different
    values, both are the minimax's."""
    ruleset, prober, _ = tables["hdc2"]
    memo: dict = {}
    differing = 0
    for state in samples(tables, "hdc2", 40, seed=3):
        values = set()
        for quiet in range(ruleset["no_progress_plies"]):
            at = State.from_parts(ruleset, state.mailbox, [0] * 16, state.side, quiet=quiet,
                                  penalties=state.penalties, last_moves=state.last_moves)
            value = table_value(prober, at)
            assert value == minimax(at, memo)
            values.add(value)
        differing += len(values) > 1
    assert differing >= 5


def test_hdc2_repetition_penalty_is_part_of_the_value(tables):
    """The same placement with and without a penalised move pending: the tables
    value both as the minimax does, and they differ somewhere."""
    ruleset, prober, _ = tables["hdc2"]
    memo: dict = {}
    differing = 0
    for state in samples(tables, "hdc2", 30, seed=4):  # 6 differ in these 30 (22 in 80, at twice the time)
        if all(m < 0 for m in state.last_moves):
            continue
        fresh = State.from_parts(ruleset, state.mailbox, [0] * 16, state.side, quiet=state.quiet)
        assert table_value(prober, state) == minimax(state, memo)
        assert table_value(prober, fresh) == minimax(fresh, memo)
        differing += table_value(prober, state) != table_value(prober, fresh)
    assert differing >= 3


@pytest.mark.parametrize("variant", list(SMALL))
def test_one_ply_consistency_with_the_rules_engine(tables, variant):
    ruleset, prober, keys = tables[variant]
    report = verify(ruleset, prober, keys, 300, seed=5)
    assert report["failed"] == 0 and report["checked"] >= 200


def test_banqi_materials_that_play_alike_share_a_table(tables):
    """Horse and Chariot against a Cannon and a Soldier is read from another
    material's table; solving it on its own gives the same values."""
    ruleset, prober, _ = tables["banqi"]
    limit = ruleset["no_progress_plies"]
    identity = MaterialClasses(None)
    known, _ = build_wdl(ruleset, 2, classes=identity)
    real = material_key([3], [8 | 5, 8 | 6])  # H v c p, a 3-piece material
    assert prober.materials[real].rep.key != real
    from hdchess.facedown.tables.build import _solve_unit

    unit = units([real], identity)[0]
    solved = _solve_unit(ruleset, unit, identity, known, limit)[real]
    for index, squares in list(material(real).placements())[::50]:
        mailbox = [EMPTY] * 32
        for piece, sq in zip(material(real).pieces, squares):
            mailbox[sq] = piece
        state = State.from_parts(ruleset, mailbox, [0] * 16, 0)
        assert prober.entry(state) == solved.values[index]


# -- symmetry ------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["hdc2", "banqi", "gaiqi"])
def test_every_move_mirrors(variant):
    """The tables store one of four mirror images: that needs each variant's
    moves to map onto the mirrored board's moves."""
    ruleset = load_ruleset(variant)
    rng = random.Random(6)
    for _ in range(200):
        mailbox = [EMPTY] * 32
        for sq in rng.sample(range(32), rng.randrange(2, 12)):
            mailbox[sq] = rng.choice([p for p in range(16) if ruleset.initial_pool[p]])
        state = State.from_parts(ruleset, mailbox, [0] * 16, rng.randrange(2))
        moves = state.legal_actions()
        for sym in SYMMETRIES:
            image = State.from_parts(ruleset, [mailbox[sym.index(sq)] for sq in range(32)], [0] * 16, state.side)
            assert sorted(image.legal_actions()) == sorted(sym[a >> 5] << 5 | sym[a & 31] for a in moves)


@pytest.mark.parametrize("variant", list(SMALL))
def test_mirrored_and_colour_swapped_positions_have_one_value(tables, variant):
    _, prober, _ = tables[variant]
    for state in samples(tables, variant, 60, seed=7):
        value = table_value(prober, state)
        for sym in SYMMETRIES:
            for swap in (False, True):
                assert table_value(prober, transformed(state, sym, swap)) == value


# -- play ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", list(SMALL))
def test_played_out_endgames_are_perfect(tables, variant):
    """Both sides at Club level from positions the tables cover: every move
    keeps its side's table value, and the game ends as the tables said."""
    ruleset, prober, _ = tables[variant]
    for number, start in enumerate(samples(tables, variant, 12, seed=8)):
        state = State.from_parts(ruleset, start.mailbox, [0] * 16, start.side, quiet=start.quiet,
                                 penalties=start.penalties, last_moves=start.last_moves, chase=start.chase)
        expected = table_value(prober, state)
        if expected is None:
            continue
        first = state.side
        while state.outcome() is None:
            before = table_value(prober, state)
            result = choose_action(state, "Club", seed=number)
            assert result.table and result.solved
            mover = state.side
            state.push(result.action)
            outcome = state.outcome()
            if outcome is None:
                after = table_value(prober, state)
                assert after is not None and (-after if state.side != mover else after) == before
        outcome = state.outcome()
        if ruleset.decided_by_score:
            red, black = outcome.scores
            assert (red - black if first == 0 else black - red) == expected
        else:
            assert (0 if outcome.winner is None else (1 if outcome.winner == first else -1)) == expected


def test_a_winner_never_lets_the_game_repeat(tables):
    """Banqi wins against a loser that returns to earlier positions whenever it
    can: the winner's choices make progress, so no position comes a third time."""
    ruleset = load_ruleset("banqi", no_progress_plies=40)
    directory = os.environ["HDCHESS_TABLES"]
    TABLES.build(ruleset, 2, directory)
    prober = TABLES.prober(ruleset)
    rng = random.Random(9)
    keys = keys_for(ruleset, 2)
    won = 0
    while won < 8:
        state = sample_state(ruleset, keys, rng, walk=0)
        if state is None or prober.probe(state) is None or prober.probe(state) <= 0:
            continue
        state = State.from_parts(ruleset, state.mailbox, [0] * 16, state.side)
        winner = state.side
        while state.outcome() is None:
            if state.side == winner:
                state.push(choose_action(state, "Master").action)
                continue
            seen = set(state.history)
            actions = state.legal_actions()
            back = []
            for action in actions:
                state.push(action)
                if state.hash in seen:
                    back.append(action)
                state.pop()
            state.push(rng.choice(back or actions))
        assert state.outcome().winner == winner
        won += 1


# -- where the tables do not answer ----------------------------------------------------------------

def test_probe_refuses_what_the_tables_do_not_cover(tables):
    ruleset, prober, _ = tables["banqi"]
    covered = State.from_text(ruleset, "8/1K6/8/5a1r r - 0 100")
    assert prober.probe(covered) is not None
    assert prober.probe(State.from_text(ruleset, "8/1K6/8/5axr r p 0 100")) is None  # a face-down piece
    assert prober.probe(State.from_text(ruleset, "8/1K6/5p2/5a1r r - 0 100")) is None  # four pieces
    other_rules = load_ruleset("banqi", no_progress_plies=9)
    assert prober.probe(State.from_text(other_rules, "8/1K6/8/5a1r r - 0 100")) is None
    assert TABLES.prober(load_ruleset("banqi", no_progress_plies=7)) is None  # no tables for those rules
    # gaiqi: a side that remembers three checks by its own General (never taken) is left to the search
    gaiqi_rules, gaiqi, _ = tables["gaiqi"]
    pieces = _mailbox({10: 0, 19: 8, 3: 4})  # red General c2 next to black's on d3, red Chariot d1
    assert gaiqi.probe(State.from_parts(gaiqi_rules, pieces, [0] * 16, 0, chase=((3, 10), (0, -1)))) is None
    assert gaiqi.probe(State.from_parts(gaiqi_rules, pieces, [0] * 16, 0, chase=((2, 10), (0, -1)))) > 0


def test_a_decisive_value_is_refused_once_a_position_came_twice(tables):
    """After both sides shuffled back and forth, the position has occurred twice in
    this quiet run: a third time would draw, so a win is no longer the tables' to say."""
    ruleset, prober, _ = tables["banqi"]
    refused = 0
    for state in samples(tables, "banqi", 200, seed=11):
        if not prober.probe(state) or state.quiet > 3:
            continue
        state = State.from_parts(ruleset, state.mailbox, [0] * 16, state.side, quiet=state.quiet)
        mine = [a for a in state.legal_actions() if not state.is_capture(a)]
        if not mine:
            continue
        state.push(mine[0])
        theirs = [a for a in state.legal_actions() if not state.is_capture(a)]
        if not theirs:
            continue
        state.push(theirs[0])
        back_mine, back_theirs = (mine[0] & 31) << 5 | mine[0] >> 5, (theirs[0] & 31) << 5 | theirs[0] >> 5
        if back_mine not in state.legal_actions():
            continue
        state.push(back_mine)
        if back_theirs not in state.legal_actions():
            continue
        state.push(back_theirs)
        if state.repetitions() == 2 and state.outcome() is None:
            assert prober.entry(state) is not None
            assert prober.probe(state) in (None, 0.0)
            refused += prober.probe(state) is None
    assert refused >= 3


def _mailbox(pieces: dict[int, int]) -> list[int]:
    mailbox = [EMPTY] * 32
    for sq, piece in pieces.items():
        mailbox[sq] = piece
    return mailbox


# -- the search ------------------------------------------------------------------------------------

def test_search_plays_a_covered_root_from_the_tables(tables):
    ruleset, prober, _ = tables["banqi"]
    for state in samples(tables, "banqi", 20, seed=10):
        values = prober.root(state)
        result = analyse(state, SearchLimits(nodes=500))
        assert result.table and result.solved
        assert result.score == max(values.values())
        assert values[result.action] == max(values.values())
        assert result.nodes == 1 + len(values)  # the same count on every machine
        beginner = choose_action(state, "Beginner", seed=3)
        assert values[beginner.action] == max(values.values())  # every level plays the tables' move


def test_search_reads_the_tables_at_its_leaves(tables):
    """A four-piece banqi position (one more than the tables): the search probes
    the positions its captures lead to, and a capture into a table win scores
    that win, a ply further on."""
    ruleset, prober, _ = tables["banqi"]
    state = State.from_text(ruleset, "8/4A3/8/raA5 r - 0 100")  # c1xb1 leaves black's Chariot lost
    searcher = Searcher(state.copy(), SearchLimits(depth=2))
    calls = []
    probe = searcher._table_probe
    searcher._table_probe = lambda s: calls.append(1) or probe(s)
    result = searcher.run()
    assert calls
    capture = state.parse_action("c1xb1")[0]
    state.push(capture)
    after = prober.probe(state)
    state.pop()
    assert after < 0  # the side to move after the capture loses
    assert result.action == capture and result.score == -after - 1


def test_the_search_probes_only_where_the_tables_may_answer(tables):
    """No position nearer the root than ``plies_away`` (face-down pieces to reveal,
    pieces beyond the budget to take, one a ply) is probed, and skipping those
    probes changes nothing the search finds."""
    ruleset, prober, _ = tables["banqi"]
    state = State.from_text(ruleset, "8/4A3/1x6/raA3x1 r cp 0 60")  # two face-down among six pieces
    away = prober.plies_away(state)
    assert away == max(2, 6 - prober.max_pieces) > 1
    searched = {}
    for skip in (True, False):
        searcher = Searcher(state.copy(), SearchLimits(depth=4), reductions=False)
        probe, plies = searcher._table_probe, []
        searcher._table_probe = lambda s, probe=probe, plies=plies: plies.append(len(s.move_stack)) or probe(s)
        searcher.begin()
        if not skip:
            searcher._probe_from = 0
        searcher.advance()
        result = searcher.result()
        searched[skip] = (result.action, result.score, result.nodes, min(plies))
    assert searched[True][3] >= away > searched[False][3]  # plies from the root (a fresh state: stack empty)
    assert searched[True][:3] == searched[False][:3]


# -- the command line -------------------------------------------------------------------------------

def test_command_line_builds_lists_and_verifies(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HDCHESS_TABLES", str(tmp_path))
    assert tables_main(["build", "--variant", "gaiqi", "--pieces", "2", "--out", str(tmp_path),
                        "--set", "no_progress_plies=10", "--quiet"]) == 0
    assert "gaiqi-2-no_progress_plies=10.hdt" in capsys.readouterr().out
    assert tables_main(["info", "--variant", "gaiqi"]) == 0
    assert "up to 2 pieces" in capsys.readouterr().out
    assert tables_main(["verify", "--variant", "gaiqi", "--samples", "50", "--set", "no_progress_plies=10"]) == 0
    assert "failed 0" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        tables_main(["build", "--variant", "gaiqi", "--pieces", "2", "--set", "no_progress_plies"])


def test_no_chase_memory_is_the_cheap_common_case(tables):
    ruleset, prober, _ = tables["gaiqi"]
    state = State.from_parts(ruleset, _mailbox({0: 0, 31: 8, 9: 4}), [0] * 16, 0)
    assert state.chase is NO_CHASE and prober.probe(state) is not None
