"""A length of walking in a reply: `walking_time(reply, atom, clause_of)`, and what a walking
pace turns steps or time into (`paced`).

The app records steps, not minutes: an estimated length of time ("roughly 75 to 80 minutes",
"about 70 minutes on your feet", "40 minutes of walking") sizes a plan, and is advice unless
its clause reports what happened ("you walked 40 minutes of brisk walking yesterday"); an
estimate is advice even there ("yesterday needed about 8 more minutes": steps turned into
time), and so is a cap ("walks no longer than 30 minutes"). A bare length ("5:15: another 30
minutes") is left to the other rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from coach_tui.coach.grounding.reports import reports
from coach_tui.coach.grounding.scan import Atom


def walking_time(reply: str, a: Atom, clause: Callable[[int], tuple[int, int]]) -> bool:
    """A length of time the request does not state ("roughly 75 to 80 minutes of walking"):
    the app records steps, not minutes, so it sizes a plan unless its clause reports what
    happened ("you walked 40 minutes yesterday"); so does a length put in a slot of the day ("20
    minutes before meetings start")."""
    unit = a.ends[-1].unit if a.kind == "range" and a.ends else a.unit
    if unit not in ("minute", "hour"):
        return False
    if _ESTIMATE.search(reply, max(0, a.start - 12), a.start) is not None:
        return True  # "yesterday needed about 8 more minutes": steps turned into time
    return (_CAP.search(reply, max(0, a.start - 20), a.start) is not None
            or _SIZED.match(reply, a.end) is not None
            or _OF_WALKING.match(reply, a.end) is not None
            or _SLOT.match(reply, a.end) is not None) \
        and not reports(reply[slice(*clause(a.start))].lower())


# an estimate of time, or time of walking: "roughly 75 to 80 minutes", "40 minutes of walking"
# ("the 763 you were short is about a 10-minute walk")
_ESTIMATE = re.compile(r"\b(?:about|roughly|around|approximately|some|maybe)\s+(?:an?\s+)?$|~\s*$",
                       re.I)
# a cap on a length: "walks no longer than 30 minutes", "at most 20 minutes", "up to an hour"
_CAP = re.compile(r"\b(?:no\s+(?:longer|more)\s+than|at\s+most|up\s+to|max(?:imum)?)\s+$", re.I)
# a length sizing an activity: "a 20-min walk", "quick 10-min loop", "6 mins round the block"
_SIZED = re.compile(r"-(?:min|minute|hr|hour)s?\b|\s+mins?\s+(?:round|around|on|of|at)\b", re.I)
_OF_WALKING = re.compile(r"\s*(?:minutes?|mins?|hours?|hrs?)\s+(?:of\s+(?:\w+\s+)?walking|"
                         r"on\s+your\s+feet|walking)\b", re.I)
# a length of time put in a slot of the day: "20 minutes before meetings start", "15 after lunch"
_SLOT = re.compile(r"\s*(?:minutes?|mins?|hours?|hrs?)\s+(?:before|after|during|around|"
                   r"at(?!\s+a\s+(?:time|stretch|go)\b))\b", re.I)


def paced(reply: str, a: Atom, sentence: Callable[[int], tuple[int, int]]) -> bool:
    """A walking pace ("100 to 110 steps per minute") and the sizes its sentence works out from
    it after it ("at about 100 steps a minute that is roughly 1,000 extra steps", "a walk of
    under 20 minutes", "8,000 to 9,000 steps"): a rule of thumb and its estimates, not the
    user's data. A small bare count there ("takes your streak from 1 day to 2") is left to the
    other rules."""
    if a.kind != "range" and not (a.kind == "count" and a.value is not None and (
            a.unit in ("minute", "hour", "step") or a.value >= 100)):
        return False
    pace = _PACE.search(reply, *sentence(a.start))
    return pace is not None and pace.start() <= a.end + 1  # (the pace itself, or after it)


# a walking pace: "100 steps per minute", "a brisk 100 to 110 steps a minute", "cadence of 100"
_PACE = re.compile(r"\d[\d,]*(?:\s*(?:to|-|–)\s*\d[\d,]*)?\s+steps?\s+(?:per|a|an)\s+min(?:ute)?\b"
                   r"|\bcadence\b", re.I)
