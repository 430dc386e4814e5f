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

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

APP_NAME = "coach-tui"
DEMO_DIR_NAME = "demo"   # the demo home, inside the data folder

# USD per million tokens: (input, 5-minute cache write, cache read, output).
DEFAULT_PRICES: dict[str, tuple[float, float, float, float]] = {
    "claude-sonnet-5-5": (3.00, 3.75, 0.30, 15.00),
    "claude-haiku-5-5": (1.00, 1.25, 0.10, 5.00),
    "claude-opus-5-5": (5.00, 6.25, 0.50, 25.00),
    "claude-sonnet-4-6": (3.00, 3.75, 0.30, 15.00),
    "claude-sonnet-4-5": (3.00, 3.75, 0.30, 15.00),
    "claude-haiku-4-5": (1.00, 1.25, 0.10, 5.00),
    "claude-opus-4-6": (5.00, 6.25, 0.50, 25.00),
    "claude-opus-4-5": (5.00, 6.25, 0.50, 25.00),
}
PRICE_FIELDS = ("input", "cache_write", "cache_read", "output")


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
    max_tokens: int = 1024
    default_step_goal: int = 10_000
    journal_cap: int = 60
    line_max_chars: int = 240
    memory_block_max_chars: int = 6_000
    recall_max_chars: int = 2_500
    first_sync_days: int = 365
    prices: dict[str, tuple[float, float, float, float]] = field(
        default_factory=lambda: dict(DEFAULT_PRICES)
    )
    # App key remaps: binding id -> key(s), e.g. {"memory.toggle": "f2"}.
    keys: dict[str, str] = field(default_factory=dict)

    def price(self, model: str) -> tuple[float, float, float, float] | None:
        return self.prices.get(model)


# (section, key) -> (attribute, type, minimum)
_SCHEMA: dict[tuple[str, str], tuple[str, type, int | None]] = {
    ("coach", "chat_model"): ("chat_model", str, None),
    ("coach", "reflection_model"): ("reflection_model", str, None),
    ("coach", "max_tokens"): ("max_tokens", int, 1),
    ("steps", "default_goal"): ("default_step_goal", int, 1),
    ("memory", "journal_cap"): ("journal_cap", int, 1),
    ("memory", "line_max_chars"): ("line_max_chars", int, 20),
    ("memory", "block_max_chars"): ("memory_block_max_chars", int, 0),
    ("memory", "recall_max_chars"): ("recall_max_chars", int, 0),
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
    """Create `path` (and parents) and make it 0700: it holds health data and tokens."""
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def load_settings(paths: Paths | None = None) -> Settings:
    paths = paths or resolve_paths()
    values: dict[str, object] = {}
    prices = dict(DEFAULT_PRICES)
    keys: dict[str, str] = {}
    where = str(paths.config_file)
    if paths.config_file.exists():
        try:
            doc = tomllib.loads(paths.config_file.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{where} is not valid TOML: {exc}") from None
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


def _check(name: str, value: object, kind: type, minimum: int | None, where: str) -> object:
    if kind is int:
        # bool is an int subclass; `true` is never a count.
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{name} must be a whole number, got {value!r} (in {where})")
        if minimum is not None and value < minimum:
            raise ConfigError(f"{name} must be at least {minimum}, got {value} (in {where})")
        return value
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{name} must be a non-empty string, got {value!r} (in {where})")
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


def _parse_prices(table: object, where: str) -> dict[str, tuple[float, float, float, float]]:
    if not isinstance(table, dict):
        raise ConfigError(f"prices must be a table of models (in {where})")
    out = {}
    for model, row in table.items():
        name = f"prices.{model}"
        if not isinstance(row, dict) or set(row) != set(PRICE_FIELDS):
            raise ConfigError(
                f"{name} must set exactly {', '.join(PRICE_FIELDS)} (in {where})"
            )
        nums = []
        for key in PRICE_FIELDS:
            v = row[key]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
                raise ConfigError(f"{name}.{key} must be a price >= 0, got {v!r} (in {where})")
            nums.append(float(v))
        out[model] = tuple(nums)
    return out
