"""`login`, `sync`, `import` and `steps`: get the user's steps into the database and show them.

The work is done by coach_tui.garmin (shared with the app); this module owns the prompts, the
progress bar on stderr and the output on stdout. Every failure is one line and a non-zero
exit. In the demo, whose steps are generated, login, sync and import are refused.
"""

from __future__ import annotations

import argparse
import csv
import getpass
import sys
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import TextIO

from coach_tui.cli.output import print_json, redraw
from coach_tui.cli.typed import count
from coach_tui.config import default_of
from coach_tui.context import Context, UserError
from coach_tui.garmin.sync import MAX_DAYS as SYNC_MAX_DAYS
from coach_tui.memory.goals import day_goal
from coach_tui.store.steps import Day, load_days, newest_goal
from coach_tui.text import plural

MFA_ATTEMPTS = 3
BAR_WIDTH = 24
# `steps --days` past a century is a typo (it would print a line for every day back to 1 AD).
STEPS_MAX_DAYS = 36_500


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "login", help="sign in to Garmin Connect and save the tokens",
        description="Sign in to Garmin Connect with your email and password (and the MFA code "
        "Garmin sends, when it asks for one). Only the tokens are saved, in the data folder's "
        "garmin/ (or GARMINTOKENS); the password never is.",
    )
    p.add_argument("--email", help="your Garmin account email (asked for when left out)")
    p.set_defaults(handler=cmd_login)

    p = sub.add_parser(
        "sync", help="fetch your daily steps from Garmin Connect",
        description="Fetch daily steps with the saved tokens. The first sync fetches the last "
        f"{default_of('first_sync_days')} days (garmin.first_sync_days); later ones fetch from "
        "the last day that was still in progress when it was fetched, through today. "
        "Everything fetched before an error is kept.",
    )
    p.add_argument("--days", metavar="N", type=count("days", most=SYNC_MAX_DAYS),
                   help="fetch the last N days, today included")
    p.set_defaults(handler=cmd_sync)

    p = sub.add_parser(
        "import", help="import steps from a CSV file or a Garmin account export",
        description="Import daily steps from a CSV with a `date,steps` or `date,steps,goal` "
        "header, Garmin Connect's Steps report CSV (`,Actual,Goal`), or a Garmin account "
        "export (the .zip, or its unpacked folder). The whole file is checked first: a file "
        "with a problem imports nothing. Only the columns the file has are updated.",
    )
    p.add_argument(
        "path", type=Path, metavar="PATH",
        help="a .csv file (yours or Garmin's Steps report), a Garmin export .zip, its "
        "unpacked folder, or one UDSFile_*.json",
    )
    p.add_argument(
        "--date-order", choices=("dmy", "mdy"), default=None,
        help="how a Steps report's dates like 05/01/2027 read (day first or month first), "
        "when no date in the file and not your locale tells",
    )
    p.set_defaults(handler=cmd_import)

    p = sub.add_parser(
        "steps", help="show the stored days: date, steps, goal, met",
        description="Show the stored days, oldest first, exactly the data the coach sees. The "
        "goal is the day's own, or the default goal when the day has none.",
    )
    p.add_argument("--days", metavar="N", type=count("days", most=STEPS_MAX_DAYS),
                   help="the last N calendar days, today included; a day with nothing stored "
                   "says `no data`")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true",
                     help="print CSV with a header instead of a table")
    fmt.add_argument("--json", action="store_true",
                     help="print a JSON array, one object a day, instead of a table")
    p.set_defaults(handler=cmd_steps)


def _refuse_in_demo(ctx: Context, command: str) -> None:
    if ctx.demo:
        raise UserError(
            f"the demo's steps are generated, so `{command}` is off in the demo; "
            f"run `coach-tui {command}` without --demo to use your own data"
        )


# --- login --------------------------------------------------------------------------------


def cmd_login(ctx: Context, args: argparse.Namespace) -> int:
    _refuse_in_demo(ctx, "login")
    from coach_tui.garmin.errors import GarminError
    from coach_tui.garmin.login import start_login

    email = args.email if args.email is not None else _ask("Garmin email: ")
    password = _password()
    try:
        result = start_login(ctx.settings, email, password)
        if result.needs_mfa:
            result = _finish_with_code(ctx, result)
    except GarminError as exc:
        raise UserError(exc.message) from None
    zone = f"; the account's days are in {result.time_zone}" if result.time_zone else ""
    print(
        f"logged in to Garmin Connect; tokens saved in {result.token_file} (your password is "
        f"not stored){zone}. Run `coach-tui sync` to fetch your steps."
    )
    if result.profile_note is not None:
        print(f"coach-tui: {result.profile_note}", file=sys.stderr)
    return 0


def _finish_with_code(ctx: Context, result):
    from coach_tui.garmin.errors import GarminError
    from coach_tui.garmin.login import finish_login

    print("Garmin sent a verification code (email, text or authenticator app).", file=sys.stderr)
    for attempt in range(1, MFA_ATTEMPTS + 1):
        code = _ask("MFA code: ")
        try:
            return finish_login(ctx.settings, result.state, code)
        except GarminError as exc:
            if exc.kind != "mfa_wrong":
                raise
            left = MFA_ATTEMPTS - attempt
            if not left:
                raise UserError(
                    f"{exc.message.split(';')[0]} after {MFA_ATTEMPTS} tries; "
                    "run `coach-tui login` to start again"
                ) from None
            print(f"{exc.message} ({plural(left, 'try', 'tries')} left)", file=sys.stderr)
    raise AssertionError("unreachable")


def _password() -> str:
    """The password, typed unseen on the terminal. With no terminal at all (a pipe from a
    password manager, a scheduled job) getpass falls back to reading stdin after a warning
    over several lines; that fallback is ours here: one line saying so, then the line read."""
    fallback = getpass.fallback_getpass  # type: ignore[attr-defined]
    getpass.fallback_getpass = _password_from_stdin  # type: ignore[attr-defined]
    try:
        return getpass.getpass("Garmin password: ")
    except EOFError:
        raise UserError("login cancelled: no answer was typed") from None
    finally:
        getpass.fallback_getpass = fallback  # type: ignore[attr-defined]


def _password_from_stdin(prompt: str = "", stream: TextIO | None = None) -> str:
    # getpass ends the line itself once a password is read.
    out = stream or sys.stderr
    out.write("coach-tui: no terminal to type the password in, so it is read from standard "
              "input (and may be echoed)")
    out.flush()
    line = sys.stdin.readline() if sys.stdin is not None else ""
    if not line:
        out.write("\n")
        raise EOFError
    return line.rstrip("\r\n")


def _ask(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        raise UserError("login cancelled: no answer was typed") from None


# --- sync ---------------------------------------------------------------------------------


class ProgressBar:
    """Sync progress on stderr: one redrawn line on a terminal, plain lines in a pipe."""

    def __init__(self, stream: TextIO, *, tty: bool | None = None) -> None:
        self.stream = stream
        self.tty = stream.isatty() if tty is None else tty
        self.drawn = False

    def update(self, p) -> None:
        if self.tty:
            filled = round(BAR_WIDTH * p.fraction)
            where = f"through {p.window[1]}" if p.window else "signing in"
            line = f"syncing steps [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] " \
                   f"{p.windows_done}/{p.windows}  {where}"
            redraw(self.stream, line)
            self.drawn = True
        elif p.window is None:
            self.stream.write(
                f"sync: fetching {p.first} to {p.last} in {plural(p.windows, 'request')}\n"
            )
        else:
            self.stream.write(
                f"sync: {p.windows_done}/{p.windows} saved through {p.window[1]} "
                f"({p.new} new, {p.updated} updated, {p.skipped} skipped)\n"
            )
        self.stream.flush()

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def cmd_sync(ctx: Context, args: argparse.Namespace) -> int:
    _refuse_in_demo(ctx, "sync")
    from coach_tui.garmin.errors import GarminError
    from coach_tui.garmin.sync import sync_steps

    days = args.days
    bar = ProgressBar(sys.stderr)

    def waiting() -> None:
        bar.close()  # the notice goes on a line of its own, not after the redrawn bar
        if ctx.on_lock_wait is not None:
            ctx.on_lock_wait()

    try:
        result = sync_steps(
            ctx.settings, days=days, now=ctx.now(), progress=bar.update, on_lock_wait=waiting
        )
    except GarminError as exc:
        raise UserError(exc.message) from None
    finally:
        bar.close()  # end the redrawn line before any message, even on ctrl+c
    print(result.summary())
    if result.zone_problem is not None:
        print(f"coach-tui: Garmin's profile did not load ({result.zone_problem}), so the "
              "account's time zone is not known yet and days follow this machine's clock; "
              "the next sync asks again", file=sys.stderr)
    return 0


# --- import -------------------------------------------------------------------------------


def cmd_import(ctx: Context, args: argparse.Namespace) -> int:
    _refuse_in_demo(ctx, "import")
    from coach_tui.garmin.importers import StepFileError, read_step_file, save_step_file

    try:
        parsed = read_step_file(args.path, today=ctx.today(), date_order=args.date_order)
    except StepFileError as exc:
        raise UserError(str(exc)) from None
    # The database is opened only for a file worth importing.
    print(save_step_file(ctx.conn, args.path, parsed, now=ctx.now()).summary())
    return 0


# --- steps --------------------------------------------------------------------------------

CSV_COLUMNS = ("date", "steps", "goal", "met")
NO_DATA = "no data"

# (date, steps, goal, met, goal_is_default); met is "yes", "no" or "not yet" (today, still
# short of its goal: the day is not over), the same word in the table, the CSV and the JSON;
# everything but the date is None for a day with no stored data.
StepRow = tuple[str, int | None, int | None, str | None, bool]
NOT_YET = "not yet"


def calendar_days(days: Sequence[Day], start: date, end: date) -> list[Day | str]:
    """Every calendar day from `start` to `end`: its stored Day, or its ISO date when none."""
    by_date = {d.date: d for d in days}
    keys = ((start + timedelta(days=i)).isoformat() for i in range((end - start).days + 1))
    return [by_date.get(key, key) for key in keys]


def step_rows(days: Sequence[Day | str], default_goal: int, today: date) -> list[StepRow]:
    """One row per day: the day's own goal, or the default; a bare date is a day with no data."""
    out: list[StepRow] = []
    for d in days:
        if isinstance(d, str):
            out.append((d, None, None, None, False))
            continue
        goal = day_goal(d, default_goal)
        met = "yes" if d.steps >= goal else (NOT_YET if d.date == today.isoformat() else "no")
        out.append((d.date, d.steps, goal, met, d.goal is None))
    return out


def render_table(
    days: Sequence[Day | str], default_goal: int, today: date, *, goal_stored: bool = False
) -> str:
    rows = step_rows(days, default_goal, today)
    body = []
    for day, steps, goal, met, is_default in rows:
        weekday = date.fromisoformat(day).strftime("%a")
        if steps is None:
            body.append((day, weekday, NO_DATA, "", ""))
            continue
        mark = "*" if is_default else " "
        body.append((day, weekday, f"{steps:,}", f"{goal:,}{mark}", met or ""))
    steps_w = max([len("steps")] + [len(r[2]) for r in body])
    goal_w = max([len("goal") + 1] + [len(r[3]) for r in body])
    lines = [f"{'date':<10}  {'day':<3}  {'steps':>{steps_w}}  {'goal':>{goal_w - 1}}   met"]
    lines += [f"{d}  {w}  {s:>{steps_w}}  {g:>{goal_w}}  {m}".rstrip()
              for d, w, s, g, m in body]
    met_count = sum(1 for r in rows if r[3] == "yes")
    with_data = sum(1 for r in rows if r[1] is not None)
    counted = plural(len(rows), "day")
    if with_data < len(rows):
        counted += f", {with_data} with data"
    lines.append(f"{counted}, goal met on {met_count}")
    if any(r[4] for r in rows):
        why = "the newest goal a stored day has" if goal_stored else "the default goal"
        lines.append(f"* the goal in force ({default_goal:,}, {why}): that day has no goal of its "
                     "own")
    return "\n".join(lines) + "\n"


def write_csv(days: Sequence[Day | str], default_goal: int, today: date, out: TextIO) -> None:
    """A header and one row per day; a day with no data has empty steps, goal and met."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for day, steps, goal, met, _ in step_rows(days, default_goal, today):
        writer.writerow((day, "", "", "") if steps is None else (day, steps, goal, met))


def steps_json(days: Sequence[Day | str], default_goal: int, today: date) -> list[dict]:
    """`steps --json`: one object a day; `goal_is_own` false when the day is judged on the goal
    in force (the table's `*`); everything but the date null for a day with no data."""
    return [{"date": day, "steps": steps, "goal": goal,
             "goal_is_own": None if steps is None else not is_default, "met": met}
            for day, steps, goal, met, is_default in step_rows(days, default_goal, today)]


def cmd_steps(ctx: Context, args: argparse.Namespace) -> int:
    today = ctx.today()
    n = None
    days: list[Day | str]
    if args.days is None:
        days = list(load_days(ctx.conn, None, today))
    else:
        # Exactly N calendar days ending today: a day with nothing stored is a row that says so.
        n = args.days
        start = today - timedelta(days=min(n - 1, (today - date.min).days))
        days = calendar_days(load_days(ctx.conn, start, today), start, today)
    stored_goal = newest_goal(ctx.conn)
    goal = ctx.settings.default_step_goal if stored_goal is None else stored_goal
    has_data = any(not isinstance(d, str) for d in days)
    if args.json:
        print_json(steps_json(days if has_data else [], goal, today))
    elif args.csv:
        write_csv(days if has_data else [], goal, today, sys.stdout)
    elif has_data:
        sys.stdout.write(render_table(days, goal, today, goal_stored=stored_goal is not None))
    if not has_data:
        where = "yet" if n is None else f"in the last {plural(n, 'day')}"
        print(
            f"no step data {where}: run `coach-tui sync` or `coach-tui import FILE`",
            file=sys.stderr,
        )
    return 0
