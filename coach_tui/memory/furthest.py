"""The furthest of what was found: "whats the furthest ive jogged in training", "my longest
run" ask for the memory that tells the longest distance, not every line that names a run.
Pure: ranked memories in, the one with the greatest distance written (and the anchors) out."""

from __future__ import annotations

import re
from collections.abc import Sequence

from coach_tui.memory.ranking import Ranked
from coach_tui.store.search import CHAT_KIND, JOURNAL_KIND, Hit
from coach_tui.text import starting

ONE_OUTING_KM = 100
_FURTHEST = re.compile(starting(r"fl") +
                       r"\b(?:furthest|farthest|longest\s+(?:run|distance|outing|jog|walk"
                       r"|hike|ever))\b", re.IGNORECASE)
# "my longest run to date at that point": the furthest as of another memory, which it tells
_THEN = re.compile(starting(r"abtu") +
                   r"\b(?:at\s+(?:that|the)\s+(?:point|time|stage)|back\s+then|by\s+then"
                   r"|(?:until|till|up\s+to)\s+then)\b", re.IGNORECASE)
_KM = re.compile(starting(r"\d") +
                 r"\b(\d{1,3}(?:\.\d)?)\s*(?:km|kms|kilomet(?:re|er)s?|k)\b", re.IGNORECASE)
_MILES = re.compile(starting(r"\d") +
                    r"\b(\d{1,3}(?:\.\d)?)\s*(?:mi|miles?)\b", re.IGNORECASE)


def distance_km(text: str) -> float:
    """The longest distance `text` writes, in km (0 when it writes none)."""
    kms = [float(m.group(1)) for m in _KM.finditer(text)]
    kms += [float(m.group(1)) * 1.609 for m in _MILES.finditer(text)]
    return max(kms, default=0.0)


def furthest(text: str, ranked: Sequence[Ranked], asked: str | None,
             hits: Sequence[Hit] = ()) -> list[Ranked]:
    """`ranked` with only the journal line (or exchange) writing the greatest distance, when
    `text` asks for the furthest and more than one found memory writes a distance; a
    message asking what the coach said keeps its list. The search's other `hits` compete too
    ("the furthest I jogged before the big day": the line naming the race may outrank the
    longest run on words, not on distance). The furthest "at that point" or "back then" is
    the one a memory of that time tells: the list is kept."""
    if asked == CHAT_KIND or not _FURTHEST.search(text) or _THEN.search(text):
        return list(ranked)
    held = {(r.hit.kind, r.hit.ref) for r in ranked}
    # (journal lines only, of one outing's length: not "500k on the shoes")
    others = [Ranked(h, 0.0) for h in hits if (h.kind, h.ref) not in held
              and h.kind == JOURNAL_KIND and distance_km(h.text) <= ONE_OUTING_KM]
    far = [(distance_km(f"{r.hit.text}\n{r.hit.reply}"), r) for r in [*ranked, *others]
           if r.hit.kind in (JOURNAL_KIND, CHAT_KIND) and not r.anchor]
    far = [(km, r) for km, r in far if km > 0]
    if len(far) < 2:
        return list(ranked)
    best = max(far, key=lambda f: f[0])[1]
    return [r for r in ranked if r.anchor or r is best
            or r.hit.kind not in (JOURNAL_KIND, CHAT_KIND)] + ([best] if best in others else [])
