"""What every faction module provides, and the registry that finds it.

Core calls factions only through these named hooks (never ``if faction == ...``):
phase steps, crafting pieces, rule ties, battle hits, removal triggers,
placement limits. A new faction is a new module that registers a FactionDef.
"""
from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final

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


NO_STEPS: Final[tuple[Step, ...]] = ()  # what a hook with nothing to add returns (no allocation)


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
    is_bot: ClassVar[bool] = False  # a Rootbotics bot (Law of Rootbotics 2.6)
    has_hand: ClassVar[bool] = True  # bots have none (Rootbotics 2.8.1)
    replaces: ClassVar[str] = ""  # a bot: the Law faction whose components it uses (3.2)

    # does the faction override blocks_placement / blocks_move? Set by ``register``, so
    # the engine skips the hook for factions without such a rule (fast path)
    limits_placement: bool = False
    limits_movement: bool = False

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

    def free_crafting_pieces(self, g: Game, s: int) -> tuple[int, int, int]:
        """Crafting pieces not yet activated this turn (4.1.1)."""
        have, used = self.crafting_pieces(g, s), g.craft_used
        return (have[0] - used[0], have[1] - used[1], have[2] - used[2])

    def pay_crafting(self, g: Game, s: int, suits: list[str]) -> None:
        """Activate crafting pieces of these suits (4.1.1)."""
        from rootlaw.core.catalog import SUITS

        for suit in suits:
            g.craft_used[SUITS.index(suit)] += 1

    def gain_crafted_item(self, g: Game, s: int, item: str) -> None:
        """4.1.2: a crafted item goes to the Crafted Items box."""
        g.items[s].append(item)

    def can_activate_dominance(self, g: Game, s: int) -> bool:
        """3.3.1 (9.2.8: the Vagabond cannot)."""
        return True

    def rules_on_tie(self, g: Game, s: int, c: int) -> bool:
        return False

    def craft_item_vp(self, g: Game, s: int, card: Card) -> int:
        return card.vp

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        return 0

    def battle_removal_bonus(self, g: Game, s: int) -> int:
        return 0

    def battle_max_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """4.3.2.I Maximum Rolled Hits: warriors in the clearing of battle."""
        return g.warriors[s][b.c]

    def battle_defenseless(self, g: Game, s: int, b: Battle) -> bool:
        """4.3.3.II Defenseless: no warriors in the clearing of battle."""
        return g.warriors[s][b.c] == 0

    def battle_before_roll(self, g: Game, s: int, b: Battle) -> Sequence[Step]:
        """Steps of s's rules before the dice are rolled (D.5.2 Protector)."""
        return NO_STEPS

    def battle_effects(self, g: Game, s: int, b: Battle) -> list[str]:
        """s's own optional battle effects available now (4.3.3; D.8.2 Swift Strike)."""
        return []

    def use_battle_effect(self, g: Game, s: int, b: Battle, name: str) -> None:
        raise ValueError(name)

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """How s takes a hit, if not by removing pieces (9.2.7); None for the usual way."""
        return None

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        """Take one hit the faction's own way; return the kind of building or token
        removed, if any (the dealer scores it, 3.2.1)."""
        raise ValueError(choice)

    def can_be_ambushed(self, g: Game, s: int) -> bool:
        """4.3.1 (Rootbotics 2.8.2 Hates Surprises: not against bots)."""
        return True

    def battle_ended(self, g: Game, s: int, b: Battle) -> None:
        """After a battle s fought in (9.2.9.IId)."""

    def on_full_removal(self, g: Game, s: int, c: int, by: int) -> Sequence[Step]:
        """An effect removing all enemy pieces from c, where s has a pawn (9.2.2.I)."""
        return NO_STEPS

    def on_removes(self, g: Game, s: int, owner: int, c: int, warriors: int, pieces: int,
                   in_battle: bool) -> None:
        """s removed ``owner``'s pieces (9.2.9.III Hostile, Infamy)."""

    def pawn_move_options(self, g: Game, s: int) -> list[Any]:
        """Moves of s's pawn for an effect that grants "a move" (4.2; Cobbler)."""
        return []

    def take_pawn_move(self, g: Game, s: int, choice: Any) -> None:
        raise ValueError(choice)

    def blocks_move(self, g: Game, s: int, mover: int, c: int) -> bool:
        """True if faction ``s``'s rules stop ``mover`` moving into ``c`` (D.6.2)."""
        return False

    def battle_takes_higher_roll(self, g: Game, s: int, b: Battle, attacker: bool) -> bool:
        """Whether s deals the higher roll in this battle (4.3.2; 8.2.2 Guerrilla War)."""
        return attacker

    def points_for_removal(self, g: Game, s: int, kind: str) -> int:
        """VP an enemy scores for removing s's building or token ``kind`` (3.2.1)."""
        return 1

    def on_warriors_removed(self, g: Game, s: int, c: int, n: int, by: int) -> Sequence[Step]:
        """s's warriors were removed from c by player ``by`` (triggers: 6.2.3 ...)."""
        return NO_STEPS

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        """s's building or token ``kind`` was removed from c by player ``by`` (8.2.6 ...)."""
        return NO_STEPS

    def after_move(self, g: Game, s: int, mover: int, a: int, b: int, n: int) -> Sequence[Step]:
        """Player ``mover`` moved n warriors from a to b (8.2.6 Outrage ...)."""
        return NO_STEPS

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        """True if faction ``s``'s rules stop ``placer`` placing pieces in ``c``."""
        return False

    def warriors_off_map(self, g: Game, s: int) -> int:
        """Warriors the faction holds neither on the map nor in its supply (8.5.3 Officers)."""
        return 0

    def cards_held(self, g: Game, s: int) -> list[str]:
        """Cards of the shared deck held by the faction outside hand and play area."""
        return []

    def hidden(self, g: Game, s: int, viewer: int) -> dict[str, list[str]]:
        """Determinization hook (core/determinize.py): what s holds face down that seat
        ``viewer`` cannot see, by pool. The pool "cards" is the shared deck's cards (they
        are resampled together with the other hands and the deck); any other pool name
        (face-down plots, relic values...) is resampled among the values of that pool,
        across every faction that reports it. Nothing hidden: an empty dict."""
        return {}

    def set_hidden(self, g: Game, s: int, viewer: int, values: dict[str, list[str]]) -> None:
        """Put resampled values back: ``values`` has the pools and lengths ``hidden`` gave."""

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        return {}


FACTIONS: Final[dict[str, FactionDef]] = {}


def register(fd: FactionDef) -> FactionDef:
    if fd.id in FACTIONS:
        raise ValueError(f"faction {fd.id!r} registered twice")
    fd.limits_placement = _overrides(fd, "blocks_placement")
    fd.limits_movement = _overrides(fd, "blocks_move")
    FACTIONS[fd.id] = fd
    return fd


def _overrides(fd: FactionDef, hook: str) -> bool:
    """Whether the faction's class defines its own ``hook``."""
    return getattr(type(fd), hook) is not getattr(FactionDef, hook)
