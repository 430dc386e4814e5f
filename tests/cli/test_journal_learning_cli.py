"""`journal add` past the cap names the coach line it removed; `journal list` marks updates."""

from coach_tui.config import load_settings
from coach_tui.memory.journal import save_entry
from coach_tui.memory.reflect import reflect_on_artifact
from coach_tui.store import connect


def test_add_past_the_cap_names_the_coach_line_it_removed_in_its_confirmation(
        clock, cli, coach_home):
    clock.set("2026-11-30T08:00")
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "config.toml").write_text("[memory]\njournal_cap = 2\n")
    conn = connect(load_settings().paths.db_file)
    save_entry(conn, "Walks at lunch", source="review", source_key="week:2026-W46",
               entry_date="2026-11-16")
    conn.close()
    assert cli("journal", "add", "Prefers trails")[0] == 0
    code, out, err = cli("journal", "add", "Runs before work")
    assert code == 0 and err == ""
    assert out == ("added line 3; the journal holds 2 lines, so the coach's line 1 "
                   "(2026-11-16: Walks at lunch) was removed; the coach sees it from the next "
                   "session\n")


def test_a_near_duplicate_says_which_line_already_holds_it(cli):
    cli("journal", "add", "Prefers trails to roads.")
    code, out, err = cli("journal", "add", "prefers", "trails,", "to", "ROADS")
    assert code == 0 and out == ""
    assert err == ("that line is already in the journal (line 1: Prefers trails to roads.); "
                   "nothing added\n")


def test_list_marks_a_line_reflection_updated(clock, cli):
    clock.set("2026-11-30T08:00")
    conn = connect(load_settings().paths.db_file)
    old = save_entry(conn, "Walks at lunch", source="review", source_key="week:2026-W46",
                     entry_date="2026-11-16")
    reflect_on_artifact(conn, "r", source="review", source_key="week:2026-W48",
                        entry_date="2026-11-30",
                        generate=lambda prompt: f"REPLACE {old}: Walks at lunch on office days")
    conn.close()
    cli("journal", "add", "Prefers trails")
    code, out, _ = cli("journal", "list")
    assert out.splitlines() == [
        "3  2026-11-30  you            Prefers trails",
        "2  2026-11-30  review updated Walks at lunch on office days",
    ]


def test_review_save_says_which_lines_are_new_and_which_updated(api, cli, conn):
    from tests.engine_support import seed_steps

    seed_steps(conn, goal=10_000)
    old = save_entry(conn, "Thursday walks help", source="review", source_key="week:2026-W46",
                     entry_date="2026-11-16")
    api.queue_reply("A steady week: you met your goal on most days. Keep Thursday walks.")
    api.queue_reply(f"REPLACE {old}: Thursday walks keep the whole week on track\n"
                    "MEMORY: Answers a concrete plan better than a target")
    code, _, err = cli("review", "--save")
    assert code == 0, err
    assert err.splitlines()[1].endswith("; 1 new journal line, 1 journal line updated")
    system = api.requests[-1]["system"]
    assert f"[{old}] 2026-11-16, coach: Thursday walks help" in system[-1]["text"]
