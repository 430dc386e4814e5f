"""A chat turn in three steps and two transactions: prepare, call, complete.

- `prepare_turn` stores the user's message and plans its request in ONE write transaction:
  the session itself on its first message, the reply a retry replaces (marked, kept), the
  message, the system blocks brought in line with the memory switch and deletions
  (coach/frozen.py); then, in the same transaction, everything the request needs (the session
  row, the recall block, the history and its cut, the response the request extends). It
  returns a `TurnPlan`: immutable, holding the request built once, which is streamed and which
  the number check reads. The message is committed before anything is sent, so nothing typed
  is lost when the call fails or the process dies; when planning itself fails (a bug, Ctrl-C)
  the message is committed all the same, marked failed or interrupted, and the error goes on.
  Nothing slow happens inside: local SQL only, never the network.
- `call_model` streams the plan's request and gives an `Outcome` (reply or failure); when the
  service refuses the prompt as too long it cuts the plan's history harder, once, without
  reading the store again.
- `complete_turn` writes the outcome in one write transaction: the recall block sent, the
  history cut, the user turn's status, the reply with its usage and every number's outcome
  and source; it reads the left-out count and the session's totals in the same transaction.

So a turn touches the store twice, a transaction before the call and one after it
(tests/unit/test_turn_transactions.py counts them).
"""

from __future__ import annotations

import dataclasses
import logging
import sqlite3
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any

from coach_tui.clock import local_stamp
from coach_tui.coach import (
    frozen,
    grounding,
    history,
    interrupts,
    llm,
    prompts,
    second_read,
    window,
)
from coach_tui.coach.pricing import Usage, turn_cost
from coach_tui.coach.read_ahead import ReadAhead
from coach_tui.coach.recovery import kept_if_unsaved
from coach_tui.coach.transcript import session_totals
from coach_tui.coach.turn import TOO_LONG_MESSAGE, TurnResult, title_line
from coach_tui.coach.turn_recall import turn_recall
from coach_tui.config import Settings
from coach_tui.memory.recall_items import Recall
from coach_tui.memory.switch import memory_state
from coach_tui.store import sessions as store
from coach_tui.store.db import transaction

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TurnPlan:
    """Everything one request is: read once, never changed (a new plan for a harder cut)."""

    session: store.SessionRow    # as this request sends it: blocks reconciled, cut applied
    user_turn_id: int
    words: str
    memory_on: bool
    recall: Recall | None        # the recall block sent with the words; None with memory off
    exchanges: tuple[tuple[store.HistoryTurn, store.HistoryTurn], ...]   # the history carried
    previous_message_id: str | None   # the response this request extends
    request: Mapping[str, Any]   # streamed as is; the number check reads it
    snapshot_rerendered: bool
    max_tokens: int              # the reply budget the session started with
    cut: int | None = None       # a new history cut this turn sets (complete_turn stores it)
    tokens: int = 0              # the request's size after the cut (history.fit's measure)

    @property
    def model(self) -> str:
        return self.session.model

    def cut_harder(self) -> TurnPlan:
        """This plan with the newer half of its history (the service refused it as too long)."""
        point = window.halve(history.exchange_sizes(self.exchanges),
                             next_turn_id=self.user_turn_id)
        session = dataclasses.replace(self.session, history_from=point)
        kept = tuple(x for x in self.exchanges if x[0].turn_id >= point)
        return dataclasses.replace(self, session=session, exchanges=kept, cut=point,
                                   request=_request(session, self.max_tokens, kept, self.words,
                                                    self.recall, self.memory_on,
                                                    self.previous_message_id))


@dataclass(frozen=True)
class Outcome:
    """How the call ended, as complete_turn stores it and the TurnResult says it."""

    status: str                  # 'ok' | 'failed' | 'interrupted'
    text: str                    # what the result shows
    error: str | None
    stored: str | None = None    # the reply text stored (None: no reply row)
    usage: Usage | None = None
    cost: float | None = None
    response_id: str | None = None
    miss: str | None = None
    stop_reason: str | None = None
    cut_kind: str | None = None
    checked: tuple[grounding.NumberMention, ...] | None = None   # a complete reply's numbers
    # The second read: (numbers asked about, numbers it confirmed; None when it failed), or
    # None when none was sent.
    second_read: tuple[int, int | None] | None = None


def prepare_turn(conn: sqlite3.Connection, settings: Settings, row: store.SessionRow | None,
                 words: str, *, now: datetime, model: str | None = None,
                 replacing: bool = False, ahead: history.ReadAhead | None = None) -> TurnPlan:
    """Store `words` in the session `row` (None: create it, on `model`) and plan the request
    that sends them; one write transaction. `replacing`: a retry, whose last reply is marked
    replaced first (kept, no longer history). SessionGone when the session was deleted
    elsewhere; DatabaseBusy when another coach-tui holds the lock too long (nothing stored).
    `ahead`: the session's history read before (history.read_ahead), used if still the same."""
    failure: BaseException | None = None
    with ExitStack() as hold, transaction(conn):
        on = memory_state(conn).on
        if row is None:
            row = frozen.create(conn, settings, now, model)
        else:
            # As stored now: another connection may have reconciled or cut it, or deleted it.
            current = store.get_session(conn, row.session_id)
            if current is None:
                raise store.SessionGone(row.session_id)
            row = current
            if replacing:
                store.mark_last_reply_replaced(conn, row.session_id)
        turn_id = store.add_user_turn(
            conn, row.session_id, created_at=local_stamp(now), text=words, memory_on=on,
            title=title_line(words))
        rerendered = frozen.reconcile(conn, settings, row, on, now)
        try:
            plan = _plan(conn, settings, row.session_id, turn_id, words, on, rerendered, now,
                         ahead)
        except BaseException as exc:
            if not conn.in_transaction:
                raise  # SQLite rolled it back: nothing is stored, the error says why
            # Interrupted (or a bug) before anything was sent: the message is kept, saying
            # so, not "pending" for ever; the commit is not interrupted in turn.
            hold.enter_context(interrupts.held())
            store.finish_user_turn_in_tx(conn, turn_id, status=(
                "interrupted" if isinstance(exc, KeyboardInterrupt) else "failed"),
                error="Not sent: stopped before the request went out.")
            failure = exc
    if failure is not None:
        raise failure
    return plan


def _plan(conn: sqlite3.Connection, settings: Settings, session_id: int, turn_id: int,
          words: str, on: bool, rerendered: bool, now: datetime,
          ahead: history.ReadAhead | None = None) -> TurnPlan:
    """The plan of the request that sends the message `turn_id`, read inside its transaction."""
    row = store.get_session(conn, session_id)  # as the reconcile left it
    assert row is not None  # read in this transaction
    recall = turn_recall(conn, settings, row, words, now=now) if on else None
    text = None if recall is None else (recall.text or None)
    built: prompts.BuiltHistory | None = None  # the history's messages, read ahead
    if ahead is not None and ahead.holds(conn, row, turn_id, on):
        exchanges, sizes, built = list(ahead.exchanges), list(ahead.sizes), ahead.messages
    else:
        exchanges, sizes = history.carried(conn, row, turn_id, on), None
    fitted = history.fit(conn, settings, row, exchanges, turn_id, words, text, on, sizes)
    cut = fitted.cut
    if cut is not None:
        row = dataclasses.replace(row, history_from=cut)
        exchanges, built = history.carried(conn, row, turn_id, on), None
    previous = store.last_response_id(conn, row.session_id)
    pairs = tuple(exchanges)
    budget = settings.max_tokens if row.max_tokens is None else row.max_tokens
    return TurnPlan(row, turn_id, words, on, recall, pairs, previous,
                    _request(row, budget, built or pairs, words, recall, on, previous),
                    rerendered, budget, cut, fitted.tokens)


def _request(row: store.SessionRow, max_tokens: int,
             exchanges: tuple | prompts.BuiltHistory, words: str, recall: Recall | None,
             on: bool, previous: str | None) -> Mapping[str, Any]:
    """The request; `exchanges` as stored, or already built as messages (read ahead)."""
    past = exchanges if isinstance(exchanges, prompts.BuiltHistory) \
        else history.past_turns(exchanges)
    return MappingProxyType(prompts.chat_request(
        model=row.model, max_tokens=max_tokens, effort=row.effort, system=row.system,
        history=past, words=words, recall=None if recall is None else recall.text or None,
        memory_on=on, previous_message_id=previous))


READ_AFTER_FIRST_WORDS = 0.25  # seconds from the reply's first sign to the check's reading


def call_model(plan: TurnPlan, settings: Settings, *, on_text: Callable[[str], None],
               on_thinking: Callable[[], None] | None = None,
               client: llm.ModelClient | None = None,
               should_stop: Callable[[], bool] | None = None,
               on_wait: Callable[[float, str], None] | None = None,
               on_checking: Callable[[int], None] | None = None,
               ) -> tuple[TurnPlan, Outcome]:
    """Stream `plan`'s request: the plan that was answered (a harder cut after a too-long
    refusal) and how it ended. Model and network failures come back as an Outcome. `on_wait`
    is told of each rate-limit wait, all of them together held to `[api] max_wait_seconds`.
    `on_checking(n)` is called before the second read asks the model about n numbers; its
    usage and cost are added to the reply's."""

    ahead: list[ReadAhead] = []  # the answered request, read for the check as it streams

    def stream(p: TurnPlan):
        # Read once the reply's first words are drawn, not beside the send (read_ahead.py).
        reading = ReadAhead(p.request, start=False, delay=READ_AFTER_FIRST_WORDS)
        ahead[:] = [reading]

        def text(chunk: str) -> None:
            reading.start()
            on_text(chunk)

        def thinking() -> None:
            reading.start()
            if on_thinking is not None:
                on_thinking()

        return llm.stream_message(dict(p.request), on_text=text, on_thinking=thinking,
                                  client=client, should_stop=should_stop, on_wait=on_wait,
                                  max_wait=settings.max_wait_seconds)

    try:
        try:
            reply = stream(plan)
        except llm.LLMError as exc:
            if exc.kind != "too_long" or not plan.exchanges:
                raise
            # The estimate fell short of the provider's count: cut harder, once.
            plan = plan.cut_harder()
            try:
                reply = stream(plan)
            except llm.LLMError as again:
                if again.kind == "too_long":
                    raise llm.LLMError("too_long", TOO_LONG_MESSAGE) from None
                raise
    except llm.StreamInterrupted as exc:
        ahead[0].call_off()  # a cut reply's numbers are not checked: no reading for it
        return plan, interrupted(plan, settings, exc)
    except llm.LLMError as exc:
        ahead[0].call_off()
        message = TOO_LONG_MESSAGE if exc.kind == "too_long" else exc.message
        if exc.usage is not None:
            # The stream began, so it was billed (thinking, maybe): the usage is kept with
            # the failure, as for an empty reply.
            return plan, Outcome("failed", "", message, stored="", usage=exc.usage,
                                 cost=turn_cost(settings, plan.model, exc.usage),
                                 cut_kind=exc.kind)
        return plan, Outcome("failed", "", message, cut_kind=exc.kind)
    cost = turn_cost(settings, plan.model, reply.usage)
    if not reply.text.strip():
        ahead[0].call_off()
        # Billed all the same (thinking is output): the usage is kept with the failure.
        return plan, Outcome("failed", "", "The model sent an empty reply; send your message "
                             "again.", stored="", usage=reply.usage, cost=cost,
                             response_id=reply.response_id, stop_reason=reply.stop_reason,
                             cut_kind="empty")
    # Checked once, after the stream: every number against the request it answered (read
    # while the reply streamed); what the check cannot trace, the model is asked about once.
    checked = _checked(reply.text, ahead[0])
    usage, asked = reply.usage, None
    due = None if checked is None else second_read.if_warned(
        settings, plan.request, reply.text, reply.response_id, checked, client=client,
        on_wait=on_wait, on_checking=on_checking)
    if due is not None:
        count, read = due
        asked = (count, None if read is None else read.cleared)
        if read is not None:
            checked, usage = read.numbers, usage + read.usage
            more = turn_cost(settings, plan.model, read.usage)
            cost = None if cost is None or more is None else cost + more
    return plan, Outcome("ok", reply.text, None, stored=reply.text, usage=usage, cost=cost,
                         response_id=reply.response_id, miss=reply.cache_miss_reason,
                         stop_reason=reply.stop_reason, checked=checked, second_read=asked)


def _checked(text: str, ahead: ReadAhead) -> tuple[grounding.NumberMention, ...] | None:
    """Every number of a complete reply, checked against the request `ahead` read; None when
    the reading or the check fails (a bug in it): the reply, streamed and billed, is kept all
    the same, as not checked, and the failure is logged."""
    try:
        return tuple(grounding.check(text, ahead.evidence()))
    except Exception:  # noqa: BLE001  (a bug in the checker must not lose the reply)
        log.exception("the number check failed; the reply is kept unchecked")
        return None


def interrupted(plan: TurnPlan, settings: Settings, exc: llm.StreamInterrupted) -> Outcome:
    """The outcome of a reply that ended early (a stop, a cut, a signal): kept and marked,
    never history. Whatever the service billed (a max_tokens or refusal stop; a stop, cut or
    signal after message_start) is stored with its cost, so the session's totals stay true."""
    cost = None if exc.usage is None else turn_cost(settings, plan.model, exc.usage)
    return Outcome(
        "interrupted", exc.partial_text, exc.message,
        stored=exc.partial_text if exc.partial_text or exc.usage else None,
        usage=exc.usage, cost=cost, response_id=exc.response_id, cut_kind=exc.kind,
        # A stop the user asked for has no service stop reason; "stopped" lets a
        # transcript say so rather than "interrupted".
        stop_reason=exc.stop_reason or ("stopped" if exc.kind == "stopped" else None))


def crashed(partial: str) -> Outcome:
    """The outcome of a turn stopped by Ctrl-C or a bug mid-stream: what arrived, marked."""
    return Outcome("interrupted" if partial else "failed", partial,
                   "Stopped before the reply was complete.", stored=partial or None)


def complete_turn(conn: sqlite3.Connection, settings: Settings, plan: TurnPlan,
                  outcome: Outcome, *, now: datetime) -> TurnResult:
    """Store `outcome` of `plan`'s request; one write transaction."""
    checked = outcome.checked or ()
    unverified = tuple(m.text for m in checked if m.unsupported)
    numbers = tuple(m.as_dict() for m in checked)
    session_id, usage = plan.session.session_id, outcome.usage
    with kept_if_unsaved(settings, "reply", outcome.stored), transaction(conn):
        if plan.recall is not None:
            store.set_recall(conn, plan.user_turn_id, plan.recall.text or None,
                             plan.recall.quoted)
        if plan.cut is not None:
            store.set_history_from(conn, session_id, plan.cut)
        store.finish_user_turn_in_tx(conn, plan.user_turn_id, status=outcome.status,
                                     error=outcome.error)
        assistant_id = None
        if outcome.stored is not None:
            assistant_id = store.add_assistant_turn_in_tx(
                conn, session_id, reply_to=plan.user_turn_id, created_at=local_stamp(now),
                text=outcome.stored, status=outcome.status, error=outcome.error,
                response_id=outcome.response_id, model=plan.model,
                usage=None if usage is None else (usage.input_tokens,
                                                  usage.cache_creation_tokens,
                                                  usage.cache_read_tokens, usage.output_tokens),
                cost_usd=outcome.cost, cache_miss_reason=outcome.miss,
                memory_on=plan.memory_on, stop_reason=outcome.stop_reason,
                unverified=unverified, numbers=None if outcome.checked is None else numbers,
                output_is_floor=usage is not None and usage.output_is_floor)
        cut = plan.session.history_from
        left_out = store.count_exchanges_before(conn, session_id, cut) if cut else 0
        totals = session_totals(conn, session_id)
    return TurnResult(
        plan.user_turn_id, None if outcome.status == "failed" else assistant_id, outcome.status,
        outcome.text, outcome.error, usage, outcome.cost, outcome.response_id, outcome.miss,
        plan.snapshot_rerendered, outcome.cut_kind, unverified=unverified, numbers=numbers,
        unchecked=outcome.status == "ok" and outcome.checked is None, left_out=left_out,
        totals=totals, stop_reason=outcome.stop_reason, second_read=outcome.second_read)
