"""Every variant's perft suite (tests/data/perft-<variant>.txt) must match exactly.

A line is ``<position> ; D1 n D2 n ...``, optionally followed by the rule options
the line is played under, ``[key=value ...]``; ``#`` starts a comment line. A new
variant gets its suite by adding its file: this one test runs them all.
"""

from pathlib import Path

import pytest

from hdchess import load_ruleset, perft, variant_names

DATA = Path(__file__).with_name("data")


def _cases():
    for path in sorted(DATA.glob("perft-*.txt")):
        variant = path.stem.removeprefix("perft-")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            position, counts = line.split(";")
            counts, _, options = counts.partition("[")
            options = dict(item.split("=", 1) for item in options.strip().removesuffix("]").split())
            tokens = counts.split()
            for depth, expected in zip(tokens[::2], tokens[1::2]):
                yield pytest.param(variant, position.strip(), int(depth[1:]), int(expected), options,
                                   id=f"{variant}-{number}-{depth}")


CASES = list(_cases())


@pytest.mark.parametrize(("variant", "position", "depth", "expected", "options"), CASES)
def test_perft_suite(variant, position, depth, expected, options):
    assert perft(load_ruleset(variant, **options).read_position(position), depth) == expected


def test_every_variant_has_a_perft_suite():
    assert {case.values[0] for case in CASES} == set(variant_names())
