"""A fraction or a multiple in words, worked out from two true numbers beside it.

A coach compares two numbers it has just written with a word rather than a percentage:
"Saturday's 4,016 was about a third of Wednesday's 11,203", "8,111 a day, roughly
four-fifths of your 10,000 goal", "Wednesday's 11,203 was nearly three times Saturday's
4,016". The request states no such operation (it holds shares of the goal, not of one day
over another), so the verdict leaves the word unsupported; this last look redoes it.

The part is the true count written before the word in its sentence, the whole the first true
count after it (or the goal, when the words after it are "of your goal" and the sentence
writes no number after it). Operands are only numbers the checker already found true (quoted
or computed) in the word's sentence, so an invented number never makes a fraction true. The
share must fall within the word's written precision, on the side a hedge puts it ("a touch
over a third", "nearly three times"); a fraction the numbers do not give, or a multiple the
wrong way round ("4,016 was three times 11,203"), stays unsupported.

Pure: the reply's mentions and the request's goal in, an outcome and its source out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from coach_tui.coach.grounding.block_ops import written
from coach_tui.coach.grounding.candidates import A_BEFORE
from coach_tui.coach.grounding.claims import HALF_SIDE, half_range
from coach_tui.coach.grounding.facts import fmt, short_day
from coach_tui.coach.grounding.reading import TWICE_OF
from coach_tui.coach.grounding.shares import share_range, side_of, widened
from coach_tui.coach.grounding.words import SMALL, WEEKDAY_WORD, WEEKDAYS, words_value

if TYPE_CHECKING:
    from coach_tui.coach.grounding.facts import Evidence
    from coach_tui.coach.grounding.lenient import Mention

# "a drop of about two-thirds", "a rise of roughly a fifth": a change in words
_CHANGE_OF = re.compile(r"\b(?:(drop|fall|dip|decline|cut)|rise|jump|gain|increase|lift)\s+of\s+"
                        r"(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|close\s+to\s+)?"
                        r"(?:(?:a|one)\s+)?$", re.I)
_SINGLE = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fifth": 0.2}
SLACK = 0.04  # "about a third" of 30-37%: the written precision of a fraction word
TIMES_SLACK = 0.1  # "about three times" of 2.7-3.3: a multiple in words, to a tenth of itself
_TIMES = re.compile(r"\s*(?:times|x\b|×)(?!\s+(?:a|per|in|this|that|each|every|out|over|"
                    r"since|last|so\s+far)\b)", re.I)
_DECIMAL = re.compile(r"\d\.\d")  # ("over 1.5 times Thursday's")
_OF_GOAL = re.compile(r"\s+(?:of\s+)?(?:your|the)\s+(?:daily\s+|step\s+)?(?:goal|target)\b",
                      re.I)
# "just over", "a touch under", "nearly": near the word, not anywhere past it
_NEAR = re.compile(r"\b(?:just|a\s+(?:little|bit|touch|shade)|slightly|nearly|almost|"
                   r"getting\s+on\s+for|close\s+to)\s+(?:\w+\s+)?(?:than\s+)?$", re.I)


def _count(text: str) -> float | None:
    """A count as written, in digits or words ("roughly four thousand ... well under half the
    goal")."""
    w = written(text)
    return w[0] if w is not None else words_value(text) if text[:1].isalpha() else None


def _fraction(text: str) -> tuple[float, float] | None:
    words = " ".join(text.lower().replace("-", " ").split())
    single = words.removeprefix("a ").removeprefix("one ")
    if single in _SINGLE:
        return _SINGLE[single], _SINGLE[single]
    return share_range(words)


def _fraction_range(reply: str, m: Mention) -> tuple[float, float, int] | None:
    """(lowest, highest, side) a fraction in words allows, to its written precision and on the
    side a hedge puts it; None when the words are no fraction."""
    found = _fraction(m.text)
    if found is None:
        return None
    side = side_of(reply, m.start)
    lo, hi = widened(reply, m.start, *found, min(SLACK, found[0] / 4))
    if side and not _NEAR.search(reply, max(0, m.start - 30), m.start):
        # "less than half", "well under a third": any share on that side of it
        lo, hi = (found[1], 1.0) if side > 0 else (0.0, found[0])
    return lo, hi, side


def worked_out(reply: str, m: Mention, out: Sequence[Mention], ev: Evidence,
               sentence: Callable[[int], tuple[int, int]]) -> tuple[str, str] | None:
    """("computed", "4,016 ÷ 11,203 = 0.36, about a third") when the fraction or multiple
    `m` is what the true counts around it give, else None."""
    twice = m.text.lower() == "twice" and TWICE_OF.match(reply, m.end) is not None
    times = twice or m.kind == "count" and _TIMES.match(reply, m.end) is not None
    if times:
        t = m.text.strip()
        n = 2 if twice else float(t) if _DECIMAL.fullmatch(t) else SMALL.get(t.lower(), None) \
            if not t.isdigit() else int(t)
        if n is None or not (2 <= n <= 10 or isinstance(n, float) and 1 < n <= 10):
            return None
        side = side_of(reply, m.start)
        # (a decimal is written to its tenth: "1.5 times" is 1.45-1.55; "about 1.5" 1.4-1.6,
        # "nearly 1.5" 1.4-1.5)
        slack = n * TIMES_SLACK if not isinstance(n, float) else 0.1 if side or _HEDGED.search(
            reply, max(0, m.start - 12), m.start) else 0.05
        lo, hi = n - slack, n + slack
        lo, hi = (n, hi) if side > 0 else (lo, n) if side < 0 else (lo, hi)
        if side and not _NEAR.search(reply, max(0, m.start - 30), m.start):
            # "more than twice Saturday's": anything short of the next whole multiple ("over
            # 1.5 times": of the next half)
            step = 0.5 if isinstance(n, float) else 1
            lo, hi = (n, n + step) if side > 0 else (n - step, n)
    elif m.kind == "fraction":
        ranged = _fraction_range(reply, m)
        if ranged is None:
            return None
        lo, hi, side = ranged
    else:
        return None
    start, end = sentence(m.start)
    true = [(n.start, v, n.text) for n in out
            if start <= n.start < end and n.kind == "count" and n.outcome in ("quoted", "computed")
            and (v := _count(n.text)) is not None and not n.text.endswith("%") and v >= 100]
    before = [t for t in true if t[0] < m.start]
    after = [t for t in true if t[0] > m.start]
    if not before:
        return None
    change = None if times else _CHANGE_OF.search(reply, max(start, m.start - 40), m.start)
    if change is not None and len(before) >= 2:
        # "22,548 ... against last week's 69,329 ... a drop of about two-thirds": the change
        # from one to the other, over the larger for a drop and the smaller for a rise
        (_, x, x_text), (_, y, y_text) = before[-2:]
        big, small = max(x, y), min(x, y)
        drop = change[1] is not None
        got = (big - small) / (big if drop else small)
        if lo - 1e-9 <= got <= hi + 1e-9:
            base = x_text if (x == big) == drop else y_text
            return "computed", f"({fmt(big)} − {fmt(small)}) ÷ {base} = {got:.2f}, " \
                f"{'a drop' if drop else 'a rise'} of {' '.join(m.text.split())}"
    part, part_text = before[-1][1], before[-1][2]
    if after:
        whole, whole_text = after[0][1], after[0][2]
    elif not times and ev.goal and _OF_GOAL.match(reply, m.end):
        whole, whole_text = ev.goal, f"{ev.goal:,.0f} goal"
    else:
        return None
    got = part / whole
    if lo - 1e-9 <= got <= hi + 1e-9:
        words = " ".join(m.text.split())
        how = "over" if side > 0 else "under" if side < 0 else "about"
        return "computed", f"{part_text} ÷ {whole_text} = {got:.2f}, {how} {words}" + (
            " times" if times and not twice else "")
    return None


# "21,187 was more than a third of the week": the whole is a period's total, named by its words
_OF_PERIOD = re.compile(r"\s+of\s+(?:the\s+whole\s+|the\s+|your\s+|that\s+|this\s+|last\s+)"
                        r"(week|month)(?:'s|’s)?(?:\s+(?:total|steps))?\b"
                        # (not "8.2% of last week's daily average": a share of the average)
                        r"(?!(?:'s|’s)?\s+(?:daily\s+|step\s+)?(?:average|avg|pace|best|mean|rate)\b)",
                        re.I)


def of_period[M: Any](reply: str, out: list[M], ev: Evidence,
                          sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each share of a period's whole, in words or in percent ("21,187 was more
    than a third of the week", "Best: Wednesday, 17.3% of the week on its own", "Friday 5,699
    and Saturday 4,016, together 17.1% of the week"), worked out over the part its sentence
    writes before it: the true count written last (all of them, "together"), else the day a
    weekday names in that week. Computed when the part over a stated period's total (a week's
    for "week", a month's for "month") falls where the words put it; else a fraction in words
    is unsupported, whatever other operation gave the same share (a third of the first three
    days' goal days is no share of the week's steps), and a percent keeps its outcome."""
    result = list(out)
    for i, m in enumerate(out):
        if m.kind not in ("fraction", "percent") \
                or m.outcome not in ("computed", "unsupported") \
                or (named := _OF_PERIOD.match(reply, m.end)) is None:
            continue
        if (shares := _shares(reply, m)) is None:
            continue
        lo, hi = shares
        start, _end = sentence(m.start)
        before = [n for n in out[:i] if n.start >= start and n.kind == "count"
                  and n.outcome in ("quoted", "computed") and (w := written(n.text)) is not None
                  and w[0] >= 100]
        week = named[1].lower() == "week"
        wholes = [p for p in ev.periods if p.total and (p.length == 7 if week
                                                        else 28 <= p.length <= 31)]
        if not wholes:
            continue
        parts: list[tuple[float, str, Any]] = []  # (part, as written, the period it is of)
        values = [(w[0], n.text) for n in before if (w := written(n.text)) is not None
                  and w[0] != ev.goal]
        if m.kind == "percent" and any(
                n.kind == "count" and (w := written(n.text)) is not None and w[0] < 100
                for n in out[:i] if n.start >= (before[-1].end if before else start)):
            continue  # "3 of 7 days, about 43% of the week": a share of the days
        if len(values) > 1 and _TOGETHER.search(reply, before[-1].end, m.start):
            parts.append((sum(v for v, _ in values),
                          f"({' + '.join(text for _, text in values)})", None))
        elif values:  # (the last written first: "this week is 32.5% of last week's total")
            parts += [(v, text, None) for v, text in reversed(values)]
        if m.kind == "percent" and (day := _WEEKDAY.search(reply, start, m.start)) is not None:
            wanted = WEEKDAYS[day[1][:3].lower()]  # ("Best: Wednesday, 17.3% of the week")
            parts += [(f.value, f"{fmt(f.value)} ({short_day(d)})", p) for p in wholes
                      for d, f in sorted(ev.days.items())
                      if p.start <= d <= p.end and d.weekday() == wanted]
        if not parts:
            continue
        fits = [(v, text, p) for v, text, of in parts for p in wholes
                if (of is None or of is p) and lo - 1e-9 <= v / p.total <= hi + 1e-9]
        if fits:
            v, text, p = fits[0]
            share = f"{v / p.total:.2f}" if m.kind == "fraction" else f"{v / p.total:.1%}"
            result[i] = replace(m, outcome="computed",
                                source=f"{text} ÷ {p.total:,.0f} ({p.label}) = {share}")
        elif m.kind == "fraction":  # (a percent another operation gave stays: its words
            # may weigh another whole, "43% of the month's goal days")
            result[i] = replace(m, outcome="unsupported", source=None)
    return result


def _shares(reply: str, m: Mention) -> tuple[float, float] | None:
    """(lowest, highest) share a fraction in words or a percent allows, to its written
    precision and on the side a hedge puts it; None when it is neither."""
    if m.kind == "fraction":
        ranged = _fraction_range(reply, m)
        return None if ranged is None else (ranged[0], ranged[1])
    if (w := written(m.text)) is None:
        return None
    return widened(reply, m.start, (w[0] - w[1]) / 100, (w[0] + w[1]) / 100,
                   0.01 if _HEDGED.search(reply, max(0, m.start - 16), m.start) else 0)


_TOGETHER = re.compile(r"\b(?:together|combined|between\s+them|in\s+all|altogether)\b", re.I)
_WEEKDAY = re.compile(r"\b" + WEEKDAY_WORD, re.I)  # (not "month", "sunny")


# "about 92% of the way there", "a little over half of the way to your goal", "half way there":
# the part done of the goal
_OF_WAY = re.compile(r"\s+(?:(?:of\s+)?the\s+way|way)(?:\s+(?:there|to\s+(?:your\s+|the\s+)?"
                     r"(?:daily\s+)?(?:goal|target|10k|10,000))|\s*[,.;:)]|\s*$)", re.I)
_TODAY_WORDS = re.compile(r"\b(?:so\s+far|today|now|you're\s+at|you\s+are\s+at)\b", re.I)


def of_the_way[M: Any](reply: str, out: list[M], ev: Evidence,
                           sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each share "of the way" (there, to the goal) worked out as the count done
    over the goal: a day's count (a quoted one written before it in its sentence: "9,237,
    763 short, about 92% of the way there") or today's so far. Computed when one gives it to
    the precision written, else unsupported, whatever other share had the same value (the
    steps left over the goal, "5,094 to go" being 51% of it, are no part of the way done)."""
    if not ev.goal:
        return out
    result = list(out)
    for i, m in enumerate(out):
        if m.kind not in ("percent", "fraction") or _OF_WAY.match(reply, m.end) is None \
                or m.outcome not in ("computed", "unsupported") \
                or _GETS_YOU.search(reply, max(0, m.start - 40), m.start):
            continue  # ("a 30-minute walk gets you roughly a third of the way": a plan's)
        if (shares := _shares(reply, m)) is None:
            continue
        lo, hi = shares
        start, _end = sentence(m.start)
        parts = [(n.text, v) for n in out[:i] if n.start >= start and n.kind == "count"
                 and n.outcome == "quoted" and (w := written(n.text)) is not None
                 and (v := w[0]) >= 100 and v != ev.goal]
        if ev.today is not None and _TODAY_WORDS.search(reply, start, m.start):
            parts.append((f"{ev.today.value:,.0f} so far (today)", ev.today.value))
        fits = [(text, v) for text, v in parts if lo - 1e-9 <= v / ev.goal <= hi + 1e-9]
        if fits:
            text, v = fits[-1]
            result[i] = replace(m, outcome="computed",
                                source=f"{text} ÷ {ev.goal:,.0f} goal = {v / ev.goal:.1%}")
        elif parts:
            result[i] = replace(m, outcome="unsupported", source=None)
    return result


_GETS_YOU = re.compile(r"\b(?:gets?|getting|got|takes?|taking|puts?|brings?|carries)\s+you\s+"
                       r"(?:\w+\s+){0,2}$", re.I)
_HEDGED = re.compile(r"\b(?:about|around|roughly|nearly|almost|close\s+to|approximately|some)\s+$",
                     re.I)


# "a lift of nearly a fifth (roughly 18%)", "18% (nearly a fifth)": the same share said twice
_BESIDE = re.compile(r"\s*(?:\(|,\s*or\s+|[-–—]\s*)\s*(?:about\s+|roughly\s+|around\s+|nearly\s+|"
                     r"almost\s+|just\s+(?:over|under)\s+|~\s*)?$", re.I)


def restated[M: Any](reply: str, out: list[M]) -> list[M]:
    """`out` with each fraction in words that restates a true percentage written right beside
    it ("nearly a fifth (roughly 18%)", "18% (nearly a fifth)") computed as that percentage
    when the percentage falls where the words put the fraction, and warned when it does not
    ("nearly a third (roughly 18%)"), whatever other share of the request it came near."""
    result = list(out)
    for i, m in enumerate(out):
        if m.kind not in ("fraction", "ordinal") or m.outcome not in ("unsupported", "computed") \
                or m.outcome == "unsupported" and m.source is not None \
                or m.kind == "ordinal" and not A_BEFORE.search(reply, max(0, m.start - 5),
                                                                m.start):
            continue  # ("your fifth goal day (18%)": a place, not a share)
        pairs = [(out[i + 1], m.end, out[i + 1].start)] if i + 1 < len(out) else []
        if i > 0:
            pairs.append((out[i - 1], out[i - 1].end, m.start))
        for pct, lo_at, hi_at in pairs:
            if pct.kind != "percent" or pct.outcome not in ("quoted", "computed") \
                    or hi_at - lo_at > 30 or not _BESIDE.search(reply[lo_at:hi_at]) \
                    or (w := written(pct.text)) is None or (ranged := _fraction_range(
                        reply, m)) is None:
                continue
            lo, hi, _side = ranged
            if lo - 1e-9 <= w[0] / 100 <= hi + 1e-9:
                if m.outcome == "unsupported":
                    result[i] = replace(m, outcome="computed",
                                        source=f"{pct.text} beside it, {' '.join(m.text.split())}")
            else:
                side = HALF_SIDE.search(reply, max(0, m.start - 24), m.start) \
                    if m.text.lower().endswith("half") else None
                lo, hi = half_range(side) if side is not None else (lo - SLACK, hi + SLACK)
                if not lo - 1e-9 <= w[0] / 100 <= hi + 1e-9:  # (loosely: "a little under
                    result[i] = replace(m, outcome="unsupported", source=None)  # half (43%)")
            break
    return result
