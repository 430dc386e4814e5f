"""Recall: what one message needs, rendered as the first block of that user turn.

Pure given the database and `now`: the same rows, message and clock give the same text, in a
fixed order (no set or dict iteration decides anything). It never goes in the system prompt,
so it can change every turn without touching the cached prefix. In priority order, and cut at
whole lines to `max_chars`:

1. the live line: date, weekday, time, today's partial steps and goal;
1a. when the session's snapshot was rendered on an earlier day: every ledger fact that differs
   from the snapshot, as `coach-tui facts` prints it, labelled as current, then every complete
   day since the snapshot's last day up to yesterday (at most `MAX_LISTED_DAYS` listed, newest
   last, then one summary line). The system prompt stays as it was; the model never reads a
   stale fact without the current one beside it;
2. the days the message names ("yesterday", "Tuesday", "last Tuesday", "2026-11-24",
   "this week", "last week", "last 5 days", "this month", "October", "May 2026"), with steps,
   goal and met from SQL; a month or week also gets a summary line computed here;
3. journal lines that match the message and are not already in the session's snapshot, and
   only those that existed when the snapshot was rendered (a line written mid-session reaches
   the model with the next session, as the DESIGN says);
4. saved reviews that match (the newest save of each period);
5. chat snippets from earlier sessions that match, from turns sent with memory on (and from
   this session's exchanges that its history cut left out).

Matching uses SQLite FTS5; the user's words are reduced to plain tokens and each is quoted, so
no text a user types is ever parsed as FTS syntax.

Day words ("yesterday", "last Tuesday", "last week", "October"...) are read by
memory/daywords.py; days are written by memory/daylines.py, as reviews write them.

The block records the journal lines it quoted, by entry id with the line as sent, so a line the
user deletes later can be taken out of a stored block exactly (`without_deleted_lines`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from coach_tui.memory.daylines import day_line, live_line, summary_line
from coach_tui.memory.daywords import MONTHS, WEEKDAYS, Span, named_spans
from coach_tui.memory.snapshot import current_facts
from coach_tui.store import search
from coach_tui.store.journal import existing_ids
from coach_tui.store.steps import load_days
from coach_tui.text import one_line

HEADER = (
    "CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; "
    "numbers here come from the user's records):"
)
JOURNAL_TITLE = "Older journal lines that match:"
CURRENT_FACTS_TITLE = (
    "Current facts (as of yesterday; where the memory snapshot above says otherwise, "
    "these are true now):"
)
SINCE_TITLE = "Days since the memory snapshot (rendered {rendered}, facts through {through}):"
MAX_LISTED_DAYS = 14
MAX_SUMMARIES = 3
JOURNAL_HITS = 3
REVIEW_HITS = 2
CHAT_HITS = 3
MAX_QUERY_TOKENS = 16
SNIPPET_TOKENS = 24

# Words that say *when*, not *what*, plus the commonest English words: matching on them would
# pull in every chat ever had.
STOPWORDS = frozenset(
    [
        "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
        "any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between",
        "both", "but", "by", "can", "could", "did", "do", "does", "doing", "done", "down",
        "during", "each", "few", "for", "from", "further", "get", "got", "had", "has", "have",
        "having", "he", "her", "here", "hers", "him", "his", "how", "i", "if", "in", "into", "is",
        "it", "its", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of",
        "off", "on", "once", "only", "or", "other", "our", "ours", "out", "over", "own", "same",
        "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them",
        "then", "there", "these", "they", "this", "those", "through", "to", "too", "under",
        "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while",
        "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "im",
        "ive", "dont", "didnt", "cant", "wont", "isnt", "thats", "lets", "okay", "ok", "yes",
        "yeah", "hey", "hi", "hello", "please", "thanks", "thank", "much", "many", "really",
        "still", "well", "today", "yesterday", "tomorrow", "tonight", "morning", "evening",
        "afternoon", "night", "day", "days", "week", "weeks", "month", "months", "year", "years",
        "last", "next", "ago", "since", "tell", "know", "think", "want", "like", "feel", "make",
        "going", "went", "step", "steps"
    ]
) | frozenset(WEEKDAYS) | frozenset(MONTHS)


@dataclass(frozen=True)
class Recall:
    """A recall block as sent, and the journal lines it quotes.

    `quoted` holds (entry id, the line exactly as it appears in `text`) for every journal line
    the block holds, so the line can be removed by id after the entry itself is gone.
    """

    text: str                                   # "" when not even the live line fits
    quoted: tuple[tuple[int, str], ...] = ()


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


def journal_hits(conn: sqlite3.Connection, query: str, *, exclude_ids: Iterable[int],
                 watermark: int | None, limit: int = JOURNAL_HITS) -> list[tuple[int, str]]:
    """(entry id, line) for each matching journal line, best match first."""
    hits = search.search_journal(conn, query, exclude_ids=exclude_ids, watermark=watermark,
                                 limit=limit)
    return [(e.entry_id, f"- {e.entry_date}: {one_line(e.text)}") for e in hits]


def review_hits(conn: sqlite3.Connection, query: str, *, limit: int = REVIEW_HITS) -> list[str]:
    hits = search.search_reviews(conn, query, limit=limit, snippet_tokens=SNIPPET_TOKENS)
    return [f"- review {h.period_key} (saved {h.saved_on}): \"{one_line(h.snippet)}\""
            for h in hits]


def chat_hits(conn: sqlite3.Connection, query: str, *, session_id: int | None,
              limit: int = CHAT_HITS, context_from: int = 0) -> list[str]:
    hits = search.search_chats(conn, query, session_id=session_id, limit=limit,
                               snippet_tokens=SNIPPET_TOKENS, context_from=context_from)
    who = {"user": "you said", "assistant": "coach said"}
    return [f"- {h.day}, {who[h.role]}: \"{one_line(h.snippet)}\"" for h in hits]


def without_deleted_lines(conn: sqlite3.Connection, recall: Recall) -> Recall:
    """`recall` (a stored block) minus the journal lines whose entries have since been deleted.

    A deleted line must not reach the model again, not even inside an earlier turn's recall
    that history re-sends; the title goes too when no quoted line is left under it. The lines
    are found by the ids the block recorded, never by reading its text back.
    """
    alive = existing_ids(conn, (entry_id for entry_id, _ in recall.quoted))
    kept = tuple(q for q in recall.quoted if q[0] in alive)
    if len(kept) == len(recall.quoted):
        return recall
    gone = {line for entry_id, line in recall.quoted if entry_id not in alive}
    if not kept:
        gone.add(JOURNAL_TITLE)
    # A journal line ("- DATE: TEXT") has a shape no other recall line has, and the title
    # line is only ever the title, so removing these exact lines removes nothing else.
    text = "\n".join(line for line in recall.text.split("\n") if line not in gone)
    return Recall(text, kept)


# --------------------------------------------------------------------------- since the snapshot


def since_snapshot(
    conn: sqlite3.Connection, *, snapshot_date: date, snapshot_text: str, today: date,
    default_goal: int,
) -> list[tuple[str, list[str]]]:
    """The sections a session rendered before `today` needs: current facts, days since.

    Empty when the snapshot is today's. A fact is current-and-different when its line is not
    one of the snapshot's lines (the snapshot writes each fact as "- FACT").
    """
    if snapshot_date >= today:
        return []
    held = set(snapshot_text.split("\n"))
    changed = [f"- {fact}" for fact in current_facts(conn, today, default_goal)
               if f"- {fact}" not in held]
    last = today - timedelta(days=1)
    count = (last - snapshot_date).days + 1
    days = [snapshot_date + timedelta(days=i) for i in range(count)]
    rows = {d.date: d for d in load_days(conn, snapshot_date, last)}
    lines = [day_line(d, rows.get(d.isoformat()), default_goal) for d in days[-MAX_LISTED_DAYS:]]
    if count > MAX_LISTED_DAYS:
        span = Span(f"all {count} days since the snapshot", snapshot_date, last, True)
        lines.append(summary_line(span, rows, default_goal))
    title = SINCE_TITLE.format(rendered=snapshot_date.isoformat(),
                               through=(snapshot_date - timedelta(days=1)).isoformat())
    return [(CURRENT_FACTS_TITLE, changed), (title, lines)]


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
    snapshot: tuple[date, str] | None = None,
    context_from: int = 0,
) -> Recall:
    """The recall+live block for one message, at most `max_chars` long ("" when nothing fits).

    `snapshot` is (the day the session's snapshot was rendered, its text): a snapshot from an
    earlier day brings the current facts and the days since (see the module docstring).
    `context_from` is the session's history cut: its exchanges before that user turn are no
    longer in the request, so they can be recalled like other sessions' chats.
    """
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
    if snapshot is not None:
        sections += since_snapshot(conn, snapshot_date=snapshot[0], snapshot_text=snapshot[1],
                                   today=today, default_goal=default_goal)

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

    quotable: list[tuple[int, str]] = []
    journal_section = len(sections)
    query = fts_query(text)
    if query is not None:
        quotable = journal_hits(conn, query, exclude_ids=snapshot_entry_ids,
                                watermark=journal_watermark)
        sections.append((JOURNAL_TITLE, [line for _, line in quotable]))
        sections.append(("Saved reviews that match:", review_hits(conn, query)))
        sections.append(("Earlier chats that match:",
                         chat_hits(conn, query, session_id=session_id, context_from=context_from)))

    block, kept = _fit(sections, max_chars)
    return Recall(block, tuple(q for i, q in enumerate(quotable) if (journal_section, i) in kept))


def _fit(sections: list[tuple[str | None, list[str]]],
         max_chars: int) -> tuple[str, set[tuple[int, int]]]:
    """HEADER plus whole lines in priority order, never longer than `max_chars`.

    Returns the text and the (section, line) indexes it holds. The first section (the live
    line) is the anchor: when it does not fit, nothing is sent. After it, a line that does not
    fit is skipped and a shorter one further down may still go.
    """
    out, kept = HEADER, set()
    for index, (title, lines) in enumerate(sections):
        pending_title = title
        for number, line in enumerate(lines):
            piece = (f"\n{pending_title}" if pending_title else "") + "\n" + line
            if len(out) + len(piece) > max_chars:
                if index == 0:
                    return "", set()
                continue
            out += piece
            kept.add((index, number))
            pending_title = None
    return out, kept
