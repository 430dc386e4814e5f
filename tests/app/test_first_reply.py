"""The first reply of a launch: the model client the app builds in the background once the
session is open is the one the chat's turns send with, and a failure while building it shows
nothing until a message is sent, then only the usual one-line error."""

from __future__ import annotations

import pytest

from coach_tui.coach import llm, warmup
from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import AssistantMessage, Notice
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import opened, send, until


@pytest.fixture
def ctx(home):
    context = Context()
    yield context
    context.close()


def preloaded(app) -> bool:
    """The background build has finished (whatever its outcome)."""
    return app.model_client is not None and not any(
        w.group == "preload" and not w.is_finished for w in app.workers)


def errors(screen) -> list[str]:
    return [str(n.render()) for n in screen.query(Notice) if n.has_class("error")]


async def test_the_first_and_later_replies_use_the_client_built_in_the_background(
        api, ctx, monkeypatch):
    built, used = [], []
    make, stream = llm.make_client, llm.stream_message

    def counting_make_client(**kwargs):
        built.append(make(**kwargs))
        return built[-1]

    def recording_stream(request, **kwargs):
        used.append(kwargs.get("client"))
        return stream(request, **kwargs)

    monkeypatch.setattr(llm, "make_client", counting_make_client)
    api.queue_reply("First.")
    api.queue_reply("Second.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await until(pilot, lambda: preloaded(app))
        assert len(built) == 1 and api.requests == []  # built and warmed, nothing sent
        monkeypatch.setattr(llm, "stream_message", recording_stream)
        await send(pilot, screen, "How did last week go?")
        await send(pilot, screen, "And today?")
        replies = [r.markdown.source for r in screen.query(AssistantMessage)]
        assert replies == ["First.", "Second."]
        assert len(api.requests) == 2
        # Both turns sent with the client built in the background: no other was made.
        assert used == [app.model_client, app.model_client]
        assert len(built) == 1 and app.model_client.wait() is built[0]
    assert built[0].is_closed()  # the app closes it when it exits


async def test_a_failed_warm_up_shows_nothing_and_the_first_message_is_answered(
        api, ctx, monkeypatch):
    def broken():
        raise ImportError("a broken install")

    monkeypatch.setattr(warmup, "preload", broken)
    api.queue_reply("Answered.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await opened(pilot)
        await until(pilot, lambda: preloaded(app))
        assert list(app._notifications) == [] and errors(screen) == []
        await send(pilot, screen, "How did last week go?")
        assert [r.markdown.source for r in screen.query(AssistantMessage)] == ["Answered."]
        assert errors(screen) == []


async def test_a_client_that_cannot_be_built_is_the_usual_error_when_sending(
        api, ctx, monkeypatch):
    def unreachable(**kwargs):
        raise llm.LLMError("network", "Could not reach the API: check your network connection "
                           "and try again; your message is saved.")

    monkeypatch.setattr(llm, "make_client", unreachable)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await opened(pilot)
        await until(pilot, lambda: preloaded(app))
        assert list(app._notifications) == [] and errors(screen) == []  # nothing before Enter
        await send(pilot, screen, "How did last week go?")
        assert errors(screen) == ["Could not reach the API: check your network connection and "
                                  "try again; your message is saved."]
        assert screen.query_one(PromptInput).text == "How did last week go?"
    assert api.requests == []
