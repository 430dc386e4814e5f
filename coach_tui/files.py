"""Files coach-tui writes for the user, and the permissions of the ones it keeps.

    write_private(path, text, force=False)
        Writes `text` to `path` as a new file, 0600 from the moment it exists (exports and
        transcripts hold health data). An existing path is never replaced unless `force`:
        FileExistsError otherwise, so the command can say "use --force". With `force` the text
        goes to a temporary file beside it and replaces the old one in one step. A path that
        exists but is not a regular file (a folder, a FIFO, a device) is refused either way.
        A symbolic link is never followed, dangling or not: it exists (FileExistsError without
        `force`), and `force` replaces the link itself with the file, so nothing is ever
        written where the link points. Files are created 0600 whatever the umask.
    loose_permissions(path, what) -> str | None
        A one-line warning when a private file (the database, the token file) can be read or
        written by other users; None when it is private or missing. We warn rather than chmod:
        the owner may have chosen the mode.
    keep_unsaved(data_dir, what, text, stamp=) -> Path
        Work that arrived but that the database could not take goes to `recovery/`, 0600
        (written before the database write, and removed by `discard_kept` once it succeeded).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

from coach_tui.config import ensure_private_dir


def write_private(path: Path, text: str, *, force: bool = False) -> None:
    data = text.encode("utf-8")
    try:
        st = path.lstat()  # the link itself: its target is never written
    except FileNotFoundError:
        st = None
    if st is not None and not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
        raise IsADirectoryError(errno.EISDIR, "not a regular file", str(path))
    if st is not None and not force:
        raise FileExistsError(errno.EEXIST, "file exists", str(path))
    if st is None:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        _write_all(fd, data, path)
        return
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        _write_all(fd, data, Path(tmp))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_all(fd: int, data: bytes, path: Path) -> None:
    """Write and close; a failed write (a full disk) leaves no half file behind."""
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def loose_permissions(path: Path, what: str) -> str | None:
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return None
    if not mode & 0o077:
        return None
    return (f"warning: {what} {path} can be read by other users (mode {mode:04o}); "
            f"run `chmod 600 {path}` unless you meant that")


RECOVERY_DIR = "recovery"


def keep_unsaved(data_dir: Path, what: str, text: str, *, stamp: str) -> Path:
    """Write work the database could not take (a reply, a review) to `recovery/` 0600.

    Returns the file. The name carries the time and the process id, so two processes that
    both fail never write over each other.
    """
    folder = ensure_private_dir(data_dir / RECOVERY_DIR)
    safe = "".join(ch if ch.isalnum() else "-" for ch in stamp)
    path = folder / f"{what}-{safe}-{os.getpid()}.md"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{what}-{safe}-{os.getpid()}-{n}.md"
    write_private(path, f"<!-- coach-tui {what}, {stamp}: written before it was saved in the "
                        "database; this file stays only when that save failed -->\n\n"
                        f"{text}\n")
    return path


def discard_kept(path: Path) -> None:
    """Remove a file `keep_unsaved` wrote once its text is stored, and `recovery/` with it when
    nothing else is left there."""
    with contextlib.suppress(OSError):
        path.unlink()
        path.parent.rmdir()
