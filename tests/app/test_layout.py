"""The layout gives way gracefully: F3 (and the palette) hides the sidebar, narrow lines drop
whole parts least important first, and at most two short-lived notices show at once."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.fit import fit, fit_forms, header_parts
from coach_tui.ui.widgets.journal import JournalList
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.sidebar import Sidebar
from coach_tui.ui.widgets.status import SEP, StatusInfo, StatusLine, ranked_parts, short_forms
from tests.support import opened, until

BUSY_DAY = StatusInfo(model="claude-sonnet-5-5", hit_rate=0.0, input_tokens=12_345,
                      output_tokens=678, cost_usd=0.0123, memory_as_of="2026-11-29",
                      unverified=1, last_miss_reason="system_changed")


def shown(info: StatusInfo, width: int) -> list[str]:
    forms = [short_forms(info, t, r) for t, _, r in ranked_parts(info)]
    return [text for _, text in fit_forms(forms, width, len(SEP))]


def test_a_narrow_status_line_keeps_memory_as_of_and_the_warning_and_drops_whole_parts():
    at_80 = shown(BUSY_DAY, 80)
    assert at_80 == ["memory ON", "memory as of 2026-11-29", "$0.0123",
                     "1 not from your records"]  # the key hint went before the warning
    assert "claude-sonnet-5-5" not in at_80  # the model goes first
    # Narrower, the cost gives way before the count of numbers not from the records.
    assert shown(BUSY_DAY, 70) == ["memory ON", "memory as of 2026-11-29",
                                   "1 not from your records"]
    assert len(SEP.join(at_80)) <= 80
    wide = shown(BUSY_DAY, 200)
    assert wide == [t for t, _, _ in ranked_parts(BUSY_DAY)]  # nothing dropped when it fits
    whole = [t for t, _, _ in ranked_parts(BUSY_DAY)] + ["memory as of 2026-11-29"]
    for width in range(20, 200, 7):  # every part shown is whole, in its order
        kept = shown(BUSY_DAY, width)
        assert set(kept) <= set(whole) and len(SEP.join(kept)) <= max(width, len(kept[0]))


def test_a_reply_header_drops_the_cache_share_before_the_warning_or_the_cost():
    meta = "coach · 09:15 · $0.0009 · 1 number not from your records · 97% cached"
    parts = header_parts(meta)
    keep = [parts[i][0] for i in fit(parts, 60, 3)]
    assert keep == ["coach", "09:15", "$0.0009", "1 number not from your records"]
    keep = [parts[i][0] for i in fit(parts, 50, 3)]
    assert keep == ["coach", "$0.0009", "1 number not from your records"]


@pytest.fixture
def ctx(coach_home):
    context = Context()
    yield context
    context.close()


async def test_f3_hides_and_shows_the_sidebar_and_the_palette_offers_it(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        sidebar = screen.query_one(Sidebar)
        prompt = screen.query_one(PromptInput)
        chat_width = prompt.size.width
        await pilot.press("tab")
        assert isinstance(app.focused, JournalList)
        await pilot.press("f3")
        await pilot.pause()
        assert not sidebar.display and app.focused is prompt  # focus never hides with it
        assert prompt.size.width > chat_width + 30
        await pilot.press("f3")
        await pilot.pause()
        assert sidebar.display and prompt.size.width == chat_width
        titles = [c.title for c in app.get_system_commands(screen)]
        assert "Hide or show the sidebar  (f3 · app.sidebar)" in titles


async def test_at_most_two_notices_show_and_none_stays_long(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        app.notify("a warning", severity="warning", timeout=30)
        for i in range(4):
            app.notify(f"notice {i}", timeout=30)
        await until(pilot, lambda: [n.message for n in app._notifications] == [
            "a warning", "notice 3"])
        assert all(n.timeout <= 5 for n in app._notifications)


async def test_the_status_line_at_80_columns_shows_whole_parts(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        status = screen.query_one(StatusLine)
        await pilot.pause()
        status.info = BUSY_DAY
        line = str(status.render())
        assert "$0.0123" in line and "memory as of 2026-11-29" in line
        assert "…" not in line and len(line) <= status.content_size.width
