"""The number checker calls a context pattern only where the words around a number may begin
or end its match (`Atom.may_start` / `may_end` / `may_hold`, `words.head` / `tail`): a test that
rules a match out must never rule out one the pattern finds, or an outcome changes. Checked at
every number of the labelled dev replies and at every character of a few, as written, upper
case and with doubled spaces; and the outcome dump that speed work is compared by."""

from __future__ import annotations

import json
import re
import sys

from coach_tui.coach.grounding import (
    advice,
    asking,
    binding,
    candidates,
    claims,
    clauses,
    dates,
    kinds,
    local,
    ranks,
    reading,
    reports,
    verdict,
    working,
)
from coach_tui.coach.grounding.reading import read_numbers
from coach_tui.coach.grounding.words import head, may_hold, tail
from tests.support import REPO

DEV = REPO / "bench" / "data" / "grounding" / "dev"

# (pattern, the window it is searched in before a number (None: matched right after it),
# the words the checker requires: a tail ending with one, a tail holding one, a head starting
# with one)
_ENDS = [
    (reading._HEDGE, 16, reading._HEDGE_ENDS),
    (claims._PROJECTED, 30, ("at", "on", "day", "becomes")),
    (ranks._MARK_BEFORE, 64, ranks._MARK_ENDS),
    (kinds._LEVEL_PCT, 22, kinds._LEVEL_PCT_ENDS),
    (kinds._FROM_PCT_TO, 40, kinds._LEVEL_PCT_ENDS),
    (kinds._GAP_BEFORE, 24, kinds._GAP_BEFORE_ENDS),
    (kinds._DAY_OWN, 12, kinds._DAY_OWN_ENDS),
    (kinds._DAY_PLACE, 9, ("day", "becomes", "into")),
    (kinds._WINDOW_BEFORE, 12, ("last", "past", "next")),
    (kinds._ON_BEFORE, 40, ("on", "just", "only")),
    (kinds._OF_BEFORE, 30, kinds._OF_BEFORE_ENDS),
    (candidates.BOTH_PAST, 40, candidates.BOTH_PAST_ENDS),
    (binding._TARGET_BEFORE, 16, binding._TARGET_ENDS),
    (ranks._REMAINING, 16, ("remaining",)),
    (dates._EDGE, 16, dates._EDGE_ENDS),  # (before a day word, read the same way)
    (binding._SINCE, 10, ("since", "the")),
    (candidates._YOUR_BEST, 40, ("is", "was", "far", "date", "about")),
    (claims._REPORT_BEFORE, 40, claims._REPORT_BEFORE_ENDS),
    (kinds._LABEL, 40, (":", "|", "**")), (ranks._RANK_BEFORE, 12, ranks._HIGH + ranks._LOW),
]
# (pattern, window, the words its match ends with before an optional hedge: kinds.gap_sign's)
_HEDGED = [(kinds._BY_BEFORE, 20, ("by",)), (kinds._MOVED, 36, ("up", "down"))]
_HOLDS = [(verdict._WEEK, 6, ("week", "wk")), (verdict._WITHIN, 12, "within"),
          (verdict._OF_WHOLE, 24, "of"),
          (claims._COUNT_ON, 40, "on"), (kinds._GAP_BEFORE, 24, kinds._GAP_WORDS),
          (binding._GOAL_BEFORE, 24, ("goal", "target")),
          (candidates.BOTH_PAST, 40, candidates.BOTH_PAST_WORDS),
          (candidates._YOUR_BEST, 40, "your")]
_STARTS = [
    (kinds._GAP_AFTER, kinds._GAP_AFTER_STARTS), (kinds._RECORD_GAP, ("more", "day", "goal")),
    (kinds._GAP_TO_IT, ("more", "day", "goal")), (kinds._UNTIL_AFTER, ("more", "day", "week")),
    (kinds._GOAL_DAYS, ("goal", "day")), (kinds._RUN_AFTER, ("-day",)),
    (kinds._PB_AFTER, ("-day",)),
    (kinds._ROW_AFTER, kinds._ROW_STARTS), (kinds._MISSED_AFTER, kinds._MISSED_STARTS),
    (kinds._OF_AFTER, ("out", "of")), (kinds._SHORT, kinds._SHORT_STARTS),
    (kinds._OVER, kinds._OVER_STARTS), (kinds._MORE, kinds._MORE_STARTS),
    (reading._DIFFERENCE_AFTER, reading._DIFFERENCE_STARTS),
    (binding._TO_GO, binding._TO_GO_STARTS),
    (binding._GOAL_AFTER, ("-", "step", "daily", "goal", "target")),
    (verdict._OVER_N, verdict._OVER_N_STARTS),
    (advice._STREAK_AFTER, ("-day", "goal", "day")),
    (ranks._DAYS_AFTER, ranks._DAYS_STARTS), (ranks._RANK_AFTER, ranks._HIGH + ranks._LOW),
    (ranks._PAST_AFTER, ("more", "other", "of", "day")),
    (kinds._IN_WINDOW, ("of", "in", "out")), (reading._IN_WINDOW, ("of", "in", "out")),
    (kinds._PER_DAY, kinds._PER_DAY_STARTS), (binding._TIMES, ("x", "/")),
]


def _texts() -> list[str]:
    replies = [json.loads(p.read_text(encoding="utf-8"))["reply"]
               for p in sorted(DEV.glob("r*.json"))[::3]]  # (a third of them: a quick test)
    return replies + [r.upper() for r in replies[::5]] + [r.replace(" ", "  ")
                                                          for r in replies[::5]]


def _unsound(text: str, positions) -> list[str]:
    wrong = []
    for p in positions:
        before, after = tail(text, p - 48, p), head(text, p)
        for pattern, width, words in _ENDS:
            if before is not None and not before.endswith(words) \
                    and pattern.search(text, max(0, p - width), p):
                wrong.append(f"{pattern.pattern[:30]!r} before {text[p - 30:p]!r}")
        for pattern, width, heads in _HEDGED:
            if not kinds.may_end_hedged(before, heads) \
                    and pattern.search(text, max(0, p - width), p):
                wrong.append(f"{pattern.pattern[:30]!r} before {text[p - 30:p]!r}")
        for pattern, width, word in _HOLDS:
            if before is not None and not any(w in before for w in (
                    (word,) if isinstance(word, str) else word)) \
                    and pattern.search(text, max(0, p - width), p):
                wrong.append(f"{pattern.pattern[:30]!r} before {text[p - 30:p]!r}")
        for pattern, starts in _STARTS:
            if after is not None and not after.startswith(starts) and pattern.match(text, p):
                wrong.append(f"{pattern.pattern[:30]!r} after {text[p:p + 30]!r}")
    return wrong


def test_no_number_of_the_dev_set_has_a_match_ruled_out():
    wrong = []
    for text in _texts():
        for a in read_numbers(text):
            wrong += _unsound(text, (a.start, a.end))
    assert wrong == []


def test_no_character_of_some_replies_has_a_match_ruled_out():
    wrong = []
    for text in _texts()[::50]:
        wrong += _unsound(text, range(len(text) + 1))
    assert wrong == []


def test_a_hedged_gap_word_is_looked_for_before_its_hedge():
    # (in my own words: the gap word, then at most one hedge, then the number)
    for text, heads in (("beat it by roughly 90", ("by",)), ("The tally is UP  almost 4", (
            "up", "down")), ("ran by\tjust 7", ("by",)), ("gone down 3", ("up", "down"))):
        at = len(text.rstrip("0123456789"))  # (the number's start)
        before = tail(text, at - 48, at)
        assert kinds.may_end_hedged(before, heads), text
    assert not kinds.may_end_hedged("it was about", ("by",))
    assert not kinds.may_end_hedged("upabout", ("up", "down"))  # (a hedge needs its space)
    assert not kinds.may_end_hedged("the walk", ("by",))
    assert kinds.may_end_hedged(None, ("by",))  # (a window not read: the pattern decides)
    assert _unsound("Totals moved: your average is up about 1,483 and higher by nearly 300.",
                    range(72)) == []


def test_a_gap_between_two_numbers_is_matched_only_from_a_first_mark_it_may_start_with():
    """dates.respective's list gaps and working's operators are matched only where the gap's
    first character after spaces is one a match may start with: every gap between numbers of
    the dev set, every short stretch of some replies, and gaps of my own."""
    pairs = ((dates._LISTED, dates._LISTED_FIRST), (dates._LISTED_DAY, dates._LISTED_DAY_FIRST),
             (working._OP_GAP, working._OP_FIRST))
    own = [" , ", "  and ", " & ", " steps, then ", "\u00a0STEPS and ", "’s, ", "'s and ",
           " ) × ( ", " ÷ ", " - ", " – ", "x", "  /  ", " ſteps, ", " but ", "\n\n", ""]
    wrong = [f"{pattern.pattern[:20]!r} on {gap!r}" for gap in own for pattern, first in pairs
             if pattern.fullmatch(gap) and gap.lstrip()[:1] not in first]
    texts = _texts()
    for k, text in enumerate(texts):
        atoms = read_numbers(text)
        spans = [(a.end, b.start) for a, b in zip(atoms, atoms[1:], strict=False)]
        if k % 40 == 0:
            spans += [(s, s + n) for s in range(0, len(text), 3) for n in range(1, 16)]
        for s, e in spans:
            for pattern, first in pairs:
                if pattern.fullmatch(text, s, e) and text[s:e].lstrip()[:1] not in first:
                    wrong.append(f"{pattern.pattern[:20]!r} on {text[s:e]!r}")
    assert wrong == []
    assert dates._LISTED.fullmatch(" ſteps, ")  # (a case-blind "s": kept in the first marks)


def test_a_range_is_looked_for_only_between_a_dash_to_or_or():
    for sep in ("-", " – ", "—", " to ", " TO ", "\u00a0or\n", "-to-"):
        text = f"8{sep}10k"
        assert reading._RANGE_SEP.fullmatch(text, 1, 1 + len(sep))
        assert text[1:1 + len(sep)].strip().lower() in reading._RANGE_WORDS


def test_the_outcome_dump_names_every_number_with_its_outcome_and_source(tmp_path):
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import grounding_dump
    finally:
        sys.path.remove(str(REPO / "bench"))
    folder = tmp_path / "dev"
    folder.mkdir()
    (tmp_path / "requests").symlink_to(DEV.parent / "requests")
    for name in ("r001.json", "r1001.json"):
        (folder / name).write_text((DEV / name).read_text())
    first = grounding_dump.dump(tmp_path)
    assert set(first) == {"dev/r001", "dev/r1001", "speed"}
    mention = first["dev/r001"][0]
    assert set(mention) == {"text", "start", "end", "outcome", "source", "kind"}
    assert mention["outcome"] in ("quoted", "computed", "advice", "unsupported")
    assert grounding_dump.dump(tmp_path) == first


def test_a_window_with_other_letters_is_left_to_the_pattern():
    """"ſ" matches "s" in a case-insensitive pattern: a non-ASCII window is not read."""
    assert tail("ſhort of 9", 0, 9) is None and head("9 ſteps more to go, and more", 1) is None
    assert tail("just SHORT of  9", 0, 15) == "just short of"
    assert head("9   Steps more to go", 1) == "steps more to go"


def test_a_text_without_the_words_of_a_pattern_has_no_match():
    """`reports.reports` and `words.may_hold` call a pattern only on a text holding one of the
    words every match holds: never on one where it would match (every window of some replies,
    as written and upper case; lower-cased for `reports`, as its callers give it)."""
    wrong = []
    for text in _texts()[::25]:
        low = text.lower()
        for start in range(0, len(text), 7):
            for end in (start + 16, start + 64, start + 160):
                w, lw = text[start:end], low[start:end]
                if reports.reports(lw) != bool(reports.REPORT_STRONG.search(lw)):
                    wrong.append(f"_REPORT_STRONG in {lw!r}")
                for pattern, words in ((asking._ASK, asking._ASK_WORDS),
                                       (asking._ASK_ABOUT, ("ask",)),
                                       (local._LEFT_OUT, local._LEFT_OUT_WORDS),
                                       (binding._IRREALIS, binding._IRREALIS_WORDS),
                                       (kinds._MATCH_BEFORE, kinds._MATCH_WORDS),
                                       (ranks._TIMES_PAST, ranks._PAST_WORDS)):
                    if not may_hold(w, words) and pattern.search(w):
                        wrong.append(f"{pattern.pattern[:20]!r} in {w!r}")
    assert wrong == []
    # every sentence of the dev set (`reports` searches a pattern written for speed)
    for text in _texts()[::2]:
        for sentence in re.split(r"(?<=[.!?\n])", text.lower()):
            if reports.reports(sentence) != bool(reports.REPORT_STRONG.search(sentence)):
                wrong.append(f"_REPORT_STRONG in {sentence!r}")
    assert wrong == []
    # each word `reports` looks for before searching, the only one of a report
    for report in ("last night", "that leaves", "goal met on", "you walked", "yesterday",
                   "two weeks ago", "three months now", "it's 12 days away", "x(12 days away",
                   "it's now 3 days after", "days of rest since the 1st", "your best was"):
        assert reports.reports(report), report
    assert may_hold("ſay it", ("say",)) and not may_hold("SAID so", ("say",))
    assert may_hold("then ASK me", ("ask",))


def test_the_advice_readers_clause_cuts_are_the_plain_alternations():
    plain = re.compile(r"[,:](?!\d)|[;()]|\s[-–—]\s")
    for text in [*_texts()[::10], "a , 3 - b\u2003\u2014\u00a0c ( ; : :1 ,2 \n- x -- —",
                 "a - - - b – — c"]:  # (a dash chain: each space ends one cut at most)
        assert clauses.plain_cut_ends(text) == [m.end() for m in plain.finditer(text)]


def test_the_clause_cuts_are_what_the_one_pattern_finds():
    for text in [*_texts()[::4], " and and ", " - - and ", "— and then ", "x\tand\nthen  while",
                 "(and) :1, :a whereas and", "\u2003and\u00a0but ", "and ", " and", "\nwhile "]:
        assert clauses.clause_cuts(text) == [m.span() for m in clauses._CLAUSE_END.finditer(text)]


# the word lists before they were written as tries: the same match at every number
_LISTS = [
    (kinds._OF_BEFORE, 30, r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
     r"twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty))\s+"
     r"(?:out\s+)?of\s+(?:(?:the|your|its|those|these|all|last|recorded|tracked)\s+)*$"),
    (local._OF_SHARE, 90, r"(\d[\d,]*|" + "|".join(sorted(local.SMALL, key=len, reverse=True))
     + r")\s+(?:out\s+)?of\s+(?:(?:the|your|those|these|all|last)\s+)*(\d[\d,]*|"
     + "|".join(sorted(local.SMALL, key=len, reverse=True)) + r")\b[^.%\d\n]{0,40}$"),
    (reading._HEDGE, 18, r"(?:about|around|roughly|nearly|almost|approximately|close to|"
     r"just over|just under|a little over|a little under|slightly over|slightly under|"
     r"a bit over|a bit under|just above|just shy of|well over|over|under|more than|less than|"
     r"fewer than|some|~|≈|getting on for|the best part of|a good|north of|south of|shy of|"
     r"no more than|not more than|at most|at least|no less than|not less than)\s*$"),
]
_UP_DOWN = [(kinds._UP, r"(?<!\bto\s)\b(?:up|rise|rose|increase|increased|more|higher|jump|"
             r"jumped|climb|climbed|gain|above|improv\w*|better|ahead|boost|beat|beats|tops|topped|grew)\b"),
            (kinds._DOWN, r"\b(?:down|drop|dropped|fell|fall|decrease|decreased|less|lower|fewer|"
             r"below|dip|dipped|decline|declined|short|behind|under|off|shrank|shrunk|slid)\b")]


def test_the_hedge_trie_finds_what_its_list_found_in_my_own_phrasings():
    listed = re.compile(_LISTS[-1][2], re.I)
    text = ("Well over 9k, JUST SHY OF 10k, a bit  under 8k, the best part of\n12k, ~ 3k, ≈4k, "
            "shy of 5k and north of 6k; slightly over 7k, getting on for 11k, some 2k, more than")
    for end in range(len(text) + 1):
        for start in (max(0, end - 18), 0):
            old, new = listed.search(text, start, end), reading._HEDGE.search(text, start, end)
            assert (old and old.span()) == (new and new.span()), text[start:end]


def test_the_tries_find_what_the_word_lists_found():
    wrong = []
    for text in _texts()[::4]:
        for a in read_numbers(text):
            for pattern, width, listed in _LISTS:
                old = re.compile(listed, re.I).search(text, max(0, a.start - width), a.start)
                new = pattern.search(text, max(0, a.start - width), a.start)
                if (old and (old.span(), old.groups())) != (new and (new.span(), new.groups())):
                    wrong.append(f"{listed[:20]!r} before {text[a.start - 30:a.start]!r}")
            window = text[max(0, a.start - 30):a.end + 40]
            for pattern, listed in _UP_DOWN:
                if bool(pattern.search(window)) != bool(re.search(listed, window, re.I)):
                    wrong.append(f"{listed[:20]!r} in {window!r}")
    assert wrong == []
