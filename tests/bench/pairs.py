"""A match by its pairs: does playing each deal twice take its luck out?

    python3 -m hdchess match Grandmaster Master --variant banqi --games 40 --records runs.txt
    python3 tests/bench/pairs.py runs.txt [more.txt ...] --player Grandmaster

`hdchess match` plays each deal twice, with the seats swapped (games 2k-1 and
2k, by the records' Round tags), so that a deal that favours one seat favours
each player once. This counts the pairs by the player's two results, then
gives the Elo with its 95% interval twice: from the spread of the pair scores,
and from the spread of the single games as if they were unpaired (as `hdchess
match` does). When the deal decides much of a game, the pairs' interval is the
narrower one; when they match, the two games of a deal are as good as
independent and the pairing took no luck out. Several record files pool their
pairs (Round numbers start again in each file). Not a test.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from generals import player_result  # noqa: E402  (this folder's script, on sys.path when run)

from hdchess.elo import elo_from_score, elo_interval  # noqa: E402
from hdchess.match import split_records  # noqa: E402
from hdchess.record import parse_record  # noqa: E402

POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
KINDS = {  # the player's two results in a pair, best first -> what the pair was
    ("win", "win"): "both won",
    ("win", "draw"): "one won, one drawn",
    ("win", "loss"): "one won by each side",
    ("draw", "draw"): "both drawn",
    ("draw", "loss"): "one drawn, one lost",
    ("loss", "loss"): "both lost",
}


def match_pairs(texts: list[str], player: str) -> list[tuple[str, str]]:
    """The player's two results in each complete pair of the records, best first."""
    pairs: dict[tuple[int, int], list[str]] = {}
    for number, text in enumerate(texts):
        for record in split_records(text):
            tags, _ = parse_record(record)
            played = player_result(tags, player)
            if played is None or not tags.get("Round", "").isdigit():
                continue
            pairs.setdefault((number, (int(tags["Round"]) - 1) // 2), []).append(played[1])
    return [tuple(sorted(results, key=POINTS.get, reverse=True))
            for results in pairs.values() if len(results) == 2]


def pair_elo(pairs: list[tuple[str, str]], z: float = 1.959964) -> tuple[float, float, float]:
    """(Elo, low, high) from the mean and spread of the pair scores."""
    scores = [(POINTS[a] + POINTS[b]) / 2 for a, b in pairs]
    n = len(scores)
    mean = sum(scores) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1)) if n > 1 else 0.5
    error = z * spread / math.sqrt(n)
    return elo_from_score(mean), elo_from_score(mean - error), elo_from_score(mean + error)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="match records (hdchess match --records)")
    parser.add_argument("--player", required=True, help="the player to count for (as named in the records)")
    args = parser.parse_args(argv)
    pairs = match_pairs([Path(f).read_text(encoding="utf-8") for f in args.records], args.player)
    if not pairs:
        print(f"no complete pairs of {args.player!r} in {', '.join(args.records)}")
        return 1
    counts = Counter(pairs)
    points = sum(POINTS[a] + POINTS[b] for a, b in pairs)
    print(f"{args.player}: {len(pairs)} pairs, {points:g}/{2 * len(pairs)} points = {points / (2 * len(pairs)):.1%}")
    for results, kind in KINDS.items():
        print(f"  {kind}: {counts[results]}")
    elo, low, high = pair_elo(pairs)
    print(f"  Elo from the pair scores: {elo:+.0f} (95% interval {low:+.0f} to {high:+.0f})")
    games = Counter(result for pair in pairs for result in pair)
    elo, low, high = elo_interval(games["win"], games["draw"], games["loss"])
    print(f"  Elo from the games as if unpaired: {elo:+.0f} (95% interval {low:+.0f} to {high:+.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
