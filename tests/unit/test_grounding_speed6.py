"""The number checker's sixth speed round changed how it reads, not what it finds: the start
words of numbers, a text's first word found by the pattern that finds the others (one trie to
compile, not two), are those the two patterns found before; a reply's tables, read once and
shared, are what a fresh read gives."""

from __future__ import annotations

import json
import random
import re

from coach_tui.coach.grounding import scan, tables
from coach_tui.coach.grounding.words import trie
from tests.support import REPO

SETS = REPO / "bench" / "data" / "grounding"


# The scanner's two start-word patterns as they were (the first word matched on its own)
_START_WORD = re.compile(
    rf"(?:{trie(scan._START_WORDS - {'a', 'A', 'the', 'The', 'THE'})}"
    r"|[aA](?=[\s\S][htqfdwmHTQFDWM])|(?:the|The|THE)(?=[\s\S][0-9]))(?![A-Za-z])")
_WORD_AFTER_NON_LETTER = re.compile(
    rf"[^A-Za-z](?=[{''.join(sorted({w[0] for w in scan._START_WORDS}))}])"
    rf"({_START_WORD.pattern})")


def _three_case_tokens(text: str) -> list[tuple[int, int, str]]:
    """The tokens as the scanner found them before."""
    found = [(m.start(), m.end(), m.group()) for m in scan._DIGITS_OR_BACKTICK.finditer(text)]
    found += [(m.start(1), m.end(), m.group(1)) for m in _WORD_AFTER_NON_LETTER.finditer(text)]
    first = _START_WORD.match(text)
    if first is not None:
        found.append((0, first.end(), first.group()))
    return sorted(found)


def _replies() -> list[str]:
    return [json.loads(p.read_text(encoding="utf-8"))["reply"]
            for name in ("dev", "holdout") for p in sorted((SETS / name).glob("r*.json"))]


def test_start_words_are_those_the_two_patterns_found() -> None:
    rnd = random.Random(6)
    words = [*sorted(scan._STARTS), "a", "A", "the", "The", "THE", "tHe", "FiVe", "MONDAY",
             "mOnday", "Hundred", "hundred", "x", "k", "\u212a", "\u0130", "—", "é", "19th", "`"]
    seps = [" ", "", "-", ",", "\n", "’", "5", "\u212a"]
    texts = [*_replies(), "", "FIVE", "Five days", "fIVE days", "the 19th", "THE 3", "tHe 3",
             "a \u212aday", "a hundred \u0130", "\u212aone two", "A third", "\u0130 one",
             "fIve", "a\u212a", "\u0130a hundred", "The 3", "tHE 3 the 4"]
    texts += ["".join(rnd.choice(words) + rnd.choice(seps) for _ in range(rnd.randint(1, 10)))
              for _ in range(3000)]
    for text in texts:
        assert scan._tokens(text) == _three_case_tokens(text), text[:80]


def test_a_replys_tables_read_once_are_a_fresh_reads() -> None:
    with_tables = [r for r in _replies() if "|" in r]
    assert with_tables
    for reply in with_tables:
        shared = tables.grids(reply)
        assert tables.grids(reply) is shared  # (read once a reply)
        assert shared == tables.grids.__wrapped__(reply)

