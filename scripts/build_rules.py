#!/usr/bin/env python3
"""Convert the seed rule texts into structured JSON books for the rules reference.

    python scripts/build_rules.py [--seeds ../shared/seeds] [--out rootlaw/data/rules] [--check]

Every book is a tree of nodes (chapter > section > rule > sub-rule, plus
unnumbered paragraphs and tables). Text keeps the seed's light markup
(``**bold**``, ``*italic*``) plus two tokens of ours: ``[[icon]]`` where the
seed lost an icon we cannot restore, and ``[[item:NAME]]`` / ``[[item:NAME:N]]``
where we restore an item from rootlaw/data (items.json,
vagabond_characters.json). Every repair is listed in the book's ``repairs``.
``--check`` exits 1 if the shipped JSON differs from a fresh conversion.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "rootlaw" / "data"
Node = dict[str, Any]

ROMAN = r"(?:X{0,3})(?:IX|IV|V?I{0,3})"
FACTION_MARKS = "🐿♠♣♥♡♢🏠🌊🍎☒"
TRAILING_MARKS = re.compile(rf"[\s{FACTION_MARKS}]*[{FACTION_MARKS}][\s{FACTION_MARKS}]*$")
SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to",
               "with", "from", "into", "de"}


# ---------------------------------------------------------------- helpers

def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def titlecase(text: str) -> str:
    """'RULES CONFLICTS' -> 'Rules Conflicts' (small words stay lower)."""
    if text != text.upper():
        return text
    words = text.lower().split(" ")
    out: list[str] = []
    for i, w in enumerate(words):
        if i and w in SMALL_WORDS and not out[-1].endswith(":"):
            out.append(w)
        else:
            out.append(re.sub(r"[a-z]", lambda m: m[0].upper(), w, count=1))
    return " ".join(out)


def split_title(rest: str) -> tuple[str, str]:
    """'**Cost.** To craft...' -> ('Cost', 'To craft...'); handles '**X**.' and '**X** (icon).'."""
    m = re.match(r"^\*\*(.+?)\*\*(.*)$", rest)
    if not m:
        return "", rest.strip()
    title, after = m.group(1).strip(), m.group(2)
    paren = re.match(r"^\s*(\([^)]*\))\s*\.?\s*(.*)$", after)
    if paren and not title.endswith("."):
        label = paren.group(1)
        title += " " + ("([[icon]])" if label.strip("() ") == "" else label)
        after = paren.group(2)
    title = title.rstrip(".").strip()
    return title, after.lstrip(". ").strip() if after.startswith(".") else after.strip()


def balance_italics(text: str) -> str:
    """Close an italic span left open by a page-break join, before the final ')'."""
    singles = len(re.findall(r"(?<!\*)\*(?!\*)", text))
    if singles % 2 == 0:
        return text
    return text[:-1] + "*)" if text.endswith(")") else text + "*"


def join_continuation(prev: str, nxt: str) -> str:
    """Join a paragraph split by a page break in the seed."""
    if prev.endswith("-*") and nxt[:1].islower():          # '(*Play-*' + 'ers can ...'
        return balance_italics(prev[:-2] + nxt)
    if prev.endswith("*") and not prev.endswith("**") and nxt.endswith(")") and "*" not in nxt:
        return prev[:-1] + " " + nxt[:-1] + "*)"          # '(*The*' + 'buyer ... posts.)'
    if re.search(r"[a-z]-$", prev) and nxt[:1].islower():   # 'con-' + 'trol'
        return prev[:-1] + nxt
    return prev + " " + nxt


def ends_sentence(text: str) -> bool:
    return bool(re.search(r"[.!?:)\]”\"*]$", text.rstrip()))


class Repairs:
    """Records every change we make to the seed text, for the book's notes."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def sub(self, pattern: str, repl: str | Callable[[re.Match[str]], str], text: str,
            why: str, flags: int = 0) -> str:
        new, n = re.subn(pattern, repl, text, flags=flags)
        if n and why not in self.items:
            self.items.append(why)
        return new


# ---------------------------------------------------------------- icons and items

def load_items() -> tuple[dict[str, int], list[str], dict[str, list[str]]]:
    items = json.loads((DATA / "items.json").read_text())
    chars = json.loads((DATA / "vagabond_characters.json").read_text())
    starting = {c["name"].upper(): c["starting_items"] for c in chars["characters"]}
    return items["craftable_supply"], items["ruin_items"], starting


def mark_lost_icons(text: str, rep: Repairs) -> str:
    """Put [[icon]] where the seed shows the hole an icon left behind."""
    why = "Icons lost in the source text are shown as [[icon]] placeholders."
    text = rep.sub(r"\(\s*\)", "([[icon]])", text, why)
    text = rep.sub(rf"(?<=\S)\s*[{FACTION_MARKS}](?=[\s,.)])", " [[icon]]", text, why)

    def run(m: re.Match[str]) -> str:
        commas = m.group(1).count(",")
        out = ", ".join(["[[icon]]"] * commas) + ","
        if m.group(2):
            out += f" {m.group(2)} [[icon]]"
        return out + m.group(3)

    text = rep.sub(r"(?<=[\s(])((?:, ?){1,5}?,?)\s?(and|or)?( (?=\w)|(?=[.)]))",
                   lambda m: run(m) if "," in m.group(1) else m.group(0), text, why)
    text = rep.sub(r"\[\[icon\]\],(?=\))", "[[icon]], [[icon]]", text, why)
    text = rep.sub(r"(?<=[a-z])  (?=[a-z(])", " [[icon]] ", text, why)
    text = rep.sub(r"(?<=[a-z]) (?=\.\s|\.$)", " [[icon]]", text, why)
    text = rep.sub(r"(?<=\*)  (?=\*)", " [[icon]] ", text, why)
    text = rep.sub(r"\b([Ee]xhaust one|exhaust an extra) (?=to\b)", r"\1 [[icon]] ", text, why)
    return text


# ---------------------------------------------------------------- tree building

class Builder:
    """Collects nodes into a tree by rule number (or explicit level for unnumbered nodes)."""

    def __init__(self) -> None:
        self.chapters: list[Node] = []
        self.by_anchor: dict[str, Node] = {}
        self.stack: list[Node] = []          # current chapter, section, rule, sub-rule ...
        self.last_para: Node | None = None   # the node a continuation line would join

    def _register(self, node: Node) -> None:
        anchor = node.get("anchor")
        if anchor:
            if anchor in self.by_anchor:
                base, i = anchor, 2
                while f"{base}-{i}" in self.by_anchor:
                    i += 1
                anchor = node["anchor"] = f"{base}-{i}"
            self.by_anchor[anchor] = node

    def chapter(self, anchor: str, number: str | None, title: str, **extra: Any) -> Node:
        node: Node = {"kind": "chapter", "anchor": anchor, "number": number, "title": title,
                      "children": [], **extra}
        self._register(node)
        self.chapters.append(node)
        self.stack = [node]
        self.last_para = None
        return node

    def section(self, anchor: str, number: str | None, title: str, **extra: Any) -> Node:
        node: Node = {"kind": "section", "anchor": anchor, "number": number, "title": title,
                      "children": [], **extra}
        self._register(node)
        self.stack[0]["children"].append(node)
        self.stack = [self.stack[0], node]
        self.last_para = None
        return node

    def rule(self, number: str, title: str, text: str, parent: Node | None = None,
             **extra: Any) -> Node:
        """Add a numbered rule under `parent`, or under its longest existing numbered prefix."""
        node: Node = {"kind": "rule", "anchor": number, "number": number, "title": title,
                      "text": text, "children": [], **extra}
        if parent is None:
            parent = self.find_parent(number)
        self._register(node)
        parent["children"].append(node)
        depth = self.stack.index(parent) + 1 if parent in self.stack else len(self.stack)
        self.stack = self.stack[:depth] + [node]
        self.last_para = node
        return node

    def find_parent(self, number: str) -> Node:
        parts = number.split(".")
        while len(parts) > 1:
            parts = parts[:-1]
            found = self.by_anchor.get(".".join(parts))
            if found is not None:
                return found
        return self.stack[-1]

    def para(self, text: str, anchor: str | None = None, number: str | None = None,
             container: Node | None = None) -> Node:
        node: Node = {"kind": "p", "text": text}
        if anchor:
            node["anchor"] = anchor
            node["number"] = number
            self._register(node)
        (container or self.stack[-1])["children"].append(node)
        self.last_para = node
        return node

    def table(self, rows: list[list[str]], caption: str | None) -> None:
        node: Node = {"kind": "table", "caption": caption, "rows": rows}
        self.stack[-1]["children"].append(node)
        self.last_para = None

    def continue_last(self, text: str) -> bool:
        """Join `text` to the last paragraph if that paragraph was cut mid-sentence."""
        last = self.last_para
        if last is None or not last.get("text"):
            return False
        if ends_sentence(last["text"]) and not text[:1].islower():
            return False
        last["text"] = join_continuation(last["text"], text)
        return True


def table_rows(lines: list[str]) -> tuple[str | None, list[list[str]]]:
    rows = [[c.strip() for c in line.split("\t")] for line in lines]
    rows = [r[: max(i for i, c in enumerate(r) if c) + 1] for r in rows if any(r)]
    caption = None
    if rows and len(rows[0]) == 1:
        caption = rows.pop(0)[0]
    return caption, rows


def blocks(lines: list[str]) -> Iterator[tuple[str, list[str]]]:
    """Yield ('line', [text]) for ordinary lines and ('table', [rows...]) for tab runs."""
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if "\t" in lines[i]:
            j = i
            run: list[str] = []
            while j < len(lines) and ("\t" in lines[j] or (not lines[j].strip() and j + 1 < len(
                    lines) and "\t" in lines[j + 1] and len(run) < 2)):
                if lines[j].strip():
                    run.append(lines[j].rstrip("\n"))
                j += 1
            yield "table", run
            i = j
            continue
        if line.strip():
            yield "line", [line]
        i += 1


# ---------------------------------------------------------------- the Law (and Rootbotics) grammar

RULE_RE = re.compile(
    r"^\s*(?:-\s+)?(?P<num>(?:\d{1,2}|[A-G])(?:\.\d{1,2}){2,3})\s+(?P<rest>\*\*.*)$")
SUB_RE = re.compile(rf"^\s*(?:-\s+)?(?P<num>{ROMAN}|[a-z]|\d)\s+(?P<rest>\*\*.*)$")
SECTION_RE = re.compile(
    r"^(?P<num>(?:\d{1,2}|[A-G])\.\d{1,2})\s+(?P<title>[A-Z0-9][A-Z0-9 :,'’&()/-]+)$")
CHAPTER_RE = re.compile(r"^(?P<num>\d{1,2}|[A-G])\.\s+(?P<title>[A-Z][^\t]+)$")


def clean_heading(title: str) -> tuple[str, bool]:
    marked = bool(TRAILING_MARKS.search(title))
    return TRAILING_MARKS.sub("", title).strip(), marked


def strip_marks(text: str) -> tuple[str, bool]:
    if TRAILING_MARKS.search(text):
        return TRAILING_MARKS.sub("", text).rstrip(), True
    return text, False


class LawParser:
    """Numbered rule grammar shared by the Law and (with markdown headings) Rootbotics."""

    def __init__(self, b: Builder, rep: Repairs, fix: Callable[[str], str]) -> None:
        self.b, self.rep, self.fix = b, rep, fix
        self.last_rule: Node | None = None      # depth-3 rule, parent of I, II ...
        self.last_roman: Node | None = None     # parent of a, b ...

    def add_rule(self, num: str, rest: str) -> None:
        title, text = split_title(rest)
        text, marked = strip_marks(self.fix(text))
        extra: dict[str, Any] = {"marked": True} if marked else {}
        self.last_rule = self.b.rule(num, self.fix(title), text, **extra)
        self.last_roman = None

    def add_sub(self, num: str, rest: str) -> None:
        parent = self.last_roman if num.islower() and self.last_roman else self.last_rule
        if parent is None:  # a list right under a numbered section (Rootbotics 7.5)
            parent = next(n for n in reversed(self.b.stack) if n["kind"] == "section")
        if num.islower():
            anchor = parent["anchor"] + num
        else:
            anchor = f"{parent['anchor']}.{num}"
        title, text = split_title(rest)
        text, marked = strip_marks(self.fix(text))
        extra: dict[str, Any] = {"marked": True} if marked else {}
        node = self.b.rule(anchor, self.fix(title), text, parent=parent, **extra)
        node["kind"] = "subrule"
        if not num.islower():
            self.last_roman = node

    def line(self, line: str) -> bool:
        """Handle a rule or sub-rule line; return False if it is neither."""
        if m := RULE_RE.match(line):
            self.add_rule(m["num"], m["rest"])
            return True
        if (m := SUB_RE.match(line)) and (self.last_rule is not None
                                          or self.b.stack[-1].get("number")):
            self.add_sub(m["num"], m["rest"])
            return True
        return False

    def text(self, line: str) -> None:
        text = self.fix(line.strip().lstrip("- ").strip() if line.strip().startswith("- ")
                        else line.strip())
        if not self.b.continue_last(text):
            text, marked = strip_marks(text)
            node = self.b.para(text)
            if marked:
                node["marked"] = True


def region(lines: list[str], start: str, end: str | None) -> list[str]:
    def at(line: str, marker: str) -> bool:
        return line.startswith(marker) and "\t" not in line   # skip the table of contents

    i = next(k for k, line in enumerate(lines) if at(line, start))
    j = len(lines) if end is None else next(
        k for k, line in enumerate(lines) if k > i and at(line, end))
    return lines[i:j]


def parse_law(text: str, rep: Repairs) -> list[Node]:
    supply, ruin_items, starting = load_items()
    lines = text.splitlines()
    b = Builder()

    def fix(s: str) -> str:
        s = rep.sub(r"2 , 2 , 1 , 1 , 2 , 2 \.",
                    ", ".join(f"[[item:{k}:{v}]]" for k, v in supply.items()) + ".", s,
                    "5.1.5: the item supply (icons lost in the source) is filled in from "
                    "rootlaw/data/items.json.")
        s = rep.sub(r"take the , , , and items marked",
                    "take the " + ", ".join(f"[[item:{i}]]" for i in ruin_items[:-1])
                    + f", and [[item:{ruin_items[-1]}]] items marked", s,
                    "9.3.4: the four ruin items (icons lost) are filled in from items.json.")
        if re.search(r"Exhaust (one|a) \[Card\]", s):
            s = rep.sub(r"(Exhaust one|Exhaust a|with the|\. The) \[Card\]",
                        r"\1 [[item:torch]]", s,
                        "Appendix D: '[Card]' in 'exhaust a [Card]' (and 'the [Card]' after it) "
                        "is the special-action item, the torch (vagabond_characters.json).")
        s = rep.sub(r"\[(Sword)\]", "[[item:sword]]", s,
                    "Appendix D: '[Sword]' is shown as the sword item.")
        s = rep.sub(r"\[(Card|Shield|Potion|Key)\]", "[[icon]]", s,
                    "Appendix D: other bracketed placeholders are shown as [[icon]].")
        return mark_lost_icons(s, rep)

    p = LawParser(b, rep, fix)

    # Preface: "Reading the Law" with its Q&A.
    ch = b.chapter("reading-the-law", None, "Reading the Law")
    for _, blk in blocks(region(lines, "Reading the Law", "1. Golden Rules")[1:]):
        line = blk[0].strip()
        if m := re.match(r"^(Q\d+)\.\s+(.*)$", line):
            b.rule(m[1], "", fix(m[2]), parent=ch)["kind"] = "question"
        elif m := re.match(r"^(A\d+)\.\s+(.*)$", line):
            b.para(fix(m[2]))
        else:
            b.para(fix(line), container=ch)

    # Body: chapters 1-15 and appendices A-G.
    body = region(lines, "1. Golden Rules", "- Ambush cards, 2.1.2")
    pending_note: list[str] = []
    carried: list[str] = []
    for kind, blk in blocks(body):
        if kind == "table":
            caption, rows = table_rows(blk)
            b.table(rows, caption)
            continue
        line = blk[0]
        stripped = line.strip()
        if stripped in {"APPENDICES", "INDEX"}:
            continue
        if re.match(r"^\*?The next two sections refer to", stripped) or pending_note:
            pending_note.append(stripped)         # belongs to the next chapter
            if not ends_sentence(stripped):
                continue
            stripped = line = " ".join(pending_note)
            pending_note.clear()
            carried.append(fix(stripped))
            continue
        if m := CHAPTER_RE.match(stripped):
            title, marked = clean_heading(m["title"])
            extra: dict[str, Any] = {"marked": True} if marked else {}
            b.chapter(m["num"], m["num"], title, **extra)
            p.last_rule = p.last_roman = None
            while carried:
                b.para(carried.pop(0))
        elif m := SECTION_RE.match(stripped):
            b.section(m["num"], m["num"], titlecase(m["title"]))
            p.last_rule = p.last_roman = None
        elif not p.line(line):
            p.text(line)

    # Appendix D: every character shows the same placeholders; use the data instead.
    for node in list(b.by_anchor.values()):
        if re.fullmatch(r"D\.\d+\.1", node.get("number") or ""):
            name = b.by_anchor[node["number"].rsplit(".", 1)[0]]["title"].upper()
            node["text"] = "Start with " + ", ".join(
                f"[[item:{i}]]" for i in starting[name]) + "."
    rep.items.append("D.x.1: the source shows the same placeholder icons for every character; "
                     "each character's starting items come from vagabond_characters.json.")

    # Index, with its references (linked when rendered).
    idx = b.chapter("index", None, "Index", index=[])
    entries: list[dict[str, Any]] = idx["index"]
    for raw in region(lines, "- Ambush cards, 2.1.2", "Cole dedicates"):
        if not raw.strip():
            continue
        nested = raw.startswith(" -") or (raw.startswith("- ") and entries
                                           and entries[-1].get("bare"))
        entry_text = raw.strip().lstrip("- ").strip()
        if nested and entries:
            entries[-1]["children"].append(entry_text)
        else:
            entries.append({"text": entry_text, "children": [], "bare": not raw.startswith("-")})
    for e in entries:
        e.pop("bare")

    # Credits and the Key References summary on the back cover.
    cred = b.chapter("credits", None, "Credits")
    for _, blk in blocks(region(lines, "Cole dedicates", "Key References")):
        line = blk[0].strip()
        if line == "CREDITS":
            continue
        b.para(f"**{titlecase(line)}**" if line.isupper() else line, container=cred)
    b.chapter("key-references", None, "Key References")
    for _, blk in blocks(region(lines, "Key References", None)[1:]):
        line = blk[0].strip()
        if m := re.match(r"^([A-Z][A-Z ]+) \((\d\.\d)\)$", line):
            b.section(f"key-{slugify(m[1])}", None, f"{titlecase(m[1])} ({m[2]})")
        else:
            b.para(fix(line))
    return b.chapters


# ---------------------------------------------------------------- Rootbotics

def parse_rootbotics(text: str, rep: Repairs) -> list[Node]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# 1."))
    b = Builder()

    def fix(s: str) -> str:
        return mark_lost_icons(s, rep)

    p = LawParser(b, rep, fix)
    board_started = False
    for kind, blk in blocks(lines[start:]):
        if kind == "table":
            caption, rows = table_rows(blk)
            b.table(rows, caption)
            continue
        line = blk[0]
        stripped = line.strip()
        if stripped == "Bag crafted by the Marquise.":   # caption of a lost figure
            continue
        if stripped in {"Fall", "Winter", "Lake", "Mountain"}:
            note = ("3.1: the four priority charts were lost (only their captions remain); "
                    "the map randomizer draws them (see the link in 3.1).")
            if note not in rep.items:
                rep.items.append(note)
            continue
        if stripped == "Daylight Actions" and not board_started:
            board_started = True
            b.section("vagabot-board", None, "Vagabot Faction Board")
            rep.items.append("The Vagabot board summary at the end is kept under a heading of "
                             "ours ('Vagabot Faction Board'); its suit icons were lost.")
        if m := re.match(r"^(#+)\s+(.*)$", stripped):
            level, title = len(m[1]), m[2].strip()
            if n := re.match(r"^(\d+)\.\s+(.*)$", title):
                b.chapter(n[1], n[1], n[2])
            elif n := re.match(r"^(\d+\.\d+)\s+(.*)$", title):
                b.section(n[1], n[1], titlecase(n[2]))
            elif level == 1:
                b.chapter(slugify(title), None, title)
            else:
                b.section(slugify(title), None, title)
            p.last_rule = p.last_roman = None
        elif board_started and stripped in {"Daylight Actions", "Combat Track", "Satchel",
                                            "Damaged"}:
            b.para(f"**{stripped}**")
        elif not p.line(line):
            p.text(line)
    # Drop figure-only sections (e.g. "Order Card") whose content was an image.
    for ch in b.chapters:
        ch["children"] = [c for c in ch["children"]
                          if c["kind"] != "section" or c["children"] or c.get("number")]
    return b.chapters


# ---------------------------------------------------------------- Crusader

CRUSADER_CHAPTERS = {"BK": "Borough Kings", "HOL": "Host of Light", "SOM": "Spinners of Mercy",
                     "VW": "Vile Wyrm"}


def parse_crusader(text: str, rep: Repairs) -> list[Node]:
    lines = [line.strip() for line in text.splitlines()]
    b = Builder()

    def fix(s: str) -> str:
        s = rep.sub(r"\s?\?(?=[A-Z])", " ", s, "Stray '?' characters between sentences "
                    "(an extraction artefact) are removed.")
        s = rep.sub(r"(?<=[.)] )en (?=place|proceed)", "Then ", s,
                    "'en place'/'en proceed' (a lost 'Th' ligature) are restored to 'Then'.")
        return s

    i = 0
    last_rule: Node | None = None
    while i < len(lines):
        line = lines[i]
        if m := re.match(r"^(BK|HOL|SOM|VW)\.(\d+) ([A-Z ]+)$", line):
            prefix = m[1]
            if not b.chapters or b.chapters[-1]["anchor"] != prefix:
                b.chapter(prefix, prefix, CRUSADER_CHAPTERS[prefix])
            b.section(f"{prefix}.{m[2]}", f"{prefix}.{m[2]}", titlecase(m[3]))
            last_rule = None
        elif (m := re.match(rf"^((?:BK|HOL|SOM|VW)(?:\.\d+){{2}}|{ROMAN})$", line)) and line:
            num = m[1]
            title = lines[i + 1].rstrip(".")
            body: list[str] = []
            j = i + 2
            while j < len(lines) and lines[j] and not re.match(
                    rf"^((?:BK|HOL|SOM|VW)\.\d+.*|{ROMAN})$", lines[j]):
                body.append(lines[j])
                j += 1
            text_ = fix(" ".join(body))
            if num[0].isupper() and "." not in num and last_rule is not None:
                node = b.rule(f"{last_rule['anchor']}.{num}", fix(title), text_, parent=last_rule)
                node["kind"] = "subrule"
            else:
                last_rule = b.rule(num, fix(title), text_)
            i = j
            continue
        elif line and b.chapters:
            if not b.continue_last(fix(line)):
                b.para(fix(line))
        i += 1
    return b.chapters


# ---------------------------------------------------------------- the prototype

PROTO_CHAPTERS = ["Introduction", "Setup", "Golden Rules", "Key Terms", "Key Concepts",
                  "Goal and Play", "Marquise de Cat", "The Eyrie Dynasties",
                  "Woodland Alliance", "Vagabond"]
ITEM_NAMES = {"bag": "bag", "boot": "boots", "hammer": "hammer", "sword": "sword",
              "torch": "torch", "coin": "coins", "crossbow": "crossbow"}


def is_proto_heading(line: str, nxt: str) -> bool:
    if len(line) > 60 or re.search(r"[.:!?,)>]$", line) or line.startswith(("●", "<")):
        return False
    if not (line[0].isupper() or line[0].isdigit()) or "<" in line:
        return False
    return not (nxt[:1].islower() or nxt.startswith("<"))


def parse_prototype(text: str, rep: Repairs) -> list[Node]:
    lines = [line.strip() for line in text.splitlines()]
    start = lines.index("Introduction")
    lines = lines[start:]
    b = Builder()

    def fix(s: str) -> str:
        return rep.sub(r"<(\w+)>", lambda m: f"[[item:{ITEM_NAMES[m[1].lower()]}]]"
                       if m[1].lower() in ITEM_NAMES else m[0], s,
                       "Item placeholders such as <sword> are shown as item icons.")

    rep.items.append("The prototype is unnumbered; chapter, section and paragraph numbers are "
                     "ours, for linking.")
    text_lines = [x for x in lines if x]
    counts: dict[str, int] = {}      # children numbered so far, per chapter or section

    def next_number(holder: Node) -> str:
        counts[holder["anchor"]] = counts.get(holder["anchor"], 0) + 1
        return f"{holder['number']}.{counts[holder['anchor']]}"

    k = 0
    while k < len(text_lines):
        line = text_lines[k]
        nxt = text_lines[k + 1] if k + 1 < len(text_lines) else ""
        if line.startswith("Gift Give any number"):
            text_lines[k:k + 1] = ["Gift", line[5:]]
            rep.items.append("'Gift Give any number...' is split into the heading 'Gift' and "
                             "its text (a lost line break).")
            continue
        if line.startswith("Retreating Warriors"):
            b.table([["Retreating Warriors", *line.split()[2:]], nxt.split()], None)
            k += 2
            continue
        if line in PROTO_CHAPTERS and (line != "Vagabond" or nxt == "Victory Points"):
            num = str(len(b.chapters) + 1)
            b.chapter(num, num, line)
        elif is_proto_heading(line, nxt):
            num = next_number(b.stack[0])
            b.section(num, num, re.sub(r"^\d\.\s+", "", line))
        elif b.last_para is not None and not ends_sentence(b.last_para["text"]) \
                and (line[:1].islower() or line.startswith("<")):
            b.continue_last(fix(line))
        else:
            holder = b.stack[1] if len(b.stack) > 1 and b.stack[1]["kind"] == "section" \
                else b.stack[0]
            title, body = "", fix(line)
            if m := re.match(r"^((?:[A-Z][\w’'-]*)(?: (?:[A-Z][\w’'-]*|of|the|as|a|an|and|in"
                             r"|to|for|with|on|de))*)\. (.+)$", line):
                if len(m[1].split()) <= 5:
                    title, body = m[1], fix(m[2])
            b.rule(next_number(holder), title, body, parent=holder)
        k += 1
    return b.chapters


# ---------------------------------------------------------------- glossary and defined terms

def iter_nodes(nodes: list[Node]) -> Iterator[Node]:
    for n in nodes:
        yield n
        yield from iter_nodes(n.get("children", []))


def plain(text: str) -> str:
    text = re.sub(r"\[\[item:(\w+):(\d+)\]\]", r"\2 \1", text)
    text = re.sub(r"\[\[item:(\w+)\]\]", r"\1", text)
    text = text.replace("[[icon]]", "▢")
    return re.sub(r"\*+", "", text)


def term_key(term: str) -> str:
    t = term.lower().strip()
    if t.endswith("ies") and len(t) > 5:
        return t[:-3] + "y"
    if t.endswith("s") and not t.endswith("ss") and len(t) > 4:
        return t[:-1]
    return t


SMALL_CAPS = re.compile(r"\b[A-Z]{2,}(?:[’'][A-Z]+)?(?: (?:OF |A |AND )?[A-Z]{2,})*\b")
NOT_TERMS = {"II", "III", "IV", "VI", "VII", "VIII", "IX", "XX", "OR", "AND", "VP", "R", "S",
             "PNP", "D", "BK", "HOL", "SOM", "VW", "WYRM"}


def glossary_entries(chapters: list[Node], href_prefix: str) -> list[dict[str, str]]:
    """Glossary terms of a book: the Law's Appendix G, or the prototype's Key Terms sections."""
    out = []
    for node in iter_nodes(chapters):
        num = node.get("number") or ""
        if num.startswith("G.1.") and node.get("title"):
            out.append({"term": node["title"], "href": f"{href_prefix}#{node['anchor']}",
                        "definition": plain(node.get("text", ""))})
    return out


def defined_terms(chapters: list[Node], skip: set[str]) -> dict[str, dict[str, str]]:
    """SMALL CAPS terms (the Law: 'Text in SMALL CAPITALS defines key terms') -> first use."""
    terms: dict[str, dict[str, str]] = {}
    for ch in chapters:
        if ch["anchor"] in skip:
            continue
        for node in iter_nodes([ch]):
            anchor, text = node.get("anchor"), node.get("text") or ""
            if not anchor or node["kind"] not in {"rule", "subrule", "section", "chapter"}:
                continue
            texts = [text] + [c.get("text", "") for c in node.get("children", [])
                              if c["kind"] == "p"]
            for t in texts:
                for m in SMALL_CAPS.finditer(re.sub(r"\[\[[^\]]*\]\]", "", t)):
                    word = m.group(0)
                    if word in NOT_TERMS or len(word) < 3:
                        continue
                    key = term_key(word)
                    if key not in terms:
                        terms[key] = {"href": f"#{anchor}", "label": word,
                                      "definition": plain(t)[:300]}
    return terms


# ---------------------------------------------------------------- books

BOOKS: list[dict[str, Any]] = [
    {"id": "law", "seed": "000_de5281f8c56a62ad.txt", "parse": parse_law,
     "title": "The Law of Root", "short": "Law of Root", "publisher": "Leder Games",
     "attribution": "The Law of Root, the rules reference of Root: A Game of Woodland Might "
                    "and Right, © Leder Games. Game design by Cole Wehrle, illustration by "
                    "Kyle Ferrin (credits in the Credits chapter). Shown here as a reference.",
     "see": {"5.2": ["/reach", "Reach calculator"], "A.1": ["/maps", "Map randomizer"],
             "C": ["/maps?map=winter", "Variant maps in the map randomizer"]}},
    {"id": "rootbotics", "seed": "002_df7bae88f419c7a9.txt", "parse": parse_rootbotics,
     "title": "The Law of Rootbotics", "short": "Rootbotics", "publisher": "Leder Games",
     "attribution": "The Law of Rootbotics, © Leder Games. Bot design by Benjamin Schmauss "
                    "(credits in the Credits section). Shown here as a reference.",
     "see": {"3.1": ["/maps?map=fall&mode=printed&priorities=1",
                     "Priority charts: Fall, Winter, Lake and Mountain in the map randomizer"],
             "2.1": ["/maps?priorities=1", "Priority markers on the map"]}},
    {"id": "crusader", "seed": "003_2f1bffe1461e4cda.txt", "parse": parse_crusader,
     "title": "Law of Root: Crusader Expansion", "short": "Crusader", "publisher":
         "fan-made (not a Leder Games product)",
     "attribution": "The Crusader Expansion is a fan-made expansion for Root, not published "
                    "by Leder Games. The source text does not name its author. Shown here as "
                    "a reference.",
     "see": {}},
    {"id": "prototype", "seed": "001_c57440dde9b86157.txt", "parse": parse_prototype,
     "title": "Root: Print-and-Play Prototype Rules", "short": "Prototype",
     "publisher": "Leder Games",
     "attribution": "Root print-and-play rules reference (December 1st prototype), © Leder "
                    "Games. Game design by Cole Wehrle, art by Kyle Ferrin, development by "
                    "Patrick Leder. An early edition with different rules (40 VP, special "
                    "victory cards); kept as a historical reference.",
     "see": {}},
]


def build_book(spec: dict[str, Any], seeds: Path) -> dict[str, Any]:
    rep = Repairs()
    chapters = spec["parse"]((seeds / spec["seed"]).read_text(encoding="utf-8"), rep)
    anchors = {n["anchor"]: n for n in iter_nodes(chapters) if n.get("anchor")}
    for anchor, (href, label) in spec["see"].items():
        anchors[anchor]["see"] = {"href": href, "label": label}
    if spec["id"] == "law":
        glossary = glossary_entries(chapters, "")
        terms = defined_terms(chapters, {"reading-the-law", "index", "credits", "key-references"})
    elif spec["id"] == "prototype":
        glossary = [{"term": n["title"], "href": f"#{n['anchor']}",
                     "definition": plain(next((c.get("text", "") for c in n["children"]), ""))}
                    for ch in chapters if ch["title"] == "Key Terms"
                    for n in ch["children"] if n["kind"] == "section"]
        terms = {}
    else:
        glossary = []  # the server adds the Law's glossary, linking across books
        terms = defined_terms(chapters, set())
    return {
        "id": spec["id"], "title": spec["title"], "short": spec["short"],
        "publisher": spec["publisher"], "attribution": spec["attribution"],
        "source": f"seeds/{spec['seed']}", "repairs": rep.items,
        "glossary": glossary, "terms": terms, "chapters": chapters,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    ap.add_argument("--out", type=Path, default=DATA / "rules")
    ap.add_argument("--check", action="store_true", help="fail if the shipped JSON is stale")
    args = ap.parse_args(argv)
    stale = []
    args.out.mkdir(parents=True, exist_ok=True)
    for spec in BOOKS:
        book = build_book(spec, args.seeds)
        text = json.dumps(book, ensure_ascii=False, indent=1) + "\n"
        path = args.out / f"{spec['id']}.json"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
            continue
        path.write_text(text, encoding="utf-8")
        count = sum(1 for n in iter_nodes(book["chapters"]) if n.get("anchor"))
        print(f"{path.relative_to(ROOT)}: {len(book['chapters'])} chapters, {count} anchors")
    if stale:
        print("stale:", ", ".join(stale), "- run scripts/build_rules.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
