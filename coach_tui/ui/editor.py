"""Write a long message in your editor (F4, `chat.editor`), as `llm chat` does with `!edit`.

The message box's text goes into a temporary file (created 0600, removed afterwards); the app
hands the terminal to `$VISUAL`, else `$EDITOR`, else `vi` when there is one (a value such as
`code --wait` is split like a shell would), through Textual's `App.suspend()`, and takes it back
when the editor exits. What was saved replaces the box's text (one final newline, which
editors add, dropped); nothing is sent until you press Enter. An editor that is missing, cannot
start or exits with an error leaves the box as it was and says so in one line; so does a
terminal that cannot be handed over.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from textual.app import App, SuspendNotSupported

from coach_tui.text import one_line, visible
from coach_tui.ui.widgets.prompt import PromptInput

FALLBACK = "vi"


def editor_command(env: dict[str, str] | None = None) -> tuple[list[str], str] | str:
    """(argv, where it was named) of the editor to run, or the one line saying why none."""
    env = dict(os.environ) if env is None else env
    for name in ("VISUAL", "EDITOR"):
        value = env.get(name, "").strip()
        if value:
            try:
                argv = shlex.split(value)
            except ValueError as exc:
                return f"${name} ({value}) cannot be read as a command: {exc}."
            return (argv, f"${name}") if argv else f"${name} is empty."
    if shutil.which(FALLBACK):
        return [FALLBACK], "the default"
    return "No editor to open: set $EDITOR (for example export EDITOR=nano) and try again."


def run_editor(argv: list[str], path: Path) -> str | None:
    """Run the editor on `path`; None when it exited cleanly, else the reason in words."""
    try:
        done = subprocess.run([*argv, str(path)], check=False)
    except FileNotFoundError:
        return f"the editor {argv[0]} was not found"
    except OSError as exc:
        return f"the editor {argv[0]} could not start ({exc.strerror or exc})"
    if done.returncode != 0:
        return f"the editor {argv[0]} exited with status {done.returncode}"
    return None


def _say(app: App, line: str) -> None:
    app.notify(visible(one_line(line)), severity="warning", markup=False, timeout=10)


def edit_prompt(app: App, prompt: PromptInput) -> None:
    """Open the box's text in the editor and put what was saved back in the box."""
    found = editor_command()
    if isinstance(found, str):
        _say(app, found)
        return
    argv, named = found
    fd, name = tempfile.mkstemp(prefix="coach-message-", suffix=".md")  # 0600
    path = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(prompt.text)
        try:
            with app.suspend():
                failure = run_editor(argv, path)
        except SuspendNotSupported:
            failure = "this terminal cannot be handed over to an editor"
        if failure is not None:
            _say(app, f"Not edited: {failure} ({named}); the message box is unchanged.")
            return
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            _say(app, f"Not edited: the saved file could not be read ({exc}); the message box "
                 "is unchanged.")
            return
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
    text = text.removesuffix("\n")
    if text != prompt.text:
        prompt.text = text
        prompt.move_cursor(prompt.document.end)
    prompt.focus()
