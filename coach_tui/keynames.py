"""Whether a `[keys]` value in config.toml names keys the terminal app can bind.

A value is one key or several separated by commas, each an optional chain of modifiers
(`ctrl+`, `shift+`, `alt+`, `meta+`, `super+`, `hyper+`) and then one key: a single
character, a named key Textual knows (`f2`, `escape`, `pagedown`, `space`...), or a
character's name as Textual writes it (`question_mark`, `slash`). Textual itself accepts any
string and the binding then never fires, so a typo would be accepted silently; this check
lets config.py refuse it like any other bad value. The names are Textual's (textual.keys),
written out here: this sits below `ui/`, where Textual may not be imported
(tests/unit/test_keynames.py holds them to Textual's own).
"""

from __future__ import annotations

import unicodedata

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
# The keys Textual names that are not characters (textual.keys.Keys, without modifiers).
NAMED_KEYS = frozenset({"escape", "enter", "return", "tab", "space", "backspace", "delete",
                        "insert", "home", "end", "pageup", "pagedown", "up", "down", "left",
                        "right", *(f"f{n}" for n in range(1, 25))})
# Character names Textual writes differently from Unicode (textual.keys' replacements).
_UNICODE_NAMES = {"slash": "SOLIDUS", "backslash": "REVERSE SOLIDUS", "at": "COMMERCIAL AT",
                  "minus": "HYPHEN-MINUS", "plus": "PLUS SIGN", "underscore": "LOW LINE",
                  "hyphen_minus": "HYPHEN-MINUS", "less_than_sign": "LESS-THAN SIGN",
                  "greater_than_sign": "GREATER-THAN SIGN"}


def key_problem(value: str) -> str | None:
    """None when every key in `value` can be bound, else the first one that cannot."""
    for key in value.split(","):
        key = key.strip()
        modifiers, last = _parts(key)
        if not key or not last or any(m not in MODIFIERS for m in modifiers) \
                or not _is_key(last):
            return key or "(nothing)"
    return None


def _parts(key: str) -> tuple[list[str], str]:
    """A key's modifiers and its last part (`ctrl+shift+k` -> ["ctrl", "shift"], "k")."""
    *modifiers, last = key.split("+") if key != "+" else [key]
    return modifiers, last


def _character(name: str) -> str | None:
    """The character Textual names `name` (`question_mark` -> `?`), or None."""
    try:
        return unicodedata.lookup(_UNICODE_NAMES.get(name, name.replace("_", " ").upper()))
    except KeyError:
        return None


# The same replacements the other way: a character's Unicode name as Textual lowers it, to the
# name Textual binds it by.
_TEXTUAL_NAMES = {"solidus": "slash", "reverse_solidus": "backslash", "commercial_at": "at",
                  "hyphen_minus": "minus", "plus_sign": "plus", "low_line": "underscore"}


def bound_key(value: str) -> str:
    """`value` with each key written as Textual binds it: a single character that is not a
    letter or digit by its name (`?` -> `question_mark`, `ctrl+/` -> `ctrl+slash`). Textual
    names the key it reads that way, and a `[keys]` value is applied as written, so `"?"`
    would bind a key no press ever matches."""
    keys = []
    for key in value.split(","):
        key = key.strip()
        modifiers, last = _parts(key)
        if len(last) == 1 and not last.isalnum():
            name = unicodedata.name(last, last).lower().replace("-", "_").replace(" ", "_")
            last = _TEXTUAL_NAMES.get(name, name)
        keys.append("+".join([*modifiers, last]))
    return ",".join(keys)


def _is_key(name: str) -> bool:
    if len(name) == 1:
        return name.isprintable() and not name.isspace()
    # a named key, or a character by its name as Textual reads one: question_mark, slash
    return name in NAMED_KEYS or _character(name) is not None


def shown_key(key: str) -> str:
    """One key as a person reads it: a character bound by its name shows as the character
    (`question_mark` -> `?`, `ctrl+slash` -> `ctrl+/`). `[keys]` takes either form (Textual
    binds a single character by its name)."""
    modifiers, last = _parts(key)
    if len(last) > 1 and last not in NAMED_KEYS:
        last = _character(last) or last  # not a character's name: shown as written
    return "+".join([*modifiers, last])
