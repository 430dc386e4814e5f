"""Reviews: a short judgment of a finished day or week, saved as a dated snapshot.

A review covers complete days only. `day` is yesterday. `week` is the latest whole ISO week
(Monday to Sunday) that has ended by yesterday: on a Monday that is the week that ended the
day before; on any other day it is still that same week, because the current one is not over.
So a week review always covers seven finished days, and its key (`week:2026-W48`) means the
same days whenever it is written. Day keys look like `day:2026-11-29`.

The review is written by a dedicated request: the persona, the memory block rendered without
the review's own journal lines (so reflecting on it never feeds back into it), and the
period's day table and totals computed from SQL. With memory off no review is written: it
would have to send step data.

A review that was written whole is kept as a draft (with what it cost), so `review --save`
run after `review` saves the text just read, without a second call; `todays_draft` finds it.
One that did not finish (stopped, cut off, refused, empty, or ended by Ctrl-C, SIGTERM or
SIGHUP) is never saved, but the service billed it once its stream began: it is kept as an
unfinished draft with its cost, the output a lower bound when the stream ended early, and
`review_total` counts every attempt at a period's review made that day.
Saving a draft stores it once: saving it again returns the review it became. Saving stores a
dated snapshot (every save of a new text is kept). Reflection then runs with the reflection
model: shown the journal as it stands, it adds at most two lines the journal does not hold yet
or replaces a coach line it refines (memory/reflect.py), tagged with the review's key, once per
key (a second save asks the model nothing), fail-silent, and never with memory off.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from types import MappingProxyType
from typing import Any

from coach_tui import clock
from coach_tui.coach import grounding, interrupts, llm, prompts, second_read
from coach_tui.coach.persona import load_persona
from coach_tui.coach.pricing import Usage, turn_cost
from coach_tui.coach.recovery import kept_if_unsaved
from coach_tui.config import Settings
from coach_tui.logfile import logged_failure
from coach_tui.memory import journal
from coach_tui.memory.daylines import day_line, summary_line
from coach_tui.memory.daywords import Span
from coach_tui.memory.goals import goal_in_force
from coach_tui.memory.journal import Entry
from coach_tui.memory.reflect import ReflectionPrompt, prepare_reflection, reflect_with
from coach_tui.memory.snapshot import ledger_today, render_snapshot
from coach_tui.memory.switch import memory_state
from coach_tui.store import reviews as review_store
from coach_tui.store.db import reading
from coach_tui.store.steps import Day, load_days

log = logging.getLogger(__name__)

SOURCE = journal.REVIEW_SOURCE
# What an interrupted review kept, for the one line that ends the command or the app.
NOT_SAVED = "the review was not finished, so nothing was saved"
KINDS = ("week", "day")


@dataclass(frozen=True)
class Period:
    key: str          # 'week:2026-W48' | 'day:2026-11-29'
    kind: str         # 'week' | 'day'
    start: date
    end: date
    label: str


@dataclass(frozen=True)
class ReviewDraft:
    period: Period
    text: str
    model: str
    usage: Usage | None
    draft_id: int | None = None   # the stored draft; None for a draft built by hand
    # Numbers of the review that its table, totals and memory do not support (grounding/);
    # empty for a draft read back from the store (it was checked when it was written); None
    # when the check failed on it (logged).
    unverified: tuple[str, ...] | None = ()


@dataclass(frozen=True)
class SavedReview:
    review_id: int
    period: Period


@dataclass(frozen=True)
class Reflection:
    """What reflecting on a saved review did: the lines written and what the call cost.

    `usage` is None when no model call was made (memory off, or the key was reflected on
    before: `memory_on`, `already`); `problem` is a one-line reason when the call was made but
    wrote nothing usable. `lines` are the lines written as stored, `updated` the ids of those
    that took the place of a coach line.
    """

    entry_ids: list[int]
    model: str
    usage: Usage | None = None
    cost_usd: float | None = None
    problem: str | None = None
    memory_on: bool = True
    already: bool = False
    lines: tuple[Entry, ...] = ()
    updated: frozenset[int] = frozenset()


def review_period(kind: str, today: date) -> Period:
    """The period a review written today covers; see the module docstring for the rule."""
    yesterday = today - timedelta(days=1)
    if kind == "day":
        return Period(f"day:{yesterday.isoformat()}", "day", yesterday, yesterday,
                      f"{yesterday:%A} {yesterday.day} {yesterday:%B %Y}")
    if kind == "week":
        end = yesterday - timedelta(days=(yesterday.weekday() + 1) % 7)  # latest Sunday
        start = end - timedelta(days=6)
        year, week, _ = end.isocalendar()
        label = (f"week {week} of {year} ({start:%a} {start.day} {start:%b} to "
                 f"{end:%a} {end.day} {end:%b})")
        return Period(f"week:{year}-W{week:02d}", "week", start, end, label)
    raise ValueError(f"a review period is one of {', '.join(KINDS)}, not {kind!r}")


def day_table(days: list[Day], period: Period, default_goal: int) -> tuple[str, str]:
    """(one line per day of the period, the totals line); pure, from stored rows."""
    rows = {d.date: d for d in days}
    n = (period.end - period.start).days + 1
    dates = [period.start + timedelta(days=i) for i in range(n)]
    table = "\n".join(day_line(d, rows.get(d.isoformat()), default_goal) for d in dates)
    totals = summary_line(Span(period.label, period.start, period.end, True), rows, default_goal)
    return table, totals


@dataclass(frozen=True)
class ReviewPlan:
    """The review request of one period, read once: streamed as is, and number-checked."""

    period: Period
    model: str
    max_tokens: int
    request: Mapping[str, Any]


def prepare_review(conn: sqlite3.Connection, settings: Settings, period: Period, *,
                   now: datetime) -> ReviewPlan:
    """What the review of `period` sends, read in one read transaction; LLMError (one line)
    when none can be written (memory off, no steps)."""
    with reading(conn):
        if not memory_state(conn).on:
            raise llm.LLMError(
                "memory_off", "Memory is off, so no review is written (it would send your "
                "step data); turn it on with `coach-tui memory on`.")
        days = load_days(conn, period.start, period.end)
        if not days:
            raise llm.LLMError(
                "no_data", f"No steps recorded for {period.label}: run `coach-tui sync` or "
                "`coach-tui import FILE` first.")
        table, totals = day_table(days, period, goal_in_force(conn, settings.default_step_goal))
        memory_block = render_snapshot(
            conn, today=ledger_today(conn, now), default_goal=settings.default_step_goal,
            max_chars=settings.memory_block_max_chars, exclude_source_key=(SOURCE, period.key),
        ).text
    request = prompts.review_request(
        model=settings.chat_model, max_tokens=settings.max_tokens, effort=settings.effort,
        persona=load_persona(settings), memory_block=memory_block or None, label=period.label,
        start=period.start.isoformat(), end=period.end.isoformat(), table=table, totals=totals,
    )
    return ReviewPlan(period, settings.chat_model, settings.max_tokens,
                      MappingProxyType(request))


def write_review(
    conn: sqlite3.Connection,
    settings: Settings,
    period: Period,
    *,
    now: datetime,
    on_text: Callable[[str], None] | None = None,
    on_thinking: Callable[[], None] | None = None,
    client: llm.ModelClient | None = None,
    should_stop: Callable[[], bool] | None = None,
    on_wait: Callable[[float, str], None] | None = None,
    on_checking: Callable[[int], None] | None = None,
) -> ReviewDraft:
    """Ask the chat model for the review, streaming it; raises LLMError (one line) on failure.

    Prepare (`prepare_review`, one read), call, complete (the draft, one write). Only a
    complete review (stop reason end_turn) comes back; the LLMError of an incomplete one says
    why it is not saved. Ctrl-C or a signal mid-stream raises `interrupts.Stopped` (NOT_SAVED),
    its `result` the billed Usage, once the attempt's cost is stored. Numbers the check
    cannot trace are put to the model once more, as a chat reply's are (coach/second_read.py,
    `[check] second_read`; `on_checking(n)` is told first); its cost joins the draft's.
    """
    plan = prepare_review(conn, settings, period, now=now)

    def unfinished(text: str, usage: Usage | None) -> None:
        if usage is not None:  # billed: counted in the period's total, never saved
            with interrupts.held():
                _keep_unfinished(conn, settings, plan, period, now, text, usage)

    try:
        reply = llm.stream_message(dict(plan.request), on_text=on_text,
                                   on_thinking=on_thinking, client=client,
                                   should_stop=should_stop, on_wait=on_wait,
                                   max_wait=settings.max_wait_seconds)
    except llm.StreamInterrupted as exc:
        # An incomplete review is never saved: reflecting on a fragment would spend the
        # period's one reflection on it.
        unfinished(exc.partial_text, exc.usage)
        raise llm.LLMError(exc.kind, _unfinished(exc.kind, plan.max_tokens),
                           usage=exc.usage) from exc
    except llm.Interrupted as exc:
        # Ctrl-C or a signal: counted as a stop is, then it goes on, saying nothing was saved.
        unfinished(exc.stop.partial_text, exc.stop.usage)
        raise interrupts.Stopped(interrupts.signal_of(exc), NOT_SAVED,
                                 result=exc.stop.usage) from exc
    except llm.LLMError as exc:
        if exc.usage is None:
            raise
        unfinished("", exc.usage)  # the stream began, then failed before any text
        raise llm.LLMError(exc.kind, _unfinished(exc.kind, plan.max_tokens),
                           usage=exc.usage) from exc
    if not reply.text.strip():
        unfinished("", reply.usage)
        raise llm.LLMError("api", "The model sent an empty review; nothing was saved. Try again.",
                           usage=reply.usage)
    text = reply.text.strip()
    # The review was billed: a draft the database cannot take goes to a recovery file.
    with interrupts.held(), kept_if_unsaved(settings, "review", text):
        draft_id = review_store.add_draft(
            conn, period_key=period.key, period_start=period.start.isoformat(),
            period_end=period.end.isoformat(), written_on=now.date().isoformat(), text=text,
            model=plan.model, cost_usd=turn_cost(settings, plan.model, reply.usage),
            created_at=clock.local_stamp(now))
    usage = reply.usage
    try:
        numbers = grounding.check(text, dict(plan.request))
    except Exception:  # noqa: BLE001  (a bug in the checker must not lose the review)
        log.exception("the number check failed; the review is kept unchecked")
        return ReviewDraft(period, text, plan.model, usage, draft_id, None)
    due = second_read.if_warned(settings, plan.request, text, reply.response_id, numbers,
                                client=client, on_wait=on_wait, on_checking=on_checking)
    if due is not None and (read := due[1]) is not None:
        numbers, usage = list(read.numbers), usage + read.usage
        with interrupts.held():
            review_store.add_draft_cost(conn, draft_id, turn_cost(settings, plan.model,
                                                                  read.usage))
    return ReviewDraft(period, text, plan.model, usage, draft_id,
                       tuple(m.text for m in numbers if m.unsupported))


def _keep_unfinished(conn: sqlite3.Connection, settings: Settings, plan: ReviewPlan,
                     period: Period, now: datetime, text: str, usage: Usage) -> None:
    """Store a billed review that did not finish, so its cost is counted; a store failure is
    logged, not raised over the reason the review did not finish."""
    try:
        review_store.add_draft(
            conn, period_key=period.key, period_start=period.start.isoformat(),
            period_end=period.end.isoformat(), written_on=now.date().isoformat(), text=text,
            model=plan.model, cost_usd=turn_cost(settings, plan.model, usage),
            created_at=clock.local_stamp(now), unfinished=True,
            output_is_floor=usage.output_is_floor)
    except Exception:
        log.exception("the cost of an unfinished review could not be stored")


def review_total(conn: sqlite3.Connection, period: Period, today: date) -> review_store.Spend:
    """What the reviews of `period` written `today` cost, finished or not."""
    return review_store.review_spend(conn, period.key, today.isoformat())


def todays_draft(conn: sqlite3.Connection, period: Period, today: date) -> ReviewDraft | None:
    """The newest review of `period` written today, as a draft to save; None if there is none."""
    row = review_store.latest_draft(conn, period.key, today.isoformat())
    if row is None:
        return None
    return ReviewDraft(period, row.text, row.model or "", None, row.draft_id)


def save_review(conn: sqlite3.Connection, settings: Settings, draft: ReviewDraft) -> SavedReview:
    """Store the dated snapshot; no model call. A stored draft is saved once: saving it again
    returns the review it already became.

    A lock is waited out (store/db.py); a review that still cannot be stored is kept in a
    recovery file and NotSaved says where (coach/recovery.py).
    """
    with kept_if_unsaved(settings, "review", draft.text):
        if draft.draft_id is not None:
            review_id, _ = review_store.save_draft(conn, draft.draft_id)
            return SavedReview(review_id, draft.period)
        review_id = review_store.save_review(
            conn, period_key=draft.period.key, period_start=draft.period.start.isoformat(),
            period_end=draft.period.end.isoformat(), text=draft.text, model=draft.model,
            created_at=clock.local_stamp(),
        )
    return SavedReview(review_id, draft.period)


def _unfinished(kind: str, max_tokens: int) -> str:
    """Why an incomplete review (its LLMError `kind`) is not saved, in one line."""
    if kind == "max_tokens":
        return (f"The review was cut short at max_tokens ({max_tokens:,}; thinking counts "
                "toward it), so nothing was saved: raise max_tokens under [coach] in config.toml "
                "and write it again.")
    if kind == "refusal":
        return "The model declined to write this review (refusal); nothing was saved."
    if kind == "stopped":
        return "Stopped: the review was not finished, so nothing was saved."
    return "The review was interrupted before it was finished; nothing was saved. Try again."


def reflect_on_review(
    conn: sqlite3.Connection, settings: Settings, saved: SavedReview, draft: ReviewDraft, *,
    client: llm.SDKClient | None = None,
) -> Reflection:
    """At most two journal lines about the saved review, once per key; none with memory off.

    Fail-silent: a model or store failure writes nothing, is logged, and is not raised. A
    reply cut by `reflection_max_tokens` (the reflection model thinks too) is not parsed for
    lines, and the key stays open so a later save can reflect again. The call's usage and cost
    come back so the caller can show and count them.
    """
    model = settings.reflection_model
    key = saved.period.key
    try:
        with reading(conn):  # prepare: one read
            if not memory_state(conn).on:
                return Reflection([], model, memory_on=False)
            if journal.full_of_user_lines(conn, settings.journal_cap):
                # A reflected line would have to displace one of the user's: ask nothing.
                return Reflection([], model, problem="the journal is full of your own lines; "
                                  "delete one to let the coach add its own")
            prompt = prepare_reflection(conn, draft.text, source=SOURCE, source_key=key,
                                        max_chars=settings.line_max_chars)
    except Exception as exc:  # the review is saved: its reflection never spoils that
        log.exception("reflection on %s %s could not read the journal", SOURCE, key)
        return Reflection([], model, problem=logged_failure(exc))
    if prompt is None:
        return Reflection([], model, already=True)
    calls: list[llm.Reply] = []
    problems: list[str] = []

    def generate(prompt: ReflectionPrompt) -> str:
        request = prompts.reflection_request(
            model=model, max_tokens=settings.reflection_max_tokens,
            effort=settings.reflection_effort, instructions=prompt.instructions,
            journal=prompt.journal, artifact=prompt.artifact)
        try:
            reply = llm.complete(request, client=client, max_wait=settings.max_wait_seconds)
        except llm.LLMError as exc:
            problems.append(exc.message)
            raise
        calls.append(reply)
        if not reply.complete:
            problems.append(llm.incomplete(reply, settings.reflection_max_tokens,
                                           "reflection_max_tokens under [coach]").message)
            raise llm.LLMError("incomplete", problems[-1])
        return reply.text

    done = reflect_with(  # call, then complete: one write
        conn, prompt, source=SOURCE, source_key=key, generate=generate,
        entry_date=clock.today().isoformat(), cap=settings.journal_cap,
        max_chars=settings.line_max_chars,
    )
    problem = problems[-1] if problems else done.problem
    if not calls:
        return Reflection(done.entry_ids, model, problem=problem, lines=done.lines,
                          updated=done.updated)
    usage = calls[-1].usage
    return Reflection(done.entry_ids, model, usage, turn_cost(settings, model, usage), problem,
                      lines=done.lines, updated=done.updated)
