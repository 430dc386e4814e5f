"""Does a sentence say what happened? `reports(text)`: the words of a report, lower case.

A clause or sentence reports when it says what the user did or what their data is ("you
walked", "you met", "your streak is", "you're on", "met the goal", "yesterday", "last week",
"met goal on 5 of 7 days", "22 days ago", "twelve days of soreness, since Thursday the
19th"); advice.py reads a number in one as a claim, not a suggestion. `REPORT_WEAK` is a
general claim ("most", "research", "that's", "so far"), which outweighs only weak suggesting
cues.
"""

from __future__ import annotations

import re

# ("to finish near 10,300, which leaves a 300-step buffer": a plan's margin, no report)
_NO_BUFFER = (r"(?!\s+(?:you\s+)?(?:a|an)\s+(?:[\d,.]+k?[-\s](?:steps?[-\s])?|small\s+|little\s+|"
              r"healthy\s+|comfortable\s+)?(?:buffer|cushion|margin)\b)")
REPORT_STRONG = re.compile(
    # ("I'd rather you hit 10,500", "I want you to walk": a wish, not a report)
    r"\byou(?<!rather you)(?<!want you)(?<!need you)(?<!like you)"
    r"(?:'ve|'d| have| had)?\s+(?:\w+\s+)?(?:walked|did|spent|managed|logged|went|got|hit|"
    r"met|took|were|was|said|mentioned|told|averaged|reached|cleared|kept|made|wrote|noted|"
    r"been|started|missed|finished|covered|added|landed|topped|stepped|jumped|climbed|dropped|"
    r"dipped|slipped|bounced)\b"
    # ("a walk straight after your last meeting is the easiest win": the walk is)
    r"|\byour(?<!after your)(?<!before your)(?<!until your)(?<!during your)"
    r"(?<!once your)(?<!when your)(?<!till your)"  # ("once your lunch is done": a time)
    # ("your best shot is a lunchtime loop of 30 to 40 minutes": a suggestion)
    r"(?!\s+(?:best\s+|easiest\s+|simplest\s+)?(?:shot|bet|option|move|choice)\b)"
    r"\s+(?:\w+\s+){0,2}(?:was|were|took|lasted|is|stands|sits)\b"
    r"|\byou(?:'re| are) (?:on|at)\b|\byou(?:'ve| have) got\b"
    # "so you didn't let it slide into the next week": what the user did not do, told
    r"|\byou (?:didn't|didn’t|did not|never) (?!need\b|have to\b)"
    # ("keep your streak going", "protect your streak": what a suggestion acts on)
    # ("the day after your best day", "to beat your average": a fact a suggestion points at)
    r"|\byour(?<!keep your)(?<!protect your)(?<!extend your)(?<!after your)(?<!before your)"
    r"(?<!beat your)(?<!match your) (?:best|worst|lowest|highest|"
    r"longest|average|streak|total|record)\b(?!\s+(?:shot|bet|option|move|choice)\b)"
    r"|\b(?:met|hit|reached|missed) (?:the|your) goal\b|\b(?:met|missed) goal\b"
    r"|\b(?:which|that|this) leaves\b" + _NO_BUFFER +
    r"|\bgoal (?:was )?(?:met|hit|missed) on\b|\bremaining \S+ days\b"
    # ("try 12,000 for the last week of the month": its final week, ahead)
    r"|\byesterday(?:'s)?\b|\blast\s+(?:week|month|night|time|\w+day)\b(?!\s+of\b)"
    # "the 10k is now 12 days after Monday": a count of days between two dates
    r"|\b(?:is|are|was|it's|that's)\s+(?:now\s+|still\s+|just\s+|only\s+)?\S+\s+days?\s+"
    r"(?:after|before|away|until|out|from|since)\b"
    # "the race is 13 days away", "with the 10k 13 days out" (not "3 days out of 7")
    r"|\b\S+\s+days?\s+(?:away|out(?!\s+(?:of|from)\b))\b"
    # "22 days ago", "twelve days of soreness, since Thursday the 19th": a span already lived
    r"|\b(?:days?|weeks?)\s+ago\b|\b(?:days?|weeks?|months?)\s+now\b|\bdays?\s+(?:of\s+\w+\s*,?\s*)?since\s+"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+\d|[a-z]{3,9}\.?\s+\d)"
    # "twelve days of a sore knee", "12 days of it": an episode's days, lived
    r"|\bdays\s+of\s+(?:a\s+|the\s+|your\s+|this\s+|that\s+)?(?:it\b|sore|soreness|pain|"
    r"aching|ache|niggl|limp|swelling|stiffness)"
    r"|\bdays\s+(?:is|are)\s+(?:too\s+long|long\s+enough|a\s+long\s+time)\b")
# General knowledge ("most sprains heal in...", "research suggests...") is a claim too.
REPORT_WEAK = re.compile(
    r"\bthat(?:'s| is| was)\b|\bin a row\b|\bstreak\b|\baverage\b|\brecords?\b|\bso far\b"
    r"|\byour\s+(?:usual|normal)\b"
    r"|\bmost\b(?! of)|\b(?:typically|research|studies|study|experts|guidelines|people)\b")




def _starting(words: str, rest: str) -> str:
    r"""`\b(?:words)rest` as one alternative per word, each starting with its first letter:
    `\bword` is `word(?<!\wword)`."""
    return "|".join(rf"{w}(?<!\w{w}){rest}" for w in words.split())


# REPORT_STRONG found the same (some match or none), but each alternative starts with a letter:
# the engine skips to the letters that can start one and tries only the alternatives that
# start with the letter found, where REPORT_STRONG tries all of them at every position.
_FAST = re.compile("|".join((
    _starting("you", r"(?<!rather you)(?<!want you)(?<!need you)(?<!like you)"
              r"(?:'ve|'d| have| had)?\s+(?:\w+\s+)?(?:walked|did|spent|managed|logged|went|"
              r"got|hit|met|took|were|was|said|mentioned|told|averaged|reached|cleared|kept|"
              r"made|wrote|noted|been|started|missed|finished|covered|added|landed|topped|"
              r"stepped|jumped|climbed|dropped|dipped|slipped|bounced)\b"),
    _starting("your", r"(?<!after your)(?<!before your)(?<!until your)(?<!during your)"
              r"(?<!once your)(?<!when your)(?<!till your)"
              r"(?!\s+(?:best\s+|easiest\s+|simplest\s+)?(?:shot|bet|option|move|choice)\b)"
              r"\s+(?:\w+\s+){0,2}(?:was|were|took|lasted|is|stands|sits)\b"),
    _starting("you", r"(?:'re| are) (?:on|at)\b"), _starting("you", r"(?:'ve| have) got\b"),
    _starting("you", r" (?:didn't|didn’t|did not|never) (?!need\b|have to\b)"),
    _starting("your", r"(?<!keep your)(?<!protect your)(?<!extend your)(?<!after your)"
              r"(?<!before your)(?<!beat your)(?<!match your) (?:best|worst|lowest|"
              r"highest|longest|average|streak|total|record)\b"
              r"(?!\s+(?:shot|bet|option|move|choice)\b)"),
    _starting("met hit reached missed", r" (?:the|your) goal\b"),
    _starting("met missed", r" goal\b"),  # ("Met goal on 5 of 7 days": a log's shorthand)
    _starting("which that this", r" leaves\b" + _NO_BUFFER),
    _starting("goal", r" (?:was )?(?:met|hit|missed) on\b"),
    _starting("remaining", r" \S+ days\b"), _starting("yesterday", r"(?:'s)?\b"),
    _starting("last", r"\s+(?:week|month|night|time|\w+day)\b(?!\s+of\b)"),
    _starting("is are was it's that's", r"\s+(?:now\s+|still\s+|just\s+|only\s+)?\S+\s+days?\s+"
              r"(?:after|before|away|until|out|from|since)\b"),
    _starting("days day weeks week", r"\s+ago\b"),
    _starting("days day weeks week months month", r"\s+now\b"),
    _starting("days day", r"\s+(?:of\s+\w+\s*,?\s*)?since\s+(?:(?:mon|tues|wednes|thurs|fri|"
              r"satur|sun)day|the\s+\d|[a-z]{3,9}\.?\s+\d)"),
    _starting("days", r"(?:\s+of\s+(?:a\s+|the\s+|your\s+|this\s+|that\s+)?(?:it\b|sore|"
              r"soreness|pain|aching|ache|niggl|limp|swelling|stiffness)"
              r"|\s+(?:is|are)\s+(?:too\s+long|long\s+enough|a\s+long\s+time)\b)"))))
# (REPORT_STRONG's one alternative left out of _FAST)
_AWAY = re.compile(r"\b\S+\s+days?\s+(?:away|out(?!\s+(?:of|from)\b))\b")


def reports(text: str) -> bool:
    """Whether lower-cased `text` holds a match of `REPORT_STRONG` (searched only if it holds
    a word every match holds: "yesterday" holds "day")."""
    return ("you" in text or "day" in text or "goal" in text or "last" in text or "week" in text
            or "leaves" in text or "month" in text) and (
        _FAST.search(text) is not None
        or ("away" in text or "out" in text) and _AWAY.search(text) is not None)
