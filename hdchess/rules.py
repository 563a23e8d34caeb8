"""Rulesets as data.

A *variant* (``hdc2``, ``banqi``, ``gaiqi``, ``cheight``) is a :class:`VariantSpec`:
its family (the kind of game state), its board, its piece set and values, its
movement, the behaviour switches that set it apart, and the options a player
may set, each documented once with its type and default. A variant states
only what differs from its parent (:meth:`VariantSpec.derive`).

A :class:`Ruleset` is a variant with every option resolved and validated: a
frozen value, hashable, that round-trips through a dict (``ruleset.as_dict()``).
Derived tables (the board, the value of each piece, the starting set) are
computed once when it is made. ``ruleset.new_state()`` is the variant's start,
a :class:`GameState`: the protocol every family's states keep, and all that
the code above the families (notation, records, the referee, the AI, the
engine, the CLI, the web bridge) may use of a position. The two are defined
together, as OpenSpiel's Game and State are, because each names the other.
Rule options and switches are in :mod:`hdchess.options`.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from .core import CHARIOT, CHINESE_NAMES, KIND_LETTERS, KIND_NAMES, RED, Color, make_piece  # noqa: F401  (doctest)
from .errors import RulesetError
from .geometry import Geometry
from .inputs import excerpt
from .options import SWITCH_DEFAULTS, Option
from .vocabulary import NO_SIDE, Action, ActionInfo, Outcome

if TYPE_CHECKING:
    from .knowledge import Knowledge

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
    description of how the pieces move, made for a board: ``movement(geometry)``, with
    the options marked ``movement`` as keywords (its type is the family's own).
    ``knowledge`` is the AI's evaluation and move ordering for this game (each
    family has one; a variant may bring its own).

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
    movement: Callable[..., Any]  # (geometry, **the options marked movement) -> the family's movement
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
        unknown = set(self.switches) - set(SWITCH_DEFAULTS)
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
        return self.switches.get(name, SWITCH_DEFAULTS[name])

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
            name = entry.name
            if not (name.startswith(f"{stem}.") and name.endswith(".md")):
                continue
            lang = name[len(stem) + 1:-len(".md")]  # "cheight.zh.md" -> "zh"; the English "cheight.md" -> ""
            if lang and "." not in lang:
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
        """The variant's movement made for this board (each builder keeps one per board), and for the
        options that change how pieces move (``Option.movement``: given to the builder by name)."""
        spec = self.spec
        chosen = {o.name: self[o.name] for o in spec.options if o.movement}
        return spec.movement(self.geometry, **chosen) if chosen else spec.movement(self.geometry)

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


class GameState(Protocol):
    """The interface of a game position with its history (for the rules that need one).

    Construction: ``ruleset.new_state()`` (the variant's start) and
    ``ruleset.read_position(text)`` (a position line, checked).
    """

    ruleset: Ruleset
    geometry: Geometry
    side: int  # the colour that acts now (NO_SIDE before colours exist); a pending swap's owner in Cheight
    ply: int  # moves played so far (a family may leave some actions, like swaps, uncounted)
    quiet: int  # the no-progress count
    hash: int  # a Zobrist hash of the public position (repetitions compare it)

    # -- whose turn ----------------------------------------------------------------------
    @property
    def actor(self) -> int:
        """The colour that acts now (NO_SIDE while no colour is decided)."""

    def player_color(self, player: int) -> Color | None:
        """The colour of player 1 (who opened the game) or 2; None while undecided."""

    # -- rules ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the actor may take (whether or not the game has ended)."""

    def outcome(self, actions: Sequence[Action] | None = None) -> Outcome | None:
        """The game's end if it has ended, else None (``actions``: the legal actions, if known)."""

    def push(self, action: Action, outcome: int | None = None) -> None:
        """Play a legal action; ``outcome`` is what a chance action turned out to be."""

    def pop(self) -> Action:
        """Undo the last push exactly; returns its action."""

    def copy(self) -> GameState:
        """An independent copy with the same history."""

    def is_action(self, action: int) -> bool:
        """Does the int encode an action of this game (legal here or not)?"""

    def is_chance(self, action: Action) -> bool:
        """Is the action's result drawn by chance (a flip)?"""

    def chance_outcomes(self, action: Action) -> list[tuple[int, float]]:
        """(outcome, probability) of each result a chance action may have; [] for others."""

    def has_chance(self) -> bool:
        """May any action from here on still be a chance action?"""

    def chance_slots(self) -> list[int]:
        """Where the unknown outcomes lie (face-down squares); [] in a game without chance."""

    def pool_pieces(self) -> list[int]:
        """The unknown outcomes, one per slot (the referee deals them onto the slots)."""

    def chance_slot(self, action: Action) -> int | None:
        """The slot a chance action reveals; None for an action that reveals nothing."""

    def search_key(self) -> int:
        """A hash of everything that decides the game's future (hash plus rule state)."""

    def repetitions(self) -> int:
        """How often the current position has occurred (1 = first time)."""

    def score(self, color: Color) -> int:
        """The colour's score or material by the variant's values (what the view shows)."""

    # -- text ------------------------------------------------------------------------------
    def position_text(self, extended: bool | None = None) -> str:
        """The position line (``extended``: with the optional history fields)."""

    def action_text(self, action: Action, outcome: int | None = None) -> str:
        """An action in the notation; with ``outcome``, as a record writes it (``c2(R)``)."""

    def parse_action(self, text: str) -> tuple[Action, int | None]:
        """(action, outcome written with it or None); raises InvalidMoveError, or
        IllegalMoveError for text that names an action the position cannot have."""

    def explain_illegal(self, action: Action) -> str:
        """Why a well-formed action that is not legal here is refused, in a player's words."""

    def action_info(self, action: Action) -> ActionInfo:
        """What a user interface shows of a legal action (call before pushing it)."""

    def captured_by(self, action: Action, outcome: int | None) -> int | None:
        """The piece the action removes from the board (call before pushing it)."""

    # -- what players see --------------------------------------------------------------------
    def square_text(self, sq: int) -> str | None:
        """A square's content: None when empty, ``x`` face-down, else its piece
        letters from the bottom of the stack to the top (``R``, ``pRA``)."""

    def public_info(self) -> dict[str, Any]:
        """The family's own public facts for a view (the face-down pool, captures, the
        quiet count and its limit, ...); ``note``, when present, is a short sentence a
        player must know about the position (a pending promotion)."""

    def is_capture(self, action: Action) -> bool:
        """Does the action take (or cover) an enemy piece?"""

    @property
    def move_stack(self) -> list[Action]:
        """Every action pushed so far, oldest first."""


def turn_player(state: GameState) -> int:
    """The player (1 or 2) who acts now: player 1 opens, before any colour exists."""
    actor = state.actor
    return 1 if actor == NO_SIDE or actor == state.player_color(1) else 2
