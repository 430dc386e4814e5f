"""A turn touches the store twice: before the call, one transaction stores the message and reads
everything the request needs (prepare); after it, one stores the outcome (complete). Every write
is inside one of them, and the message is committed before anything is sent. Counted on the
connection itself: every BEGIN it runs."""

from datetime import timedelta

import pytest

from coach_tui.coach import turn_plan
from coach_tui.coach.session import CoachSession
from coach_tui.memory import journal
from coach_tui.store import sessions as store
from tests.engine_support import NOW, seed_journal, seed_steps

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class BeginCounter:
    """Wraps a connection's statement trace: each BEGIN, and any write made outside one."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.begins: list[str] = []
        self.bare_writes: list[str] = []

    def __enter__(self) -> "BeginCounter":
        self.conn.set_trace_callback(self._saw)
        return self

    def __exit__(self, *exc) -> None:
        self.conn.set_trace_callback(None)

    def _saw(self, statement: str) -> None:
        words = statement.lstrip().upper()
        if words.startswith("--"):
            return  # a statement a trigger runs, inside its caller's transaction
        if words.startswith("BEGIN"):
            self.begins.append(statement.strip())
        elif words.startswith(WRITES) and not self.conn.in_transaction:
            self.bare_writes.append(statement.strip())


@pytest.fixture
def seeded(conn):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Walks best with a podcast on", "Skips walks when it rains"])
    return conn


def _kinds(counter: BeginCounter) -> list[str]:
    return ["write" if "IMMEDIATE" in b.upper() else "read" for b in counter.begins]


def test_a_turn_is_two_transactions(api, seeded, settings):
    session = CoachSession.pending(settings)
    with BeginCounter(seeded) as first:
        assert session.send(seeded, "how did last week go?", now=NOW).status == "ok"
    with BeginCounter(seeded) as second:
        result = session.send(seeded, "and today?", now=NOW + timedelta(minutes=2))
    assert result.status == "ok" and result.totals.turns == 2
    # The first message also creates the session: inside the same first transaction.
    for counter in (first, second):
        assert _kinds(counter) == ["write", "write"], counter.begins
        assert counter.bare_writes == []


def test_the_message_is_committed_before_the_request_goes_out(api, settings, tmp_path):
    from coach_tui.store.db import connect

    path = tmp_path / "coach.db"
    conn = connect(path)
    seen = []

    def responder(body):
        # Another connection, while the request is in flight: the message is on disk.
        other = connect(path)
        seen.extend(tuple(r) for r in other.execute("SELECT text, status FROM turns"))
        other.close()
        return "Noted."

    api.responder = responder
    assert CoachSession.pending(settings).send(conn, "remember this", now=NOW).status == "ok"
    conn.close()
    assert seen == [("remember this", "pending")]


def test_a_retry_marks_the_reply_it_replaces_in_the_same_two(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "how did last week go?", now=NOW)
    with BeginCounter(seeded) as counter:
        result = session.send(seeded, "how did last week go?", now=NOW, replacing=True)
    assert result.status == "ok" and result.totals.turns == 1
    assert _kinds(counter) == ["write", "write"], counter.begins
    assert counter.bare_writes == []


@pytest.mark.parametrize("raised, status", [(RuntimeError("recall broke"), "failed"),
                                            (KeyboardInterrupt(), "interrupted")])
def test_a_failure_while_planning_keeps_the_message_marked(api, seeded, settings, monkeypatch,
                                                           raised, status):
    session = CoachSession.new(seeded, settings, now=NOW)

    def broken(*args, **kwargs):
        raise raised

    monkeypatch.setattr(turn_plan, "turn_recall", broken)
    with BeginCounter(seeded) as counter, pytest.raises(type(raised)):
        session.send(seeded, "are you there?", now=NOW)
    assert _kinds(counter) == ["write"] and not seeded.in_transaction
    [turn] = store.list_turns(seeded, session.session_id)
    assert (turn.text, turn.status) == ("are you there?", status)
    assert turn.error == "Not sent: stopped before the request went out."
    assert api.requests == []


def test_a_failed_turn_and_a_rerendered_snapshot_keep_the_count(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "first", now=NOW)
    [entry] = [e.entry_id for e in journal.list_entries(seeded)
               if e.text.startswith("Skips walks")]
    journal.delete_entry(seeded, entry)
    api.queue_error(529, "overloaded_error", "Overloaded", times=3)
    with BeginCounter(seeded) as counter:
        result = session.send(seeded, "second", now=NOW + timedelta(minutes=1))
    assert result.status == "failed" and result.snapshot_rerendered
    assert _kinds(counter) == ["write", "write"], counter.begins
    assert counter.bare_writes == []


def test_the_plan_is_built_once_and_is_what_the_number_check_reads(api, seeded, settings,
                                                                   monkeypatch):
    session = CoachSession.new(seeded, settings, now=NOW)
    built, checked = [], []
    real_request, real_check = turn_plan._request, turn_plan.grounding.check
    monkeypatch.setattr(turn_plan, "_request",
                        lambda *a: built.append(real_request(*a)) or built[-1])
    monkeypatch.setattr(turn_plan.grounding, "check",
                        lambda reply, request: checked.append(request) or real_check(reply,
                                                                                     request))
    assert session.send(seeded, "how many steps yesterday?", now=NOW).status == "ok"
    # (read while the reply streamed: the request read, the very one evidence_of keeps)
    assert len(built) == 1 and checked == [turn_plan.grounding.evidence_of(dict(built[0]))]
    assert checked[0] is turn_plan.grounding.evidence_of(dict(built[0]))
    with pytest.raises(TypeError):
        built[0]["model"] = "another"  # the plan's request cannot be changed


def test_a_review_reads_once_and_writes_once(api, seeded, settings):
    from coach_tui.coach.review import review_period, write_review

    period = review_period("week", NOW.date())
    with BeginCounter(seeded) as counter:
        draft = write_review(seeded, settings, period, now=NOW)
    assert draft.text and draft.draft_id is not None
    assert _kinds(counter) == ["read", "write"], counter.begins
    assert counter.bare_writes == []


def test_a_review_cut_short_still_reads_once_and_writes_once(api, seeded, settings):
    from coach_tui.coach import llm
    from coach_tui.coach.review import review_period, write_review

    api.queue_stop("max_tokens", "The week started strong and then")
    with BeginCounter(seeded) as counter, pytest.raises(llm.LLMError, match="max_tokens"):
        write_review(seeded, settings, review_period("week", NOW.date()), now=NOW)
    # Billed, so its cost is stored (an unfinished draft) in the one write.
    assert _kinds(counter) == ["read", "write"], counter.begins
    assert counter.bare_writes == []


def test_a_reflection_reads_once_and_writes_once(api, seeded, settings):
    from coach_tui.coach.review import reflect_on_review, review_period, save_review, write_review

    draft = write_review(seeded, settings, review_period("week", NOW.date()), now=NOW)
    saved = save_review(seeded, settings, draft)
    api.queue_reply("MEMORY: Thursdays are the weak spot")
    with BeginCounter(seeded) as counter:
        reflection = reflect_on_review(seeded, settings, saved, draft)
    assert [e.text for e in reflection.lines] == ["Thursdays are the weak spot"]
    assert _kinds(counter) == ["read", "write"], counter.begins
    assert counter.bare_writes == []
    with BeginCounter(seeded) as again:  # reflected on already: one read, no call
        assert reflect_on_review(seeded, settings, saved, draft).already
    assert _kinds(again) == ["read"]
