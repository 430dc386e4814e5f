"""How the app ends on SIGTERM, SIGHUP or SIGINT: Esc, then quit, and nothing is lost.

`install(app)` puts the handlers on the app's event loop (the main thread's, so a reply
streaming in a worker thread is stopped from the loop, not interrupted mid-write). When one
arrives, `ended_by`:

- keeps the text typed in the message box but not sent (the `chat.draft` setting), which the
  next start puts back in the box (`offer_draft`) and says so;
- stops a streaming reply as Esc does (the part that arrived is stored, marked stopped, with
  what it cost; the message is marked interrupted) and waits for that store, at most
  `STOP_WAIT_SECONDS`;
- quits through Textual, which leaves the alternate screen and turns mouse reporting off, and
  leaves `app.ended_line` for `run_app` to print: one line saying what was kept. The exit code
  is the shell's 128 + the signal number. A second signal while this runs changes nothing.

ctrl+q ends the app the same way (`quit_keeping`), with exit code 0 and a line only when
something was kept: quitting never loses what was typed, nor marks a reply cut short by the
quit as a dropped connection.

A terminal can also go away without a SIGHUP reaching the app (a terminal emulator or a
test harness that only closes its side of the pty): its input is then at end of file for
good. `watch_terminal(app)` waits in a thread for that hang-up on the app's input and ends the
app as SIGHUP would, instead of leaving it running with nothing to draw on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import select
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING

from coach_tui.coach import interrupts
from coach_tui.store import transaction
from coach_tui.store.settings import DRAFT, delete_setting, get_setting, set_setting

if TYPE_CHECKING:
    from coach_tui.ui.app import CoachApp
    from coach_tui.ui.screens.main import MainScreen

log = logging.getLogger(__name__)

# How long quitting waits for a stopped reply to be stored (it stops at the next streamed
# event, which comes within a fraction of a second while a reply streams).
STOP_WAIT_SECONDS = 10.0


def install(app: CoachApp) -> None:
    """Handle the ending signals on the running loop (only the main thread's loop can)."""
    loop = asyncio.get_running_loop()
    for signum in interrupts.ENDING:
        try:
            loop.add_signal_handler(signum, ended_by, app, signum)
        except (RuntimeError, ValueError, NotImplementedError):
            return  # not the main thread (an app embedded in another program's loop)


def uninstall() -> None:
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    for signum in interrupts.ENDING:
        try:
            loop.remove_signal_handler(signum)
        except (RuntimeError, ValueError, NotImplementedError):
            return


def watch_terminal(app: CoachApp) -> None:
    """End the app as SIGHUP does once its terminal hangs up (see the module docstring).

    A thread blocks in poll() on the input with no events asked for, so it wakes only for a
    hang-up or an error (it costs nothing meanwhile); not for an app without a terminal (the
    pilot's headless one), nor where poll() cannot watch a terminal."""
    stdin = sys.__stdin__
    if app.is_headless or stdin is None or not hasattr(select, "poll"):
        return
    try:
        fd = stdin.fileno()
        if not os.isatty(fd):
            return
    except (OSError, ValueError):
        return
    poller = select.poll()
    poller.register(fd, 0)

    def wait() -> None:
        try:
            events = poller.poll()
        except OSError:
            return
        if not any(mask & (select.POLLHUP | select.POLLERR) for _fd, mask in events):
            return  # POLLNVAL: this platform's poll() does not watch terminals
        with contextlib.suppress(RuntimeError):  # the app already ended
            app.call_from_thread(ended_by, app, signal.SIGHUP)

    threading.Thread(target=wait, name="coach-tui-terminal-watch", daemon=True).start()


def _main_screen(app: CoachApp) -> MainScreen | None:
    from coach_tui.ui.screens.main import MainScreen

    return next((s for s in app.screen_stack if isinstance(s, MainScreen)), None)


def ended_by(app: CoachApp, signum: int) -> None:
    """A signal arrived: keep the draft, stop the reply, then quit (see the module docstring)."""
    end_keeping(app, interrupts.how(signum), 128 + signum)


def quit_keeping(app: CoachApp) -> None:
    """ctrl+q: what a signal does (the draft kept, a streaming reply stopped as Esc stops it,
    not cut off as if the connection dropped), with exit code 0; the line after the app says
    what was kept only when something was."""
    end_keeping(app, None, 0)


def end_keeping(app: CoachApp, how: str | None, return_code: int) -> None:
    """Keep the draft, stop the reply, wait for it to be stored, then exit with `return_code`;
    `how` names the signal for the line printed after the app (None: ctrl+q)."""
    if app.ended_line is not None:
        return
    kept: list[str] = []
    screen = _main_screen(app)
    if screen is not None:
        draft = screen.chat_pane.prompt.text
        if draft.strip() and keep_draft(app, draft):
            kept.append("the message you were typing is back in the box next time")
        if screen.chat_pane.request_stop():
            kept.insert(0, "the partial reply is kept, marked stopped, and your message is "
                        "marked interrupted")
    kept += _review_note(app)
    if how is None:
        app.ended_line = "; ".join(kept)  # "" (nothing printed) when nothing was kept
    else:
        app.ended_line = f"{how}; {'; '.join(kept) or 'nothing was lost'}"
    deadline = time.monotonic() + STOP_WAIT_SECONDS

    def quit_when_stored() -> None:
        if screen is not None and screen.turn_running and time.monotonic() < deadline:
            app.set_timer(0.05, quit_when_stored)
            return
        app.exit(return_code=return_code)

    quit_when_stored()


def _review_note(app: CoachApp) -> list[str]:
    from coach_tui.coach.review import NOT_SAVED
    from coach_tui.ui.screens.review import ReviewScreen

    review = next((s for s in app.screen_stack if isinstance(s, ReviewScreen)), None)
    if review is None:
        return []
    if review.writing:
        return [NOT_SAVED]
    if review.draft is not None and review.saved is None:
        return ["the review you did not save is kept as a draft: `coach-tui review --save` "
                "saves it"]
    return []


def keep_draft(app: CoachApp, text: str) -> bool:
    """Store the unsent message for the next start; False (logged) when it cannot be."""
    try:
        with transaction(app.conn):
            set_setting(app.conn, DRAFT, text)
    except Exception:
        log.exception("could not keep the unsent message")
        return False
    return True


def offer_draft(app: CoachApp) -> None:
    """Put the message kept at the last ending back in the box (once), and say so."""
    text = get_setting(app.conn, DRAFT)
    screen = _main_screen(app)
    if text is None or screen is None:
        return
    with transaction(app.conn):
        delete_setting(app.conn, DRAFT)
    if screen.chat_pane.prompt.restore(text):
        app.notify("The message you were typing when coach-tui last closed is back in the "
                   "box.", markup=False)
