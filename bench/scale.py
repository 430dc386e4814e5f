"""Does coach-tui stay quick after years of use? A large home against a small one, one run.

Builds two homes in temporary folders, in bulk (one transaction each, executemany):

    large: 10 years of days, 20,104 turns in 200 sessions (one of them 500 exchanges),
           500 saved reviews, the journal at its cap of 60 lines
    small: a year of days (what the first sync fetches), 1,000 turns in one 500-exchange
           session, 2 saved reviews, 6 journal lines

and times, in each: recall for a set of everyday messages (p50 and p99 over every call),
`facts`, opening a session (rendering and storing its snapshot), and drawing a resumed
500-exchange session in the app (headless, until the frame after it is mounted; with the CPU
time this process spent on it, which other programs on the machine do not inflate). Prints both
and the large/small ratio. Targets: recall p99 <= 10 ms on the large home, the resumed session
drawn in <= 300 ms, every other ratio <= 1.3.

    python bench/scale.py [--rounds N] [--recall-only] [--json]

`--json` prints, last, one line of JSON with every figure of both homes (bench/table.py
reads it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

NOW = datetime(2026, 11, 30, 9, 15)
TODAY = NOW.date()
MESSAGES = [
    "How did yesterday go?",
    "My knee was sore on the hills again, should I skip them?",
    "What about walking at lunch instead of after work?",
    "How was last week overall compared with October?",
    "Remind me what we said about podcasts on long walks",
    "The weather looks bad this week, indoor ideas?",
    "I keep missing Thursdays, why do you think that is?",
    "Any tips for staying motivated in winter with the dog?",
    "How have my walks been since the trip, and what about Nov 13?",
    "Was October my best month? Compare it with the week before last",
]
# Words the stored chats are made of: common enough that a message matches thousands of turns
# (the same sentences as recall_homes.py's large home).
from bench.recall_homes import FILLER as SENTENCES  # noqa: E402
from bench.recall_homes import settle_index  # noqa: E402


def build_home(folder: Path, *, days: int, sessions: int, turns_per_session: int,
               reviews: int, journal_lines: int) -> int:
    """Fill `folder` as a coach-tui home; returns the id of the 500-exchange session."""
    os.environ["COACH_TUI_HOME"] = str(folder)
    from coach_tui.coach.session import CoachSession
    from coach_tui.config import load_settings
    from coach_tui.store import connect, transaction

    settings = load_settings()
    conn = connect(settings.paths.db_file)
    with transaction(conn):
        conn.executemany(
            "INSERT INTO daily_steps (date, steps, goal, source, synced_at) "
            "VALUES (?, ?, 10000, 'bench', '2026-11-30T08:00:00')",
            [((TODAY - timedelta(days=i)).isoformat(), 4_000 + (i * 1_337) % 9_000)
             for i in range(days, -1, -1)])
        conn.executemany(
            "INSERT INTO journal (created_at, entry_date, source, source_key, seq, text) "
            "VALUES ('2026-11-01T10:00:00', ?, 'user', NULL, 1, ?)",
            [((TODAY - timedelta(days=i)).isoformat(), f"{SENTENCES[i % 6]} (note {i})")
             for i in range(journal_lines)])
        conn.executemany(
            "INSERT INTO reviews (period_key, period_start, period_end, created_at, model, text) "
            "VALUES (?, ?, ?, ?, 'bench', ?)",
            [(f"week:{i}", (TODAY - timedelta(weeks=i + 1)).isoformat(),
              (TODAY - timedelta(weeks=i, days=1)).isoformat(),
              (TODAY - timedelta(weeks=i)).isoformat() + "T09:00:00",
              " ".join(SENTENCES[(i + k) % 6] for k in range(4))) for i in range(reviews)])
    session_ids = [CoachSession.new(conn, settings, now=NOW - timedelta(days=sessions - s)
                                    ).session_id for s in range(sessions)]
    long_id = session_ids[-1]
    with transaction(conn):
        for sid in session_ids:
            count = 1_000 if sid == long_id else turns_per_session
            day = conn.execute("SELECT substr(created_at, 1, 10) FROM sessions "
                               "WHERE session_id = ?", (sid,)).fetchone()[0]
            for k in range(0, count, 2):
                stamp = f"{day}T10:{(k // 2) % 60:02d}:00"
                uid = conn.execute(
                    "INSERT INTO turns (session_id, role, created_at, text, status, memory_on) "
                    "VALUES (?, 'user', ?, ?, 'ok', 1)",
                    (sid, stamp, f"{SENTENCES[k % 6]} What do you think? ({k})")).lastrowid
                conn.execute(
                    "INSERT INTO turns (session_id, role, created_at, text, status, response_id, "
                    "model, input_tokens, cache_creation_tokens, cache_read_tokens, "
                    "output_tokens, cost_usd, reply_to, memory_on) VALUES (?, 'assistant', ?, ?, "
                    "'ok', ?, 'claude-sonnet-5-5', 10, 100, 2000, 80, 0.001, ?, 1)",
                    (sid, stamp, f"{SENTENCES[(k + 3) % 6]}\n\n- keep it up\n- {k}",
                     f"msg_{sid}_{k}", uid))
    settle_index(conn)
    conn.close()
    return long_id


def timed(fn, rounds: int, cpu: list[float] | None = None) -> list[float]:
    """Wall times of `rounds` calls (ms); this process's CPU time over each appended to `cpu`
    (what the call itself did: on a shared machine the wall time also holds the waits for a
    core)."""
    out = []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        out.append((time.perf_counter() - start) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - start_cpu) * 1000)
    return out


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def measure(homes: dict[str, tuple[Path, int]], rounds: int,
            recall_only: bool = False) -> dict[str, dict[str, float]]:
    """Every figure for every home (`recall_only`: recall's alone). The quick figures
    alternate between the homes round by round, so a change in the machine's load falls on
    both sides of a ratio alike."""
    from coach_tui.coach.session import CoachSession
    from coach_tui.coach.warmup import warm_recall
    from coach_tui.config import load_settings
    from coach_tui.memory.recall import build_recall
    from coach_tui.memory.snapshot import current_facts
    from coach_tui.store import connect

    opened = {}
    for name, (folder, long_id) in homes.items():
        os.environ["COACH_TUI_HOME"] = str(folder)
        settings = load_settings()
        conn = connect(settings.paths.db_file)
        opened[name] = (settings, conn, CoachSession.resume(conn, settings, long_id))

    def recall_once(settings, conn, session, text):
        # A turn's recall with the app's settings, for a session whose snapshot is today's
        # (one from an earlier day also lists the days since it: ~3 ms more, not counted here
        # nor before).
        build_recall(conn, text, now=NOW, default_goal=10_000,
                     max_chars=settings.recall_max_chars,
                     max_tokens=settings.recall_max_tokens, date_order=settings.date_order,
                     session_id=session.session_id,
                     snapshot_entry_ids=session.snapshot_entry_ids,
                     journal_watermark=session.journal_watermark)

    # The app builds recall's word lists and patterns after its first frame (warmup.py),
    # before the first message needs them.
    warm_recall()
    samples: dict[str, dict[str, list[float]]] = {
        name: {"recall": [], "recall cpu": [], "facts": [], "open": []} for name in homes}
    for _ in range(rounds):
        for name, (settings, conn, session) in opened.items():
            for text in MESSAGES:
                samples[name]["recall"] += timed(
                    lambda s=settings, c=conn, x=session, t=text: recall_once(s, c, x, t), 1,
                    samples[name]["recall cpu"])
            if recall_only:
                continue
            samples[name]["facts"] += timed(lambda c=conn: current_facts(c, TODAY, 10_000), 4)
            samples[name]["open"] += timed(
                lambda c=conn, s=settings: CoachSession.new(c, s, now=NOW), 2)
    results = {}
    for name, (_, conn, _) in opened.items():
        conn.close()
        got = samples[name]
        results[name] = {
            "recall p50 ms": statistics.median(got["recall"]),
            "recall p99 ms": p99(got["recall"]),
            "recall CPU p50 ms": statistics.median(got["recall cpu"]),
            "recall CPU p99 ms": p99(got["recall cpu"]),
        }
        if not recall_only:
            results[name]["facts ms"] = statistics.median(got["facts"])
            results[name]["open a session ms"] = statistics.median(got["open"])
    for name, (folder, long_id) in homes.items():
        if recall_only:
            break
        os.environ["COACH_TUI_HOME"] = str(folder)
        wall, cpu = asyncio.run(draw_times(long_id, max(5, rounds // 3)))
        results[name]["draw 500 exchanges ms"] = statistics.median(wall)
        results[name]["  of it this process ms"] = statistics.median(cpu)
    return results


async def draw_times(long_id: int, runs: int) -> tuple[list[float], list[float]]:
    """Resume the long session in the real app, headless, until the next frame is drawn: wall
    times, and this process's CPU time over the same spans (what the app itself did; on a
    shared machine the wall time also holds the waits for a core)."""
    from coach_tui.context import Context
    from coach_tui.ui.app import CoachApp
    from coach_tui.ui.widgets.history import HistoryView

    os.environ["COACH_TUI_NOW"] = NOW.isoformat(timespec="minutes")
    times, cpu = [], []
    ctx = Context()
    try:
        app = CoachApp(ctx)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.2)
            screen = app.screen
            for _ in range(runs):
                await screen.action_new_session()
                await pilot.pause(0.05)
                start, start_cpu = time.perf_counter(), time.process_time()
                await screen._resume_chosen(long_id)
                await pilot.pause()
                assert screen.query(HistoryView), "the session was not drawn"
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - start_cpu) * 1000)
    finally:
        ctx.close()
    return times, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=25, help="repetitions per figure")
    parser.add_argument("--recall-only", action="store_true",
                        help="time recall alone (p50 and p99, wall and CPU)")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one line of JSON, last")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    os.environ.pop("COACH_MEMORY", None)
    with tempfile.TemporaryDirectory() as root:
        homes = {}
        for name, shape in (
            ("large", dict(days=3_650, sessions=200, turns_per_session=96, reviews=500,
                           journal_lines=60)),
            ("small", dict(days=365, sessions=1, turns_per_session=0, reviews=2,
                           journal_lines=6)),
        ):
            start = time.perf_counter()
            folder = Path(root) / name
            long_id = build_home(folder, **shape)
            homes[name] = (folder, long_id)
            print(f"built the {name} home in {time.perf_counter() - start:.1f} s", file=sys.stderr)
        results = measure(homes, args.rounds, args.recall_only)
    large, small = results["large"], results["small"]
    print(f"{'figure':<24} {'large':>8} {'small':>8} {'ratio':>7}")
    for key in large:
        print(f"{key:<24} {large[key]:>8.2f} {small[key]:>8.2f} {large[key] / small[key]:>6.2f}x")
    if args.json:
        print(json.dumps({"rounds": args.rounds, **{
            f"{name} {key.strip()}": value for name, figures in results.items()
            for key, value in figures.items()}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
