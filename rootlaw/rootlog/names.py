"""Rootlog's names (letters, card names, piece codes) and the engine's ids, both ways.

The facts are data (rootlaw/data/rootlog.json, from the Rootlog V2.8 specification);
card names not in its abbreviation table are the card's name in lower case without
spaces or punctuation (2 Card: "all lower case with no spaces"), e.g. ``anvil``,
``gentlyusedknapsack``, ``roottea``.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any, Final

from rootlaw.core.catalog import deck, load_json

_D: Final[dict[str, Any]] = load_json("rootlog.json")

LETTERS: Final[dict[str, str]] = dict(_D["factions"])  # letter -> faction id
LETTER_OF: Final[dict[str, str]] = {v: k for k, v in LETTERS.items()}
HIRELINGS: Final[tuple[str, ...]] = tuple(_D["hirelings"])
LANDMARKS: Final[tuple[str, ...]] = tuple(_D["landmarks"])
LANDMARK_IDS: Final[dict[str, str]] = dict(_D["landmark_ids"])  # name -> engine card id
MAPS: Final[dict[str, str]] = dict(_D["maps"])  # Rootlog name -> engine map
MAP_NAME: Final[dict[str, str]] = {v: k for k, v in MAPS.items()}
DECKS: Final[dict[str, str]] = dict(_D["decks"])
DECK_NAME: Final[dict[str, str]] = {v: k for k, v in DECKS.items()}
SUITS: Final[dict[str, str]] = dict(_D["suits"])  # letter -> engine suit
SUIT_LETTER: Final[dict[str, str]] = {v: k for k, v in SUITS.items()}
FALL_SUITS: Final[tuple[str, ...]] = tuple(_D["fall_suits"])
ITEM_LETTERS: Final[dict[str, str]] = dict(_D["items"])  # letter -> engine item
ITEM_LETTER: Final[dict[str, str]] = {v: k for k, v in ITEM_LETTERS.items()}
SUITED_NAMES: Final = frozenset(v[0] for v in _D["suited_names"].values())
PIECES: Final[dict[str, dict[str, str]]] = {f: dict(v) for f, v in _D["pieces"].items()}
DECREE: Final[dict[str, str]] = dict(_D["decree"])  # engine column -> key
DECREE_COLUMN: Final[dict[str, str]] = {v: k for k, v in DECREE.items()}
RETINUE: Final[dict[str, str]] = dict(_D["retinue"])
RETINUE_COLUMN: Final[dict[str, str]] = {v: k for k, v in RETINUE.items()}
PRICES: Final[dict[str, str]] = dict(_D["prices"])
RELATIONSHIPS: Final[dict[int, str]] = {int(k): v for k, v in _D["relationships"].items()}
RELATIONSHIP_LEVEL: Final[dict[str, int]] = {v: k for k, v in RELATIONSHIPS.items()}
MINISTERS: Final[dict[str, str]] = dict(_D["ministers"])
FACTION_CARDS: Final[dict[str, str]] = dict(_D["faction_cards"])
_ABBREV: Final[dict[str, str]] = dict(_D["abbreviations"])
_SUITED: Final[dict[str, tuple[str, str]]] = {k: (v[0], v[1])
                                              for k, v in _D["suited_names"].items()}
_SUIT_SUFFIX: Final = re.compile(r"_(bird|fox|rabbit|mouse)$")


# letter and piece_code are cached (the registry only grows: a found one never changes;
# a KeyError is not kept): the ledger asks for them for every piece after every step of a
# replay's search
@cache
def letter(faction: str) -> str:
    """The Rootlog letter of an engine faction (a bot writes as the faction it replaces,
    Rootbotics 3.2)."""
    from rootlaw.core.faction_api import FACTIONS

    fd = FACTIONS.get(faction)
    base = fd.replaces if fd is not None and fd.replaces else faction
    if base not in LETTER_OF:
        raise KeyError(faction)
    return LETTER_OF[base]


def plain(text: str) -> str:
    """A name as Rootlog writes it: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", text.lower().replace("é", "e").replace("É", "e"))


def card_code(card_id: str) -> tuple[str | None, str]:
    """(suit letter or None, Rootlog name) of any card id the engine uses."""
    return _codes()[card_id]


def card_ids(name: str) -> tuple[str, ...]:
    """Every engine id a Rootlog card name may stand for (abbreviation, full name or
    id); () if none."""
    return _by_name().get(plain(name) if name != "@" else "@", ())


@cache
def shared_names() -> frozenset[str]:
    """Card names several suits share (crossbow, roottea...): written with the suit
    glued in front when crafted (``Zbcrossbow``), as the specification does for
    ``Zffavor``."""
    seen: dict[str, set[str | None]] = {}
    for suit, name in _codes().values():
        seen.setdefault(name, set()).add(suit)
    return frozenset(n for n, suits in seen.items() if len(suits) > 1) | SUITED_NAMES


def suit_of(card_id: str) -> str | None:
    return _codes()[card_id][0]


def is_quest(card_id: str) -> bool:
    return card_id in _quests()


@cache
def _quests() -> dict[str, tuple[str, str]]:
    """Quest id -> (suit letter, name)."""
    out: dict[str, tuple[str, str]] = {}
    for q in load_json("quests.json")["quests"]:
        base = plain(q["name"]).replace("fendoffabear", "fend_off_a_bear")
        key = re.sub(r"[^a-z_]", "", _SUIT_SUFFIX.sub("", q["id"]))
        code = _D["quests"].get(key) or _D["quests"].get(base) or plain(q["name"])
        out[q["id"]] = (SUIT_LETTER[q["suit"]], code)
    return out


@cache
def _codes() -> dict[str, tuple[str | None, str]]:
    from rootlaw.factions import duchy, eyrie, hundreds, vagabond

    out: dict[str, tuple[str | None, str]] = {}
    for dname in ("standard", "exiles_partisans"):
        for cid, c in deck(dname).cards.items():
            suit = SUIT_LETTER.get(c.suit)
            if cid in _SUITED:
                out[cid] = (suit, _SUITED[cid][0])
                continue
            base = _SUIT_SUFFIX.sub("", cid)
            out[cid] = (suit, _ABBREV.get(base) or _ABBREV.get(cid) or plain(c.name))
    for qid, code in _quests().items():
        out[qid] = code
    for leader in eyrie.LEADERS:
        out[leader] = (None, plain(leader))
    for ch in vagabond.CHARACTERS:
        out[ch] = (None, plain(ch))
    for m in duchy.RANK_OF:
        out[m] = (None, MINISTERS.get(m, plain(m)))
    for mood in hundreds.MOODS:
        out[mood] = (None, plain(mood))
    for cid, short in FACTION_CARDS.items():
        out[cid] = ("B", short)  # Faithful Retainers and Loyal Viziers are bird cards
    return out


@cache
def _by_name() -> dict[str, tuple[str, ...]]:
    """Rootlog name -> engine ids: the written code, the full name, the id."""
    from rootlaw.core.options import card_name

    out: dict[str, list[str]] = {}

    def add(key: str, cid: str) -> None:
        ids = out.setdefault(key, [])
        if cid not in ids:
            ids.append(cid)

    for cid, (_, code) in _codes().items():
        add(code if code == "@" else plain(code), cid)
        add(plain(cid), cid)
        add(plain(_SUIT_SUFFIX.sub("", cid)), cid)
        full = card_name(cid)
        if full != cid.replace("_", " ").title():
            add(plain(full), cid)
    for cid, (_, code) in _quests().items():
        add(code, cid)
    return {k: tuple(v) for k, v in out.items()}


# 3 Hirelings: ``h_<X>`` types C, E, A, V, L, O, D, P, H, K (the faction each card is
# drawn from: its letter, 2 Factions), T (Highway Bandits), S (Protector), J (Band)
HIRELING_CARD: Final[dict[str, str]] = dict(_D["hireling_ids"])  # letter -> card id
HIRELING_CODE: Final[dict[str, str]] = {v: k for k, v in HIRELING_CARD.items()}


def hireling(card: str, demoted: bool) -> str:
    """3 Hirelings: the owner code of a card on one side, ``h_<X>`` (``h_<X>d`` the
    demoted side, A.6.2: the side stays for the game)."""
    return "h_" + HIRELING_CODE[card] + ("d" if demoted else "")


def hireling_card(code: str) -> tuple[str, bool]:
    """The card id and side of a code ``h_<X>[d]`` (KeyError if none)."""
    x = code.removeprefix("h_")
    return HIRELING_CARD[x[:1]], x[1:] == "d"


def is_hireling(letter: object) -> bool:
    return isinstance(letter, str) and letter.startswith("h_")


@cache
def piece_code(faction: str, kind: str) -> str:
    """The Rootlog code of an engine piece kind (``sawmill`` -> ``b_s``)."""
    from rootlaw.core.faction_api import FACTIONS

    fd = FACTIONS.get(faction)
    base = fd.replaces if fd is not None and fd.replaces else faction
    return PIECES.get(base, {})[kind]


def piece_kinds(faction: str) -> dict[str, str]:
    """Rootlog code -> engine kind, for a faction (a bot: the faction it replaces)."""
    from rootlaw.core.faction_api import FACTIONS

    fd = FACTIONS.get(faction)
    base = fd.replaces if fd is not None and fd.replaces else faction
    return {v: k for k, v in PIECES.get(base, {}).items()}
