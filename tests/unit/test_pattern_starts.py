"""The start tests before recall's patterns (coach_tui/text.py `starting`) change no match.

A start test says which characters a pattern's matches can begin with, so re rules out most
positions of a long message with one look. Here each pattern of coach_tui/memory and
coach_tui/store that has one is read by re's own parser, what its matches can start with is
worked out from the parsed pattern, and the test must allow all of it; then the patterns are
run with and without their test over messages and must find the same matches.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from pathlib import Path
from re import _constants as sre  # the parser re itself uses (CPython 3.11+)
from re import _parser as sre_parse

import coach_tui.memory
import coach_tui.store
from coach_tui.text import starting

REPO = Path(__file__).resolve().parents[2]
_TEST = re.compile(r"\(\?i:\(\?=\[((?:\\.|[^\]\\])*)\]\)\)")
_CATEGORIES = {sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_WORD: r"\w", sre.CATEGORY_SPACE: r"\s",
               sre.CATEGORY_NOT_WORD: r"\W", sre.CATEGORY_NOT_DIGIT: r"\D",
               sre.CATEGORY_NOT_SPACE: r"\S"}


class _Anything(Exception):
    """A match may start with any character (or the parse holds what this reader skips)."""


def _starts(items) -> tuple[set[str], bool, bool]:
    """(the characters and classes a match of `items` may start with, whether it may match
    nothing, whether it may start where `^` holds)."""
    found: set[str] = set()
    line_start = False
    for op, av in items:
        if op is sre.AT and av in (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING):
            return found, False, True
        chars, empty, at_start = _start_of(op, av)
        found |= chars
        line_start |= at_start
        if not empty:
            return found, False, line_start
    return found, True, line_start


def _start_of(op, av) -> tuple[set[str], bool, bool]:
    if op is sre.LITERAL:
        return {chr(av)}, False, False
    if op is sre.IN:
        chars: set[str] = set()
        for inner, value in av:
            if inner is sre.LITERAL:
                chars.add(chr(value))
            elif inner is sre.RANGE:
                chars |= {chr(c) for c in range(value[0], value[1] + 1)}
            elif inner is sre.CATEGORY and value in _CATEGORIES:
                chars.add(_CATEGORIES[value])
            else:
                raise _Anything
        return chars, False, False
    if op is sre.SUBPATTERN:
        if av[1] & sre.SRE_FLAG_MULTILINE:
            raise _Anything     # (a `^` of its own would hold where the test's does not)
        return _starts(av[3].data)
    if op is sre.ATOMIC_GROUP:
        return _starts(av.data)
    if op is sre.BRANCH:
        chars, empty, line_start = set(), False, False
        for alternative in av[1]:
            c, e, s = _starts(alternative.data)
            chars, empty, line_start = chars | c, empty or e, line_start or s
        return chars, empty, line_start
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        chars, empty, line_start = _starts(av[2].data)
        return chars, empty or av[0] == 0, line_start
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return set(), True, False   # a boundary or a look around: no character of its own
    raise _Anything


def _tested() -> list[tuple[str, re.Pattern, str, bool, re.Pattern]]:
    """(where, the pattern, its test's class, whether `^` is allowed, the pattern without its
    test) for every module-level pattern of memory and store that opens with a start test."""
    out = []
    for package in (coach_tui.memory, coach_tui.store):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, value in vars(module).items():
                if not isinstance(value, re.Pattern) or not isinstance(value.pattern, str):
                    continue
                text = value.pattern
                line_start = text.startswith("(?:(?i:(?=[")
                test = _TEST.match(text, 3 if line_start else 0)
                if test is None:
                    continue
                end = test.end() + (3 if line_start else 0)
                if line_start:
                    assert text[test.end():end] == "|^)", (name, text[:80])
                out.append((f"{info.name}.{name}", value, test.group(1), line_start,
                            re.compile(text[end:], value.flags)))
    return out


TESTED = _tested()


def test_most_of_recalls_patterns_have_a_start_test() -> None:
    # (the rest open with a character or a class re skips text by itself, or may start
    # anywhere)
    assert len(TESTED) >= 400


def _problems(where: str, chars: str, line_start: bool, bare: re.Pattern) -> list[str]:
    parsed = sre_parse.parse(bare.pattern, bare.flags)
    try:
        starts, empty, at_start = _starts(parsed.data)
    except _Anything:
        return [f"{where}: its matches may start with any character; drop its start test"]
    if empty:
        return [f"{where} may match nothing: a start test would lose those matches"]
    allowed = re.compile(f"(?i:[{chars}])", bare.flags)
    missing = sorted(c for c in starts if len(c) == 1 and not allowed.fullmatch(c))
    missing += sorted(c for c in starts if len(c) == 2 and c not in chars)
    out = [f"{where}: its start test needs {''.join(missing)!r} too"] if missing else []
    if at_start and not line_start:
        out.append(f"{where} may start where ^ holds: starting(..., or_line_start=True)")
    return out


def test_every_start_test_allows_every_start_its_pattern_has() -> None:
    assert [p for where, _, chars, line_start, bare in TESTED
            for p in _problems(where, chars, line_start, bare)] == []


def _messages() -> list[str]:
    """Runners' messages as the labelled sets write them, and text made to trip a test up."""
    home = json.loads((REPO / "bench" / "data" / "recall_fitness" / "home.json").read_text(
        encoding="utf-8"))  # (its own questions and the user's side of its exchanges)
    texts = [q["text"] for q in home["questions"]] + [e["user"] for e in home["exchanges"]]
    return texts + [
        "WHEN DID I HIT 10K? Yesterday's steps, last night's walk, 3 weeks ago on the Friday",
        "ſince the ſtorm, the KNEE… (2nd week) — 12,345 steps\nlast Tuesday\n\tthe 13th?",
        "", " ", "é", "before the race", "since 3/11", "a fortnight ago", "the month before last",
    ]


MESSAGES = _messages()


def test_the_labelled_messages_are_read() -> None:
    assert len(MESSAGES) > 150


def test_a_start_test_changes_no_match() -> None:
    differ = []
    for where, pattern, _, _, bare in TESTED:
        for text in MESSAGES:
            if [(m.span(), m.groups()) for m in pattern.finditer(text)] != [
                    (m.span(), m.groups()) for m in bare.finditer(text)] or any(
                    (a and a.span()) != (b and b.span()) for a, b in (
                        (pattern.match(text, pos), bare.match(text, pos))
                        for pos in (0, 1, len(text) // 2))):
                differ.append(f"{where} on {text[:60]!r}")
    assert differ == []


def test_starting_looks_at_one_character_in_any_case() -> None:
    pattern = re.compile(starting("ab") + r"\b(?:after|before)\b")
    assert [m.group() for m in pattern.finditer("After the race, before the cold")] == [
        "before"]  # (the pattern's own case rules stand: the test only rules out)
    assert re.compile(starting("ab") + r"(?i:\b(?:after|before))").findall(
        "After it, BEFORE it") == ["After", "BEFORE"]


def test_or_line_start_keeps_a_match_at_the_start() -> None:
    pattern = re.compile(starting("s", or_line_start=True) + r"(?:^\W*from|\bsince)\b")
    assert pattern.match("...from the race").group() == "...from"
    assert pattern.search("ok, since then").group() == "since"
    assert pattern.search("ok, from then") is None
    assert re.compile(starting("s") + r"(?:^\W*from|\bsince)\b").match("...from") is None


def test_a_question_is_read_from_its_sentences_start_as_before() -> None:
    # memory/query.py `_QUESTION` starts only after a sentence's end: the same sentences as
    # the pattern that tried every letter, over every text of up to six of these characters
    from itertools import product

    from coach_tui.memory.query import _QUESTION

    before = re.compile(r"[^.!?\n]*\?")
    for n in range(7):
        for chars in product("a .?!\n", repeat=n):
            text = "".join(chars)
            assert _QUESTION.findall(text) == before.findall(text), repr(text)
    long = "I walked the dog and " * 200 + "then? And more. Was it ok?"
    assert _QUESTION.findall(long) == before.findall(long)
