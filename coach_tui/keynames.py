"""Whether a `[keys]` value in config.toml names keys the terminal app can bind.

A value is one key or several separated by commas, each an optional chain of modifiers
(`ctrl+`, `shift+`, `alt+`, `meta+`, `super+`, `hyper+`) and then one key: a single
character, a named key Textual knows (`f2`, `escape`, `pagedown`, `space`...), or a
character's name as Textual writes it (`question_mark`, `slash`). Textual itself accepts any
string and the binding then never fires, so a typo would be accepted silently; this check
lets config.py refuse it like any other bad value. `textual.keys` is imported only when a
config has `[keys]`, so commands that never draw stay light.
"""

from __future__ import annotations

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})


def key_problem(value: str) -> str | None:
    """None when every key in `value` can be bound, else the first one that cannot."""
    for key in value.split(","):
        key = key.strip()
        *modifiers, last = key.split("+") if key != "+" else [key]
        if not key or not last or any(m not in MODIFIERS for m in modifiers) \
                or not _is_key(last):
            return key or "(nothing)"
    return None


def _is_key(name: str) -> bool:
    from textual.keys import REPLACED_KEYS, Keys, key_to_character

    if len(name) == 1:
        return name.isprintable() and not name.isspace()
    named = {k.value for k in Keys if not k.value.startswith("<") and "+" not in k.value}
    return name in named or key_to_character(REPLACED_KEYS.get(name, name)) is not None
