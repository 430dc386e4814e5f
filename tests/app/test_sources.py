"""Where a reply's numbers come from, in the app: ctrl+e and a click on a reply open a modal
that lists each number with its outcome and source, and what was recalled for the message."""

from __future__ import annotations

import json
import re
import threading
from datetime import date, timedelta

import pytest

from coach_tui.context import Context
from coach_tui.store.db import transaction
from coach_tui.store.steps import Day, upsert_days
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.main import MainScreen
from coach_tui.ui.screens.sources import SourcesScreen
from coach_tui.ui.widgets.chat import NOT_FROM_RECORDS, AssistantMessage
from coach_tui.ui.widgets.history import HistoryView
from tests.engine_support import is_second_read
from tests.support import enter, opened, send, until

TODAY = date(2026, 11, 30)
REPLY = "You're at 8,000 today, so 2,000 to go. Your streak is 47 days. Try a 20-minute walk."


@pytest.fixture
def ctx(coach_home):
    """Ten days of 9,000 steps, and 8,000 so far today, against a 10,000 goal."""
    context = Context()
    days = [Day((TODAY - timedelta(days=i)).isoformat(), 9_000, 10_000, None)
            for i in range(10, 0, -1)]
    days.append(Day(TODAY.isoformat(), 8_000, 10_000, None))
    with transaction(context.conn):
        upsert_days(context.conn, days, source="test", synced_at="2026-11-30T08:00:00")
    yield context
    context.close()


def sources_lines(app) -> list[str]:
    return [" ".join(str(w.render()).split())
            for w in app.screen.query(".source-line")]


async def test_ctrl_e_lists_each_number_with_its_outcome_source_and_the_recall(api, ctx):
    api.queue_reply(REPLY)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How many steps do I still need today?")
        answer = screen.query(AssistantMessage).last()
        # The unsupported number stays marked, and the header counts it.
        assert "`47`" in answer.markdown.source
        assert "1 number not from your records" in str(answer.query_one(".meta").render())
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, SourcesScreen))
        lines = sources_lines(app)
        assert lines[0].startswith("quoted 8,000: Now: Monday 2026-11-30")
        assert lines[1] == "computed 2,000 = 10,000 goal − 8,000 so far (today)"
        assert lines[2].startswith("flagged 47: not from your records")
        assert lines[3].startswith("advice 20:")
        recall = str(app.screen.query_one("#sources-recall").render())
        assert recall.startswith("CONTEXT FOR THIS MESSAGE")
        assert "Today so far: 8,000 steps of a 10,000 goal" in recall
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))


async def test_a_click_on_a_reply_opens_its_sources_also_in_a_resumed_session(api, ctx):
    api.queue_reply(REPLY)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How many steps do I still need today?")
        session_id = screen.chat_pane.session.session_id
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await screen._resume_chosen(session_id)
        await until(pilot, lambda: bool(screen.query(HistoryView)))
        history = screen.query_one(HistoryView)
        await until(pilot, lambda: history.region.height > 0)
        reply = next(b for b in history.blocks if b.kind == "reply")
        # The stored reply keeps its unsupported number marked, and says why on hover.
        assert "`47`" in reply.text and "1 number not from your records" in reply.meta
        await pilot.hover(HistoryView, offset=(2, history.top_of(reply) + 1))
        assert history.tooltip == NOT_FROM_RECORDS
        await pilot.click(HistoryView, offset=(2, history.top_of(reply) + 1))
        await until(pilot, lambda: isinstance(app.screen, SourcesScreen))
        assert "computed 2,000 = 10,000 goal − 8,000 so far (today)" in sources_lines(app)



async def test_a_flagged_number_is_marked_where_it_is_not_where_its_digits_first_appear(api,
                                                                                        ctx):
    # "9" is also inside "9,000": the highlight goes on the flagged 9 only.
    api.queue_reply("You did 9,000 on Sunday. Your streak is 9 days.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How was Sunday?")
        shown = screen.query(AssistantMessage).last().markdown.source
        assert shown == "You did 9,000 on Sunday. Your streak is `9` days."


async def test_the_second_read_is_shown_while_it_runs_and_clears_what_code_confirms(api, ctx):
    # The model is asked about the numbers the check could not trace; its answer gives the
    # lines and arithmetic of the true ones (confirmed by code) and calls the streak quoted from
    # a line the data does not hold (so it stays flagged).
    answer = threading.Event()
    days = ["Tue 2026-11-24: 9,000 steps", "Wed 2026-11-25: 9,000 steps"]
    said = {"Two": {"is": "computed", "from": days, "calc": "1 + 1"},
            "18,000": {"is": "computed", "from": days, "calc": "9,000 + 9,000"},
            "47": {"is": "quoted", "from": ["step goal streak: 47 days"], "calc": ""}}

    def respond(body):
        if not is_second_read(body):
            return "Two of your days came to 18,000 between them. Your streak is 47 days."
        answer.wait(30)
        asked = re.findall(r'^(\d+)\. "([^"]+)" in:', body["messages"][-1]["content"][0]["text"],
                           re.M)
        return json.dumps([{"n": int(n), **said[text]} for n, text in asked])
    api.responder = respond
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await enter(pilot, screen, "How were Nov 24 and Nov 25?")
        await until(pilot, lambda: bool(screen.query(AssistantMessage)) and "checking" in str(
            screen.query(AssistantMessage).last().query_one(".meta").render()))
        reply = screen.query(AssistantMessage).last()
        assert re.search(r"coach · checking [23] numbers…", str(reply.query_one(".meta").render()))
        answer.set()
        await until(pilot, lambda: "not from your records" in str(
            reply.query_one(".meta").render()))
        assert reply.markdown.source == (
            "Two of your days came to 18,000 between them. Your streak is `47` days.")
        assert "1 number not from your records" in str(reply.query_one(".meta").render())
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, SourcesScreen))
        lines = sources_lines(app)
        assert [line.split()[0] for line in lines] == ["computed", "computed", "flagged"]
        # what the coach pointed to, and why code did not take it
        assert lines[2] == ('flagged 47: not from your records (the coach pointed to "step goal '
                            'streak: 47 days", but that is not a line of what the coach was '
                            'given)')
