"""The log: where what nobody expected is written, for both front ends.

    attach(logs_dir) -> Path
        Sends the `coach_tui` loggers (and so every `log.exception` of the app, its workers
        and the commands) to `logs_dir/coach-tui.log`, replacing the file attached before, and
        returns its path. Nothing is created until the first line is written: the folder 0700
        and the file 0600 (the data folder's rule), and at 1 MB it rotates (3 old files kept,
        each 0600 too). `Context.log_to_file` calls it, once per run.
    detach()
        Closes the file and stops logging to it.
    log_path() -> Path | None
        The attached file; None when none is, or when it could not be written.
    where_logged() -> str
        The sentence an on-screen failure that hides a traceback ends with: where the details
        are ("" when no log is attached).
    logged_failure(exc) -> str
        What the app shows for an error it logged: the error in one sentence, then
        `where_logged`.

No API key reaches the file: every record is formatted first and then redacted (the value of
ANTHROPIC_API_KEY, the key `coach-tui key set` stored once it is in use (`keep_secret`), and
anything shaped like an Anthropic key), tracebacks included; locals
are never written, only the frames.
"""

from __future__ import annotations

import logging
import os
import re
from logging.handlers import RotatingFileHandler
from pathlib import Path

from coach_tui.config import ensure_private_dir
from coach_tui.text import one_line, truncate, visible

LOG_FILE = "coach-tui.log"
LOGGER = "coach_tui"
MAX_BYTES = 1_000_000
BACKUPS = 3
REDACTED = "[redacted]"

_KEY_SHAPE = re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}")
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


_SECRETS: set[str] = set()


def keep_secret(value: str) -> None:
    """Redact `value` too from now on (the stored API key, which is not in the environment)."""
    if len(value) >= 8:
        _SECRETS.add(value)


def redact(text: str) -> str:
    """`text` without the API key in it (nor anything shaped like one)."""
    key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    for secret in ({key} if len(key) >= 8 else set()) | _SECRETS:
        text = text.replace(secret, REDACTED)
    return _KEY_SHAPE.sub(REDACTED, text)


class _RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class _PrivateRotatingFile(RotatingFileHandler):
    """A rotating file created 0600 in a 0700 folder, both made on the first write.

    A file that cannot be written is noted (`failed`) instead of printing logging's own
    traceback to stderr, where the app's screen is drawn."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 -- stdlib's name
        self.failed = True

    def _open(self):  # the stdlib's hook for opening the stream (also after a rollover)
        path = Path(self.baseFilename)
        ensure_private_dir(path.parent)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.fchmod(fd, 0o600)  # a log an older version left readable by others becomes private
        return open(fd, "a", encoding=self.encoding, errors=self.errors)  # noqa: SIM115


def attach(logs_dir: Path) -> Path:
    detach()
    path = logs_dir / LOG_FILE
    handler = _PrivateRotatingFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                   encoding="utf-8", errors="backslashreplace", delay=True)
    handler.setFormatter(_RedactingFormatter(_FORMAT))
    handler.setLevel(logging.INFO)
    logger = logging.getLogger(LOGGER)
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return path


def detach() -> None:
    logger = logging.getLogger(LOGGER)
    for handler in list(logger.handlers):
        if isinstance(handler, _PrivateRotatingFile):
            logger.removeHandler(handler)
            handler.close()


def log_path() -> Path | None:
    """The attached file, None when none is or when writing to it failed."""
    for handler in logging.getLogger(LOGGER).handlers:
        if isinstance(handler, _PrivateRotatingFile) and not handler.failed:
            return Path(handler.baseFilename)
    return None


def where_logged() -> str:
    path = log_path()
    return f"The details are in {path}." if path is not None else ""


def logged_failure(exc: BaseException) -> str:
    what = (visible(truncate(one_line(str(exc)), 160)) or type(exc).__name__).rstrip(".") + "."
    where = where_logged()
    return f"{what} {where}" if where else what
