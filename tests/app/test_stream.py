"""A reply's text that ends before its stream has drawn once (a busy machine)."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from coach_tui.ui.widgets.stream import StreamedMarkdown


class OneText(App):
    def compose(self) -> ComposeResult:
        yield StreamedMarkdown()


async def _stream_started_not_drawn(widget: StreamedMarkdown) -> asyncio.Task:
    """The widget's first chunk has started Textual's stream task, which has not yet run:
    where a turn's end lands when its handler is scheduled ahead of that task."""
    writing = asyncio.create_task(widget.write("Half a reply about your"))
    await asyncio.sleep(0)  # `write` runs up to its first yield, after starting the stream
    assert not writing.done()
    return writing


async def test_a_reply_ended_before_its_first_chunk_is_drawn_shows_the_stored_text():
    app = OneText()
    async with app.run_test() as pilot:
        widget = app.query_one(StreamedMarkdown)
        writing = await _stream_started_not_drawn(widget)
        # Before the fix the cancellation of the never-run stream task was re-raised here,
        # ending the handler's message loop (the review screen stopped taking keys).
        await widget.finish("Half a reply about your knee, then a walk.")
        await writing
        await pilot.pause()
        assert widget.source == "Half a reply about your knee, then a walk."


async def test_a_reply_cut_before_its_first_chunk_is_drawn_keeps_what_arrived():
    app = OneText()
    async with app.run_test() as pilot:
        widget = app.query_one(StreamedMarkdown)
        writing = await _stream_started_not_drawn(widget)
        await widget.finish("")  # a failed turn: what arrived stays on screen
        await writing
        await pilot.pause()
        assert widget.source == "Half a reply about your"
