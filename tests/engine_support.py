"""Shared fixtures and helpers for the conversation-engine tests (import the fixtures you use).

The real anthropic SDK is pointed at the local fake server through the environment, exactly as
a user points it at the real service: ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY.
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta

from coach_tui.memory.journal import save_entry
from coach_tui.store import transaction
from coach_tui.store.steps import Day, upsert_days
from tests.support import PINNED_NOW

NOW = datetime.fromisoformat(PINNED_NOW)  # a Monday
TODAY = NOW.date()
# Step counts chosen so that none of them can appear by accident in prose or ids.
STEPS = [12_345, 8_765, 10_432, 4_321, 11_987, 9_876, 13_579, 7_531, 10_864, 6_420, 10_111,
         8_642, 12_468, 9_753]
TODAY_STEPS = 3_217


def seed_steps(conn, *, end: date = TODAY - timedelta(days=1), values=STEPS, goal=None,
               today_steps: int | None = TODAY_STEPS) -> None:
    start = end - timedelta(days=len(values) - 1)
    days = [Day((start + timedelta(days=i)).isoformat(), v, goal) for i, v in enumerate(values)]
    if today_steps is not None:
        days.append(Day(TODAY.isoformat(), today_steps, goal))
    with transaction(conn):
        upsert_days(conn, days, source="test", synced_at="2026-11-30T08:00:00")


def seed_journal(conn, lines, *, source="user", entry_date="2026-11-20") -> list[int]:
    return [save_entry(conn, text, source=source, entry_date=entry_date) for text in lines]


def seed_dated_journal(conn, lines) -> list[int]:
    """Journal lines given as (date, text), written in that order (their ids follow it)."""
    return [save_entry(conn, text, source="user", entry_date=day) for day, text in lines]


def body(api, i: int = -1) -> dict:
    return api.requests[i]


def raw(api, i: int = -1) -> bytes:
    return api.raw_requests[i]


def system_bytes(request: dict) -> str:
    return json.dumps(request.get("system"), sort_keys=True)


def total_input(usage: dict) -> int:
    return (usage["input_tokens"] + usage["cache_creation_input_tokens"]
            + usage["cache_read_input_tokens"])


def texts_of(message: dict) -> list[str]:
    return [b["text"] for b in message["content"]]


def chat_requests(api) -> list[dict]:
    """Recorded chat requests (they carry diagnostics; reviews and reflections do not), not
    the second reads that follow a reply with warned numbers (second_read_requests)."""
    return [r for r in api.requests if r is not None and "diagnostics" in r
            and not is_second_read(r)]


def second_read_requests(api) -> list[dict]:
    """Recorded second reads: the model asked where a reply's warned numbers came from."""
    return [r for r in api.requests if r is not None and is_second_read(r)]


def is_second_read(request: dict) -> bool:
    last = request.get("messages", [{}])[-1]
    content = last.get("content")
    first = content if isinstance(content, str) else (content or [{}])[0].get("text", "")
    return last.get("role") == "user" and first.startswith("CHECK YOUR NUMBERS")


def at(hour: int, minute: int = 0, day: date = TODAY) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute)


def raw_system(api, i: int) -> str:
    """The system blocks exactly as the bytes carried them (key order and spacing kept)."""
    pairs = json.loads(api.raw_requests[i], object_pairs_hook=lambda kv: kv)
    [system] = [value for key, value in pairs if key == "system"]
    return json.dumps(system, separators=(",", ":"))
