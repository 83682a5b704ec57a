"""Vault Keepers (promoted) and Badger Bodyguards (demoted): Marauder Hirelings Pack, 6
Keeper warriors (B.10.3) and 6 vault buildings (B.10.2); the Keepers in Iron cannot be
played beside the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rootlaw.core.battle import Battle
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, card_of, on_map, place_targets, placeable, supply_of
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

VAULT: Final = "vault"
KEEPERS_WITH_VAULT: Final = 2  # setup and when hired: 2 warriors and a vault
name_form(VAULT, "vault")
name_form("vaults", "a vault, then battle or reinforce", "vault_keepers")
name_form("vault_battle", "battle in each clearing with a vault", "vault_keepers")
name_form("vault_muster", "a Keeper warrior at each vault", "vault_keepers")
text_form("vault_site", "2 Keeper warriors and a vault in {1}")
text_form("vault_build", "a vault in {1}")
text_form("vault_outpost", "a Keeper warrior and a vault in {1}")
text_form("vaults_then", "{n1@vault_keepers}")


def vaults(g: Game, h: int) -> tuple[int, ...]:
    return g.piece_clearings(h, VAULT)


def site_targets(g: Game, h: int) -> list[int]:
    return [c for c in g.clearings() if placeable(g, h, c) and g.open_slots(c) > 0]


class VaultKeepers(HirelingDef):
    id = "vault_keepers"
    name = "Vault Keepers"
    card = "vault_keepers"
    demoted = False
    building_kind = VAULT

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: 2 Keeper warriors and a vault in a clearing with an open slot."""
        return [("vault_keepers.site", s, h)]

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: with no Vault Keeper piece on the map, 2 warriors and a vault in any
        clearing (with an open building slot)."""
        if on_map(g, h):
            return NO_STEPS
        return [("vault_keepers.site", s, h)]

    def place_allowed(self, g: Game, h: int, where: str, c: int) -> bool:
        if where == "near":  # a clearing with a vault, or adjacent to one
            here = vaults(g, h)
            if c in here:
                return True
            for x in g.adj[c]:
                if x in here:
                    return True
            return False
        return super().place_allowed(g, h, where, c)

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        return ["vaults"]

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: first it may place a vault where one is or next to one (if it cannot,
        a Keeper warrior and a vault in any clearing); then, choose one: battle in each
        clearing with a vault, or a Keeper warrior at each vault."""
        return [("vault_keepers.build", s, h), ("vault_keepers.then", s, h)]


class Site(Handler):
    """Vault Keepers: 2 Keeper warriors and a vault in a clearing with an open slot
    (A.6.3; E.2.1). Args: (seat, hireling)."""

    name = "vault_keepers.site"
    kind = "hireling_place"
    rule = "A.6.3/E.2.1"
    prompt = "Vault Keepers: where do 2 Keeper warriors and a vault go?"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("vault_site", c) for c in site_targets(g, st[2])]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "vault_site":
            return
        h: int = st[2]
        g.place_building(h, VAULT, o[1])
        g.place_warriors(h, o[1], KEEPERS_WITH_VAULT)
        g.note("hireling_placed", card_of(g, h), VAULT, o[1])


class Build(Handler):
    """Vault Keepers: a vault with or next to a vault, or else a warrior and a vault in
    any clearing; it may do neither. Args: (seat, hireling)."""

    name = "vault_keepers.build"
    kind = "hireling_place"
    rule = "E.2.4"
    prompt = "Vault Keepers: place a vault?"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        if supply_of(g, h, VAULT) <= 0:
            return [("done",)]
        near = place_targets(g, h, "near", VAULT)
        if near:
            out: list[Option] = [("vault_build", c) for c in near]
        else:
            out = [("vault_outpost", c) for c in site_targets(g, h)]
        return bot_choice(g, st[1], out + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        h: int = st[2]
        if o[0] == "vault_build" or o[0] == "vault_outpost":
            g.place_building(h, VAULT, o[1])
            g.note("hireling_placed", card_of(g, h), VAULT, o[1])
            if o[0] == "vault_outpost":
                g.place_warriors(h, o[1], 1)


class Then(Handler):
    """Vault Keepers: battle at every vault, or reinforce every vault. Args: (seat,
    hireling)."""

    name = "vault_keepers.then"
    kind = "hireling_action"
    rule = "E.2.4"
    prompt = "Vault Keepers: battle at each vault, or a warrior at each vault?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], [("vaults_then", "vault_battle"),
                                     ("vaults_then", "vault_muster")])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        h: int = st[2]
        here = tuple(dict.fromkeys(vaults(g, h)))
        if o[1] == "vault_battle":
            g.push(("hire.battle_each", st[1], h, here))
            return
        for c in vaults(g, h):  # one per vault (two vaults in a clearing: two)
            if placeable(g, h, c):
                g.place_warriors(h, c, 1)


class BadgerBodyguards(HirelingDef):
    id = "vault_keepers"
    name = "Badger Bodyguards"
    card = "vault_keepers"
    demoted = True
    building_kind = VAULT

    def controller_ignores_first_hit(self, g: Game, h: int, s: int, b: Battle) -> bool:
        """E.2.2 CONTROLLER: in battle it ignores the first hit it takes (never with
        another such ability: one per side and battle, 15.2.4)."""
        return True


register_hireling(VaultKeepers())
register_hireling(BadgerBodyguards())
register_steps(Site(), Build(), Then())
