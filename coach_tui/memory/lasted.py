"""How long something lasted: the line where it began and the line where it ended.

"how long was I laid up with that bug", "when was I over it", "start to finish" ask for both
ends of an illness or an injury, and the journal tells them in two lines ("Down with flu:
fever since Saturday", "Fever gone since yesterday"). When the best line found is one end,
the nearest line within `NEAR_DAYS` on the other side that matches the message too and says
it began ("down with", "since") or ended ("gone", "cleared") comes with it. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from coach_tui.memory.query import base_form, text_bases
from coach_tui.memory.ranking import Ranked, covered_words
from coach_tui.store.search import JOURNAL_KIND, Hit
from coach_tui.text import starting

NEAR_DAYS = 10
DURATION = re.compile(
    starting(r"bcdfghrstuw") +
    r"\bhow\s+long\b(?!\s+(?:was|were|is)\s+(?:my|the)\s+\w+est\b)"
    r"|\bhow\s+many\s+days\s+did\s+it\s+(?:last|go\s+on)\b"
    # "how many days was i wiped out", "how many days did I have the flu" (not "how many days
    # was I over 10k": a count of days)
    r"|\bhow\s+many\s+days\s+(?:was|were)\s+(?:i|we)\b(?!\s+(?:over|under|above|below|at)\b)"
    r"|\bhow\s+many\s+days\s+did\s+(?:i|we)\s+have\s+(?:the|that|a|my)\b"
    r"|\b(?:start|beginning)\s+to\s+(?:finish|end)\b"
    r"|\bwhen\s+was\s+i\s+(?:over|better|back)\b"
    # "when did I get better", "when did I recover", "when did it clear up"
    r"|\bwhen\s+did\s+(?:i|we)\s+(?:(?:get|feel|start\s+feeling)\s+(?:better|over|back)"
    r"|recover)\b|\bwhen\s+did\s+(?:it|the\s+\w+)\s+(?:clear|go\s+away|settle|heal|pass|end"
    r"|stop)\b|\bhang\s+around\b|\btook\s+to\s+(?:shift|clear)\b"
    r"|\b(?:til|till|until)\s+i\s+was\s+(?:back|better|over)\b"
    # "from which day until which day", "when was I finally free of it", "did my temperature
    # return to normal", "how many days did it drag on for"
    r"|\bfrom\s+(?:which|what)\s+day\s+(?:until|till|to)\s+(?:which|what)\s+day\b"
    r"|\b(?:free|clear|rid|shot)\s+of\s+(?:it|them|the\s+\w+|that)\b"
    r"|\b(?:return(?:ed)?|got|get|came|come)\s+(?:back\s+)?to\s+normal\b|\bdrag(?:ged)?\s+on\b"
    r"|\bwhen\s+(?:was|did)\s+i\s+finally\b"
    # "was I still full of cold then?", "was the cold in that week or the one before?":
    # whether a day or a week fell inside it
    r"|\bstill\s+(?:ill|sick|poorly|unwell|full\s+of|bunged|coughing|feverish|snotty|under)\b"
    r"|\bwas\s+(?:the|my|that)\s+\w+\s+(?:in|during|inside)\s+(?:that|this|those|it)\b",
    re.IGNORECASE)
_BEGAN = frozenset(map(base_form, ["down", "since", "started", "began", "caught", "came"]))
_ENDED = frozenset(map(base_form, ["gone", "cleared", "recovered", "healed", "settled", "better",
                                   "over", "back"]))


def both_ends(text: str, ranked: Sequence[Ranked], hits: Sequence[Hit],
              words: Sequence[str]) -> list[Ranked]:
    """`ranked` with the other end of what its best journal line tells, when `text` asks how
    long it lasted (see the module docstring)."""
    if not DURATION.search(text):
        return list(ranked)
    best = next((r for r in ranked if r.hit.kind == JOURNAL_KIND), None)
    if best is None:
        return list(ranked)
    day = date.fromisoformat(best.hit.day)
    held = {(r.hit.kind, r.hit.ref) for r in ranked}
    ends: list[tuple[int, Hit]] = []
    for hit in hits:
        if hit.kind != JOURNAL_KIND or (hit.kind, hit.ref) in held:
            continue
        apart = (date.fromisoformat(hit.day) - day).days
        said = text_bases(hit.text)
        if 0 < abs(apart) <= NEAR_DAYS and covered_words(words, hit.text) > 0 and (
                (apart < 0 and not said.isdisjoint(_BEGAN))
                or (apart > 0 and not said.isdisjoint(_ENDED))):
            ends.append((abs(apart), hit))
    if not ends:
        return list(ranked)
    nearest = min(ends, key=lambda e: (e[0], e[1].day))[1]
    return [*ranked, Ranked(nearest, covered_words(words, nearest.text))]
