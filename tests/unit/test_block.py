import pytest

from coach_tui.memory import HEADER, connect, memory_block, save_entry


@pytest.fixture
def conn():
    return connect(":memory:")


def test_nothing_to_say_renders_empty(conn):
    assert memory_block(conn, []).text == ""


def test_newest_twenty_journal_lines_newest_first(conn):
    for i in range(25):
        save_entry(conn, f"note {i:02d}", source="user", entry_date="2026-11-01")
    block = memory_block(conn, ["fact"]).text
    lines = block.removeprefix(HEADER).splitlines()
    assert lines[0] == "- fact"
    assert lines[1] == "- 2026-11-01: note 24" and lines[-1] == "- 2026-11-01: note 05"
    assert len(lines) == 21


def test_exclusion_still_fills_twenty_lines(conn):
    for i in range(22):
        save_entry(conn, f"note {i}", source="user")
    save_entry(conn, "own line", source="review", source_key="week:2026-W48")
    block = memory_block(conn, [], exclude_source_key=("review", "week:2026-W48")).text
    assert "own line" not in block
    assert len(block.removeprefix(HEADER).splitlines()) == 20


def test_budget_cuts_at_a_line_boundary(conn):
    facts = [f"fact number {i}" for i in range(10)]
    full = memory_block(conn, facts).text
    cut = memory_block(conn, facts, max_chars=len(HEADER) + 40).text
    assert full.startswith(cut) and len(cut) <= len(HEADER) + 40
    assert cut.endswith("- fact number 1") or cut.endswith("- fact number 2")


@pytest.mark.parametrize("budget", [0, 10, len(HEADER)])
def test_a_budget_too_small_for_one_line_renders_nothing(conn, budget):
    assert memory_block(conn, ["a fact"], max_chars=budget).text == ""


def test_negative_budget_is_rejected(conn):
    with pytest.raises(ValueError):
        memory_block(conn, ["a fact"], max_chars=-1)


def test_the_block_names_the_journal_lines_that_made_the_cut(conn):
    ids = [save_entry(conn, f"note {i}", source="user", entry_date="2026-11-01") for i in range(3)]
    full = memory_block(conn, ["a fact"])
    assert full.entry_ids == tuple(reversed(ids))             # newest first, as rendered
    cut = memory_block(conn, ["a fact"], max_chars=len(full.text) - 1)
    assert cut.entry_ids == (ids[2], ids[1]) and "note 0" not in cut.text
    assert memory_block(conn, ["a fact"], max_chars=len(HEADER) + 8).entry_ids == ()
