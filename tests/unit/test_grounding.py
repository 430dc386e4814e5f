"""The number checker, rule by rule, on requests laid out as the app lays them out: quoted
(rounding, words, date forms), computed (each operation, with its direction and base),
binding (to a day, to a named fact, to a period), evidence by role, invented-then-repeated,
advice by sentence, and replies that quote only given facts (never flagged)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coach_tui.coach.grounding import check, evidence_of, unverified_numbers
from coach_tui.coach.prompts import PastTurn, chat_request
from coach_tui.memory.block import HEADER as MEMORY_HEADER
from coach_tui.memory.daylines import day_line, live_line
from coach_tui.memory.ledger import ledger_facts
from coach_tui.memory.recall import HEADER as RECALL_HEADER
from coach_tui.store.steps import Day

PERSONA = ("You are a walking coach. Keep replies short: usually two to five sentences. "
           "Most people need 47 days to form a habit; 9 in 10 give up in week 3.")
SNAPSHOT = MEMORY_HEADER + "\n".join([
    "- step goal streak: 4 days (through 2026-11-24)",
    "- 7-day average: 9,486 steps/day (2026-11-18 to 2026-11-24)",
    "- 30-day average: 8,387 steps/day (2026-10-26 to 2026-11-24)",
    "- best day of the last 30: 13,313 steps on 2026-11-08",
    "- goal met on 10 of the last 30 days (2026-10-26 to 2026-11-24)",
    "- longest goal streak in the last 365 days: 18 days (2026-08-20 to 2026-09-06)",
    "- 2026-11-02: Running the city 10k on Dec 13 with my sister Ana.",
    "- 2026-09-06: I work from home; mornings are meetings, so I walk at lunch or after six.",
])
CONTEXT = "\n".join([
    RECALL_HEADER,
    "Now: Wednesday 2026-11-25, 07:30. Today so far: 1,204 steps of a 10,000 goal "
    "(partial: the day is not over).",
    "Days this message mentions:",
    "- Thu 2026-11-19: 11,283 steps, goal 10,000, met",
    "- Sat 2026-11-21: 12,245 steps, goal 10,000, met",
    "- Sun 2026-11-22: 9,100 steps, goal 10,000, not met",
    "- Mon 2026-11-23: 8,000 steps, goal 10,000, not met",
    "- last week (2026-11-16 to 2026-11-22): 7 of 7 days recorded, 64,000 steps, average "
    "9,143/day, goal met on 3, best 12,245 on 2026-11-21",
    "Saved reviews that match:",
    '- review week:2026-W47 (saved 2026-11-23): "A solid week."',
    "Earlier chats that match:",
    '- 2026-11-20, coach said: "Your streak is at 31 days."',
])


def request(words: str = "I have meetings from 9 to 5. How am I doing?", *,
            history: tuple[PastTurn, ...] = (), context: str | None = CONTEXT,
            snapshot: str | None = SNAPSHOT) -> dict:
    system = [{"type": "text", "text": PERSONA}]
    if snapshot:
        system.append({"type": "text", "text": snapshot})
    return chat_request(model="m", max_tokens=100, effort=None, system=system,
                        history=list(history), words=words, recall=context, memory_on=True,
                        previous_message_id=None)


REQUEST = request()


def outcomes(reply: str, req=REQUEST) -> list[tuple[str, str]]:
    return [(m.text, m.outcome) for m in check(reply, req)]


def unsupported(reply: str, req=REQUEST) -> list[str]:
    return unverified_numbers(reply, req)


# --------------------------------------------------------------------------- quoted


@pytest.mark.parametrize("reply", [
    "Thursday you walked 11,283 steps.", "Thursday you walked 11283 steps.",
    "Thursday came in at about 11,300.", "Thursday: 11.3k.", "Thursday was just over 11k.",
    "Thursday was eleven thousand steps, nearly.", "Saturday was over twelve thousand.",
    "Sunday was just over nine thousand.", "Your 7-day average is 9.5k.",
    "Your best day of the last 30 was about 13.3k.", "Saturday was a 12,245 day.",
])
def test_quoted_allows_a_writers_rounding_and_words(reply):
    assert all(outcome == "quoted" for _, outcome in outcomes(reply)), outcomes(reply)


@pytest.mark.parametrize("reply, wrong", [
    ("Thursday came in at about 11,500.", ["11,500"]),  # near, but not how 11,283 rounds
    ("Your 7-day average is about 8,000.", ["8,000"]),  # 9,486 rounds to 9,000 at most
    ("Saturday was roughly 14k.", ["14k"]),
])
def test_rounding_goes_only_as_far_as_the_writer_rounded(reply, wrong):
    assert unsupported(reply) == wrong


@pytest.mark.parametrize("when", [
    "2026-11-19", "Nov 19", "19 November", "November 19th", "Thursday the 19th", "the 19th",
    "Thu 19 Nov", "Thursday, November 19, 2026"])
def test_dates_in_any_common_form(when):
    found = check(f"On {when} you walked 11,283 steps.", REQUEST)
    assert [m.outcome for m in found] == ["quoted", "quoted"], found
    assert found[0].source.startswith("Thu 2026-11-19: 11,283 steps")


def test_a_wrong_date_or_weekday_is_unsupported():
    assert unsupported("Friday the 19th was strong.") == ["Friday the 19th"]
    assert unsupported("Your best was on 2026-11-09.") == ["2026-11-09"]


def test_quoted_names_the_line_it_restates():
    (m,) = check("Your 30-day average is 8,387.", REQUEST)[1:]
    assert m.outcome == "quoted"
    assert m.source == "30-day average: 8,387 steps/day (2026-10-26 to 2026-11-24)"


# --------------------------------------------------------------------------- computed


@pytest.mark.parametrize("reply, number, source", [
    ("You have 1,204 so far today, so 8,796 to go.", "8,796",
     "10,000 goal − 1,204 so far (today) = 8,796"),
    ("Monday fell 2,000 short of the goal.", "2,000", "10,000 goal − 8,000 (Mon Nov 23) = 2,000"),
    ("Saturday was 2,245 over the goal.", "2,245",
     "12,245 (Sat Nov 21) − 10,000 goal = 2,245"),
    ("Saturday and Sunday together: 21,345 steps.", "21,345",
     "12,245 (Sat Nov 21) + 9,100 (Sun Nov 22) = 21,345"),
    ("Monday reached 80% of your goal.", "80%", "8,000 (Mon Nov 23) ÷ 10,000 goal = 80.0%"),
    ("Your 7-day average is up 13% on your 30-day average.", "13%",
     "(9,486 average (7-day) − 8,387 average (30-day)) ÷ 8,387 average (30-day) = +13.1%"),
    ("Saturday to Monday you averaged about 9,800 a day.", "9,800",
     "(12,245 + 9,100 + 8,000) ÷ 3 = 9,782 (Sat Nov 21 to Mon Nov 23)"),
    ("From Saturday to Monday you met the goal on 1 day.", "1",
     "days at or over the goal, Sat Nov 21 to Mon Nov 23: 1 of 3"),
    ("The 10k on Dec 13 is 18 days away.", "18",
     "days until 2026-12-13 from 2026-11-25: 18"),
    ("Hit the goal today and it's day 5 of your streak.", "5", "streak of 4 days + today = 5"),
    ("You met the goal on 10 of the last 30 days, about 33%.", "33%",
     "10 days met (last 30 days) ÷ 30 days (last 30 days) = 33.3%"),
    ("You missed it on 20 of the last 30 days.", "20",
     "30 days recorded (last 30 days) − 10 days met (last 30 days) = 20"),
])
def test_computed_redoes_each_operation_and_names_it(reply, number, source):
    found = {m.text: m for m in check(reply, REQUEST)}
    assert (found[number].outcome, found[number].source) == ("computed", source)


def test_a_bound_holds_when_the_gap_it_bounds_is_no_larger():
    found = check("Sunday came within a thousand steps of the goal.", REQUEST)
    assert (found[0].outcome, found[0].source) == (
        "computed", "10,000 goal − 9,100 (Sun Nov 22) = 900, within 1,000")
    assert unsupported("Monday came within 500 steps of the goal.") == ["500"]


@pytest.mark.parametrize("reply, wrong", [
    ("You have 1,204 so far, so 8,696 to go.", ["8,696"]),  # an arithmetic slip
    ("Monday was 2,000 over your goal.", ["2,000"]),  # the right size, the wrong direction
    ("Your 7-day average is up 12% on your 30-day average.", ["12%"]),  # the wrong base
    ("Your 7-day average is down 13% on your 30-day average.", ["13%"]),  # the wrong way
    ("You have 5 days in a row.", ["5"]),  # the streak is 4
])
def test_a_wrong_operation_stays_wrong(reply, wrong):
    assert unsupported(reply) == wrong


# --------------------------------------------------------------------------- binding


def test_a_number_tied_to_a_day_must_be_that_days():
    assert unsupported("Saturday's 12,245 was your best.") == []
    assert unsupported("Thursday's 12,245 was your best.") == ["12,245"]
    assert unsupported("On Monday you managed 12,245.") == ["12,245"]
    assert unsupported("On Nov 23 you managed 9,100.") == ["9,100"]
    assert unsupported("Last Monday you managed 8,000.") == []
    assert unsupported("Last Monday you managed 9,100.") == ["9,100"]
    assert unsupported("Yesterday you managed 12,245.") == []  # Nov 24: not stated


def test_a_date_after_a_days_count_must_be_that_day_and_fit_its_weekday():
    assert unsupported("Your best was 12,245 steps on Nov 21.") == []
    # Nov 19 is stated (Thursday's line), but 12,245 was Saturday the 21st: the pair is wrong.
    assert unsupported("Your best was 12,245 steps on Nov 19.") == ["12,245", "Nov 19"]
    assert unsupported("On Friday 19 November you walked 11,283.") == ["Friday 19 November"]


def test_a_day_range_binds_every_day_in_it():
    assert unsupported("From Saturday to Monday you did between 8,000 and 12,245.") == []


def test_a_day_the_request_says_has_no_data_has_no_count():
    context = CONTEXT.replace("- Sun 2026-11-22: 9,100 steps, goal 10,000, not met",
                              "- Sun 2026-11-22: no steps recorded")
    req = request(context=context)
    assert unsupported("Sunday was about 9,000.", req) == ["9,000"]


def test_a_number_tied_to_a_named_fact_must_be_that_fact():
    # 9 is in the user's words ("from 9 to 5"), not the streak.
    assert unsupported("Your streak is at 9 days.") == ["9"]
    assert unsupported("Your streak is at 4 days.") == []
    assert unsupported("Your 7-day average is 12,245.") == ["12,245"]
    assert unsupported("Your best day was 12,245.") == []  # last week's best
    assert unsupported("Your goal is 8,000 steps.") == ["8,000"]


def test_a_number_tied_to_a_period_must_be_that_periods():
    assert unsupported("Last week you met the goal on 3 days.") == []
    assert unsupported("Last week you met the goal on 10 days.") == ["10"]


# --------------------------------------------------------------------------- evidence by role


def test_the_persona_and_a_quoted_coach_snippet_are_not_evidence():
    # 47 and 9 in 10 are in the persona; 31 in a recalled coach reply.
    assert unsupported("Your streak is 47 days; 31 days, even.") == ["47", "31"]


def test_the_users_words_and_journal_lines_are_evidence():
    assert unsupported("Your meetings run 9 to 5, and you walk after six.") == []
    assert unsupported("The 10k with Ana is on Dec 13.") == []


def test_clock_times_years_and_week_numbers_are_not_counts():
    assert unsupported("It's 07:30, and week 47 was solid.") == []
    assert unsupported("You've walked 30 days straight.") == ["30"]
    assert unsupported("That's 47 days of walking.") == ["47"]
    assert unsupported("You did 2026 steps.") == ["2026"]


def test_an_invented_number_stays_unsupported_however_often_it_is_repeated():
    history = (PastTurn("What's my streak?", CONTEXT, "Your streak is at 47 days now."),
               PastTurn("Really?", CONTEXT, "Yes, 47 days, and your best is 8,000."))
    req = request("And now?", history=history)
    assert unsupported("Still 47 days in a row.", req) == ["47"]


@pytest.mark.parametrize("line", [
    '- 2026-11-20 chat, you: "How long is my walk to work? About 2,400 steps"; '
    'coach: "Your streak is at 31 days, and 9,876 is your usual."',
    # as blocks stored by earlier versions wrote it
    '- 2026-11-20, chat: you said "How long is my walk to work? About 2,400 steps"; '
    'coach replied "Your streak is at 31 days, and 9,876 is your usual."'])
def test_a_coach_reply_that_recall_brought_back_is_no_evidence(line):
    context = CONTEXT.replace('- 2026-11-20, coach said: "Your streak is at 31 days."', line)
    req = request("How long is my streak?", context=context)
    assert unsupported("Your streak is 31 days; a usual day is 9,876.", req) == ["31", "9,876"]
    assert unsupported("Your walk to work is about 2,400 steps.", req) == []


def test_a_string_is_read_as_data_and_anything_else_is_refused():
    assert unsupported("Thursday: 11,283 steps, 500 more than usual.", CONTEXT) == ["500"]
    with pytest.raises(TypeError, match="a request is a Messages API body"):
        check("5 steps", 42)


# --------------------------------------------------------------------------- advice


@pytest.mark.parametrize("reply", [
    "Try a 20-minute walk at 12:30 tomorrow.", "Aim for 15,500 steps on Friday.",
    "Get the first 3,000 steps in before work.", "Days 4–7: 15,500 each.",
    "Do 4 × 1 minute brisk, then easy.", "Here's a plan:\n- Fri: 30 minutes at lunch",
    "So:\n- **Fri:** 15,500, a long flat walk", "That's 61,500 if every day lands.",
    "Ask me 'how was the week of Nov 9?' and I'll pull it up.",
    "A walk of 30 to 40 minutes plus your usual loop would cover most of it.",
])
def test_a_suggestion_or_plan_is_advice_whatever_the_number(reply):
    assert [o for _, o in outcomes(reply) if o != "quoted"] and all(
        o in ("advice", "quoted") for _, o in outcomes(reply)), outcomes(reply)


def test_a_place_in_a_streak_is_the_streak_plus_today():
    found = {m.text: m for m in check("Your streak is 4 days; a walk today would make it 5.",
                                      REQUEST)}
    assert (found["5"].outcome, found["5"].source) == ("computed", "streak of 4 days + today = 5")
    assert unsupported("Your streak is 4 days; a walk today would make it 6.") == ["6"]


def test_a_sentence_that_reports_makes_claims():
    assert unsupported("You walked 45 minutes yesterday.") == ["45"]
    assert unsupported("Yesterday you did 14,000 steps, so try a rest day.") == ["14,000"]


def test_every_number_gets_one_outcome_and_its_span():
    reply = "Thursday the 19th: about 11.3k. Now 8,796 to go, a 20-minute walk. Streak: 47 days."
    found = check(reply, REQUEST)
    assert [(m.text, m.outcome) for m in found] == [
        ("Thursday the 19th", "quoted"), ("11.3k", "quoted"), ("8,796", "computed"),
        ("20", "advice"), ("47", "unsupported")]
    assert all(reply[m.start:m.end] == m.text for m in found)
    assert check(reply, evidence_of(REQUEST)) == found


# --------------------------------------------------------------------------- quoting only facts

_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve"]


def _ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(st.integers(min_value=300, max_value=30_000), min_size=8, max_size=60),
       goal=st.sampled_from([6_000, 7_500, 8_000, 10_000, 12_000]),
       today=st.dates(min_value=date(2025, 1, 1), max_value=date(2027, 12, 31)),
       minute=st.integers(min_value=0, max_value=24 * 60 - 1))
def test_a_reply_quoting_only_given_facts_is_never_flagged(steps, goal, today, minute):
    """The app's own ledger and recall text as the request; a reply that restates every
    number of it the ways people do (word for word, rounded, k, words, other date forms)."""
    days = [Day((today - timedelta(days=len(steps) - i)).isoformat(), s, goal)
            for i, s in enumerate(steps)]
    facts = ledger_facts(days, today, goal)
    now = datetime.combine(today, datetime.min.time()) + timedelta(minutes=minute)
    listed = days[-7:]
    context = "\n".join([
        RECALL_HEADER, live_line(now, None, goal), "Days this message mentions:",
        *(day_line(date.fromisoformat(d.date), d, goal) for d in listed),
    ])
    req = request("How am I doing?", context=context,
                  snapshot=MEMORY_HEADER + "\n".join(f"- {f}" for f in facts))
    sentences = [f"Your records say: {fact}." for fact in facts]
    for d in listed:
        when = date.fromisoformat(d.date)
        rounded = f"{round(d.steps, -2):,}, call it {d.steps / 1000:.1f}k" \
            if d.steps >= 1_000 else f"{d.steps}"
        sentences += [
            f"On {when:%A} the {_ordinal(when.day)} you walked {d.steps:,} steps.",
            f"On {when.day} {when:%B} it was about {rounded}.",
            f"{when:%b} {when.day}: {d.steps} steps against the {goal:,} goal.",
        ]
    streak = int(facts[0].split(": ")[1].split()[0])
    if streak <= 12:
        sentences.append(f"That's {_WORDS[streak]} days in a row.")
    sentences.append(f"It's {now:%H:%M} now.")
    reply = "\n".join(sentences)
    flagged = [m for m in check(reply, req) if m.outcome == "unsupported"]
    assert flagged == [], (flagged, reply)
