"""The API key stored once (`coach-tui key set`), so it need not be exported in every shell.

Where it goes: the system keyring when the optional `keyring` package is installed and finds a
usable backend (priority above zero: not its "fail" or empty chain), else the file `api_key`
in the config folder (folder 0700, file 0600, the key alone on one line). A key kept in the
keyring leaves an empty marker file `api_key.keyring` beside config.toml, so a start without
one never imports `keyring` at all.

Which key is used: `ANTHROPIC_API_KEY` (or `ANTHROPIC_AUTH_TOKEN`) in the environment always
wins; the stored key only when neither is set. `load(paths)` reads it once per run (the CLI
calls it before any command, the app included) and keeps it in this process only: it is
passed to the SDK client (`llm.make_client`), never put into the environment that a
subprocess (an `$EDITOR`) inherits, never logged.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from coach_tui import logfile
from coach_tui.config import Paths, ensure_private_dir
from coach_tui.files import write_private

KEY_ENV = "ANTHROPIC_API_KEY"
ENV_NAMES = (KEY_ENV, "ANTHROPIC_AUTH_TOKEN")
KEY_FILE = "api_key"
KEYRING_MARKER = "api_key.keyring"
KEYRING_SERVICE = "coach-tui"
KEYRING_USER = "anthropic-api-key"

# The key `load` found in the store for this run, when the environment has none.
_loaded: str | None = None


class KeyStoreError(Exception):
    """A key that cannot be stored, read or deleted; the message is one line."""


@dataclass(frozen=True)
class FoundKey:
    key: str
    where: str  # "ANTHROPIC_API_KEY", "the file /…/api_key", "the system keyring (…)"


def key_file(paths: Paths) -> Path:
    return paths.config_file.parent / KEY_FILE


def _marker(paths: Paths) -> Path:
    return paths.config_file.parent / KEYRING_MARKER


def check_key(key: str) -> str:
    """The key as typed, trimmed; KeyStoreError when no request could use it."""
    key = key.strip()
    if not key:
        raise KeyStoreError("no key given: nothing was stored")
    if not key.isascii() or not key.isprintable() or any(c.isspace() for c in key):
        raise KeyStoreError("that is not an API key (it has spaces, line breaks or characters "
                            "a key never has): nothing was stored")
    return key


def mask(key: str) -> str:
    """Enough of the key to recognise it, never enough to use it."""
    if len(key) < 16:
        return "…" + key[-2:]
    return f"{key[:7]}…{key[-4:]}"


def from_env(env: Mapping[str, str] | None = None) -> FoundKey | None:
    env = os.environ if env is None else env
    for name in ENV_NAMES:
        value = env.get(name, "").strip()
        if value:
            return FoundKey(value, name)
    return None


def _keyring():
    """The `keyring` module when it is installed and has a usable backend, else None."""
    try:
        import keyring  # type: ignore[import-not-found,unused-ignore]  # optional
    except ImportError:
        return None
    try:
        usable = keyring.get_keyring().priority > 0
    except Exception:  # a broken backend configuration: as good as none
        return None
    return keyring if usable else None


def _keyring_name(keyring) -> str:
    return f"the system keyring ({type(keyring.get_keyring()).__name__})"


def stored(paths: Paths) -> FoundKey | None:
    """The key `key set` stored, or None; KeyStoreError when it is there but unreadable."""
    path = key_file(paths)
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        text = None  # none stored (a home that is not a folder is said where it is used)
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyStoreError(f"cannot read the stored API key in {path}: "
                            f"{getattr(exc, 'strerror', None) or exc}") from None
    if text is not None and text.strip():
        return FoundKey(text.strip(), f"the file {path}")
    if not _marker(paths).exists():
        return None
    keyring = _keyring()
    if keyring is None:
        raise KeyStoreError("the API key was stored in the system keyring, which is not "
                            "available now; run `coach-tui key set` again")
    try:
        value = keyring.get_password(KEYRING_SERVICE, KEYRING_USER)
    except Exception as exc:
        raise KeyStoreError(f"the system keyring did not give the API key: {exc}") from None
    return FoundKey(value, _keyring_name(keyring)) if value else None


def find(paths: Paths, env: Mapping[str, str] | None = None) -> FoundKey | None:
    """The key this run uses and where it comes from: the environment first."""
    return from_env(env) or stored(paths)


def load(paths: Paths) -> str | None:
    """Make the stored key this run's key when the environment has none. Returns a one-line
    warning when a stored key could not be read (the run goes on without a key)."""
    global _loaded
    _loaded = None
    if from_env() is not None:
        return None
    try:
        found = stored(paths)
    except KeyStoreError as exc:
        return str(exc)
    _loaded = found.key if found is not None else None
    if _loaded is not None:
        logfile.keep_secret(_loaded)  # never in a log, whatever its shape
    return None


def loaded() -> str | None:
    """The stored key in use by this run (None: the environment's, or no key)."""
    return None if from_env() is not None else _loaded


def save(paths: Paths, key: str, *, use_keyring: bool = True) -> str:
    """Store `key` (replacing any stored one); returns where it went."""
    key = check_key(key)
    folder = ensure_private_dir(paths.config_file.parent)
    keyring = _keyring() if use_keyring else None
    if keyring is not None:
        try:
            keyring.set_password(KEYRING_SERVICE, KEYRING_USER, key)
        except Exception as exc:
            raise KeyStoreError(f"the system keyring refused the key ({exc}); "
                                "`coach-tui key set --file` stores it in a file") from None
        key_file(paths).unlink(missing_ok=True)
        write_private(_marker(paths), "", force=True)
        return _keyring_name(keyring)
    path = folder / KEY_FILE
    try:
        write_private(path, key + "\n", force=True)
    except OSError as exc:
        raise KeyStoreError(f"cannot write {path}: {exc.strerror or exc}") from None
    _marker(paths).unlink(missing_ok=True)
    return f"the file {path}"


def delete(paths: Paths) -> list[str]:
    """Remove the stored key wherever it is; the places it was removed from."""
    removed = []
    path = key_file(paths)
    if path.exists():
        try:
            path.unlink()
        except OSError as exc:
            raise KeyStoreError(f"cannot delete {path}: {exc.strerror or exc}") from None
        removed.append(f"the file {path}")
    if _marker(paths).exists():
        keyring = _keyring()
        if keyring is not None:
            try:
                keyring.delete_password(KEYRING_SERVICE, KEYRING_USER)
                removed.append(_keyring_name(keyring))
            except Exception:  # already gone from the keyring: nothing left to remove
                pass
        _marker(paths).unlink(missing_ok=True)
    return removed
