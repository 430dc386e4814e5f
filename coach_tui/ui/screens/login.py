"""Log in to Garmin Connect: email and password, then the MFA code when Garmin asks for one.

The password goes straight to garmin/login.py's `start_login` in a worker and is never kept
(the Input is cleared as soon as it is sent). A wrong MFA code can be typed again. Dismisses
with True once tokens are saved, False when the user backs out. Each worker ends by posting
its result to this screen (`CredentialsChecked`, `CodeChecked`); a screen the user already
closed drops it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from coach_tui.config import Settings
from coach_tui.logfile import logged_failure
from coach_tui.ui.widgets.literal import as_sentence, plain

if TYPE_CHECKING:
    from coach_tui.garmin.login import LoginResult, MfaState

log = logging.getLogger(__name__)


class LoginScreen(ModalScreen[bool]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="login.cancel")]

    @dataclass
    class CredentialsChecked(Message):
        """Email and password were tried: logged in, an MFA code is wanted, or an error."""

        result: LoginResult | None  # None on error
        error: str | None

    @dataclass
    class CodeChecked(Message):
        """The MFA code was tried: tokens saved (no error), or why not."""

        error: str | None
        profile_note: str | None = None   # logged in, but the profile did not load

    def __init__(self, settings: Settings) -> None:
        super().__init__(classes="dialog")
        self.settings = settings  # the home the tokens are saved in
        self._mfa_state: MfaState | None = None
        self.busy = False

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box") as box:
            box.border_title = "Garmin Connect login"
            yield Static(
                "coach-tui needs to log in once; it keeps Garmin's tokens (never your "
                "password) in its data folder.", id="dialog-body",
            )
            with Vertical(id="credentials"):
                yield Input(placeholder="email", id="email")
                yield Input(placeholder="password", password=True, id="password")
            with Vertical(id="mfa"):
                yield Label("Garmin sent you a code. Type it here:")
                yield Input(placeholder="MFA code", id="code", restrict=r"[0-9 ]*")
            yield Static("", classes="error-line", id="login-error")
            with Horizontal(id="dialog-buttons"):
                yield Button("Log in", id="submit", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Label("⏎ next · esc cancel", id="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#mfa").display = False
        self.query_one("#email", Input).focus()

    def _error(self, text: str) -> None:
        self.query_one("#login-error", Static).update(plain(text))

    def _set_busy(self, busy: bool, label: str = "Log in") -> None:
        self.busy = busy
        button = self.query_one("#submit", Button)
        button.disabled = busy
        button.label = "Working…" if busy else label

    @on(Input.Submitted, "#email")
    def _email_done(self) -> None:
        self.query_one("#password", Input).focus()

    @on(Input.Submitted, "#password")
    @on(Input.Submitted, "#code")
    @on(Button.Pressed, "#submit")
    def submit(self) -> None:
        if self.busy:
            return
        self._error("")
        if self._mfa_state is not None:
            code = "".join(self.query_one("#code", Input).value.split())
            if not code:
                self._error("Type the code Garmin sent you.")
                return
            self._set_busy(True, "Verify")
            self.finish(code)
            return
        email = self.query_one("#email", Input).value.strip()
        password_input = self.query_one("#password", Input)
        password = password_input.value
        if not email or not password:
            self._error("Type your Garmin email and password.")
            return
        password_input.value = ""  # never kept past this call
        self._set_busy(True)
        self.start(email, password)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)

    @work(thread=True, group="login", exclusive=True, exit_on_error=False)
    def start(self, email: str, password: str) -> None:
        from coach_tui.garmin.errors import GarminError
        from coach_tui.garmin.login import start_login

        result = error = None
        try:
            result = start_login(self.settings, email, password)
        except GarminError as exc:
            error = exc.message
        except Exception as exc:
            log.exception("login failed")
            error = logged_failure(exc)
        self.post_message(self.CredentialsChecked(result, error))

    def on_login_screen_credentials_checked(self, message: CredentialsChecked) -> None:
        result, error = message.result, message.error
        self._set_busy(False)
        if error is not None:
            self._error(as_sentence(error))
            self.query_one("#password", Input).focus()
            return
        assert result is not None  # no error: a result
        if result.needs_mfa:
            self._mfa_state = result.state
            self.query_one("#credentials").display = False
            self.query_one("#mfa").display = True
            self.query_one("#submit", Button).label = "Verify"
            self.query_one("#code", Input).focus()
            return
        self._note_profile(result.profile_note)
        self.dismiss(True)

    @work(thread=True, group="login", exclusive=True, exit_on_error=False)
    def finish(self, code: str) -> None:
        from coach_tui.garmin.errors import GarminError
        from coach_tui.garmin.login import finish_login

        error = note = None
        assert self._mfa_state is not None  # a code is asked for only after needs_mfa
        try:
            note = finish_login(self.settings, self._mfa_state, code).profile_note
        except GarminError as exc:
            error = exc.message
        except Exception as exc:
            log.exception("MFA failed")
            error = logged_failure(exc)
        self.post_message(self.CodeChecked(error, note))

    def on_login_screen_code_checked(self, message: CodeChecked) -> None:
        error = message.error
        self._set_busy(False, "Verify")
        if error is not None:
            self._error(f"{as_sentence(error)} You can type the code again.")
            code = self.query_one("#code", Input)
            code.value = ""
            code.focus()
            return
        self._note_profile(message.profile_note)
        self.dismiss(True)

    def _note_profile(self, note: str | None) -> None:
        """Logged in, but the profile (the account's time zone) did not load: say so."""
        if note is not None:
            self.app.notify(as_sentence(note), severity="warning", timeout=10)

