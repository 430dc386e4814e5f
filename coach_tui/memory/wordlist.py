"""The recall word list (assets/recall_words.toml): synonyms, places, phrases and text-speak
of the domain, data not code, read once; and the other tables recall ships (`asset_table`)."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources

WORDS_FILE = "recall_words.toml"


@functools.cache
def asset_table(name: str) -> dict:
    """A TOML file shipped in coach_tui/assets, read once."""
    return tomllib.loads(resources.files("coach_tui.assets").joinpath(name).read_text(
        encoding="utf-8"))


@functools.cache
def words_file() -> dict:
    table = dict(asset_table(WORDS_FILE))
    # Countries over their cities are general words over narrower ones.
    table["broader"] = {**table.get("broader", {}), **table.get("places", {})}
    return table
