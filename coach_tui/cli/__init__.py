"""The `coach-tui` command: the app by default, and small scriptable subcommands.

Each group of subcommands lives in its own module with a `register(subparsers)` function;
this module owns the global options, the shared context and the error policy: every failure
a user can meet ends with one line on stderr and a non-zero exit, never a traceback. A failure
of the disk or the files is said by `failures.explain`; anything unexpected is logged with its
traceback to the log the context attaches (logfile.py), and the line points there. Every byte
a command writes passes `text.visible` (cli/output.py).
The global
options (`--demo`, `--version`) work before or after the command (`coach-tui facts --demo`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from coach_tui import failures
from coach_tui.cli.output import ClosedOutput, visible_output
from coach_tui.coach import interrupts
from coach_tui.config import ConfigError
from coach_tui.context import Context, UserError
from coach_tui.store.db import StoreError, lock_notice_seconds, lock_wait_seconds

# Modules that add subcommands, in the order --help lists them.
_COMMAND_MODULES = (
    "coach_tui.cli.coach_cmds",    # ask, review
    "coach_tui.cli.garmin_cmds",   # login, sync, import, steps
    "coach_tui.cli.memory_cmds",   # facts, journal, memory
    "coach_tui.cli.recall_cmds",   # recall
    "coach_tui.cli.session_cmds",  # sessions
    "coach_tui.cli.key_cmds",      # key
)


class OneLineParser(argparse.ArgumentParser):
    """argparse, with its errors said in one line like every other failure (argparse prints
    the usage and then the error); `--help` still shows the usage. Subcommands' parsers are
    made from the same class. The exit stays argparse's 2."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("coach-tui").strip()
        self.exit(2, f"coach-tui: {command + ': ' if command else ''}{message}\n")


def help_epilog() -> str:
    """The end of `coach-tui --help`: where things live, the environment, the exit codes."""
    from coach_tui.config import resolve_paths

    paths = resolve_paths()
    return f"""\
where things live:
  data     {paths.data_dir}  (coach.db, garmin/ tokens, logs/, recovery/, demo/)
  config   {paths.config_file}  (a persona.md beside it replaces the coach's voice)

environment:
  ANTHROPIC_API_KEY    the key for the coach's replies (ANTHROPIC_BASE_URL: another endpoint)
  COACH_TUI_HOME=DIR   keep data and config under DIR
  COACH_MEMORY=off     nothing from your records goes to the model, whatever was saved
  GARMINTOKENS=PATH    where the Garmin login tokens are kept
  COACH_TUI_NOW=TIME   pin the clock (an ISO date-time), for demos and tests
  LC_ALL, LC_TIME, LANG  the date order of a Steps report when no date in it tells

exit codes: 0 done; 1 it failed (one line on stderr says why); 2 a mistake in the command
  line, or the app without a terminal; ask and review: 3 the model stopped short (max_tokens,
  refusal), 4 with --strict: numbers not from your records; 130 ctrl+c."""


class _Version(argparse.Action):
    """`--version`: prints `coach-tui VERSION` and exits 0, as argparse's own does, but reads the
    package's metadata (a 160 KB file, parsed whole: ~4 ms) only when it is asked for, not
    each time a command line is read (it was read 12 times, once per parser: about half the
    CPU of a short command such as `coach-tui facts`)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS,
                 help: str = "show program's version number and exit") -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from coach_tui import __version__

        print(f"coach-tui {__version__}")  # on stdout, as argparse's own
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="coach-tui",
        description="Chat with your fitness coach in the terminal. With no command, opens the app.",
        epilog=help_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument(
        "--demo", action="store_true",
        help="use the demo data set (a separate home; your own data is never touched)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    import importlib

    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    _add_global_options(sub)
    return parser


def _add_global_options(sub: argparse._SubParsersAction) -> None:
    """Accept the global options after every command too. SUPPRESS as the default keeps a
    `--demo` given before the command from being reset by the subcommand's parser."""
    for command in set(sub.choices.values()):
        command.add_argument("--demo", action="store_true", default=argparse.SUPPRESS,
                             help="use the demo data set")
        command.add_argument("--version", action=_Version)
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                _add_global_options(action)


def _app_only(argv: Sequence[str]) -> argparse.Namespace | None:
    """The arguments when the command line only opens the app (nothing, or `--demo`): then
    no subcommand's module is imported nor the version read, which the first frame would
    wait for (issue 23). None for anything else, which the full parser reads."""
    if all(arg == "--demo" for arg in argv):
        return argparse.Namespace(demo=bool(argv), command=None)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    with visible_output():
        given = sys.argv[1:] if argv is None else list(argv)
        args = _app_only(given)
        if args is None:
            parser = build_parser()
            args = parser.parse_args(given)
            if getattr(args, "handler", None) is None and getattr(args, "default_action", None):
                # `coach-tui journal` lists, `coach-tui memory` shows the state: a command
                # whose ACTION is left out does what reading it would (its help says which).
                args = parser.parse_args([*given, args.default_action])
        ctx = Context(demo=args.demo)
        ctx.notify = _say
        ctx.on_lock_wait = _say_waiting
        try:
            from coach_tui.memory.switch import check_env

            check_env()  # a kill switch set to an unknown word stops every command (exit 2)
            ctx.log_to_file()
            _check_environment()
            from coach_tui.coach.llm import keystore

            warning = keystore.load(ctx.paths)  # the stored key, when the environment has none
            if warning is not None:
                _say(warning)
            handler = getattr(args, "handler", None)
            if handler is None:
                return _open_app(ctx)
            with interrupts.handled():
                return int(handler(ctx, args) or 0)
        except (UserError, ConfigError, StoreError) as exc:
            _say(str(exc))
            return getattr(exc, "exit_code", 1)
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: coach/interrupts.py
            _say(f"{interrupts.how(interrupts.signal_of(exc))}; "
                 f"{getattr(exc, 'kept', 'nothing was lost')}")
            return interrupts.exit_code(exc)
        except BrokenPipeError:
            return 0
        except ClosedOutput as exc:
            _say(str(exc))
            return 1
        except Exception as exc:  # the last resort: one line, the traceback in the log
            line = failures.explain(exc)
            if line is None:
                line = failures.log_unexpected(exc)
            _say(line)
            return 1
        finally:
            # Closing after a failure must not print a second traceback.
            with contextlib.suppress(Exception):
                ctx.close()


def _check_environment() -> None:
    """Refuse a bad COACH_TUI_NOW, COACH_TUI_LOCK_WAIT or COACH_TUI_LOCK_NOTICE before any work
    starts (ConfigError)."""
    from coach_tui import clock

    try:
        clock.now()
    except clock.BadClock as exc:
        raise ConfigError(str(exc)) from None
    lock_wait_seconds()
    lock_notice_seconds()


def _say(line: str) -> None:
    print(f"coach-tui: {line}", file=sys.stderr)


def _say_waiting() -> None:
    _say(f"another coach-tui is writing; waiting up to {lock_wait_seconds():g} s for it to finish")


FIRST_RUN_REASON = (
    "Demo data: no Garmin account or step data yet. Run `coach-tui login` then "
    "`coach-tui sync`, or `coach-tui import FILE`, and coach-tui opens on your own steps."
)


NO_TERMINAL = ("the app needs a terminal for its input and its screen; from a script or a "
               "pipe use `coach-tui ask TEXT` (`ask -` reads the message from stdin)")


def _is_terminal(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # a closed or stand-in stream
        return False


def _open_app(ctx: Context) -> int:
    # Without a terminal a full-screen app would write escape codes into a file, or wait
    # forever for keys from a pipe: say what to use instead (2, like a usage mistake).
    if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        raise UserError(NO_TERMINAL, 2)
    from coach_tui.ui import startup_gc

    startup_gc.pause()  # until the first frame is drawn (ui/startup_gc.py)
    try:
        from coach_tui.ui.app import run_app

        if ctx.is_first_run():
            ctx.switch_to_demo(FIRST_RUN_REASON)
        return run_app(ctx)
    finally:
        startup_gc.resume()  # the app ended, or failed, before its first frame
