"""`key`: store the Anthropic API key once, see which key is used, delete the stored one.

`key set` reads the key without echo on a terminal (one line from stdin otherwise, so
`pass show anthropic | coach-tui key set` works) and stores it where llm/keystore.py says: the
system keyring when one is usable, else `api_key` (0600) in the config folder; `--file` skips
the keyring. `key show` prints the key masked and where it comes from; `ANTHROPIC_API_KEY` in
the environment wins over a stored key, and both commands say so when it is set.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from coach_tui.coach.llm import keystore
from coach_tui.context import Context, UserError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "key", help="store the Anthropic API key once, show or delete it",
        description="Store the Anthropic API key once, so it need not be set in every shell. "
        f"{keystore.KEY_ENV} in the environment still wins over the stored key. "
        "With no ACTION: show.",
    )
    p.set_defaults(default_action="show")
    ksub = p.add_subparsers(dest="action", metavar="ACTION")
    q = ksub.add_parser("set", help="store the key (typed without echo, or read from stdin)")
    q.add_argument("--file", action="store_true",
                   help="store it in the config folder even when a system keyring is usable")
    q.set_defaults(handler=cmd_set)
    q = ksub.add_parser("show", help="the key in use, masked, and where it comes from")
    q.set_defaults(handler=cmd_show)
    q = ksub.add_parser("delete", help="delete the stored key")
    q.set_defaults(handler=cmd_delete)


def _read_key() -> str:
    if sys.stdin.isatty():
        return getpass.getpass("Anthropic API key (not shown): ")
    return sys.stdin.readline()


def _env_note() -> str:
    env = keystore.from_env()
    return (f"; {env.where} is set in this environment and is used instead"
            if env is not None else "")


def cmd_set(ctx: Context, args: argparse.Namespace) -> int:
    try:
        key = keystore.check_key(_read_key())
        where = keystore.save(ctx.paths, key, use_keyring=not args.file)
    except (keystore.KeyStoreError, EOFError) as exc:
        raise UserError(str(exc) or "no key given: nothing was stored") from None
    print(f"stored the API key {keystore.mask(key)} in {where}{_env_note()}")
    return 0


def cmd_show(ctx: Context, args: argparse.Namespace) -> int:
    env = keystore.from_env()
    try:
        stored = keystore.stored(ctx.paths)
    except keystore.KeyStoreError as exc:
        if env is None:
            raise UserError(str(exc)) from None
        stored = None
    if env is not None:
        line = f"{keystore.mask(env.key)} from {env.where} (the environment wins)"
        if stored is not None:
            line += f"; also stored: {keystore.mask(stored.key)} in {stored.where}"
        print(line)
        return 0
    if stored is None:
        raise UserError("no API key: store one with `coach-tui key set`, or set "
                        f"{keystore.KEY_ENV}")
    print(f"{keystore.mask(stored.key)} from {stored.where}")
    return 0


def cmd_delete(ctx: Context, args: argparse.Namespace) -> int:
    try:
        removed = keystore.delete(ctx.paths)
    except keystore.KeyStoreError as exc:
        raise UserError(str(exc)) from None
    if not removed:
        raise UserError(f"no API key is stored{_env_note()}")
    print(f"deleted the API key from {' and '.join(removed)}{_env_note()}")
    return 0
