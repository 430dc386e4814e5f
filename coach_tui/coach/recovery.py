"""Paid work is never lost: a reply or review the database cannot take goes to a file.

`kept_if_unsaved(settings, what, text)` wraps the write that stores `text`. The text is written
to `recovery/` under the data folder first, and the file removed once the store succeeded; when
the store fails (another coach-tui held the lock past the wait, a full disk, a read-only file),
the file stays and NotSaved is raised with one line that says what happened and where the text
is.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from coach_tui.clock import local_stamp
from coach_tui.config import Settings
from coach_tui.files import discard_kept, keep_unsaved
from coach_tui.store.db import NotSaved, StoreError


@contextmanager
def kept_if_unsaved(settings: Settings, what: str, text: str | None) -> Iterator[None]:
    # The file is written before the database write, not after it fails: a write that fails
    # on a full disk has used the space first (SQLite's journal grows before it gives up),
    # and a reply written only then would find none left.
    kept: Path | None = None
    if text:
        with suppress(OSError):  # no room even now: tried again below if the save fails
            kept = keep_unsaved(settings.paths.data_dir, what, text, stamp=local_stamp())
    try:
        yield
    except (StoreError, sqlite3.Error) as exc:
        if not text:
            raise
        reason = str(exc).rstrip(".")
        try:
            if kept is None:
                kept = keep_unsaved(settings.paths.data_dir, what, text, stamp=local_stamp())
        except OSError as file_exc:
            raise NotSaved(f"the {what} arrived but could not be saved ({reason}), nor kept in "
                           f"a file ({file_exc.strerror or file_exc})") from exc
        raise NotSaved(f"the {what} arrived but could not be saved ({reason}); it is kept in "
                       f"{kept}") from exc
    # Any other failure leaves the file where it is: the text may not be stored.
    if kept is not None:
        discard_kept(kept)
