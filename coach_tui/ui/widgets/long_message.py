"""The app's side of coach/budget.py: a long message is sent only after a yes.

`sent_after_asking(pane, text, send)` is True when `text` is above `[coach]
max_message_tokens` for the session's model: a dialog then shows its size and what it would
cost, and only y (or the Send button) sends it through `send`; n or Esc keeps it in the
message box, unsent and unstored. False means it may be sent at once. `budget_notice(app)`
is the `on_budget` callback of a turn (a request above `context_max_tokens` after the cut):
a warning toast, from the turn's worker thread, before the request goes out.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.literal import as_sentence, plain

if TYPE_CHECKING:
    from coach_tui.ui.app import CoachApp
    from coach_tui.ui.widgets.chat_pane import ChatPane


def sent_after_asking(pane: ChatPane, text: str,
                      send: Callable[[str], Awaitable[None]]) -> bool:
    # Imported at the first send, not with the chat pane: the first frame waits for neither.
    from coach_tui.coach.budget import message_size
    from coach_tui.ui.screens.confirm import ConfirmationModal

    assert pane.session is not None  # asked only once a session is shown
    size = message_size(coach_app(pane).ctx.settings, pane.session.model, text)
    if not size.over:
        return False

    async def answered(yes: bool | None) -> None:
        if yes:
            await send(text)
        else:
            pane.notify("Not sent: your message stays in the box.", markup=False)

    pane.app.push_screen(ConfirmationModal("Send a long message?", plain(
        f"{as_sentence(size.sentence())}\n\nSend it anyway?"), yes="Send", no="Keep"),
        answered)
    return True


def budget_notice(app: CoachApp) -> Callable[[str], None]:
    return lambda line: app.ctx.notify(as_sentence(line))
