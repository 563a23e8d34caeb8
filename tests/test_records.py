"""Game records: export, import, and the identical game they replay to."""

import random

import pytest
from support import is_flip

from hdchess import Game, RecordError, load_ruleset
from hdchess.notation import position_text


def random_game(seed: int, plies: int | None = None, ruleset=None, position=None) -> Game:
    """A game of uniformly random legal actions, to its end or for ``plies`` plies."""
    game = Game(ruleset, seed=seed, position=position)
    rng = random.Random(seed)
    while not game.is_over() and (plies is None or len(game.moves) < plies):
        game.play(rng.choice(game.legal_actions()))
    return game


def same_game(a: Game, b: Game) -> None:
    assert [m.text for m in a.moves] == [m.text for m in b.moves]
    assert a.moves == b.moves
    assert position_text(a.state, extended=True) == position_text(b.state, extended=True)
    assert a.state.hash == b.state.hash and a.state.history == b.state.history
    assert a.outcome == b.outcome
    assert a.ruleset == b.ruleset and a.known_deal == b.known_deal


def test_a_finished_game_round_trips():
    game = random_game(11)
    game.tags.update(Player1="Ann", Player2="Bob", Date="2026.11.22", Event="club night")
    text = game.record_text()
    copy = Game.from_record(text)
    same_game(game, copy)
    assert copy.tags["Player1"] == "Ann" and copy.tags["Date"] == "2026.11.22"
    assert copy.tags["Event"] == "club night"
    assert copy.record_text() == text


def test_the_record_states_the_result_score_and_colours():
    game = random_game(12)
    game.tags.update(Player1="Ann", Player2="Bob")
    text = game.record_text()
    outcome = game.outcome
    assert f'[Result "{outcome.result()}"]' in text
    assert f'[Score "red {outcome.scores[0]}, black {outcome.scores[1]}"]' in text
    assert f'[Termination "{outcome.termination.value}"]' in text
    red_player = "Ann" if game.player_color(1) == 0 else "Bob"
    assert f'[Red "{red_player}"]' in text
    assert text.rstrip().endswith(outcome.result())


def test_a_record_holds_no_seed_and_marks_a_known_deal():
    game = random_game(13, plies=25)
    text = game.record_text()
    assert "Seed" not in text and "13" not in text.split("\n\n")[0]
    assert '[Deal "known"]' in text
    copy = Game.from_record(text)
    same_game(game, copy)
    fair = Game()
    fair.play("a1")
    assert "Deal" not in fair.record_text()


def test_a_known_deal_continues_when_its_seed_is_given_beside_the_record():
    game = random_game(13, plies=25)
    copy = Game.from_record(game.record_text(), seed=13)
    same_game(game, copy)
    # the future: flip everything that is left in the same order on both
    while any(is_flip(a) for a in game.legal_actions()):
        flip = next(a for a in game.legal_actions() if is_flip(a))
        assert game.play(flip).revealed == copy.play(flip).revealed


def test_rule_options_round_trip_through_the_tags():
    ruleset = load_ruleset(scoring="alt", first_flip="self", repetition_penalty=2, no_progress_plies=30)
    game = random_game(14, ruleset=ruleset)
    text = game.record_text()
    assert '[Scoring "alt"]' in text and '[NoProgressPlies "30"]' in text
    same_game(game, Game.from_record(text))


def test_a_game_from_a_set_position_round_trips_with_its_fen_tag():
    start = "xxxx4/1x6/2R2x2/p2xk3 r ACKPPpp 0 40"
    game = random_game(15, position=start)
    text = game.record_text()
    assert f'[FEN "{start}"]' in text
    copy = Game.from_record(text)
    same_game(game, copy)
    assert copy.start_position == start


def test_a_game_starting_with_black_to_move_numbers_its_first_move():
    game = Game(seed=1, position="8/8/8/R6r b - 0 41")
    game.play("h1-h2")
    assert "21... h1-h2" in game.record_text()
    same_game(game, Game.from_record(game.record_text()))


def test_comments_and_move_numbers_are_read():
    game = random_game(16, plies=6)
    texts = [m.text for m in game.moves]
    body = (f"1.{texts[0]} {{the opening}} {texts[1]} ; a line comment {texts[2]}\n"
            f"2. {texts[2]} {{multi\nline}} {texts[3]} 3... {texts[4]}\n{texts[5]} *")
    text = "\n".join(game.record_text().split("\n\n")[0].splitlines()) + "\n\n" + body
    # the line comment swallowed texts[2] on the first line, so it appears once
    assert [m.text for m in Game.from_record(text).moves] == texts


def test_an_old_record_with_a_seed_tag_replays_the_flips_it_names():
    game = random_game(17, plies=40)
    text = game.record_text().replace('[Deal "known"]', '[Seed "17"]')
    copy = Game.from_record(text)
    assert [m.text for m in copy.moves] == [m.text for m in game.moves]
    assert position_text(copy.state) == position_text(game.state)


def test_an_undo_marks_the_record_as_assisted():
    game = random_game(18, plies=10)
    game.undo()
    assert game.assisted
    text = game.record_text()
    assert '[Assisted "yes"]' in text
    copy = Game.from_record(text)
    assert copy.assisted
    same_game(game, copy)


def test_tag_values_with_quotes_and_backslashes_survive():
    game = random_game(19, plies=3)
    game.tags["Event"] = 'the "big" one \\ final'
    assert Game.from_record(game.record_text()).tags["Event"] == 'the "big" one \\ final'


RECORD = """[Variant "hdc2"]
[Deal "known"]
[Result "*"]

1. c2(R) b3(p) 2. d2(h) *
"""


@pytest.mark.parametrize(("change", "message"), [
    (("2. d2(h)", "2. d2-d9"), "at 2. d2-d9 in the record: d9 is not a square"),
    (("2. d2(h)", "2. c2-c9"), "at 2. c2-c9 in the record: c9 is not a square"),
    (("b3(p)", "b3(R) d2(R)"), "at 1... d2(R) in the record: no red Chariot is left face-down"),
    (("2. d2(h)", "2. c2xc3"), "at 2. c2xc3 in the record: "),
    (("2. d2(h)", "2. c2"),
     "at 2. c2 in the record: only a face-down piece can be flipped; c2 holds a face-up red Chariot"),
    (('[Variant "hdc2"]', '[Variant "chess"]'), "record tags: unknown variant 'chess'"),
    (('[Deal "known"]', '[Scoring "fast"]'), "record tags: scoring must be one of official, alt, not 'fast'"),
    (('[Deal "known"]', '[NoProgressPlies "-4"]'), "record tags: no_progress_plies must be at least 0"),
    (('[Deal "known"]', '[NoProgressPlies "٤٠"]'), "record tags: no_progress_plies must be a whole number, not '٤٠'"),
    (('[Deal "known"]', "[Deal known]"), "line 2: a tag must look like [Name \"value\"], not '[Deal known]'"),
    (('[Deal "known"]', '[FEN "8/8/8/K8 r - 0 0"]'), "the FEN tag: rank 1 has 9 files"),
    (('[Result "*"]', '[Result "1-0"]'), "the record says 1-0 but its moves give *"),
    (('[Result "*"]', '[Result "win"]'), "the Result tag must be one of 1-0, 0-1, 1/2-1/2, *, not 'win'"),
    (("b3(p)", "b3(p) {unclosed"), "a comment { ... } is not closed"),
])
def test_bad_records_raise_record_error_naming_the_move_or_tag(change, message):
    assert Game.from_record(RECORD).moves  # the unchanged record is good
    old, new = change
    with pytest.raises(RecordError) as caught:
        Game.from_record(RECORD.replace(old, new))
    assert message in str(caught.value)


def test_a_record_must_be_text():
    with pytest.raises(RecordError, match="a game record must be text"):
        Game.from_record(None)


def test_the_serious_and_continued_tags_are_the_games_own_not_copied_words():
    """Serious and Continued are derived from the game (like Assisted): read back, never kept as free tags."""
    game = Game.from_record('[Serious "yes"]\n[Continued "from a record"]\n[Event "x"]\n\n1. c2(K) *')
    assert game.serious and game.continued
    text = game.record_text()
    assert text.count("[Serious ") == 1 and text.count("[Continued ") == 1
    quiet = Game.from_record('[Serious "no"]\n[Continued "no"]\n\n*')
    assert not quiet.serious and not quiet.continued
    assert "Serious" not in quiet.record_text() and "Continued" not in quiet.record_text()
