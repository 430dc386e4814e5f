"""Numbers in a reply's markdown tables: each cell read with its row's anchor (the day or
stretch its first cell names) and its column's header, a wrong cell still warned."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check, evidence_of
from coach_tui.coach.grounding.tables import anchor_cells, grids, table_days
from tests.support import WEEK_48_DAYS

REQUEST = """Now: Tuesday 2026-12-01, 20:15. Today so far: 13,311 steps of a 10,000 goal \
(partial: the day is not over).
""" + WEEK_48_DAYS + """- Mon 2026-11-30: 9,237 steps, goal 10,000, not met
"""

NINE_DAYS = """Your last nine days, oldest first:

| Day | Steps |
|:--|--:|
| Mon | {mon1} |
| Tue | 8,963 |
| Wed | 12,028 |
| Thu | 7,651 |
| Fri | 10,269 |
| Sat | 9,717 |
| Sun | 11,470 |
| Mon | {mon2} |
| Tue | 13,311 |
"""


def outcomes(reply: str) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, REQUEST)}


def test_a_weekday_column_over_more_than_a_week_runs_in_the_table_order():
    got = outcomes(NINE_DAYS.format(mon1="9,231", mon2="9,237"))
    assert got["9,231"] == got["9,237"] == "quoted"
    # the two Mondays' values swapped: each is the other Monday's, so both are warned
    swapped = outcomes(NINE_DAYS.format(mon1="9,237", mon2="9,231"))
    assert swapped["9,231"] == swapped["9,237"] == "unsupported"


def test_a_weekday_column_newest_first_runs_back_in_time():
    reply = ("| When | Walked |\n|---|---|\n| Tuesday | 13,311 |\n| Monday | 9,237 |\n"
             "| Sunday | 11,470 |\n| Saturday | 9,717 |\n")
    assert set(outcomes(reply).values()) == {"quoted"}
    ev = evidence_of(REQUEST)
    cells = [(s, e, frozenset()) for rows in anchor_cells(reply) for s, e in rows]
    days = [next(iter(d)).day for _, _, d in table_days(reply, cells, ev)]
    assert days == [1, 30, 29, 28]


@pytest.mark.parametrize("anchor", ["29/11", "11/29", "29.11.2026"])
def test_a_numeric_date_in_the_first_cell_is_that_stated_day(anchor):
    reply = f"| Date | Steps |\n|-|-|\n| {anchor} | 11,470 |\n| 30/11 | 9,237 |\n"
    assert "unsupported" not in outcomes(reply).values()


def test_a_numeric_date_the_request_does_not_state_stays_warned():
    reply = "| Date | Steps |\n|-|-|\n| 14/10 | 11,470 |\n| 30/11 | 9,237 |\n"
    assert outcomes(reply)["14/10"] == "unsupported"  # the date, read whole


def test_a_column_per_day_binds_each_cell_to_its_column_day():
    table = "| | Sat 28 | Sun 29 | Mon 30 |\n|---|--:|--:|--:|\n| Steps | {} | {} | {} |\n"
    assert "unsupported" not in outcomes(table.format("9,717", "11,470", "9,237")).values()
    swapped = outcomes(table.format("11,470", "9,717", "9,237"))
    assert swapped["11,470"] == swapped["9,717"] == "unsupported"
    assert swapped["9,237"] == "quoted"


def test_a_days_at_goal_cell_written_with_a_slash_reads_as_so_many_of():
    table = ("| Stretch | Steps | Days at goal |\n|---|---:|:-:|\n"
             "| Thu–Sun | 39,107 | {} / 4 |\n")
    assert outcomes(table.format("2"))["4"] != "unsupported"
    assert outcomes(table.format("2"))["2"] != "unsupported"
    assert outcomes(table.format("3"))["3"] == "unsupported"


def test_grids_read_the_header_and_each_rows_cells():
    reply = "Intro.\n\n| **Day** | Steps |\n| :- | -: |\n| Mon 30 | 9,237 |\nAfter.\n"
    ((header, rows),) = grids(reply)
    assert header == ("Day", "Steps")  # (tuples: read once a reply and shared)
    assert [reply[a:b].strip() for a, b in rows[0]] == ["Mon 30", "9,237"]
    assert grids("| a | b |\nno separator\n") == ()


GOAL_DAYS = """The days you cleared 10k:

| Day | Steps | Above goal |
|---|---:|---:|
| Wednesday 25th | 12,028 | +2,028 |
| Friday 27th | 10,269 | +269 |
| Sunday 29th | 11,470 | +1,470 |
| **Sum** | **{total}** | **{over}** |
| Mean | {mean} | |
"""


def test_total_and_average_rows_are_worked_out_over_the_rows_above():
    got = {m.text: m for m in check(GOAL_DAYS.format(total="33,767", over="+3,767",
                                                       mean="11,256"), REQUEST)}
    assert got["33,767"].outcome == got["3,767"].outcome == got["11,256"].outcome \
        == "computed"
    assert got["33,767"].source == "12,028 + 10,269 + 11,470 = 33,767 (the rows above)"


def test_a_wrong_total_or_average_row_stays_warned():
    got = outcomes(GOAL_DAYS.format(total="33,967", over="+3,967", mean="11,322"))
    assert got["33,967"] == got["3,967"] == got["11,322"] == "unsupported"


@pytest.mark.parametrize("net, expected", [("+1,135", "computed"), ("+1,335", "unsupported"),
                                           ("−1,135", "unsupported")])
def test_a_total_row_over_gains_and_shortfalls_keeps_their_signs(net, expected):
    reply = ("| Day | vs goal |\n|---|---:|\n| Thu 26 | −2,349 |\n| Fri 27 | +269 |\n"
             f"| Sat 28 | −283 |\n| Sun 29 | +1,470 |\n| Wed 25 | +2,028 |\n| Net | {net} |\n")
    assert outcomes(reply)[net.lstrip("+−")] == expected


@pytest.mark.parametrize("table", [
    "| Nov | Steps |\n|---|---:|\n| 28 | {} |\n| 29 | {} |\n",
    "| Date | Steps |\n|---|---:|\n| 28/11 | {} |\n| 29/11 | {} |\n",
])
def test_a_day_of_the_month_anchor_binds_its_row(table):
    assert set(outcomes(table.format("9,717", "11,470")).values()) == {"quoted"}
    swapped = outcomes(table.format("11,470", "9,717"))
    assert swapped["11,470"] == swapped["9,717"] == "unsupported"


@pytest.mark.parametrize("first, expected", [("31.9%", "computed"), ("41.2%", "unsupported")])
def test_a_share_column_is_the_rows_count_over_the_tables_total(first, expected):
    reply = ("| Day | Steps | Share of the total |\n|---|---:|---:|\n"
             f"| Sat 28 | 9,717 | {first} |\n| Sun 29 | 11,470 | 37.7% |\n"
             "| Mon 30 | 9,237 | 30.4% |\n| Total | 30,424 | 100% |\n")
    assert outcomes(reply)[first] == expected


def test_a_weekday_and_day_of_the_month_in_a_header_range_name_that_day():
    reply = ("| | Thu 26 – Sun 29 | Mon 30 – Tue 1 |\n|---|---:|---:|\n"
             "| Steps | 39,107 | 22,548 |\n")
    got = outcomes(reply)
    assert got["Thu 26"] == "quoted"  # (each end of "Thu 26 – Sun 29" a day of its own)
    # a weekday that does not fall on that day of the month is no date of the request's
    assert outcomes(reply.replace("Thu 26", "Fri 26"))["Fri 26"] == "unsupported"


@pytest.mark.parametrize("place, expected", [("2", "computed"), ("5", "unsupported")])
def test_a_rank_column_is_the_days_place_by_steps(place, expected):
    reply = ("| # | Day | Steps |\n|--:|---|--:|\n| 1 | Wed 25 | 12,028 |\n"
             f"| {place} | Sun 29 | 11,470 |\n")
    assert outcomes(reply)[place] == expected


def test_a_column_in_thousands_reads_its_cells_as_thousands():
    table = "| Date | Steps (k) |\n|---|---:|\n| Nov 28 | {} |\n| Nov 29 | {} |\n"
    assert set(outcomes(table.format("9.7", "11.5")).values()) == {"quoted"}
    swapped = outcomes(table.format("11.5", "9.7"))
    assert swapped["11.5"] == swapped["9.7"] == "unsupported"


@pytest.mark.parametrize("sat, sun, expected", [("0", "1", "computed"), ("0", "2", "unsupported")])
def test_a_streak_column_counts_goal_days_in_a_row_through_the_rows_day(sat, sun, expected):
    reply = ("| Day | Steps | Streak |\n|---|---:|---:|\n| Fri 27 | 10,269 | 1 |\n"
             f"| Sat 28 | 9,717 | {sat} |\n| Sun 29 | 11,470 | {sun} |\n")
    got = [m for m in check(reply, REQUEST) if m.text in (sat, sun)]
    assert got[0].outcome == "computed"  # the 0 after a missed day
    assert got[1].outcome == expected


def test_a_plan_tables_rows_from_today_on_are_advice_but_past_rows_are_claims():
    reply = ("| Week | Daily aim | Week total |\n|---|---:|---:|\n"
             "| Dec 2–8 | 10,500 | 73,500 |\n| Nov 23–29 | 10,000 | 71,000 |\n")
    got = outcomes(reply)
    assert got["73,500"] == "advice"
    assert got["71,000"] == "unsupported"  # that week happened: 69,329
