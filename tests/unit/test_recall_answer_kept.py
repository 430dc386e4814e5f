"""A recalled exchange quotes its matching sentence whole when it is a sentence of ordinary
length: cut at 80 characters, "...down by the harbour in ..." lost the place asked about. The
phrasings are this file's own."""

from coach_tui.store import connect
from tests.unit.test_recall_memories import exchange, recall


def test_a_matching_sentence_of_ordinary_length_is_quoted_to_its_end():
    conn = connect(":memory:")
    exchange(conn, "2026-11-10", "Quick gear update. The new trail shoes came from the little "
             "running shop down by the harbour in Whitby.", "Lovely find. Break them in on "
             "short easy runs first, and keep the old pair for wet days.")
    exchange(conn, "2026-11-12", "Rain all day so no run.", "Fine, rest counts too.")
    line = recall(conn, "Where did the new trail shoes come from?").text.splitlines()[-1]
    assert "down by the harbour in Whitby.\"" in line
    assert "Quick gear update" not in line      # (the sentence that does not match stays out)
