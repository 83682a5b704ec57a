"""What every faction module provides, and the registry that finds it.

Core calls factions only through these named hooks (never ``if faction == ...``):
phase steps, crafting pieces, rule ties, battle hits, removal triggers,
placement limits. A new faction is a new module that registers a FactionDef.
"""
from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle
    from rootlaw.core.catalog import Card
    from rootlaw.core.game import Game
    from rootlaw.core.steps import Step


class Faction(StrEnum):
    MARQUISE = "marquise"
    EYRIE = "eyrie"
    ALLIANCE = "alliance"
    VAGABOND = "vagabond"
    VAGABOND2 = "vagabond2"


class FactionState:
    """Faction-specific mutable state. Subclasses use __slots__ and copy cheaply."""

    __slots__ = ()

    def copy(self) -> FactionState:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FactionState:
        raise NotImplementedError


class FactionDef:
    """A faction's rules, as hooks the core calls. Defaults mean 'no such rule'."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    setup_order: ClassVar[str] = "Z"  # A, B, C... (5.1.7)
    reach: ClassVar[int] = 0
    warriors: ClassVar[int] = 0
    buildings: ClassVar[dict[str, int]] = {}  # kind -> pieces owned
    tokens: ClassVar[dict[str, int]] = {}

    # -- state -------------------------------------------------------------
    def new_state(self) -> FactionState:
        raise NotImplementedError

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        raise NotImplementedError

    # -- procedure ---------------------------------------------------------
    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return []

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        """The faction's own steps of 'birdsong', 'daylight' or 'evening', in order."""
        return []

    def starting_corner(self, g: Game, s: int) -> int | None:
        return None

    # -- hooks -------------------------------------------------------------
    def crafting_pieces(self, g: Game, s: int) -> tuple[int, int, int]:
        """Crafting pieces on the map by clearing suit (fox, rabbit, mouse) (4.1.1)."""
        return (0, 0, 0)

    def rules_on_tie(self, g: Game, s: int, c: int) -> bool:
        return False

    def craft_item_vp(self, g: Game, s: int, card: Card) -> int:
        return card.vp

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        return 0

    def battle_removal_bonus(self, g: Game, s: int) -> int:
        return 0

    def battle_takes_higher_roll(self, g: Game, s: int, b: Battle, attacker: bool) -> bool:
        """Whether s deals the higher roll in this battle (4.3.2; 8.2.2 Guerrilla War)."""
        return attacker

    def on_warriors_removed(self, g: Game, s: int, c: int, n: int, by: int) -> list[Step]:
        """s's warriors were removed from c by player ``by`` (triggers: 6.2.3 ...)."""
        return []

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> list[Step]:
        """s's building or token ``kind`` was removed from c by player ``by`` (8.2.6 ...)."""
        return []

    def after_move(self, g: Game, s: int, mover: int, a: int, b: int, n: int) -> list[Step]:
        """Player ``mover`` moved n warriors from a to b (8.2.6 Outrage ...)."""
        return []

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        """True if faction ``s``'s rules stop ``placer`` placing pieces in ``c``."""
        return False

    def cards_held(self, g: Game, s: int) -> list[str]:
        """Cards of the shared deck held by the faction outside hand and play area."""
        return []

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        return {}


FACTIONS: dict[str, FactionDef] = {}


def register(fd: FactionDef) -> FactionDef:
    if fd.id in FACTIONS:
        raise ValueError(f"faction {fd.id!r} registered twice")
    FACTIONS[fd.id] = fd
    return fd
