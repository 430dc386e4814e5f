"""Recall: what one message needs, rendered as the first block of that user turn.

Pure given the database and `now`: the same rows, message and clock give the same text, in a
fixed order (no set or dict iteration decides anything). It never goes in the system prompt,
so it can change every turn without touching the cached prefix. In priority order, and cut at
whole lines to `max_chars`:

1. the live line: date, weekday, time, today's partial steps and goal;
2. the days the message names ("yesterday", "Tuesday", "last Tuesday", "2026-11-24",
   "this week", "last week", "last 5 days", "this month", "October", "May 2026"), with steps,
   goal and met from SQL; a month or week also gets a summary line computed here;
3. journal lines that match the message and are not already in the session's snapshot, and
   only those that existed when the snapshot was rendered (a line written mid-session reaches
   the model with the next session, as the DESIGN says);
4. saved reviews that match (the newest save of each period);
5. chat snippets from earlier sessions that match, from turns sent with memory on.

Matching uses SQLite FTS5; the user's words are reduced to plain tokens and each is quoted, so
no text a user types is ever parsed as FTS syntax.

Day words are read like this, relative to today: a bare weekday ("Tuesday") is the most recent
one on or before today; "last Tuesday" is the most recent one before today; "this week" is the
ISO week so far, "last week" the whole previous ISO week; a month name is the most recent such
month (this one if it is the current month), or the one in the year written after it. "May" is
only a month when capitalised and used like a date ("in May", "May 3", "May 2026"), because
"may" is also a verb. Future days are skipped; today is covered by the live line.
"""

from __future__ import annotations

import calendar
import json
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from coach_tui.store.steps import Day, load_days

HEADER = (
    "CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; "
    "numbers here come from the user's records):"
)
MAX_LISTED_DAYS = 14
MAX_SUMMARIES = 3
JOURNAL_HITS = 3
REVIEW_HITS = 2
CHAT_HITS = 3
MAX_QUERY_TOKENS = 16
SNIPPET_TOKENS = 24

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "fourteen": 14, "thirty": 30}

# Words that say *when*, not *what*, plus the commonest English words: matching on them would
# pull in every chat ever had.
STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing done down during each few for
    from further get got had has have having he her here hers him his how i if in into is it its
    just me more most my myself no nor not now of off on once only or other our ours out over
    own same she should so some such than that the their theirs them then there these they
    this those through to too under until up very was we were what when where which while who
    whom why will with would you your yours yourself im ive dont didnt cant wont isnt thats
    lets okay ok yes yeah hey hi hello please thanks thank much many really still well
    today yesterday tomorrow tonight morning evening afternoon night day days week weeks month
    months year years last next ago since tell know think want like feel make going went
    step steps
    """.split()
) | frozenset(WEEKDAYS) | frozenset(MONTHS)


@dataclass(frozen=True)
class Span:
    """A stretch of days the message names. `summary` spans also get a totals line."""

    label: str
    start: date
    end: date
    summary: bool


# --------------------------------------------------------------------------- day words


def named_spans(text: str, today: date) -> list[Span]:
    """The days and ranges `text` names, clipped to before today, in a fixed order."""
    spans: list[Span] = []
    low = text.lower()
    yesterday = today - timedelta(days=1)

    if re.search(r"\bday before yesterday\b", low):
        d = today - timedelta(days=2)
        spans.append(Span(d.isoformat(), d, d, False))
    if re.search(r"(?<!before )\byesterday\b", low):
        spans.append(Span(yesterday.isoformat(), yesterday, yesterday, False))

    for m in re.finditer(r"\b(?:(last|next|this)\s+)?(" + "|".join(WEEKDAYS) + r")\b", low):
        qualifier, name = m.group(1), m.group(2)
        if qualifier == "next":
            continue
        back = (today.weekday() - WEEKDAYS.index(name)) % 7
        if qualifier == "last" and back == 0:
            back = 7
        d = today - timedelta(days=back)
        spans.append(Span(d.isoformat(), d, d, False))

    for m in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", text):
        try:
            d = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            continue
        spans.append(Span(d.isoformat(), d, d, False))

    monday = today - timedelta(days=today.weekday())
    if re.search(r"\bthis week\b", low):
        spans.append(Span("this week so far", monday, yesterday, True))
    if re.search(r"\b(last|past|previous) week\b", low):
        start = monday - timedelta(days=7)
        spans.append(Span("last week", start, start + timedelta(days=6), True))

    for m in re.finditer(r"\b(?:last|past|previous)\s+(\d{1,2}|" + "|".join(_NUMBER_WORDS)
                         + r")\s+days\b", low):
        n = int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1)]
        if 1 <= n <= 31:
            spans.append(Span(f"the last {n} days", today - timedelta(days=n), yesterday, True))

    first_of_month = today.replace(day=1)
    if re.search(r"\bthis month\b", low):
        spans.append(_month_span(today.year, today.month, today))
    if re.search(r"\blast month\b", low):
        prev = first_of_month - timedelta(days=1)
        spans.append(_month_span(prev.year, prev.month, today))
    for m in _month_mentions(text):
        month = MONTHS.index(m[0]) + 1
        year = m[1]
        if year is None:
            year = today.year if month <= today.month else today.year - 1
        spans.append(_month_span(year, month, today))

    out, seen = [], set()
    for span in spans:
        end = min(span.end, yesterday)
        if span.start > end:
            continue  # today or the future: nothing complete to recall
        span = Span(span.label, span.start, end, span.summary)
        if (span.start, span.end, span.summary) not in seen:
            seen.add((span.start, span.end, span.summary))
            out.append(span)
    return out


def _month_span(year: int, month: int, today: date) -> Span:
    last = calendar.monthrange(year, month)[1]
    label = f"{calendar.month_name[month]} {year}"
    if (year, month) == (today.year, today.month):
        label += " so far"
    return Span(label, date(year, month, 1), date(year, month, last), True)


def _month_mentions(text: str) -> Iterable[tuple[str, int | None]]:
    pattern = r"\b(" + "|".join(MONTHS) + r")\b(?:\s+(\d{1,2})\b(?!:))?(?:,?\s+(\d{4})\b)?"
    for m in re.finditer(pattern, text, re.IGNORECASE):
        name = m.group(1).lower()
        year = int(m.group(3)) if m.group(3) else None
        if name == "may":
            before = text[: m.start()].split()
            prev = before[-1].lower() if before else ""
            datelike = m.group(2) or m.group(3) or prev in {
                "in", "during", "since", "of", "last", "this", "early", "late", "mid", "through"}
            if m.group(1) != "May" or not datelike:
                continue
        if year is not None and not 1970 <= year <= 9999:
            continue
        yield name, year


# --------------------------------------------------------------------------- rendering


def _fmt(n: float) -> str:
    return f"{round(n):,}"


def _goal(day: Day | None, default_goal: int) -> int:
    return day.goal if day is not None and day.goal is not None else default_goal


def live_line(now: datetime, today_row: Day | None, default_goal: int) -> str:
    stamp = f"Now: {now:%A} {now.date().isoformat()}, {now:%H:%M}."
    goal = _goal(today_row, default_goal)
    if today_row is None:
        return f"{stamp} Today so far: no steps synced yet (goal {_fmt(goal)})."
    return (f"{stamp} Today so far: {_fmt(today_row.steps)} steps of a {_fmt(goal)} goal "
            "(partial: the day is not over).")


def day_line(d: date, row: Day | None, default_goal: int) -> str:
    head = f"- {d:%a} {d.isoformat()}:"
    if row is None:
        return f"{head} no steps recorded"
    goal = _goal(row, default_goal)
    met = "met" if row.steps >= goal else "not met"
    return f"{head} {_fmt(row.steps)} steps, goal {_fmt(goal)}, {met}"


def summary_line(span: Span, rows: dict[str, Day], default_goal: int) -> str:
    days = [span.start + timedelta(days=i) for i in range((span.end - span.start).days + 1)]
    got = [rows[d.isoformat()] for d in days if d.isoformat() in rows]
    head = f"- {span.label} ({span.start.isoformat()} to {span.end.isoformat()}):"
    if not got:
        return f"{head} no steps recorded"
    total = sum(r.steps for r in got)
    met = sum(1 for r in got if r.steps >= _goal(r, default_goal))
    best = max(reversed(got), key=lambda r: r.steps)  # newest wins a tie
    return (f"{head} {len(got)} of {len(days)} days recorded, {_fmt(total)} steps, "
            f"average {_fmt(total / len(got))}/day, goal met on {met}, "
            f"best {_fmt(best.steps)} on {best.date}")


# --------------------------------------------------------------------------- full-text search


def fts_query(text: str) -> str | None:
    """An FTS5 query matching any meaningful word of `text`, each quoted; None if none.

    Only letters and digits survive tokenising, and every token is wrapped in double quotes
    (with quotes doubled, though none can remain), so operators, columns, `*`, `NEAR` and
    parentheses typed by the user are searched for as words, never executed.
    """
    seen: list[str] = []
    for token in re.findall(r"[^\W_]+", text.lower()):
        if len(token) < 3 or token.isdigit() or token in STOPWORDS or token in seen:
            continue
        seen.append(token)
        if len(seen) == MAX_QUERY_TOKENS:
            break
    if not seen:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in seen)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def journal_hits(conn: sqlite3.Connection, query: str, *, exclude_ids: Iterable[int],
                 watermark: int | None, limit: int = JOURNAL_HITS) -> list[str]:
    rows = conn.execute(
        "SELECT j.entry_date, j.text FROM journal_fts f JOIN journal j ON j.entry_id = f.rowid "
        "WHERE journal_fts MATCH ? AND j.entry_id <= ? "
        "AND j.entry_id NOT IN (SELECT value FROM json_each(?)) "
        "ORDER BY bm25(journal_fts), j.entry_id DESC LIMIT ?",
        (query, watermark if watermark is not None else 2**62,
         json.dumps(sorted(exclude_ids)), limit),
    ).fetchall()
    return [f"- {entry_date}: {_one_line(text)}" for entry_date, text in rows]


def review_hits(conn: sqlite3.Connection, query: str, *, limit: int = REVIEW_HITS) -> list[str]:
    rows = conn.execute(
        "SELECT r.period_key, substr(r.created_at, 1, 10), "
        f"snippet(reviews_fts, 0, '', '', '...', {SNIPPET_TOKENS}) "
        "FROM reviews_fts f JOIN reviews r ON r.review_id = f.rowid "
        "WHERE reviews_fts MATCH ? "
        "AND r.review_id = (SELECT MAX(review_id) FROM reviews r2 WHERE r2.period_key = r.period_key) "
        "ORDER BY bm25(reviews_fts), r.review_id DESC LIMIT ?",
        (query, limit),
    ).fetchall()
    return [f"- review {key} (saved {saved}): \"{_one_line(snip)}\"" for key, saved, snip in rows]


def chat_hits(conn: sqlite3.Connection, query: str, *, session_id: int | None,
              limit: int = CHAT_HITS) -> list[str]:
    rows = conn.execute(
        "SELECT substr(t.created_at, 1, 10), t.role, "
        f"snippet(turns_fts, 0, '', '', '...', {SNIPPET_TOKENS}) "
        "FROM turns_fts f JOIN turns t ON t.turn_id = f.rowid "
        "WHERE turns_fts MATCH ? AND t.session_id IS NOT ? AND t.status = 'ok' "
        "AND t.memory_on = 1 "
        "ORDER BY bm25(turns_fts), t.turn_id DESC LIMIT ?",
        (query, session_id, limit),
    ).fetchall()
    who = {"user": "you said", "assistant": "coach said"}
    return [f"- {day}, {who[role]}: \"{_one_line(snip)}\"" for day, role, snip in rows]


JOURNAL_TITLE = "Older journal lines that match:"


def without_deleted_lines(conn: sqlite3.Connection, recall: str) -> str:
    """`recall` (a stored block) minus journal lines the user has since deleted.

    A deleted line must not reach the model again, not even inside an earlier turn's recall
    that history re-sends; the title goes too when no line is left under it.
    """
    out: list[str] = []
    in_journal = False
    for line in recall.split("\n"):
        if not line.startswith("- "):
            in_journal = line == JOURNAL_TITLE
            out.append(line)
            continue
        if in_journal:
            day, text = line[2:12], line[14:]
            if conn.execute("SELECT 1 FROM journal WHERE entry_date = ? AND text = ? LIMIT 1",
                            (day, text)).fetchone() is None:
                continue
        out.append(line)
    out = [l for i, l in enumerate(out)
           if not (l == JOURNAL_TITLE and (i + 1 == len(out) or not out[i + 1].startswith("- ")))]
    return "\n".join(out)


# --------------------------------------------------------------------------- the block


def build_recall(
    conn: sqlite3.Connection,
    text: str,
    *,
    now: datetime,
    default_goal: int,
    max_chars: int,
    session_id: int | None = None,
    snapshot_entry_ids: Iterable[int] = (),
    journal_watermark: int | None = None,
) -> str:
    """The recall+live block for one message, at most `max_chars` long ("" when nothing fits)."""
    if max_chars < 0:
        raise ValueError(f"max_chars must be 0 or more, got {max_chars}")
    if default_goal < 1:
        raise ValueError(f"default_goal must be at least 1, got {default_goal}")
    today = now.date()
    spans = named_spans(text, today)
    lo = min([s.start for s in spans], default=today)
    rows = {d.date: d for d in load_days(conn, lo, today)}

    sections: list[tuple[str | None, list[str]]] = [
        (None, [live_line(now, rows.get(today.isoformat()), default_goal)])
    ]

    listed: list[date] = []
    summaries: list[str] = []
    for span in spans:
        if span.summary:
            if len(summaries) < MAX_SUMMARIES:
                summaries.append(summary_line(span, rows, default_goal))
            if (span.end - span.start).days < 7:
                listed += [span.start + timedelta(days=i)
                           for i in range((span.end - span.start).days + 1)]
        else:
            listed.append(span.start)
    days = sorted(set(listed))[-MAX_LISTED_DAYS:]
    day_lines = [day_line(d, rows.get(d.isoformat()), default_goal) for d in days]
    sections.append(("Days this message mentions:", day_lines + summaries))

    query = fts_query(text)
    if query is not None:
        sections.append((
            JOURNAL_TITLE,
            journal_hits(conn, query, exclude_ids=snapshot_entry_ids, watermark=journal_watermark),
        ))
        sections.append(("Saved reviews that match:", review_hits(conn, query)))
        sections.append(("Earlier chats that match:", chat_hits(conn, query, session_id=session_id)))

    return _fit(sections, max_chars)


def _fit(sections: list[tuple[str | None, list[str]]], max_chars: int) -> str:
    """HEADER plus whole lines in priority order, never longer than `max_chars`.

    The first section (the live line) is the anchor: when it does not fit, nothing is sent.
    After it, a line that does not fit is skipped and a shorter one further down may still go.
    """
    out = HEADER
    for index, (title, lines) in enumerate(sections):
        pending_title = title
        for line in lines:
            piece = (f"\n{pending_title}" if pending_title else "") + "\n" + line
            if len(out) + len(piece) > max_chars:
                if index == 0:
                    return ""
                continue
            out += piece
            pending_title = None
    return out
