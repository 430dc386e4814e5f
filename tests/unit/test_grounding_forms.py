"""Forms a wider range of writers use, one test per rule: a weekday with a bare day number
("Mon 23" in a table), a date after today as a deadline, a counted duration adjective."""

from __future__ import annotations

from coach_tui.coach.grounding import check
from tests.unit.test_grounding import SNAPSHOT, request

NO_EVENT = request(snapshot="\n".join(line for line in SNAPSHOT.splitlines()
                                      if "Dec 13" not in line))


def outcome(reply: str, number: str, req=NO_EVENT) -> str:
    found = [m for m in check(reply, req) if m.text == number]
    assert found, f"{number!r} not read in {reply!r}: {[m.text for m in check(reply, req)]}"
    return found[0].outcome


def test_a_weekday_with_a_bare_day_number_is_a_date():
    table = "| Day | Steps |\n|---|---|\n| Thu 19 | 11,283 |\n| Sat 21 | 12,245 |"
    assert outcome(table, "Thu 19") == "quoted"
    assert outcome(table, "Sat 21") == "quoted"
    assert outcome("Sat 12,245 was your best.", "12,245") != "unsupported"  # not "Sat 12"


def test_a_date_after_today_is_a_deadline_unless_the_request_states_days_ahead():
    reply = "See a physio if it's not better by Dec 7."
    assert outcome(reply, "Dec 7") == "advice"
    assert outcome("The race is on Dec 12.", "Dec 12", request()) == "unsupported"


def test_a_counted_duration_adjective_is_a_plan():
    assert outcome("Three 20-minute blocks and you're there.", "20") == "advice"
    assert outcome("That's one extra 15-minute walk.", "15") == "advice"


def test_list_under_a_bold_heading_that_suggests_is_a_plan():
    reply = "**Tomorrow (meetings 9 to 5):**\n- 8:15 — walk before the first call\n" \
            "- 12:30 — 10 min around the block"
    assert outcome(reply, "12:30") == "advice"
    assert outcome(reply, "10") == "advice"


def test_a_first_person_recommendation_suggests():
    assert outcome("I'd start at 11,700 and see how the fortnight feels.", "11,700") == "advice"
    nested = "I'd shape it like this:\n\n- **Weekdays**\n  - 10,500 each\n- **Monday**\n" \
             "  - whatever's left, probably ~7,300"
    assert outcome(nested, "10,500") == "advice"
    assert outcome(nested, "7,300") == "advice"
    assert outcome("I'd say 10,500 is more than you did.", "10,500") == "unsupported"


def test_a_time_of_day_slot_sizes_a_plan():
    assert outcome("- after six: 30 minutes, flat route", "30") == "advice"
    assert outcome("You did 30 minutes after six.", "30") == "unsupported"
