"""A completed exchange is defined once: after a retry (ctrl+l), the history a request carries,
the "N earlier exchanges left out" count, the resumed transcript, the Markdown export and the
message counts all agree, and a replaced exchange never appears beside its replacement."""

import itertools

from coach_tui.coach.session import CoachSession, list_sessions
from coach_tui.coach.transcript import markdown_transcript
from coach_tui.store import sessions as store
from tests.engine_support import NOW, chat_requests, is_second_read


def _retried_session(api, conn, settings):
    """Four messages, the last one sent again in place of its reply (ctrl+l)."""
    numbers = itertools.count(1)
    api.responder = lambda body: "[]" if is_second_read(body) else \
        f"Reply number {next(numbers)}."
    session = CoachSession.new(conn, settings, now=NOW)
    for words in ("first", "second", "third", "fourth"):
        assert session.send(conn, words, now=NOW).status == "ok"
    assert session.send(conn, "fourth", now=NOW, replacing=True).status == "ok"
    return session


def test_a_replaced_exchange_is_not_shown_beside_its_replacement(api, conn, settings):
    session = _retried_session(api, conn, settings)
    shown = [(t.role, t.text) for t in session.turns(conn)]
    assert shown == [("user", "first"), ("assistant", "Reply number 1."),
                     ("user", "second"), ("assistant", "Reply number 2."),
                     ("user", "third"), ("assistant", "Reply number 3."),
                     ("user", "fourth"), ("assistant", "Reply number 5.")]
    assert session.turns_page(conn, limit=100) == session.turns(conn)
    exported = markdown_transcript(conn, session.session_id)
    assert "Reply number 4." not in exported and exported.count("\nfourth\n") == 1


def test_counts_say_four_messages_for_four_sent(api, conn, settings):
    session = _retried_session(api, conn, settings)
    assert session.totals(conn).turns == 4
    [info] = list_sessions(conn)
    assert info.turn_count == 4


def test_left_out_count_matches_what_the_cut_hides(api, conn, settings):
    session = _retried_session(api, conn, settings)
    users = [t for t in session.turns(conn) if t.role == "user"]
    store.set_history_from(conn, session.session_id, users[-1].turn_id)
    resumed = CoachSession.resume(conn, settings, session.session_id)
    # Three completed exchanges lie before the cut; the replaced one is not an exchange.
    assert resumed.left_out(conn) == 3
    # The retry itself carried the three earlier exchanges, never the replaced reply.
    messages = chat_requests(api)[-1]["messages"]
    assert len(messages) == 7 and "Reply number 4." not in str(messages)
