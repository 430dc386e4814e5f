"""Where an exported text goes (`journal export`, `sessions export`): stdout or a private file.

`export_text(text, path, default_name, force=)` writes `text` to stdout when `path` is `-`,
otherwise to a file through `files.write_private`, both through `text.visible`: a reply that
held ESC]52, CSI, BEL, C1, CR or bidi controls is written as visible symbols, so `cat FILE`
shows them instead of replaying them. The file is created 0600, never over an existing file
without `force`, missing folders on the way created 0700; a symbolic link is replaced by
`--force`, never followed. No path means `default_name` in the current folder, and a folder
means `default_name` inside it. Every failure is a UserError of one line naming the file.
Returns the file written, or None for stdout. The CLI (`journal export`, `sessions export`)
and the app's "Export this session" command both write through here.
"""

from __future__ import annotations

import errno
import sys
from pathlib import Path

from coach_tui.config import ensure_private_dir
from coach_tui.context import UserError
from coach_tui.files import write_private
from coach_tui.text import visible

_FULL = (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)


def export_target(path: Path | None, default_name: str) -> Path:
    """The file an export to `path` writes: `default_name` here, or inside a folder."""
    target = path if path is not None else Path(default_name)
    return target / default_name if target.is_dir() else target


def export_text(text: str, path: Path | None, default_name: str, *, force: bool) -> Path | None:
    if path is not None and str(path) == "-":
        sys.stdout.write(text)
        return None
    text = visible(text)
    target = export_target(path, default_name)
    try:
        ensure_private_dir(target.parent)
        write_private(target, text, force=force)
    except FileExistsError:
        if target.is_symlink():
            raise UserError(f"{target} is a symbolic link; add --force to replace the link "
                            "(what it points to is never written)") from None
        raise UserError(f"{target} already exists; add --force to replace it") from None
    except IsADirectoryError:
        raise UserError(f"{target} is not a regular file; give the name of a file to write"
                        ) from None
    except OSError as exc:
        if exc.errno in _FULL:
            raise UserError(f"cannot write {target}: the disk is full (or the file size limit "
                            "was reached); free some space and export again") from None
        raise UserError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target
