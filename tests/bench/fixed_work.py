"""A fixed amount of engine work, for timing two versions of the package against each other.

    PYTHONPATH=OLD python3 tests/bench/fixed_work.py search    # the old tree's package
    PYTHONPATH=.   python3 tests/bench/fixed_work.py search    # this one

With whichever ``hdchess`` is first on the path, runs one of:

- ``perft [VARIANT]``: a suite position to depth 3, 8 times (banqi: an opening with
  face-down pieces to depth 3, once);
- ``playout [VARIANT]``: 400 random playouts from one seed (hdc2 from the opening,
  banqi from the opening searched below);
- ``search [VARIANT]``: a 40,000-node search of three positions of the variant
  (hdc2, the default: the opening, an endgame and a middle game; banqi and gaiqi:
  an opening, a middle game and an endgame of seeded random play);
- ``search-plain [VARIANT]``: the same searches with the default weights and no
  late-move reductions, the evaluation and tree of the engine before the fitted
  features: in hdc2 both versions then search the same tree, so the timing
  compares the engine alone (banqi's and gaiqi's evaluation is now on a
  win-probability scale, so their trees still differ);
- ``rates [VARIANT]``: each position's nodes a second, searched both ways, the
  best of 5 in one process (no start-up in the figure).

Each prints a count that must agree between the versions (leaves, plies or nodes:
the old engine may pass the node limit by a few nodes; search-plain also the
actions chosen). Time whole processes, old and new in turn, several pairs, and
compare medians; ``valgrind --tool=callgrind`` on the same commands counts
instructions, which the machine's load does not change. The positions are read
through either API: today's, or the one before the game interface
(``parse_position``). Not a test.
"""

from __future__ import annotations

import random
import sys
import time

import hdchess
from hdchess import load_ruleset, perft

SUITE_POSITION = "xx1Rx3/kx2A2x/xx2xwH1/xWA1x1xx b CEPPPaacehrr 3 75"  # depth 3: 726,565 leaves
OPENING = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACCEEHHKPPPPRRWaacceehhkpppprrw 0 0"
SEARCH_NODES = 40_000  # per position searched
SEARCH_POSITIONS = {
    "hdc2": (OPENING, "4H2r/1a5x/7C/1x1EW3 b Pp 10 153",
             "xP2x1xx/1xxp1rxk/1p1K1px1/4xxxw r AAEPPPRahpr 0 83"),
    "banqi": ("hCxpxexx/xxPaPxxE/xxxpHxxh/KxrxHxxx b AACEPPPRRaccekpppr 0 14",
              "aeAEppC1/e1P1r1Ex/p2aRPpC/1P2c3 b h 1 50 0/0 f1-f2/c2-d2",
              "2e1H3/P2C1Eh1/E7/x2K1aa1 r P 0 90 1/1 e1-d1/b4-c4"),
    "gaiqi": ("hxkxaxxx/Pxx1xpRE/1pxpxxxh/KxxxHxxx b AACCEHPPPPacceeprr 0 14",
              "P1hKR1xp/1p2ExAp/k3p2C/x1A1apPa r HPr 0 40 0/0 f2-e2/d2-e2 -/-",
              "pCE1cE1A/1P1H4/1p1K1hr1/P1p1cP1k r - 3 60 0/0 b1-a1/d1-e1 -/-"),
}


PERFT = {"hdc2": (SUITE_POSITION, 3, 8), "banqi": (SEARCH_POSITIONS["banqi"][0], 3, 1)}  # depth, times
PLAYOUT_START = {"hdc2": OPENING, "banqi": SEARCH_POSITIONS["banqi"][0]}


def read(text: str, variant: str = "hdc2"):
    ruleset = load_ruleset(variant)
    if hasattr(ruleset, "read_position"):
        return ruleset.read_position(text)
    return hdchess.parse_position(text, ruleset)  # the package before the game interface


def plain_search(state):
    """A 40,000-node search with the default weights and no late-move reductions,
    through either API (the package before them had neither)."""
    from hdchess.ai import SearchLimits
    from hdchess.ai.search import Searcher
    limits = SearchLimits(nodes=SEARCH_NODES)
    try:
        from hdchess.facedown.knowledge import FaceDownWeights
    except ImportError:  # the package before the game interface
        return Searcher(state.copy(), limits).run()
    return Searcher(state.copy(), limits, FaceDownWeights(), reductions=False).run()


def search(state, plain: bool = False):
    """One 40,000-node search as shipped, or as ``plain_search``."""
    if plain:
        return plain_search(state)
    from hdchess.ai import SearchLimits, analyse
    return analyse(state, SearchLimits(nodes=SEARCH_NODES))


def rates(variant: str, runs: int = 5) -> None:
    """Nodes a second of each position's search, both kinds, the best of ``runs``
    in this one process: no start-up, and the noise of a busy machine only slows."""
    for plain in (False, True):
        figures = []
        for text in SEARCH_POSITIONS[variant]:
            state = read(text, variant)
            best = float("inf")
            for _ in range(runs):
                start = time.perf_counter()
                nodes = search(state, plain).nodes
                best = min(best, time.perf_counter() - start)
            figures.append(f"{nodes / best:9,.0f}")
        print(f"{'search-plain' if plain else 'search':12} {variant:5} nodes/s", *figures)


def main(what: str, variant: str = "hdc2") -> int:
    if what == "perft" and variant in PERFT:
        text, depth, times = PERFT[variant]
        print(sum(perft(read(text, variant), depth) for _ in range(times)))
    elif what == "playout" and variant in PLAYOUT_START:
        from hdchess.playout import random_playout
        rng = random.Random(1)
        print(sum(random_playout(read(PLAYOUT_START[variant], variant), rng)[0] for _ in range(400)))
    elif what in ("search", "search-plain") and variant in SEARCH_POSITIONS:
        plain = what == "search-plain"
        results = [search(read(text, variant), plain) for text in SEARCH_POSITIONS[variant]]
        print(sum(r.nodes for r in results), *(r.action for r in results if plain))
    elif what == "rates" and variant in SEARCH_POSITIONS:
        rates(variant)
    else:
        print(f"what: perft or playout [{'|'.join(PERFT)}], search[-plain] or rates [{'|'.join(SEARCH_POSITIONS)}]",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]) if len(sys.argv) > 1 else main(""))
