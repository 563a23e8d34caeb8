"""Slow reference move generators, written straight from /work/shared/RULES.md.

Each reads a position line as the rulebook writes it and returns the legal
actions as the rulebook writes them, with plain loops over squares: no tables,
and nothing from the engine, so a bug in the engine cannot hide in both.
"""
