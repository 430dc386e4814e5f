"""Grounding: is every number in a coach reply true to the user's data?

Pure and stdlib only. `check(reply, request)` gives every number of `reply` one outcome,
**quoted**, **computed**, **advice** or **unsupported**, with its source (the line or fact
quoted, or the operation: "10,000 goal − 2,214 so far (today) = 7,786"); only unsupported
numbers are warned about. `unverified_numbers(reply, request)` lists the unsupported ones as
written. `request` is the Messages API body the reply answered (a dict): its blocks count as
evidence by role (request.py); a plain string is read as data.

One job a module, each depending only on the ones above it:

    words.py       number words, month and weekday names; a written number's precision
    mentions.py    the shape of a number's verdict as the later stages read it (one protocol)
    shorthand.py   a terse reply's shorthand in full words before it is checked ("avg 9,904/d",
                   "3 of 7 d", "2/7 d", "the 15-d streak", "last wk"), spans mapped back
    scan.py        what a number is as written: digits, words, ordinals, fractions, dates, times
    reading.py     ranges, units, gaps and list markers: the numbers as a reader sees them
    shares.py      a share in words ("three quarters", "two days in five") as the fractions it
                   can mean, on the side its hedge says, over the whole its words name
    request.py     the request's text blocks by role: which are evidence
    facts.py       the app's lines read into typed facts (days, today, periods, snapshot)
    weeks.py       this week's steps so far; stated dates after a reviewed week
    arithmetic.py  the operations a coach works out, redone by code
    evidence.py    the request read once into an Evidence, its facts and operations by value
    dates.py       a date or day word as the days it can mean; day ranges; calendar spans;
                   day lists paired with count lists; period names; a date ahead of today;
                   "the 19th" read as a date, "after six" as an hour
    clauses.py     a reply's sentences and clauses
    cell_sums.py   a table's summing cells worked out over its own rows: Total, Net, Average,
                   Share of week, Rank
    tables.py      markdown tables: each cell's row anchor and column header; a column of
                   weekdays as a run of days; a warned cell read again as the prose it says
    period_binding.py  the period a number is tied to by a name
    fact_heads.py  which number a fact word heads when a day stands between ("Best Wed Nov
                   25 (12,028) vs lowest Thu Nov 26 (7,651)")
    binding.py     what a reply's number is tied to: a day, a named fact (and the period)
    kinds.py       what the words around it say it counts, and the direction of a gap or change
    leads.py       which of two days the words of a comparison put on top
    claims.py      numbers that are part of the claim beside them: a date after a count, a
                   half of the goal after a count
    candidates.py  which stated facts and operations may stand for a number, given its binding
    shortlist.py   a number's candidates narrowed once by its kinds and days (kept)
    bounds.py      bounds a reply writes: "within a thousand of the goal", "within 8%"
    reports.py     the words of a sentence that says what happened
    advice.py      sentences that suggest or plan rather than report
    asking.py      numbers inside what the reader is told to ask or type
    durations.py   an estimated length of walking: a plan's size
    plans.py       plans a reply lays out: a table of clock times or of what to do, its
                   total, a sentence headed "A friendlier route:" or "Tmrw:", a section
                   under "### Next steps"
    row_ops.py     a table cell worked out over its row: a ratio of two of its counts, a change
                   or points cell (the difference of two of its counts or percentages)
    local.py       arithmetic over the numbers a reply has just shown true
    gaps.py        gaps whose words name their operands ("497 a day short on average",
                   "6 steps more than last Monday's 9,231", "That's about 4,000 more")
    headed.py      numbers the words tie to one stated fact ("your 7-day average came out
                   at ...", "13 of 30 days in November")
    shown.py       a change in percent over counts written true beside it
    rest_share.py  the rest of a share shown true beside it ("22% done, 78% to go")
    exact.py       an exact stated value in a sentence that names several anchors
    ranks.py       counts of days the reply defines: rankings, days past a mark
    rates.py       a rate a plan's sentence works out of its own amount and days ("75,000
                   steps is 11,250 a day"), checked as that division whatever its words
    streak_ahead.py  what a plan says today's doing makes the streak ("and the streak
                   reaches 48"), checked against the request's streak + 1; "day N" of a
                   dated day, counted from the streak or the day lines
    days_apart.py  days between two days a sentence names ("87 days ago", "From 26 Nov to 1
                   Dec was 5 days"), counted on the calendar
    listed_days.py a stated day's count listed under a weekday ("- Thu: 9,717", Saturday's):
                   bound to that weekday's day, not read as a schedule
    gap_change.py  a change in percent restating the gap just written ("1,370 more a day, or
                   roughly 12% higher"): no support from a change of another difference
    verdict.py     check and unverified_numbers
    lenient.py     its last stage: class rules that may clear a warning (a hypothesis, the
                   size of a period, a percentage worked out from true numbers beside it)
    unrecorded.py  the last stage's classes of what the data does not record: clock times
                   and lengths, counts in words beside no fact, round amounts no sentence
                   reports, the span a plan looks ahead over
    local_shares.py  a fraction or multiple in words of two true numbers beside it ("4,016
                   was about a third of Wednesday's 11,203", "nearly three times"), and of
                   a period's total its words name ("21,187 was almost a third of the week")
    block_ops.py   what a coach works out over a block of day lines without naming its days:
                   weekdays' or the weekend's average, best against worst, "third-best"
    fact_ops.py    a percentage between two facts named, not written ("your best day was
                   nearly 37% above your 30-day average")
    working.py     the working a reply shows: a written equation redone, a rule of thumb,
                   a sum of the counts just listed, a threshold ("a 9k+ day"), a question
                   restating the user's number, "do this and you'll ..."
    fact_dates.py  the day of a best or lowest day; the gap between them; a date ahead that
                   is not the event's
    notes.py       a journal date is the date of the line that says it
    arrows.py      a change in percent beside two values an arrow joins ("8,020 → 9,503
                   (+18.5%)"): their change from the left one, the way its sign says
    prospects.py   what the user may yet do: a supposition ("if you can average 9.9k"), the
                   next day of a count ("making it fourteen"), a split of a total over a
                   week, a rate over the days left, a week with one day otherwise
    counted.py     days counted between two bounds ("three days between 8,900 and 9,800"), a
                   fact's window ("Last-30 best"), a week's size after a slash ("3/7")
    chat.py        the verdict's last look at the chat's own numbers:
    taken_back.py  what the coach said before and the reply takes back ("I told you 47 days;
                   that was wrong"): quoted from that earlier reply, not warned
    aims.py        what the user wants is no record: their aim ("I want 75,000 steps total")
                   reported as done ("last week you did about 75,000") is unsupported
    proposed.py    a source someone else proposes for a warned number (the second read: the
                   model's lines and arithmetic), believed only when code confirms it

**Speed.** A request is read once per distinct request (cached on its text blocks; ~100-130
ms of CPU for 400 KB); checking a reply costs a bisect and its bindings per number plus one
pass over its sentences, independent of the request's size (~9-10 ms of CPU at fastest for a
1,000-word reply with 120 numbers, ~60-80 µs a number; bench/grounding.py, and where it goes:
bench/grounding_cost.py). What does not depend
on the reply (the candidates a value and unit can stand for, the days a date or weekday word
means, whether a candidate fits a period) is kept with the request.
"""

from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.verdict import (
    OUTCOMES,
    NumberMention,
    check,
    evidence_of,
    unverified_numbers,
)

__all__ = ["OUTCOMES", "Evidence", "NumberMention", "check", "evidence_of",
           "unverified_numbers"]
