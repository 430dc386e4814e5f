"""Recall: what one message needs, rendered as the first block of that user turn.

Pure given the database and `now`: the same rows, message and clock give the same text, in a
fixed order (no set or dict iteration decides anything). It never goes in the system prompt,
so it can change every turn without touching the cached prefix. In priority order, and cut at
whole lines to `max_chars`, with what the message recalls (2 and 3) within `max_tokens`
(estimated as the history window does: bytes / 3):

1. the live line: date, weekday, time, today's partial steps, goal and steps left to it;
1a. when the session's snapshot was rendered on an earlier day: every ledger fact that differs
   from the snapshot, as `coach-tui facts` prints it, labelled as current, then every complete
   day since the snapshot's last day up to yesterday (at most `MAX_LISTED_DAYS` listed, newest
   last, then one summary line). The system prompt stays as it was; the model never reads a
   stale fact without the current one beside it;
2. the days the message names, as people say them (memory/daywords.py, datewords.py: "Nov
   13", "13/11" in the user's date order, "the week of the 10th", "early October", "3 weeks
   ago"), its best or worst day, week or month (memory/bests.py), and days anchored on an event
   ("since the trip": memory/events.py, dated by the memories that name it), with steps, goal
   and met from SQL; a span gets a totals line computed here; when the message compares
   periods, both periods' totals, averages and the change in percent;
3. the memories that match, in one list, best first (memory/ranking.py): journal lines not
   already in the session's snapshot that existed when it was rendered (a line written
   mid-session reaches the model with the next session, as the DESIGN says), saved reviews
   (the newest save of each period), and earlier exchanges (the user's message with the
   coach's reply, a long one cut to the sentences that hold the message's words:
   memory/chat_lines.py) sent with memory on, from other sessions or left out of this one's
   history; a day or week the message names is searched for its own exchanges too. Each is
   dated; at most `MAX_SHOWN`, or `MAX_FLAT` when many match about as well as the best
   (memory/shown.py). A message that asks for a review gets the saved reviews of the
   periods it names;
4. the days of the periods named that are a week long or shorter, as room allows.

Matching uses one SQLite FTS5 index (store/search.py) with the words of the message and their
synonyms (memory/query.py); no text a user types is ever parsed as FTS syntax.

The result carries each item with its source and score (`Recall.items`, for `coach-tui recall
--json`) and the journal lines it quoted, by entry id with the line as sent, so a line the
user deletes later can be taken out of a stored block exactly (`without_deleted_lines`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, cast

from coach_tui.memory import bests, events, names
from coach_tui.memory.anchors import (
    BEFORE_I_LEFT,
    HOME_DAYS,
    SAID_DAYS,
    SEARCH_LIMIT,
    STILL,
    TOLD_DAYS,
    TOLD_YOU,
    best_said,
    days_after,
    event_anchors,
    goal_change_lines,
    goals_changed,
    lines_of_day,
    reviews_of,
    said_before,
    said_within,
    search_memories,
    story_of,
    told_of,
)
from coach_tui.memory.before_that import next_to, said_of_that
from coach_tui.memory.chat_lines import term_weights
from coach_tui.memory.datewords import (
    DAY_AND_MONTH_NAMES,
    MONTHS,
    WEEKDAYS,
    month_number,
    week_of,
)
from coach_tui.memory.day_items import MAX_SUMMARIES, day_items
from coach_tui.memory.daylines import comparing_words, live_line
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.evaluative import sized
from coach_tui.memory.event_refs import without_dating_months
from coach_tui.memory.events import with_stretches
from coach_tui.memory.first_after import RELATIONS as FIRST_RELATIONS
from coach_tui.memory.first_after import earliest_telling, first_done
from coach_tui.memory.focus import (
    DATA_WORDS,
    I_SAID_OF_IT,
    OPEN,
    SAID_LIMIT,
    STEPS_WISE,
    THAT_DAY,
    THAT_WEEKDAY,
    WHAT_HAPPENED,
    WHAT_HAPPENED_DAYS,
    WHAT_HAPPENED_WEEK,
    WHAT_I_SAID,
    WHY_LINES,
    WHY_ME,
    WHY_SO,
    asked_days,
    asks_days,
    asks_when,
    memory_data_words,
    qualifies,
    remark_only,
    reviews_alone,
    step_counts,
    that_day,
    unasked_periods,
)
from coach_tui.memory.followups import with_follow_ups
from coach_tui.memory.furthest import furthest
from coach_tui.memory.goal_spans import GOALS_ON, goal_asks, goal_moved, goal_span, loose_goal
from coach_tui.memory.lasted import both_ends
from coach_tui.memory.message_parts import asked_only, asking, clauses, told_before
from coach_tui.memory.part_ranks import days_before, following_week, rank_parts, with_review
from coach_tui.memory.query import (  # noqa: F401  fts_query: re-exported
    base_form,
    expand,
    fts_query,
    message_words,
    negated_words,
    query_terms,
    read_phrases,
    spelled_out,
    terms_query,
    topic_months,
)
from coach_tui.memory.ranking import (
    KIND_WORDS,
    SURE_COVER,
    Ranked,
    asked_kind,
    covered_words,
    recorded_first,
)
from coach_tui.memory.recall_items import (  # noqa: F401  estimate_tokens: re-exported
    Recall,
    RecallItem,
    estimate_tokens,
    fit_block,
    memory_item,
)
from coach_tui.memory.shown import shown
from coach_tui.memory.since import since_snapshot
from coach_tui.memory.snippets import snippet
from coach_tui.memory.spans import Span
from coach_tui.memory.spoken import ordinal_word
from coach_tui.memory.weekday_within import MAX_PERIOD_DAYS, weekdays_within
from coach_tui.memory.written_numbers import by_written_number
from coach_tui.store import search
from coach_tui.store.journal import entry_texts, existing_ids
from coach_tui.store.steps import load_days, period_totals
from coach_tui.text import starting

HEADER = (
    "CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; "
    "numbers here come from the user's records):"
)
# "what did you say when I asked you about it": words of the asking, no topic
# (how the user told the coach: "what did you say when I moaned about it at the time?")
_ASKING_WORDS = frozenset(["asked", "ask", "asking", "brought", "raised", "mentioned", "moaned",
                           "moan", "moaning", "complained", "complaining", "whinged",
                           "whinging", "grumbled", "grumbling"])
DAYS_TITLE = "Days this message mentions:"
PERIOD_DAYS_TITLE = "Day by day, the periods above:"
MEMORIES_TITLE = "Memories that match, best first:"
FIRST_LIMIT = 200      # the memories after an event read for the first time of something
MAX_MEMORIES = 12       # no budget fits more; later ones are not rendered with care
SNIPPET_TOKENS = 40
TOLD_AFTER = 1          # of the exchanges after a named day that tell of it, the best kept
WITHIN_DAYS = 7         # a named span this short is searched for its own exchanges too
NOTED_DAYS = 3          # asked what the journal noted of a span this short: its days' lines
# "how long was he restricted for": how long a state lasted, whatever it was.
HOW_LONG_WAS = re.compile(starting(r"h") +
                          r"\bhow\s+long\s+(?:was|were|did\s+it\s+take)\b", re.IGNORECASE)


# "During that wet and windy spell ..., how far": a time told before the question it leads
_LEAD_TIME = re.compile(starting(r"\!\.\?", or_line_start=True) +
                        r"(?:^|[.!?]\s+)(?:back\s+)?(?:during|when|while|in|after|before|around|"
                        r"on|at)\b([^.?!,;]{8,}?),\s*(?:how|what|when|where|which|who|did|was|"
                        r"were|do)\b", re.IGNORECASE)
_SINCE_THEN = re.compile(starting(r"afs") +
                         r"\b(?:since|after|from)\s+(?:then|that)\b(?!\s+(?:day|week|month)\b)",
                         re.IGNORECASE)
_LASTING = frozenset({"during", "the week of", "the weekend of"})
_DATING_WEEKS = frozenset({"last week", "this week", "the week before last"})
_WEEKDAY_OF_EVENT = re.compile(starting(r"t") +
                               r"\b(?:the|that)\s+(mon|tues|wednes|thurs|fri|satur|sun)day\s+"
                               r"(?:that\s+|when\s+)?(?:i|we)\s+(?!will\b|am\b|'m\b|'ll\b)",
                               re.IGNORECASE)
_CALENDAR_WEEK = re.compile(starting(r"clpt") +
                            r"\b(?:last|past|previous|this|current)\s+week\b", re.IGNORECASE)
_WEEKDAY_RELATION = re.compile(r"the (?:mon|tues|wednes|thurs|fri|satur|sun)day (?:after|before)")
_PART_OF_A_MONTH = re.compile(r"(?:early|mid|middle|late|end|start|beginning) [A-Z][a-z]+ \d{4}$")
# "my step total for mid-October, and the review of the storm week": the part is asked for
_PART_ASKED = re.compile(starting(r"afhost") +
                         r"\b(?:totals?|steps?|average|avg|for|over|across|how\s+(?:many|much))"
                         r"\s+(?:(?:my|the|in|of)\s+)*(?:early|mid|middle|late|end|start|"
                         r"beginning)\b", re.IGNORECASE)


# "...which day was that, how many steps, and what did you tell me?": a day asked for too
_WHICH_DAY_WAS_IT = re.compile(starting(r"w") +
                               r"\b(?:which|what)\s+day\s+was\s+(?:that|it|this)\b",
                               re.IGNORECASE)
# "early October, right after the flu": the event places the days named
_RIGHT_AFTER = re.compile(starting(r"dijrs") +
                          r"\b(?:right|just|straight|immediately|directly)\s+after\b",
                          re.IGNORECASE)


def _placed_by(text: str, part: Span, anchored: list[Span]) -> bool:
    """Whether `part` (a part of a month the message names) is asked for, an open stretch
    after an event beginning in it only placing it ("how was I in early October, right after
    the flu?"): the stretch runs on past it, and the message says "right after"."""
    return bool(_PART_OF_A_MONTH.match(part.label)) and _RIGHT_AFTER.search(text) is not None \
        and any(part.start - timedelta(days=3) <= a.start <= part.end < a.end
                and a.days > 2 * part.days for a in anchored)


def _part_asked(text: str) -> bool:
    """Whether `text` asks for the days of a part of a month by its words ("what was my step
    total for mid-October"), rather than dating an event with it ("that head cold at the end
    of last month")."""
    return _PART_ASKED.search(text) is not None

# --------------------------------------------------------------------------- memories


LEANING_WORDS = 2  # a question with this few words of its own may lean on the remark before it
# ...when it asks what the coach said, or points back at the remark's matter ("In September I
# was sick with the grippe. It started when?", "After the half my kneecap started grumbling
# again. How long did it take to calm down?")
_LEANS_BACK = re.compile(starting(r"hist") +
                         r"\b(?:he|she|him|it|them)\b", re.IGNORECASE)


def _asked_words(text: str, words: list[str], questions: list[str]) -> list[str]:
    """`words` without those only a lead-in remark holds ("The pup came home limping from the
    woods. When he hurt his foot in September, what happened?": not limping, nor the woods),
    when the questions hold at least two words of their own and point back at nothing ("What
    did you advise?", "what did you say about it?" lean on the remark)."""
    before = told_before(text)
    if not before or _POINTS_BACK.search(" ".join(questions)):
        return words
    theirs = {w for q in questions for w in message_words(q)}
    own = [w for w in words if w in theirs]
    return own if len(own) >= 2 else words


# "how many steps did I walk on 3/11?": the verb that counts the steps
_STEPS_WALKED = re.compile(starting(r"s") +
                           r"\bsteps?\s+(?:did\s+|have\s+|had\s+)?(?:i|we)\s+(?:walk|walked)\b",
                           re.IGNORECASE)
# ("for a few weeks in November", "my target was up at 12k in november": the month dates it)
_WEEKS_IN = re.compile(starting(r"dgstw\d") +
                       r"(?:\b(?:weeks?|days|while|stretch|spell|time|goal|target|thousand)"
                       r"|\d[kK]|\d,\d{3})\s+in\s+([a-z]+)\b", re.IGNORECASE)
_STEPS_ASKED = re.compile(starting(r"ast") +
                          r"\b(?:average|total|steps)\b", re.IGNORECASE)
_POINTS_BACK = re.compile(starting(r"it") +
                          r"\b(?:it|that|this|them|those|these)\b", re.IGNORECASE)


_SINCE_GOAL_EVENT = re.compile(r"since the (?:target|goal)\b(?! became)")


def _within(day: str, span: Span) -> bool:
    return span.start.isoformat() <= day <= span.end.isoformat()


def without_deleted_lines(conn: sqlite3.Connection, recall: Recall) -> Recall:
    """`recall` (a stored block) minus the journal lines whose entries have since been deleted.

    A deleted line must not reach the model again, not even inside an earlier turn's recall
    that history re-sends; a section title goes too when no line is left under it. The lines
    are found by the ids the block recorded, never by reading its text back.
    """
    alive = existing_ids(conn, (entry_id for entry_id, _ in recall.quoted))
    kept = tuple(q for q in recall.quoted if q[0] in alive)
    if len(kept) == len(recall.quoted):
        return recall
    gone = {line for entry_id, line in recall.quoted if entry_id not in alive}
    lines = [line for line in recall.text.split("\n") if line not in gone]
    # A title of a list ends with ":" and is followed by its "- " lines; an empty one goes.
    lines = [line for i, line in enumerate(lines)
             if not (i > 0 and line.endswith(":") and not line.startswith("- ")
                     and (i + 1 == len(lines) or not lines[i + 1].startswith("- ")))]
    items = tuple(it for it in recall.items if it.text not in gone)
    return Recall("\n".join(lines), kept, items)


# --------------------------------------------------------------------------- the block

# "what did you tell me to do", "what did you say": the coach's words asked for
_YOU_SAID = re.compile(starting(r"w") +
                       r"\bwhat\s+did\s+(?:you|u)\s+(?:say|tell|suggest|recommend|advise|reckon)\b",
                       re.IGNORECASE)
# "when did i move up to the 10k a day thing", "dropped it back to 10k": a target's change to or
# from a level
_GOAL_CHANGE = re.compile(starting(r"bcdgilmrsuw") +
                          r"\b(?:(?:rais|lower|bump|increas|decreas|drop|upp|chang|switch)\w*\s+"
                          r"(?:it\s+|the\s+\w+\s+)?(?:up\s+|down\s+|back\s+)?|(?:mov|went|go)\w*"
                          r"\s+(?:it\s+)?(?:up|down|back)\s+)(?:to|from)\s+(?:the\s+)?\d+(?:[.,]\d+)?k?"
                          r"\b", re.IGNORECASE)  # (not "going to 10k today")


# a line placing itself after something ("Back at parkrun after the knee break")
_TELLS_AFTER = re.compile(starting(r"afs") +
                          r"\b(?:after|since|following)\s+(?:the\s+|my\s+|a\s+)?[^\W\d_]+",
                          re.IGNORECASE)


def _first_after(conn: sqlite3.Connection, done: list[str], spans: list[Span],
                 anchors: list[search.Hit], search_kw: dict[str, Any],
                 dated_by: Sequence[search.Hit] = (), days_asked: bool = False,
                 unit: str | None = None) -> tuple[list[Span], list[search.Hit]]:
    """`spans` with the days after an event (the first of them that runs on from it) given as
    the day of the earliest journal line or exchange among them telling of `done`, and that
    memory among `anchors`; unchanged when none tells of it. When a line that dated the event
    (`dated_by`, the snapshot's lines too) tells of it, that line is the answer: its day, when
    it places itself after something ("Back at parkrun after the knee break") and the message
    asks for the day's steps (`days_asked`), else unchanged ("Running paused": which run came
    first is not for the words to say). The snapshot's lines are read too, and not given
    again. With `unit` "weekend" or "week" ("the weekend when I came back to parkrun after the
    knee trouble"), the weekend or Monday-to-Sunday week holding that day."""
    after = next((s for s in spans if s.summary and s.label.startswith(FIRST_RELATIONS)), None)
    if after is None:
        return spans, anchors
    if (told := earliest_telling([*anchors, *dated_by], done)) is not None:
        # ("my first parkrun back after the knee break, steps that day?": the line "Back at
        # parkrun after the knee break" is the answer, and its day the day asked)
        if days_asked and told.kind == search.JOURNAL_KIND and _TELLS_AFTER.search(told.text):
            return [_unit_of(date.fromisoformat(told.day), unit) if s is after else s
                    for s in spans], anchors
        return spans, anchors
    start, end = after.start.isoformat(), after.end.isoformat()
    memories = search.journal_within(conn, start, end, exclude_ids=(),
                                     watermark=search_kw["watermark"], limit=FIRST_LIMIT)
    memories += search.exchanges_within(conn, start, end, session_id=search_kw["session_id"],
                                        context_from=search_kw["context_from"],
                                        limit=FIRST_LIMIT)
    first = earliest_telling(memories, done)
    if first is None:
        return spans, anchors
    day = date.fromisoformat(first.day)
    shown = first.kind != search.JOURNAL_KIND or first.ref not in search_kw["exclude_ids"]
    return ([_unit_of(day, unit) if s is after else s for s in spans],
            [*anchors, first] if shown else anchors)


def _unit_of(day: date, unit: str | None) -> Span:
    """The day, or the weekend (Saturday and Sunday) or Monday-to-Sunday week holding it."""
    monday, sunday = week_of(day)
    if unit == "week":
        return Span(f"the week of {monday.isoformat()}", monday, sunday, True)
    if unit == "weekend":
        saturday = sunday - timedelta(days=1)
        return Span(f"the weekend of {saturday.isoformat()}", saturday, sunday, True)
    return Span(day.isoformat(), day, day, False)


# "the weekend when I came back to parkrun after the knee trouble": that day's weekend
_UNIT_OF_DONE = re.compile(starting(r"t") +
                           r"\bthe\s+(weekend|week)\s+(?:when\s+|that\s+)?(?:i|we)\s+",
                           re.IGNORECASE)


def as_read(text: str) -> str:
    """A message as recall reads it before anything else: text-speak written out, a stretch
    of time said another way said as the relations read it ("in the time with the goal of
    12 000"), and a day or week that opens a sentence without its "the" given it ("Saturday
    before Lisbon", "day i bought the brooks?", "first run after the half?").
    "Since it cleared" after a sentence naming the cold is said as "since the cold cleared"
    (`events.it_named`); "the patella-thing wk" as "the patella wk". bench/date_reading.py
    reads its messages the same way."""
    for reading in _READ_IN_ORDER:
        text = reading(text)
    return text


# "12.-14.11.", "5. - 11.10.2026": two days of one month, the month written once (as Germans
# write a range), written as "12.11.-14.11."
_DOTTED_DAYS = re.compile(starting(r"\d") +
                          r"(?<![\d.,])(\d{1,2})\.(\s*(?:-|–|/|to|until|till|bis|and|&)\s*)"
                          r"(\d{1,2})\."
                          r"(\d{1,2})\.?((?:\d{4}|\d{2})?)(?!\d|,\d|\.\d)", re.IGNORECASE)


# "16-17/11", "16 and 17/11": two days of one month, the month written once after the second
# (day first), written as "16/11-17/11"
_SLASHED_DAYS = re.compile(starting(r"\d") +
                           r"(?<![\d.,/])(\d{1,2})(\s*(?:-|–|to|and|&)\s*)(\d{1,2})/(\d{1,2})"
                           r"((?:/(?:\d{4}|\d{2}))?)(?![\d/]|[.,]\d)", re.IGNORECASE)


def _two_days_of_a_month(mark: str, m: re.Match) -> str:
    """Two days of one month, its month written once, as two dates: "16-17/11" as
    "16/11-17/11" (`mark` "/"), "12-13.09" as "12.09-13.09" (`mark` ".")."""
    first, to, last, month, year = m.groups()
    if not (1 <= int(month) <= 12 and 1 <= int(first) < int(last) <= 31):
        return m.group(0)  # ("5-10/12 days"?: no two days of a month)
    return f"{first}{mark}{month}{year}{to}{last}{mark}{month}{year}"


# "Weekend 12-13.09", "12-13.09.2026": the same with a dot (as Poles and Germans write it),
# not a distance, a time or a pace ("8-10.5 km", "2-3.5 hours")
_DOTTED_PAIR = re.compile(starting(r"\d") +
                          r"(?<![\d.,/])(\d{1,2})(\s*(?:-|–)\s*)(\d{1,2})\.(\d{1,2})"
                          r"((?:\.(?:\d{4}|\d{2}))?)\.?(?![\d.]|,\d)"
                          r"(?!\s*(?:k|km|kms|mi|miles?|m|h|hrs?|hours?|mins?|minutes?|kg|%|/)"
                          r"(?![a-z]))", re.IGNORECASE)

# "9. 8.", "18. 10.": a dotted date with a space after the day's dot, as Czech and Slovak
# writers put it
_SPACED_DOTS = re.compile(starting(r"\d") +
                          r"(?<![\d.,])(\d{1,2})\.\s(\d{1,2})\.(?!\d)")


def _unspaced(m: re.Match) -> str:
    day, month = int(m[1]), int(m[2])
    return f"{m[1]}.{m[2]}." if 1 <= day <= 31 and 1 <= month <= 12 else m[0]


def _dotted_days(m: re.Match) -> str:
    first, to, last, month, year = m.groups()
    if not (1 <= int(month) <= 12 and 1 <= int(first) < int(last) <= 31):
        return m.group(0)  # ("a pace of 5.-6.10 a km"?: no two days of a month)
    return f"{first}.{month}.{year}{to}{last}.{month}.{year}"


# "on day when Biscuit cut his paw", "in week when storm was", "on day of half marathon":
# the day (week) its article left out, as speakers of Slavic languages may write it
_NO_THE = re.compile(starting(r"dfios") +
                     r"\b(on|in|during|for|from|since|of)\s+(day|week|weekend|month)"
                     r"(?=\s+(?:when|of|after|before|where)\b)", re.IGNORECASE)
# ("on day of half marathon": the event's article too, once the day has its own)
_OF_NO_THE = re.compile(starting(r"o") + r"\bon\s+the\s+day\s+of\s+"
                        r"(?!(?:the|my|our|that|this|an?|his|her|their)\b)(?=[a-z])", re.IGNORECASE)
# "In the week when was the storm": the week of the storm, as a Russian speaker may write it
_WHEN_WAS_THE = re.compile(starting(r"dtw") +
                           r"\b(days?|weeks?|weekends?|time)\s+when\s+(?:was|were)\s+"
                           r"(the|my|that)\s+(?=[a-z])", re.IGNORECASE)
# "the week after the week of the storm": the week after the storm's ("the week after the
# storm week")
_AFTER_THE_WEEK_OF = re.compile(starting(r"t") +
                                r"\b(the\s+(?:week|weekend)\s+(?:after|before))\s+the\s+week\s+of"
                                r"\s+(?=(?:the|my|that)\s)", re.IGNORECASE)
# A message written as a letter ("Dear Coach, ... Love, Margaret"): its greeting and its
# signature are neither remark nor question
_DEAR = re.compile(r"^\s*dear\s+coach\b[\s,!.]*", re.IGNORECASE)
_SIGNED = re.compile(starting(r"bcklmrtwy\,\.\s") +
                     r"[\s,.]*\b(?:love|lots\s+of\s+love|best\s+wishes|kind\s+regards|regards"
                     r"|warm\s+wishes|yours(?:\s+(?:truly|sincerely|faithfully))?|cheers"
                     r"|many\s+thanks|thanks|ta)\s*,?\s*\n?\s*(?-i:[A-Z][a-z]+)\s*[.!]?\s*$",
                     re.IGNORECASE)
# "on the 21st last month": the 21st of last month (not the month as well)
_NTH_LAST_MONTH = re.compile(starting(r"t") +
                             r"\b(the\s+\d{1,2}(?:st|nd|rd|th)?)\s+(last|this)\s+month\b",
                             re.IGNORECASE)
# "the day before the day before yesterday": three days ago
_BEFORE_BEFORE = re.compile(starting(r"t") +
                            r"\bthe\s+day\s+before\s+the\s+day\s+before\s+yesterday\b",
                            re.IGNORECASE)
# "before yesterday" (Spanish "antes de ayer"), "before-yesterday" (French "avant-hier"): the
# day before yesterday
_BEFORE_YESTERDAY = re.compile(starting(r"b") +
                               r"(?<!\bday\s)(?<!\bthe\s)\bbefore[\s-]+yesterday\b",
                               re.IGNORECASE)
# "there is 10 days, how much steps did I make?" (French "il y a 10 jours"): 10 days ago, a
# count of days said on its own ("there are 10 days left" is none)
_THERE_IS = re.compile(starting(r"t") +
                       r"\bthere\s+(?:is|are|was|were)\s+(\d{1,2}|one|two|three|four|five|six"
                       r"|seven|eight|nine|ten)\s+(days?|weeks?|months?)(?=\s*(?:[,.?!;]|$))",
                       re.IGNORECASE)
# "last to last week" (Indian English), "last last week" (Filipino English), "pichle se pichle
# hafte" (Hinglish, its words read as "last se last week"): the week before last ("last last
# Saturday", Singapore English: the Saturday before last)
_LAST_TO_LAST = re.compile(starting(r"l") +
                           r"\blast[\s-]+(?:(?:to|se)[\s-]+)?last\s+(week|weekend|month|year|"
                           + "|".join(WEEKDAYS) + r")\b", re.IGNORECASE)
# "before two weeks", "the Tuesday before two weeks", "before 4 days" (as Greek and Arabic
# speakers say it): two weeks ago ("before two weeks had passed" is not)
_BEFORE_N = re.compile(starting(r"b") +
                       r"(?<!\bthe\s)\bbefore\s+(\d{1,2}|one|two|three|four|five|six|seven|eight"
                       r"|nine|ten)\s+(days?|weeks?|weekends?|months?)\b"
                       r"(?!\s+(?:of|had|have|has|was|were|is|are|before|after|from)\b)",
                       re.IGNORECASE)
# "12 X", "3 XI" (a Roman numeral month, as Poles write it): 12.10., 3.11. (not "I": "on
# 5/11 I was...")
_ROMAN_MONTH = re.compile(starting(r"\d") +
                          r"\b(\d{1,2})\s+(XII|XI|X|IX|VIII|VII|VI|V|IV|III|II)\b(?!\s*\d)")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9,
          "X": 10, "XI": 11, "XII": 12}
# "21,1 km" (a decimal comma): 21.1 km
_DECIMAL_COMMA = re.compile(starting(r"\d") +
                            r"\b(\d{1,3}),(\d)\s*(km|k|mi|miles?)\b", re.IGNORECASE)
# "pon di 22nd a August" (patois): the 22nd of August
_NTH_A_MONTH = re.compile(starting(r"\d") +
                          r"\b(\d{1,2}(?:st|nd|rd|th))\s+a\s+(?=(?:jan|feb|mar|apr|may|jun|jul|aug"
                          r"|sep|oct|nov|dec)[a-z]*\b)", re.IGNORECASE)
# ("in week when storm was?": the same, its article left out too)
_WHEN_IT_WAS = re.compile(starting(r"dw") +
                          r"\b(days?|weeks?|weekends?)\s+when\s+([a-z]+)\s+(?:was|were)"
                          r"(?=\s*(?:[?.!,;]|$))", re.IGNORECASE)
# "in the time where my target was 12,000", "the week where I was ill": when, as many
# speakers of German and Dutch write it
_TIME_WHERE = re.compile(starting(r"dmpstw") +
                         r"\b(time|times|days?|weeks?|weekends?|period|stretch|months?)\s+where\s+"
                         r"(?=(?:i|my|we|our|the|it)\b)", re.IGNORECASE)


# "Day 1 after I got back from Frankfurt", "day 3 post race": the first (third) day after it
_DAY_N_AFTER = re.compile(starting(r"dt") +
                          r"\b(?:the\s+)?day\s+([1-5]|one|two|three|four|five)\s+(?=after\b)",
                          re.IGNORECASE)
def _nth_day(m: re.Match) -> str:
    return f"the {ordinal_word(m.group(1))} day "


# "my head-cold", "the Lisbon-trip", "the knee-problem": words a writer joins with a hyphen, read
# as two (not "post-race", "knee-gate", "bunged-up", "walking-only", "Mon-Sun": a hyphen that
# other readings rely on)
_COMPOUND = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                       r"\b([A-Za-z]{3,})-(?=([A-Za-z]{3,})\b)")
_KEEP_BEFORE = frozenset(["post", "pre", "mid", "non", "self", "step", "anti", "semi", "half",
                          "well", "long", "short", "all"])
_KEEP_AFTER = frozenset(["gate", "thing", "business", "saga", "drama", "episode", "palaver", "ish",
                         "only", "out", "down", "off", "downs", "ups", "fest", "style", "like",
                         "free", "based", "related", "induced", "build"])


# Words written with a hyphen that are one word ("last week-end" as French speakers write it;
# "the shin-dig in Lisbon", a do), read before the hyphens are
_JOINED = {"week-end": "weekend", "week-ends": "weekends", "shin-dig": "shindig"}
_HYPHEN_JOINED = re.compile(starting(r"sw") +
                            r"\b(?:" + "|".join(_JOINED) + r")\b", re.IGNORECASE)


def _one_word(m: re.Match) -> str:
    return _JOINED[m.group(0).lower()]


def _unhyphened(m: re.Match) -> str:
    before, after = m.group(1).lower(), m.group(2).lower()
    if before in _KEEP_BEFORE or after in _KEEP_AFTER or (
            before in DAY_AND_MONTH_NAMES and after in DAY_AND_MONTH_NAMES):
        return m.group(0)
    return f"{m.group(1)} "


_TOMORROW = re.compile(starting(r"t") +
                       r"\b(?:tomorrow|tmrw|tmr|tomoz|tomorow|tommorow)\b", re.IGNORECASE)
_IN_MONTH = re.compile(starting(r"i") +
                       r"\bin\s+(" + "|".join(MONTHS) + r")\b", re.IGNORECASE)
# "the patella-thing wk", "the knee business week": the week of the knee
_THING_WEEK = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                         r"\b([a-z]+)[- ](?:thing|business|saga|drama|palaver|episode)\s+"
                         r"(week|wk|weekend|day)\b", re.IGNORECASE)


# "how did the cold affect my steps?", "how low did the flu drag my steps?", "what did the storm
# do to my step count?": the steps during it
_EFFECT_ON_STEPS = re.compile(
    starting(r"hw") +
    r"\b(?:how\s+(?:much\s+|badly\s+|low\s+|far\s+|hard\s+)?|what\s+)did\s+(the|my|that)\s+"
    r"([a-z]+(?:[\s-][a-z]+)?)\s+(?:affect|hit|knock|dent|drag|pull|hurt|wreck|tank|do\s+to"
    r"|mess\s+with)\s+(?:down\s+)?(?:to\s+)?my\s+(steps|step\s+count|numbers|totals?)\b",
    re.IGNORECASE)
# "my first Saturday after the race": the first Saturday after it (not last Saturday)
_MY_NTH_WEEKDAY = re.compile(starting(r"m") +
                             r"\bmy\s+((?:first|second|third)\s+(?:mon|tues|wednes|thurs|fri|satur"
                             r"|sun)day\s+(?:after|since|following)\b)", re.IGNORECASE)


# a sentence opening on a day or week an event places, its "the" left out (after the word
# for what is asked, typed like a search: "steps day i saw helen")
_WITHOUT_THE = re.compile(starting(r"\!\.\;\?", or_line_start=True) +
                          r"(^\s*(?:(?:steps?|total|avg|average)\s+)?|[.!?;]\s+)"
                          r"(?=(?:(?:day|week|weekend|fortnight|morning|night"
                          r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(?:before|after)\s"
                          r"|(?:day|week|wk|weekend)\s+(?:i|we)\s"
                          # ("day biscuit cut his paw - steps?", "day the park flooded")
                          r"|(?:day|week|wk|weekend)\s+(?:my|the|[a-z]+\s+(?:cut|hurt|got|went"
                          r"|was|were|had|did|ran|bought|flooded|came))\s"
                          # ("Wk of the Helen diagnosis, Mon-Sun. Total?")
                          r"|(?:day|week|weekend|month)\s+of\s+(?:the|my|our)\s"
                          # ("Day Priya talked me into the half.": someone the user named)
                          r"|(?:day|week|weekend)\s+(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?"
                          r"\s+(?-i:[a-z]+)"
                          r"|first\s+(?:[a-z]+\s+){1,2}?(?:back\s+)?(?:after|since)\s))",
                          re.IGNORECASE)


# "since I come back from the trip" (a learner's present for the past): since I came back
_COME_BACK = re.compile(starting(r"aosw") +
                        r"\b(since|after|when|once)\s+(i|we)\s+(come|get)\s+(back|home)\b",
                        re.IGNORECASE)


def _came_back(m: re.Match) -> str:
    return f"{m[1]} {m[2]} {'came' if m[3].lower() == 'come' else 'got'} {m[4]}"


# "how many steps on Monday after the race?": the Monday after it, as "the Monday after" is
_ON_WEEKDAY_AFTER = re.compile(starting(r"o") +
                               r"\b(on|of)\s+((?:mon|tues|wednes|thurs|fri|satur|sun)day\s+"
                               r"(?:after|before)\s+(?:the|my|our|that)\s)", re.IGNORECASE)


# `as_read`'s readings, each of the text the one before it left
_READ_IN_ORDER: tuple[Callable[[str], str], ...] = (
    partial(_DEAR.sub, ""), partial(_SIGNED.sub, ""), partial(_HYPHEN_JOINED.sub, _one_word),
    partial(_SPACED_DOTS.sub, _unspaced), partial(_DOTTED_DAYS.sub, _dotted_days),
    partial(_SLASHED_DAYS.sub, partial(_two_days_of_a_month, "/")),
    partial(_DOTTED_PAIR.sub, partial(_two_days_of_a_month, ".")),
    partial(_NO_THE.sub, r"\1 the \2"), partial(_OF_NO_THE.sub, "on the day of the "),
    partial(_TIME_WHERE.sub, r"\1 when "),
    partial(_WHEN_WAS_THE.sub, r"\1 of \2 "), partial(_WHEN_IT_WAS.sub, r"\1 of the \2"),
    partial(_AFTER_THE_WEEK_OF.sub, r"\1 "),
    partial(_BEFORE_BEFORE.sub, "3 days ago"), partial(_NTH_LAST_MONTH.sub, r"\1 of \2 month"),
    partial(_BEFORE_YESTERDAY.sub, "the day before yesterday"),
    partial(_NTH_A_MONTH.sub, r"\1 of "), partial(_BEFORE_N.sub, r"\1 \2 ago"),
    partial(_DECIMAL_COMMA.sub, r"\1.\2 \3"),
    partial(_ROMAN_MONTH.sub, lambda m: f"{m[1]}.{_ROMAN[m[2]]}."),
    partial(_THERE_IS.sub, r"\1 \2 ago"),
    partial(_COMPOUND.sub, _unhyphened), partial(_DAY_N_AFTER.sub, _nth_day),
    partial(_THING_WEEK.sub, r"\1 \2"), spelled_out,
    partial(_LAST_TO_LAST.sub, r"the \1 before last"),  # (after text-speak: "pichle" is last)
    partial(_EFFECT_ON_STEPS.sub, r"how were my \3 during \1 \2"),
    partial(_MY_NTH_WEEKDAY.sub, r"the \1"), with_stretches,
    partial(_WITHOUT_THE.sub, r"\1the "), partial(_ON_WEEKDAY_AFTER.sub, r"\1 the \2"),
    partial(_COME_BACK.sub, _came_back),
    events.it_named,
)


_IT = re.compile(starting(r"it") +
                 r"\b(?:it|them)\b", re.IGNORECASE)
_EACH_DAY = re.compile(starting(r"de") +
                       r"\b(?:each|every)\s+(?:single\s+)?day\b|\bday\s+by\s+day\b"
                       r"|\beach\s+of\s+(?:the|those|these)\s+days\b", re.IGNORECASE)


def _of_its_clause(text: str, found: list[Ranked]) -> list[Ranked]:
    """Of `found`, those holding the most of the clause that names "the day" when that clause
    has words of its own and another clause asks something else ("what stretches did you give
    me for my calves, and how many steps did I do the day we flew home?": the day of the
    coming home, not of the stretches); else all of them."""
    parts = clauses(text)
    said = THAT_DAY.search(text)
    if len(parts) < 2 or said is None or said.group(2) is None:  # (not "that day": the
        return found                                               # day of another part's)
    part = next((p for p in parts if said.group(0) in p), None)
    # ("the day Priya and I first chatted about it": of what another clause names)
    words = message_words(part) if part is not None and not _IT.search(
        part, part.find(said.group(0))) else []
    if not words:
        return found
    cover = [covered_words(words, f"{r.hit.text}\n{r.hit.reply}") for r in found]
    top = max(cover, default=0.0)
    return [r for r, c in zip(found, cover, strict=True) if c == top] if top > 0 else found


def build_recall(
    conn: sqlite3.Connection,
    text: str,
    *,
    now: datetime,
    default_goal: int,
    max_chars: int,
    max_tokens: int | None = None,
    date_order: str = "DMY",
    session_id: int | None = None,
    snapshot_entry_ids: Iterable[int] = (),
    journal_watermark: int | None = None,
    snapshot: tuple[date, str] | None = None,
    context_from: int = 0,
) -> Recall:
    """The recall+live block for one message, within `max_tokens` and `max_chars` ("" when
    not even the live line fits).

    `snapshot` is (the day the session's snapshot was rendered, its text): a snapshot from an
    earlier day brings the current facts and the days since (see the module docstring).
    `context_from` is the session's history cut: its exchanges before that user turn are no
    longer in the request, so they can be recalled like other sessions' chats.
    """
    if max_chars < 0:
        raise ValueError(f"max_chars must be 0 or more, got {max_chars}")
    if max_tokens is not None and max_tokens < 0:
        raise ValueError(f"max_tokens must be 0 or more, got {max_tokens}")
    if default_goal < 1:
        raise ValueError(f"default_goal must be at least 1, got {default_goal}")
    today = now.date()
    text = as_read(text)
    exclude = sorted(snapshot_entry_ids)
    search_kw: dict[str, Any] = dict(exclude_ids=exclude, watermark=journal_watermark,
                                     session_id=session_id, context_from=context_from,
                                     memo={})
    spans = named_spans(text, today, date_order)
    written = list(spans)  # (the days the message writes as dates)
    lines = entry_texts(conn)
    known = names.role_names(lines)
    places = names.place_names(lines)
    # "home from Portugal": the Lisbon written; "the week after I saw her": Helen
    as_written = names.person_meant(names.as_written(text, places), known)
    named_events = events.event_phrases(as_written, places)  # (the events the message names)
    # "How did the week before last go? Lost track since I was poorly": a remark's events and
    # days place what it tells; the question's own days are asked about (memory/focus.py).
    asked = asked_only(text) if spans else None
    asked_spans = named_spans(asked, today, date_order) if asked is not None and \
        named_events else []
    # (not when the question points back at the remark's event: "...since we came home
    # from that trip. What have my steps added up to since then?")
    # An event is dated by any journal line, the frozen snapshot's too ("since the flu" when
    # the line telling of the flu is in the system prompt): the snapshot gives the line, not
    # the days it dates. A snapshot line that dates an event is not given again here.
    anchored, anchors = event_anchors(conn, names.person_meant(names.as_written(
        asked, places), known) if asked and asked_spans and not _SINCE_THEN.search(asked)
        else as_written, today, {**search_kw, "exclude_ids": ()} if exclude else search_kw,
        known, places, lines, written)
    event_lines = [h.text for h in anchors]  # (the lines that dated the events named)
    dated_by = anchors
    anchors = [h for h in anchors if h.kind != search.JOURNAL_KIND or h.ref not in exclude]
    spans = asked_days(text, spans, asked, bool(anchored), today, date_order)
    # "last week's cold: my worst day?", "in lisbon which day did I walk the most": the best
    # day of the period named
    within = [s for s in [*spans, *anchored] if s.summary]
    best_spans: list[Span] = []
    for best, unit in bests.best_phrases(text):
        periods = period_totals(conn, unit, today)
        if unit == "day" and within:
            periods = [p for p in periods
                       if within[0].start.isoformat() <= p[0] <= within[0].end.isoformat()]
        span = bests.best_span(periods, best, unit, today)
        if span is not None:
            spans.append(span)
            best_spans.append(span)
            # "my best month, and by how much did it beat the next best one?"
            second = bests.best_span(periods, best, unit, today, rank=2) \
                if unit != "day" and bests.runner_up(text) else None
            if second is not None:
                spans.append(second)
    for best, unit, count in bests.counted_bests(text):  # "rank my three best weeks"
        periods = period_totals(conn, unit, today)
        for rank in range(1, count + 1):
            if (span := bests.best_span(periods, best, unit, today, rank=rank)) is not None:
                spans.append(span)
                best_spans.append(span)
    if len(best_spans) == 1 and len(written) == 0:
        # "my best month, and how did it stack up against the month before it?"
        spans += next_to(said_of_that(text.lower()), best_spans)
    text = as_written
    # "the flu in September": the month dates the event; its days, not the month's, are asked
    spans = weekdays_within(text, without_dating_months(  # ("in Frankfurt on the Wednesday")
        read_phrases(text), named_events, spans, anchored, today) + anchored, today,
        # ("lisbon saturday", "on Saturday in Lisbon": a bare weekday beside what lasted)
        [p.words for p in named_events if p.relation in _LASTING],
        asked_only(text))  # (the questions alone, when a remark stands beside them)
    # "that stinking cold last week": the week only dates the event (as a month does)
    # ("that horrible head cold at the end of last month", "the week after the half, so
    # mid-November-ish": a part of a month, too)
    spans = [s for s in spans if s in anchored or (
        s.label not in _DATING_WEEKS and not (_PART_OF_A_MONTH.match(s.label)
                                              and not _part_asked(text)))
             or not any(s.start <= a.start <= s.end for a in anchored)
             or _placed_by(text, s, anchored)]
    # ("in early October, right after the flu": the days after it only place those named)
    spans = [s for s in spans if s not in anchored or not any(
        p in spans and _placed_by(text, p, [s]) for p in written)]
    # "the storm week vs the week before": the week before the storm's (memory/events.py),
    # not also the week before last ("last week vs the week before" is that one)
    if any(p.relation.startswith("the week before") for p in named_events) \
            and not _CALENDAR_WEEK.search(text):
        last = today - timedelta(days=today.weekday() + 14)
        spans = [s for s in spans if s in anchored or s.start != last or s.days != 7]
    # "That Sunday I first managed fourteen k": the weekday of the event, not the last one
    # ("the thursday before lisbon": the one before the stay, not last Thursday too)
    # ("my first parkrun back after the knee, how many steps that Saturday?": the
    # Saturday of the parkrun)
    that_weekdays = {m[0].split()[-1][:3].lower() for m in THAT_WEEKDAY.finditer(text)} \
        if anchored else set()
    of_event = {m[1][:3].lower() for m in _WEEKDAY_OF_EVENT.finditer(text)} | {
        p.relation.split()[1][:3] for p in named_events
        if _WEEKDAY_RELATION.fullmatch(p.relation)} | that_weekdays if anchored else set()
    # (that weekday inside the event's days is the one meant: "the Tuesday I had the flu")
    spans = [s for s in spans if s in anchored or s.days != 1
             or f"{s.start:%a}".lower() not in of_event
             or any(1 < a.days <= MAX_PERIOD_DAYS and a.start <= s.start <= a.end
                    for a in anchored)]  # (not "since the race": the last one is in it)
    # "the 10.10 in Lisbon": the date names the day, the event only places it (not "the
    # lowest day in Frankfurt", nor "the storm week's review and the 22/10")
    # (a day a remark only told, "Tom asked me yesterday", no longer among them, where the
    # message asks for days: "... since we returned from Portugal, what has my daily average
    # been?")
    dated = [s for s in written if s.days == 1 and (s in spans or not _STEPS_ASKED.search(text))
             and f"{s.start:%a}".lower() not in that_weekdays] \
        if asked_kind(text) != search.REVIEW_KIND else []
    # ("during that head cold, how low did each day go, and did the Saturday pick up?": all
    # of its days, the Saturday among them)
    each_day = _EACH_DAY.search(text) is not None
    spans = [s for s in spans if s not in anchored or s.days == 1 or each_day
             or not any(s.start <= d.start <= s.end for d in dated)]
    # "my first run after the flu": that day, not all since
    if (done := first_done(text, asks_days(text) and (asked_kind(text) is None or bool(
            _WHICH_DAY_WAS_IT.search(text))))) and anchored:
        of_unit = _UNIT_OF_DONE.search(text)
        spans, anchors = _first_after(conn, done, spans, anchors, search_kw, dated_by,
                                      asks_days(text), of_unit[1].lower() if of_unit else None)
    asks = goal_asks(text)
    # ("how did I do against the 12k goal": a goal named loosely, when no other time is)
    loosely = not asks and not written and not anchored
    if loosely and (loose := loose_goal(text)) is not None:
        asks = [(loose, None, 1)]
    for goal, part, nth in asks:  # "while the goal was 12k", "second week on 10k"
        by_goal = goal_span(goal, load_days(conn, end=today), today, part, nth,
                            goal_moved(text) if part else 0)
        if by_goal is not None and loosely and by_goal.end >= today - timedelta(days=1):
            by_goal = None  # ("am I on track for my 10k goal": the goal of now, not a time)
        if by_goal is not None:  # with the lines that set it and changed it again
            # ("for a few weeks in November I was on the higher target": the month dates it)
            placed = {month_number(m[1]) for m in _WEEKS_IN.finditer(text)
                      if any(name[:3] == m[1][:3].lower() for name in MONTHS)}
            spans = [s for s in spans if not (s.start.day == 1 and s.days >= 28
                                              and s.start.month in placed
                                              and s.start <= by_goal.start <= s.end)]
            if part == "since":  # ("since the target went to 12k": not since the latest
                spans = [s for s in spans if not _SINCE_GOAL_EVENT.match(s.label)]  # change)
            spans.append(by_goal)
            anchors += goal_change_lines(conn, by_goal, search_kw)
    # ("3rd and 4th of Oct, the weekend after I'd been ill": the days written and the
    # event's, one span told once)
    firsts: dict[tuple[date, date], Span] = {}
    for span in spans:
        firsts.setdefault((span.start, span.end), span)
    spans = list(firsts.values())
    # "the Manchester Marathon in April": a month named after "in" that ended before anything
    # was recorded is next year's, to come: no days to show
    if spans and (ahead := {month_number(m[1]) for m in _IN_MONTH.finditer(text)}):
        oldest = conn.execute("SELECT min(date) FROM daily_steps").fetchone()[0]
        spans = [s for s in spans if not (oldest and s.start.day == 1 and s.days >= 28
                                          and s.start.month in ahead
                                          and s.end.isoformat() < oldest)]
    # Each span's own days (a best month years back must not load the years between).
    rows = {d.date: d for d in load_days(conn, today, today)}
    for span in spans:
        rows.update((d.date, d) for d in load_days(conn, span.start, span.end))
    if spans and GOALS_ON.search(text):  # "...what daily targets was I on through it?"
        anchors += goals_changed(conn, spans, load_days(conn, min(s.start for s in spans)
                                                        - timedelta(days=1), today), search_kw)

    sections: list[tuple[str | None, list[RecallItem]]] = [
        (None, [RecallItem("live", live_line(now, rows.get(today.isoformat()), default_goal),
                           today.isoformat())])
    ]
    if snapshot is not None:
        sections += since_snapshot(conn, snapshot_date=snapshot[0], snapshot_text=snapshot[1],
                                   today=today, default_goal=default_goal)
    recalled_from = len(sections)
    named_days, period_days = day_items(spans, rows, default_goal, text)
    days_at = len(sections)
    sections.append((DAYS_TITLE, named_days))

    # The words that named an event found it already (its anchors); the rest of the message
    # finds the other memories.
    phrases = named_events
    named = {base_form(w) for p in phrases for w in p.words.split()}
    # ("home from Portugal": the country the user wrote named the Lisbon the event reads)
    named |= {base_form(w) for w in message_words(text)
              if names.place_meant(w, places).lower() in named}
    named |= {base_form(size) for size, thing in sized(text) if base_form(thing) in named}
    back = events.BACK_HOME.search(text) if any(p.end for p in phrases) else None
    if back is not None:  # ("once I was home": when, not what)
        named |= {base_form(w) for w in message_words(back[0])}
    how_long = any(p.relation == events.HOW_LONG for p in phrases)
    if how_long or HOW_LONG_WAS.search(text):  # "how long was I ill": not about long runs
        named.add("long")
    if spans:  # "did I make my target on the 17th?" asks about the day line, not memories
        named |= {base_form(w) for w in DATA_WORDS} - memory_data_words(text, today, date_order)
        if _STEPS_WALKED.search(text):  # ("how many steps did I walk on 3/11?": the count's
            named.add(base_form("walk"))  # verb, not walks to look for)
        named |= {base_form(w) for w in bests.best_words(text)}  # "my lowest day"
    if any(it.kind == "compare" for it in named_days):  # "better than the month before?"
        named |= {base_form(w) for w in comparing_words(text)}
    asked = asked_kind(text)
    if asked is not None:  # "what did my review say": the kind, not what to look for
        named |= {base_form(w) for w in KIND_WORDS}
    aside = negated_words(text)         # "not the sniffles one"
    if not _GOAL_CHANGE.search(text):   # ("when did i move up to the 10k a day thing": the
        named |= step_counts(text)      # level the lines of the change write; "did I break
        # 10k steps?": a count, not a distance)
    words = [w for w in message_words(text) if base_form(w) not in named and w not in aside]
    if event_lines and (lead := _LEAD_TIME.search(text)):  # "During that wet and windy spell
        # when the park was underwater, how far did I manage indoors?": the words of the
        # leading time its line holds told when, not what is asked
        dating = set(message_words(lead[1]))
        words = [w for w in words if w not in dating
                 or not any(covered_words([w], t) for t in event_lines)]
    # A remark beside the question ("need to rebuy") is not searched for on its own; a
    # message asking only for its named days' steps searches for nothing.
    questions = asking(text)
    remarks = len(questions) < len(clauses(text))
    if spans and not anchored and remark_only(
            [(part, [w for w in message_words(part) if w in words]) for part in questions],
            remarks):
        words = []
    if asked == search.CHAT_KIND:  # "what did you say about December?": the month is the topic
        words += [m for m in topic_months(text) if m not in words]
    also = names.aliases(words, known)
    query = terms_query(_asked_words(text, words, questions), also)
    hits = search_memories(conn, query, **search_kw) if query is not None else []
    if query is not None:  # "what news did Maria share on 16 June?": that day's exchanges,
        short = [s for s in spans[:MAX_SUMMARIES] if s.days <= WITHIN_DAYS]  # beside those
        # the search of every day found, and those of the days after that tell of it (one
        # walk of the index for all of them)
        by_window = search.chats_within_each(conn, query, [
            w for s in short for w in ((s.start.isoformat(), s.end.isoformat()), days_after(s))],
            session_id=session_id, context_from=context_from, limit=SEARCH_LIMIT)
        chat_hits = any(h.kind == search.CHAT_KIND for h in hits)
        for i, span in enumerate(short):
            had = {h.ref for h in hits if h.kind == search.CHAT_KIND}
            hits += [h for h in by_window[2 * i] if h.ref not in had]
            had = {h.ref for h in hits if h.kind == search.CHAT_KIND}
            anchors += told_of(span, by_window[2 * i + 1], had)[:TOLD_AFTER]
            if not by_window[2 * i] and span in written and _YOU_SAID.search(text) \
                    and span.days <= SAID_DAYS:
                # ("what did you say to me on 22/10? I think I was whinging about something":
                # the day written, though the words it was said in are not the message's)
                anchors += said_within(conn, [span], [], session_id, context_from,
                                       days_asked=True)
            elif not by_window[2 * i] and span in anchored and asked == search.CHAT_KIND \
                    and not chat_hits:  # ("what was that trick you gave me ... when I had the
                # sniffles?": what was said in its days, whatever its words)
                anchors += said_within(conn, [span], [], session_id, context_from,
                                       days_asked=True, most_days=WITHIN_DAYS)
        if asked == search.CHAT_KIND and anchored:
            # "when the pup hurt his foot, what did you suggest to keep my numbers up?": the
            # exchange that told of the event, on its first day or the next, is a candidate
            # too (its words named the event, so the search had none of them)
            said_then = said_within(
                conn, [Span(s.label, s.start, s.start, False) for s in anchored],
                [w for p in phrases for w in p.words.split()], session_id, context_from, after=1)
            if any(len(expand(w)) > 1 or also.get(w) for w in words):
                hits += said_then
            else:  # (nothing of the field left to find it by: "...what did you suggest I do to
                anchors += said_then  # keep my numbers up?": that exchange is the answer)
    elif spans and asked == search.CHAT_KIND:  # "what did you say the night before the half?"
        # ("when we got back from Portugal, what did you tell me?": the coming home was told
        # that day or the next)
        anchors += said_within(conn, spans, [w for p in phrases for w in p.words.split()],
                               session_id, context_from, 1 if any(
                                   p.end and p.relation == "the day of" for p in phrases) else 0,
                               days_asked=bool(_YOU_SAID.search(text)))
    if spans and TOLD_YOU.search(text):  # "...and what did you say when I told you about it"
        anchors += said_within(conn, spans, [*(w for p in phrases for w in p.words.split()),
                                             *words], session_id, context_from, TOLD_DAYS)
    chat_asked = any(asked_kind(c) == search.CHAT_KIND for c in clauses(text))  # (any part)
    if chat_asked:
        # "what did u say when i asked if i could do parkrun on 3/10": asked the day before
        # ("can i do parkrun tmrw?"), an exchange that names the day by "tomorrow"
        for span in [s for s in dict.fromkeys([*spans, *anchored]) if s.days == 1]:
            eve = (span.start - timedelta(days=1)).isoformat()
            anchors += [h for h in search.exchanges_within(
                conn, eve, eve, session_id=session_id, context_from=context_from,
                limit=SAID_LIMIT) if _TOMORROW.search(h.text) and words
                and covered_words(words, h.text) > 0]
    if anchored and chat_asked and BEFORE_I_LEFT.search(text):  # "...what did you advise
        # before I flew out?"
        anchors += said_before(conn, anchored, [w for p in phrases for w in p.words.split()],
                               session_id, context_from)
    hits = [h for h in hits if not aside or not covered_words(aside, f"{h.text}\n{h.reply}")]
    of_it = I_SAID_OF_IT.search(text) is not None  # ("and what did I say about it?")
    if of_it or WHAT_I_SAID.search(text):  # "what was I moaning to you about that morning?"
        after = TOLD_DAYS if of_it else 0
        for span in spans:
            if span.days <= WHAT_HAPPENED_DAYS:
                anchors += search.exchanges_within(
                    conn, span.start.isoformat(), (span.end + timedelta(days=after)).isoformat(),
                    session_id=session_id, context_from=context_from, limit=SAID_LIMIT)
    if WHAT_HAPPENED.search(text) or WHY_SO.search(text):  # "where was I on 10/10?": that
        for span in spans:                                  # day's journal lines
            if span.days <= WHAT_HAPPENED_DAYS:
                anchors += lines_of_day(conn, span, exclude, journal_watermark,
                                        STILL.search(text) is not None)
            elif span.days <= WHAT_HAPPENED_WEEK and not anchored and not STEPS_WISE.search(
                    text) and not {w for w in words if not w[0].isdigit()} & set(message_words(
                        WHY_SO.sub(" ", WHAT_HAPPENED.sub(" ", text)))):  # ("best week, what
                # was I doing that week", not "what did I log on the app that week")
                anchors += story_of(conn, span, exclude, journal_watermark)
    elif asked == search.JOURNAL_KIND:  # "what did you note down on 24/9?", "what's in your
        for span in spans:                 # notes for the weekend?": those days' lines
            if span.days <= NOTED_DAYS:
                anchors += lines_of_day(conn, span, exclude, journal_watermark)
    if WHY_ME.search(text):  # "why do you think I stalled the week after the half?": what
        for span in dict.fromkeys([*spans, *anchored]):  # the journal says of those days
            if WHAT_HAPPENED_DAYS < span.days <= WHAT_HAPPENED_WEEK:
                anchors += search.journal_within(
                    conn, span.start.isoformat(), span.end.isoformat(), exclude_ids=exclude,
                    watermark=journal_watermark, limit=WHY_LINES)
    if best_spans and any(  # "...and what did you say about it": a clause with no topic
            asked_kind(part) == search.CHAT_KIND
            and not {*message_words(part), *topic_months(part)} - _ASKING_WORDS
            for part in questions):
        anchors += best_said(conn, best_spans, text, session_id, context_from)
    if back is not None and any(  # "...and did you say anything once I was home?": what
            asked_kind(part) == search.CHAT_KIND   # was said the day the stay ended or next
            and all(base_form(w) in named for w in message_words(part)) for part in questions):
        anchors += said_within(conn, [s for s in anchored if s.days == 1], [], session_id,
                               context_from, after=1, days_asked=True)
    elif back is not None:  # "...what stretches did you give me for my calves once we were
        for part in questions:  # home?": its words, said in the week after the stay ended
            own = [w for w in message_words(part) if base_form(w) not in named]
            if own and asked_kind(part) == search.CHAT_KIND:
                anchors += said_within(conn, [s for s in anchored if s.days == 1], own,
                                       session_id, context_from, after=HOME_DAYS)
    # "what did the review of race week say?" (in any part of the message)
    if search.REVIEW_KIND in {asked, *(asked_kind(c) for c in clauses(text))}:
        anchors += reviews_of(conn, spans, hits, text)
    # ("..., and what did you say december should look like?": a part asking what the coach
    # said keeps the month it names as its topic, as the whole message does above)
    split = [(part, [w for w in [*message_words(part), *(
        topic_months(part) if asked_kind(part) == search.CHAT_KIND else ())] if w in words])
             for part in questions]
    # "After the holiday my lower legs were locked up for days. Which loosening exercises did
    # you give me?": what the coach said is about the remark's matter (its words of the field)
    # when the question says little of its own; so is a short question pointing back at it
    # (told before it: "..., want to copy it for my next long run" after it is no matter)
    if remarks and (matter := [w for w in message_words(told_before(text))
                               if w in words and len(expand(w)) > 1]):
        split = [(part, [*own, *(w for w in matter if w not in own)])
                 if (asked_kind(part) == search.CHAT_KIND or _LEANS_BACK.search(part))
                 and len(own) <= LEANING_WORDS else (part, own) for part, own in split]
    # "...and what was my time in the race?": a part asking about the event itself (its every
    # word named the event), whose line is the answer, not only what dated the days
    # ("since that parkrun PB at millbrook everything's felt quicker. what was the PB time
    # again?": a remark beside it names the event too)
    event_asked = (len(questions) > 1 or remarks) and any(
        (own := message_words(part)) and all(base_form(w) in named for w in own)
        for part in questions)
    split = [(part, w) for part, w in split if w]
    parts = split if len(split) > 1 or (split and remarks) else [(text, words)]
    # Each part finds its own best memories (memory/part_ranks.py).
    ranked = rank_parts(hits, parts, text, anchors=anchors, spans=spans,
                        best_spans=best_spans, asked=asked, aliases=also)
    if (week := following_week(text, ranked)) is not None:  # "...the week that followed?"
        ranked = with_review(ranked, search.reviews_within(
            conn, week[0].isoformat(), week[1].isoformat(), limit=1))
    if (before := days_before(text, spans)) and (said := terms_query(message_words(text), also)):
        ranked = with_review(ranked, search.chats_within(  # "...what did you advise beforehand?"
            conn, said, before[0].isoformat(), before[1].isoformat(), session_id=session_id,
            context_from=context_from, limit=1))
    # "my parkrun PB, and how many steps that day?": the day of what it found ("my knee flared
    # after the half, steps that day?": of the best memory, not of the line dating the half).
    opened = spans and len(spans) == len(anchored) and all(s in anchored for s in spans) \
        and all(p.relation in OPEN for p in phrases)  # (not once "my first parkrun after the
    # flu" has given its day)
    # ("the 12k with priya after the cold, steps that day": the line that ends the cold tells
    # of the run too, and is dated in the days it opens)
    found = [r for r in ranked if not r.anchor or r.covered >= SURE_COVER and any(
        _within(r.hit.day, s) for s in spans)][:1] if opened else ranked
    # "...when she saw me in August, and how far did my steps drop that week?": the week of
    # what was found, inside the month named
    wide = bool(spans) and not anchored and all(s.days >= 28 for s in spans)
    # ("which month was my best, which single day in it was the biggest, and what was I up
    # to that day?": the best day named is that day)
    if (not spans or opened or wide) and found and THAT_DAY.search(text) \
            and not any(s.days == 1 for s in best_spans):
        # ("how far was my longest ever run and how many steps did that day end up being":
        # the day of the furthest, as the memories will show it)
        that = that_day(furthest(text, _of_its_clause(text, found), asked, hits),
                        THAT_DAY.search(text), today, asked)
        if that is not None and wide and not any(
                s.start <= that.start and that.end <= s.end for s in spans):
            that = None
        if that is not None and not that.summary and _YOU_SAID.search(text):
            # "that track session ... and what did you tell me to do the next day": what the
            # coach said on the day of what was found, whatever its words
            ranked = with_review(ranked, search.exchanges_within(
                conn, that.start.isoformat(), that.end.isoformat(), session_id=session_id,
                context_from=context_from, limit=1))
        if that is not None:
            rows.update((d.date, d) for d in load_days(conn, that.start, that.end))
            named_days, period_days = day_items([that], rows, default_goal, text)
            sections[days_at] = (DAYS_TITLE, named_days)
            if opened:  # ("my knee after the half": the half's line only opened the days)
                ranked = [r for r in ranked if not r.anchor or _within(r.hit.day, that)]
    if reviewed := unasked_periods(text, spans, ranked, today, date_order):  # (memory/focus.py)
        named_days, period_days = day_items([s for s in spans if s not in reviewed], rows,
                                            default_goal, text)
        sections[days_at] = (DAYS_TITLE, named_days)
        one_days = {s.start.isoformat() for s in spans if s.days == 1 and s not in reviewed}
        ranked = [r for r in ranked if not r.anchor or r.covered >= SURE_COVER  # (the line
                  or r.hit.day in one_days or not any(  # dating a day asked stays)
            s.start.isoformat() <= r.hit.day <= s.end.isoformat() for s in reviewed)]
    # ("How long did the flu last, and what were my steps?": its steps asked for too)
    lasted_only = how_long and not any(
        p.relation == "during" and any(q.relation == events.HOW_LONG and q.words == p.words
                                       for q in phrases) for p in phrases)
    if spans and (lasted_only or qualifies(text, ranked, asked) and not best_spans):
        # "what did you recommend for my calves after the holiday?": the days only narrow
        # down the memories; their steps, and the lines that dated them, are not asked for.
        by_date = {s.start.isoformat() for s in spans if s not in anchored}  # ("wed 16 sept")
        sections[days_at] = (DAYS_TITLE, [it for it in named_days if it.kind == "day" and (
            it.day in by_date or all(a.start.isoformat() != it.day for a in anchored))])
        period_days = []
        kinds = {asked, *(asked_kind(c) for c in clauses(text))}  # each part's kind
        told = [s for s in spans if s.days <= WHAT_HAPPENED_DAYS] if WHAT_HAPPENED.search(
            text) else []  # ("how far did I run last Sunday": that day's line is the answer)
        ranked = [r for r in ranked if not r.anchor or r.covered >= SURE_COVER
                  or r.hit.kind in kinds or how_long or asks_when(text) or event_asked
                  or any(_within(r.hit.day, s) for s in told)]
    ranked = reviews_alone(ranked, asked, all(asked_kind(c) == asked for c in clauses(text)))
    ranked = both_ends(text, ranked, [*hits, *anchors], words)  # "how long was I ill"
    ranked = furthest(text, ranked, asked, hits)  # "whats the furthest ive jogged"
    ranked = by_written_number(text, ranked)  # "when did my target go up to 10,000"
    if not chat_asked:
        ranked = recorded_first(ranked)
    ranked = with_follow_ups(conn, ranked, session_id=session_id, context_from=context_from,
                             words=words if asked == search.CHAT_KIND else (), aliases=also)
    # A review recalled for its words shows the stretch that holds them.
    terms = query_terms(words, also)
    weights = term_weights(terms, [f"{h.text}\n{h.reply}" for h in hits])
    items = [memory_item(r, snippet(r.hit.text, terms, SNIPPET_TOKENS)
                         if r.hit.kind == search.REVIEW_KIND and i < MAX_MEMORIES
                         and query is not None else "", weights)
             for i, r in enumerate(shown(ranked, bool(spans)))]
    sections.append((MEMORIES_TITLE, items))
    sections.append((PERIOD_DAYS_TITLE, period_days))

    block, kept = fit_block(HEADER, sections, max_chars, max_tokens, recalled_from)
    # A journal item always carries its entry id.
    quoted = tuple((cast(int, it.ref), it.text) for it in kept if it.kind == "journal")
    return Recall(block, quoted, tuple(kept))

