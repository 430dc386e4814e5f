"""The date of a journal line a reply cites: "your Aug 19 note says downhill hurts the knee",
"the flu you had the week of Oct 12".

A date quoted only because a journal line is stamped with it is a claim about that line. It is
wrong when the reply says the line tells something it does not: a date cited as a note's
("your note from", "you noted on", "you wrote", "your journal") whose line shares no word of
substance with the sentence, while another journal line does ("downhill", "knee": the line of
Sep 6, not the one of Aug 19); and a date in a frame the line itself gives another date
("the week of Oct 12" where the line of Oct 12 says "the flu the week of Oct 5": the event's
week, not the day it was written down).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from coach_tui.coach.grounding.dates import resolve_date
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.scan import Atom

_JOURNAL = re.compile(r"(?:-\s+)?\d{4}-\d{2}-\d{2}:\s*(.*)")
_CITED = re.compile(r"\b(?:notes?|noted|wrote|written|journal|entry|logged|told\s+me|"
                    r"mentioned|said)\b", re.I)
_WORD = re.compile(r"[a-z]{4,}")
_PLAIN = frozenset(("note", "notes", "noted", "says", "said", "your", "from", "that", "with",
                    "this", "wrote", "about", "journal", "entry", "memory", "mentioned", "told",
                    "walk", "walks", "walking", "walked", "steps", "days", "when", "what",
                    "there", "they", "them", "then", "have", "were", "been", "back", "make",
                    "makes", "also", "just", "still", "into", "like", "more", "less", "will",
                    "would", "which", "where", "while", "after", "before", "since"))
_SENTENCE = re.compile(r"[.!?](?=\s)|\n")
# the words before a date that frame it ("the week of ", "since ")
_FRAME = re.compile(r"\b((?:week|weekend|month)\s+of|since|around|from)\s+(?:the\s+)?$", re.I)
_MONTH_DAY = (r"\s+(?:the\s+)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
              r"\s+\d{1,2})\b")


def checked(reply: str, atoms: Sequence[Atom], out: list[Any], ev: Evidence) -> list[Any]:
    """`out` with each date quoted from a journal line's stamp that the reply's words tie to
    what another line tells made unsupported."""
    if len(atoms) != len(out):
        return out
    lines: list[str] | None = None  # (the journal's lines: read when a date is quoted)
    for i in [i for i, a in enumerate(atoms) if a.kind == "date"]:  # (dates only)
        a, m = atoms[i], out[i]
        if a.kind != "date" or m.outcome != "quoted" or not m.source:
            continue
        bare = re.fullmatch(r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)", m.text)
        if bare is not None and int(bare[1]) in ev.month_days:
            continue  # "you said sore since the 19th": the user's own date, not a note's
        if lines is None:
            lines = [j[1] for src in ev.notes.values() if (j := _JOURNAL.match(src.lstrip()))]
        if not lines:
            continue
        own = _JOURNAL.match(m.source)
        if own is None:  # "your note from Sep 6", quoted from another line of that date
            note = next((ev.notes[d] for d in resolve_date(a, ev) if d in ev.notes), None)
            if note is not None and _cites(reply, a) \
                    and _words(_sentence(reply, a)) & _words(note):
                out[i] = replace(m, source=note)
            continue
        text = own[1]
        frame = _FRAME.search(reply, max(0, a.start - 20), a.start)
        if frame is not None:
            told = re.search(re.escape(frame[1]) + _MONTH_DAY, text, re.I)
            if told is not None and _key(told[1]) != _key(m.text) and not (
                    bare is not None and _key(told[1]).endswith(f" {int(bare[1])}")):
                # ("the week of the 5th" in October: the line's "week of Oct 5")
                out[i] = replace(m, outcome="unsupported",
                                 source=f"the line says {frame[1]} {told[1]}")
                continue
        if not _cites(reply, a):
            continue  # (a note's date: "your Aug 19 note", "you noted on Sep 6")
        said = _words(_sentence(reply, a))
        if said & _words(text):
            continue
        other = next((line for line in lines if line != text and said & _words(line)), None)
        if other is not None:
            out[i] = replace(m, outcome="unsupported",
                             source=f"the line that says so is another: {other}")
    return out


def _sentence(reply: str, a: Atom) -> str:
    start = max((e.end() for e in _SENTENCE.finditer(reply, max(0, a.start - 300), a.start)),
                default=0)
    stop = _SENTENCE.search(reply, a.end)
    return reply[start:stop.start() if stop else len(reply)]


def _cites(reply: str, a: Atom) -> bool:
    """Whether the words right around a date cite it as a note's ("your Aug 19 note", "you
    noted on Sep 6", "your journal from Sep 6"), in its sentence."""
    sentence = _sentence(reply, a)
    start = reply.rfind(sentence, 0, a.end) if sentence else a.start
    return _CITED.search(reply, max(start, a.start - 30),
                         min(a.end + 12, start + len(sentence))) is not None


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower()) if w not in _PLAIN}


def _key(text: str) -> str:
    """"oct 5" for "Oct 5", "October 5th" and "5 October"."""
    parts = text.lower().replace(".", "").split()
    if len(parts) > 1 and parts[0][:1].isdigit():
        parts.reverse()  # ("5 October": the day first)
    return f"{parts[0][:3]} {int(re.sub(r'\D', '', parts[-1]) or 0)}" if parts else text
