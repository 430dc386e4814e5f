"""`[keys]` values are checked against Textual's key names, written out in coach_tui/keynames.py
(Textual may not be imported below ui/): these tests hold the copy to Textual's own."""

from __future__ import annotations

import string

from textual.binding import Binding
from textual.keys import (
    KEY_NAME_REPLACEMENTS,
    KEY_TO_UNICODE_NAME,
    Keys,
    _character_to_key,
    key_to_character,
)

from coach_tui.keynames import _UNICODE_NAMES, NAMED_KEYS, bound_key, key_problem, shown_key


def test_the_named_keys_are_textuals():
    textual = {k.value for k in Keys if "+" not in k.value and not k.value.startswith("<")}
    assert textual - {"ctrl-at"} == NAMED_KEYS


def test_the_character_names_are_textuals():
    for unicode_name, textual_name in KEY_NAME_REPLACEMENTS.items():
        assert _UNICODE_NAMES[textual_name] == unicode_name.replace("_", " ").upper() \
            .replace("HYPHEN MINUS", "HYPHEN-MINUS")
    for name in KEY_TO_UNICODE_NAME:
        assert key_to_character(name) is not None
        assert key_problem(name) is None, name


def test_every_key_the_app_binds_passes():
    from coach_tui.context import Context
    from coach_tui.ui.app import CoachApp

    ctx = Context(demo=True)
    try:
        keys = {b.key for b in CoachApp(ctx).all_bindings() if isinstance(b, Binding)}
    finally:
        ctx.close()
    assert keys and all(key_problem(k) is None for k in keys), keys


def test_a_value_no_key_can_press_names_the_key():
    assert key_problem("f2, notakey") == "notakey"
    assert key_problem("ctrl+") == "ctrl+"
    assert key_problem("hyperspace+f2") == "hyperspace+f2"
    assert key_problem("f2,,ctrl+s") == "(nothing)"


def test_a_character_bound_by_its_name_is_shown_as_the_character():
    assert [shown_key(k) for k in ("question_mark", "ctrl+slash", "ctrl+n", "f1", "space",
                                   "pageup", "x", "+")] == [
        "?", "ctrl+/", "ctrl+n", "f1", "space", "pageup", "x", "+"]


def test_a_character_written_as_itself_is_bound_by_the_name_textual_reads_it_by():
    for char in string.punctuation.replace(",", ""):  # a comma separates keys: "comma"
        assert bound_key(char) == _character_to_key(char), char
        assert shown_key(bound_key(char)) == char
    assert bound_key("ctrl+/, f2 ,?,a") == "ctrl+slash,f2,question_mark,a"
