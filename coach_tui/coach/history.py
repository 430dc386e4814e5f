"""The history a session's next request carries: its completed exchanges, within the cut.

coach/window.py decides, purely, whether a request would pass `context_max_tokens` and where
to cut; this module applies that to a stored session. A cut is stored with the session
(`history_from`, the first user turn requests carry) and stays until the next overflow, so the
cached prefix misses once per cut. Left-out exchanges stay stored, shown and recallable. While
memory is off, only exchanges made with memory off are carried.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from coach_tui.coach import prompts, window
from coach_tui.config import Settings
from coach_tui.store import sessions as store


@dataclass(frozen=True)
class ReadAhead:
    """A session's history read before its next message is sent (`read_ahead`, in the app's
    worker once a session is shown or a turn ends): that message's plan reuses it when the
    same exchanges are still its history, so Enter does not wait for reading them."""

    session_id: int
    history_from: int
    memory_on: bool
    fingerprint: tuple[int, ...]
    exchanges: tuple[tuple[store.HistoryTurn, store.HistoryTurn], ...]
    sizes: tuple[window.Exchange, ...]
    messages: prompts.BuiltHistory  # the exchanges as the request carries them

    def holds(self, conn: sqlite3.Connection, row: store.SessionRow, before_turn_id: int,
              on: bool) -> bool:
        """Whether these are exactly what `carried` would read now (one aggregate query)."""
        return (self.session_id == row.session_id and self.history_from == row.history_from
                and self.memory_on == on
                and self.fingerprint == store.exchanges_fingerprint(
                    conn, row.session_id, before_turn_id=before_turn_id,
                    from_turn_id=row.history_from, memory_off_only=not on))


def read_ahead(conn: sqlite3.Connection, row: store.SessionRow, on: bool) -> ReadAhead:
    """The history the session's next message would carry as things stand, with its sizes."""
    exchanges = store.completed_exchanges(conn, row.session_id, from_turn_id=row.history_from,
                                          memory_off_only=not on)
    return ReadAhead(row.session_id, row.history_from, on, store.fingerprint_of(exchanges),
                     tuple(exchanges), tuple(exchange_sizes(exchanges, with_recall=on)),
                     prompts.built_history(past_turns(exchanges), with_recall=on))


def past_turns(exchanges) -> list[prompts.PastTurn]:
    """Stored (user, assistant) exchanges as the prompt builders take them."""
    return [prompts.PastTurn(u.text, u.recall, a.text) for u, a in exchanges]


def carried(conn: sqlite3.Connection, row: store.SessionRow, before_turn_id: int,
            on: bool) -> list:
    """The completed (user, assistant) exchanges before `before_turn_id`, within the cut."""
    return store.completed_exchanges(
        conn, row.session_id, before_turn_id=before_turn_id, from_turn_id=row.history_from,
        memory_off_only=not on)


@dataclass(frozen=True)
class Fit:
    """Where to cut before a turn, and how big its request is then."""

    cut: int | None     # the first user turn id to carry; None: `exchanges` fit as they are
    tokens: int         # the request's size after that cut (measured + added, or estimated);
                        # above the cap only when the system blocks and the turn alone are


def fit(conn: sqlite3.Connection, settings: Settings, row: store.SessionRow, exchanges: list,
        user_turn_id: int, words: str, recall: str | None, on: bool,
        sizes: list[window.Exchange] | None = None) -> Fit:
    """Where to cut before this turn (a user turn id; None when `exchanges`, what `carried`
    gave for it, fit with it), and the request's size after the cut.

    Measured with the provider's count of the previous request when it carried everything up
    to the last reply, plus an estimate of what this turn adds; otherwise estimated whole.
    """
    cap = settings.context_max_tokens
    system_tokens = window.estimate_tokens(*(b["text"] for b in row.system))
    turn_tokens = window.estimate_tokens(recall if on else None, words)
    if sizes is None:  # (given when read ahead with the exchanges)
        sizes = exchange_sizes(exchanges, with_recall=on)
    previous = store.last_completed_reply(conn, row.session_id)
    measured = None
    if exchanges and previous is not None and previous.turn_id == exchanges[-1][1].turn_id:
        # The previous request carried everything up to the last reply: the provider
        # counted it, and this one adds that reply and the new turn.
        assert previous.input_tokens is not None  # a completed reply has its usage
        measured = (previous.input_tokens + (previous.cache_creation_tokens or 0)
                    + (previous.cache_read_tokens or 0))
    added = window.estimate_tokens(exchanges[-1][1].text) + turn_tokens if exchanges else 0
    estimate = system_tokens + sum(x.tokens for x in sizes) + turn_tokens
    if not window.would_overflow(previous_total=measured, added=added, estimate=estimate,
                                 cap=cap):
        return Fit(None, estimate if measured is None else measured + added)
    cut = window.cut_point(sizes, system_tokens=system_tokens, turn_tokens=turn_tokens,
                           cap=cap, next_turn_id=user_turn_id)
    kept = sum(x.tokens for x in sizes if x.user_turn_id >= cut)
    return Fit(cut, system_tokens + kept + turn_tokens)


def exchange_sizes(exchanges, *, with_recall: bool = True) -> list[window.Exchange]:
    """Each exchange's estimated tokens, keyed by its user turn id."""
    return [window.Exchange(u.turn_id, window.estimate_tokens(u.recall if with_recall else None,
                                                              u.text)
                            + window.estimate_tokens(a.text))
            for u, a in exchanges]
