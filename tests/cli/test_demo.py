"""The demo home: seeded, deterministic, live on any day, and never the real data."""

from __future__ import annotations

import os
import re
import sqlite3
import stat
from datetime import date, timedelta
from pathlib import Path

import pytest

from coach_tui import demo
from coach_tui.cli import main
from coach_tui.config import load_settings, resolve_paths
from coach_tui.memory import journal
from coach_tui.memory.snapshot import current_facts
from coach_tui.store.db import connect
from coach_tui.store.steps import load_days
from tests.support import DATA, saved_reviews

TODAY = date(2026, 11, 30)
CSV_FILE = DATA / "garmin" / "steps.csv"


def demo_settings(home: Path):
    return load_settings(resolve_paths().demo())


def dump(db: Path) -> dict[str, list]:
    conn = sqlite3.connect(db)
    try:
        return {
            "steps": conn.execute("SELECT * FROM daily_steps ORDER BY date").fetchall(),
            "journal": conn.execute(
                "SELECT entry_date, source, source_key, seq, text FROM journal ORDER BY entry_id"
            ).fetchall(),
            "reviews": conn.execute(
                "SELECT period_key, period_start, period_end, created_at, model, text FROM reviews"
            ).fetchall(),
        }
    finally:
        conn.close()


def test_demo_home_is_separate_and_private(home):
    paths = resolve_paths().demo()
    assert paths.data_dir == home / "demo" and paths.db_file == home / "demo" / "coach.db"
    assert paths.config_file == resolve_paths().config_file

    demo.ensure_demo_data(load_settings(paths), today=TODAY)
    assert stat.S_IMODE(os.stat(paths.db_file).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(paths.data_dir).st_mode) == 0o700


def test_demo_steps_works_and_leaves_the_real_data_alone(home, capsys):
    assert main(["import", str(CSV_FILE)]) == 0
    real_db = home / "coach.db"
    before = dump(real_db)
    capsys.readouterr()

    code = main(["--demo", "steps"])
    out, err = capsys.readouterr()

    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].startswith((TODAY - timedelta(days=120)).isoformat())
    assert lines[120].startswith((TODAY - timedelta(days=1)).isoformat())
    assert lines[121] == "120 days, goal met on " + lines[121].split()[-1]
    assert dump(real_db) == before


def test_the_seed_holds_steps_journal_and_one_review(home):
    settings = demo_settings(home)
    demo.ensure_demo_data(settings, today=TODAY)
    conn = connect(settings.paths.db_file)
    try:
        days = load_days(conn)
        assert len(days) == 120
        assert days[0].date == (TODAY - timedelta(days=120)).isoformat()
        assert days[-1].date == (TODAY - timedelta(days=1)).isoformat()
        assert all(0 < d.steps < 30_000 and d.goal in (8_000, 10_000) for d in days)
        assert all(d.distance_m is not None and d.distance_m > 0 for d in days)

        entries = journal.list_entries(conn)
        assert 4 <= len(entries) <= 8
        assert {e.source for e in entries} == {"user", "review"}

        (review,) = saved_reviews(conn)
        assert re.fullmatch(r"week:\d{4}-W\d{2}", review.period_key)
        assert review.period_end < TODAY.isoformat()
        # Its lines are tagged with its key, so saving it again reflects nothing.
        assert journal.has_event(conn, "review", review.period_key)
        assert sum(1 for e in entries if e.source_key == review.period_key) == 2
    finally:
        conn.close()


def test_review_numbers_are_the_stored_numbers(home):
    settings = demo_settings(home)
    demo.ensure_demo_data(settings, today=TODAY)
    conn = connect(settings.paths.db_file)
    try:
        (review,) = saved_reviews(conn)
        week = load_days(conn, date.fromisoformat(review.period_start),
                         date.fromisoformat(review.period_end))
    finally:
        conn.close()
    average = round(sum(d.steps for d in week) / 7)
    best = max(week, key=lambda d: d.steps)
    assert f"average of {average:,} a day" in review.text
    assert f"({best.steps:,} steps)" in review.text
    assert "{" not in review.text and "}" not in review.text


def test_the_same_day_gives_the_same_demo(tmp_path, monkeypatch):
    dumps = []
    for name in ("a", "b"):
        monkeypatch.setenv("COACH_TUI_HOME", str(tmp_path / name))
        settings = load_settings(resolve_paths().demo())
        demo.ensure_demo_data(settings, today=TODAY)
        dumps.append(dump(settings.paths.db_file))
    assert dumps[0] == dumps[1]


@pytest.mark.parametrize("offset", range(0, 8))
def test_the_streak_is_live_whatever_the_day(offset):
    today = TODAY + timedelta(days=offset * 53)   # every weekday, across months and years
    days = demo.demo_days(today)
    assert days[-1].date == (today - timedelta(days=1)).isoformat()
    conn = connect(":memory:")
    try:
        from coach_tui.store.steps import upsert_days

        upsert_days(conn, days, source="demo")
        facts = current_facts(conn, today, 10_000)
    finally:
        conn.close()
    yesterday = (today - timedelta(days=1)).isoformat()
    assert facts[0] == f"step goal streak: 14 days (through {yesterday})"
    review = demo.demo_review(today, days, 10_000)
    assert "A full week at goal: 7 of 7 days" in review.text


def test_a_later_day_re_dates_the_demo_and_keeps_what_the_user_added(home):
    settings = demo_settings(home)
    demo.ensure_demo_data(settings, today=TODAY)
    conn = connect(settings.paths.db_file)
    mine = journal.save_entry(conn, "My own demo line.", source="user", entry_date="2026-11-30")
    conn.close()

    later = TODAY + timedelta(days=9)
    demo.ensure_demo_data(settings, today=later)

    conn = connect(settings.paths.db_file)
    try:
        days = load_days(conn)
        assert len(days) == 120 and days[-1].date == (later - timedelta(days=1)).isoformat()
        facts = current_facts(conn, later, settings.default_step_goal)
        assert facts[0].startswith("step goal streak: 14 days")
        (review,) = saved_reviews(conn)
        assert review.period_end == (later - timedelta(days=later.weekday() + 1)).isoformat()
        texts = [e.text for e in journal.list_entries(conn)]
        assert len(texts) == len(set(texts)) == 7 and journal.get_entry(conn, mine) is not None
        events = conn.execute("SELECT source_key FROM journal_events").fetchall()
        assert (review.period_key,) in events
    finally:
        conn.close()


def test_opening_again_the_same_day_writes_nothing(home, monkeypatch):
    settings = demo_settings(home)
    demo.ensure_demo_data(settings, today=TODAY)

    def boom(*args, **kwargs):
        raise AssertionError("seeded twice on one day")

    monkeypatch.setattr(demo, "_seed", boom)
    demo.ensure_demo_data(settings, today=TODAY)


def test_seeding_refuses_a_real_home(home):
    with pytest.raises(ValueError, match="outside a demo folder"):
        demo.ensure_demo_data(load_settings(resolve_paths()), today=TODAY)
    assert not (home / "coach.db").exists()


def test_demo_facts_and_journal_commands(home, capsys):
    assert main(["--demo", "facts"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "step goal streak: 14 days (through 2026-11-29)"
    assert main(["--demo", "journal", "list"]) == 0
    assert "concrete plan" in capsys.readouterr().out


def test_the_garmin_api_refuses_the_demo_home(home):
    from coach_tui.garmin import login, sync
    from coach_tui.garmin.errors import GarminError

    settings = demo_settings(home)
    for call in (lambda: sync.sync_steps(settings),
                 lambda: login.start_login(settings, "a@b.c", "pw")):
        with pytest.raises(GarminError) as refused:
            call()
        assert refused.value.kind == "config" and "without --demo" in refused.value.message
    assert not (home / "demo" / "garmin").exists()
    # The real home is not mistaken for the demo.
    assert not resolve_paths().is_demo
