"""A change in percent beside two values an arrow joins: `checked(reply, out)`.

A terse coach writes a change as "Avg 8,020 → 9,503 (+1,483/d, +18.5%)", "Nov avg 9,494 → 12k
needs +2,506/d (~26% more)" or "+13.8% (9,904 → 11,274)": the arrow says which value is the
base. A percentage on the arrow's line, with no other arrow or clause break between, is that
change, (B − A) ÷ A, to the place written (a hedge, "~26%", to within its last place), in the
direction a sign or word says; worked out over a pair the checker found true, it is computed,
and anything else is unsupported, whatever other operation of the request gives its value
(the 7-day average's change when the words wrote November's, a share of the gap over the new
value). A percentage on either side of the arrow ("8,020 → +15.6%") is not such a pair.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

_NUM = r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k)?"
# two step values an arrow joins ("8,020 → 9,503", "9,494 → 12k", "9,904/d → 11,274/d")
_PAIR = re.compile(rf"(?<![\d.,%+−-]){_NUM}(?:/d(?:ay)?|\s+a\s+day)?\s*(?:→|->)\s*{_NUM}(?![\d%])",
                   re.I)
_BREAK = re.compile(r"[;\n]|→|->|\.\s")
_HEDGE = re.compile(r"(?:~|≈|about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)$", re.I)
_DOWN_AFTER = re.compile(r"\s*(?:less|lower|down|below|under|fewer|drop|decrease)\b", re.I)
_UP_AFTER = re.compile(r"\s*(?:more|higher|up|above|over|rise|increase|gain)\b", re.I)


def _value(digits: str, k: str | None) -> float:
    return float(digits.replace(",", "")) * (1000 if k else 1)


def checked[M: Any](reply: str, out: Sequence[M]) -> list[M]:
    """`out` with each percentage beside an arrow's pair judged by that pair's change."""
    if "→" not in reply and "->" not in reply or "%" not in reply:
        return list(out)
    pairs = []
    for arrow in ("→", "->"):  # (read only around each arrow)
        at = reply.find(arrow)
        while at >= 0:
            pairs += [p for p in _PAIR.finditer(reply, max(0, at - 24), at + 30)
                      if p.start() < at < p.end() and _value(p[1], p[2]) >= 100
                      and _value(p[3], p[4]) >= 100]
            at = reply.find(arrow, at + 1)
    if not pairs:
        return list(out)
    true = {m.start for m in out if m.outcome in ("quoted", "computed")}
    result = []
    for m in out:
        if m.kind == "percent" and m.outcome != "advice":
            pair = next((p for p in pairs if _joined(reply, p, m)), None)
            if pair is not None:
                m = _judged(reply, m, pair, true)
        result.append(m)
    return result


def _joined(reply: str, pair: re.Match, m: Any) -> bool:
    """Whether percentage `m` is on `pair`'s line with nothing between that breaks them."""
    if m.start >= pair.end():
        lo, hi = pair.end(), m.start
    elif m.end <= pair.start():
        lo, hi = m.end, pair.start()
    else:
        return False
    return hi - lo <= 40 and _BREAK.search(reply, lo, hi) is None


def _judged(reply: str, m: Any, pair: re.Match, true: set[int]) -> Any:
    a, b = _value(pair[1], pair[2]), _value(pair[3], pair[4])
    written = re.fullmatch(r"\s*(\d+(?:\.(\d+))?)\s*%", m.text)
    if written is None or pair.start(1) not in true or pair.start(3) not in true:
        return m
    value = float(written[1])
    step = 10.0 ** -len(written[2] or "")
    sign = reply[m.start - 1:m.start] if m.start else ""
    signed = sign in ("+", "−", "-")
    way = ("down" if sign != "+" else "up") if signed else \
        "down" if _DOWN_AFTER.match(reply, m.end) else "up" if _UP_AFTER.match(reply, m.end) \
        else None
    change = (b - a) / a * 100
    hedged = _HEDGE.search(reply, max(0, m.start - 8), m.start - signed)
    tol = step if hedged else step / 2
    if (way is None or (change < 0) == (way == "down")) \
            and (abs(abs(change) - value) <= tol + 1e-9
                 or int(abs(change) / step) * step == value):
        if m.outcome == "unsupported":
            return replace(m, outcome="computed",
                           source=f"({pair[3]}{pair[4] or ''} − {pair[1]}{pair[2] or ''}) ÷ "
                                  f"{pair[1]}{pair[2] or ''} = {change:+.1f}%")
        return m
    return replace(m, outcome="unsupported", source=None)
