"""Golden playthroughs: fixed games written out step by step, checked in, compared.

For each variant, a game from a known deal with actions picked by a fixed
random generator from the sorted action texts (so the choice does not depend
on any internal encoding). Every step records the position line, every legal
action, the odds of what a chance action may reveal, and the action taken
with its result. A change that moves any of these shows up as a diff of the
file, to be explained or fixed.

    python3 tests/golden.py            # check (what the test does)
    python3 tests/golden.py --write    # rewrite the files after an intended change
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess import Game, load_ruleset, variant_names  # noqa: E402
from hdchess.core import piece_letter  # noqa: E402

FOLDER = Path(__file__).with_name("data") / "golden"
SEED = 2026
MAX_ACTIONS = 120


def playthrough(variant: str, seed: int = SEED, max_actions: int = MAX_ACTIONS) -> str:
    game = Game(load_ruleset(variant), seed=seed)
    rng = random.Random(seed)
    lines = [f"# golden playthrough: {variant}, known deal {seed}, actions chosen by random.Random({seed})",
             "# per step: position | legal actions | chance odds | action taken"]
    while True:
        state = game.state
        texts = sorted(state.action_text(a) for a in game.legal_actions())
        chance = [a for a in game.legal_actions() if state.is_chance(a)]
        odds = ""
        if chance:
            outcomes = state.chance_outcomes(chance[0])
            total = len(state.pool_pieces())
            odds = " ".join(f"{piece_letter(o)}:{Fraction(p).limit_denominator(total)}" for o, p in outcomes)
        lines.append(f"position {state.position_text(extended=True)}")
        lines.append(f"  actions {' '.join(texts) or '-'}")
        lines.append(f"  odds {odds or '-'}")
        if game.is_over() or len(game.moves) >= max_actions:
            break
        entry = game.play(rng.choice(texts))
        lines.append(f"  played {entry.text}")
    outcome = game.outcome
    lines.append(f"end {outcome.describe() if outcome else 'unfinished'}")
    return "\n".join(lines) + "\n"


def path_of(variant: str) -> Path:
    return FOLDER / f"{variant}.txt"


def main(argv: list[str]) -> int:
    write = "--write" in argv
    status = 0
    for variant in variant_names():
        text = playthrough(variant)
        path = path_of(variant)
        if write:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            print(f"{path} differs from the playthrough", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
