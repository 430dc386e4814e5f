import pytest

from coach_tui.config import ConfigError, Rates, load_settings, resolve_paths


def write_config(home, text):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(text)


def test_defaults_work_without_a_config_file(coach_home):
    s = load_settings()
    assert s.paths.data_dir == coach_home
    assert s.paths.db_file == coach_home / "coach.db"
    assert (s.chat_model, s.reflection_model) == ("claude-sonnet-5-5", "claude-haiku-5-5")
    assert (s.default_step_goal, s.journal_cap, s.line_max_chars) == (10_000, 60, 240)
    assert s.price("claude-sonnet-5-5").base == Rates(2.0, 2.5, 4.0, 0.10, 10.0)
    # Thinking counts toward max_tokens: the defaults leave room for it, at low effort.
    assert (s.max_tokens, s.effort) == (8192, "low")
    assert (s.reflection_max_tokens, s.reflection_effort) == (2048, "low")


def test_values_are_read(coach_home):
    write_config(coach_home, '[steps]\ndefault_goal = 8000\n[memory]\nrecall_max_chars = 0\n'
                 '[prices."my-model"]\ninput = 1\ncache_write = 1.25\n'
                 'cache_read = 0.1\noutput = 5\n')
    s = load_settings()
    assert s.default_step_goal == 8000
    assert s.recall_max_chars == 0  # an explicit zero is honoured
    assert s.price("my-model").base == Rates(1.0, 1.25, 2.0, 0.1, 5.0)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("[steps]\ndefault_goal = 0\n", "steps.default_goal must be at least 1, got 0"),
        ("[steps]\ndefault_goal = 'lots'\n", "steps.default_goal must be a whole number"),
        ("[memory]\njournal_cap = true\n", "memory.journal_cap must be a whole number"),
        ("[coach]\nchat_model = ''\n", "coach.chat_model must be a non-empty string"),
        ("[coach]\nchat_modle = 'x'\n", "unknown setting 'coach.chat_modle'"),
        ("[steps\n", "is not valid TOML"),
        ('[prices."m"]\ninput = 1\n', "prices.m must set input, cache_write, cache_read, output"),
        ("[coach]\neffort = 'extreme'\n",
         "coach.effort must be one of low, medium, high, xhigh, max, got 'extreme'"),
        ("[coach]\nreflection_effort = 3\n", "coach.reflection_effort must be a non-empty string"),
        ("[coach]\nreflection_max_tokens = 0\n", "coach.reflection_max_tokens must be at least 1"),
    ],
)
def test_a_bad_value_names_the_key_and_the_file(coach_home, text, expected):
    write_config(coach_home, text)
    with pytest.raises(ConfigError) as err:
        load_settings()
    message = str(err.value)
    assert expected in message
    assert str(coach_home / "config.toml") in message
    assert "\n" not in message


def test_platformdirs_without_home():
    paths = resolve_paths(env={})
    assert paths.db_file.name == "coach.db"
    assert "coach-tui" in str(paths.data_dir)
    assert paths.config_file.name == "config.toml"


def test_key_remaps_are_read_and_checked(coach_home):
    write_config(coach_home, '[keys]\n"memory.toggle" = " f2 "\n')
    assert load_settings().keys == {"memory.toggle": "f2"}
    # A character written as itself is bound by the name Textual reads it by: "?" as typed
    # would bind a key no press matches. Each key of a list is trimmed for the same reason.
    write_config(coach_home, '[keys]\n"memory.toggle" = "?, ctrl+/"\n')
    assert load_settings().keys == {"memory.toggle": "question_mark,ctrl+slash"}
    write_config(coach_home, '[keys]\n"memory.toggle" = 2\n')
    with pytest.raises(ConfigError, match="keys.memory.toggle must be a key name"):
        load_settings()


def test_recall_settings_and_the_date_order_the_locale_implies(coach_home, monkeypatch):
    s = load_settings()
    assert (s.recall_max_tokens, s.recall_date_order) == (500, "auto")
    for name in ("LC_ALL", "LC_TIME", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert s.date_order == "DMY"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert s.date_order == "MDY"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert s.date_order == "DMY"
    write_config(coach_home, '[recall]\nmax_tokens = 0\ndate_order = "MDY"\n')
    s = load_settings()
    assert (s.recall_max_tokens, s.date_order) == (0, "MDY")
    write_config(coach_home, '[recall]\ndate_order = "YMD"\n')
    with pytest.raises(ConfigError, match="recall.date_order must be one of auto, DMY, MDY"):
        load_settings()


@pytest.mark.parametrize("value, expected", [
    (True, True), (False, False), (1, True), (0, False), ("ON", True), (" off ", False),
    ("Yes", True), ("no", False), ("enabled", True), ("DISABLED", False), ("true", True),
])
def test_an_on_off_setting_reads_the_known_words(value, expected):
    from coach_tui.config import switch_value

    assert switch_value("x.flag", value) is expected


@pytest.mark.parametrize("value", ["disable", "none", "of", "", 2, 1.0, [], "maybe"])
def test_an_on_off_setting_in_config_refuses_any_other_value(value):
    """Every boolean setting follows the kill switch's rule (config.toml has none yet, so the
    declaration's own check is driven directly)."""
    import dataclasses

    from coach_tui.config import SwitchError, _check

    spec = dataclasses.field(default=False, metadata={"rule": None, "most": None})
    with pytest.raises(SwitchError) as err:
        _check("coach.flag", value, spec, "config.toml")
    assert err.value.exit_code == 2
    assert str(err.value) == (f"coach.flag must be on/off, true/false, 1/0, yes/no or "
                              f"enabled/disabled, got {value!r} (in config.toml)")
