"""What the machine did to us, in one line; and the log for what nobody expected.

Both front ends end a failure the same way (the CLI with a line on stderr and a non-zero exit,
the app with a notice), so the rule lives here, below them:

    explain(exc) -> str | None
        One line for a failure of the disk, the files or the database (full, read-only,
        locked, damaged, a path that is not a folder, bytes that are not UTF-8) or a setting,
        saying what happened and what to do; None for anything else.
    log_unexpected(exc) -> str
        Logs the traceback (to the file `Context.log_to_file` attached: logfile.py) and
        returns the one line for the user, naming that file (or, when there is no log or it
        cannot be written, the error itself).
"""

from __future__ import annotations

import errno
import logging
import sqlite3

from coach_tui import logfile
from coach_tui.clock import BadClock
from coach_tui.config import ConfigError
from coach_tui.store.db import StoreError, lock_wait_seconds
from coach_tui.text import one_line, truncate

log = logging.getLogger(__name__)

_FULL = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}
_DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}
FULL_HINT = "free some space (or raise the file size limit) and run it again"


def explain(exc: BaseException) -> str | None:
    if isinstance(exc, (StoreError, ConfigError, BadClock)):
        return str(exc)  # already the sentence (a damaged database, a bad setting)
    if isinstance(exc, sqlite3.Error):
        return _explain_sqlite(exc)
    if isinstance(exc, OSError):
        return _explain_os(exc)
    if isinstance(exc, UnicodeError) and "surrogate" in str(exc):
        return "the text holds bytes that are not UTF-8; send it as UTF-8 text"
    return None


def _explain_sqlite(exc: sqlite3.Error) -> str | None:
    text = str(exc).lower()
    if "full" in text or "disk i/o" in text:
        return f"the database could not be written: the disk is full or failing; {FULL_HINT}"
    if "readonly" in text or "read-only" in text:
        return ("the database is read-only (its file, folder or disk does not allow writing); "
                "make it writable and run it again")
    if "locked" in text or "busy" in text:
        # A write outside a transaction (transactions raise DatabaseBusy with the same words).
        return (f"another coach-tui is writing to the database and did not finish within "
                f"{lock_wait_seconds():g} s; try again when it has finished")
    if "no such table" in text or "no such column" in text or "malformed json" in text:
        # A table dropped or a column broken by another program after the check on open
        # (store/db.py says which when it finds it there).
        return (f"the database is damaged ({truncate(one_line(exc), 80)}: another program "
                "changed it); move it aside and run coach-tui again to start a fresh one")
    if "unable to open" in text:
        return ("the database cannot be opened (check that its folder exists and can be "
                "written, or set COACH_TUI_HOME to one that can)")
    return None


def _explain_os(exc: OSError) -> str | None:
    where = f" {exc.filename}" if exc.filename else ""
    if exc.errno in _FULL:
        return f"could not write{where}: the disk is full; {FULL_HINT}"
    if exc.errno in _DENIED:
        return f"cannot write{where}: {exc.strerror}; make it writable or choose another place"
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return (f"cannot use{where}: a file is in the way of a folder; move it aside or set "
                "COACH_TUI_HOME to a folder")
    if exc.errno == errno.EISDIR:
        return f"{exc.filename or 'the path'} is a folder, not a file"
    if exc.strerror:
        return f"{exc.strerror}{':' + where if where else ''}"
    return None


def log_unexpected(exc: BaseException) -> str:
    what = type(exc).__name__
    log.error("unexpected error", exc_info=exc)
    path = logfile.log_path()
    if path is not None and path.exists():
        return (f"unexpected error ({what}); the details are in {path}; please report it "
                "with that file")
    return f"unexpected error ({what}: {truncate(one_line(exc), 160)}); please report it"
