"""The recall word list (assets/recall_words.toml): synonyms, places, phrases and text-speak
of the domain, data not code, read once."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources

WORDS_FILE = "recall_words.toml"


@functools.cache
def words_file() -> dict:
    text = resources.files("coach_tui.assets").joinpath(WORDS_FILE).read_text(encoding="utf-8")
    table = tomllib.loads(text)
    # Countries over their cities are general words over narrower ones.
    table["broader"] = {**table.get("broader", {}), **table.get("places", {})}
    return table
