"""The game record as a seat may read it: plain sentences, secrets redacted.

One narrator for every screen: the web log (rootlaw.server.play) and the terminal's
`rootlaw play` both tell the game with it. Every engine log entry becomes one line
``{"i", "actor", "kind", "text"}``; a move and its warrior count read as one line. What a
seat may not know never appears in its lines while the game runs: the order of a
shuffle, the items under the ruins, a card put face down (Mobilize, Outrage) or
handed to another player (Aid) are told without the card, except to the seats that
saw it. A finished game is told in full.
"""
from __future__ import annotations

import re
from typing import Any

from rootlaw.core.advanced import seat_names
from rootlaw.core.catalog import deck
from rootlaw.core.faction_api import FACTIONS, SEAT_PREFIX, is_seat_name
from rootlaw.core.hired import side_name
from rootlaw.core.options import card_label, display_name, has_secret_form, label, public_label


def faction_name(fid: str) -> str:
    fd = FACTIONS.get(fid)
    if fd is None and is_seat_name(fid):  # a seat not drafted yet (A.8.2)
        return f"Seat {fid[len(SEAT_PREFIX):]}"
    return fd.name if fd is not None else fid.replace("_", " ").title()


Entry = tuple[Any, ...]

# random results everyone sees; any other kind is hidden while the game runs
PUBLIC_RANDOM = {"dice", "seating", "starting_player", "keep_corner", "starting_building",
                 "bot_hit", "electric_eyrie_corner", "vagabot_forest", "vagabot_character",
                 "suit_markers", "relic_forests", "hirelings", "demoted_hirelings",
                 "control_die", "uprising_die"}
# random results a note right after tells in words (the mob die's suit, 14.2.6)
TOLD_BY_NOTE = {"mob_die", "pillar", "uprising_die", "control_die"}
HIDDEN_RANDOM_TEXT = {
    "deck": "The deck is shuffled.",
    "reshuffle": "The discard pile is shuffled to form a new deck.",
    "quests": "The quest deck is shuffled.",
    "ruin_items": "Items are placed face down under the ruins.",
    "random_card": "A card is taken at random.",
    "relics": "The relics are shuffled face down (15.3.1).",
    "militant_setup_cards": "The militant setup cards are shuffled (A.8.1).",
    "setup_cards": "The other setup cards are shuffled (A.8.1).",
    "setup_character": "A character card is dealt beside the Vagabond's setup card "
                       "(A.8.1.III).",
    "bag": "The Borough Kings' bag is shaken (BK.2.3).",
    "firebrands": "The Host of Light's firebrands are shuffled face down onto their "
                  "track (HOL.3.2).",
    "crisis_card": "A card is discarded at random (HOL.2.4).",
}

# decisions whose card only some seats see: verb -> (public text, who else sees it)
SECRET_VERBS: dict[str, str] = {
    "mobilize": "{who} adds a card to the Supporters stack (Mobilize).",
    "outrage": "{who} adds a matching card to the Alliance's Supporters stack (Outrage).",
    "aid": "{who} aids {a1} with a card.",
    "give": "{who} gives a card (Swap Meet).",
    "cv_plot": "{who} places a face-down plot in {a1} (13.5.2).",
    "show_card": "{who} shows the Corvids a card matching the clearing (13.2.4).",
    "put_back": "{who} puts a card back on the deck (A.10).",
    "cv_home_plot": "{who} places a face-down plot in {a1} (A.8.2).",
}

# decision verbs told in the past tense; the rest read as "Faction: label"
PAST = {
    "move": "{who} moves from {a1} to {a2}", "decree_move": "{who} moves from {a2} to {a3}",
    "battle": "{who} battles {a2} in {a1}", "decree_battle": "{who} battles {a3} in {a2}",
    "build": "{who} builds a {a1} in {a2}", "decree_build": "{who} builds a roost in {a2}",
    "decree_recruit": "{who} recruits in {a2}", "recruit_in": "{who} recruits in {a1}",
    "craft": "{who} crafts {c1}", "discard": "{who} discards {c1}",
    "ambush": "{who} ambushes with {c1}", "revolt": "{who} revolts in {a1}",
    "spread": "{who} spreads sympathy to {a1}", "decree": "{who} adds {c1} to the {A2} column",
    "v_move": "{who} moves to {a1}", "slip": "{who} slips to {a1}",
    "explore": "{who} explores the ruin", "leader": "{who} chooses the {a1} leader",
    "character": "{who} plays {a1}", "roost": "{who} places a new roost in {a2}",
    "keep": "{who} places the keep in {a1}", "end": "{who} ends Daylight",
    "expose": "{who} guesses that the plot in {a1} is a {a2} (Exposure)",
    "flip": "{who} flips the plot in {a1}", "trick": "{who} swaps the plots in {a1} and {a2}",
    # Keepers in Iron (15)
    "kk_corner": "{who} starts in corner {a1}", "kk_edge": "{who} places four warriors in {a1}",
    "kk_encamp": "{who} encamps in {a1}: a {a2} replaces a warrior",
    "kk_encamp_edge": "{who} encamps in {a1}: a {a2} and a warrior",
    "kk_decamp": "{who} decamps in {a1}: a warrior replaces the {a2}",
    "kk_recruit": "{who} spends {c1} to recruit in {a2}",
    "kk_move": "{who} moves from {a2} to {a3} (Retinue: {c1})",
    "kk_ferry": "{who} moves from {a2} to {a3} by the Ferry (Retinue: {c1})",
    "kk_battle": "{who} battles {a3} in {a2} (Retinue: {c1})",
    "kk_delve_in": "{who} delves in {a2} (Retinue: {c1})",
    "kk_recover": "{who} recovers relics in {a2} (Retinue: {c1})",
    "kk_take": "{who} recovers the {a1}", "kk_carry": "{who} carries the {a1} along",
    "kk_trophy": "{who} places the relic in forest {a1} (Prized Trophies)",
    "kk_add": "{who} adds {c1} to the Retinue's {A2} column",
    "kk_shift": "{who} shifts {c1} from the Retinue's {A2} column to {A3}",
    # Crusader expansion (fan-made): the Spinners of Mercy (SOM), the Vile Wyrm (VW)
    "som_corner": "{who} starts in {a1}",
    "som_discharge": "{who} releases a {a1} patient into {a2}",
    "som_secure": "{who} secures a web from the supply in {a1}",
    "som_secure_move": "{who} secures the web in {a1} to {a2}",
    "som_bird": "{who} spends {c1} for one more action",
    "som_recruit": "{who} spends {c1} to recruit in every {a2} clearing",
    "som_recruit_in": "{who} places a warrior in {a1}", "som_web_in": "{who} places a web in {a1}",
    "som_establish": "{who} spends {c1} to establish an infirmary in {a2}",
    "som_skitter": "{who} skitters along the webs", "som_gather": "{who} gathers a card",
    "som_shelter": "{who} spends {c1} to give shelter (the {a2} infirmaries)",
    "som_first_response": "{who} sends a First Response in {a1}",
    "som_no_response": "{who} sends no First Response",
    "som_triage": "{who} returns a {a1} patient (Triage)", "som_hit": "{who} loses a {a1}",
    "wy_setup": "{who} places the Wyrm in {a1}", "wy_move": "{who} moves the Wyrm to {a1}",
    "wy_ferry": "{who} moves the Wyrm to {a1} by the Ferry",
    "wy_recover": "{who} brings the Wyrm out of the forest into {a1}",
    "wy_regrow": "{who} returns a Growth to {a1}",
    "wy_recruit_in": "{who} places a wyrmling in {a1}",
    "wy_forest": "{who}'s Wyrm flees to forest {a1}",
    "wy_item": "{who} loses the {a1} from the Lair",
    "wy_hit": "{who} loses a wyrmling",
    "wy_deceive": "{who} forces {a2} to move a warrior from {a1} to {a3} (Deceive)",
    "wy_grow": "{who} spends {c1} to grow (a Growth from {a2})",
    "wy_exploit": "{who} spends {c1} for a treasure ({a2})",
    # the Advanced Setup (Appendix A)
    "draft": "{who} takes the {a1} setup card",
    "draft_vagabond": "{who} takes the {a1} setup card, with the {a2}",
    "homeland": "{who} chooses {a1} as a homeland",
    "spread_warrior": "{who} places a warrior in {a1}",
    # the Crusader expansion's Borough Kings (BK) and Host of Light (HOL)
    "bk_move": "{who} moves from {a2} to {a3} (Conquer)",
    "bk_ferry": "{who} moves from {a2} to {a3} by the Ferry (Conquer)",
    "bk_battle": "{who} battles {a3} in {a2} (Conquer)", "bk_recruit": "{who} recruits in {a2}",
    "bk_arsenal": "{who} places an arsenal in {a2}", "bk_herald": "{who} places a herald in {a2}",
    "bk_coup": "{who} cannot take a {c1} card of the Manifest", "bk_abdicate": "{who} abdicates",
    "bk_regent": "{who} chooses the {c1} regent", "bk_add": "{who} adds {c1} to the {A2} column",
    "bk_general": "{who} adds {c1} to the {A2} column (General)",
    "hol_move": "{who} moves from {a1} to {a2}", "hol_ferry": "{who} moves from {a1} to {a2}",
    "hol_sermon": "{who} reveals {c1} to place a {c2} firebrand in {a3}",
    "hol_proselytize": "{who} spends {c1} to place a {c2} firebrand in {a3} (Proselytize)",
    "hol_pillar": "{who} chooses the Pillar of {c1}",
}

NOTES = {
    "craft": "{a1} crafts {c2}.", "revolt": "{a1} revolts in {a2}.",
    "sympathy": "{a1} spreads sympathy to {a2}.", "turmoil": "{a1} falls into turmoil.",
    "dominance": "{a1} activates {c2}.", "order": "{a1} reveals its order card: {c2}.",
    "build": "{a1} builds in {a2}.", "organize": "{a1} organizes in {a2}.",
    "bot_battle": "{a1} battles {a3} in {a2}.", "battle": "{a1} battles {a4} in {a3}.",
    "move": "{a1} moves {a5} warrior(s) from {a3} to {a4} ({A2} column).",
    "recruit": "{a1} recruits in {a3} ({A2} column).", "fortified": "{a1} fortifies {a2}.",
    "outrage_shown": "{a1} shows their hand to {a2} (Outrage, no matching card).",
    "coalition": "{a1} forms a coalition with {a2}.", "crackdown": "{a1} cracks down in {a2}.",
    "supporter_discarded": "{a1} discards a supporter.", "cannot_spread":
    "{a1} cannot spread sympathy.", "relentless": "{a1} is relentless in {a2}.",
    "hospitals": "{a1} uses Field Hospitals toward {a2}.",
    "expand_stopped": "{a1} cannot expand.",
    "sway": "{a1} sways the {a2}.", "price_of_failure": "{a1} pays the Price of Failure.",
    "minister_lost": "{a1}'s {a2} returns to the Unswayed Ministers.",
    "flip": "{a1}'s plot in {a2} is a {a3}.",
    "exposed": "{a1} guessed right: the {a3} in {a2} is removed (13.2.4).",
    "not_exposed": "{a1} guessed {a3} in {a2}: the Corvids say no and take the card.",
    "raid": "{a1}'s removed plot in {a2} was a raid (13.7.4).",
    "first_hit_ignored": "{a1} ignores the first hit in {a2}.",
    "mob_die": "{a1} rolls the mob die: {a2}.", "anoint": "{a1} anoints the warlord in {a2}.",
    "mood": "{a1} is now {a2}.", "loot": "{a1} loots {a2}: no rolled hits dealt (14.2.5).",
    "ruin_item": "{a1} takes the {a3} from the ruin in {a2}.",
    "delve": "{a1} delves the {a2} into {a3}.",
    "retinue_discard": "{a1} discards {c2} from the Retinue.",
    "export": "{a1} exports {c2} (11.5.3).", "ferry": "{a1} takes the Ferry from {a2} to {a3}.",
    "path_opened": "{a1} opens the closed path between {a2} and {a3} (C.3.3).",
    "drafted": "{a1} drafts the {a2}.",
    "first_response": "{a1} takes {a4} {a3} warrior(s) hit in {a2} to the Ward (First "
    "Response, SOM.2.3).",
    "discharged": "{a1} releases a {a2} patient into {a3} (SOM.4.1).",
    "triage": "{a1} returns a {a2} patient to its owner's supply (Triage, SOM.2.6).",
    "lair_item": "{a1} loses the {a2} from the Lair (VW.2.3).",
    "wyrm_forest": "{a1}'s Wyrm flees to {a2} (VW.2.3).",
    # Appendix F (A.5): the landmarks
    "landmark": "Landmark set up: {a1} in {a2} (A.5.3).",
    "forge": "{a1} crafts the {a2} from the Legendary Forge: a card and a point more.",
    "black_market": "{a1} exchanges a card for a face-down card at the Black Market.",
    # the Crusader expansion's Borough Kings (BK) and Host of Light (HOL)
    "bag": "{a1} draws {a3} rat(s) and {a4} mouse (mice) from the bag for {a2} (BK.2.3).",
    "palace_coup": "{a1} suffers a Palace Coup (BK.7).",
    "overextension": "{a1} is overextended: a column of five cards (BK.5.3).",
    "populist": "{a1} draws {c2} for the Manifest (Populist).",
    "firebrand": "{a1} flips the {c3} firebrand in {a2}: {c4}.",
    "fervor": "{a1}'s fervor moves by {a2}, to {a3}.",
    "crisis_of_faith": "{a1} discards {c2} (Crisis of Faith, HOL.2.4).",
    "pillar": "{a1}'s first Pillar of Faith, drawn at random: {c2} (HOL.3.4).",
    # Appendix E (A.6): the hirelings
    "hireling_set_up": "{a1} sets up {a2} (A.6.3).",
    "hiring_marker": "{a1}'s score marker enters a hiring marker's space: {a1} takes it, "
    "to hire at the end of the turn (E.1.1).",
    "hired": "{a1} hires {a2} from the supply (E.1.1).",
    "control": "{a1} rolls for control of {a2}: {a3} control marker(s) ({a4} pips, E.1.2).",
    "hireling_given": "{a1} gives {a2}, out of control markers, to {a3} (E.1.3).",
    "hiring_marker_flipped": "{a1} flips a hiring marker: no hireling is left in the "
    "supply (E.1.1).",
    "hireling_action": "{a1} takes {a2}'s action: {a3@2} (E.2.4).",
    "hireling_placed": "{a1}: a {a2} placed in {a3}.",
    "hireling_moved": "{a1} moves from {a2} to {a3}.",
    "patrol_to_card": "A Patrol warrior removed in {a1} goes onto the Forest Patrol's card.",
    "physicians": "{a1} treats {a3} warrior(s) into {a2} (Feline Physicians).",
    "uprising_die": "The Uprising die: {a1}.",
    "uprising_revolt": "The Spring Uprising revolts in {a1}.",
    "rabbit_scouts": "{a1} enlists the Rabbit Scouts: it deals the higher roll.",
    "aid_exile": "{a1} aids the Exile with the {a2}: a card and a point.",
    "exile_moved": "The Exile moves to forest {a1}.",
    "exile_item_removed": "The Exile loses the {a1}.",
    "bandit_posted": "A bandit is posted on the path {a1}-{a2}.",
    "bandit_toll": "The Highway Bandits take a toll: {a1} loses a piece in {a2}.",
    "armed": "{a1} places {a3} warrior(s) in {a2} beside the Bandit Gangs.",
    "burned": "The Flame Bearers burn in {a1}.",
    "fury": "The Furious Protector's fury in {a1}.",
    "spies_stole": "{a1} takes cards through the Corvid Spies in {a2}.",
    "incited": "{a1}'s Warm Sun Prophets force {a2} in {a3}.",
    "envoy_took": "{a1} takes {c2} from the discard pile (Lizard Envoys).",
    "pulled": "{a1}'s warriors are pulled from {a2} to the gig in {a3}.",
    "artisans_back": "{a1} takes back the cards kept revealed (Mole Artisans).",
}

# why an automatic step happened, after the note that tells it
# why points were scored, where the engine's reason is a word
SCORE_WHY = {"removal": "for removing buildings or tokens, 3.2.1",
             "battle_bonus": "for removing a building or token in battle"}
WHY = {
    "eyrie": {"turmoil": " (7.7: a card of the Decree could not be resolved)"},
    "electric_eyrie": {"turmoil": " (Rootbotics 5.7: it could not carry out its orders)"},
}
SERVICES = {"buy_card": "a card from the Riverfolk's hand", "buy_riverboats": "Riverboats",
            "buy_mercenaries": "Mercenaries"}
# the Vagabot's notes (Rootbotics 7): verb -> sentence from its arguments
VAGABOT = {
    "move": "Vagabot moves to {a2}.", "explore": "Vagabot explores the ruin in {a2} and "
    "takes the {a3}.", "quest": "Vagabot completes the quest {a3} in {a2}.",
    "aid": "Vagabot aids {a2} and takes {a3} item(s) from them.",
    "battle": "Vagabot battles {a3} in {a2}.", "slip": "Vagabot slips into {a2}.",
    "repair": "Vagabot repairs an item.", "steal": "Vagabot steals a card from {a2}.",
}
# public random results, told in words: kind -> sentence around the drawn value
RANDOM_TEXT = {
    "keep_corner": "The keep's corner is drawn: {v}.",
    "starting_building": "The starting building is drawn: {v}.",
    "bot_hit": "A bot's hit is assigned at random: {v}.",
    "electric_eyrie_corner": "The Electric Eyrie's corner is drawn: {v}.",
    "vagabot_forest": "The Vagabot's forest is drawn at random (option {n}).",
    "vagabot_character": "The Vagabot's character is drawn at random (option {n}).",
    "suit_markers": "The suit markers are placed: {v}.",
    "relic_forests": "The relics go to the forests: {v}.",
    "hirelings": "The hireling cards are shuffled, to deal three (A.6.1): {v}.",
    "demoted_hirelings": "The dealt hirelings are shuffled: the first ones drawn are "
                         "demoted (A.6.2): {v}.",
}
# a step's end says nothing the next line does not ("Vagabond: done."): not told
SILENT = {("done",), ("skip",)}
MOVE_VERBS = ("move", "ferry", "decree_move", "kk_move", "kk_ferry", "rf_move", "rf_ferry",
              "crusade_move", "crusade_ferry", "bk_move", "bk_ferry", "hol_move",
              "hol_ferry")  # a warrior count follows (4.2)


def _fmt(template: str, entry: Entry, start: int = 1) -> str:
    """Fill {aN} (argument N, faction ids named), {AN} (the same capitalised: a column
    of a Decree, Retinue or Manifest, as the boards head them), {aN@M} (argument N in the words of
    argument M, its owner) and {cN} (card names) from an entry."""
    out = template
    for i in range(len(entry) - 1, start - 1, -1):
        v = entry[i]
        k = i - start + 1
        if "{c" + str(k) + "}" in out:
            out = out.replace("{c" + str(k) + "}", _cards(v))
        out = out.replace("{a" + str(k) + "}", _name(v))
        out = out.replace("{A" + str(k) + "}", _capital(_name(v)))  # a column's name
        owned = "{a" + str(k) + "@"  # argument K in the words of argument M (its card)
        j = out.find(owned)
        if j >= 0:
            m = out.index("}", j)
            owner = entry[int(out[j + len(owned):m]) + start - 1]
            out = out[:j] + display_name(v, str(owner)) + out[m + 1:]
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cards(v: Any) -> str:
    """A card by its name, several cards (a draw) by their names joined."""
    if isinstance(v, list | tuple):
        return _and([_cards(x) for x in v]) if v else "no card"
    return card_label(v) if isinstance(v, str) else str(v)


def _name(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, str) and v in _FACTION_IDS:
        return faction_name(v)
    if isinstance(v, str) and v.startswith("forest "):  # a forest by its clearings (2.4)
        return "the forest between " + _and(v[len("forest "):].split("_"))
    if isinstance(v, list | tuple):
        return ", ".join(_name(x) for x in v)
    return display_name(v)


def _named(v: Any) -> str:
    """A card by its label, any other id by its readable name (a quest, a relic)."""
    if not isinstance(v, str):
        return str(v)
    return card_label(v) if v in _CARDS else display_name(v)


_CARDS = set(deck("standard").cards) | set(deck("exiles_partisans").cards)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


_FACTION_IDS: set[str] = set(str(f) for f in FACTIONS)


def _random(entry: Entry, reveal: bool, seating: list[str] | None) -> tuple[str, str]:
    kind, value = entry[1], entry[2]
    if kind == "dice":
        hi, lo = max(value), min(value)
        return "dice", f"Dice: {hi} and {lo} (4.3.2)."
    if kind == "seating":  # undrafted seats are named in seating order (A.4)
        return "setup", "Seating order (turns go this way): " \
            + ", ".join(faction_name(f) for f in seat_names(list(value))) + "."
    if kind == "starting_player":
        order = seating or []
        who = faction_name(order[int(value)]) if int(value) < len(order) else int(value) + 1
        return "setup", f"{who} goes first (5.1.1)."
    if kind in RANDOM_TEXT:
        n = int(value) + 1 if isinstance(value, int) else value
        return "random", RANDOM_TEXT[kind].replace("{v}", _name(value)).replace("{n}", str(n))
    if kind in PUBLIC_RANDOM:
        return "random", f"Random result ({kind.replace('_', ' ')}): {_name(value)}."
    text = HIDDEN_RANDOM_TEXT.get(kind, f"A hidden random result ({kind.replace('_', ' ')}).")
    if reveal:
        shown = ", ".join(_named(v) for v in value) if isinstance(value, list) else str(value)
        text = f"{text[:-1]}: {shown}."
    return "random", text


def _count_at(log: list[Entry], i: int) -> int:
    """Where a move's warrior count may be: next, or after the Riverfolk funds the mover
    commits to it (the "fund" decisions) in between."""
    j = i + 1
    while j < len(log) and log[j][0] == "d" and log[j][1] == log[i][1] and log[j][2] \
            and tuple(log[j][2])[0] == "fund":
        j += 1
    return j


def _merges(entry: Entry, nxt: Entry | None) -> int | None:
    """A move followed by its warrior count reads as one line: the count, else None."""
    if (nxt is None or nxt[0] != "d" or nxt[1] != entry[1] or not entry[2]
            or tuple(nxt[2])[:1] not in (("warriors",), ("warriors_lead",), ("warriors_lent",))
            or str(tuple(entry[2])[0]) not in MOVE_VERBS):
        return None
    return int(tuple(nxt[2])[1])


def _decision(entry: Entry, count: int | None, viewer: str | None, reveal: bool,
              seats: dict[str, int]) -> str:
    seat, option = entry[1], tuple(entry[2])
    who = faction_name(seat)
    verb = str(option[0]) if option else ""
    secret = SECRET_VERBS.get(verb)
    hidden = not reveal and viewer not in _secret_viewers(seat, option, seats)
    if secret and hidden:
        return _fmt(secret.replace("{who}", who), option)
    if hidden and has_secret_form(verb):  # what the others may read
        return f"{who}: {public_label(option)}."
    if verb in MOVE_VERBS and count is None:
        count = 1  # 4.2: no count was asked, so one warrior could move
    template = PAST.get(verb)
    if template is None:
        text = f"{who}: {label(option)}"
        if count is not None:
            text += f" with {count} warrior(s)"
        return text + "."
    text = _fmt(template.replace("{who}", who), option)
    if count is not None:
        text = text.replace(" moves ", f" moves {count} warrior(s) ", 1)
    return text + "."


def _secret_viewers(seat: str, option: tuple[Any, ...], seats: dict[str, int]) -> set[str]:
    """Who saw the card of a secret decision: the decider, and Outrage's Alliance or
    Aid's receiver."""
    out = {seat}
    if option[0] == "outrage":
        out |= {f for f in seats if f in ("alliance", "automated_alliance")}
    if option[0] == "aid" and len(option) > 1:
        out.add(str(option[1]))
    if option[0] == "show_card":  # 13.2.4: shown to the Corvids
        out |= {f for f in seats if f == "corvids"}
    return out


def narrate(log: list[Entry], factions: list[str], viewer: str | None,
            reveal: bool) -> list[dict[str, Any]]:
    """The record as ``viewer`` may read it (None: a spectator); ``reveal``: the game
    is over, tell everything."""
    _FACTION_IDS.update(factions)
    seats = {f: i for i, f in enumerate(factions)}
    lines: list[dict[str, Any]] = []
    merged = -1
    seating: list[str] | None = None
    for i, entry in enumerate(log):
        if i == merged:
            continue
        tag = entry[0]
        if tag == "d" and tuple(entry[2]) in SILENT:
            continue
        if tag == "d":
            at = _count_at(log, i)
            count = _merges(entry, log[at] if at < len(log) else None)
            if count is not None:
                merged = at
            lines.append(_line(i, entry[1], "decision",
                               _decision(entry, count, viewer, reveal, seats)))
        elif tag in ("r", "f") and entry[1] in TOLD_BY_NOTE:
            continue
        elif tag in ("r", "f"):
            kind, text = _random(entry, reveal, seating)
            if entry[1] == "seating":
                seating = seat_names(list(entry[2]))
            lines.append(_line(i, None, kind, text))
        elif tag == "s":
            pts = int(entry[2])
            verb = "scores" if pts > 0 else "loses"
            why = SCORE_WHY.get(str(entry[3])) or _named(str(entry[3]))
            lines.append(_line(i, entry[1], "score", f"{faction_name(entry[1])} {verb} "
                               f"{abs(pts)} VP ({why})."))
        elif tag == "w":
            names = " and ".join(faction_name(f) for f in str(entry[1]).split(","))
            lines.append(_line(i, None, "win", f"{names} win{'s' if ',' not in entry[1] else ''}"
                               f" ({entry[2]})!"))
        elif not _echo(entry, log[i - 1] if i else None) and not _said(entry, log, i):
            lines.append(_line(i, _actor(entry), "event", _note(entry)))
    return _sides(log, lines)


def _sides(log: list[Entry], lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A demoted hireling by the name of its side in play (A.6.2), as its panel names it:
    "Raven Sentries", not the promoted side's "Corvid Spies"."""
    dealt = next((e for e in log if e[0] == "hirelings" and len(e) > 2), None)
    if dealt is None:
        return lines
    renamed = [(side_name(str(c), False), side_name(str(c), True))
               for c, down in zip(dealt[1], dealt[2], strict=False) if down]
    for ln in lines:
        for up, down in renamed:
            ln["text"] = ln["text"].replace(up, down)
    return lines


def turn_header(turn: int, faction: str) -> str:
    """The line that opens a turn (1.4.1), for screens that follow the game live."""
    return f"Turn {turn}: {faction_name(faction)}"


def _echo(entry: Entry, prev: Entry | None) -> bool:
    """A note repeating the decision just before it (crafting, drafting)."""
    if entry[0] == "battle_begins":  # said by the battle just chosen or noted
        if prev is None or len(prev) < 3:
            return False
        if prev[0] == "d":
            return "battle" in str(tuple(prev[2])[0]) if prev[2] else False
        return prev[0] in ("battle", "bot_battle") or tuple(prev[:2]) == ("vagabot", "battle")
    if prev is None or prev[0] != "d":
        return False
    if entry[0] == "drafted":  # the setup card the decision just before took (A.8.2)
        return prev[1] == entry[1] and tuple(prev[2])[1:2] == (entry[2],)
    return entry[0] == "craft" and tuple(prev[2])[:2] == ("craft", entry[2])


# notes a seat's own decision already told (a revolt and the supporters it cost, the Eyrie's
# turmoil chosen as the Decree's step): note tag -> the verbs paid on the way
SAID_BY_CHOICE = {"revolt": ("supporter",), "turmoil": ()}


def _said(entry: Entry, log: list[Entry], i: int) -> bool:
    """A note telling again the decision its seat made just before (not a bot's note)."""
    paid = SAID_BY_CHOICE.get(str(entry[0]))
    if paid is None or len(entry) < 2:
        return False
    for prev in reversed(log[max(0, i - 12):i]):
        if prev[0] != "d" or prev[1] != entry[1] or not prev[2]:
            continue
        option = tuple(prev[2])
        if option[0] == entry[0]:  # the revolt's clearing is the same; turmoil has no place
            return entry[0] == "turmoil" or option[1:2] == tuple(entry[2:3])
        if option[0] not in paid:
            return False
    return False


def _actor(entry: Entry) -> str | None:
    if entry[0] == "vagabot":
        return "vagabot"
    return entry[1] if len(entry) > 1 and isinstance(entry[1], str) and entry[1] in _FACTION_IDS \
        else None


def _hits(n: Any) -> str:
    return f"{n} hit{'' if n == 1 else 's'}"


def _battle(entry: Entry) -> str | None:
    """A battle's record in words (4.3): each side's roll and what its warriors let it
    deal, the hits dealt after every effect, each piece removed and each hit taken
    otherwise; None for another entry."""
    tag = entry[0]
    if tag == "battle_roll" and len(entry) > 6:
        parts = []
        for who, roll, hits in ((entry[1], entry[2], entry[3]), (entry[4], entry[5], entry[6])):
            capped = f", capped at {hits} (4.3.2.I)" if hits < roll else ""
            parts.append(f"{faction_name(str(who)) if who in _FACTION_IDS else _name(who)}"
                         f" rolls {roll}{capped}")
        return "; ".join(parts) + "."
    if tag == "battle_begins" and len(entry) > 3:
        return f"{_name(entry[1])} battles {_name(entry[2])} in {entry[3]}."
    if tag == "battle_hits" and len(entry) > 4:
        a, d = _name(entry[1]), _name(entry[3])
        return f"{a} deals {_hits(entry[2])}, {d} deals {_hits(entry[4])} (4.3.4)."
    if tag == "battle_removed" and len(entry) > 4:
        n, kind = int(entry[3]), display_name(str(entry[2]))
        what = kind if n == 1 else f"{n} {kind}s"
        return f"{_name(entry[1])} loses {'a ' + what if n == 1 else what} in {entry[4]}."
    if tag == "battle_took" and len(entry) > 2:
        return f"{_name(entry[1])} takes a hit: {label(tuple(entry[2]))}."
    return None


def _note(entry: Entry) -> str:
    tag = str(entry[0])
    told = _battle(entry)
    if told is not None:
        return told
    if tag == "vagabot" and len(entry) > 1:
        template = VAGABOT.get(str(entry[1]))
        if template is not None and template.count("{a") <= len(entry) - 1:
            return _fmt(template, entry)
        rest = ", ".join(_name(x) for x in entry[2:])
        return f"Vagabot: {str(entry[1]).replace('_', ' ')}{' ' + rest if rest else ''}."
    if tag == "service" and len(entry) > 2:  # 11.2 a Riverfolk service bought
        what = SERVICES.get(str(entry[2]), str(entry[2]).replace("_", " "))
        return f"{_name(entry[1])} buys {what} (Riverfolk service, 11.2)."
    if tag == "outcast" and len(entry) > 3:  # 10.2.5 the Outcast
        hated = ", and it is hated" if entry[3] else ""
        return f"{_name(entry[1])}'s Outcast is now {entry[2]}{hated} (10.2.5)."
    if tag == "recruit" and len(entry) > 3 and entry[3] is None:  # a bot's order: nowhere
        return f"{_name(entry[1])} has nowhere to recruit ({_capital(_name(entry[2]))} column)."
    if tag == "setup_cards" and len(entry) > 2:  # A.8.1: dealt face up
        cards = [faction_name(str(f)) + (f" (with the {str(ch).title()})" if ch else "")
                 for f, ch in entry[1]]
        locked = f"; the {faction_name(str(entry[2]))} card is locked until a militant " \
                 f"faction is chosen (A.8.1.II)" if entry[2] else ""
        return f"Setup cards in the pool: {_and(cards)}{locked}."
    if tag == "hirelings" and len(entry) > 2:  # A.6.1-A.6.2: dealt face up
        cards = [display_name(str(c)) + (" (demoted)" if d else "")
                 for c, d in zip(entry[1], entry[2], strict=False)]
        return f"Hirelings dealt (A.6.1-A.6.2): {_and(cards)}."
    if tag == "landmarks" and len(entry) > 1:  # A.5.2: dealt face up
        return f"Landmarks dealt (A.5.2): {_and([display_name(str(x)) for x in entry[1]])}."
    if tag == "suits" and len(entry) > 1:
        return "The clearings' suits, from clearing 1: " + ", ".join(map(str, entry[1])) + "."
    template = NOTES.get(tag)
    if template is not None and template.count("{a") <= len(entry):
        try:
            text = _fmt(template, entry)
            why = WHY.get(str(entry[1]), {}).get(tag) if len(entry) > 1 else None
            return text[:-1] + why + "." if why else text
        except (IndexError, TypeError):
            pass
    args = ", ".join(_name(x) for x in entry[1:])
    return f"{tag.replace('_', ' ').capitalize()}: {args}."


_ARTICLE = re.compile(r"\b([Aa]) (?=[aeiouAEIOU])")
_PLURAL = re.compile(r"\b(\d+) ([a-z]+)\(s\)")
_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_POSSESSIVE = re.compile(r"\b([A-Z][a-z]*s)'s\b")  # a name ending in s: "Dynasties'"
_FOREST = re.compile(r"\bforest (\d+(?:_\d+)+)\b")


def readable(text: str) -> str:
    """Plain English for a line: "an extortion", "1 warrior" / "2 warriors", faction
    ids as names ("the Lizard Cult's warrior"), other ids without underscores."""
    text = _PLURAL.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)
    for fid in sorted(_FACTION_IDS, key=len, reverse=True):
        if fid in text:
            text = re.sub(rf"(?<![\w-]){re.escape(fid)}(?![\w-])", faction_name(fid), text)
    text = _FOREST.sub(lambda m: "the forest between " + _and(m[1].split("_")), text)
    text = _ID.sub(lambda m: display_name(m[0]).replace("_", " "), text)
    text = _ARTICLE.sub(r"\1n ", text)  # after the names: "an Underground Duchy warrior"
    return _POSSESSIVE.sub(r"\1'", text)  # "the Eyrie Dynasties' hand"


def _line(i: int, actor: str | None, kind: str, text: str) -> dict[str, Any]:
    return {"i": i, "actor": actor, "kind": kind, "text": readable(text)}
