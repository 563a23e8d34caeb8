"""The golden playthroughs (tests/data/golden/<variant>.txt) replay step for step:
board, legal actions, chance odds and results (see tests/golden.py; rewrite the
files with ``python3 tests/golden.py --write`` after an intended rules change)."""

import pytest
from golden import path_of, playthrough

from hdchess import variant_names


@pytest.mark.parametrize("variant", variant_names())
def test_the_golden_playthrough_is_unchanged(variant):
    path = path_of(variant)
    assert path.exists(), f"no golden playthrough for {variant}: run python3 tests/golden.py --write"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = playthrough(variant).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual), 1):
        assert got == want, f"{path.name} line {number} differs"
    assert len(actual) == len(expected)
