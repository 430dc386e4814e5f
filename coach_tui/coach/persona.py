"""The coach's persona: the first system block of every chat and review.

It ships as `assets/persona.md` (installed as the package `coach_tui.assets`). A `persona.md`
beside `config.toml` replaces it, for a user who wants another voice. It is read when a session
starts and frozen with the session, so editing it changes the next session, never the one in
progress.
"""

from __future__ import annotations

from importlib import resources

from coach_tui.config import ConfigError, Settings

FILENAME = "persona.md"


def load_persona(settings: Settings) -> str:
    override = settings.paths.config_file.parent / FILENAME
    if override.is_file():
        try:
            text = override.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read {override}: {exc}") from None
        if not text:
            raise ConfigError(f"{override} is empty; delete it to use the built-in coach")
        return text
    shipped = resources.files("coach_tui.assets").joinpath(FILENAME)
    return shipped.read_text(encoding="utf-8").strip()
