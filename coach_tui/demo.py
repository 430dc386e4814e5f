"""The demo: a separate home seeded with a believable user, so a newcomer sees a live app.

The demo lives in `Paths.demo()`, `<data folder>/demo` (so `$COACH_TUI_HOME/demo` when that
is set); config.toml stays the user's own, for the model and prices. The real database is
never opened. `ensure_demo_data(settings, today=)` seeds that home from `assets/demo/`
(the package `coach_tui.assets`): about 120 days of steps ending yesterday (steps.toml), a
few journal lines (journal.toml) and one saved weekly review (review.md, its numbers filled
in from the generated days). Every value is a pure function of `today` and the fixed seed, so
snapshot tests see the same screen on the same pinned day. Opened on a later day, the seeded
content is regenerated relative to the new today (in one transaction), so the streak still
ends yesterday; lines, reviews and chats the user added in the demo are kept.
"""

from __future__ import annotations

import json
import random
import sqlite3
import tomllib
from dataclasses import dataclass
from datetime import date, timedelta
from importlib import resources
from typing import Any

from coach_tui.config import DEMO_DIR_NAME, DEMO_SEEDED_FOR_KEY, Settings, ensure_private_dir
from coach_tui.memory import journal
from coach_tui.memory.goals import day_goal, goal_in_force_of
from coach_tui.memory.ledger import streak_as_of_yesterday
from coach_tui.store import journal as journal_store
from coach_tui.store.db import connect, transaction
from coach_tui.store.reviews import delete_review, save_review
from coach_tui.store.settings import get_setting, set_setting
from coach_tui.store.steps import Day, delete_all_days, upsert_days
from coach_tui.text import thousands

SOURCE = "demo"
SEEDED_KEY = "demo_seeded"         # JSON: what the last seeding wrote, so a reseed can remove it


def ensure_demo_data(settings: Settings, today: date) -> None:
    """Seed (or re-date) the demo home for `today`; a no-op when already done today."""
    data_dir = settings.paths.data_dir
    if data_dir.name != DEMO_DIR_NAME:
        # A guard, not a feature: seeding must never write into a real home.
        raise ValueError(f"refusing to seed demo data outside a demo folder: {data_dir}")
    if not data_dir.parent.exists():
        ensure_private_dir(data_dir.parent)
    conn = connect(settings.paths.db_file)
    try:
        if get_setting(conn, DEMO_SEEDED_FOR_KEY) == today.isoformat():
            return
        with transaction(conn):
            # Re-check inside the write lock: another process may have just seeded.
            if get_setting(conn, DEMO_SEEDED_FOR_KEY) == today.isoformat():
                return
            _remove_previous_seed(conn)
            _seed(conn, settings, today)
    finally:
        conn.close()


# --- the pure part: what the demo holds for a given today ---------------------------------


@dataclass(frozen=True)
class JournalSeed:
    entry_date: str
    source: str
    source_key: str | None
    seq: int
    text: str


@dataclass(frozen=True)
class ReviewSeed:
    period_key: str
    period_start: str
    period_end: str
    created_at: str
    text: str


def demo_days(today: date, pattern: dict[str, Any] | None = None) -> list[Day]:
    """The demo's steps for the `days` days before `today`, oldest first."""
    pattern = _asset_toml("steps.toml") if pattern is None else pattern
    rng = random.Random(pattern["seed"])
    total = pattern["days"]
    factors = pattern["weekday_factor"]
    events = {e["days_ago"]: e["steps"] for e in pattern.get("event", [])}
    out = []
    for days_ago in range(total, 0, -1):
        day = today - timedelta(days=days_ago)
        phase = _phase(pattern["phase"], days_ago)
        # Always draw, so an event never shifts the numbers of the days after it.
        drawn = rng.gauss(phase["mean"] * factors[day.weekday()], phase["spread"])
        steps = events.get(days_ago, round(min(max(drawn, phase["min"]), phase["max"])))
        out.append(
            Day(
                date=day.isoformat(),
                steps=steps,
                goal=phase["goal"],
                distance_m=float(round(steps * pattern["stride_m"])),
            )
        )
    return out


def demo_journal(today: date) -> list[JournalSeed]:
    seeds: list[JournalSeed] = []
    seq: dict[str, int] = {}
    for line in _asset_toml("journal.toml")["line"]:
        if "review_weeks_ago" in line:
            monday, sunday = _complete_week(today, line["review_weeks_ago"])
            key = _week_key(monday)
            seq[key] = seq.get(key, 0) + 1
            seeds.append(
                JournalSeed((sunday + timedelta(days=1)).isoformat(), journal.REVIEW_SOURCE, key,
                            seq[key], line["text"])
            )
        else:
            day = today - timedelta(days=line["days_ago"])
            seeds.append(JournalSeed(day.isoformat(), line["source"], None, 1, line["text"]))
    return sorted(seeds, key=lambda s: (s.entry_date, s.seq))


def demo_review(today: date, days: list[Day], default_goal: int) -> ReviewSeed:
    """Last complete week's review, its numbers computed from `days`."""
    monday, sunday = _complete_week(today, 1)
    by_date = {d.date: d for d in days}

    def week(start: date) -> list[Day]:
        return [by_date[k] for k in ((start + timedelta(days=i)).isoformat() for i in range(7))
                if k in by_date]

    this, prev = week(monday), week(monday - timedelta(days=7))

    in_force = goal_in_force_of(days, default_goal)

    def goal_of(d: Day) -> int:
        return day_goal(d, in_force)

    best = max(reversed(this), key=lambda d: d.steps)
    counts = {d.date: d.steps for d in days}
    goals = {d.date: goal_of(d) for d in days}
    streak = streak_as_of_yesterday(counts, goals, sunday + timedelta(days=1))["streak_days"]
    goals_this = {goal_of(d) for d in this}
    text = _asset_text("review.md").format(
        week=monday.isocalendar().week,
        period=_period(monday, sunday),
        met=sum(1 for d in this if d.steps >= goal_of(d)),
        goal=f"{max(goals_this):,}",
        avg=thousands(sum(d.steps for d in this) / len(this)),
        prev_avg=thousands(sum(d.steps for d in prev) / len(prev)) if prev else "nothing",
        streak=streak,
        best_weekday=date.fromisoformat(best.date).strftime("%A"),
        best_steps=f"{best.steps:,}",
    )
    return ReviewSeed(
        period_key=_week_key(monday),
        period_start=monday.isoformat(),
        period_end=sunday.isoformat(),
        created_at=f"{(sunday + timedelta(days=1)).isoformat()}T08:20:00",
        text=text.strip() + "\n",
    )


def _phase(phases: list[dict[str, Any]], days_ago: int) -> dict[str, Any]:
    for phase in phases:
        if phase["to_days_ago"] <= days_ago <= phase["from_days_ago"]:
            return phase
    raise ValueError(f"steps.toml has no phase for {days_ago} days ago")


def _complete_week(today: date, weeks_ago: int) -> tuple[date, date]:
    """(Monday, Sunday) of the `weeks_ago`-th complete ISO week ending before today."""
    this_monday = today - timedelta(days=today.weekday())
    monday = this_monday - timedelta(weeks=weeks_ago)
    return monday, monday + timedelta(days=6)


def _week_key(monday: date) -> str:
    iso = monday.isocalendar()
    return f"week:{iso.year}-W{iso.week:02d}"


def _period(monday: date, sunday: date) -> str:
    if monday.month == sunday.month:
        return f"{monday.day}–{sunday.day} {sunday:%B %Y}"
    return f"{monday.day} {monday:%B} – {sunday.day} {sunday:%B %Y}"


def _asset_text(name: str) -> str:
    return resources.files("coach_tui.assets").joinpath(DEMO_DIR_NAME, name).read_text(
        encoding="utf-8"
    )


def _asset_toml(name: str) -> dict[str, Any]:
    return tomllib.loads(_asset_text(name))


# --- writing ------------------------------------------------------------------------------


def _seed(conn: sqlite3.Connection, settings: Settings, today: date) -> None:
    days = demo_days(today)
    upsert_days(conn, days, source=SOURCE, synced_at=f"{today.isoformat()}T00:00:00+00:00")
    written: dict[str, Any] = {"texts": [], "events": [], "review_id": None}
    events: dict[str, int] = {}
    for seed in demo_journal(today):
        entry_id = journal.save_entry(
            conn, seed.text, source=seed.source, source_key=seed.source_key, seq=seed.seq,
            entry_date=seed.entry_date, cap=settings.journal_cap,
            max_chars=settings.line_max_chars,
        )
        if entry_id is not None:
            entry = journal.get_entry(conn, entry_id)
            assert entry is not None  # just saved
            written["texts"].append(entry.text)
        if seed.source_key is not None:
            events[seed.source_key] = events.get(seed.source_key, 0) + 1
    for key, lines in sorted(events.items()):
        if not journal_store.event_marked(conn, journal.REVIEW_SOURCE, key):
            journal.mark_event(conn, journal.REVIEW_SOURCE, key, lines)
            written["events"].append(key)
    review = demo_review(today, days, settings.default_step_goal)
    written["review_id"] = save_review(
        conn, period_key=review.period_key, period_start=review.period_start,
        period_end=review.period_end, text=review.text, model=None,
        created_at=review.created_at,
    )
    set_setting(conn, SEEDED_KEY, json.dumps(written, sort_keys=True))
    set_setting(conn, DEMO_SEEDED_FOR_KEY, today.isoformat())


def _remove_previous_seed(conn: sqlite3.Connection) -> None:
    # The demo's steps are all generated; a reseed replaces every day.
    delete_all_days(conn)
    raw = get_setting(conn, SEEDED_KEY)
    if raw is None:
        return
    previous = json.loads(raw)
    for text in previous.get("texts", []):
        journal_store.delete_text(conn, text)
    for key in previous.get("events", []):
        journal_store.unmark_event(conn, journal.REVIEW_SOURCE, key)
    if previous.get("review_id") is not None:
        delete_review(conn, previous["review_id"])
