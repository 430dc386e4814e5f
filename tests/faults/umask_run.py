"""Every kind of file coach-tui writes, in one process under the umask given, then their modes.

Run as `python tests/faults/umask_run.py UMASK OUT_DIR` with COACH_TUI_HOME in the
environment: a chat session is stored (no model call: the SDK's import alone takes seconds),
then the real CLI adds a journal line, imports a file and exports into new nested folders
(again with --force); the log (through `Context.log_to_file`,
as both front ends attach it) writes until it rotates; a reply is kept in `recovery/`; Garmin
tokens are saved by the real garminconnect; the database is written and, while it is still
open (its -wal and -shm exist), every path under the home and OUT_DIR is printed as
`MODE PATH`, one a line.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

if __name__ == "__main__":
    os.umask(int(sys.argv[1], 8))
    out = Path(sys.argv[2])
    from coach_tui import logfile
    from coach_tui.cli import main
    from coach_tui.context import Context
    from coach_tui.files import keep_unsaved
    from coach_tui.garmin.tokens import save_tokens
    from coach_tui.memory.switch import set_memory

    csv = out.parent / "steps.csv"  # the user's own file, beside OUT_DIR
    csv.write_text("date,steps\n2026-11-01,5000\n")
    from coach_tui.coach.session import CoachSession

    ctx = Context()
    CoachSession.new(ctx.conn, ctx.settings, now=ctx.now())
    ctx.close()
    for argv in (["journal", "add", "Walks the dog"], ["import", str(csv)],
                 ["journal", "export", str(out / "j" / "journal.md")],
                 ["sessions", "export", "1", str(out / "s" / "deep" / "session.md")],
                 ["sessions", "export", "1", str(out / "s" / "deep" / "session.md"), "--force"]):
        assert main(argv) == 0, argv

    logfile.MAX_BYTES = 300  # rotates after a few lines
    ctx = Context()
    ctx.log_to_file()
    for n in range(8):
        logging.getLogger("coach_tui.faults").warning("line %d %s", n, "x" * 80)
    keep_unsaved(ctx.settings.paths.data_dir, "reply", "kept", stamp="2026-11-30T10:00")

    from garminconnect import Garmin

    garmin = Garmin()
    garmin.client.di_token, garmin.client.di_refresh_token = "a.b.c", "refresh"
    garmin.client.di_client_id = "client"
    save_tokens(garmin, ctx.settings.paths.garmin_dir)
    save_tokens(garmin, out / "t" / "u" / "tokens.json")  # GARMINTOKENS naming a new file

    set_memory(ctx.conn, True)  # the connection stays open: -wal and -shm exist
    for root in (ctx.settings.paths.data_dir, out):
        for path in sorted([root, *root.rglob("*")]):
            print(f"{path.lstat().st_mode & 0o7777:04o} {path}")
    ctx.close()
