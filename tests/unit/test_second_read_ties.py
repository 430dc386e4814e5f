"""The second read believes a quoted line only when the line gives its value for what the
reply's sentence ties the number to: its day, its period, its fact, what it counts
(grounding/proposed_ties.py); and arithmetic only when it is arithmetic of the kind the number
is (grounding/proposed.py). Each rule is shown with the true sentence it lets through and the
misreading it stops: a model asked where a number came from often cites the line it
misread."""

from __future__ import annotations

from coach_tui.coach.grounding.proposed import Proposal, confirmed

MEMORY = """MEMORY (code-derived facts and journal lines):
- step goal streak: 1 days (through 2026-11-30)
- 7-day average: 9,905 steps/day (2026-11-24 to 2026-11-30)
- 30-day average: 9,494 steps/day (2026-11-01 to 2026-11-30)
- best day of the last 30: 12,993 steps on 2026-11-07
- goal met on 14 of the last 30 days (2026-10-31 to 2026-11-29)
- longest goal streak in the last 365 days: 18 days (2026-08-20 to 2026-09-06)
- 2026-11-02: Running the city 10k on Dec 13 with my sister Ana.
- 2026-10-12: Had the flu the week of Oct 5; back to walking gently."""
CONTEXT = """CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; numbers here come from the user's records):
Now: Tuesday 2026-12-01, 08:15. Today so far: 2,214 steps of a 10,000 goal (partial: the day is not over).
Days this message mentions:
- Sat 2026-11-28: 9,717 steps, goal 10,000, not met
- Sun 2026-11-29: 11,470 steps, goal 10,000, met
- Mon 2026-11-30: 9,237 steps, goal 10,000, not met
- Wed 2026-11-25: 12,028 steps, goal 10,000, met
- the last 3 days (2026-11-28 to 2026-11-30): 3 of 3 days recorded, 30,424 steps, average 10,141/day, goal met on 1, best 11,470 on 2026-11-29
- November 2026 (2026-11-01 to 2026-11-30): 30 of 30 days recorded, 284,826 steps, average 9,494/day, goal met on 13, best 12,993 on 2026-11-07"""  # noqa: E501
REQUEST = {
    "system": [{"type": "text", "text": "You are a coach."},
               {"type": "text", "text": MEMORY}],
    "messages": [{"role": "user", "content": [{"type": "text", "text": CONTEXT},
                                              {"type": "text", "text": "How am I doing?"}]}],
}
LINE = {line.removeprefix("- ").split(":")[0].split(" (")[0]: line.removeprefix("- ")
        for line in (MEMORY + "\n" + CONTEXT).splitlines() if line.startswith("- ")}
NOW = next(line for line in CONTEXT.splitlines() if line.startswith("Now:"))


def request_with(line: str) -> dict:
    """REQUEST with one more line of context."""
    return dict(REQUEST, messages=[{"role": "user", "content": [
        {"type": "text", "text": CONTEXT + "\n- " + line}]}])


def quoted(reply: str, needle: str, line: str, request: dict = REQUEST):
    at = reply.index(needle)
    return confirmed(reply, at, at + len(needle), Proposal("quoted", (line,)), request)


def computed(reply: str, needle: str, lines: tuple[str, ...], calc: str):
    at = reply.index(needle)
    return confirmed(reply, at, at + len(needle), Proposal("computed", lines, calc), REQUEST)


def test_a_day_the_sentence_names_before_a_comma_still_binds_its_number():
    sat = LINE["Sat 2026-11-28"]
    assert quoted("The dip came on Saturday, when you managed 9,717.", "9,717", sat)
    assert quoted("The dip came on Sunday, when you managed 9,717.", "9,717", sat) is None
    # a day after the number binds it when it is the number's ("9,717 on Saturday"), not
    # when it heads the next number ("against Sunday's 11,470")
    assert quoted("You did 9,717 on Saturday.", "9,717", sat)
    assert quoted("Saturday's 9,717 against Sunday's 11,470.", "9,717", sat)
    assert quoted("Sunday edged it: 9,717 against Saturday's 11,470.", "9,717", sat) is None
    assert quoted("Sunday's 11,470 beat your 30-day average of 9,494.", "9,494",
                  LINE["30-day average"])


def test_a_number_tied_to_a_day_must_be_a_value_the_line_gives_for_that_day():
    # November's average is no day's count, and the best day of the month was not a Monday
    assert quoted("Nov 19 came in at 9,494 steps.", "9,494", LINE["30-day average"]) is None
    assert quoted("Your 30-day average is 9,494.", "9,494", LINE["30-day average"])
    best = LINE["best day of the last 30"]
    assert quoted("Saturday's 12,993 is your best of the last 30.", "12,993", best)
    assert quoted("Monday's 12,993 is your best of the last 30.", "12,993", best) is None
    assert quoted("Yesterday's 9,237 was close.", "9,237", LINE["Mon 2026-11-30"])
    assert quoted("Yesterday's 11,470 was a good one.", "11,470", LINE["Sun 2026-11-29"]) is None
    assert quoted("Today you're on 2,214.", "2,214", NOW)


def test_a_best_days_value_stands_apart_from_a_wrong_date_written_beside_it():
    # the date is a number of its own, checked on its own; a weekday is not one
    best = LINE["best day of the last 30"]
    assert quoted("Your best was 12,993 steps on Nov 25.", "12,993", best)
    assert quoted("Your best was 12,993 steps on Wednesday.", "12,993", best) is None


def test_a_figure_tied_to_a_period_must_be_over_that_period():
    thirty = LINE["30-day average"]
    assert quoted("Your 30-day average is 9,494.", "9,494", thirty)
    assert quoted("Your 7-day average is 9,494.", "9,494", thirty) is None
    assert quoted("Over the last 7 days you averaged 9,494 a day.", "9,494", thirty) is None
    # "14 of the last 30 days" runs from Oct 31: it is not November's
    goal = LINE["goal met on 14 of the last 30 days"]
    assert quoted("You hit your goal on 14 of the last 30 days.", "14", goal)
    assert quoted("You hit your goal on 14 days in November.", "14", goal) is None
    month = LINE["November 2026"]
    assert quoted("You hit your goal on 13 days in November.", "13", month)
    assert quoted("October: you met your goal on 13 days.", "13", month) is None
    # the last 3 days are not this week (Monday and today)
    three = LINE["the last 3 days"]
    assert quoted("This week's average is 10,141.", "10,141", three) is None
    assert quoted("The last 3 days averaged 10,141.", "10,141", three)


def test_a_value_dated_in_a_line_is_of_any_period_holding_its_day():
    best = LINE["best day of the last 30"]
    assert quoted("November's best was 12,993.", "12,993", best)
    assert quoted("Your best day this week was 12,993.", "12,993", best) is None
    assert quoted("Your best day ever is 12,993.", "12,993", best) is None


def test_a_count_of_part_of_a_whole_keeps_its_whole():
    goal = LINE["goal met on 14 of the last 30 days"]
    assert quoted("Goal met on 14 of 30 days.", "14", goal)
    assert quoted("Goal met on 14 of 29 days.", "14", goal) is None


def test_a_streak_or_goal_day_count_is_quoted_only_of_that_fact():
    three = LINE["the last 3 days"]
    streak = LINE["step goal streak"]
    assert quoted("You're on a 1-day streak.", "1", streak)
    assert quoted("You're on a 1-day streak.", "1", three) is None  # (goal met on 1)
    assert quoted("That is 1 day in a row now.", "1", three) is None
    assert quoted("You met the goal on 1 of the last 3 days.", "1", three)
    # the line's streak is not quoted by a sentence that speaks of no streak
    assert quoted("Up from 1 the week before.", "1", streak) is None


def test_a_week_split_is_not_the_whole_weeks_average():
    assert quoted("Your weekdays averaged about 9,500.", "9,500", LINE["30-day average"]) is None
    assert quoted("You averaged about 9,500 a day.", "9,500", LINE["30-day average"])


def test_clock_times_years_week_numbers_and_dates_count_nothing():
    flu = LINE["2026-10-12"]
    assert quoted("You met the goal on 5 days that week.", "5", flu) is None  # ("Oct 5")
    assert quoted("You're on a 15-day streak.", "15", NOW) is None  # ("08:15")
    week = "week 47 of 2026 (Mon 16 Nov to Sun 22 Nov) (2026-11-16 to 2026-11-22): 7 of 7 " \
           "days recorded, 56,775 steps"
    request = request_with(week)
    assert quoted("Week 47 came to 56,775.", "47", week, request)
    assert quoted("You walked on 47 days.", "47", week, request) is None


def test_a_weekday_written_with_a_date_must_be_that_dates():
    wed = LINE["Wed 2026-11-25"]
    assert quoted("Wednesday the 25th was the pick.", "Wednesday the 25th", wed)
    assert quoted("Tuesday the 25th was the pick.", "Tuesday the 25th", wed) is None


def test_a_share_is_a_division_and_counts_add_only_to_their_own_kind():
    month = LINE["November 2026"]
    assert computed("You met it on 13 days, 43% of the month.", "43%", (month,),
                    "13 / 30 * 100")[0] == "computed"
    assert computed("You met it on 13 days, 43% of the month.", "43%", (month,),
                    "13 + 30") is None
    # a number carried through unchanged is a quote, judged as one
    assert computed("October: 13 goal days.", "13", (month, LINE["step goal streak"]),
                    "13 + 0") is None
    # steps less days
    longest = LINE["longest goal streak in the last 365 days"]
    assert computed("About 9,129 on weekdays against your 9,494.", "9,129",
                    (month, longest), "9,494 - 365") is None
    assert computed("You're 3,499 under your best of 12,993 at 9,494.", "3,499",
                    (month, LINE["best day of the last 30"]), "12,993 - 9,494")


def test_a_one_no_line_states_adds_a_day_to_a_streak_a_span_or_today():
    streak = LINE["step goal streak"]
    assert computed("Your streak is 1, so today would be day 2.", "2", (streak,),
                    "1 + 1")[0] == "computed"
    month = LINE["November 2026"]
    assert computed("You met it on 13 days in November, 12 in October.", "12", (month,),
                    "13 - 1") is None
    week = LINE["the last 3 days"]
    assert computed("Of the last 3 days you met it on one; make today a second in 4.", "4", (week,),
                    "3 + 1")[0] == "computed"


def test_a_review_reads_this_week_as_the_week_it_reviews():
    days = ("Write my review for week 48 of 2026 (Mon 23 Nov to Sun 29 Nov). Days (2026-11-23 "
            "to 2026-11-29):\n- Wed 2026-11-25: 12,028 steps, goal 10,000, met\nTotals:\n- "
            "week 48 of 2026 (Mon 23 Nov to Sun 29 Nov) (2026-11-23 to 2026-11-29): 7 of 7 days "
            "recorded, 69,329 steps, average 9,904/day, goal met on 3, best 12,028 on 2026-11-25")
    review = {"system": [{"type": "text", "text": MEMORY}],
              "messages": [{"role": "user", "content": [{"type": "text", "text": days}]}]}
    totals = days.splitlines()[-1].removeprefix("- ")
    assert quoted("This week averaged 9,904 a day.", "9,904", totals, review)
    assert quoted("This week's best was 12,993.", "12,993", LINE["best day of the last 30"],
                  review) is None


def test_what_a_sentence_says_of_goal_days_and_streaks_in_its_own_words():
    three = LINE["the last 3 days"]
    assert quoted("Sat ✗, Sun ✓, Mon ✗: 1/3 met.", "1", three)
    assert quoted("Three days, 1 hit.", "1", three)
    assert quoted("Three days, 1 of them.", "1", three) is None


def test_a_mark_to_pass_is_not_the_periods_own_figure():
    # last week's average as the bar this week has to beat
    week = "last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps, " \
           "average 9,904/day, goal met on 3"
    request = request_with(week)
    assert quoted("The bar for this week is an average above 9,904.", "9,904", week, request)
    assert quoted("This week's average is 9,904.", "9,904", week, request) is None


def test_a_day_word_holding_its_own_number_does_not_reach_the_next_clause():
    month = LINE["November 2026"]
    assert quoted("Your best was 12,993 on Nov 7, and you put 284,826 steps behind you.",
                  "284,826", month)
    assert quoted("On Nov 7, you put 284,826 steps behind you.", "284,826", month) is None


def test_a_stretch_of_weekdays_ties_a_number_to_any_of_its_days():
    sat = LINE["Sat 2026-11-28"]
    assert quoted("From Friday to Sunday you never dipped: 9,717 the lowest.", "9,717", sat)
    assert quoted("From Monday to Wednesday you never dipped: 9,717 the lowest.", "9,717",
                  sat) is None


def test_a_clock_hour_is_quoted_only_as_a_time_of_day():
    assert quoted("Normal for 8 in the morning: you're at 2,214.", "8", NOW)
    assert quoted("You've met it on 8 days.", "8", NOW) is None


def test_a_week_spread_over_its_days_and_ones_each_a_day_cited():
    plan = "Plan my week: I want 75,000 steps total."
    request = dict(REQUEST, messages=[{"role": "user", "content": [
        {"type": "text", "text": CONTEXT}, {"type": "text", "text": plan}]}])
    reply = "75,000 over the week is about 10,700 a day."
    at = reply.index("10,700")
    assert confirmed(reply, at, at + 6, Proposal("computed", (plan,), "75,000 / 7"), request)
    assert confirmed(reply, at, at + 6, Proposal("computed", (plan,), "75,000 - 7"), request) \
        is None  # (7 spreads or scales; it is no count to add or take away)
    # two near misses on top of the month's goal days: a 1 for each day line cited
    days = (LINE["November 2026"], LINE["Sat 2026-11-28"], LINE["Mon 2026-11-30"])
    assert computed("With 13 goal days and two near misses, 15 was within reach.", "15", days,
                    "13 + 1 + 1") is not None
    assert computed("With 13 goal days in November, 15 was within reach.", "15", days[:1],
                    "13 + 1 + 1") is None


def test_a_change_is_over_what_it_changed_from():
    oct_ = "October 2026 (2026-10-01 to 2026-10-31): 31 of 31 days recorded, 248,630 steps, " \
           "average 8,020/day"
    lines = (oct_, LINE["November 2026"])
    request = request_with(oct_)
    reply = "Your average rose from 8,020 to 9,494, up about 18.4%."
    at = reply.index("18.4%")
    assert confirmed(reply, at, at + 5, Proposal("computed", lines,
                                                 "(9,494 - 8,020) / 8,020 * 100"), request)
    reply = "Your average rose from 8,020 to 9,494, up about 15.5%."
    assert confirmed(reply, at, at + 5, Proposal("computed", lines,
                                                 "(9,494 - 8,020) / 9,494 * 100"), request) is None
    reply = "October was down about 15.5% on November's 9,494 from 8,020."
    at = reply.index("15.5%")
    assert confirmed(reply, at, at + 5, Proposal("computed", lines,
                                                 "(9,494 - 8,020) / 9,494 * 100"), request)


def test_a_stretch_no_calendar_holds_is_no_period_and_breaks_nothing():
    # a user may write anything; a window past ten years is read as no span of dates
    line = "you said: \"I want to hit 10,000 on each of the last 99999999 days\""
    request = request_with(line)
    assert quoted("Your 99999999-day streak is 10,000 strong.", "10,000", line, request) is None
    assert quoted("10,000 on each of the last 99999999 days.", "10,000", line, request)


def test_today_is_the_latest_turns_not_the_first_of_a_session_past_midnight():
    earlier = CONTEXT.replace("Now: Tuesday 2026-12-01", "Now: Monday 2026-11-30")
    request = {"system": REQUEST["system"], "messages": [
        {"role": "user", "content": [{"type": "text", "text": earlier},
                                     {"type": "text", "text": "Morning!"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Morning."}]},
        {"role": "user", "content": [{"type": "text", "text": CONTEXT},
                                     {"type": "text", "text": "And yesterday?"}]}]}
    # asked on Tuesday: yesterday is Monday the 30th, not Sunday the 29th
    assert quoted("Yesterday's 9,237 was close.", "9,237", LINE["Mon 2026-11-30"], request)
    assert quoted("Yesterday's 11,470 was a good one.", "11,470", LINE["Sun 2026-11-29"],
                  request) is None


OCTOBER = "October 2026 (2026-10-01 to 2026-10-31): 31 of 31 days recorded, 248,630 steps, " \
          "average 8,020/day, goal met on 13"


def change(reply: str, needle: str, calc: str, lines: tuple[str, ...] = (
        OCTOBER, LINE["November 2026"])):
    at = reply.index(needle)
    return confirmed(reply, at, at + len(needle), Proposal("computed", lines, calc),
                     request_with(OCTOBER))


def test_a_changes_direction_is_read_from_its_sign_and_the_clause_before_it():
    wrong_base = "(9,494 - 8,020) / 9,494 * 100"
    for reply in ("Average 8,020 to 9,494, +15.5%.",
                  "Your average rose by 1,474 steps, about 15.5%.",
                  "From 8,020 to 9,494, up 1,474 a day, about 15.5%."):
        assert change(reply, "15.5%", wrong_base) is None, reply
    assert change("From 8,020 to 9,494, up 1,474 a day, about 18.4%.", "18.4%",
                  "(9,494 - 8,020) / 8,020 * 100")
    # written as a ratio less one, the change is still over what it changed from
    assert change("From 8,020 to 9,494, up about 15.5%.", "15.5%", "(9,494 / 9,494 - 1) * 100"
                  ) is None
    assert change("From 8,020 to 9,494, up about 18.4%.", "18.4%", "(9,494 / 8,020 - 1) * 100")
    # a direction said in another clause, past a semicolon, is another quantity's
    assert change("Today you're 7,786 short; a normal month at 9,494 keeps the 15.5% lead.",
                  "15.5%", wrong_base)


def test_a_change_written_after_its_difference_has_that_difference_on_top():
    day = LINE["Mon 2026-11-30"]
    # "up 1,474 a day, about 8%": the 8% is 1,474 over something, not 10,000 - 9,237 over it
    assert change("Monday's 9,237 aside, you're up 1,474 steps a day, about 8%.", "8%",
                  "(10,000 - 9,237) / 9,237 * 100", (day, NOW)) is None
    assert change("At 9,494 a day you're up 1,474 steps, about 18%.", "18%",
                  "(9,494 - 8,020) / 8,020 * 100")


def test_a_percentage_beside_the_numbers_it_compares_is_worked_from_them():
    day = LINE["Mon 2026-11-30"]
    reply = "Per day you're up about 8%: 9,494 this month against 8,020 in October."
    assert change(reply, "8%", "(10,000 - 9,237) / 9,237 * 100", (day, NOW)) is None
    assert change("Per day you're up about 18%: 9,494 this month against 8,020 in October.",
                  "18%", "(9,494 - 8,020) / 8,020 * 100")
    # a share written beside its part and whole is that part over that whole
    month = LINE["November 2026"]
    assert change("You met it on 13 of 30 days, which is 43%.", "43%", "13 / 30 * 100",
                  (month,))
    assert change("You met it on 13 of 30 days, which is 46%.", "46%", "(13 - 7) / 13 * 100",
                  (month, LINE["7-day average"])) is None
    assert change("You met it on 14 of 30 days (47%).", "47%",
                  "14 / 30 * 100", (LINE["goal met on 14 of the last 30 days"],)) is not None
    # "43% of the month" is a share, not a change
    assert change("You met it on 13 days, 43% of the month.", "43%",
                  "(11,470 - 6,500) / 11,470 * 100", (LINE["Sun 2026-11-29"],)) is None


def test_counts_of_days_added_or_taken_away_count_one_kind_of_day():
    streak, longest = LINE["step goal streak"], LINE["longest goal streak in the last 365 days"]
    goal, last3 = LINE["goal met on 14 of the last 30 days"], LINE["the last 3 days"]
    # a streak with a streak, goal days with their own stretch's days
    assert computed("You're 17 days off your 18-day record.", "17", (streak, longest),
                    "18 - 1")
    assert computed("You missed it on 16 of the last 30 days.", "16", (goal,), "30 - 14")
    assert computed("November had 13 goal days; 12 came before the last 3 days.", "12",
                    (LINE["November 2026"], last3), "13 - 1")
    # not goal days with a streak, nor a stretch's length with a streak
    assert computed("October: 13 of 31 days.", "31", (LINE["November 2026"], longest),
                    "13 + 18") is None
    assert computed("That is 2 days in a row now.", "2", (streak, last3), "3 - 1") is None
    assert computed("You're on a 15-day streak.", "15", (last3, longest), "18 - 3") is None
    assert computed("Today could make it 15.", "15", (streak, goal), "1 + 14") is None


def test_hours_of_a_day_in_the_users_words_count_nothing_but_hours():
    said = 'you said: "I have meetings from 9 to 5 tomorrow. Any plan to hit my goal?"'
    request = request_with("2026-11-30, " + said)
    line = "2026-11-30, " + said
    # "meetings from 9 to 5" gives no count of days (issue 17's own example)
    assert quoted("You've topped 12k on 5 days in November.", "5", line, request) is None
    assert quoted("Your streak is at 9 days.", "9", line, request) is None
    # but it is the hour the reply plans around
    reply = "Tue 9–5: 25 min before 9, 45 min after 5."
    at = reply.rindex("5")
    assert confirmed(reply, at, at + 1, Proposal("quoted", (line,)), request)
    # a range with a unit is no clock: "from 8 to 10 km"
    assert quoted("You went 10 km.", "10", "2026-11-30, you said: \"I upped it from 8 to 10 km\"",
                  request_with("2026-11-30, you said: \"I upped it from 8 to 10 km\""))


def test_a_fact_a_label_names_before_its_colon_is_said_of_the_number():
    week = LINE["the last 3 days"]
    assert quoted("- Streak: 3 days.", "3", week) is None   # (3 days recorded, not a streak)
    assert quoted("- Streak: 1 day.", "1", LINE["step goal streak"])
    assert quoted("- Days recorded: 3.", "3", week)


def test_a_whole_written_in_bold_is_still_the_whole():
    goal = LINE["goal met on 14 of the last 30 days"]
    assert quoted("- **Goal days:** **14** of **29**.", "14", goal) is None
    assert quoted("- **Goal days:** **14** of **30**.", "14", goal)


def test_a_gap_measured_against_a_named_figure_is_worked_from_that_figure():
    mon, sun = LINE["Mon 2026-11-30"], LINE["Sun 2026-11-29"]
    week, month = LINE["7-day average"], LINE["30-day average"]
    assert computed("You were 1,470 over your 10,000 goal with Sunday's 11,470.", "1,470",
                    (sun, NOW), "11,470 - 10,000")
    assert computed("You were 1,565 over your 10,000 goal with Sunday's 11,470.", "1,565",
                    (sun, week), "11,470 - 9,905") is None
    assert computed("Monday's 9,237 sits 257 under your 30-day average.", "257", (mon, month),
                    "9,494 - 9,237")
    assert computed("Monday's 9,237 sits 668 under your 30-day average.", "668", (mon, week),
                    "9,905 - 9,237") is None


def test_a_bare_day_of_the_month_is_of_the_month_its_sentence_names():
    best = LINE["best day of the last 30"]  # 12,993 on 2026-11-07
    assert quoted("November's best was 12,993, on the 7th.", "7th", best)
    assert quoted("October's best was higher, 13,759 on the 7th.", "7th", best) is None
    # "may" is no month
    assert quoted("You may remember 12,993 on the 7th.", "7th", best)


def test_a_number_right_before_yesterday_or_today_is_that_days():
    sun, mon = LINE["Sun 2026-11-29"], LINE["Mon 2026-11-30"]  # (today is Tuesday Dec 1)
    reply = "You opened with 9,717 on Saturday, and finished with 11,470 yesterday."
    assert quoted(reply, "11,470", sun) is None
    reply = "You opened with 9,717 on Saturday, and finished with 9,237 yesterday."
    assert quoted(reply, "9,237", mon)


def test_a_whole_written_after_the_days_it_counts_is_still_the_whole():
    goal = LINE["goal met on 14 of the last 30 days"]
    assert quoted("- 14 goal days out of 29 recorded.", "14", goal) is None
    assert quoted("You hit it on 14 days so far, out of the 29 days in the books.", "14",
                  goal) is None
    assert quoted("You hit it on 14 days, out of the 30 days I can see.", "14", goal)


def test_a_date_given_as_a_bests_day_is_the_day_of_a_best_over_that_period():
    best = LINE["best day of the last 30"]  # 12,993 on 2026-11-07
    assert quoted("Your best of the last 30 days was 12,993 on Nov 7.", "Nov 7", best)
    assert quoted("Your best day ever is 12,993 on Nov 7.", "Nov 7", best) is None
    # a day's own line names its date, not a best on it
    assert quoted("Your best day was Wednesday, 12,028 on Nov 25.", "Nov 25",
                  LINE["Wed 2026-11-25"]) is None
    assert quoted("You walked 12,028 on Nov 25.", "Nov 25", LINE["Wed 2026-11-25"])
    # a best said of an earlier date in the sentence is that date's
    assert quoted("Your best was 12,993 on Nov 7, and on Nov 30 you did 9,237.", "Nov 30",
                  LINE["Mon 2026-11-30"])
