"""Colours a deuteranope tells apart (issue 56): the web board's faction, hireling and
suit colours (board.js, site.css) and the terminal's (tui.py), passed through Machado,
Oliveira and Fernandes' (2009) deuteranopia matrix (severity 1, linear RGB), then
compared in CIELAB (CIE76 delta E, D65). The pairs the issue saw: the Rat Smugglers and
the Duchy, the Bandit Gangs and the Automated Alliance (a hireling takes any of the three
hireling colours), fox and mouse clearings. Hirelings' pieces also stand on a dashed
disc (board.js markHired): a pattern as well as colour."""
from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

from rootlaw import tui

WEB = Path(__file__).parent.parent.parent / "rootlaw" / "web" / "static"
MACHADO = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
           (-0.011820, 0.042940, 0.968881))
APART = 20.0  # delta E: colours plainly told apart


def _linear(h: str) -> tuple[float, ...]:
    rgb = [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)


def _deuteranope(lin: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True))))
                 for row in MACHADO)


def _lab(lin: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = lin
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               0.0193 * r + 0.1192 * g + 0.9505 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta(a: str, b: str, deuteranope: bool = True) -> float:
    sim = _deuteranope if deuteranope else (lambda c: c)
    la, lb = _lab(sim(_linear(a))), _lab(sim(_linear(b)))
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def web_colours() -> tuple[dict[str, str], list[str], dict[str, str]]:
    js = (WEB / "js" / "board.js").read_text(encoding="utf-8")
    base = dict(re.findall(r'(\w+): "(#[0-9a-f]{6})"',
                           js[js.index("const BASE_COLORS"):js.index("const SPARE")]))
    hired = re.findall(r'"(#[0-9a-f]{6})"', js.split("const HIRELING_COLORS")[1].split("\n")[0])
    css = (WEB / "css" / "site.css").read_text(encoding="utf-8")
    suits = {s: re.search(rf"--{s}: (#[0-9a-f]{{6}})", css)[1]  # type: ignore[index]
             for s in ("fox", "rabbit", "mouse")}
    return base, hired, suits


def test_the_matrix_sees_what_a_deuteranope_sees() -> None:
    """Red and green, far apart to most eyes, nearly meet; blue and yellow stay apart."""
    assert delta("#d9762b", "#3c9a4a", False) > 60 > delta("#b07d4f", "#3c9a4a")
    assert delta("#b07d4f", "#3c9a4a") < 6  # the old hireling brown and the Alliance
    assert delta("#2f6db3", "#c9b91c") > 40


def test_hirelings_are_apart_from_every_faction_and_suit() -> None:
    base, hired, suits = web_colours()
    assert len(hired) == 3
    close = [(h, f, round(delta(h, c), 1)) for h in hired for f, c in
             [*base.items(), *suits.items()] if min(delta(h, c), delta(h, c, False)) < APART]
    assert not close, close
    assert all(delta(a, b) >= APART for a, b in combinations(hired, 2))
    for pair in (("duchy", hired), ("alliance", hired)):  # Rat Smugglers, Bandit Gangs
        assert all(delta(base[pair[0]], h) >= APART for h in pair[1]), pair
    terminal = [f for f, c in tui.COLORS.items() if delta(tui.HIRELING_COLOR, c) < APART]
    assert not terminal, terminal


def test_the_suits_are_apart_under_deuteranopia() -> None:
    _, _, suits = web_colours()
    for a, b in combinations(suits, 2):
        assert delta(suits[a], suits[b]) >= 25, (a, b, delta(suits[a], suits[b]))


def test_hireling_pieces_have_a_pattern_as_well() -> None:
    js = (WEB / "js" / "board.js").read_text(encoding="utf-8")
    assert "markHired(root, view);" in js and "hired-ring" in js
    css = (WEB / "css" / "site.css").read_text(encoding="utf-8")
    assert re.search(r"\.hired-ring \{[^}]*stroke-dasharray", css)
