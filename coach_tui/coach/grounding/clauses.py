"""A reply's sentences and clauses: `Clauses(reply, atoms)`, the base every binding reads.

A sentence ends at ".", "!" or "?" before a space, or at a line break. A clause ends at a
comma, semicolon or colon not inside a number, a bracket, a dash between spaces, or "and",
"but", "while", "whereas", "then"; a number in brackets belongs to the clause around them
("your quietest (7,651) day").
"""

from __future__ import annotations

import re
from bisect import bisect_right

from coach_tui.coach.grounding.scan import Atom

# ("Sat 10 a.m. flat walk", "by 1,470, i.e. 14.7% over": "a.m.", "p.m.", "i.e.", "e.g." and
# "vs." end no sentence)
_SENTENCE_END = re.compile(r"[.!?\n](?:(?<=[.!?])(?<![ap]\.m\.)(?<!i\.e\.)(?<!e\.g\.)(?<!\bvs\.)\s+"
                           r"|(?<=\n)\n*)")
# `[,;:](?!\d)|[()]|\s[-–—]\s|\s(?:and|but|while|whereas|then)\s`, written to start with one
# character class so the engine skips prose in C (the same spans).
_CLAUSE_END = re.compile(r"[,;:()\s](?:(?<=[,;:])(?!\d)|(?<=[()])|(?<=\s)(?:[-–—]\s|"
                         r"(?:and|but|while|whereas|then)\s))")
# The same cuts found faster (`clause_cuts`): the marks alone, and each word or dash from its
# own first character (the engine skips to it in C) with the space before it looked back at,
# rather than a try at every space.
_MARK_CUT = re.compile(r"[,;:()](?:(?<=[,;:])(?!\d)|(?<=[()]))")
_WORD_CUTS = [re.compile(rf"{w}(?<=\s{w})\s") for w in ("-", "–", "—", "and", "but", "while",
                                                          "whereas", "then")]


def clause_cuts(text: str) -> list[tuple[int, int]]:
    """(start, end) of every match of `_CLAUSE_END` in `text`, as its finditer gives them: the
    cuts of each kind, the first of two that overlap kept (no two start at one character)."""
    found = sorted([(m.start(), m.end()) for m in _MARK_CUT.finditer(text)]
                   + [(m.start() - 1, m.end()) for p in _WORD_CUTS for m in p.finditer(text)])
    cuts: list[tuple[int, int]] = []
    last = 0
    for start, end in found:
        if start >= last:
            cuts.append((start, end))
            last = end
    return cuts

# The advice reader's cuts (no "and" / "but"): `[,:](?!\d)|[;()]|\s[-–—]\s`, entered at its
# rare characters (skipped in C), not at every space: a dash matches from itself, so
# `plain_cut_ends` drops one whose space before it the match before used.
_PLAIN_CUT = re.compile(r"[,:;()\-–—](?:(?<=[,:])(?!\d)|(?<=[;()])|(?<=\s[-–—])\s)")


def plain_cut_ends(text: str) -> list[int]:
    r"""Where each of `text`'s cuts ends, as `[,:](?!\d)|[;()]|\s[-–—]\s` finds them."""
    ends: list[int] = []
    last = 0
    for m in _PLAIN_CUT.finditer(text):
        if m.end() - m.start() == 2 and m.start() - 1 < last:
            continue  # " - - ": the space before this dash ended the cut before
        ends.append(last := m.end())
    return ends


class Clauses:
    """Where each sentence and clause of a reply starts and ends, and where its numbers are."""

    def __init__(self, reply: str, atoms: list[Atom]) -> None:
        self.reply = reply
        # (the closing dot of a date written "the 30.11." ends no sentence)
        dotted = {a.end for a in atoms if a.kind == "date" and reply.endswith(".", 0, a.end)}
        self.bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(reply)
                             if m.start() + 1 not in dotted] + [len(reply)]
        self._sentences = list(zip(self.bounds, self.bounds[1:] + self.bounds[-1:],
                                   strict=True))  # each (start, end): sentence() by index
        lowered = reply.lower()
        # None when a letter's lower case is longer: search the text as written
        self.low: str | None = lowered if len(lowered) == len(reply) else None
        self.starts = [a.start for a in atoms]  # atoms come in reply order
        self.ends = [a.end for a in atoms]
        # clause cuts as (start, end) of each separator
        self.cuts = clause_cuts(reply)
        self.cut_starts = [start for start, _ in self.cuts]  # (bisected as numbers: faster)
        self._clauses = self._of_numbers(self.starts)

    def _of_numbers(self, starts: list[int]) -> dict[int, tuple[int, int]]:
        """The clause of every number, in one walk over the sentence ends and clause cuts
        (the numbers come in reply order): what `_clause` gives each, without a bisect and
        two calls per number. A number in brackets is left to `_clause`."""
        found: dict[int, tuple[int, int]] = {}
        reply, bounds, sentences = self.reply, self.bounds, self._sentences
        cuts, cut_starts = self.cuts, self.cut_starts
        nb, nc = len(bounds), len(cut_starts)
        si = ci = 0  # the first sentence end and clause cut after the number
        for pos in sorted(set(starts)):
            if pos >= 2 and reply[pos - 1] == "(":
                continue
            while si < nb and bounds[si] <= pos:
                si += 1
            while ci < nc and cut_starts[ci] <= pos:
                ci += 1
            s, e = sentences[si - 1] if si > 0 else (bounds[-1], bounds[0])
            start = max(s, cuts[ci - 1][1]) if ci > 0 else s
            end = cuts[ci][0] if ci < nc else e
            found[pos] = (min(start, pos), max(min(e, end), pos))
        return found

    def sentence(self, pos: int) -> tuple[int, int]:
        i = bisect_right(self.bounds, pos) - 1
        return self._sentences[i] if i >= 0 else (self.bounds[-1], self.bounds[0])

    def clause(self, pos: int) -> tuple[int, int]:
        found = self._clauses.get(pos)
        if found is None:
            found = self._clauses[pos] = self._clause(pos)
        return found

    def _clause(self, pos: int) -> tuple[int, int]:
        s, e = self.sentence(pos)
        if pos >= 2 and self.reply[pos - 1] == "(" and self.reply.find(")", pos, pos + 12) > 0:
            # "your quietest (7,651) day": a number in brackets belongs to the clause around
            cs, ce = self._clause(pos - 2)
            close = self.reply.find(")", pos)
            after = self.reply[close + 1:close + 3]
            end = self.clause(close + 2)[1] if close + 2 < e and after[:1] == " " \
                and after[1:].isalpha() else ce
            return cs, max(ce, end)
        i = bisect_right(self.cut_starts, pos) - 1  # (the cuts starting at or before pos)
        start = max(s, self.cuts[i][1]) if i >= 0 else s
        end = self.cuts[i + 1][0] if i + 1 < len(self.cuts) else e
        return min(start, pos), max(min(e, end), pos)
