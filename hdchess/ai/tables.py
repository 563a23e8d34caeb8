"""Endgame tables from the command line: build them, list them, check them.

    python -m hdchess.ai.tables build --variant banqi --pieces 4 [--out DIR] [--set no_progress_plies=30]
    python -m hdchess.ai.tables info [--variant banqi]
    python -m hdchess.ai.tables verify --variant banqi [--samples 2000] [--seed 0]

What a table is and how it is built belongs to each family of games: this
module finds the family's tables through the variant's AI knowledge
(``knowledge.tables``) and only parses arguments and prints (and offers
:func:`add_directory` to a program that fetches tables itself). Tables are
built for one variant under one set of rules (the defaults, or ``--set``);
the search uses them only for games under exactly those rules.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..rules import Ruleset
from ..table_protocol import EndgameTables
from ..variants import load_ruleset, variant_names


def _ruleset(variant: str, settings: list[str]) -> Ruleset:
    options: dict[str, str] = {}
    for setting in settings:
        name, sep, value = setting.partition("=")
        if not sep:
            raise SystemExit(f"--set takes name=value, not {setting!r}")
        options[name.strip()] = value.strip()
    return load_ruleset(variant, **options)


def _tables(ruleset: Ruleset) -> EndgameTables:
    tables: EndgameTables | None = getattr(ruleset.knowledge, "tables", None)
    if tables is None:
        raise SystemExit(f"{ruleset.variant} has no endgame tables")
    return tables


def _variants(chosen: str | None) -> list[str]:
    return [chosen] if chosen else variant_names()


def add_directory(directory: str | Path) -> dict[str, int]:
    """Read the table files in ``directory`` too, in every game that has tables (the web
    app adds the bigger tables this way once it has fetched them); returns, for each game,
    the most pieces a covered position may have under its default rules."""
    coverage: dict[str, int] = {}
    for variant in variant_names():
        ruleset = load_ruleset(variant)
        tables: EndgameTables | None = getattr(ruleset.knowledge, "tables", None)
        if tables is not None:
            tables.add_directory(directory)
            coverage[variant] = tables.coverage(ruleset)
    return coverage


def main(argv: list[str] | None = None) -> int:
    import argparse  # the command line's only: the web app's Python leaves argparse out

    parser = argparse.ArgumentParser(prog="python -m hdchess.ai.tables", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="solve every material up to a piece count and write a table file")
    build.add_argument("--variant", required=True)
    build.add_argument("--pieces", type=int, required=True, help="pieces on the board, both sides together")
    build.add_argument("--out", help="directory (default: the family's cache directory)")
    build.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    build.add_argument("--quiet", action="store_true", help="no progress lines")
    info = commands.add_parser("info", help="the table files the AI reads")
    info.add_argument("--variant")
    verify = commands.add_parser("verify", help="check random positions against the rules engine")
    verify.add_argument("--variant", required=True)
    verify.add_argument("--samples", type=int, default=2000)
    verify.add_argument("--seed", type=int, default=0)
    verify.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    args = parser.parse_args(argv)

    if args.command == "build":
        ruleset = _ruleset(args.variant, args.set)
        progress = None if args.quiet else (lambda line: print(line, flush=True))
        path, header, seconds = _tables(ruleset).build(ruleset, args.pieces, args.out, progress)
        print(f"{path}: {header['entries']:,} entries, {path.stat().st_size:,} bytes, {seconds:.1f} s")
        return 0
    if args.command == "info":
        found = False
        for variant in _variants(args.variant):
            ruleset = _ruleset(variant, [])
            tables: EndgameTables | None = getattr(ruleset.knowledge, "tables", None)
            for line in tables.describe(variant) if tables is not None else []:
                print(line)
                found = True
        if not found:
            print("no table files found")
        return 0
    ruleset = _ruleset(args.variant, args.set)
    report = _tables(ruleset).verify(ruleset, args.samples, args.seed)
    print(", ".join(f"{name} {count}" for name, count in report.items()))
    return 1 if report.get("failed") else 0


if __name__ == "__main__":
    sys.exit(main())
