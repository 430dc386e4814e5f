"""Settings: where files live and the tunable numbers, read from config.toml.

Paths come from platformdirs (`coach.db`, `garmin/` and `logs/` under the user data folder,
`config.toml` under the user config folder). `COACH_TUI_HOME=DIR` puts all of them under DIR,
which is also how tests keep away from real data; `Paths.demo()` is the demo's own home,
`<data folder>/demo`, and `Paths.is_demo` tells it apart. Every key has a default that
works, so a missing config file is normal; a present key with a bad value raises ConfigError
naming the key and the file, and an unknown key is refused the same way (a typo would
otherwise be silently ignored).
"""

from __future__ import annotations

import errno
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from pathlib import Path
from typing import Any

from coach_tui.prices import (  # noqa: F401  re-exported: the settings hold these
    DEFAULT_PRICES,
    LONG_PROMPT_KEYS,
    PRICE_FIELDS,
    REQUIRED_PRICE_FIELDS,
    Price,
    Rates,
)

APP_NAME = "coach-tui"
DEMO_DIR_NAME = "demo"   # the demo home, inside the data folder
# The day the demo home was last seeded for (a stored setting; demo.py seeds it).
DEMO_SEEDED_FOR_KEY = "demo_seeded_for"


# How much the model may think before it answers (output_config.effort).
EFFORTS = ("low", "medium", "high", "xhigh", "max")

# Upper bounds of whole-number settings: far above any sensible value, low enough that no
# count overflows SQLite's 64-bit integers or a date calculation (a first sync of 10**30
# days would); a setting may declare a lower one (`most`).
_INT_MOST = 1_000_000_000


class ConfigError(ValueError):
    """A config value that cannot be used; the message names the key and the file."""


class SwitchError(ConfigError):
    """An on/off setting (COACH_MEMORY, or a boolean in config.toml) holding a word that is
    not a known on/off word. A switch never guesses: the kill switch must fail closed, so the
    command stops (exit 2) rather than run with the user believing memory is off."""

    exit_code = 2


# Every on/off setting, env or config, reads only these words (any case); nothing else.
SWITCH_WORDS = {"on": True, "true": True, "1": True, "yes": True, "enabled": True,
                "off": False, "false": False, "0": False, "no": False, "disabled": False}
SWITCH_HELP = "on/off, true/false, 1/0, yes/no or enabled/disabled"


def switch_value(name: str, value: object, where: str = "") -> bool:
    """`value` of the on/off setting `name` as a bool: a TOML boolean, 1 or 0, or one of
    `SWITCH_WORDS` in any case with spaces around it; SwitchError (one line) otherwise."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower() if isinstance(value, (str, int)) else None
    if word is None or word not in SWITCH_WORDS:
        raise SwitchError(f"{name} must be {SWITCH_HELP}, got {value!r}"
                          + (f" (in {where})" if where else ""))
    return SWITCH_WORDS[word]


@dataclass(frozen=True)
class Paths:
    data_dir: Path
    config_file: Path

    @property
    def db_file(self) -> Path:
        return self.data_dir / "coach.db"

    @property
    def garmin_dir(self) -> Path:
        return self.data_dir / "garmin"

    @property
    def logs_dir(self) -> Path:
        return self.data_dir / "logs"

    def demo(self) -> Paths:
        """The demo home beside these paths: `<data folder>/demo`, with the same config.toml
        (the user's model and prices)."""
        return Paths(data_dir=self.data_dir / DEMO_DIR_NAME, config_file=self.config_file)

    @property
    def is_demo(self) -> bool:
        """True for the demo home of the current environment, where Garmin is off."""
        return self.data_dir == resolve_paths().demo().data_dir


def setting(section: str, key: str, default: object, doc: str, *,
            rule: int | tuple[str, ...] | None = None, most: int | None = None) -> Any:
    """One setting, declared once: its config.toml section and key, its default, what it is
    for (the README's table says it), and its rule (a minimum for a number, the allowed values
    for a choice). `load_settings`, the README and the modules' defaults all read it."""
    return field(default=default, metadata={"section": section, "key": key, "doc": doc,
                                            "rule": rule, "most": most})


@dataclass(frozen=True)
class Settings:
    paths: Paths
    chat_model: str = setting("coach", "chat_model", "claude-sonnet-5-5",
                              "the model you chat with")
    reflection_model: str = setting("coach", "reflection_model", "claude-haiku-5-5",
                                    "the model that writes journal lines after a review")
    effort: str = setting("coach", "effort", "low", "how much the model thinks", rule=EFFORTS)
    # Thinking counts toward max_tokens: the defaults leave room to think and then answer.
    max_tokens: int = setting("coach", "max_tokens", 8192, "per reply, thinking included",
                              rule=1)
    reflection_effort: str = setting("coach", "reflection_effort", "low",
                                     "how much the reflection model thinks", rule=EFFORTS)
    reflection_max_tokens: int = setting("coach", "reflection_max_tokens", 2048,
                                         "per reflection, thinking included", rule=1)
    context_max_tokens: int = setting(
        "coach", "context_max_tokens", 100_000,
        "the most one chat request carries; older exchanges are left out", rule=1000)
    max_message_tokens: int = setting(
        "coach", "max_message_tokens", 20_000,
        "the longest message sent without asking (`ask --force` or a yes in the app sends a "
        "longer one)", rule=1)
    default_step_goal: int = setting("steps", "default_goal", 10_000,
                                     "for days Garmin sent no goal for", rule=1)
    journal_cap: int = setting("memory", "journal_cap", 60,
                               "the most lines the coach's journal keeps", rule=1)
    line_max_chars: int = setting("memory", "line_max_chars", 240,
                                  "the longest journal line", rule=20)
    memory_block_max_chars: int = setting("memory", "block_max_chars", 6_000,
                                          "the memory snapshot in the system prompt", rule=0)
    recall_max_chars: int = setting("memory", "recall_max_chars", 2_500,
                                    "what one message recalls, in the user turn", rule=0)
    recall_max_tokens: int = setting(
        "recall", "max_tokens", 500,
        "how many tokens of recalled memories a message may carry", rule=0)
    recall_date_order: str = setting(
        "recall", "date_order", "auto",
        'how a date like 13/11 in a message is read; "auto" follows the locale '
        "(month first in a US-style locale, else day first)",
        rule=("auto", "DMY", "MDY"))
    second_read: bool = setting(
        "check", "second_read", True,
        "after a reply with numbers the check cannot trace, ask the model where each came "
        "from; a warning is cleared only when code confirms the answer (one more request, "
        "its prefix read from the cache)")
    first_sync_days: int = setting("garmin", "first_sync_days", 365,
                                   "how many days the first sync fetches", rule=1,
                                   most=36_500)
    max_wait_seconds: int = setting(
        "api", "max_wait_seconds", 60,
        "the longest a request waits out rate limits and overloads, in all, before it fails "
        "saying when to try again", rule=0, most=86_400)
    chat_window: int = setting(
        "app", "chat_window", 40,
        "how many messages the chat keeps drawn around what you read; the rest are drawn "
        "again from the database as you scroll to them", rule=12, most=10_000)
    prices: dict[str, Price] = field(default_factory=lambda: dict(DEFAULT_PRICES))
    # App key remaps: binding id -> key(s), e.g. {"memory.toggle": "f2"}.
    keys: dict[str, str] = field(default_factory=dict)

    def price(self, model: str) -> Price | None:
        return self.prices.get(model)

    @property
    def date_order(self) -> str:
        """"DMY" or "MDY": the setting, or for "auto" the one the locale's region writes."""
        if self.recall_date_order != "auto":
            return self.recall_date_order
        for name in ("LC_ALL", "LC_TIME", "LANG"):
            value = os.environ.get(name, "")
            if value:
                region = value.split(".")[0].split("_")[-1].upper()
                return "MDY" if region in _MDY_REGIONS else "DMY"
        return "DMY"


# Regions whose everyday numeric dates put the month first.
_MDY_REGIONS = frozenset({"US", "PH", "FM", "MH", "PW", "AS", "GU", "MP", "PR", "UM", "VI"})


def declared_settings() -> list[Field]:
    """The settings config.toml may set, in the order they are declared."""
    return [f for f in fields(Settings) if "section" in f.metadata]


def default_of(name: str) -> Any:
    """The declared default of the setting `name` (a Settings attribute)."""
    return Settings.__dataclass_fields__[name].default


# (section, key) -> the setting's field
_SCHEMA: dict[tuple[str, str], Field] = {
    (f.metadata["section"], f.metadata["key"]): f for f in declared_settings()
}


def settings_table() -> str:
    """The README's settings table, made from the declaration (a test keeps them equal)."""
    rows = ["| setting | default | allowed | what it is |", "|---|---|---|---|"]
    for f in declared_settings():
        meta, rule = f.metadata, f.metadata["rule"]
        if isinstance(f.default, bool):
            allowed = "true, false"
        elif isinstance(rule, tuple):
            allowed = ", ".join(f'"{v}"' for v in rule)
        elif isinstance(rule, int):
            allowed = f"{rule:,} to {meta['most'] or _INT_MOST:,}"
        else:
            allowed = "any model name"
        default = f'"{f.default}"' if isinstance(f.default, str) else \
            str(f.default).lower() if isinstance(f.default, bool) else str(f.default)
        rows.append(f"| `[{meta['section']}] {meta['key']}` | `{default}` | {allowed} "
                    f"| {meta['doc']} |")
    return "\n".join(rows) + "\n"


def resolve_paths(env: Mapping[str, str] | None = None) -> Paths:
    env = os.environ if env is None else env
    home = env.get("COACH_TUI_HOME")
    if home:
        root = Path(home).expanduser()
        return Paths(data_dir=root, config_file=root / "config.toml")
    import platformdirs

    return Paths(
        data_dir=Path(platformdirs.user_data_dir(APP_NAME)),
        config_file=Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml",
    )


def ensure_private_dir(path: Path) -> Path:
    """Create `path` (and missing parents) 0700: it holds health data and tokens.

    Only folders created here get the mode: a folder that exists keeps the one its owner
    chose (an open warns about a database readable by others rather than changing it).
    """
    missing = []
    for folder in (path, *path.parents):
        if folder.is_dir():
            break
        missing.append(folder)
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            if not folder.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR),
                                         str(folder)) from None
            continue
        folder.chmod(0o700)  # mkdir's mode is masked by the umask
    return path


def load_settings(paths: Paths | None = None) -> Settings:
    paths = paths or resolve_paths()
    try:
        return _load_settings(paths)
    except RecursionError:
        # tomllib (and repr, naming a bad value) recurse once per level of nesting.
        raise ConfigError(f"{paths.config_file} nests arrays or tables too deeply to be a "
                          "coach-tui config; remove the nesting or move the file aside") from None


def _load_settings(paths: Paths) -> Settings:
    values: dict[str, object] = {}
    prices = dict(DEFAULT_PRICES)
    keys: dict[str, str] = {}
    where = str(paths.config_file)
    if paths.config_file.exists():
        if not paths.config_file.is_file():
            raise ConfigError(f"{where} is not a regular file; move it aside or make it a "
                              "config.toml file")
        try:
            doc = tomllib.loads(paths.config_file.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{where} is not valid TOML: {exc}") from None
        except OSError as exc:
            raise ConfigError(f"cannot read {where}: {exc.strerror or exc}") from None
        for section, table in doc.items():
            if section == "prices":
                prices.update(_parse_prices(table, where))
                continue
            if section == "keys":
                keys.update(_parse_keys(table, where))
                continue
            if not isinstance(table, dict):
                raise ConfigError(f"unknown setting '{section}' in {where}")
            for key, value in table.items():
                spec = _SCHEMA.get((section, key))
                if spec is None:
                    raise ConfigError(f"unknown setting '{section}.{key}' in {where}")
                values[spec.name] = _check(f"{section}.{key}", value, spec, where)
    return Settings(paths=paths, prices=prices, keys=keys, **values)  # type: ignore[arg-type]


def _check(name: str, value: object, spec: Field, where: str) -> object:
    rule = spec.metadata["rule"]
    if isinstance(spec.default, bool):
        return switch_value(name, value, where)
    if isinstance(spec.default, int):
        # bool is an int subclass; `true` is never a count.
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{name} must be a whole number, got {value!r} (in {where})")
        if isinstance(rule, int) and value < rule:
            raise ConfigError(f"{name} must be at least {rule}, got {value} (in {where})")
        most = spec.metadata["most"] or _INT_MOST
        if value > most:
            raise ConfigError(f"{name} must be at most {most}, got {value} (in {where})")
        return value
    empty_allowed = isinstance(rule, tuple) and "" in rule
    if not isinstance(value, str) or not (value.strip() or empty_allowed):
        what = "a string" if empty_allowed else "a non-empty string"
        raise ConfigError(f"{name} must be {what}, got {value!r} (in {where})")
    if isinstance(rule, tuple) and value.strip() not in rule:
        choices = ", ".join(v or repr(v) for v in rule)
        raise ConfigError(f"{name} must be one of {choices}, got {value!r} (in {where})")
    return value.strip()


def _parse_keys(table: object, where: str) -> dict[str, str]:
    if not isinstance(table, dict):
        raise ConfigError(f"keys must be a table of binding id = \"key\" (in {where})")
    from coach_tui.keynames import bound_key, key_problem

    for binding_id, key in table.items():
        if not isinstance(key, str) or not key.strip() or key_problem(key) is not None:
            raise ConfigError(f"keys.{binding_id} must be a key name such as \"f2\", "
                              f"\"ctrl+k\" or \"?\", got {key!r} (in {where})")
    return {str(k): bound_key(v) for k, v in table.items()}


def _parse_prices(table: object, where: str) -> dict[str, Price]:
    if not isinstance(table, dict):
        raise ConfigError(f"prices must be a table of models (in {where})")
    out = {}
    for model, row in table.items():
        name = f"prices.{model}"
        if not isinstance(row, dict):
            raise ConfigError(f"{name} must be a table of prices (in {where})")
        band = {k: row[k] for k in LONG_PROMPT_KEYS if k in row}
        base = _parse_rates(name, {k: v for k, v in row.items() if k not in LONG_PROMPT_KEYS},
                            where)
        if not band:
            out[model] = Price(base)
            continue
        if set(band) != set(LONG_PROMPT_KEYS):
            raise ConfigError(f"{name} needs both long_prompt_above and a [{name}.long_prompt] "
                              f"table for a long-prompt band (in {where})")
        above = band["long_prompt_above"]
        if isinstance(above, bool) or not isinstance(above, int) or above < 1:
            raise ConfigError(f"{name}.long_prompt_above must be a whole number of tokens >= 1, "
                              f"got {above!r} (in {where})")
        if not isinstance(band["long_prompt"], dict):
            raise ConfigError(f"{name}.long_prompt must be a table of prices (in {where})")
        out[model] = Price(base, long_above=above,
                           long=_parse_rates(f"{name}.long_prompt", band["long_prompt"], where))
    return out


def _parse_rates(name: str, row: dict, where: str) -> Rates:
    unknown = sorted(set(row) - set(PRICE_FIELDS))
    missing = [k for k in REQUIRED_PRICE_FIELDS if k not in row]
    if unknown or missing:
        raise ConfigError(
            f"{name} must set {', '.join(REQUIRED_PRICE_FIELDS)} (and may set cache_write_1h)"
            + (f"; unknown: {', '.join(unknown)}" if unknown else "")
            + (f"; missing: {', '.join(missing)}" if missing else "") + f" (in {where})"
        )
    nums: dict[str, float] = {}
    for key in PRICE_FIELDS:
        if key not in row:
            continue
        v = row[key]
        # nan and inf are valid TOML floats; neither is a price.
        if (isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)
                or v < 0):
            raise ConfigError(f"{name}.{key} must be a finite price >= 0, got {v!r} (in {where})")
        nums[key] = float(v)
    return Rates(nums["input"], nums["cache_write"], nums.get("cache_write_1h", 2 * nums["input"]),
                 nums["cache_read"], nums["output"])
