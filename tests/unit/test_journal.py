import sqlite3
import threading

import pytest

from coach_tui.memory import connect, has_event, reflect_on_artifact, save_entry
from coach_tui.memory.journal import (
    clean_line,
    delete_entry,
    deletion_count,
    export_markdown,
    list_entries,
)


@pytest.fixture
def conn():
    c = connect(":memory:")
    yield c
    c.close()


def test_one_hundred_inserts_keep_the_newest_sixty(conn):
    for i in range(100):
        save_entry(conn, f"line {i}", source="review", source_key=f"k{i}")
    texts = [e.text for e in list_entries(conn)]
    assert len(texts) == 60
    assert texts[0] == "line 99" and texts[-1] == "line 40"


def test_a_long_line_is_stored_as_240_characters(conn):
    save_entry(conn, "x" * 300, source="user")
    (entry,) = list_entries(conn)
    assert len(entry.text) == 240


def test_a_line_is_one_line_without_control_characters_or_memory_prefix(conn):
    save_entry(conn, "MEMORY:  Runs\nbetter\tin the\x1b[31m morning\r\n", source="user")
    (entry,) = list_entries(conn)
    assert entry.text == "Runs better in the [31m morning"


def test_markup_is_stored_as_typed(conn):
    save_entry(conn, "[bold]not bold[/bold] and [link=x]y[/link]", source="user")
    assert list_entries(conn)[0].text == "[bold]not bold[/bold] and [link=x]y[/link]"


def test_the_same_text_is_not_stored_twice(conn):
    assert save_entry(conn, "Hates treadmills.", source="user") is not None
    assert save_entry(conn, "  Hates   treadmills. ", source="user") is None
    assert len(list_entries(conn)) == 1


def test_pruning_takes_machine_lines_before_the_users(conn):
    save_entry(conn, "mine, written first", source="user")
    for i in range(5):
        save_entry(conn, f"machine {i}", source="review", source_key=f"k{i}", cap=3)
    texts = {e.text for e in list_entries(conn)}
    assert texts == {"mine, written first", "machine 3", "machine 4"}


@pytest.mark.parametrize("text", ["", "   ", "\n\t", "MEMORY:", "MEMORY:   "])
def test_an_empty_line_is_refused(conn, text):
    with pytest.raises(ValueError, match="needs some text"):
        save_entry(conn, text, source="user")
    assert list_entries(conn) == []


@pytest.mark.parametrize("kwargs", [{"cap": 0}, {"seq": 0}, {"max_chars": 0}])
def test_explicit_zeros_are_rejected_not_replaced_by_defaults(conn, kwargs):
    with pytest.raises(ValueError):
        save_entry(conn, "a line", source="user", **kwargs)
    assert list_entries(conn) == []


def test_list_limit_zero_is_honoured(conn):
    save_entry(conn, "a line", source="user")
    assert list_entries(conn, limit=0) == []
    with pytest.raises(ValueError):
        list_entries(conn, limit=-1)


def test_the_partial_unique_index_refuses_a_second_write_of_one_event(conn):
    save_entry(conn, "first", source="review", source_key="week:2026-W48", seq=1)
    with pytest.raises(sqlite3.IntegrityError):
        save_entry(conn, "second", source="review", source_key="week:2026-W48", seq=1)
    # user lines have no key and are exempt
    save_entry(conn, "one", source="user")
    save_entry(conn, "two", source="user")
    assert len(list_entries(conn)) == 3


def test_delete_removes_the_row_and_counts_the_deletion(conn):
    entry_id = save_entry(conn, "to go", source="user")
    assert deletion_count(conn) == 0
    assert delete_entry(conn, entry_id) is True
    assert delete_entry(conn, entry_id) is False
    assert list_entries(conn) == [] and deletion_count(conn) == 1


def test_export_is_markdown_grouped_by_day(conn):
    save_entry(conn, "Blamed the *heat* again", source="review", source_key="week:2026-W47",
               entry_date="2026-11-23")
    save_entry(conn, "Prefers trails", source="user", entry_date="2026-11-29")
    text = export_markdown(list_entries(conn), exported_on="2026-11-30")
    assert text.splitlines()[:7] == [
        "# Coach journal",
        "",
        "Exported 2026-11-30. 2 lines.",
        "",
        "## 2026-11-29",
        "",
        "- Prefers trails _(you)_",
    ]
    assert "- Blamed the \\*heat\\* again _(review week:2026-W47)_" in text


def test_clean_line_rejects_a_zero_budget():
    with pytest.raises(ValueError):
        clean_line("text", max_chars=0)


# --- reflection -------------------------------------------------------------------------


class CountingModel:
    def __init__(self, reply):
        self.reply = reply
        self.calls = 0

    def __call__(self, prompt):
        self.calls += 1
        return self.reply


def test_reflection_writes_at_most_two_lines(conn):
    model = CountingModel("MEMORY: one\nMEMORY: two\nMEMORY: three\nnoise")
    ids = reflect_on_artifact(conn, "review text", source="review", source_key="k", generate=model)
    assert len(ids) == 2
    assert [e.text for e in list_entries(conn)] == ["two", "one"]


def test_none_writes_nothing_and_is_not_asked_again(conn):
    model = CountingModel("NONE")
    assert reflect_on_artifact(conn, "r", source="review", source_key="k", generate=model) == []
    assert list_entries(conn) == [] and has_event(conn, "review", "k")
    reflect_on_artifact(conn, "r", source="review", source_key="k", generate=model)
    assert model.calls == 1


def test_a_second_reflection_on_one_event_calls_no_model_and_writes_nothing(conn):
    reflect_on_artifact(conn, "r", source="review", source_key="k",
                        generate=CountingModel("MEMORY: a line"))
    again = CountingModel("MEMORY: another line")
    assert reflect_on_artifact(conn, "r", source="review", source_key="k", generate=again) == []
    assert again.calls == 0
    assert [e.text for e in list_entries(conn)] == ["a line"]


def test_a_raising_model_call_writes_nothing_and_raises_nothing(conn, caplog):
    def broken(prompt):
        raise ConnectionError("model unreachable")

    assert reflect_on_artifact(conn, "r", source="review", source_key="k", generate=broken) == []
    assert list_entries(conn) == []
    assert not has_event(conn, "review", "k")  # a later save may try again
    assert "reflection on review k failed" in caplog.text


def test_two_threads_reflecting_on_one_event_store_one_set(tmp_path):
    db = tmp_path / "race.db"
    connect(db).close()
    barrier = threading.Barrier(2)

    def slow_model(prompt):
        barrier.wait(timeout=5)  # both threads are past has_event before either writes
        return f"MEMORY: from {threading.current_thread().name}\nMEMORY: second line"

    def worker():
        c = connect(db)
        try:
            reflect_on_artifact(c, "r", source="review", source_key="week:2026-W48",
                                generate=slow_model)
        finally:
            c.close()

    threads = [threading.Thread(target=worker, name=f"t{i}") for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    c = connect(db)
    rows = c.execute("SELECT seq, text FROM journal ORDER BY seq").fetchall()
    assert len(rows) == 2 and rows[1] == (2, "second line")
