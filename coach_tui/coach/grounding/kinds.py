"""What the words around a number say it counts: `read_kinds(reply, atom, binder, pct)`.

Gives (fact kinds, sign, position): the kinds of fact the number may stand for (the fact word
binding.py finds, or what the phrase says: "a 4,377-step gap between" is a difference, "met on
4 of 7 days" a count of met days, "the 18-day run" a streak, "7-day average" a window, "16
didn't" days missed, "day 5" a place in a streak); the direction of a gap ("short" / "over",
"by" when the words give none) or of a change in percent ("up" / "down", from the word right
after it or the words around it); and whether it is a place in a streak ("day 5", "the 5th").
"""

from __future__ import annotations

import re

from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.period_binding import LIST_ITEM
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import may_hold, trie

# "6 of 7 days", "six of the seven days", "13 of your 30": the count of the period's days
# (the words as a trie: each is followed by spaces, so at most one of them can match)
_OF_BEFORE = re.compile(r"(?:\d|\b" + trie(["one", "two", "three", "four", "five", "six", "seven",
                        "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
                        "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                        "thirty"]) + r")\s+(?:out\s+)?of\s+(?:(?:the|your|its|"
                        r"those|these|all|last|recorded|tracked)\s+)*$",
                        re.IGNORECASE)
_RECORD_GAP = re.compile(r"\s+(?:more\s+)?days?\s+(?:off|short of|from|away from|behind|shy of|"
                         r"to match|to beat|to tie)\s+(?:your|the)\s+(?:\d+-day\s+)?(?:record|"
                         r"longest|best streak|best run)", re.IGNORECASE)
# "your 18-day run is 17 days longer than the current one": the record over the streak
_LONGER_THAN_NOW = re.compile(r"\s+days?\s+longer\s+than\s+(?:the|your)\s+current\b", re.I)
# "the longest streak on record is 18 days, 17 more than where you stand now"
_MORE_THAN_NOW = re.compile(r"\s+(?:days?\s+)?(?:longer|more)\s+than\s+(?:(?:the|your)\s+current"
                            r"(?:\s+(?:one|streak|run))?\b|where\s+you\s+(?:stand|are)\b)", re.I)
_GOAL_DAY_NUMBER = re.compile(r"\b(?:(goal[\s-]+day(?:\s+(?:number|no\.?|#))?)|streak\s+(?:goes|"
                              r"moves|jumps|climbs|grows)\s+(?:from\s+\d+\s+days?\s+)?(?:up\s+)?to"
                              # ("extending the run to 2", "and the count reads 2", "takes
                              # your streak from 1 day to 2")
                              r"|extend(?:s|ing)?\s+(?:the|your)\s+(?:run|streak)\s+to"
                              r"|(?:takes?|brings?|pushes?|lifts?|gets?)\s+(?:the|your)\s+streak"
                              r"\s+(?:from\s+\d+\s+days?\s+)?(?:up\s+)?to"
                              r"|(?:streak|run|count)\s+reads)"
                              r"\s*$", re.I)  # ("and the streak moves to 2", "goal day 14")
_GAP_TO_IT = re.compile(r"\s+(?:more\s+)?(?:goal\s+)?days?\s+(?:in a row\s+)?(?:off|short of|"
                        r"away from|from|behind|shy of|to (?:match|beat|tie))\s+"
                        r"(?:(?:matching|beating|tying)\s+)?(?:it|that)\b", re.IGNORECASE)
# "to match it you'd need 17 more days": the record is the one the sentence before names
_MATCH_BEFORE = re.compile(r"\bto (?:match|beat|tie|equal)\b|\b(?:matching|beating|tying|"
                           r"equall?ing)\b", re.IGNORECASE)  # ("matching your record would take")
_MATCH_WORDS = ("to match", "to beat", "to tie", "to equal", "matching", "beating", "tying",
                "equal")  # (`may_hold` spares the search)
_UNTIL_AFTER = re.compile(r"\s+(?:more\s+)?(?:days?|weeks?)\s+(?:away|to go until|until|"
                          r"till|from now|before the|to(?=\s+(?:the|your|race)\b)|"
                          r"(?:off|out)(?=\s*[.,;!?]|\s*$|\s+(?:now|yet|still)\b))"
                          r"\b(?!\s+(?:your|the)\s+(?:\d+-day\s+)?"
                          r"(?:record|longest|best))", re.I)
_PLACE_BEFORE = ("day ", "Day ", "make it ", "day number ", "day no. ", "day #")
_LONGEST = re.compile(r"\b(?:longest|record|best\s+(?:run|streak))\b", re.IGNORECASE)
_TO_GO_RECORD = re.compile(r"\s*(?:more\s+)?(?:(?:goal\s+)?days?\s*)?(?:to\s+go\s*)?,?\s*"
                           r"(?:to|till|until)\s+(?:match|beat|tie|equal)\s+(?:it|that|your|the)\b",
                           re.IGNORECASE)
_GOAL_DAYS = re.compile(r"\s+(?:goal[\s-]+days?|goals(?!\s+(?:of|for|to)\b)|days?\s+(?:at|on|over|"
                        r"above|meeting|hitting|"
                        r"that\s+(?:met|hit|reached|cleared))\s+(?:the\s+|your\s+)?"
                        r"(?:step\s+)?goal)\b", re.I)
_IN_A_ROW = re.compile(r"[\s-]+(?:in a row|straight|running|consecutive|streak|run)\b", re.I)
# "the 18-day run", "18-day pb streak" (a personal best in days: the longest)
_RUN_AFTER = re.compile(r"-day\s+(?:(?:goal|pb|best|record)\s+)?(?:streak|run|record)", re.I)
# "Streak 0; 18-day pb still the bar": a pb in days where the sentence speaks of streaks (a
# "30-day pb" beside a day's steps is the best of a window)
_PB_AFTER = re.compile(r"-day\s+pb\b", re.I)
# "...and tomorrow you'll be looking at a 2-day streak", "meet it today for a 2-day run": the
# run a day met today would make
# ("that puts you on a two-day streak heading into today" is the streak as it stands)
_NEXT_RUN = re.compile(r"\b(?:will|would|could|tomorrow|if|once)\b|['’]ll\b"
                       r"|^\W*(?:meet|hit|reach|clear|bank|make|finish|close|end|top|get)\b"
                       r"|\bmake\s+it\b", re.I)  # ("... by dinner and make it a two-day streak")
_STREAK = re.compile(r"\bstreak", re.I)
# "16 didn't", "17 misses", "16 days short": a bare count of the days that missed the goal.
# ("four fell under it", "four came in below the goal")
_MISSED_AFTER = re.compile(r"\s+(?:days?\s+|of them\s+)?(?:(?:that|which)\s+)?"  # ("17 that fell")
                           r"(?:didn't|did not|weren't|were not|"
                           r"misses|missed|near misses|fell short|came up short|short|"
                           r"(?:fell|came\s+in|stayed|finished|landed)\s+(?:under|below)\s+"
                           r"(?:it|the\s+goal|your\s+goal|10k|10,000)\b)", re.I)
# "Goal met on 13 days; missed 16": a bare count after the verb
_MISSED_BEFORE = re.compile(r"\b(?:missed|misses|not\s+met|fell\s+short)\s*:?\s*$", re.I)
# "missed on 17", "hit it on 12": a count of days the verb before names (group 1: missed)
_ON_BEFORE = re.compile(r"\b(?:(missed|fell\s+short|came\s+up\s+short|short|not\s+met)|met|hit|"
                        r"reached|cleared|made|(?<=goal\s)fell|(?<=goal\sonly\s)fell)\s+"
                        r"(?:it\s+|the\s+goal\s+|"
                        r"your\s+goal\s+)?on\s+(?:just\s+|only\s+)?$",
                        re.I)
# (a whole of 1,000 or more is a step level: "310 of 10,000" is today's count, not days)
_OF_AFTER = re.compile(r"\s+(?:out\s+)?of\s+(?:(?:the\s+|your\s+|those\s+|these\s+|all\s+)?"
                       r"(?:\d(?!\d{0,2}[,.]?\d{3})|one\b|two\b|three\b|four\b|five\b|six\b|"
                       r"seven\b|eight\b|nine\b|ten\b)"
                       # ("17 of November's days fell short")
                       r"|(?:january|february|march|april|may|june|july|august|september|"
                       r"october|november|december)['’]s\s+(?:\d+\s+|[a-z]+\s+)?days\b)",
                       re.IGNORECASE)  # ("17 of November's 30 days")
_IN_WINDOW = re.compile(r"\s+(?:of|in|out of)\s+the\s+(?:last|past)\s+(?:\d+|[a-z]+)\s+days\b",
                        re.I)
_GAP_AFTER = re.compile(r"(?:-steps?|\s+steps?)?\s+(?:gap|difference|spread|swing)\b", re.I)
_OPERATOR_AFTER = re.compile(r"\s*[−–+×÷*/-]\s*\d")
_FIRST_OPERAND = re.compile(r"\s*[−–+×÷*/-]\s*\d[\d,.]*k?\s*=")
# ("a gap of 1,370", "the gain is 1,370 a day": a difference the words name)
_GAP_BEFORE = re.compile(r"\b(?:(?:gap|difference|spread|swing)\s+of|the\s+(?:gap|difference|"
                         r"gain|rise|increase|drop|fall|jump)\s+(?:is|was)"
                         # ("- **Gap to goal:** 96 steps a day": a label naming a difference)
                         r"|gap\s+to\s+(?:the\s+|your\s+)?goal(?:\*\*)?:(?:\*\*)?)\s+(?:about\s+|"
                         r"around\s+|roughly\s+|nearly\s+|almost\s+|just\s+over\s+|"
                         r"just\s+under\s+)?$", re.IGNORECASE)
# "you hit it 4 times", "made it twice": "it" is the goal the question is about
_MET_IT = re.compile(r"\b(?:met|hit|reached|made|cleared)\s+it\b", re.I)
_ALL_BUT = re.compile(r"\b(?:all|every\s+day|each\s+day)\s+(?:but|except)\s+$", re.I)
_MET_VERB = re.compile(r"\b(?:met|hit|reached|cleared|made)\b", re.I)
_MISSED_VERB = re.compile(r"\b(?:missed|miss|fell short|didn't|did not|not met)\b", re.I)
_THRESHOLD = re.compile(r"(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d{4,}|\d+(?:\.\d+)?k\b)", re.I)
# "day 5", "it becomes 5": a place in a streak
_DAY_PLACE = re.compile(r"(?:(?<![A-Za-z])day|\bbecomes|\bturns into)\s$", re.IGNORECASE)
GOAL_WORD = re.compile(r"\b(?:goal|target)\b", re.IGNORECASE)
# "from about 42% to about 45%": levels, not changes.
_LEVEL_PCT = re.compile(r"\bfrom\s+(?:about\s+|around\s+|roughly\s+)?$", re.I)
# "Thursday's 7,651", "Monday at 9,231": the day's own value, whatever fact word follows.
_DAY_OWN = re.compile(r"(?:day|yesterday|today)(?:'s|’s|\s+at|\s+was)\s+$", re.I)
_TO_PCT = re.compile(r"\s+to\s+(?:about\s+|around\s+|roughly\s+)?\d", re.I)
# "rose from about 42% to 45%": the second is a level too
_FROM_PCT_TO = re.compile(r"\bfrom\s+(?:about\s+|around\s+|roughly\s+)?\d[\d.]*%\s+to\s+"
                          r"(?:about\s+|around\s+|roughly\s+)?$", re.I)
# "the streak goes from 1 to 2": the second is of the fact the first is tied to
_FROM_TO = re.compile(r"\bfrom\s+(\d[\d,]*)\s+to\s+$", re.I)
_ROW_AFTER = re.compile(r"\s+(?:days?\s+)?(?:in a row|straight|running|consecutive)\b", re.I)
_WINDOW_BEFORE = re.compile(r"\b(?:last|past|next)\s+$", re.IGNORECASE)
_RECORD_WINDOW = re.compile(r"\b(?:longest|best|record)\b[^\d.\n]{0,12}?(?:\bin|\bover|\()\s*$",
                            re.I)
_MET = re.compile(r"\b(?:met|hit|reached|cleared|made|beat|over|above|at or over|on target|"
                  r"at goal)\b", re.I)
# ("a little under half your days (13 of 30)": a share's hedge, no word of missing)
_MISSED = re.compile(r"\b(?:missed|miss|short|(?:under|below)(?!\s+(?:half|a\s+(?:third|quarter|"
                     r"fifth|tenth)|(?:two|three)\s+(?:thirds|quarters|fifths)|\d+(?:\.\d+)?\s*%))|"
                     r"fell|didn't|did not|not met)\b", re.I)
# ("2,214 still climbing": "still" says a gap only when what is still is one)
# ("Tuesday's 8,963 left you 1,037 short": "left" the verb, of what the day did)
_SHORT = re.compile(r"\s*(?:steps?\s+)?(?:(?:a|per)\s+day\s+)?(?:more\s+)?(?:short|under|below|"
                    r"behind|shy|to go|"
                    r"left(?!\s+(?:you|me|us|it|him|her|them|the|your|a|an)\b)|"
                    r"remaining|away|fewer|less|still\s+(?:to\s|left|needed|remaining|"
                    r"missing|ahead|short|outstanding|required)|needed|more to|to hit|to reach|"
                    r"to clear)", re.I)
# "over 31 days", "over all 30 days" is a span, not a direction ("over the 30-day average",
# "above October" are).
_OVER = re.compile(r"\s*(?:steps?\s+)?(?:(?:a|per)\s+day\s+)?(?:(?:over|above|ahead|beyond|past)\b"
                   r"(?!\s+(?:the\s+|a\s+|an\s+|all\s+(?:(?:of\s+)?the\s+)?|"
                   r"those\s+|these\s+|its\s+|your\s+)?(?:\d(?![\d,]*-day)|last|past|next|first|"
                   r"final|remaining|"
                   r"other|one|full|whole|entire|"  # ("285,090 over the full 30 days")
                   r"two|three|four|five|six|seven|"
                   r"week|month|day|\w+day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
                   # ("248,630 over October's 31": the month's days, not a gap over it)
                   r"[a-z]*(?:\.?\s+\d|(?:'s|’s)\s+(?:first\s+|last\s+)?\d{1,2}(?!\d|[,.]\d))))"
                   r"|more than(?!\s+(?:made|make|makes|covered|covers|paid|enough|doubled|"
                   r"compensated|offset))|(?:extra|clear|higher|"
                   r"better|up on)\b)", re.I)  # ("11,203 cleared 10,000": a level, no gap)
_MORE = re.compile(r"\s*(?:steps?\s+)?(?:more|fewer|less)\b(?!\s+than)", re.I)
# ("led by 13,311", "carried by Saturday's 12,245": the agent, not a gap)
_BY_BEFORE = re.compile(r"(?<!led )(?<!carried )(?<!driven )(?<!helped )(?<!powered )"
                        r"(?<!lifted )(?<!pulled )(?<!propped )(?<!topped )(?<!headed )"
                        r"(?<!capped )(?<!anchored )(?<!boosted )\bby\s+"
                        r"(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|just\s+|only\s+)?$",
                        re.I)
# what puts a sentence on today: its name, or today's gap ("you're 623 short: a walk makes it 14")
_TODAY = re.compile(r"\b(?:today|tonight|this\s+evening)\b|\byou(?:'re|’re|\s+are)\s+(?:only\s+|"
                    r"just\s+)?[\d,]+\s+(?:steps?\s+)?(?:short|away|to\s+go)\b", re.I)
# "the average is up 1,483", "your total has gone down about 2,000": a fact moved by so much
# ("your average is up 1,483"; a headline's "Average up 1,483", "Total steps down 2,100")
# "your daily average rose 1,483", "the weekly total fell about 3,000"
_ROSE_ENDS = ("rose", "fell", "climbed", "dropped", "jumped", "grew", "slipped", "increased",
              "decreased", "about", "roughly", "around", "nearly", "almost", "just")
_ROSE = re.compile(r"\b(?:average|avg|total|steps|tally|count|mean)\s+(?:rose|fell|climbed|dropped|"
                   r"jumped|grew|slipped|increased|decreased)\s+(?:about\s+|roughly\s+|around\s+|"
                   r"nearly\s+|almost\s+|just\s+)?$", re.I)
_MOVED = re.compile(r"(?:\b(?:is|was|are|were|been|gone|went|moved|edged|crept|ticked|average|"
                    r"avg|total|steps|tally)|['’]s)\s+"
                    r"(?:up|down)\s+(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|"
                    r"just\s+)?$", re.I)
# (as tries: only whether one is there is asked)
# ("November's 43% is the number to beat": a mark, no change)
_UP = re.compile(r"(?<!\bto\s)\b(?:" + trie([
                 "up", "rise", "rose", "increase", "increased", "more", "higher", "jump", "jumped",
                 "climb", "climbed", "gain", "above", "better", "ahead", "boost", "beat", "beats",
                 "tops", "topped", "grew"]) + r"|improv\w*)\b", re.I)
_DOWN = re.compile(r"\b(?:" + trie(["down", "drop", "dropped", "fell", "fall", "decrease",
                   "decreased", "less", "lower", "fewer", "below", "dip", "dipped", "decline",
                   "declined", "short", "behind", "under", "off", "shrank", "shrunk",
                   "slid"]) + r")\b", re.I)
_MARK_AFTER = re.compile(r"\s+(over|above|beyond|past|more|under|below|short|less)\b"
                         r"(?!\s+the\s+(?:last|past|week|month))", re.I)


# a list line's or table row's label right before the number: "- **Goal met:** ", "| Streak | "
_LABEL = re.compile(r"(?:^|\n|\||(?<=[.!?;])[ \t]+)[ \t>*+-]*(?:\*\*)?([A-Za-z][A-Za-z' -]{1,28}?)"
                    r"(?:\*\*)?[ \t]*"
                    r"(?::|\|)[ \t]*(?:\*\*)?[ \t]*$")
# the verbs a plan's clause opens on ("Aim for", "Go for", "Try to keep")
_PLAN_VERB = re.compile(r"(?:aim|go|try|shoot|push|target|plan|get|hit|add|make|keep|build|"
                        r"protect|extend|grow|stretch)\b")
_LABEL_MET = re.compile(r"\bgoal (?:met|hit|days?)\b|\bdays? (?:met|at goal|over goal)\b")
_LABEL_MISSED = re.compile(r"\bmiss(?:ed|es)?\b|\bbelow goal\b|\bunder goal\b")


_RESULT_BEFORE = re.compile(r"\b(?:makes?\s+it|brings?\s+(?:it|you)\s+to|that's|that\s+is|"
                            r"that\s+would\s+be|you'd\s+(?:be\s+on|have)|"
                            r"(?:ends?|finish(?:es)?)\s+(?:on|with))\s+$", re.I)  # ("November
# ends on 14 goal days")

def label_kinds(reply: str, a: Atom) -> frozenset | None:
    """The fact a list line's or table row's label names for the count of days right after
    it ("**Streak:** 2 days", "- Goal met: 4 of 7 days", "| Goal days | 4 of 7 |"): the colon
    or cell ends the clause its words are otherwise read in."""
    if a.unit not in ("day", None) or a.value is None or a.number >= 400 \
            or not a.may_end((":", "|", "**")) \
            or (label := _LABEL.search(reply, max(0, a.start - 40), a.start)) is None:
        return None
    low = label[1].lower()
    if _PLAN_VERB.match(low):
        return None  # "Aim for one more goal day: 4": a plan's clause, not a report's label
    if "streak" in low:
        return frozenset({"streak", "longest"}) if _LONGEST.search(low) else frozenset({"streak"})
    return frozenset({"missed"}) if _LABEL_MISSED.search(low) else frozenset({"met"}) \
        if _LABEL_MET.search(low) else None


_BETWEEN_AFTER = re.compile(r"[\s-]*(?:days?|weeks?)\s+(?:away|ago|out)\b(?!\s+(?:from|of)\b)",
                            re.I)


_CLOSE_AT = re.compile(r"\b(?:clos|end|finish|wrap)(?:e|es|ed|ing|s)?\s+(?:out\s+|up\s+)?(?:the\s+"
                       r"|this\s+|your\s+)?(?:month|week|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
                       r"nov|dec)[a-z]*\s+(?:at|on)\s+$", re.IGNORECASE)


def read_kinds(reply: str, a: Atom, binder: Binder, pct: bool):
    """(fact kinds, sign, position) of a number: see the module docstring."""
    kinds = None if pct else binder.facts(a)
    if kinds is None and not pct and a.unit is None and a.value is not None and a.number <= 31 \
            and a.may_hold(" at") | a.may_hold(" on") \
            and _CLOSE_AT.search(reply, max(0, a.start - 40), a.start):
        # "worth it to close November at 14": the month's goal days, with today's or not
        return frozenset({"met", "next"}), None, False
    if kinds is None and not pct and a.may_end(("to",)) \
            and (first := _FROM_TO.search(reply, max(0, a.start - 24), a.start)) is not None:
        kinds = binder.facts(Atom(first.start(1), first.end(1), "count", unit=a.unit,
                                  value=float(first[1].replace(",", ""))))
    if kinds is None and not pct and a.unit is None and a.value is not None and a.number <= 31 \
            and a.may_start(_SIDE_STARTS) \
            and _THE_BEFORE.search(reply, max(0, a.start - 14), a.start) \
            and (side := _GOAL_SIDE_AFTER.match(reply, a.end)) is not None:
        # "those three averaged 11,256; the four below goal averaged 8,891": the days on
        # that side of the goal, not a gap
        return (frozenset({"missed"}) if side[1] else frozenset({"met"})), None, False
    if kinds is None and not pct and a.unit is None and a.value is not None and a.number <= 31 \
            and reply.endswith(("other ", "Other "), 0, a.start) \
            and _THE_BEFORE.search(reply, max(0, a.start - 14), a.start) \
            and _GROUP_VERB_AFTER.match(reply, a.end) \
            and (group := _GOAL_GROUP.search(reply, binder.sentence(a.start)[0], a.start)) \
            and _other_side(binder.ev, bool(group[1])) == a.number:
        # "The goal days averaged 11,256; the other four averaged 8,891": the days of the
        # listed block on the other side of the goal from the group named before
        return (frozenset({"met"}) if group[1] else frozenset({"missed"})), None, False
    if kinds is None and not pct and a.value is not None and a.may_start(("day", "week")) \
            and _BETWEEN_AFTER.match(reply, a.end):
        # "14 days out", "11 days ago", "three weeks away": a count of days between a day and
        # a date (the calendar's), not goal days or a window's size that happen to be as many
        return frozenset({"between"}), None, False
    # (each pattern is called only where the words around the number may begin or end a match)
    sign = change_sign(binder, a) if pct else gap_sign(reply, a)
    if sign is not None and not pct and _FIRST_OPERAND.match(reply, a.end):
        sign = None  # "the week was down 9,505 − 8,111 = 1,394": the first operand, not the gap
    if sign is not None and a.unit == "day" and not a.may_start(("day", "more", "fewer", "less")):
        sign = None  # "3 days above the average, 4 below it": days on a side, no gap in steps
    if pct and sign is not None and (a.may_end(_LEVEL_PCT_ENDS)
                                     and _LEVEL_PCT.search(reply, max(0, a.start - 22), a.start)
                                     or _TO_PCT.match(reply, a.end)
                                     or a.may_end(_LEVEL_PCT_ENDS)
                                     and _FROM_PCT_TO.search(reply, max(0, a.start - 40),
                                                             a.start)):
        sign = None  # "from 42% to 45%": two levels
    if not pct and (a.may_start(_GAP_AFTER_STARTS) and _GAP_AFTER.match(reply, a.end)
                    or a.may_end(_GAP_BEFORE_ENDS) and may_hold_any(a.before, _GAP_WORDS)
                    and _GAP_BEFORE.search(reply, max(0, a.start - 24), a.start)
                    and not _OPERATOR_AFTER.match(reply, a.end)):  # ("the difference is
        # 12,028 − 8,963 = 3,065": an operand first)
        # "a 4,377-step gap between your best and weakest days": the fact words name the
        # operands; the number is their difference
        return frozenset({"diff"}), None, False
    if kinds is not None and sign is None and "goal" not in kinds \
            and a.may_end(_DAY_OWN_ENDS) \
            and _DAY_OWN.search(reply, max(0, a.start - 12), a.start):
        kinds = None
    if kinds is not None and "longest" in kinds | {"best"} and a.unit == "day" \
            and _RECORD_WINDOW.search(reply, max(0, a.start - 24), a.start):
        kinds = kinds | {"recorded"}  # "longest streak (365 d): 18 d": the record's window too
    if sign is not None and not pct:
        kinds = frozenset({"diff"}) if kinds != frozenset({"goal"}) else kinds
        sign = None if sign == "by" else sign
    # "day 5 of your streak", "the 5th day", "make it 2 today", "today is the day that makes it
    # two": a place in a streak ("That makes it two days in a row" after yesterday's steps is
    # a claim of the streak as it stands)
    # (today named up to its clause's end: "That makes it 2 days in a row now, so today is
    # about protecting the run" claims the streak as it stands)
    makes = reply.endswith(("makes it ", "makes it **"), 0, a.start) \
        and _TODAY.search(reply, binder.sentence(a.start)[0], binder.clause(a.start)[1]) \
        is not None
    position = a.kind == "ordinal" or makes or reply.endswith(_PLACE_BEFORE, 0, a.start)
    if pct:
        return kinds, sign, position
    days = a.may_start(("more", "day", "goal"))  # ("3 more days", "3 days", "3 goal days")
    if kinds is None:
        kinds = label_kinds(reply, a)
    if kinds is None and a.number < 400 and (goal_day := _GOAL_DAY_NUMBER.search(
            reply, max(0, a.start - 40), a.start)) is not None:
        # "makes it goal day number 14 for November", "your streak goes from 1 day to 2":
        # the count's next place
        kinds = frozenset({"met", "next"}) if goal_day[1] else frozenset({"streak", "next"})
        position = True
    elif kinds is None and (makes or reply.endswith("make it ", 0, a.start) or a.number < 400
                          and a.may_end(("day", "becomes", "into"))
                          and _DAY_PLACE.search(reply, max(0, a.start - 9), a.start)):
        # "today makes day 2": a place in a streak ("place": after "day", the streak's own)
        kinds = frozenset({"streak", "next", "place"}) if reply.endswith(
            ("day ", "Day "), 0, a.start) else frozenset({"streak", "next"})
    elif days and (_RECORD_GAP.match(reply, a.end) or _LONGER_THAN_NOW.match(reply, a.end) or (
            _GAP_TO_IT.match(reply, a.end) or _match_before(reply, *binder.clause(a.start))
            or a.number < 400 and _MORE_THAN_NOW.match(reply, a.end))
                   and _names_longest(reply, binder, a.start)) \
            or a.number < 400 and a.may_start(("more", "day", "to", ",")) \
            and _TO_GO_RECORD.match(reply, a.end) and _names_longest(reply, binder, a.start):
        # ("17 more days, to tie it", "seventeen to go to match your best run")
        kinds = frozenset({"record", "longest"})  # "3 days off your 18-day record"
    elif a.unit in ("day", "week") and a.may_start(("more", "day", "week")) \
            and _UNTIL_AFTER.match(reply, a.end):
        kinds = frozenset({"between"})  # "the 10k is 13 days away": days from today to a date
    elif a.may_start(("goal", "day")) and (goal_days := _GOAL_DAYS.match(reply, a.end)) \
            is not None and not _IN_A_ROW.match(reply, goal_days.end()):
        # "four goal days", "3 days at goal", "two goals": days that met it; "makes it 14 goal
        # days", "that's 14 goal days": with today's too, the result the words put it as
        kinds = frozenset({"met", "next"}) if _RESULT_BEFORE.search(
            reply, max(0, a.start - 24), a.start) else frozenset({"met"})
    elif a.may_start(("-day",)) and (_RUN_AFTER.match(reply, a.end) or _PB_AFTER.match(
            reply, a.end) and _STREAK.search(reply, *binder.sentence(a.start))):
        kinds = frozenset({"streak", "longest"})  # "the 18-day run"
        ss, se = binder.sentence(a.start)
        if _RUN_AFTER.match(reply, a.end) and _NEXT_RUN.search(reply[ss:se]):  # (its "^" is
            # the sentence's start)
            kinds |= {"next"}  # "meet it today and you'll be on a 2-day streak": with today's
    elif reply.startswith("-day", a.end) or not (a.may_start(_ROW_STARTS)
                                                 and _ROW_AFTER.match(reply, a.end)) \
            and a.unit in ("day", "week", None) and a.number < 400 \
            and a.may_end(("last", "past", "next")) \
            and _WINDOW_BEFORE.search(reply, max(0, a.start - 12), a.start):
        kinds = frozenset({"recorded"})  # "7-day average": the window, not the average
    elif kinds is None and a.number < 400 and a.may_end(("but", "except")) \
            and _ALL_BUT.search(reply, max(0, a.start - 24), a.start) \
            and GOAL_WORD.search(reply, *binder.sentence(a.start)):
        # "met the goal on all but three days": the days that did not (and the other way;
        # "but" ends a clause: the sentence says which)
        kinds = frozenset({"met"}) if _MISSED_VERB.search(reply, *binder.sentence(a.start)) \
            else frozenset({"missed"})
    elif kinds is None and a.number < 400 and a.may_start(("of", "in", "out")) \
            and _IN_WINDOW.match(reply, a.end):
        # "four in the last 8 days": the days in the window that met (or missed) the goal,
        # not a span as long
        kinds = frozenset({"missed"}) if _MISSED_VERB.search(
            reply, *binder.clause(a.start)) else frozenset({"met", "next"})
    elif kinds is None and a.unit in ("day", None) and a.number < 400 \
            and a.may_start(_MISSED_STARTS) and _MISSED_AFTER.match(reply, a.end):
        kinds = frozenset({"missed"})
    elif kinds is None and a.unit in ("day", None) and a.number < 400 \
            and a.may_end(("missed", "misses", "met", "short", ":")) \
            and _MISSED_BEFORE.search(reply, max(0, a.start - 16), a.start):
        kinds = frozenset({"missed"})  # "13 met, missed 16", "not met: 16"
    elif kinds is None and a.unit in ("day", None) and a.number < 400 \
            and a.may_end(("on", "just", "only")) \
            and (on := _ON_BEFORE.search(reply, max(0, a.start - 40), a.start)) is not None:
        # "met on 13 days and missed on 17": the verb before says which days it counts
        kinds = frozenset({"met"}) if on[1] is None else frozenset({"missed"})
    elif kinds is None and a.unit in ("day", "time", None) and a.number < 400 \
            and a.may_start(("out", "of")) and _OF_AFTER.match(reply, a.end):
        # "met on 4 of 7 days": a count of the days meeting a condition, not a span's length
        clause = reply[slice(*binder.clause(a.start))]
        mark = _THRESHOLD.search(clause)
        goal = GOAL_WORD.search(clause) or mark is not None and binder.ev.goal is not None \
            and _mark_value(mark[0]) == binder.ev.goal
        if not goal and mark:
            pass  # "four of the seven days landed above 9,000": a mark the code does not count
        else:
            # ("goal 4 of 7 days", "4 of 7 days ≥10k": with no word of missing, days that met)
            kinds = frozenset({"missed"}) if (_MISSED if goal else _MISSED_VERB).search(
                clause) else frozenset({"met"}) if (_MET if goal else _MET_VERB).search(
                clause) else frozenset({"met", "recorded"} if goal else {"met", "missed",
                                                                         "recorded"})
    elif kinds is None and a.unit in ("day", "time", None) \
            and a.may_end(_OF_BEFORE_ENDS) and _OF_BEFORE.search(
            reply, max(0, a.start - 30), a.start):
        kinds = frozenset({"recorded", "met"})  # "3 of 7 days", "6 of your 13 goal days"
    elif kinds is None and a.unit in ("day", "time") and a.number < 400 \
            and not reply.endswith(("of ", "'s ", "’s "), 0, a.start) \
            and not (a.kind == "count" and _DAYS_AFTER.match(reply, a.end)
                     and _SIZE_BEFORE.search(reply, max(0, a.start - 12), a.start)):
        # (not "averaged 9,494/day with the goal met on 13": a rate, not a count of days)
        # (not "one day out of seven": the whole the count is of; nor "13 of November's 30
        # days": the days of the period named before it)
        clause = reply[slice(*binder.clause(a.start))].lower()
        mark = _THRESHOLD.search(clause)
        if "goal" in clause or "target" in clause or "mark" in clause \
                or _MET_IT.search(clause) \
                or mark is not None \
                and binder.ev.goal is not None and _mark_value(mark[0]) == binder.ev.goal:
            # "you reached 10,000 twice", "hit the goal on 3 days": days that met the goal
            kinds = frozenset({"missed"}) if _MISSED.search(clause) else \
                frozenset({"met"}) if _MET.search(clause) else None
    return kinds, sign, position


# The words every match of a pattern starts with (after spaces) or ends with (before them)
_GAP_AFTER_STARTS = ("-step", "step", "gap", "difference", "spread", "swing")
_GAP_BEFORE_ENDS = ("of", "about", "around", "roughly", "nearly", "almost", "over", "under",
                    "is", "was", ":", ":**")
_GAP_WORDS = ("gap", "difference", "spread", "swing", "gain", "rise", "increase", "drop", "fall",
              "jump")  # (one is in every match of the pattern)
_DAY_OWN_ENDS = ("'s", "at", "was")
_LEVEL_PCT_ENDS = ("from", "about", "around", "roughly", "to")
_ROW_STARTS = ("day", "in a row", "straight", "running", "consecutive")
_MISSED_STARTS = ("day", "of", "did", "were", "miss", "near", "fell", "came", "short", "that",
                  "which")
_SIDE_STARTS = ("below", "under", "short", "over", "above", "at")
_GROUP_VERB_AFTER = re.compile(r"\s+(?:averaged|came|were|fell|made|added|totall?ed|sat|"
                               r"landed|finished|ended)\b", re.I)
# a group of days by the goal: group 1 when it is the days that missed it
# ("Three days met it (Wed, Fri, Sun); the other four ...": "it" is the goal)
_GOAL_GROUP = re.compile(r"\b(?:(misses|missed\s+days|days?\s+(?:below|under|short\s+of)\s+"
                         r"(?:the\s+)?goal|(?:missed|fell\s+short\s+of)\s+(?:the\s+|your\s+)?"
                         r"(?:goal|target|it))"
                         r"|goal\s+days|days?\s+(?:at|over|above)\s+(?:the\s+)?goal"
                         r"|(?:reached|met|hit|cleared|made)\s+(?:the\s+|your\s+)?(?:goal|target|it)"
                         r"|hits)\b", re.I)
# "across the nine days", "over the last 9 days", "those four days": a window's size, not the
# days in it that met the goal
_SIZE_BEFORE = re.compile(r"\b(?:the|last|past|those|these|all)\s+$", re.I)
_DAYS_AFTER = re.compile(r"\s+days\b")
_THE_BEFORE = re.compile(r"\b(?:the|those|these)\s+(?:other\s+)?$", re.I)
_GOAL_SIDE_AFTER = re.compile(r"\s+(?:(below|under|short\s+of)|over|above|at\s+or\s+(?:over|above))"
                              r"\s+(?:the\s+|your\s+)?goal\b", re.I)
_OF_BEFORE_ENDS = ("of", "the", "your", "its", "those", "these", "all", "last", "recorded",
                   "tracked")
_HEDGES = ("about", "roughly", "around", "nearly", "almost", "just", "only")  # (none ends
# another)
_SHORT_STARTS = ("step", "more", "short", "under", "below", "behind", "shy", "to", "left",
                 "remaining", "away", "fewer", "less", "still", "needed", "a", "per")
_OVER_STARTS = ("step", "over", "above", "ahead", "beyond", "past", "more than", "extra",
                "clear", "higher", "better", "up on", "a", "per")
_MORE_STARTS = ("step", "more", "fewer", "less")


def _mark_value(text: str) -> float:
    """"10,000" or "10k" as a value."""
    text = text.lower().replace(",", "")
    return float(text[:-1]) * 1000 if text.endswith("k") else float(text)


# "9,500 a day", "11,274 per day": a rate over days, never one day's count (ONE_DAY's kinds)
_PER_DAY = re.compile(r"(?:\s+steps?)?(?:\s+(?:a|per|each)\s+day\b|/day)", re.IGNORECASE)
_PER_DAY_STARTS = ("step", "a", "per", "each", "/day")
ONE_DAY = ("day", "today", "best", "lowest")


def per_day(reply: str, a: Atom) -> bool:
    return a.may_start(_PER_DAY_STARTS) and _PER_DAY.match(reply, a.end) is not None


def may_hold_any(before: str | None, words: tuple[str, ...]) -> bool:
    """Whether `before` (an atom's, as words.tail reads it) may hold one of `words`: False
    rules out a pattern every match of which holds one, searched within its 48 characters."""
    if before is None:
        return True
    for w in words:  # noqa: SIM110 -- a loop, not any() over a generator: called per number
        if w in before:
            return True
    return False


def may_end_hedged(before: str | None, heads: tuple[str, ...]) -> bool:
    """Whether `before` (an atom's, as words.tail reads it) may end with one of `heads`, or
    with one and then a spaced hedge ("by about", "up roughly"): what every match of
    `_BY_BEFORE` and `_MOVED` ends with. Their searches end at the number and try every start
    in the window (~7 us each; most numbers follow no such words): False rules a match out."""
    if before is None or before.endswith(heads):
        return True
    if not before.endswith(_HEDGES):
        return False  # (most numbers: one test)
    for hedge in _HEDGES:
        if before.endswith(hedge):
            rest = before[:-len(hedge)]
            return rest[-1:].isspace() and rest.rstrip().endswith(heads)
    return False


def gap_sign(reply: str, a: Atom) -> str | None:
    """short / over for a gap whose direction the words give, "by" for one whose
    direction they do not ("by 766", "26,959 more"), None for no gap."""
    if may_end_hedged(a.before, ("by",)) \
            and _BY_BEFORE.search(reply, max(0, a.start - 20), a.start):
        return "by"
    if may_end_hedged(a.before, ("up", "down")) \
            and _MOVED.search(reply, max(0, a.start - 36), a.start):
        return "by"  # "your average is up 1,483": the change of the fact named, not its level
    if may_end_hedged(a.before, _ROSE_ENDS) \
            and _ROSE.search(reply, max(0, a.start - 40), a.start):
        return "by"  # "your daily average rose 1,483": a change, not a level
    if a.may_start(_SHORT_STARTS) and _SHORT.match(reply, a.end):
        return "short"
    if a.may_start(_OVER_STARTS) and _OVER.match(reply, a.end):
        return "over"
    if a.may_start(_MORE_STARTS) and _MORE.match(reply, a.end):
        return "by"
    return None


def change_sign(binder: Binder, a: Atom) -> str | None:
    signed = binder.reply[a.start - 2:a.start]  # "→ +14.7%", "(−3%)": the sign written says
    if signed[-1:] in ("+", "−", "-") and not signed[:1].isalnum():
        return "up" if signed[-1] == "+" else "down"
    if binder.reply[a.start - 1:a.start] == "(":
        return None  # "a bit under half done (49%)": a level in brackets
    mark = _MARK_AFTER.match(binder.reply, a.end)
    if mark is not None:  # "22.5% over", "5% below": the word right after says
        return "down" if mark[1].lower() in ("under", "below", "short", "less") else "up"
    cs, ce = binder.clause(a.start)
    # ("more than 90% of your goal": a bound on a share, not a change)
    bound = _BOUND_BEFORE.search(binder.reply, max(cs, a.start - 14), a.start)
    window = binder.reply[max(cs, a.start - 30):bound.start() if bound else a.start] \
        + binder.reply[a.start:min(ce, a.end + 40)]
    up, down = bool(_UP.search(window)), bool(_DOWN.search(window))
    return "up" if up and not down else "down" if down and not up else None


_BOUND_BEFORE = re.compile(r"\b(?:more|less|fewer)\s+than\s+$", re.I)


def sentence_sign(text: str) -> str | None:
    """"up" or "down" when `text` (a sentence up to a percentage) has words of one direction
    only ("Tuesday's 13,311 beats last week's best, 12,028 ..., by 10.7%"); else None."""
    up, down = bool(_UP.search(text)), bool(_DOWN.search(text))
    return "up" if up and not down else "down" if down and not up else None


def _match_before(reply: str, cs: int, ce: int) -> bool:
    """Whether the clause `cs:ce` says "to match" ("to match it you'd need 17 more days")."""
    return may_hold(reply[cs:ce], _MATCH_WORDS) and _MATCH_BEFORE.search(reply, cs, ce) is not None


def _other_side(ev: Evidence, missed: bool) -> int | None:
    """How many days of the request's last listed block (three days or more) met the goal
    (`missed`: the group named is the misses) or missed it."""
    for block in reversed(ev.blocks):
        days = [d for d in block if d in ev.days]
        if len(days) >= 3:
            met = sum(ev.days[d].value >= ev.goals.get(d, ev.goal or 0) for d in days)
            return met if missed else len(days) - met
    return None


def _names_longest(reply: str, binder: Binder, at: int) -> bool:
    """Whether the sentence at `at`, or the one before ("your longest run was 18 days. To
    match it ..."), or the heading of the list it is an item of, names the longest streak."""
    start, end = binder.sentence(at)
    if start > 1:
        start = binder.sentence(start - 2)[0]
    if _LONGEST.search(reply, start, end) is not None:
        return True
    # a list item's heading ("**Longest streak in the past year**" over "- 18 days" and "-
    # You're 17 days short of matching it"): the line above the list it is in
    line = reply.rfind("\n", 0, at) + 1
    while line > 0 and LIST_ITEM.match(reply, line):
        line = reply.rfind("\n", 0, line - 1) + 1
    return line < start and _LONGEST.search(reply, line, reply.find("\n", line)) is not None
