"""Rule options and switches: what a variant lets players choose, and what sets it apart.

An :class:`Option` is documented once, with its type, default, range and the
words a player reads (label, choice labels); :meth:`Option.parse` checks a value
and names the key when it is wrong. A :class:`Switch` is a behaviour the variant
fixes (how a game ends, blind captures, ...), documented like an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RulesetError
from .inputs import excerpt, whole_number
from .messages import Message

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
    # the option changes how pieces move: the variant's movement builder takes its value as a
    # keyword (``movement(geometry, chain_captures="yes")``), so every user of the movement sees it
    movement: bool = False

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
SWITCH_DEFAULTS = {s.name: s.default for s in SWITCHES}  # a switch a variant does not name has its default
