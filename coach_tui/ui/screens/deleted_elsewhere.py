"""A turn whose session was deleted elsewhere while the app showed it.

Another coach-tui, or `coach-tui sessions delete`, can delete the session open here. The engine
then refuses the message (SessionGone) before anything is sent; the screen must not stay on a
session that is gone and refuse every later send. `finish_turn` shows how a turn ended, as the
chat pane does, and when the session is no longer stored it opens a new session, puts the
message back in the box and says why in one notice: Enter sends it there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.chat import Notice

if TYPE_CHECKING:
    from coach_tui.ui.messages import TurnFinished
    from coach_tui.ui.screens.main import MainScreen

DELETED = ("Session {id} was deleted elsewhere (in another coach-tui or from the command line), "
           "so this is a new session; your message is still in the box: press Enter to send "
           "it here.")


async def finish_turn(screen: MainScreen, message: TurnFinished) -> None:
    from coach_tui.store.sessions import get_session  # not before the first frame (issue 23)

    pane = screen.chat_pane
    gone = pane.session.session_id if pane.session is not None else None
    await pane.finish_turn(message)
    if message.result is not None or gone is None:
        return
    if get_session(coach_app(screen).conn, gone) is not None:
        return  # a failure of another kind: the pane has said it
    await screen.open_new_session()
    pane.prompt.restore(message.text)
    await pane.chat.add(Notice(DELETED.format(id=gone), "error"))
    pane.prompt.focus()
