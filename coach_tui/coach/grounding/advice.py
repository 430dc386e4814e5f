"""Is a number in a reply advice rather than a claim? `AdviceReader(reply, today)`.

A suggestion or plan is not a claim about the user's data, whatever the number's kind: "try a
20-minute walk", "get the first 3,000 steps in before work", "Days 4–7: 11,000 each", "2 x 15
minutes", "- **Fri:** 10,000" (a list line for a weekday still ahead this week), "that's 75,237 if
every day lands", a question the reader is told to ask ("ask me 'how was the week of Nov 16?'") or
one that puts a number to the reader ("Would 11,500 feel doable?"). Otherwise the sentence decides.
It suggests when its clause opens with an imperative ("take", "keep", "try"...) or says "try",
"aim", "let's", "plan", "tomorrow", "next week", "instead"..., or it is a list item under "Here's a
plan:", "Try this:", or a table's cell under a heading that plans ("Target", "Plan"); weaker cues
("could", "should", "would", a weekday, "lunch", "today", "every") count for sizes (durations,
times, walks, days) unless the clause has "streak", "average", "in a row", "so far", "that's", or a
general claim ("most", "research", "people"). Step counts, percentages and dates need a strong cue.
It reports when the number's clause or sentence says what happened ("you walked", "you met", "your
streak is", "you're on", "met the goal", "yesterday", "last week", "22 days ago", "twelve days of
soreness, since Thursday the 19th"), or names the streak ("keep the streak at 15"). "a 20-minute
walk", "three 20-minute blocks" (article or count + duration adjective) is advice unless its own
clause reports. A date after today is a plan or a deadline (`dates.date_ahead`). The caller asks
only about numbers nothing supports, so sentences are split and read only then, each once.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from datetime import date
from functools import cached_property

from coach_tui.coach.grounding import asking
from coach_tui.coach.grounding.clauses import plain_cut_ends
from coach_tui.coach.grounding.reports import REPORT_WEAK, reports
from coach_tui.coach.grounding.scan import Atom, trie
from coach_tui.coach.grounding.words import WEEKDAYS

# Units that size a piece of advice rather than report the user's data.
_ADVICE_UNITS = frozenset({"minute", "hour", "second", "walk", "loop", "time", "session",
                           "day", "week", "block", "floor"})
# Is a sentence advice or a report? (The order of the tests is in _is_advice; the module
# docstring says it in words.) Matched against lowercased text: literal alternations run
# faster without IGNORECASE.
_VERBS = ("try|take|add|aim|keep|plan|go|walk|start|put|pick|book|set|make|do|split|break|swap|"
          "use|park|get|stick|build|block|leave|head|schedule|stand|climb|consider|give|pair|"
          "treat|save|repeat|bring|skip|rest|join|call|check|stretch|warm|finish|end|count|turn|"
          "choose|mix|alternate|fit|sneak|hop|ease|cap|stop|let|drop|spread|move|shift|space|"
          "protect|carry|see|shoot|target|nudge|tack|slot|squeeze|grab|bank|think|"
          "budget")  # (matched as tries)
_CUES = ("try|trying|aim|aiming|let's|how about|what about|why not|plan|planning|tomorrow|"
         "tonight|this weekend|next week|consider|suggest|for the next|next time|going forward|"
         "from now on|instead|i suggest|i recommend|ideally|preferably|best bet|the trick is|"
         "worst case|best case|at worst|at best|"
         "the key is")
# ("Set against your 30-day average of 9,571, these three days ran ...": a comparison's
# participle, not an instruction)
_NOT_SET_AGAINST = r"(?!\s+(?:against|beside|next\s+to|side\s+by\s+side)\b)"
_ADVICE_STRONG = re.compile(
    rf"^[\s>*+#-]*(?:\d+[.)]\s*)?(?:\*\*[^*\n]*\*\*:?\s*)?(?:[a-z]+:\s*)?"
    rf"(?:(?:but|and|then|so|or)\s+)?(?:{trie(_VERBS.split('|'))})\b{_NOT_SET_AGAINST}"
    rf"|[,:;]\s*(?:but\s+|and\s+|then\s+|so\s+|or\s+)?(?:{trie(_VERBS.split('|'))})\b"
    rf"{_NOT_SET_AGAINST}"
    # a line labelled as a target ("2. December target: 50% of days, which is 16 of 31")
    # (not "Your target: 75,000": the user's own, told back)
    r"|^[\s>*+#-]*(?:\d+[.)]\s*)?(?:\*\*)?(?!your\b|my\b)(?:[a-z']+\s+){0,3}(?:target|aim)s?"
    r"(?:\*\*)?:"
    r"|\b(?:" + trie(_CUES.split("|")) + r"|if (?:every|each|all|it all)\b|"
    r"i'd (?!say|call|guess|put it)|i would (?!say|call|guess)|"
    # ("I wouldn't chase 7 goal days in a row right now": advice against)
    r"i (?:wouldn't|wouldn’t|would not) (?!say|call|guess)|"
    # a target proposed ("a fair target for this week: four goal days"), a course judged
    # ("adding that much in the two weeks before a race is rarely a good idea")
    r"an? (?:\w+ ){0,2}(?:target|aim|ceiling|floor)|(?:good|bad|better|smart|wise) idea|"
    # ("the sweet spot is 9,300 to 10,700", "think of 9,300 as the floor", "a 9,300 minimum",
    # "13,300 is doable", "you'd want 3,700 banked", "a total of 73,000 would beat last week",
    # "something like 9,300 would be a win")
    r"sweet spot|as (?:the|a|your) (?:floor|ceiling|target|minimum|baseline)|"
    r"an? [\d,.]+k? (?:minimum|floor|ceiling|cap)|"
    r"\d[\d,.]*k?(?: steps?| a day| a week)? (?:is|looks|feels|seems|sounds) (?:very |quite |"
    r"totally |perfectly |entirely )?(?:doable|achievable|manageable|within reach)|"
    r"(?:you'd|you would|you'll|you will) want|"
    r"would (?:already |still )?(?:beat|top|pass|clear|be a (?:win|good|great|solid|big|nice))|"
    # ("you could target 70,000 for the week", "we might aim a little higher")
    r"(?:you|we) (?:could|can|might|should) (?:\w+ )?(?:target|aim|go for|shoot for|push for|"
    r"make it|make that)|"
    # a course weighed ("a step up to 11,000 first would be kinder", "four would already make
    # it the better week")
    r"would (?:already |still |then )?(?:be|make it|make this) (?:an? |the )?"
    r"(?:(?!over\b|under\b|after\b|never\b|ever\b)\w+er|more \w+)"
    r")\b")
_ADVICE_WEAK = re.compile(
    r"\b(?:can|could|might|should|would|(?:you|we|it|that|they)'d|worth|maybe|perhaps|if you|"
    r"when you|each|every|gets? you (?:there|to)|"
    r"mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|lunch|mornings?|"
    r"evenings?|after work|fine|enough|something like|such as|for example|today|tonight|"
    r"(?:after|before) (?:dinner|breakfast|lunch|school|the \w+|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|\d))\b")
_VERB_IT = re.compile(
    r"[\s>*+#-]*(?:\*\*)?(?!(?:that|what|is|was|does|did|got|do|and|but|so|made|had|took|"
    r"kept|left|found|gave|saw|if|when|because|as|keeps|today|overall|then)\b)[a-z]+"
    r"(?:-[a-z]+)?(?<!ed)(?<!day)\s+(?:it|them)(?:\s*[:;,]|\s+(?:up|out|in|on|off|over|down|"
    r"into|across|around|through|early|forward|before|after|between)\b)")
# "That's roughly 1,600 above your 7-day average": a clause that says where a figure stands
# against the user's own reports, whatever the sentence goes on to suggest
_GAP_REPORT = re.compile(
    r"^\W*(?:so\s+|and\s+)?(?:that's|that is|which is|it's|this is)\s+(?:about\s+|roughly\s+|"
    r"around\s+|nearly\s+|almost\s+|just\s+|only\s+)?\S+\s+(?:steps?\s+)?(?:a day\s+)?"
    r"(?:above|below|over|under|more than|less than|short of|ahead of|behind)\s+"
    r"your\s+(?:\S+\s+)?(?:average|best|total|usual|normal)\b")
# a count of things the app does not record: walks, questions, ideas ("two short walks")
_THINGS = re.compile(r"(?:[ \t-]+(?:short|quick|easy|brisk|more|extra|great|good|big|small|little|"
                     r"simple|separate|flat|longer|shorter|other|key|main|gentle|light|slow|steady|solid|decent|"
                     r"relaxed|leisurely|morning|evening|lunch|lunchtime|[a-z]+-minute))*[ \t-]+"
                     r"(?:walks?|questions?|things?|ideas?|options?|tips?|loops?|sessions?|calls?|"
                     r"meetings?|slots?|excuses?|laps?|blocks?|parts?|ways?|reasons?|strolls?|"
                     r"chunks?|bursts?|breaks?|sets?|reps?|rounds?|habits?)\b", re.I)
# the clause of a sentence that turns from what was told to what to do
_SO_I_WOULD = re.compile(r"[,;]\s+so\s+(?:for\s+now\s+|this\s+week\s+|today\s+)?"
                         r"(?:I'd|I\s+would|I’d|let's|try|aim|keep|stick)\b", re.I)
# a clause that opens on an aim ("aim for 4 goal days", "go for five this week")
_AIM_FOR = re.compile(r"[\s>*+#-]*(?:\*\*[^*\n]*\*\*:?\s*)?(?:(?:so|and|then)\s+)?"
                      r"(?:aim|try|go|shoot|push|plan)\s+(?:for|to)\b", re.I)
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]")
# ("A realistic way to close it:", "Suggested split:", "Options:": what the list is for)
# ("Here's the working:" leads in a report, not a plan)
_PLAN_INTRO = re.compile(r"\bhere(?:'s| is) (?:a|an|my|how|the (?:plan|idea|play|split))\b|"
                         r"\blike this\b|\bways? to\b|"
                         r"\bhow to\b|\b(?:a|the|my|one|suggested|possible|rough|daily) split\b|"
                         r"\bsuggest(?:ed|ions?)\b|\boptions?\b|\bto get (?:there|it done)\b|"
                         r"\bto (?:close|cover|make up) (?:it|the gap)\b", re.IGNORECASE)
# A sentence ends after the whitespace that follows . ! or ?, or after line breaks: the ends of
# `(?<=[.!?])\s+|\n+`, written to start with one character class so the engine skips in C to
# the next . ! ? or line break rather than trying the pattern at every character.
_SENTENCE_END = re.compile(r"[.!?\n](?:(?<=[.!?])\s+|(?<=\n)\n*)")
_PLAN_FORM = re.compile(r"(?:\bdays\s+|[x×]\s*)$", re.IGNORECASE)
# A plan's line: "Days 4–7: ...", "- **Tue–Thu:** ...", "Fri 4: easy 5k", "6. Sun 6 Dec: 10,800",
# "**Tue (meetings 9-5):**", "**Tue 1 Dec** (meetings 9 to 5):".
_PLAN_LINE = re.compile(
    r"[ \t>*+-]*(?:\d{1,2}[.)][ \t]+)?(?:\*\*)?(?:days?\s+\d+(?:\s*[–-]\s*\d+)?|"
    # a plan's own weeks ("Week 1 (Dec 1-6):", "Weeks 3 and 4:"), not a calendar week's number
    r"weeks?\s+[1-9](?:\s*(?:[–-]|to|and|&)\s*[1-9])?(?!\d)|"
    r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*(?:\s+(\d{1,2})(?:\s+(jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)[a-z]*)?|\s*(?:[–-]|to)\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*))"
    r"(?:\*\*)?(?:\s*\([^()\n]{1,40}\))?(?:\*\*)?:", re.IGNORECASE)
# a table row that opens with a day: "| Wed 2 Dec | 3,500 | 4,500 | 10,000 |"
_TABLE_DAY = re.compile(r"[ \t]*\|\s*(?:\*\*)?(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+(\d{1,2})"
                        r"(?:st|nd|rd|th)?(?:\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
                        r"[a-z]*\.?)?(?:\*\*)?\s*\|", re.IGNORECASE)
_DONE_CELL = re.compile(r"\b(?:done|so\s+far|banked|actual|walked|logged|recorded)\b", re.I)
_AIM_CUE = re.compile(r"\b(?:about|around|aim|target|build|eas(?:e|ing)|then|up\s+to|hold)\b|~",
                     re.I)
# a line labelled with a date or dates ("- **Dec 14–20:** 11,000", "3 Dec:", "Dec 21 on:")
DATE_LINE = re.compile(  # ("- Sat Dec 12: 6,000", a weekday before the date too)
    r"[ \t>*+-]*(?:\*\*)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
    r"(?:(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})|"
    r"(\d{1,2})(?:st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)"
    r"(?:st|nd|rd|th)?(?:\s*(?:[–-]|to)\s*\d{1,2}(?:st|nd|rd|th)?|\s+on(?:wards?)?)?"
    r"(?:\s*\([^()\n]{1,40}\))?(?:\*\*)?:", re.IGNORECASE)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# "- From the 21st:", "**After the 14th:**": a line labelled with a day of this month
_NTH_LINE = re.compile(r"[ \t>*+-]*(?:\*\*)?(?:from|after|by|until|till)\s+the\s+(\d{1,2})"
                       r"(?:st|nd|rd|th)(?:\s+on(?:wards?)?)?(?:\*\*)?:", re.IGNORECASE)
_WEEKDAY_ITEM = re.compile(r"[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(mon|tue|wed|thu|fri|sat|sun)[a-z]*"
                           r"(?:,?\s*(?:and\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)*"
                           r"(?:\s*\([^()\n]{1,40}\))?(?:\*\*)?:",
                           re.IGNORECASE)
_CLOCK = r"\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?)?"
# a line labelled with a time of the day: "7:45 to 8:45:", "**18:45-19:10:**", "**Lunch:**",
# "**After six:**", "Before work:", "**Lunch (12:30-1:15):**" (the slot, its times in brackets)
_SLOT = (r"(?:(?:before|after|by)\s+(?:six|seven|eight|nine|five|work|lunch|dinner|breakfast)|"
         r"breakfast|lunch(?:time)?|dinner|mornings?|afternoons?|evenings?|tonight|bedtime|noon|"
         r"(?:early|late)\s+(?:morning|afternoon|evening)|commute)")
_TIME_LABEL = re.compile(rf"[ \t>*+-]*(?:\*\*)?(?:{_CLOCK}(?:\s*(?:[–-]|to)\s*{_CLOCK})?|{_SLOT})"
                         r"(?:\s*\([^()\n]{1,30}\))?(?:\*\*)?:(?:\*\*)?\s", re.IGNORECASE)
# the words between two items of one list: no sentence end; ",", "and", "or", "plus", "then" last
_LISTED = re.compile(r"^[^.!?;\n]*(?:,\s*(?:and\s+|or\s+|plus\s+|then\s+)?|"
                     r"\s(?:and|or|plus|then)\s+)(?:another\s+|a\s+further\s+)?$",
                     re.IGNORECASE)  # ("a 25-minute walk at lunch and another 25 after six")
SUGGESTION = "a suggestion, not a claim about your data"
_LIVED_WEEK = re.compile(r"\b(?:the\s+(?:week|month)\s+before|the\s+previous\s+(?:week|month)|"
                         r"last\s+(?:week|month))\b")
# ("back to the 47-day high", "your 12-day record": a record of the user's, named)
_STREAK_AFTER = re.compile(r"(?:-day|\s+(?:goal\s+)?(?:days?|weeks?))\s+(?:goal\s+)?(?:streak|"
                           r"run\b|running\b|in a row|(?:high|record|best|peak)(?![\w-]))", re.I)
_CHASED = re.compile(r"\b(?:chas(?:e|ing)|aim(?:ing)?\s+for|go(?:ing)?\s+for|shoot(?:ing)?\s+for|"
                     r"build(?:ing)?\s+(?:up\s+)?to)\s+(?:an?\s+)?$", re.IGNORECASE)
_STREAK_AT = re.compile(r"\bstreak(?:'s|’s|\s+is)?\s+(?:going\s+|alive\s+)?(?:at|on)\s+$",
                        re.I)  # ("keep the streak going at 15", "Streak's at 2 days")
_WD3 = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
_DAY_LABEL = re.compile(rf"(?:\*\*)?(?:(?:today|tomorrow)\s+and\s+)?(next\s+)?({_WD3})"
                        rf"(?:\s*(?:[-–]|to|and|,)\s*{_WD3})*"
                        rf"(?:\s*\([^()\n]{{1,40}}\))?(?:\*\*)?:\s",
                        re.IGNORECASE)
# a line's plan label ("Plan:", "**Next days:**", "The plan for the week:", "Rest of the week:")
_PLAN_WORDS = (r"(?:the\s+|your\s+|my\s+)?(?:plan|next\s+(?:few\s+)?(?:days|steps|week)|"
               # ("A gentle aim for today: 9,000")
               r"(?:an?\s+(?:gentle|modest|small|easy|realistic|sensible|good|simple)\s+)?aim|"
               r"this\s+week|coming\s+days|rest\s+of\s+(?:the\s+)?week|suggestions?|to\s+try|"
               # ("Suggested split:", "**Proposed schedule:**", "A recommended target:")
               r"(?:an?\s+)?(?:suggested|proposed|recommended)(?:\s+[a-z]+){1,2}|"
               r"(?:next\s+|first\s+|final\s+)?checkpoints?|milestones?|"
               r"targets?\s+(?:for\s+)?(?:this|the|next)\s+week|"
               r"(?:(?:today|tonight|this\s+week)(?:'s|s)\s+)?challenge)")
_PLAN_LABEL = re.compile(rf"[ \t>*+-]*(?:\*\*)?{_PLAN_WORDS}(?:\s+for\s+[^:\n]{{1,30}})?"
                         r"(?:\*\*)?:(?:\*\*)?\s", re.IGNORECASE)
# a sentence that offers a plan before its colon ("Here's a shape that fits around your
# meetings: Tue–Thu, 11,000 each; ...; Sunday, 10,263 to land it exactly.")
_PLAN_OFFERED = re.compile(r"\s*(?:here's|here\s+is|try)\s+(?:a|an|one|my|the)\s+(?:\w+\s+){0,2}"
                           r"(?:plan|shape|split|schedule|layout|week)\b[^:.!?\n]{0,60}:\s",
                           re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;:.!?\n]")
_WISHED = re.compile(r"\b(?:goal|target)\s+(?:met|hit)\s+on\b")
# a heading alone on its line that names a plan ("**Next days**", "### The plan")
_PLAN_HEADING = re.compile(rf"[ \t]*(?:#{{1,6}}[ \t]+)?(?:\*\*)?{_PLAN_WORDS}"
                           r"(?:\s+for\s+[^:\n*]{1,30})?(?:\*\*)?:?(?:\*\*)?[ \t]*", re.IGNORECASE)
# "your usual evening loop" in a plan's clause sizes the plan, not a record.
_USUAL = re.compile(r"\byour\s+(?:usual|normal)\b")
# ("Would 11,500 feel doable?", "Can you beat 8,000 by 7 pm?")
_PROPOSAL = re.compile(r"\b(?:would|could|should|shall|want|fancy|ready|how about|what about|"
                       r"up for|realistic|doable|manageable|can you)\b")
_PLAN_HEADER = re.compile(r"\b(?:targets?|plan|planned|aim|suggested|to do|todo|how|ideas?)\b")
_TIMES_AFTER = re.compile(r"\s*[x×]\s*\d")
# "even 300-400 steps each time", "500 per call": a size for each time something is done
_EACH_TIME = re.compile(r"\s+(?:steps?\s+)?(?:each|every|per|a)\s+(?:time|break|call|meeting|"
                        r"trip|lap|loop|round|session|walk|outing|way)\b", re.I)
_EACH_AFTER = re.compile(r"\s+(?:steps?\s+)?each\b", re.I)
# "4k at lunch, 4k after six": a count for a slot of the day to come
_SLOT_AFTER = re.compile(r"\s+(?:steps?\s+)?(?:in\s+the\s+(?:morning|afternoon|evening)\b|"
                         r"(?:at|by|before|after|over|during)\s+"
                         r"(?:lunch(?:time)?"
                         r"|dinner|breakfast|work|noon|six|seven|eight|nine|five|the\s+(?:morning|"
                         r"evening|school\s+run|commute)|bedtime)|tonight|this\s+(?:evening|"
                         r"afternoon))\b", re.IGNORECASE)
# "Sunday: 4,000 before work": a day told, unless the words look ahead ("tomorrow", "next")
_DAY_NAMED = re.compile(r"\b(?:yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                        r"\d{1,2}(?:st|nd|rd|th)?\s+(?:oct|nov|dec)|(?:oct|nov|dec)\w*\s+\d)",
                        re.IGNORECASE)
_AHEAD_CUE = re.compile(r"\b(?:tomorrow|next|tonight|today|plan|aim|try|target|coming)\b",
                        re.IGNORECASE)
# "you did 4k at lunch", "got 3,000 before work": done, not planned
_DONE_AT = re.compile(r"\b(?:did|got|had|walked|managed|logged|banked|clocked|were|was|you've|"
                      r"you'd)\b", re.IGNORECASE)
# "a 20-minute walk", "three 20-minute blocks", "one extra 15-minute walk": sized, not dated.
_ARTICLE_BEFORE = re.compile(r"\b(?:an?|one|two|three|four|five|six|another|each)\s+"
                             r"(?:(?:extra|more|short|quick|brisk|easy)\s+)?$", re.IGNORECASE)
# "flat, 20-minute walks": a duration adjective on a plural activity is generic too
_SIZED_AFTER = re.compile(r"\s+\d+[\s-](?:minutes?|mins?|hours?)[\s-]", re.IGNORECASE)
_GENERIC_PLURAL = re.compile(r"-(?:minutes?|mins?|hours?)\s+(?:\w+\s+)?(?:walks|loops|sessions|"
                             r"blocks|laps|strolls|rounds)\b", re.IGNORECASE)

# "if you hit 9k tomorrow", "once you're doing 11,000 a day": a supposed target
# "if this week's weekdays can hold around 10,000": any subject with a modal
_SUPPOSE = re.compile(r"\s*(?:\*\*)?(?:and\s+|but\s+|so\s+|even\s+)?(?:if|once|unless)\s+"
                      r"(?:you(?:'re|\s+can|\s+could|\s+just|\s+then)?|(?:[a-z']+\s+){1,4}?"
                      r"(?:can|could|will|manages?\s+to))\s+[a-z]+\s+"
                      r"(?:(?:another|only|just|about|around|at\s+least|roughly)\s+)?$")
# "and you'd be at 3", "that would put you on 12,000": the result of a supposition
_WOULD_BE = re.compile(r"\b(?:would|(?:you|we|it|that|they)'d)\s+(?:be|get|reach|land|have|hit|"
                       r"make|put|sit|end|finish)\b(?:\s+[a-z]+){0,3}\s+(?:about\s+|around\s+)?$")
# a doing as a sentence's subject, and what it would do
# ("Getting Saturday to 8,000 on its own would add almost 4,000")
_DOING_FIRST = re.compile(r"[\s>*+#-]*(?:\*\*)?(?:hitting|reaching|getting\s+(?:[a-z']+\s+){0,2}?"
                          r"(?:up\s+)?to|bringing|pushing|lifting|adding|bumping|beating|matching|"
                          r"walking|banking)\b", re.I)
_DOING_THEN = re.compile(r"\b(?:would|gets?\s+you|means|takes?\s+you|puts?\s+you|brings?\s+you)"
                         r"\b", re.I)
# what a day lived is supposed to have been: "if Saturday had reached even 8,000"
_HAD_SUPPOSED = re.compile(r"\s*(?:\*\*)?(?:and\s+|but\s+|even\s+)?(?:if\s+(?:[a-z']+\s+){1,3}?had|"
                           r"had\s+(?:[a-z']+\s+){0,2}?[a-z']+)\s+(?:been|reached|hit|made|got|"
                           r"managed|walked|done|come\s+in\s+at)\s+(?:(?:even|just|only|about|"
                           r"around|another|at\s+least)\s+)?$", re.I)
# the event supposed: "two more goal days", "a goal day today", "another 3,000"
_EVENT = re.compile(r"\b(?:(?:a|one|another|\w+\s+more)\s+(?:\w+\s+)?days?|another)\b|\bif\b"
                    # ("four 10,000 days would put you at 49,237")
                    r"|\b(?:two|three|four|five|six|seven|[2-7])\s+[\d,.]+k?\s+days\b")
# the supposed event itself: "two more goal days this week and you'd be at 3"
_MORE_THEN = re.compile(r"\s+(?:more|extra)\b[^.!?;]{0,40}?(?:,\s*|\s+and\s+|\s+then\s+)"
                        r"(?:you|that|it|we)(?:'d|\s+would)\b")
_LIVED = re.compile(r"\b(?:yesterday|last|ago|earlier|did|had|were|was|so far)\b")
# a sentence that restates the aim of the one before: "Aim for 60%. That's 19 goal days"
_THAT_IS = re.compile(r"[\s>*+#-]*(?:so\s+)?(?:that's|that’s|that\s+is|which\s+is)\s")
_GOAL_DAYS_AFTER = re.compile(r"\s+(?:goal\s+|met\s+|good\s+)?days?\b")
_AIMED = re.compile(r"\b(?:aim|shoot|go|push)\s+for\b|\btarget\s+of\b")
# what an activity suggested would come to: "should get you somewhere near nine thousand"
_GETS_YOU = re.compile(r"\b(?:should|will|would|could|might|['’]ll|['’]d)\s+(?:get|put|take|bring|"
                       r"land)\s+you\s+(?:(?:to|at|on)\s+)?(?:somewhere\s+|something\s+)?"
                       r"(?:near|around|about|close\s+to|roughly|over|past|to|at)?\s*$")
# a count of days that would bring something about: "16 of 31 days puts you over half"
_COUNT_OF = re.compile(r"\s*\d+\s+of\s+(?:the\s+)?")  # (and its "of 31")
_COUNT_THEN = re.compile(r"\s+(?:of\s+(?:the\s+)?\d+\s+)?(?:goal\s+)?days?\s+"
                         r"(?:(?:would|will|should)\s+)?(?:puts?|gets?|takes?|brings?|lands?)"
                         r"\s+you\b")
# what a plan comes to: "Plan: 10,000 a day Wed-Sun finishes the week at 72,548"
_PROJECTS = re.compile(r"\b(?:finish(?:es)?|ends?|lands?|closes?|(?:puts?|gets?|takes?|brings?"
                       r"|leaves?)\s+you)\b")

_ACTIVITY_BEFORE = re.compile(
    r"\b(?:an?|one|another|two|three)\s+(?:[\w-]+\s+){0,3}?(?:walk|loop|stroll|lap|session|"
    r"round|hike)s?\s*(?:,|—|–|\(|:)?\s*(?:of\s+)?(?:roughly|about|around|approximately|~|"
    r"maybe|some|another)?\s*$", re.IGNORECASE)
_WORTH_BEFORE = re.compile(r"\b(?:that|this|it|which)(?:\s+alone)?\s+(?:is|'s|’s)\s+worth\s+"
                           r"(?:roughly|about|around|some|maybe)?\s*$", re.IGNORECASE)
_ACTIVITY_NAMED = re.compile(r"\b(?:an?|one|another)\s+(?:[\w-]+\s+){0,3}?(?:walk|loop|stroll|"
                             r"lap|session|round|hike)\b", re.IGNORECASE)
_STEPS_AFTER = re.compile(r"\s*(?:more\s+)?steps?\b", re.IGNORECASE)


# a bare hour at the start of a sentence, before a comma or am/pm: "Around 4, a stretch of the
# legs"; "By 9 pm, the last loop" (not "at 4 days", "about 4 of 7")
_AT_HOUR = re.compile(r"(?:^|[.!?\n]\s*|:\s+)(?:around|about|at|by|from|after|before|until|till|"
                      r"before)\s+$", re.I)
_AT_MID = re.compile(r"\b(?:at|by|around)\s+$", re.I)
_DONE_BY = re.compile(r"[^.!?\n]*\b(?:you|i|we)\s+(?:had|'d|did|were|was|walked|ran|hit|got|"
                      r"reached|managed)\b", re.I)
_HOUR_AFTER = re.compile(r"(?:\s*(?:[ap]\.?m\.?|o['’]clock)\b|\s*(?:ish)?,)", re.I)

# what general knowledge cites: the evidence, people at large, the body, a rule of thumb
_GENERAL = re.compile(r"\b(?:research|studies|study|evidence|guidelines?|guidance|"
                      r"rules?\s+of\s+thumb|"
                      r"most\s+people|people\s+who|the\s+average\s+(?:person|adult|walker)|"
                      # ("most runner's-knee flare-ups settle in 1 to 2 weeks")
                      r"most\s+(?:[\w'’-]+\s+){0,2}(?:flare-ups?|injuries|niggles|runners|"
                      r"walkers|beginners)|"
                      r"adults|in\s+general|generally|typically|physiolog\w*|the\s+body|"
                      r"your\s+body|muscles?|tendons?|per\s+kilomet(?:re|er)|per\s+km|per\s+mile|"
                      r"a\s+kilomet(?:re|er)|a\s+mile|sleep|calories|"
                      # ("one or two lighter days a week is normal")
                      r"(?:is|are)\s+(?:perfectly\s+|completely\s+|quite\s+)?(?:normal|typical|"
                      r"common|usual|standard))\b")
# what names the user's own record: then the sentence makes claims
_USERS_OWN = re.compile(r"\byour\s+(?!body\b|muscles?\b|tendons?\b|heart\b|sleep\b)"
                        r"(?:\w+\s+)?(?:average|total|best|streak|week|month|days?|steps|record|"
                        r"goal|target|figures?|numbers?)\b|\byou\s+(?:walked|did|were|had|got|hit|"
                        r"managed|logged|averaged|are\s+at|'re\s+at)\b|\b(?:yesterday|today|"
                        r"tonight|last\s+week|this\s+week|mon|tues|wednes|thurs|fri|satur|sun)"
                        r"(?:day)?\b|\b(?:january|february|march|april|may|june|july|august|"
                        r"september|october|november|december)\b")


class AdviceReader:
    """One reply's sentences, read only when a number's status depends on them."""

    def __init__(self, reply: str, today: date | None = None,
                 bounds: list[int] | None = None) -> None:
        self._reply = reply
        self._today = today  # a list line for a weekday still ahead this week is a plan
        self._bounds = bounds  # where sentences start (clauses.py's, when the caller has them)
        self._sentences: dict[int, _Sentence] = {}
        self._tops: dict[int, int] = {}  # a table line's start: where its table starts
        self._plan_lists: dict[tuple[int, bool], bool] = {}  # by line: under a plan's intro
        self._lines: dict[int, bool] = {}  # by line: a plan's, a schedule's or a day ahead's

    def _sentence_bounds(self) -> list[int]:
        """Where the reply's sentences start (read once, unless the caller gave them)."""
        if self._bounds is None:
            self._bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(self._reply)]
        return self._bounds

    def general(self, a: Atom) -> bool:
        """Whether `a` sits in a sentence of general knowledge ("Research suggests most of the
        benefit arrives by about 7,000 to 8,000 a day", "a 10% increase per week is the usual
        rule of thumb", "most people take about 1,300 steps per kilometre"): a fact about
        people, the body or the evidence, which names none of the user's days or figures."""
        text = _sentence(self._reply, self._sentence_bounds(), a.start, self._sentences).text
        return _GENERAL.search(text) is not None and _USERS_OWN.search(text) is None \
            and not reports(text)

    def sizes_advice(self, a: Atom) -> bool:
        """Whether `a` sits in a suggestion or plan rather than a report. Sizes (durations,
        times, walks, days) go with any suggesting cue; step counts, percentages and dates
        only with a strong one ("try", "aim", an imperative, a plan list)."""
        if (_STREAK_AT.search(self._reply, max(0, a.start - 24), a.start) or a.may_start(
                ("-day", "goal", "day", "week")) and _STREAK_AFTER.match(self._reply, a.end)) \
                and not _CHASED.search(self._reply, max(0, a.start - 20), a.start):
            return False  # "keep the 15-day streak alive": the streak named is the user's
            # (not one to chase: "I wouldn't chase 7 goal days in a row right now")
        self._bounds = self._sentence_bounds()  # (read once; narrowed for what follows)
        if a.kind == "count" and a.value is not None and a.value <= 12 \
                and _THINGS.match(self._reply, a.end) is not None:
            sent = _sentence(self._reply, self._bounds, a.start, self._sentences)
            # (from the clause that draws the plan: "You noted that long walks make your knee
            # sore, so for now I'd keep to two gentle walks a day")
            turn = _SO_I_WOULD.search(self._reply, sent.start, a.start)
            if not reports(self._reply[turn.start() if turn else sent.start:
                                       sent.start + len(sent.text)].lower()):
                return True  # "Two walks, job done!", "Two great questions!": things the
                # app does not record, counted in the plan or the talk
        line_start = self._reply.rfind("\n", 0, a.start) + 1
        planned = self._planned(line_start)
        if not planned and _LIST_ITEM.match(self._reply, line_start):
            planned = self._plan_item(line_start)
        if (a.kind == "time" or a.kind == "count" and a.value is not None
                and 1 <= a.value <= 12) \
                and _AT_HOUR.search(self._reply, max(0, a.start - 16), a.start) \
                and _HOUR_AFTER.match(self._reply, a.end) \
                and not _DONE_BY.match(self._reply, a.end):  # ("Around 4, you had done 2,214")
            return True  # "Around 4, a 10-minute stretch": a time of the day planned
        if a.kind == "time" and _AT_MID.search(self._reply, max(0, a.start - 8), a.start) \
                and not _DONE_BY.match(self._reply, a.end) and not reports(_sentence(
                    self._reply, self._bounds, a.start, self._sentences).text.lower()):
            return True  # "a 30-minute walk at 7": when a walk told of nowhere is to be
        if _EACH_TIME.match(self._reply, a.end) and not reports(_sentence(
                self._reply, self._bounds, a.start, self._sentences).text.lower()):
            return True  # "even 300-400 steps each time": the size of a habit suggested
        if a.kind == "count" and a.value is not None and a.value >= 500 \
                and _EACH_AFTER.match(self._reply, a.end):
            sent = _sentence(self._reply, self._bounds, a.start, self._sentences)
            if _SLOT_AFTER.search(self._reply, sent.start, a.start) \
                    and not reports(sent.text.lower()) \
                    and not _DONE_AT.search(self._reply, sent.start, a.start):
                return True  # "A walk at lunch and another after six, about 5,000 each"
        if planned or _PLAN_FORM.search(self._reply, max(0, a.start - 8), a.start) \
                or _TIMES_AFTER.match(self._reply, a.end) or self._inline_schedule(a) \
                or self._asked(a, line_start) or self._labelled(a, line_start) \
                or self._plan_column(a, line_start) or self._proposed(a) \
                or self._supposed(a) or self._doing(a) or self._activity_size(a) \
                or self._slotted(a):
            return True  # "Days 4–7:", "2 x 15 minutes", "ask 'how was Nov 16?'": a plan's form
        size = a.kind == "time" or a.unit in _ADVICE_UNITS or (  # ("on two weekdays": days)
            a.kind == "range" and bool(a.ends) and a.ends[0].kind == "time") \
            or self._reply.startswith((" weekdays", " weekday "), a.end)
        return _is_advice(self._reply, self._bounds, a, self._sentences, strong_only=not size,
                          lists=self._plan_lists)

    def _planned(self, line_start: int) -> bool:
        """Whether the line at `line_start` has a plan's form (read once a line)."""
        planned = self._lines.get(line_start)
        if planned is None:
            planned = self._lines[line_start] = bool(
                self._plan_line(line_start) or self._day_ahead(line_start)
                or self._dated_ahead(line_start) or self._timed_line(line_start)
                or self._table_row_ahead(line_start))
        return planned

    def _plan_item(self, line_start: int) -> bool:
        """A list item beside items of a schedule or a plan's lines ("- 12:30: 35 minutes."
        above "- Fill the last 700 with stairs and hallway laps.") that reports nothing: the
        plan's. (Not beside a weekday's line alone: "- Wed: 12,028" may report.)"""
        reply = self._reply
        end = reply.find("\n", line_start)
        return not reports(reply[line_start:end if end >= 0 else len(reply)].lower()) and any(
            self._timed_line(at) or self._plan_line(at) for at in self._block(
                line_start, lambda at: _LIST_ITEM.match(reply, at) is not None))

    def _labelled(self, a: Atom, line_start: int) -> bool:
        """A number after a plan's label opening its line ("Plan: ... Sun 8-9k easy.", "Next
        days: Mon-Tue 9-10k at lunch."), in a sentence that reports nothing done."""
        assert self._bounds is not None  # set by sizes_advice, the only caller
        first = _sentence_start(self._bounds, a.start)
        m = _PLAN_LABEL.match(self._reply, line_start) or _PLAN_LABEL.match(
            self._reply, first) or _PLAN_OFFERED.match(self._reply, first)  # (". Plan: ...")
        if m is None or a.start < m.end():
            return False
        label = m[0].lower()
        if "challenge" in label or "target" in label or "aim" in label:
            # ("Challenge for the week: 4 goal days, one more than last week"; "Your target
            # this week: goal met on 4 days": the state wished for, in a report's words; "A
            # gentle aim for today: 9,000, ... in touch with last week's pace"), up to the end
            # of the number's clause
            cut = _CLAUSE_END.search(self._reply, a.end)
            return not reports(_WISHED.sub(" ", self._reply[
                m.end():cut.start() if cut else len(self._reply)].lower()))
        return not reports(
            _sentence(self._reply, self._bounds, a.start, self._sentences).text.lower())

    def _schedule(self, line_start: int, line_end: int) -> bool:
        """A line labelled with a weekday without a list marker is a plan's only beside
        another such line ("Fri: 10,500" above "Sat: 12,500")."""
        before = self._reply.rfind("\n", 0, max(0, line_start - 1)) + 1
        return line_start > 0 and _WEEKDAY_ITEM.match(self._reply, before) is not None \
            or line_end >= 0 and _WEEKDAY_ITEM.match(self._reply, line_end + 1) is not None

    def listed_with(self, a: Atom, prev_start: int, prev_end: int) -> bool:
        """The next item of a list whose item before it is advice ("3,000 before lunch,
        4,000 at lunch", "40 minutes at lunch and 35 after six", "a 45-minute walk, or two
        25-minute ones"): the list goes on suggesting unless the words between report."""
        between = self._reply[prev_end:a.start]
        return 0 < a.start - prev_end <= 40 and _LISTED.search(between) is not None \
            and not reports(between.lower())

    def _timed_line(self, line_start: int) -> bool:
        """A line labelled with a time of the day in a block of lines with another so labelled
        ("7:45 to 8:45: a brisk hour" above "5:15: another 30 minutes"): a day's schedule, not
        a record."""
        reply = self._reply
        end = reply.find("\n", line_start)
        if not _TIME_LABEL.match(reply, line_start) \
                or reports(reply[line_start:end if end >= 0 else len(reply)].lower()):
            return False  # ("- **Lunch:** you walked 6,200 yesterday": told, not planned)
        # another line of the same block so labelled ("- 07:30 to 08:15: ..." and, two items
        # on, "- 17:15 to 18:00: ...")
        return any(_TIME_LABEL.match(reply, at) for at in self._block(line_start))

    def _block(self, line_start: int,
               within: Callable[[int], bool] = lambda at: True) -> Iterator[int]:
        """The starts of the other lines of `line_start`'s block (no blank line between),
        nearest first above it, then below it, each way while `within` holds."""
        reply = self._reply
        start = line_start
        while start > 0 and (before := reply.rfind("\n", 0, start - 1) + 1) < start - 1 \
                and within(before):
            yield before
            start = before
        end = reply.find("\n", line_start)
        while end >= 0 and end + 1 < len(reply) and reply[end + 1] != "\n" and within(end + 1):
            yield end + 1
            end = reply.find("\n", end + 1)

    def _proposed(self, a: Atom) -> bool:
        """A question that puts a number to the reader ("Would 11,500 feel doable on
        Saturday?", "Want to try 12k?"): asked, not claimed."""
        assert self._bounds is not None  # set by sizes_advice, the only caller
        sent = _sentence(self._reply, self._bounds, a.start, self._sentences)
        return sent.text.rstrip().endswith("?") and not sent.report_strong \
            and _PROPOSAL.search(sent.text) is not None

    def _supposed(self, a: Atom) -> bool:
        """A target the reader is asked to suppose ("if you hit 9k tomorrow", "once you
        manage 11,000 a day"): the clause up to the number opens with "if you" and names
        nothing already lived. (What the sentence says follows from it is still checked.)"""
        assert self._bounds is not None  # set by sizes_advice, the only caller
        sent = _sentence(self._reply, self._bounds, a.start, self._sentences)
        i = bisect_left(sent.cuts, a.start - sent.start + 1) - 1
        before = sent.text[sent.cuts[i]:a.start - sent.start]
        at = a.start - sent.start
        if sent.would and (_WOULD_BE.search(sent.text, max(0, at - 40), at)
                           and _EVENT.search(sent.text, 0, at) and not reports(before)
                           or a.may_start(("more", "extra"))
                           and _MORE_THEN.match(sent.text, a.end - sent.start)) \
                and not _LIVED.search(before):
            return True  # "two more goal days and you'd be at 3": what would follow, supposed
        if _HAD_SUPPOSED.match(before):
            return True  # "if Saturday had reached even 8,000": a value supposed otherwise
        if i == 0 and _THAT_IS.match(sent.text) and sent.start > 0 \
                and _GOAL_DAYS_AFTER.match(self._reply, a.end) and _AIMED.search(
                _sentence(self._reply, self._bounds, sent.start - 1, self._sentences).text):
            return True  # "Aim for 60% in December. That's 19 goal days": the aim, restated
        if i == 0 and _THAT_IS.match(sent.text) and not _LIVED.search(sent.text) \
                and (last := len(self._reply[:sent.start].rstrip()) - 1) > 0 \
                and _in_plan_list(self._reply, last):
            return True  # (a plan's list) "That's roughly 7,000 to 8,000 from the walks alone"
        if _GETS_YOU.search(before) and _ACTIVITY_NAMED.search(before) \
                and not _LIVED.search(before):
            return True  # "a 20-minute walk ... should get you somewhere near nine thousand"
        if (not before.strip() or _COUNT_OF.fullmatch(before)) \
                and _COUNT_THEN.match(sent.text, a.end - sent.start):
            return True  # "For the month, 16 of 31 days puts you over half": supposed days
        if _PROJECTS.search(sent.text, 0, at) and not _LIVED.search(sent.text, 0, at) \
                and _PLAN_LABEL.match(self._reply, sent.start):
            return True  # "Plan: 10,000 a day Wed-Sun finishes the week at 72,548": the plan's
        return _SUPPOSE.match(before) is not None and not _LIVED.search(before) \
            and not _LIVED.search(sent.text, a.end - sent.start,
                                  sent.cuts[min(i + 1, len(sent.cuts) - 1)])

    def _doing(self, a: Atom) -> bool:
        """A number inside a doing supposed as its sentence's subject ("Hitting 9,300 on four
        days would already be progress", "Bumping each day by 1,300 gets you to the goal"), not
        what the doing would come to ("Getting there today would be 14": checked)."""
        assert self._bounds is not None  # set by sizes_advice, the only caller
        sent = _sentence(self._reply, self._bounds, a.start, self._sentences)
        m = _DOING_FIRST.match(sent.text)
        return m is not None and sent.start + m.end() <= a.start \
            and _DOING_THEN.search(sent.text, a.end - sent.start) is not None \
            and _DOING_THEN.search(sent.text, 0, a.start - sent.start) is None

    def _slotted(self, a: Atom) -> bool:
        """A step count put in a slot of the day to come ("Two walks: 4k at lunch, 4k after
        six"), in a sentence that reports nothing done."""
        if a.kind != "count" or a.value is None or a.value < 500 \
                or not a.may_start(("at", "by", "before", "after", "over", "during", "step",
                                    "tonight", "this", "in")) \
                or _SLOT_AFTER.match(self._reply, a.end) is None:
            return False
        lo = self._reply.rfind("\n", 0, a.start) + 1
        start = max(lo, _sentence_start(self._bounds, a.start)) if self._bounds else lo
        end = self._reply.find("\n", a.end)
        line = self._reply[start:a.end if end < 0 else end]
        return not reports(line.lower()) and not _DONE_AT.search(self._reply, start, a.start) \
            and (not _DAY_NAMED.search(line) or _AHEAD_CUE.search(line) is not None)

    def _activity_size(self, a: Atom) -> bool:
        """The steps a suggested activity gives ("a 30-minute flat loop, roughly 3,500
        steps"): sized like the activity, unless the clause reports it was done."""
        if _STEPS_AFTER.match(self._reply, a.end) is None:
            return False
        m = _ACTIVITY_BEFORE.search(self._reply, max(0, a.start - 60), a.start)
        if m is None and _WORTH_BEFORE.search(self._reply, max(0, a.start - 40), a.start):
            # "put a 15-minute walk in the calendar ...; that alone is worth roughly 1,500"
            sent = _sentence(self._reply, self._bounds or [0], a.start, self._sentences)
            m = _ACTIVITY_NAMED.search(self._reply, sent.start, a.start)
        return m is not None \
            and not reports(self._reply[max(0, m.start() - 40):a.start].lower())

    def _plan_column(self, a: Atom, line_start: int) -> bool:
        """A markdown table's cell under a heading that plans ("Target", "Plan", "How")."""
        reply = self._reply
        if not reply.startswith("|", line_start):
            return False
        top = self._tops.get(line_start)
        if top is None:  # (a table's line walks up only to the first line already read)
            top, walked = line_start, [line_start]
            while top > 0 and top not in self._tops and reply.startswith(
                    "|", above := reply.rfind("\n", 0, top - 1) + 1):
                walked.append(top := above)
            self._tops.update(dict.fromkeys(walked, self._tops.get(top, top)))
            top = self._tops[line_start]
        header = reply[top:reply.find("\n", top)].strip().strip("|").split("|")
        col = reply.count("|", line_start, a.start) - 1
        return top < line_start and col < len(header) and \
            _PLAN_HEADER.search(header[col].lower()) is not None

    def _asked(self, a: Atom, line_start: int) -> bool:
        """Inside a question the reader is told to ask (asking.py): words, not a claim."""
        return asking.asked(self._reply, a, line_start, lambda: _sentence(
            self._reply, self._bounds or [0], a.start, self._sentences).text)

    def _plan_line(self, line_start: int) -> bool:
        """A line in a plan's form ("Days 4–7:", "Tue–Thu:", "6. Sun 6 Dec:"), its date, when
        it has one, not before today ("- Mon 23: 9,999" on the 2nd reports the 23rd)."""
        m = _PLAN_LINE.match(self._reply, line_start)
        if m is not None and "week" in m[0].lower():  # ("Week 2:" may report a month's week:
            # a plan's when its line aims or its list is under a suggesting introduction; a
            # span of them, "Weeks 1-2:", is a plan's phase)
            end = self._reply.find("\n", line_start) % (len(self._reply) + 1)
            return "weeks" in m[0].lower() or _AIM_CUE.search(self._reply, m.end(), end) \
                is not None or _in_plan_list(self._reply, line_start)  # ("Weeks 1-2:" phases)
        if m is None or m[1] is None or self._today is None:
            return m is not None
        weekday = WEEKDAYS[m[0].lstrip(" \t>*+-0123456789.)").lstrip("*")[:3].lower()]
        day = _weekday_date(self._today, weekday, int(m[1]), m[2])
        return day is not None and day >= self._today

    def _dated_ahead(self, line_start: int) -> bool:
        """A line labelled with a date from today on ("- **Dec 14–20:** 11,000" on 1 December):
        a plan's step, not a record."""
        m = DATE_LINE.match(self._reply, line_start)
        if self._today is not None and m is None \
                and (nth := _NTH_LINE.match(self._reply, line_start)) is not None:
            return int(nth[1]) > self._today.day  # ("- From the 21st: 12,000" on 1 December)
        if m is None or self._today is None:
            return False
        month = _MONTHS.index((m[1] or m[4])[:3].lower()) + 1
        today = self._today
        year = today.year - (month > today.month + 6) + (month < today.month - 6)
        try:
            ahead = date(year, month, int(m[2] or m[3])) >= today
        except ValueError:
            return False
        end = self._reply.find("\n", line_start)
        # ("- **Thu Dec 3:** last Thursday, the 26th, was the weakest day at 7,651": the plan's
        # day, and a record told in it)
        return ahead and not reports(self._reply[m.end():end if end >= 0 else None].lower())

    def _table_row_ahead(self, line_start: int) -> bool:
        """A table row whose first cell is a day from today on ("| Wed 2 Dec | 3,500 | 4,500 |
        10,000 |" on 1 December): a plan's day, unless a cell says it is done."""
        m = _TABLE_DAY.match(self._reply, line_start)
        if m is None or self._today is None:
            return False
        end = self._reply.find("\n", line_start) % (len(self._reply) + 1)
        if _DONE_CELL.search(self._reply, m.end(), end):
            return False  # ("| Mon 30 Nov | 9,237 (done) |": a record in the plan's table)
        day = _weekday_date(self._today, WEEKDAYS[m[1][:3].lower()], int(m[2]), m[3])
        return day is not None and day >= self._today

    def _day_ahead(self, line_start: int) -> bool:
        """A list line labelled with a weekday from today to Sunday ("- **Tue:** 30 min at
        lunch"), not reporting what happened."""
        m = _WEEKDAY_ITEM.match(self._reply, line_start)
        if m is None or self._today is None:
            return False
        line_end = self._reply.find("\n", line_start)
        if not _LIST_ITEM.match(self._reply, line_start) and not self._schedule(line_start,
                                                                              line_end):
            return False
        line = self._reply[line_start:line_end if line_end >= 0 else len(self._reply)]
        day = WEEKDAYS[m[1].lower()]
        if day < self._today.weekday():
            # "Sunday: 11,000." then "Monday: 8,500.": a plan's week running on past Sunday
            above = next(iter(self._block(line_start)), line_start)
            prior = None if above >= line_start else _WEEKDAY_ITEM.match(self._reply, above)
            if prior is None or not day < WEEKDAYS[prior[1].lower()] \
                    or not self._day_ahead(above):
                return False
        return not reports(line.lower())

    def _inline_schedule(self, a: Atom) -> bool:
        """A sentence labelled with a weekday from today to Sunday beside another so
        labelled, in running text ("Tue: 9,000. Wed-Fri: 11,000. Sat: 12,500."): a plan."""
        assert self._bounds is not None  # set by sizes_advice, the only caller
        i = bisect_left(self._bounds, a.start + 1) - 1
        start = self._bounds[i]
        m = _DAY_LABEL.match(self._reply, start)
        if m is None or self._today is None or a.start < m.end() \
                or WEEKDAYS[m[2].lower()] < self._today.weekday() and m[1] is None:
            return False
        near = [self._bounds[j] for j in (i - 1, i + 1) if 0 <= j < len(self._bounds)]
        return any(_DAY_LABEL.match(self._reply, at) for at in near if at != start) \
            and not reports(self._reply[start:a.start].lower())


class _Sentence:
    """A sentence lower-cased, its clause cuts; what it says is read when first asked."""

    def __init__(self, text: str, start: int) -> None:
        self.text, self.start = text, start
        self.cuts = [0] + plain_cut_ends(text) + [len(text)]

    report_strong = cached_property(lambda self: reports(self.text))
    advice_strong = cached_property(lambda self: _suggests(self.text, self.text))
    advice_weak = cached_property(lambda self: bool(_ADVICE_WEAK.search(self.text)))
    would = cached_property(lambda self: "would" in self.text or "'d " in self.text)


def _sentence(reply: str, bounds: list[int], pos: int, cache: dict[int, _Sentence]) -> _Sentence:
    start = _sentence_start(bounds, pos)
    found = cache.get(start)
    if found is None:
        found = cache[start] = _Sentence(_sentence_at(reply, bounds, pos).lower(), start)
    return found


def _is_advice(reply: str, bounds: list[int], a: Atom, cache: dict[int, _Sentence], *,
               strong_only: bool, lists: dict[tuple[int, bool], bool]) -> bool:
    """Whether the sentence around `a` suggests rather than reports (see the module docstring)."""
    sent = _sentence(reply, bounds, a.start, cache)
    i = bisect_left(sent.cuts, a.start - sent.start + 1) - 1
    clause = sent.text[sent.cuts[i]:sent.cuts[i + 1]]
    # "a 20-minute walk": a duration as an adjective with an article is generic, not a record,
    # unless its own clause reports ("you did a 40-minute walk").
    if a.unit in ("minute", "hour") and reply.startswith("-", a.end) \
            and (_ARTICLE_BEFORE.search(reply[max(0, a.start - 16):a.start])
                 or _GENERIC_PLURAL.match(reply, a.end)):
        return not reports(clause)
    if a.unit in _ADVICE_UNITS and _SIZED_AFTER.match(reply, a.end):
        return not reports(clause)  # "three 20-minute blocks": so many of a size
    if a.value is not None and a.value < 100 and _AIM_FOR.match(clause):
        return True  # "aim for 4 goal days instead of last week's 3": the aim, beside a report
    if reports(clause) or _GAP_REPORT.search(clause):
        return False
    # "3 goal days instead of 1" in a sentence about a week already lived compares, not plans
    if _suggests(clause, sent.text):
        return True
    if not strong_only and _ADVICE_WEAK.search(clause) \
            and not REPORT_WEAK.search(_USUAL.sub("", clause)):
        return True  # "a walk of 30 to 40 minutes would cover it"
    if sent.report_strong and (strong_only or not sent.advice_strong):
        return False
    key = (reply.rfind("\n", 0, a.start) + 1, not strong_only)  # (its line decides)
    if sent.advice_strong or (lists[key] if key in lists else lists.setdefault(
            key, _in_plan_list(reply, a.start, sized=not strong_only))):
        return True
    return not strong_only and sent.advice_weak and not REPORT_WEAK.search(clause)


def _suggests(text: str, sentence: str) -> bool:
    """A strong suggesting cue in `text`; "instead" ("3 goal days instead of 1") only when
    the sentence names no week or month already lived: then it compares, not plans. A
    sentence that opens on a verb and "it" / "them" ("Front-load it: ...", "Spread them out")
    is an imperative, unless the verb is a past tense ("Made it to 10k")."""
    if text is sentence and _VERB_IT.match(text):
        return True
    return any((m[0] != "instead" or not _LIVED_WEEK.search(sentence))
               and not (m[0] == "next week" and text.endswith("into the ", 0, m.start()))
               for m in _ADVICE_STRONG.finditer(text))  # ("let it slide into the next week")


def _in_plan_list(text: str, pos: int, *, sized: bool = False) -> bool:
    """A list item under an introduction that suggests ("Here's a plan:", "Try this:"), or,
    for a size (`sized`: minutes, walks), under any introduction that ends with a colon."""
    line_start = text.rfind("\n", 0, pos) + 1
    if not _LIST_ITEM.match(text, line_start):
        return False
    while line_start > 0:
        prev_start = text.rfind("\n", 0, line_start - 1) + 1
        line = text[prev_start:line_start - 1]
        line_start = prev_start
        if not line.strip() or _LIST_ITEM.match(line):
            continue
        # "Try this:", "**Tomorrow (meetings 9 to 5):**": an introduction, bold or not; for a
        # size, one whose last sentence suggests ("so let's put the walking at the edges.")
        if _PLAN_HEADING.fullmatch(line):
            return True  # "**Next days**", "### The plan": a heading that names a plan
        if not line.rstrip().rstrip("*").endswith(":"):
            return sized and bool(_ADVICE_STRONG.search(_SENTENCE_END.split(line.lower())[-1]
                                                        or line.lower()))
        return bool(sized or _ADVICE_STRONG.search(line.lower()) or _PLAN_INTRO.search(line))
    return False


def _weekday_date(today: date, weekday: int, day: int, month: str | None) -> date | None:
    """The date a label like "Mon 23" or "Wed 2 Dec" names near `today`: the day of the month
    written (else this month or the one before: "Mon 23" on 2 Dec is 23 November) that falls
    on that weekday; None when none does."""
    months = [_MONTHS.index(month[:3].lower()) + 1] if month else \
        [today.month, (today.month - 2) % 12 + 1]
    for mo in months:
        year = today.year - (mo > today.month + 6) + (mo < today.month - 6)
        try:
            found = date(year, mo, day)
        except ValueError:
            continue
        if found.weekday() == weekday:
            return found
    return None


def _sentence_start(bounds: list[int], pos: int) -> int:
    return bounds[bisect_left(bounds, pos + 1) - 1]


def _sentence_at(text: str, bounds: list[int], pos: int) -> str:
    i = bisect_left(bounds, pos + 1) - 1
    end = bounds[i + 1] if i + 1 < len(bounds) else len(text)
    return text[bounds[i]:end]

