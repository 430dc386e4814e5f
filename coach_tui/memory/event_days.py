"""An event's days, read from the dated memories that name it: the calendar dates a line
writes ("the Riverside Half on 15 November"), else the days its lines name relative to when
they were written ("fever since Saturday", "fever gone since yesterday"), and whether a line
says the event is over or comes after it. Pure: memory/events.py reads the phrase that names
the event, memory/anchors.py finds the memories."""

from __future__ import annotations

import functools
import re
from datetime import date, timedelta

from coach_tui.memory.datewords import calendar_spans
from coach_tui.memory.daywords import NUMBER_WORDS, named_spans
from coach_tui.memory.query import base_form, expand, is_distance
from coach_tui.memory.spans import Span
from coach_tui.text import starting

EVENT_MAX_DAYS = 14
EVENT_AHEAD = 200    # a date a memory writes is read as the nearest one to the day it was written


def _sentences_about(text: str, words: list[str]) -> list[str]:
    """The sentences of `text` that name the event (a word of it, or a synonym)."""
    wanted = {base_form(t) for w in words for t in expand(w)}
    return [part for part in re.split(r"(?<=[.!?;])\s+", text)
            if wanted & {base_form(t) for t in re.findall(r"[^\W_]+", part.lower())}]


def writes_dates(text: str, written: date, words: list[str]) -> bool:
    """Whether `text` (written on `written`) gives a calendar date near that day in a sentence
    that names the event (`words`): "the Riverside Half on 15 November", not "the Half on 15
    November. Longest run to date: 10 km" for the longest run."""
    return any(_dated(part, written) for part in _sentences_about(text, words))


@functools.lru_cache(maxsize=1_024)
def _dated(part: str, written: date) -> tuple[Span, ...]:
    """The calendar dates `part` (written on `written`) gives, each read as the one nearest
    that day within `EVENT_AHEAD`: "the race on 15 November" written in August is the coming
    one, "a treadmill session on Wednesday the 16th" written on the 17th the day before.
    (The same lines date events message after message: read once.)"""
    ahead = calendar_spans(part, written + timedelta(days=EVENT_AHEAD))
    back = {at: s for at, _, s in calendar_spans(part, written)} if any(
        s.start > written for _, _, s in ahead) else {}
    out = []
    for at, _, s in ahead:
        before = back.get(at)
        if before is not None and abs((before.start - written).days) < abs(
                (s.start - written).days):
            s = before
        if abs((s.start - written).days) <= EVENT_AHEAD:
            out.append(s)
    return tuple(out)


_MORNING_AFTER = re.compile(starting(r"demn") +
                            r"\b(?:morning|day|night|evening)\s+after\s+(?:mon|tues|wednes|thurs"
                            r"|fri|satur|sun)day\b", re.IGNORECASE)


def _day_after(part: str, words: list[str]) -> bool:
    """Whether `part` puts the event on the day after the weekday it names ("knee sore the
    morning after Tuesday's tempo"), not on that weekday ("Tuesday's tempo" itself)."""
    m = _MORNING_AFTER.search(part)
    if m is None:
        return False
    wanted = {base_form(t) for w in words for t in expand(w)}
    following = re.findall(r"[^\W_]+", part[m.end():].lower())[:3]
    return not wanted & {base_form(t) for t in following}


# "Collected race number and timing chip for Sunday": the day it is for, ahead, not a day
# of the event.
_FOR_DAY = re.compile(starting(r"bfn") +
                      r"\b(?:for|before|by)\s+(?:this\s+|next\s+|the\s+)?(?:coming\s+)?"
                      r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\bnext\s+(?:mon|tues"
                      r"|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE)


def event_days(best: date, others: list[date], best_text: str = "",
               words: list[str] | None = None,
               other_texts: list[str] | None = None, ending: bool = False) -> tuple[date, date]:
    """The event's first and last day: the calendar dates the best match writes ("the
    Riverside Half on 15 November", "Mon 14 to Thu 17 September", read around the day it was
    written); else the days its lines (the best match, and the others near it) name relative
    to when they were written ("fever since Saturday", "fever gone since yesterday"), or the
    days they were written. `ending` (the day it ended is asked for): a line that says it is
    over ("Cold cleared") ends it that day, not the day before."""
    parts = _sentences_about(best_text, words) if words else [best_text]
    written = [s for part in parts for s in _dated(part, best)]
    if written:
        return min(s.start for s in written), max(s.end for s in written)
    texts = other_texts if other_texts is not None else ["" for _ in others]
    days: list[date] = []
    for day, text in [(best, best_text), *zip(others, texts, strict=True)]:
        if day != best and abs((day - best).days) > EVENT_MAX_DAYS:
            continue
        parts = [_FOR_DAY.sub(" ", p) for p in (_sentences_about(text, words) if words
                                                  else [text])]
        # "sore the morning after Tuesday's tempo": the day after the day the line names.
        named = [Span(s.label, s.start + after, s.end + after, s.summary)
                 for part in parts for s in named_spans(part, day)
                 for after in [timedelta(days=1 if _day_after(part, words or []) else 0)]
                 if s.days <= EVENT_MAX_DAYS and (day - s.start).days <= EVENT_MAX_DAYS]
        if not named and day != best and not ending and closes(text, words or []) == "before":
            day -= timedelta(days=1)       # "Cold cleared": it lasted until the day before
        days += [d for s in named for d in (s.start, s.end)] or [day]
        if day == best and not named and not ending and (lasts := _lasting(text, day)):
            days.append(lasts)  # "Vet: short lead walks only for ten days"
    return min(days), max(days)


def _lasting(text: str, day: date) -> date | None:
    """The last day of what `text`, written on `day`, says lasts a while ("Outdoor runs
    cancelled for the week": to that Sunday; "walks only for ten days": the tenth day)."""
    m = _LASTS.search(text)
    if m is None:
        return None
    said = " ".join(m[0].lower().split())
    if said.endswith(("week", "weekend")) and not said.split()[1].isdigit() \
            and not said.startswith(("for a week", "for a weekend")):
        return day + timedelta(days=6 - day.weekday())  # (the rest of that Mon-Sun week)
    if said.endswith("fortnight"):
        return day + timedelta(days=13)
    count = said.split(" ", 1)[1].rsplit(" ", 1)[0]
    n = int(count) if count.isdigit() else NUMBER_WORDS.get(count, 1)
    return day + timedelta(days=n * (7 if said.endswith(("week", "weeks")) else 1) - 1)


_CLOSED = re.compile(starting(r"ceghiprsw") +
                     r"\b(?:cleared|gone|recovered|healed|settled|passed|ended"
                     r"|(?:is|was)\s+over)\b", re.IGNORECASE)
_ENDS = re.compile(starting(r"efi") +
                   r"\b(?:ends|finishes|is\s+ending)\b", re.IGNORECASE)


def closes(text: str, words: list[str]) -> str | None:
    """When `text` says the event is over: "before" the day it was written ("Cold cleared",
    "fever gone"), "that day" ("Weather week ends"), or None."""
    parts = _sentences_about(text, words)
    if any(_CLOSED.search(part) for part in parts):
        return "before"
    return "that day" if any(_ENDS.search(part) for part in parts) else None


def follows(text: str, words: list[str]) -> bool:
    """Whether `text` places itself after the event ("first parkrun after the illness"): it
    tells what came next, not the event's days."""
    wanted = {base_form(t) for w in words for t in expand(w)}
    return any(base_form(m.group(1).lower()) in wanted
               for m in re.finditer(r"\b(?:after|since)\s+(?:the\s+|my\s+|a\s+)?([^\W_]+)",
                                    text, re.IGNORECASE))


# "the day after I picked up my race number", "the week I bought the Brooks": an act done on
# one day (the verb the message names, last of the event's words).
ONE_ACTS = frozenset(["collected", "bought", "booked", "entered", "pickup", "ordered"])


def one_act(words: list[str]) -> bool:
    """Whether the event `words` name is a thing done on one day: later lines that name its
    thing ("no race on the calendar") tell nothing of how long it lasted; so is a run of a
    distance ("the Priya 14k": the next line naming Priya is another day's)."""
    return len(words) > 1 and (words[-1] in ONE_ACTS or base_form(words[-1]) in _ACT_BASES
                               or any(map(is_distance, words)))


# (as said in any form: "entering", "buying", "booking"; "persuaded": talked into it)
_ACT_BASES = frozenset(base_form(w) for w in (*ONE_ACTS, "buying", "persuaded"))


# "Outdoor runs cancelled for the week", "short lead walks only for ten days": the line that
# starts the event says how long it lasts.
_LASTS = re.compile(starting(r"af") +
                    r"\b(?:for|all)\s+(?:the\s+|this\s+|that\s+)?(?:whole\s+|rest\s+of\s+the\s+)?"
                    r"(?:week|weekend|fortnight)\b|\bfor\s+(?:\d{1,2}|two|three|four|five|six"
                    r"|seven|eight|nine|ten|a|a\s+couple\s+of)\s+(?:days|weeks|day|week)\b",
                    re.IGNORECASE)


def writes_duration(text: str) -> bool:
    """Whether `text` says how long what it tells lasts ("cancelled for the week", "walks
    only for ten days"): its end needs no line of its own."""
    return _LASTS.search(text) is not None

