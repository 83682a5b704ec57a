"""What one seat may know (1.2): hands are private (but a public hand, 11.2.3), hand
sizes public; the deck order and the RNG state are nobody's. ``seat=None`` gives the
public view."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rootlaw.core.landmarks import view as landmark_view
from rootlaw.core.maps import tower_at
from rootlaw.core.state import FOREST

if TYPE_CHECKING:
    from rootlaw.core.game import Game


def view(g: Game, seat: str | int | None) -> dict[str, Any]:
    me: int | None
    if seat is None:
        me = None
    elif isinstance(seat, int):
        me = seat
    else:
        me = g.seat_of(seat)
    clearings = []
    owners = range(len(g.warriors))  # the seats, then the hirelings (Appendix E)
    for c in g.clearings():
        clearings.append({
            "id": c,
            "suit": g.suits[c],
            "slots": g.slots_at(c),  # the Elder Treetop's too (Appendix F)
            "warriors": {g.owner_name(s): g.warriors[s][c] for s in owners if g.warriors[s][c]},
            "buildings": [[_owner(g, p[0]), p[1]] for p in g.buildings[c]],
            "tokens": [[_owner(g, p[0]), p[1]] for p in g.tokens[c]],
            "pawns": [g.owner_name(s) for s in owners if g.pawn[s] == c],
            "ruin_items": len(g.ruin_items[c]),  # face down: only how many (9.3.4)
            "ruler": _owner(g, g.ruler(c)),
        })
    # forests: pawns and tokens (15.2.1 relics: a face-down relic shows its type only)
    forests = [{"id": f, "pawns": [g.owner_name(s) for s in owners if g.pawn[s] == FOREST + i],
                "tokens": [[_owner(g, p[0]), p[1]] for p in g.forest_tokens[i]]}
               for i, (f, _) in enumerate(g.board.forests)]
    players = {}
    for s, f in enumerate(g.factions):
        p: dict[str, Any] = {
            "seat": s,
            "score": g.vp[s],
            "hand_size": len(g.hands[s]),
            "dominance": g.dominance[s],
            "items": list(g.items[s]),
            "items_exhausted": list(g.cards.exhausted[s]),  # League of Adventurous Mice
            "warriors_on_coffin_makers": g.cards.coffins[s],
            "play_area": list(g.played[s]),
            "warriors_in_supply": g.warrior_supply(s),
            "faction": g.fdefs[s].view(g, s, me),
        }
        if s == me or g.fdefs[s].public_hand:  # 11.2.3 Public Hand
            p["hand"] = list(g.hands[s])
            if s in g.peeks:  # Codebreakers: hands this seat has looked at
                p["seen_hands"] = {g.factions[t]: list(h) for t, h in g.peeks[s].items()}
        players[f] = p
    d = g.decision
    b = g.board
    burrow = None
    k = b.burrow
    if k:  # 12.2.2 the Burrow: off the map, beside it
        burrow = {"id": k, "adjacent": list(g.adjacent(k)), "ruler": _owner(g, g.ruler(k)),
                  "warriors": {g.factions[s]: g.warriors[s][k]
                               for s in range(len(g.factions)) if g.warriors[s][k]}}
    return {
        "map": b.name,
        # Appendix C: the Ferry's clearing (C.2.5), the closed paths still on the map
        # (C.3.2), the Pass (C.3.4); the suits are each clearing's (A.1, public)
        "ferry": g.ferry or None,
        "closed_paths": [list(p) for p in g.closed],
        "the_pass": tower_at(g) or None,
        "coastal": list(b.coastal),
        "turn": g.turn_no,
        "turn_player": g.factions[g.turn_seat] if g.turn_no else None,
        "phase": g.phase,
        "factions": list(g.factions),
        "you": g.factions[me] if me is not None else None,
        "clearings": clearings,
        "burrow": burrow,
        "forests": forests,
        "quests": list(g.quests),
        "quest_deck_size": len(g.quest_deck),
        "coalitions": {g.factions[v]: g.factions[p] for v, p in enumerate(g.coalition) if p >= 0},
        "removed_items": list(g.removed_items),
        "players": players,
        "deck_size": len(g.deck),
        "discard": list(g.discard),
        "available_dominance": list(g.available),
        "item_supply": dict(g.supply),
        "decision": None if d is None else d.to_dict(with_options=(me is not None
                                                                   and d.seat == g.factions[me])),
        "winners": list(g.won),
        "win_reason": g.win_reason,
        # the rule set (DESIGN.md: the Law, or a variant such as the prototype), its score
        "rules": g.ruleset.id,
        "win_score": g.ruleset.win_score,
        "advanced_setup": _advanced(g),
        # Appendix F: the landmarks, their clearings and cards (the Black Market's face
        # down: only how many); None without landmark cards
        "landmarks": landmark_view(g),
        "hirelings": _hirelings(g),
    }


def _advanced(g: Game) -> dict[str, Any] | None:
    """Appendix A, all face up: the first player (A.4), the setup cards left in the pool
    with the characters dealt beside them and the locked one (A.8.1), homelands (A.8.2)."""
    a = g.adv
    if a is None:
        return None
    return {
        "first_player": g.factions[a.first],
        "drafting": a.drafting,
        "pool": [{"faction": f, "character": ch or None, "locked": f == a.locked}
                 for f, ch in a.pool],
        "homelands": {g.factions[s]: list(h) for s, h in enumerate(a.homelands) if h},
    }


def _owner(g: Game, s: int | None) -> str | None:
    if s is None:
        return None
    return g.owner_name(s)  # a seat's faction, a hireling's card, or the ruins


def _hirelings(g: Game) -> dict[str, Any] | None:
    """Appendix E, all public: each card in play (its side, controller, control markers,
    pieces off the map), the hiring markers on the score track (A.6.4) and below each
    player's Evening, flipped or still to hire with (E.1.1)."""
    hire = g.hire
    if hire is None:
        return None
    from rootlaw.core.hire import describe

    return {
        "cards": describe(g),
        "markers_on_track": list(hire.track),
        "markers_held": {g.factions[s]: n for s, n in enumerate(hire.held) if n},
        "markers_to_hire": {g.factions[s]: n for s, n in enumerate(hire.pending) if n},
    }
