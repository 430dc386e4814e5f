"""Where Garmin tokens live, whether there are any, and saving them privately.

Tokens live in `GARMINTOKENS` when it is set (a folder, or a `.json` file: the library's own
convention; or the token JSON itself, which can be read but not saved to), else in the data
folder's `garmin/` (folder 0700, `garmin_tokens.json` 0600). The password is never stored,
only what the library dumps after a sign-in. No network, and no garminconnect import here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from coach_tui.config import Settings, ensure_private_dir

TOKENS_ENV = "GARMINTOKENS"
TOKEN_FILE_NAME = "garmin_tokens.json"


def token_store(settings: Settings) -> str:
    """Where tokens are read from: GARMINTOKENS (a path or inline JSON) or `garmin/`."""
    env = os.environ.get(TOKENS_ENV, "").strip()
    return env if env else str(settings.paths.garmin_dir)


def token_file(store: str | Path) -> Path:
    """The token file for a store path, as garminconnect resolves it."""
    path = Path(store).expanduser()
    if path.is_dir() or path.suffix.casefold() != ".json":
        return path / TOKEN_FILE_NAME
    return path


def has_tokens(settings: Settings) -> bool:
    """Saved tokens exist (or GARMINTOKENS holds inline token JSON). No network."""
    store = token_store(settings)
    if is_inline_json(store):
        return True
    return token_file(store).is_file()


def is_inline_json(store: str) -> bool:
    return store.lstrip().startswith("{")


def writable_store(settings: Settings) -> Path:
    """The folder (or .json file) new tokens will be saved in; refuses inline JSON."""
    store = token_store(settings)
    if is_inline_json(store):
        from coach_tui.garmin.errors import GarminError

        raise GarminError(
            "config",
            f"{TOKENS_ENV} holds tokens, not a folder, so new ones cannot be saved: "
            f"unset it (or point it at a folder) and log in again",
        )
    path = Path(store).expanduser()
    if path == settings.paths.garmin_dir:
        ensure_private_dir(settings.paths.data_dir)  # mkdir(parents=True) alone would be 0755
    return path


def save_tokens(garmin: Any, store: Path) -> Path:
    """Dump a signed-in client's tokens into `store`, the file 0600; returns the file."""
    # Imported here: the app checks for tokens (has_tokens) before its first frame.
    from coach_tui.garmin.errors import GarminError, short

    target = token_file(store)
    if not getattr(garmin.client, "di_token", None):
        # The DI token exchange failed and the library fell back to a browser cookie
        # session: dump() would write empty di_* fields, and every sync would then ask for
        # a new login. Say so instead of saving a file that cannot work.
        raise GarminError(
            "garmin",
            "signed in, but Garmin gave this account only a browser session, not reusable "
            "tokens, so nothing was saved and sync cannot use it; try `coach-tui login` "
            "again later",
        )
    try:
        # Every missing folder on the way 0700 (the library makes only the last one so;
        # those above it would follow the umask: 0777 under umask 000).
        ensure_private_dir(target.parent)
        garmin.client.dump(str(store))  # writes 0600 via a temp file, parent chmod 0700
        target.chmod(0o600)
    except (OSError, ValueError) as exc:  # ValueError: the library refuses symlinked paths
        reason = getattr(exc, "strerror", None) or short(str(exc))
        raise GarminError(
            "config", f"signed in, but the tokens cannot be saved in {store} ({reason})"
        ) from None
    return target
