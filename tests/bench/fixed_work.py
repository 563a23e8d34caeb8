"""A fixed amount of engine work, for timing two versions of the package against each other.

    PYTHONPATH=OLD python3 tests/bench/fixed_work.py search    # the old tree's package
    PYTHONPATH=.   python3 tests/bench/fixed_work.py search    # this one

Runs ``perft`` (a suite position to depth 3, 8 times), ``playout`` (400 random
hdc2 playouts from one seed) or ``search`` (a 40,000-node search of three hdc2
positions: the opening, an endgame, a middle game) with whichever ``hdchess``
is first on the path, and prints a count that must be the same for both
versions (leaves, plies or nodes). Time whole processes, old and new in turn,
several pairs, and compare medians; ``valgrind --tool=callgrind`` on the same
commands counts instructions, which the machine's load does not change. It
reads the positions through either API: the one of today's package, or the one
before the game interface (``parse_position``). Not a test.
"""

from __future__ import annotations

import random
import sys

import hdchess
from hdchess import load_ruleset, perft

SUITE_POSITION = "xx1Rx3/kx2A2x/xx2xwH1/xWA1x1xx b CEPPPaacehrr 3 75"  # depth 3: 726,565 leaves
SEARCH_POSITIONS = ("4H2r/1a5x/7C/1x1EW3 b Pp 10 153", "xP2x1xx/1xxp1rxk/1p1K1px1/4xxxw r AAEPPPRahpr 0 83")
OPENING = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACCEEHHKPPPPRRWaacceehhkpppprrw 0 0"


def read(text: str):
    ruleset = load_ruleset("hdc2")
    if hasattr(ruleset, "read_position"):
        return ruleset.read_position(text)
    return hdchess.parse_position(text, ruleset)  # the package before the game interface


def main(what: str) -> int:
    if what == "perft":
        total = 0
        for _ in range(8):
            total += perft(read(SUITE_POSITION), 3)
        print(total)
    elif what == "playout":
        from hdchess.playout import random_playout
        rng = random.Random(1)
        print(sum(random_playout(read(OPENING), rng)[0] for _ in range(400)))
    elif what == "search":
        from hdchess.ai import SearchLimits, analyse
        positions = [read(OPENING)] + [read(text) for text in SEARCH_POSITIONS]
        print(sum(analyse(state, SearchLimits(nodes=40000)).nodes for state in positions))
    else:
        print("what: perft, playout or search", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
