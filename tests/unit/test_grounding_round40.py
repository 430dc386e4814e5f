"""Round 40's rules (the seventeenth session). First a crash: a table with a line of a lone
"|" in its body (a model's stray bar, or a row it began and left) made every check of that
reply raise, so the app's turn lost the reading of the whole reply. Such a line is a row with
nothing in it: the table's other rows are read as before."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request

# request 15: Tuesday 1 December; Monday walked 9,237
_TABLE = "| Day | Steps |\n|---|---|\n|\n| Mon | {mon} |\n| \n"


@pytest.mark.parametrize("mon, outcome", [("9,237", "quoted"), ("9,400", "unsupported")])
def test_a_lone_bar_in_a_table_is_an_empty_row(mon, outcome):
    assert mention(_TABLE.format(mon=mon), 15, mon).outcome == outcome


def test_a_table_of_lone_bars_reads_nothing_and_raises_nothing():
    assert check("| Day | Steps |\n|---|---|\n|\n|\n", request(15)) == []
