"""Rulesets as data.

A *variant* (``hdc2``, ``banqi``, ``gaiqi``, ``cheight``) is a :class:`VariantSpec`:
its family (the kind of game state), its board, its piece set and values, its
movement, the behaviour switches that set it apart, and the options a player
may set, each documented once with its type and default. A variant states
only what differs from its parent (:meth:`VariantSpec.derive`).

A :class:`Ruleset` is a variant with every option resolved and validated: a
frozen value, hashable, that round-trips through a dict (``ruleset.as_dict()``).
Derived tables (the board, the value of each piece, the starting set) are
computed once when it is made.

The registry of variants, and ``load_ruleset(name, **options)``, are in
:mod:`hdchess.variants`:

>>> from hdchess import load_ruleset
>>> load_ruleset("hdc2", scoring="alt").piece_value(make_piece(RED, CHARIOT))
12
>>> load_ruleset("gaiqi").switch("blind_captures"), load_ruleset("banqi").switch("blind_captures")
(True, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from .core import CHARIOT, CHINESE_NAMES, KIND_LETTERS, KIND_NAMES, RED, make_piece  # noqa: F401  (doctest)
from .errors import RulesetError
from .gamestate import GameState
from .geometry import Geometry
from .inputs import excerpt, whole_number
from .messages import Message

if TYPE_CHECKING:  # types only: the rules sit below the AI
    from .ai.knowledge import Knowledge

OPTION_MAXIMUM = 100_000  # no option needs more; bounds what text may ask for


@dataclass(frozen=True)
class Option:
    """One documented rule option: a choice among words, or a whole number."""

    name: str  # key in dicts, records and the CLI: ``no_progress_plies``
    engine_name: str  # name in the engine protocol and record tags: ``NoProgressPlies``
    default: Any
    doc: str
    choices: tuple[str, ...] = ()  # a choice option when non-empty, else an integer
    minimum: int = 0
    maximum: int = OPTION_MAXIMUM
    label: str = ""  # what a player reads beside the option's field (default: the name in words)
    choice_labels: tuple[str, ...] = ()  # what a player reads for each choice, in order (default: the choice)

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise RulesetError(f"option {self.name!r}: {len(self.choice_labels)} choice labels "
                               f"for {len(self.choices)} choices")

    @property
    def player_label(self) -> str:
        """The option's name as a player reads it: its label, or its name in words."""
        return self.label or self.name.replace("_", " ").capitalize()

    def choice_label(self, choice: str) -> str:
        """A choice as a player reads it."""
        return self.choice_labels[self.choices.index(choice)] if self.choice_labels else choice

    def parse(self, value: Any) -> Any:
        """Check (and, from text, convert) a value; RulesetError names the key."""
        if self.choices:
            text = value.strip().lower() if isinstance(value, str) else None
            if text not in self.choices:
                raise RulesetError(Message("option.not_a_choice", name=self.name, choices=list(self.choices),
                                           text=excerpt(value)))
            return text
        return whole_number(value, self.name, self.minimum, self.maximum, RulesetError, signed=True)

    def describe(self) -> str:
        kind = "|".join(self.choices) if self.choices else f"integer >= {self.minimum}"
        return f"{self.name} ({kind}, default {self.default}): {self.doc}"


@dataclass(frozen=True)
class Switch:
    """A behaviour that sets a variant apart: documented once, like an option,
    but fixed by the variant rather than chosen by the players."""

    name: str
    default: Any
    doc: str


SWITCHES = (
    Switch("ending", "score", "how a finished game is decided: 'score' (the higher score on the board wins) "
                              "or 'win-loss' (the rules name a winner; piece values only estimate)"),
    Switch("blind_captures", False, "a piece may capture a face-down piece; what it was is drawn at that moment, "
                                    "and it may be the capturer's own"),
    Switch("general_loss", False, "a player whose General leaves the board loses at once"),
    Switch("chase_rule", False, "a piece that checked the enemy General on each of its side's last three turns "
                                "may not check it on the next"),
)
_SWITCH_DEFAULTS = {s.name: s.default for s in SWITCHES}
KINDS = "".join(KIND_LETTERS)  # K A E H R C P W: what counts and score tables are indexed by


class Family(Protocol):
    """What a variant needs of its family (a family's ``State`` class is one).

    ``family(ruleset)`` is the start position, ``family.from_text(ruleset, text)``
    reads a position line (PositionError names the problem), and
    ``family.validate(ruleset)`` refuses, with a RulesetError that names the
    mismatch, a variant the family cannot play (a face-down game whose pieces do
    not fill its board, a stacking layout that does not fit it).
    """

    def __call__(self, ruleset: Ruleset) -> GameState: ...

    def from_text(self, ruleset: Ruleset, text: str) -> GameState: ...

    def validate(self, ruleset: Ruleset) -> None: ...


@dataclass(frozen=True)
class VariantSpec:
    """Everything that makes one game what it is.

    ``counts`` and score tables are indexed by piece kind (K A E H R C P W).
    ``board`` is the variant's Geometry, or a function of the chosen options
    (with the fixed parameters) that returns one. ``fixed`` holds rule parameters that are not options in
    this variant (``first_flip`` is always ``self`` in banqi). ``family`` makes
    the game's states (:class:`Family`). ``movement`` is the family's
    description of how the pieces move, made for a board: ``movement(geometry)``
    (its type is the family's own). ``knowledge`` is the AI's evaluation and move
    ordering for this game (each family has one; a variant may bring its own).

    A spec is checked when it is made (a derived one too): a RulesetError names
    what does not fit, so a broken variant never reaches the registry.
    """

    name: str
    title: str
    summary: str
    family: Family
    board: Geometry | Callable[[Mapping[str, Any]], Geometry]
    counts: tuple[int, ...]
    score_tables: Mapping[str, tuple[int, ...]]
    options: tuple[Option, ...]
    movement: Callable[[Geometry], Any]
    knowledge: Knowledge
    switches: Mapping[str, Any] = field(default_factory=dict)
    fixed: Mapping[str, Any] = field(default_factory=dict)
    glyphs: tuple[str, str] = ("".join(CHINESE_NAMES[0]), "".join(CHINESE_NAMES[1]))
    rules_file: str = ""  # the variant's rules text, in hdchess/rules_text/
    parent: str | None = None

    def __post_init__(self) -> None:
        """Check the spec: each table against the piece kinds, each option's default
        against its own parse, the rules file, and (its family's checks) the board."""
        name = self.name
        unknown = set(self.switches) - set(_SWITCH_DEFAULTS)
        if unknown:
            raise RulesetError(f"{name}: unknown switch {sorted(unknown)[0]!r}")
        _check_per_kind(name, "counts", self.counts)
        for key, table in self.score_tables.items():
            _check_per_kind(name, f"score table {key!r}", table)
        if not (isinstance(self.glyphs, tuple) and len(self.glyphs) == 2
                and all(isinstance(g, str) and len(g) == 8 for g in self.glyphs)):
            raise RulesetError(f"{name}: glyphs must be two strings of 8 characters (red, black; {KINDS}), "
                               f"not {self.glyphs!r}")
        for opt in self.options:
            try:
                parsed = opt.parse(opt.default)
            except RulesetError as exc:
                raise RulesetError(f"{name}: the default of option {opt.name!r} fails its own check: {exc}") from None
            if parsed != opt.default:
                raise RulesetError(f"{name}: the default of option {opt.name!r} reads as {parsed!r}, "
                                   f"not {opt.default!r}")
        scoring = next((o for o in self.options if o.name == "scoring"), None)
        for key in scoring.choices if scoring is not None else ("official",):
            if key not in self.score_tables:
                raise RulesetError(f"{name}: no score table {key!r} (tables: {', '.join(self.score_tables)})")
        if self.rules_file and not resources.files("hdchess").joinpath("rules_text", self.rules_file).is_file():
            raise RulesetError(f"{name}: no rules file {self.rules_file!r} in hdchess/rules_text/")
        ruleset = make_ruleset(self, {})  # the defaults: a board that depends on options is checked here
        if isinstance(self.board, Geometry):
            self.family.validate(ruleset)  # else make_ruleset has checked it, as it does for every ruleset

    def derive(self, **changes: Any) -> VariantSpec:
        """A child variant: this one with ``changes`` (``name`` at least); switches merge."""
        if "switches" in changes:
            changes["switches"] = {**self.switches, **changes["switches"]}
        return dataclasses.replace(self, parent=self.name, **changes)

    def switch(self, name: str) -> Any:
        return self.switches.get(name, _SWITCH_DEFAULTS[name])

    def option(self, key: str) -> Option:
        for opt in self.options:
            if key in (opt.name, opt.engine_name) or key.lower() == opt.engine_name.lower():
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise RulesetError(f"unknown option {excerpt(key)} for {self.name} (options: {known})")

    def glyph(self, piece: int) -> str:
        return self.glyphs[piece >> 3][piece & 7]

    def letters(self) -> str:
        """The piece letters this variant uses, red then black, in kind order."""
        kinds = "".join(KIND_LETTERS[k] for k in range(8) if self.counts[k])
        return kinds + kinds.lower()

    def rules_text(self, lang: str = "en") -> str:
        """The project's own rules of this game (``hdchess rules NAME`` prints it), in English or, when
        ``rules_text/<name>.<lang>.md`` exists beside the English file, in that language."""
        texts = self.rules_texts()
        return texts.get(lang, texts["en"])

    def rules_texts(self) -> dict[str, str]:
        """The rules text in every language it is written in: ``{"en": ..., "zh": ...}``."""
        if not self.rules_file:
            return {"en": f"{self.title}\n\n{self.summary}\n"}
        folder = resources.files("hdchess").joinpath("rules_text")
        texts = {"en": folder.joinpath(self.rules_file).read_text(encoding="utf-8")}
        stem = self.rules_file.removesuffix(".md")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            lang = entry.name.removeprefix(f"{stem}.").removesuffix(".md")
            if entry.name.startswith(f"{stem}.") and entry.name.endswith(".md") and lang and "." not in lang:
                texts[lang] = entry.read_text(encoding="utf-8")
        return texts


@dataclass(frozen=True)
class Ruleset:
    """A variant with all its options resolved. Build it with :func:`load_ruleset`."""

    variant: str
    settings: tuple[tuple[str, Any], ...]
    spec: VariantSpec = field(compare=False, repr=False)
    geometry: Geometry = field(compare=False, repr=False)
    piece_values: tuple[int, ...] = field(compare=False, repr=False)  # by piece code 0..15
    initial_pool: tuple[int, ...] = field(compare=False, repr=False)  # the whole set, by piece code 0..15

    def __getitem__(self, key: str) -> Any:
        for name, value in self.settings:
            if name == key:
                return value
        if key in self.spec.fixed:
            return self.spec.fixed[key]
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def switch(self, name: str) -> Any:
        return self.spec.switch(name)

    @property
    def decided_by_score(self) -> bool:
        ending: str = self.spec.switch("ending")
        return ending == "score"

    @property
    def movement(self) -> Any:
        """The variant's movement made for this board (each builder keeps one per board)."""
        return self.spec.movement(self.geometry)

    @property
    def knowledge(self) -> Knowledge:
        """The AI's evaluation and move ordering for this game."""
        return self.spec.knowledge

    def new_state(self) -> GameState:
        """The variant's starting position."""
        return self.spec.family(self)

    def read_position(self, text: str) -> GameState:
        """A position line of this variant, checked (PositionError names the problem)."""
        return self.spec.family.from_text(self, text)

    def piece_value(self, piece: int) -> int:
        return self.piece_values[piece]

    def as_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, **dict(self.settings)}

    def non_defaults(self) -> dict[str, Any]:
        return {o.name: self[o.name] for o in self.spec.options if self[o.name] != o.default}

    def with_options(self, **changes: Any) -> Ruleset:
        return make_ruleset(self.spec, {**dict(self.settings), **changes})

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.non_defaults().items())
        return f"load_ruleset({self.variant!r}{args})"


def make_ruleset(spec: VariantSpec, options: Mapping[str, Any]) -> Ruleset:
    """The ruleset of ``spec`` with ``options`` over its defaults.

    Keys may be option names (``no_progress_plies``) or engine names
    (``NoProgressPlies``); values may be text (``"40"``). Errors name the key.
    (``hdchess.load_ruleset`` finds the spec by the variant's name.)
    """
    if "variant" in options:
        raise RulesetError("the variant is chosen on its own, not among the rule options")
    chosen = {opt.name: opt.default for opt in spec.options}
    for key, value in options.items():
        opt = spec.option(key)
        chosen[opt.name] = opt.parse(value)
    scores = spec.score_tables[chosen.get("scoring", "official")]
    values = tuple(scores[code & 7] for code in range(16))
    pool = tuple(spec.counts[code & 7] for code in range(16))
    if isinstance(spec.board, Geometry):
        return Ruleset(spec.name, tuple(chosen.items()), spec, spec.board, values, pool)
    ruleset = Ruleset(spec.name, tuple(chosen.items()), spec, spec.board({**spec.fixed, **chosen}), values, pool)
    spec.family.validate(ruleset)  # the board (and what it holds) depends on the options
    return ruleset


def _check_per_kind(name: str, label: str, table: object) -> None:
    """A table indexed by piece kind has one whole number per kind."""
    if not (isinstance(table, tuple) and len(table) == len(KINDS)
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in table)):
        raise RulesetError(f"{name}: {label} must be {len(KINDS)} whole numbers, one per kind ({' '.join(KINDS)}), "
                           f"not {table!r}")
