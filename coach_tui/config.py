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
from dataclasses import dataclass, field
from pathlib import Path

APP_NAME = "coach-tui"
DEMO_DIR_NAME = "demo"   # the demo home, inside the data folder


@dataclass(frozen=True)
class Rates:
    """USD per million tokens for each kind of token a request is billed for."""

    input: float
    cache_write_5m: float
    cache_write_1h: float
    cache_read: float
    output: float

    def __post_init__(self) -> None:
        for name in ("input", "cache_write_5m", "cache_write_1h", "cache_read", "output"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a finite price >= 0, got {value!r}")


@dataclass(frozen=True)
class Price:
    """A model's rates, with an optional band for long prompts (over `long_above` tokens)."""

    base: Rates
    long_above: int | None = None
    long: Rates | None = None

    def __post_init__(self) -> None:
        if (self.long_above is None) != (self.long is None):
            raise ValueError("a long-prompt band needs both its threshold and its rates")

    def rates_for(self, prompt_tokens: int) -> Rates:
        if (self.long is not None and self.long_above is not None
                and prompt_tokens > self.long_above):
            return self.long
        return self.base


def _rates(input: float, write_5m: float, write_1h: float, read: float, output: float) -> Rates:
    return Rates(input, write_5m, write_1h, read, output)


# Published prices, USD per million tokens (checked 2026-11).
DEFAULT_PRICES: dict[str, Price] = {
    "claude-sonnet-5-5": Price(_rates(2.00, 2.50, 4.00, 0.10, 10.00)),
    "claude-haiku-5-5": Price(_rates(0.10, 0.125, 0.20, 0.01, 0.50), long_above=100_000,
                              long=_rates(0.50, 0.625, 1.00, 0.05, 2.50)),
    "claude-opus-5-5": Price(_rates(4.00, 5.00, 8.00, 0.20, 20.00)),
    # Earlier models someone may still configure.
    "claude-sonnet-4-6": Price(_rates(3.00, 3.75, 6.00, 0.30, 15.00)),
    "claude-sonnet-4-5": Price(_rates(3.00, 3.75, 6.00, 0.30, 15.00)),
    "claude-haiku-4-5": Price(_rates(1.00, 1.25, 2.00, 0.10, 5.00)),
    "claude-opus-4-6": Price(_rates(5.00, 6.25, 10.00, 0.50, 25.00)),
    "claude-opus-4-5": Price(_rates(5.00, 6.25, 10.00, 0.50, 25.00)),
}


# [prices."MODEL"] keys -> Rates fields. cache_write is the 5-minute write; cache_write_1h
# may be left out, and is then twice the input price, as the published tables have it.
PRICE_FIELDS = ("input", "cache_write", "cache_write_1h", "cache_read", "output")
REQUIRED_PRICE_FIELDS = ("input", "cache_write", "cache_read", "output")
LONG_PROMPT_KEYS = ("long_prompt_above", "long_prompt")

# How much the model may think before it answers (output_config.effort).
EFFORTS = ("low", "medium", "high", "xhigh", "max")


class ConfigError(ValueError):
    """A config value that cannot be used; the message names the key and the file."""


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


@dataclass(frozen=True)
class Settings:
    paths: Paths
    chat_model: str = "claude-sonnet-5-5"
    reflection_model: str = "claude-haiku-5-5"
    # Thinking counts toward max_tokens: the defaults leave room to think and then answer.
    max_tokens: int = 8192
    effort: str = "low"
    reflection_max_tokens: int = 2048
    # The most one chat request may carry; past it the oldest exchanges are left out.
    context_max_tokens: int = 100_000
    reflection_effort: str = "low"
    default_step_goal: int = 10_000
    journal_cap: int = 60
    line_max_chars: int = 240
    memory_block_max_chars: int = 6_000
    recall_max_chars: int = 2_500
    # What one message recalls, in estimated tokens (bytes / 3), live line included.
    recall_max_tokens: int = 500
    # How the user writes 13/11: "DMY", "MDY", or "auto" (MDY in a US-style locale, else DMY).
    recall_date_order: str = "auto"
    first_sync_days: int = 365
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


# (section, key) -> (attribute, type, minimum or allowed values)
_SCHEMA: dict[tuple[str, str], tuple[str, type, int | tuple[str, ...] | None]] = {
    ("coach", "chat_model"): ("chat_model", str, None),
    ("coach", "reflection_model"): ("reflection_model", str, None),
    ("coach", "max_tokens"): ("max_tokens", int, 1),
    ("coach", "effort"): ("effort", str, EFFORTS),
    ("coach", "reflection_max_tokens"): ("reflection_max_tokens", int, 1),
    ("coach", "context_max_tokens"): ("context_max_tokens", int, 1000),
    ("coach", "reflection_effort"): ("reflection_effort", str, EFFORTS),
    ("steps", "default_goal"): ("default_step_goal", int, 1),
    ("memory", "journal_cap"): ("journal_cap", int, 1),
    ("memory", "line_max_chars"): ("line_max_chars", int, 20),
    ("memory", "block_max_chars"): ("memory_block_max_chars", int, 0),
    ("memory", "recall_max_chars"): ("recall_max_chars", int, 0),
    ("recall", "max_tokens"): ("recall_max_tokens", int, 0),
    ("recall", "date_order"): ("recall_date_order", str, ("auto", "DMY", "MDY")),
    ("garmin", "first_sync_days"): ("first_sync_days", int, 1),
}

def resolve_paths(env: dict[str, str] | None = None) -> Paths:
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
                attr, kind, minimum = spec
                values[attr] = _check(f"{section}.{key}", value, kind, minimum, where)
    return Settings(paths=paths, prices=prices, keys=keys, **values)  # type: ignore[arg-type]


# Upper bounds: far above any sensible value, low enough that no count overflows SQLite's
# 64-bit integers or a date calculation (a first sync of 10**30 days would).
_INT_MOST = 1_000_000_000
_INT_MOST_BY_NAME = {"garmin.first_sync_days": 36_500}


def _check(name: str, value: object, kind: type, rule: int | tuple[str, ...] | None,
           where: str) -> object:
    if kind is int:
        # bool is an int subclass; `true` is never a count.
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{name} must be a whole number, got {value!r} (in {where})")
        if isinstance(rule, int) and value < rule:
            raise ConfigError(f"{name} must be at least {rule}, got {value} (in {where})")
        most = _INT_MOST_BY_NAME.get(name, _INT_MOST)
        if value > most:
            raise ConfigError(f"{name} must be at most {most}, got {value} (in {where})")
        return value
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{name} must be a non-empty string, got {value!r} (in {where})")
    if isinstance(rule, tuple) and value.strip() not in rule:
        raise ConfigError(f"{name} must be one of {', '.join(rule)}, got {value!r} (in {where})")
    return value.strip()


def _parse_keys(table: object, where: str) -> dict[str, str]:
    if not isinstance(table, dict):
        raise ConfigError(f"keys must be a table of binding id = \"key\" (in {where})")
    for binding_id, key in table.items():
        if not isinstance(key, str) or not key.strip():
            raise ConfigError(
                f"keys.{binding_id} must be a key name such as \"f2\", got {key!r} (in {where})"
            )
    return {str(k): v.strip() for k, v in table.items()}


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
