"""The memory design's scratch scenario, replayed against coach_tui.memory.

The expected text is the output the design document prints; our code must reproduce it line
for line: stable renders, a streak of 2 (today's partial count ignored) and a review that
never sees its own journal line.
"""

import hashlib
import io
from contextlib import redirect_stdout

from coach_tui.memory import (
    connect,
    has_event,
    memory_block,
    reflect_on_artifact,
    save_entry,
    streak_as_of_yesterday,
)

EXPECTED = """\
stable: True
--- prompt for run-421 (its own line excluded):
MEMORY (code-derived facts and journal lines):
Cite ONLY facts listed below, with their counts and dates.
If this section is empty, make no callbacks to past events.
- step goal streak: 2 days (through 2026-07-24)
--- prompt for every other surface:
MEMORY (code-derived facts and journal lines):
Cite ONLY facts listed below, with their counts and dates.
If this section is empty, make no callbacks to past events.
- step goal streak: 2 days (through 2026-07-24)
- 2026-07-25: Second missed interval day this month.
"""


def scratch_scenario() -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        conn = connect(":memory:")
        steps = {"2026-07-23": 10500, "2026-07-24": 11200, "2026-07-25": 3100}
        streak = streak_as_of_yesterday(steps, 10000, "2026-07-25")
        facts = [f"step goal streak: {streak['streak_days']} days (through {streak['through']})"]

        first = memory_block(conn, facts).text
        second = memory_block(conn, facts).text
        digest = lambda s: hashlib.sha256(s.encode()).hexdigest()  # noqa: E731
        print("stable:", digest(first) == digest(second))

        reflect_on_artifact(
            conn,
            "Missed the interval session again.",
            source="review",
            source_key="run-421",
            generate=lambda prompt: "MEMORY: Second missed interval day this month.",
            entry_date="2026-07-25",
        )
        print("--- prompt for run-421 (its own line excluded):")
        print(memory_block(conn, facts, exclude_source_key=("review", "run-421")).text)
        print("--- prompt for every other surface:")
        print(memory_block(conn, facts).text)
    return out.getvalue()


def test_scratch_scenario_prints_what_the_design_shows():
    assert scratch_scenario().splitlines() == EXPECTED.splitlines()


def test_seed_functions_keep_the_seed_signatures():
    conn = connect(":memory:")
    entry_id = save_entry(conn, "Likes early runs.", source="chat")
    assert entry_id is not None
    assert has_event(conn, "review", "week:2026-W30") is False
    save_entry(conn, "Skipped the long run.", source="review", source_key="week:2026-W30")
    assert has_event(conn, "review", "week:2026-W30") is True
