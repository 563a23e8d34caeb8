"""The shared perft suite (../shared/perft-hdc2.txt) must match exactly."""

from pathlib import Path

import pytest

from hdchess import parse_position, perft

SUITE = Path(__file__).resolve().parents[1].parent / "shared" / "perft-hdc2.txt"
LOCAL_COPY = Path(__file__).with_name("data") / "perft-hdc2.txt"


def _cases():
    path = SUITE if SUITE.exists() else LOCAL_COPY
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        position, counts = line.split(";")
        tokens = counts.split()
        for depth, expected in zip(tokens[::2], tokens[1::2]):
            yield pytest.param(position.strip(), int(depth[1:]), int(expected),
                               id=f"{position.split()[0][:16]}-{depth}")


@pytest.mark.parametrize(("position", "depth", "expected"), list(_cases()))
def test_perft_suite(position, depth, expected):
    assert perft(parse_position(position), depth) == expected
