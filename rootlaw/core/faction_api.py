"""What every faction module provides, and the registry that finds it.

Core calls factions only through these named hooks (never ``if faction == ...``):
phase steps, crafting pieces, rule ties, battle hits, removal triggers,
placement limits. A new faction is a new module that registers a FactionDef.
"""
from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rootlaw.core.options import name_form

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
    LIZARDS = "lizards"
    RIVERFOLK = "riverfolk"
    DUCHY = "duchy"
    CORVIDS = "corvids"
    HUNDREDS = "hundreds"
    KEEPERS = "keepers"
    SPINNERS = "spinners"  # Crusader expansion (fan-made), SOM
    WYRM = "wyrm"  # Crusader expansion (fan-made), VW
    BOROUGH_KINGS = "borough_kings"  # Crusader expansion (fan-made), BK
    HOST_OF_LIGHT = "host_of_light"  # Crusader expansion (fan-made), HOL


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
    buildings: ClassVar[dict[str, int]] = {}  # kind -> pieces owned
    tokens: ClassVar[dict[str, int]] = {}
    is_bot: ClassVar[bool] = False  # a Rootbotics bot (Law of Rootbotics 2.6)
    replaces: ClassVar[str] = ""  # a bot: the Law faction whose components it uses (3.2)
    public_hand: ClassVar[bool] = False  # 11.2.3: the hand is in every seat's view
    pays_in_items: ClassVar[bool] = False  # 11.2.6.III: pays others by exhausting items
    # 12.2.2 The Burrow: the kind of token whose clearings are adjacent to the faction's
    # Burrow, a clearing off the map (``Board.burrow``); "" if the faction has none
    burrow_token: ClassVar[str] = ""
    # A.8.1: the faction setup card's class, "militant" (red name with a sword) or
    # "insurgent" (grey name); "" for a faction without a setup card of its own (the
    # second Vagabond, the bots, a seat not yet drafted)
    setup_class: ClassVar[str] = ""
    # section 5: the faction starts in a corner clearing in the Standard Setup (five or
    # more such factions need the Advanced Setup)
    corner_setup: ClassVar[bool] = False
    # the fan expansion the faction comes from ("crusader"), "" for the Law's: its setup
    # card (a reading, docs/rulings.md) joins the A.8.1 draft only when a game asks
    fan: ClassVar[str] = ""

    # movement (4.2; read through core/maps.py: ignores_rule). Set in the faction's class
    # body (``moves_ignore_rule = True``): a plain attribute, native when compiled. Rivers:
    # ``river_access_for`` below (11.2.2 Swimmers, 11.2.7.II Riverboats)
    moves_ignore_rule: bool = False  # moves regardless of rule (e.g. 13.2.3 Nimble)
    # the faction's warriors (its supply, 1.5) and whether it holds a hand (bots have
    # none, Rootbotics 2.8.1): plain attributes too, read at every placement and draw
    warriors: int = 0
    has_hand: bool = True
    # the kinds of the faction's crafting pieces (4.1.1), read by the default
    # ``crafting_pieces``/``crafting_clearings``; set in the class body like the above
    crafts_with: tuple[str, ...] = ()

    # does the faction override a hook that reaches into other players' turns? Set by
    # ``register``, so the engine skips the hook for factions without such a rule
    limits_placement: bool = False  # blocks_placement
    limits_movement: bool = False  # blocks_move
    catches_discards: bool = False  # catch_discard
    claims_rule: bool = False  # rules_outright
    lends_warriors: bool = False  # lends_warriors_to
    holds_warriors: bool = False  # warriors_held
    acts_at_birdsong_start: bool = False  # at_birdsong_start
    grants_rivers: bool = False  # river_access_for
    offers_anytime: bool = False  # anytime_options
    protects_warriors: bool = False  # protected_warriors
    adds_rule: bool = False  # rule_bonus
    catches_warriors: bool = False  # catch_warriors
    ignores_hits: bool = False  # ignored_hits
    shares_warriors: bool = False  # lend_for_turn (Game.sharer)
    draws_warriors: bool = False  # warriors_placed

    # -- state -------------------------------------------------------------
    def new_state(self) -> FactionState:
        raise NotImplementedError

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        raise NotImplementedError

    # -- procedure ---------------------------------------------------------
    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return []

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        """A.8.2: set up as the faction setup card says (homelands, A.8.2.I-II); a
        faction whose card asks what the Standard Setup asks keeps its own steps."""
        return self.setup_steps(g, s)

    def factions_drafted(self, g: Game, s: int) -> None:
        """Every seat's faction is now known (the end of the A.8 draft): complete what
        set up before the others chose (9.3.6 a relationship marker per faction)."""

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        """The faction's own steps of 'birdsong', 'daylight' or 'evening', in order."""
        return []

    def starting_corner(self, g: Game, s: int) -> int | None:
        return None

    # -- hooks -------------------------------------------------------------
    def crafting_pieces(self, g: Game, s: int) -> tuple[int, int, int]:
        """Crafting pieces on the map by clearing suit (fox, rabbit, mouse) (4.1.1): by
        default, the pieces of the kinds in ``crafts_with``."""
        fox = rabbit = mouse = 0
        for kind in self.crafts_with:
            f, r, m = g.pieces_by_suit(s, kind)
            fox += f
            rabbit += r
            mouse += m
        return (fox, rabbit, mouse)

    def crafting_clearings(self, g: Game, s: int) -> tuple[int, ...]:
        """Clearings holding s's crafting pieces, in order, repeats allowed (Tunnels, E&P)."""
        return g.kinds_clearings(s, self.crafts_with)

    def free_crafting_pieces(self, g: Game, s: int) -> tuple[int, int, int]:
        """Crafting pieces not yet activated this turn (4.1.1)."""
        have, used = self.crafting_pieces(g, s), g.craft_used
        return (have[0] - used[0], have[1] - used[1], have[2] - used[2])

    def pay_crafting(self, g: Game, s: int, suits: list[str]) -> None:
        """Activate crafting pieces of these suits (4.1.1)."""
        from rootlaw.core.catalog import suit_index

        used = g.craft_used
        for suit in suits:
            i = suit_index(suit)
            used[i] = used[i] + 1

    def free_wild_pieces(self, g: Game, s: int) -> int:
        """Crafting pieces of any suit not yet activated this turn: those in the Lost
        City's clearing (Appendix F; ``Game.wild_pieces``), activated one by one as any
        suit. Their count this turn is ``g.craft_used[3]``, there once one is used."""
        n = g.wild_pieces(s, self.crafts_with)
        used = g.craft_used
        return n - used[3] if n and len(used) > 3 else n

    def pay_wild_crafting(self, g: Game, s: int, n: int) -> None:
        """Activate n crafting pieces of any suit (``free_wild_pieces``)."""
        used = g.craft_used
        if len(used) < 4:
            used.append(0)
        used[3] = used[3] + n

    def gain_crafted_item(self, g: Game, s: int, item: str) -> None:
        """4.1.2: a crafted item goes to the Crafted Items box."""
        g.items[s].append(item)

    def take_item(self, g: Game, s: int, item: str) -> None:
        """s takes an item that is not crafted (The Brigand's ruin, Appendix E): to the
        Crafted Items box, or where the faction keeps its items (14.2.4 the Hoard)."""
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

    def blocks_move(self, g: Game, s: int, mover: int, a: int, b: int) -> bool:
        """True if faction ``s``'s rules stop ``mover`` moving pieces from ``a`` (a
        clearing, a forest, or 0) into ``b`` (D.6.2 into; 13.7.2 Snare from). Also
        called for s's own moves (``mover == s``)."""
        return False

    def battle_takes_higher_roll(self, g: Game, s: int, b: Battle, attacker: bool) -> bool:
        """Whether s deals the higher roll in this battle (4.3.2; 8.2.2 Guerrilla War)."""
        return attacker

    def points_for_removal(self, g: Game, s: int, kind: str) -> int:
        """VP an enemy scores for removing s's building or token ``kind`` (3.2.1)."""
        return 1

    def on_warriors_removed(self, g: Game, s: int, c: int, n: int, by: int,
                            defending: bool) -> Sequence[Step]:
        """s's warriors were removed from c by player ``by``, ``defending`` in a battle or
        not (triggers: 6.2.3 Field Hospitals, 10.2.3 Revenge ...)."""
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

    def limit_in_force(self, g: Game, s: int) -> bool:
        """Whether s's rule that may stop moves or placements (``blocks_move``,
        ``blocks_placement``) can stop any now: False lets ``Game.movement_limited`` and
        ``placement_limited`` answer without asking (D.6.2: no torch placed). A faction
        overriding either hook and not this one is always asked."""
        return True

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

    # -- hooks into every player's turn (cross-faction rules) ----------------
    def catch_discard(self, g: Game, s: int, card: str) -> bool:
        """A card any player spends or discards goes to s instead of the discard pile
        (10.2.6 The Lost Souls Pile): take it and return True, or return False."""
        return False

    def rules_outright(self, g: Game, s: int, c: int) -> bool:
        """s rules c whatever the pieces there (10.2.4 Pilgrims; it overrides ties broken
        by other rules, 7.2.2)."""
        return False

    def lends_warriors_to(self, g: Game, s: int) -> int:
        """The seat that treats s's warriors as its own for rule and for battle against
        anyone but s right now (11.2.7.III Mercenaries), or -1. Read only through
        ``Game.treated_as_own_by`` (G.1.33), which every rule, enemy and battle check
        asks."""
        return -1

    def lending_this_turn(self, g: Game, s: int) -> bool:
        """Whether ``lends_warriors_to`` may name a seat at some point of this turn: when
        not, a change of phase leaves rule as it was (``turn.lent_warriors_changed``).
        A lender that does not say is asked at every change (True)."""
        return True

    def warriors_held(self, g: Game, s: int, owner: int) -> int:
        """Warriors of ``owner`` that s holds off the map, out of their owner's supply
        (11.2.4 Funds: Payments, Funds and Committed boxes)."""
        return 0

    def river_access_for(self, g: Game, s: int, mover: int) -> int:
        """How s's rules let ``mover`` use rivers now: 0 not at all, 1 as paths
        (11.2.7.II Riverboats), 2 as paths whoever rules either end (11.2.2 Swimmers)."""
        return 0

    def payment_capacity(self, g: Game, s: int) -> int:
        """How much s can pay another faction now (11.2.6.I: warriors from its supply;
        a faction that pays in items, the items it can exhaust)."""
        return g.warrior_supply(s)

    def pay_in_items(self, g: Game, s: int, n: int) -> Sequence[Step]:
        """The steps by which s pays n by exhausting items (11.2.6.III)."""
        raise ValueError(f"{self.id} pays with warriors")

    def at_birdsong_start(self, g: Game, s: int, current: int) -> Sequence[Step]:
        """Steps s's rules add at the start of another player's Birdsong (11.2.6 Buying
        Services); the current player decides them."""
        return NO_STEPS

    def on_pieces_removed(self, g: Game, s: int, pieces: Sequence[tuple[int, str]],
                          by: int) -> Sequence[Step]:
        """s's buildings and tokens ``pieces`` ((clearing, kind), at least one) were
        removed together by player ``by`` (-1: by no player), in one event: a battle's
        hits, one effect (a Favor, a Bomb). Called once per event, after
        ``on_piece_removed`` for each piece (12.2.3 The Price of Failure: one trigger
        for any number of buildings)."""
        return NO_STEPS

    def anytime_options(self, g: Game, s: int, current: int) -> list[Any]:
        """Options s's rules give the current player ``current`` "anytime on their turn"
        (13.2.4 Exposure). The core offers them at the current player's anytime windows
        (core/effects.py: the start of its Birdsong, every Daylight action choice, before
        its first draw in Evening), never inside an action (1.4.2). Their verbs must be in
        ``effects.ANYTIME_VERBS``. Also called for s itself (``current == s``)."""
        return []

    def apply_anytime(self, g: Game, s: int, current: int, o: Any) -> None:
        """Take an option ``anytime_options`` listed for ``current``."""
        raise ValueError(o)

    def protected_warriors(self, g: Game, s: int, c: int) -> int:
        """How many of s's warriors in c are protected like the warlord (14.2.2): they
        cannot be removed outside battle, moved outside s's own turn, or placed by any
        effect (only by s's own rule). Read through ``Game.removable_warriors`` and
        ``Game.movable_warriors``; in battle they are removed last."""
        return 0

    def moved_protected(self, g: Game, s: int, a: int, b: int) -> None:
        """s's protected warriors in a moved to b with a move s chose to lead with them
        (the option ``("warriors_lead", n)`` of the core's move count, 14.5.3)."""
        raise ValueError(f"{self.id} has no protected warriors")

    def ignores_first_hit(self, g: Game, s: int, b: Battle) -> bool:
        """Whether s ignores the first hit it takes in this battle (14.7.7 Stubborn,
        15.2.4 Devout Knights).
        The core ignores one hit per side and battle at most: such abilities never
        combine."""
        return False

    def battle_started(self, g: Game, s: int, b: Battle) -> Sequence[Step]:
        """Steps of the attacker s's rules at the start of a battle, before the ambush
        (14.2.5 Looters)."""
        return NO_STEPS

    def on_warriors_moved(self, g: Game, s: int, a: int, b: int, n: int,
                          mover: int) -> Sequence[Step]:
        """s's own n warriors were moved from a to b, by s or by another player
        ``mover`` (forced to move: False Orders, 9.2.9.IIb). Called for the owner of the
        warriors only (15.2.4 Devout Knights: relics move with them)."""
        return NO_STEPS

    def rule_bonus(self, g: Game, s: int, c: int) -> int:
        """What s's pieces other than warriors and buildings add to its total toward rule
        in c (2.5 counts neither tokens nor pawns; Crusader VW.2.2 Monstrous: the Wyrm
        pawn counts as three warriors). Read by ``Game._ruler_at``."""
        return 0

    def catch_warriors(self, g: Game, s: int, events: tuple[Any, ...]) -> Step | None:
        """Pieces were just removed (``events``: the ``core.move.RemovalEvent`` tuples of
        what happened together, a battle's two sides; some warriors among them): a step
        of s's rules that takes some of those warriors elsewhere before the removal
        resolves (Crusader SOM.2.3 First Response: into the Ward, "instead of resolving
        the hits"), or None. The step must end with ``core.move.resolve_removal_events``
        on the events, less the warriors it took."""
        return None

    def warriors_left_map(self, g: Game, s: int, c: int, n: int) -> None:
        """n of s's warriors left c, off the map, without being removed (Crusader SOM.2.3
        First Response takes them to the Ward "instead of resolving the hits"): keep the
        faction's own records of its warriors (14.2.2 the warlord), no trigger."""

    def ignored_hits(self, g: Game, s: int, b: Battle, dealt: int, taken: int) -> int:
        """How many of the ``taken`` hits s is dealt in this battle's Deal step (4.3.4)
        it ignores, ``dealt`` being the rolled hits s deals to the other side (Crusader
        VW.2.4 Ravenous)."""
        return 0

    # -- warriors lent for all intents (Crusader BK.2.4 Mice Mischief; Game.sharer) ----
    def lend_for_turn(self, g: Game, s: int, current: int, starting: bool) -> None:
        """The start (``starting``) or the end of ``current``'s turn: s's warriors that
        other players treat as their own faction pieces for all intents during their own
        turn go into ``current``'s warrior row, and back into s's at its end (BK.2.4).
        Read through ``Game.treated_as_own_by``'s section (``Game.borrowed``)."""

    def shared_warriors(self, g: Game, s: int, r: int, c: int) -> int:
        """How many of the warriors in seat r's row in clearing c are s's lent kind (BK.2.4
        mice), r being s itself on its own turn (``Game.borrowed``)."""
        return 0

    def shared_supply(self, g: Game, s: int, r: int) -> int:
        """What seat r's warrior supply gains from s's lending now: the lent warriors in
        r's row are not r's own (+n), nor on s's row (-n for s)."""
        return 0

    def shared_moved(self, g: Game, s: int, r: int, a: int, b: int, n: int) -> None:
        """n of s's lent warriors in r's row moved from a to b (4.2)."""

    def shared_removed(self, g: Game, s: int, r: int, c: int, n: int, lent: int,
                       coffins: bool) -> None:
        """n warriors of r's row were removed from c, ``lent`` of them s's lent kind
        (to Coffin Makers if ``coffins``, E&P); also called for any removal from s's own
        row (r == s), so s always knows where its warriors went (BK.2.3 the bag)."""

    def warriors_placed(self, g: Game, s: int, c: int, n: int) -> None:
        """s placed n warriors from its supply in c (``Game.place_warriors``), after the
        place was declared (BK.2.3 The Bag: which warriors they are is drawn now)."""


FACTIONS: Final[dict[str, FactionDef]] = {}
SEAT_PREFIX: Final = "seat"  # a seat whose faction is not drafted yet: seat1, seat2...


class UndraftedState(FactionState):
    """A seat without a faction holds nothing but its hand (A.7)."""

    __slots__ = ()

    def copy(self) -> FactionState:
        return self

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FactionState:
        return UNDRAFTED_STATE


UNDRAFTED_STATE: Final = UndraftedState()


class Undrafted(FactionDef):
    """A.8.2: a player who has not chosen a faction yet: a hand of cards, no pieces.
    Its id in ``Game.factions`` is its seat's name, ``seat1``, ``seat2``... until it
    chooses."""

    id = SEAT_PREFIX
    name = "Undrafted player"

    def new_state(self) -> FactionState:
        return UNDRAFTED_STATE

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return UNDRAFTED_STATE

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        return {"undrafted": True}


UNDRAFTED: Final = Undrafted()


def is_seat_name(fid: str) -> bool:
    """Whether ``fid`` names an undrafted seat (``seat1`` ... ``seat9``)."""
    return fid.startswith(SEAT_PREFIX) and fid[len(SEAT_PREFIX):].isdigit()


def faction_def(fid: str) -> FactionDef:
    """The faction ``fid``, or the undrafted player for a seat name (A.8.2)."""
    fd = FACTIONS.get(fid)
    if fd is not None:
        return fd
    if is_seat_name(fid):
        return UNDRAFTED
    raise KeyError(fid)


class RuleSet:
    """A rule set the engine plays (DESIGN.md, "Rule sets"): the Law of Root, or a
    variant kept apart from it (the prototype, rootlaw/prototype) on the same loop,
    steps, views and log. A variant has factions of its own under the same ids, its own
    first step and its own winning score; a game's setup names its rule set ("rules"),
    the Law's when it names none."""

    __slots__ = ("id", "factions", "first_step", "win_score")

    id: str
    factions: dict[str, FactionDef]
    first_step: str
    win_score: int

    def __init__(self, rid: str, factions: dict[str, FactionDef], first_step: str,
                 win_score: int) -> None:
        self.id = rid
        self.factions = factions
        self.first_step = first_step
        self.win_score = win_score

    def faction(self, fid: str) -> FactionDef:
        """The faction ``fid`` of this rule set (the Law's: an undrafted seat too, A.8.2);
        KeyError if it has none."""
        fd = self.factions.get(fid)
        if fd is not None:
            return fd
        if self.id == LAW:
            return faction_def(fid)
        raise KeyError(fid)


LAW: Final = "law"
RULESETS: Final[dict[str, RuleSet]] = {LAW: RuleSet(LAW, FACTIONS, "setup", 30)}  # 3.1


def ruleset(rid: str | None) -> RuleSet:
    """The rule set ``rid`` (None: the Law); KeyError if none has that id."""
    return RULESETS[rid or LAW]


def register(fd: FactionDef, rules: str = LAW) -> FactionDef:
    """Register a faction of a rule set (the Law's by default): the engine skips the
    hooks the faction does not override."""
    factions = RULESETS[rules].factions
    if fd.id in factions:
        raise ValueError(f"faction {fd.id!r} registered twice")
    fd.limits_placement = _overrides(fd, "blocks_placement")
    fd.limits_movement = _overrides(fd, "blocks_move")
    fd.catches_discards = _overrides(fd, "catch_discard")
    fd.claims_rule = _overrides(fd, "rules_outright")
    fd.lends_warriors = _overrides(fd, "lends_warriors_to")
    fd.holds_warriors = _overrides(fd, "warriors_held")
    fd.acts_at_birdsong_start = _overrides(fd, "at_birdsong_start")
    fd.grants_rivers = _overrides(fd, "river_access_for")
    fd.offers_anytime = _overrides(fd, "anytime_options")
    fd.protects_warriors = _overrides(fd, "protected_warriors")
    fd.adds_rule = _overrides(fd, "rule_bonus")
    fd.catches_warriors = _overrides(fd, "catch_warriors")
    fd.ignores_hits = _overrides(fd, "ignored_hits")
    fd.shares_warriors = _overrides(fd, "lend_for_turn")
    fd.draws_warriors = _overrides(fd, "warriors_placed")
    factions[fd.id] = fd
    name_form(fd.id, fd.name)
    return fd


def _overrides(fd: FactionDef, hook: str) -> bool:
    """Whether the faction's class defines its own ``hook``."""
    return getattr(type(fd), hook) is not getattr(FactionDef, hook)
