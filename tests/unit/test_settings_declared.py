"""Each setting is declared once (config.Settings): the loader, the modules' defaults, the
README's table and the version all come from a declaration, and disagree nowhere.

Run `.venv/bin/python -m tests.unit.test_settings_declared` to rewrite the README's table
after changing a setting.
"""

from __future__ import annotations

import re
import sys

import pytest

from coach_tui import __version__
from coach_tui.config import (
    ConfigError,
    Settings,
    declared_settings,
    default_of,
    load_settings,
    resolve_paths,
    settings_table,
)
from coach_tui.memory import journal
from tests.support import REPO

README = REPO / "README.md"
_TABLE = re.compile(r"(<!-- settings: generated[^\n]*-->\n)(.*?)(<!-- end of settings -->)",
                    re.DOTALL)


def test_the_readme_table_is_the_declaration():
    found = _TABLE.search(README.read_text(encoding="utf-8"))
    assert found, "README.md lost its generated settings table"
    assert found.group(2) == settings_table(), (
        "README.md's settings table is out of date: run "
        "`.venv/bin/python -m tests.unit.test_settings_declared`")


def test_every_declared_setting_is_read_from_config_toml(coach_home):
    paths = resolve_paths()
    paths.config_file.parent.mkdir(parents=True, exist_ok=True)
    toml, expected = [], {}
    for f in declared_settings():
        meta = f.metadata
        value = "MDY" if meta["rule"] == ("auto", "DMY", "MDY") else (
            "max" if isinstance(meta["rule"], tuple) else
            "some-model" if isinstance(f.default, str) else
            not f.default if isinstance(f.default, bool) else f.default + 7)
        written = str(value).lower() if isinstance(value, bool) else repr(value)
        toml.append(f"{meta['section']}.{meta['key']} = {written}\n".replace("'", '"'))
        expected[f.name] = value
    paths.config_file.write_text("".join(toml))
    settings = load_settings(paths)
    assert {name: getattr(settings, name) for name in expected} == expected


def test_the_recall_settings_are_declared_with_their_defaults(coach_home):
    settings = load_settings(resolve_paths())
    assert settings.recall_max_tokens == 500 and settings.recall_date_order == "auto"


@pytest.mark.parametrize(("toml", "message"), [
    ('[recall]\ndate_order = "ymd"\n',
     "recall.date_order must be one of auto, DMY, MDY, got 'ymd'"),
    ("[recall]\ndate_order = 3\n", "recall.date_order must be a non-empty string, got 3"),
    ("[recall]\nmax_tokens = -1\n", "recall.max_tokens must be at least 0, got -1"),
])
def test_a_bad_recall_setting_is_one_line(coach_home, toml, message):
    paths = resolve_paths()
    paths.config_file.parent.mkdir(parents=True, exist_ok=True)
    paths.config_file.write_text(toml)
    with pytest.raises(ConfigError) as raised:
        load_settings(paths)
    assert str(raised.value) == f"{message} (in {paths.config_file})"


def test_the_journal_rules_are_the_declared_defaults():
    assert journal.JOURNAL_CAP == default_of("journal_cap") == Settings.journal_cap
    assert journal.ENTRY_MAX_CHARS == default_of("line_max_chars") == Settings.line_max_chars


def test_the_version_is_the_installed_package_version():
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(rf'^version = "{re.escape(__version__)}"$', pyproject, re.MULTILINE)


def _rewrite_readme() -> None:
    text = README.read_text(encoding="utf-8")
    new = _TABLE.sub(lambda m: m.group(1) + settings_table() + m.group(3), text)
    README.write_text(new, encoding="utf-8")
    print("README.md: settings table " + ("rewritten" if new != text else "already current"))


if __name__ == "__main__" and sys.argv[1:] == []:
    _rewrite_readme()
