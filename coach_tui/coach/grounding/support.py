"""Whether the context supports one number: `support(atom, evidence)`.

Returns the context text that supports the atom, or None. Support means the same quantity
appears in the context:
- counts match through thousands separators, `k`, words and rounding as people round: a
  number is read to the place of its last significant digit, and to at least 2 significant
  figures (trailing zeros are ambiguous), and is supported by a context value that rounds to
  it: "11,300", "11.3k", "11k", "11,000", "eleven thousand" for 11,283; "10,000" for 10,050;
  never "10,000" for 9,486, or "5k" for 5,130 (1 significant figure: merely near);
- when both the reply and the context name a unit right after the number (steps, days, weeks,
  minutes, walks, sentences...), the units must agree: "two days" is not supported by the
  persona's "two to five sentences". A context number with no unit supports any, except a
  small number in words ("one option, perhaps two"), which supports only a bare number;
- a gap ("6,900 to go", "39 more", "946 short", "2 fewer") only by the same gap in the context;
- an ordinal by the same count ("3rd day in a row" by "3 days"); a date-like one in digits
  ("the 19th", "Thursday the 25th": the caller decides, see verdict.py) by a context date on
  that day: with the app's live line ("Now: Monday 2026-11-30") the latest such day on or
  before now, or the next one after it, on the named weekday; without one, any context date
  on that day;
- percentages only by the same percentage (rounded as above), never by a plain count;
- dates by a context date with the same month and day (and year and weekday when written);
  times by the same time of day, or, on the hour, by "at/after/before/around H" in the context;
- a year by a context date in that year;
- a range when each end is supported.
Fractions ("a third of") are matched by their words, by the caller. Anything worked out (a
difference, a sum, a percentage change, a conversion) is unsupported unless it happens to
equal a number in the context: the model phrases, code derives. That is the checker's limit
too: it matches quantities, not meanings, so a derived "two days" passes when the context
says "2 days" about something else. Each lookup is a bisect or a dict lookup, independent of
the context's size.
"""

from __future__ import annotations

from bisect import bisect_left
from datetime import date

from coach_tui.coach.grounding.evidence import Evidence
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import valid_date


def _near(sorted_values: list[float], value: float, tolerance: float) -> float | None:
    i = bisect_left(sorted_values, value - tolerance - 1e-9)
    if i < len(sorted_values) and sorted_values[i] <= value + tolerance + 1e-9:
        return sorted_values[i]
    return None


def _tolerance(a: Atom) -> float:
    # Rounding is how people restate a number they were given, to 2 or more significant
    # figures: "11,300", "11k" and "11,000" for 11,283, but not "10,000" (or "5k" for 5,130).
    return a.unit_step / 2 if a.sig >= 2 and a.unit_step > 1e-12 else 0.0


def support(a: Atom, ev: Evidence, ordinal_as_date: bool = False) -> str | None:
    """The context text that supports atom `a`, or None."""
    if a.difference:
        return ev.differences.get(a.value)
    if a.kind in ("count", "ordinal", "year"):
        if a.kind == "ordinal" and ordinal_as_date and a.value.is_integer():
            hit = _day_of_month(ev, int(a.value), None)
            if hit is not None:
                return hit
        pools = [ev.all_values] if a.unit is None else [ev.values.get(a.unit, []),
                                                         ev.values.get(None, [])]
        tol = _tolerance(a)
        for pool in pools:
            hit = _near(pool, a.value, tol)
            if hit is not None:
                return ev.value_text.get((a.unit, hit)) or ev.value_text.get((None, hit), str(hit))
        if a.kind == "year" and a.value.is_integer():
            return ev.years.get(int(a.value))
        return None
    if a.kind == "percent":
        hit = _near(ev.percents, a.value, _tolerance(a))
        return None if hit is None else ev.value_text[("%", hit)]
    if a.kind == "date":
        for y, mo, d, wd in a.dates:
            if mo is None:
                hit = _day_of_month(ev, d, wd)
                if hit is not None:
                    return hit
                continue
            if y is not None:
                hit = ev.dates.get(date(y, mo, d))
                if hit is not None:
                    return hit
                wd = date(y, mo, d).weekday()
            for (cy, cwd), source in ev.month_days.get((mo, d), {}).items():
                # With a year written, only a yearless context date ("Mon 23 Nov") can still
                # support it; a weekday, when both sides state one, must agree.
                if (y is None or cy is None) and (wd is None or cwd is None or cwd == wd):
                    return source
        return None
    if a.kind == "time":
        for minutes in a.minutes:
            if minutes in ev.times:
                return ev.times[minutes]
        return None
    if a.kind == "range":
        sources = [support(end, ev) for end in a.ends]
        return None if None in sources else " / ".join(sources)
    return None


def _day_of_month(ev: Evidence, day: int, weekday: int | None) -> str | None:
    """The context date a bare day of the month ("the 19th", "Thursday the 25th") means.

    With a "Now:" line it is the nearest such day to now, which must be in the context (and
    on that weekday); without one, any context date on that day (and weekday) will do.
    """
    if ev.now is not None:
        # The latest such day on or before now, or the next one after it ("on the 12th" for
        # an event ahead): whichever the context holds.
        for step in (-1, 1):
            year, month = ev.now.year, ev.now.month
            for _ in range(3):
                if valid_date(year, month, day):
                    meant = date(year, month, day)
                    if (meant <= ev.now) if step < 0 else (meant > ev.now):
                        break
                month += step
                year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
            else:
                continue
            if weekday is None or meant.weekday() == weekday:
                hit = ev.dates.get(meant)
                if hit is not None:
                    return hit
        return None
    for (_, cwd), source in ev.month_days.get((0, day), {}).items():
        if weekday is None or cwd == weekday:
            return source
    return ev.day_numbers.get(day) if weekday is None else None

