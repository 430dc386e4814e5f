"""What the days a message names are for, and the days it means without naming them: pure.

"last sunday how many steps? felt like loads" asks for the day's steps alone: the remark beside
the question only describes the day (`remark_only`), and "10k steps" is a number of steps, not
a distance (`step_counts`).

"what did you recommend for my calves after the holiday?" names days only to narrow down the
memories it asks about (`qualifies`): their totals are not asked for. "my parkrun PB, and how
many steps that day?" means the day of what it found (`that_day`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import date, timedelta

from coach_tui.memory import bests, events
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.goal_spans import asked_goal
from coach_tui.memory.message_parts import clauses, plans, told_after, told_before
from coach_tui.memory.query import base_form
from coach_tui.memory.ranking import SURE_COVER, Ranked, asked_kind
from coach_tui.memory.spans import Span
from coach_tui.memory.spoken import count_of
from coach_tui.memory.weekday_within import holds_named_weekday
from coach_tui.store import search
from coach_tui.text import starting

_THING_DID = (r"(?!\s+(?:the|my|that|this|his|her|our|those|these)\s+(?:[\w'-]+\s+){1,2}"
              r"(?:cope|coped|hurt|injure|fare|hold|handle|react|feel|end\s+up|come\s+about"
              r"|start|happen)\b)")
# Words asking about the days themselves: their steps, how they went, a comparison.
_ASKS_DAYS = re.compile(
    # ("step-downs", "step-ups": exercises, not steps)
    starting(r"abcdefghklmnopqrstvw", or_line_start=True) +
    r"\b(?:steps?(?!-(?:downs?|ups?)\b)|how\s+many|how\s+much|totals?|average|counts?|numbers?"
    r"|active|moving|how\s+(?:busy|lazy|idle)"  # ("how busy were my legs really?")
    r"|busiest|quietest|lowest|highest|fewest|biggest|smallest|hit|hitting|met|miss|missed"
    r"|target|goal"
    r"|manag\w*\s+(?:\d[\d,.]*k?|it|that)|compare\w*|avg|averag\w*|daily|per\s+day|a\s+day"
    r"|step-?wise|tally|volume"
    # "give me the damage for the past seven days", "the stats for last week": the numbers
    r"|damage|stats|figures|how\s+bad(?:ly)?|how\s+(?:low|high)\b"
    # "Give me the past seven days", "show me last week": the days themselves
    r"|(?:give|show|send)\s+me\s+(?:the\s+)?(?:past|last|previous|whole|full)\b"
    # "the three weeks after the half - show me the lot", "the week after portugal... show
    # me": the days named, shown
    # (not "which exercises did she give me?")
    r"|(?:(?:show|give)\s+me\s+(?:the\s+lot|them|everything|it\s+all|all\s+of\s+(?:it|them))"
    r"|show\s+me)(?=\s*(?:[.?!]|$))"
    # ("While I was in Lisbon with Tom... Can I see those days?", "show me both bits")
    r"|(?:see|show\s+me|give\s+me)\s+(?:those|these|the|both)\s+(?:days?|bits|weeks?|weekends?"
    r"|periods)\b"
    # ("Please show me the month of the Lisbon trip", "pull up all five days I had the flu",
    # "give me every day I was on the 12,000 target": the days named, shown)
    r"|(?:show|give|pull\s+up|bring\s+up|share)\s+(?:me\s+)?(?:the|all|every|each|my)\b"
    r"(?:\s+[\w-]+){0,2}?"
    r"\s+(?:days?|weeks?|weekends?|months?|stretch|fortnight)\b"
    r"(?!['’]?s?\s+(?:review|summary|recap|write-?up|notes?|journal))"  # (not "pull up the
    # frankfurt week review")
    # ("The 14 days after the physio diagnosed my knee, please.", "from the pb to race day, the
    # whole build": a message that opens on the stretch it names asks for its days)
    r"|^\W*(?:the\s+)?(?:\d{1,2}|two|three|four|five|six|seven|ten|fourteen)\s+(?:days|weeks)"
    r"\s+(?:after|before|following|preceding|either)\b|^\W*(?:from|between)\s+(?:the|my)\b"
    r"|\b(?:the\s+)?(?:full|whole|entire)\s+(?:stretch|period|build|block)\s*(?:,?\s*\w+\s*)?"
    r"(?:[.?!]|$)"
    # ("show me the days I had that stuffy nose", read as "show me while I had...")
    r"|show\s+me\s+(?=(?:while|during|when|since|between)\b)"
    # ("how have I done since my nose stopped running?", "day after the flu what did i get,
    # i remember being so tired")
    r"|how\s+have\s+i\s+(?:done|been\s+doing|got\s+on|fared)"
    # ("Since the trip, have I kept it up? Give me the big picture.": how the days went)
    r"|\b(?:big|overall|whole)\s+picture\b|how\s+(?:have|has)\s+(?:things|it)\s+been\b"
    r"|what\s+did\s+i\s+(?:get|clock|rack\s+up)(?=\s*(?:[,.?!]|$))"
    # ("show me everything from my parkrun pb all the way to race day")
    r"|(?:show|give)\s+me\s+(?:everything|it\s+all|all\s+of\s+it|the\s+lot)(?=\s+(?:from|between"
    r"|since|for|during|after|before)\b)"
    # "what was the week like around the time the clocks went back": how the days went
    r"|(?:week|weekend|month|days?)\s+like\b"
    # "what have the past seven days added up to", "am i on track": the days' sum, their pace
    r"|add(?:s|ed)?\s+up|all\s+up|altogether|on\s+(?:track|target|pace)"
    # ("since the cold cleared up am i back to normal?": the days weighed against usual)
    r"|back\s+to\s+(?:normal|usual|my\s+(?:usual|normal|old\s+self))"
    # ("post-storm to now. trend?", "10 days after 18k LR - load?", "how am i doing")
    r"|trend\w*|(?<!carb\s)load(?!\s+up\b)|how\s+am\s+i\s+doing|crack\w*(?=\s+\d)"
    # ("full series", "two data points", "window between X and Y", "put together the days of
    # the flu and the days of the cold")
    r"|series|data\s+points?|window|put\s+together|baseline"
    # ("set the fortnight before the half alongside the fortnight after it": compared)
    r"|(?:put|set|lay|place)\b[^.?!]{0,80}\balongside|side\s+by\s+side"
    # "what did last weekend come to, each day and together?": its sum and its days
    r"|c[oa]me\s+to|each\s+day|day\s+by\s+day"
    # "the past 7 days in a nutshell", "the verdict on last week": an overview of the days
    r"|nutshell|summar\w*|sum\s+up|recap|rundown|run-down|overview|verdict|round-?up"
    # ("my lower legs", "the physio looked at my knee": a body part, what someone did)
    r"|vs|versus|better|worse|higher|lower(?!\s+(?:legs?|back|body|half))|drop\w*"
    r"|bigger|smaller|busier|quieter"
    # ("how did the kicks cope", "how did the dog hurt himself": a thing's story, no days)
    r"|look\w*(?!\s+(?:at|into|after)\b)|overall|how\s+did" + _THING_DID + r"|how\s+was"
    r"|what\s+did\s+i\s+do|was\s+i|keep\s+moving|walk\w*"
    # "what did i get the day after i got back from frankfurt": the day's count
    # ("what did i manage on the treadmill" asks the distance the day's line tells)
    r"|what\s+did\s+i\s+(?:get|clock|rack\s+up)(?=\s+(?:on|the|that|last|this|over"
    r"|during|in|yesterday)\b)"
    # "which was my best week, and what did the review say": the week is asked for too
    r"|(?:best|worst|biggest)\s+(?:day|week|month)(?:\s+(?:ever|so\s+far|yet"
    r"|of\s+the\s+(?:whole\s+|entire\s+)?[a-z]+))?"
    r"(?=\s*[?,]|\s+and\b))\b",
    re.IGNORECASE)


# "where was I on 10/10", "what happened on the 8th": what the journal says of the named day
# ("what did I do that day, steps-wise" asks for the steps alone).
# ("what was i even doing": a word said for weight between the subject and its verb)
_WE = r"(?:i|we)\s+(?:(?:even|actually|really|just|exactly|ever)\s+)?"
WHAT_HAPPENED = re.compile(
    starting(r"acfhsw") +
    r"\b(?:where\s+(?:was|were)\s+(?:i|we)|where\s+did\s+" + _WE + r"go|what\s+happen\w*"
    # ("where we walked that day": a learner's order; "where did we walk")
    r"|where\s+(?:did\s+)?(?:i|we)\s+(?:walk|went|go|ran|run)\w*"
    # ("what exactly did we do on Sept 24th, and how many steps": the day, then its steps)
    # ("what all did I do on Sunday 16th Aug": an Indian English "what")
    r"|what\s+(?:exactly\s+|actually\s+|all\s+)?did\s+" + _WE + r"do(?![^?.!;,]*\bsteps?\b)"
    r"(?![^?.!;]*\bsteps?[\s-]*wise\b)"  # ("what did i do on 27/11, steps wise": steps)
    r"|what\s+was\s+" + _WE + r"(?:doing|up\s+to)"
    r"|what\s+did\s+" + _WE + r"get\s+up\s+to|what\s+" + _WE + r"got\s+up\s+to"
    # ("what did I decide to do about it": the plan the day's line wrote)
    r"|what\s+did\s+" + _WE + r"(?:decide|plan|choose|opt)\w*"
    r"|what\s+was\s+going\s+on|what\s+did\s+" + _WE + r"(?:write|wrote|note|jot|log)\w*"
    # ("remind me what I wrote on Sep 5", "what was happening on each of those days")
    r"|what\s+" + _WE + r"(?:wrote|noted|jotted|logged)\b|what\s+(?:was|were)\s+happening"
    # ("What is happening on 21 VIII?": a learner's present for a day gone)
    r"|what\s+is\s+happening\s+on\b"
    r"|how\s+(?:was|were)\s+" + _WE + r"feeling|how\s+did\s+" + _WE + r"feel"
    r"|anything\s+happen\w*|something\s+happen\w*"
    # "who came out with me on the Sunday?": the company the day's line names
    r"|who\s+(?:came|went|ran|walked|joined\s+me|was\s+with\s+me)(?:\s+out)?(?:\s+with\s+(?:me|us))?"
    r"|who\s+did\s+" + _WE + r"(?:run|walk|go|hike)\s+with"
    # "how far did I run last Sunday", "how long was the walk": what only the day's line says
    r"|how\s+(?:far|long|fast)\s+(?:did\s+" + _WE + r"(?:run|jog|go|walk|hike|ride|cycle|swim)"
    r"|(?:was|were)\s+(?:the|my|that)\s+(?:run|jog|walk|hike|ride))"
    r"|what\s+(?:pace|distance|time|splits?)\s+did\s+" + _WE
    # "On Saturday the 8th of August I ran the parkrun. What was my time?"
    + r"|what\s+(?:was|were)\s+(?:my|our)\s+(?:time|pace|splits?|distance"
    r"|finish(?:ing)?\s+time)"
    # "The 18k on 1 Nov - finish time, gels, and steps that day?"
    r"|(?:finish(?:ing)?|chip)\s+time)\b", re.IGNORECASE)
# "what was I moaning to you about that morning?", "what did I tell you that day": the day's
# exchanges themselves, whatever their words
WHAT_I_SAID = re.compile(starting(r"w") +
                         r"\bwhat\s+(?:was|were)\s+(?:i|we)\s+(?:moaning|complaining|whinging|"
                         r"going\s+on|banging\s+on|talking|chatting|asking|telling\s+you)\b"
                         r"|\bwhat\s+did\s+(?:i|we)\s+(?:say\s+to\s+you|tell\s+you|ask\s+you|"
                         r"message\s+you|text\s+you|talk\s+about|moan|complain)\w*"
                         # "the night before the race, what did you say to calm me down?": what
                         # the coach said that day, whatever its words
                         r"|\bwhat\s+did\s+you\s+(?:say|tell\s+me|reply|write)\s+to\s+"
                         r"(?:calm|reassure|settle|comfort|cheer|encourage|buck)\w*",
                         re.IGNORECASE)
# "how did the 10th of October go, and what did I say about it?": what the user told of the
# day, that day or the day or two after
I_SAID_OF_IT = re.compile(starting(r"w") +
                          r"\bwhat\s+did\s+(?:i|we)\s+(?:say|write|tell\s+you)\s+about\s+"
                          r"(?:it|that|them|those)\b", re.IGNORECASE)
SAID_LIMIT = 2  # the day's first exchanges brought for it


# "worst week and why was it so bad", "how come that month was so low": the story of the days
# named, as "what happened" asks it
WHY_SO = re.compile(starting(r"ahtw\,", or_line_start=True) +
                    r"\b(?:why\s+(?:was|were|did)\b[^?.!;]*\b(?:so|that)\s+[a-z]+|how\s+come"
                    r"|what\s+went\s+(?:wrong|right|well)"
                    # ("what was the reason of it?", "what caused that?")
                    # ("what was the reason it was so poor?": the whole of it)
                    r"|(?:what\s+was|what['’]s)\s+the\s+(?:reason|cause)(?:\s+(?:why\s+)?(?:it|that"
                    r"|this|they)\s+(?:was|were|went)(?:\s+so)?(?:\s+[a-z]+)?)?|what\s+caused\s+"
                    r"(?:it|that|this)|the\s+reason\s+(?:for|of)\s+(?:it|that|this)"
                    # ("kindly give the total and the reason it was so low")
                    r"|the\s+reason\s+(?:why\s+)?(?:it|that|this|they)\s+(?:was|were|went)\b"
                    # ("19 aug steps why so low", "worst wk total and why?", "what knocked me
                    # off track?")
                    r"|why\s+so\s+[a-z]+|(?:\band|,|^)\s*why(?=\s*(?:[?.!]|$))"
                    # ("why made I so few steps there?", "why it was so bad?": a learner's
                    # word order)
                    r"|\bwhy(?:\s+[a-z']+){1,4}?\s+so\s+(?:few|little|low|bad|badly|poor)\b"
                    r"|\bwhy\s+(?:it|that|this)\s+happened\b"
                    r"|what\s+(?:knocked|threw|set|pulled)\s+me\s+(?:off|back|out))\b",
                    re.IGNORECASE)
# "why do you think I stalled so badly the week after the half?", "why did my steps drop that
# week?": what the journal says of those days is the answer
WHY_ME = re.compile(starting(r"w") +
                    r"\bwhy\s+(?:do\s+you\s+think\s+|d['’]?you\s+(?:think|reckon)\s+)?"
                    r"(?:did\s+(?:i|my)|was\s+(?:i|my)|were\s+(?:i|my)|had\s+i|i|my)\b",
                    re.IGNORECASE)
WHY_LINES = 3  # the journal lines of a week or less a why-question brings
WHAT_HAPPENED_WEEK = 7  # a span this short or shorter: its review and first lines tell its story
# "what did I do two weekends ago? steps wise": the steps, not the story
STEPS_WISE = re.compile(starting(r"is") +
                        r"\bsteps?[\s-]?wise\b|\bin\s+(?:terms\s+of\s+)?steps\b", re.IGNORECASE)
# "after the half", "since the trip": an open stretch of days that only narrows what it names
OPEN = frozenset(["after", "since"])
WHAT_HAPPENED_DAYS = 1   # a span this short or shorter: its lines are what was asked


# Words before "day" that say which day by themselves, not what happened on it ("the next day",
# "the rest day", "the best day": bests.py reads that one)
_NOT_EVENT = (r"(?:whole|next|following|previous|other|same|first|last|entire|rest|one|very"
              r"|only|best|worst|big|following|final|odd|second|third)")
# "how many steps that day", "how did my steps look those days": the days of what it names.
# ("steps that first day", "that very week", "that whole week"; "did I hit it that wed": the
# weekday of its week)
THAT_DAY = re.compile(starting(r"otw") +
                      r"\b(?:that|the\s+same)\s+(?:(?:first|very|one|whole|entire|full)\s+)?"
                      r"(day|week)\b"
                      r"|\bthe\s+(day)\s+(?!before\b|after\b|of\b|off\b)(?=[a-z])"
                      # "on the long run day", and "the 18k run day, how many steps?"
                      r"|\b(?:on\s+(?:my|the)\s+(?:[\w']+\s+){1,3}|the\s+(?!" + _NOT_EVENT
                      # ("the seven-day numbers": a count of days, no day)
                      + r"\s)(?!(?:\d+|one|two|three|four|five|six|seven|ten|fourteen|thirty)"
                      r"[\s-]+days?\b)(?:[\w']+\s+){1,3})(?<!every\s)(?<!each\s)(?<!per\s)(?<!\ba\s)"
                      r"(?<!any\s)(?<!this\s)(day)\b(?!\s+(?:of|off|before|after)\b)"
                      r"|\b(those|these)\s+(?:[a-z0-9]+\s+)?days\b"
                      r"|\bthat\s+(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nes|nesday|rs|rsday"
                      r"|urday)?\b"
                      # "how many steps on the day of that appointment": the day of what the
                      # message named before, at its end
                      r"|\bthe\s+(day)\s+of\s+that\s+(?=[a-z]+\W*$)"
                      # "my knee flared again after the half, what day was that and how many
                      # steps did i do": the day of what it names, its steps asked
                      r"|\b(?:what|which)\s+(day)\s+(?:was|is)\s+(?:that|it|this)\b"
                      r"(?=.*\bsteps?\b)", re.IGNORECASE)
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
# "short lead walks only for ten days": how long what the line tells lasted.
_LASTED = re.compile(starting(r"f") +
                     r"\bfor\s+(?:the\s+next\s+)?(\d{1,2}|two|three|four|five|six|seven|eight"
                     r"|nine|ten|eleven|twelve|fourteen)\s+days\b", re.IGNORECASE)


def that_day(ranked: Sequence[Ranked], said: re.Match | None, today: date,
             asked: str | None = None) -> Span | None:
    """The day (or days) of the best memory found: the dates its journal line writes
    ("Mon 14 to Thu 17 September") for "those days", or the days it says something lasted
    ("for ten days" from the day it was written), else the day it was written. A message
    asking what the coach said then ("when Priya brought up Manchester what did you tell me,
    and my steps that day?") means the day of that exchange."""
    if said is None:
        return None
    kinds = (search.CHAT_KIND, search.JOURNAL_KIND) if asked == search.CHAT_KIND \
        else (search.JOURNAL_KIND,)
    best = next((r.hit for kind in kinds for r in ranked if r.hit.kind == kind), ranked[0].hit)
    try:
        day = date.fromisoformat(best.day)
    except ValueError:
        return None
    first, last = events.event_days(day, [], best.text)
    lasted = _LASTED.search(best.text)
    if first == last and lasted is not None:
        last = first + timedelta(days=count_of(lasted.group(1)) - 1)
    unit = next((g.lower() for g in (*said.groups()[:3], *said.groups()[5:]) if g is not None),
                None)
    if said.group(5) is not None:  # "that wed": that weekday of the memory's week
        first = last = day + timedelta(days=_WEEKDAYS.index(said.group(5).lower())
                                       - day.weekday())
    elif unit == "day":
        first = last = day if not first <= day <= last else first
    elif unit is not None:  # "that week"
        first = first - timedelta(days=first.weekday())
        last = first + timedelta(days=6)
    last = min(last, today - timedelta(days=1))
    if first > last:
        return None
    return Span(f"the days of {first.isoformat()}" if first != last else first.isoformat(),
                first, last, first != last)


# "10k steps", "12,000 steps a day": a number of steps, never a distance or a word to search for
# ("did I average 10k", "hit the new 10k goal", "10k a day"; "the 12k target" names a goal)
_STEP_COUNT = re.compile(starting(r"abdhr\d") +
                         r"\b(\d+(?:[.,]\d+)?k?)\s*(?:steps?|a\s+day)\b"
                         r"|\bdays?\s+(?:over|under|above|below)\s+(\d+(?:[.,]\d+)?k?)\b"
                         r"|\b(?:avg|averag\w*|hit|hitting|break|broke|reach\w*)\s+(?:the\s+)?"
                         r"(?:new\s+)?(\d+(?:[.,]\d+)?k)\b", re.IGNORECASE)


def step_counts(text: str) -> set[str]:
    """The numbers `text` gives as counts of steps ("10k steps": "10k"), and the verb that
    asks for one ("how much did I walk": "walk"), lower case (base forms)."""
    return {next(g for g in m.groups() if g).lower() for m in _STEP_COUNT.finditer(text)} | {
        base_form(m.group(1).lower()) for m in _HOW_MUCH.finditer(text)}


# "how much did I walk", "how much i walked", "how far did I move": the day's step count, not
# the lines that mention walks.
_HOW_MUCH = re.compile(starting(r"h") +
                       r"\bhow\s+(?:much|far)\s+(?:did\s+|have\s+|had\s+)?(?:i|we)\s+"
                       r"(?:have\s+|had\s+)?(walk(?:ed)?|mov(?:e|ed)|mileage)\b", re.IGNORECASE)


# A clause asking for the steps of days: "how many steps", "whats the total", "avg?"
_ASKS_STEPS = re.compile(starting(r"acdhnstw") +
                         r"\b(?:steps?(?!-(?:downs?|ups?)\b)|step-?wise|totals?|how\s+many"
                         r"|numbers?|counts?|avg"
                         # ("On Nov 18 I walked very little. How much exactly?": the day's count)
                         r"|how\s+much(?:\s+(?:exactly|precisely|in\s+total|altogether|then))?"
                         r"(?=\s*[?!.]|\s*$)|how\s+much\s+(?:did\s+i\s+(?:do|walk|get|manage)"
                         r"|was\s+(?:it|that))"
                         r"|average|tally"
                         # "how did last Tuesday go?", "what did I do yesterday?": how it went
                         r"|how\s+did\s+(?:\w+\s+){0,3}go|how\s+did\s+i\s+(?:do|get\s+on)"
                         r"|what\s+did\s+i\s+(?:do|manage|clock|log|rack\s+up)"
                         # "did I get to 10,000", "did i hit it": whether the day made a number
                         r"|did\s+i\s+(?:(?:even|actually|ever)\s+)?(?:get\s+(?:to|over|past|above)"
                         r"|hit|make|reach|break|beat|crack|top"
                         # ("did I get close to 10k?", "did I come near my goal?")
                         r"|clear|go\s+over|(?:get|come)\s+(?:close\s+to|near))"
                         r")\b", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def asks_days(text: str) -> bool:
    """Whether `text` asks anything of the days it names (their steps, totals, the goal).
    (One recall asks it of the same message and clauses several times.)"""
    return _ASKS_DAYS.search(text) is not None


def remark_only(questions: Sequence[tuple[str, Sequence[str]]], remarks: bool) -> bool:
    """Whether a message that names its days asks only for their steps: every clause that
    asks (with its words to search for) asks for steps and holds no such word ("last sunday
    how many steps?"), and the words are all in a remark beside it ("felt like loads"), which
    describes the day it named. "what was 3/10 like? first parkrun back. what time did i
    get" asks about the parkrun its remark names."""
    # ("...and was 4/10 a bigger day than that?", "how was last week overall?": a day weighed
    # by its steps; "what was 3/10 like?" asks how it went, which the remark beside it tells)
    return remarks and all(not words and (_ASKS_STEPS.search(part) or DATEISH.search(part)
                                          and _BIGGER.search(part))
                           for part, words in questions)


_BIGGER = re.compile(starting(r"bcfhlmoqs") +
                     r"\b(?:bigger|smaller|busier|quieter|higher|lower|more|fewer|less|overall"
                     r"|compar\w*)\b", re.IGNORECASE)


def qualifies(text: str, ranked: Sequence[Ranked], asked: str | None = None) -> bool:
    """Whether the days `text` names only narrow down what it asks about: a memory matches
    it surely (not only as an event's anchor), or it asks for a kind of memory that was found
    ("what did my review say about the Lisbon week?"), and nothing in it asks about the
    days."""
    return (any((r.covered >= SURE_COVER) or (asked is not None and r.hit.kind == asked)
                or (r.anchor and asks_when(text)) for r in ranked)
            and not asks_days(text))


# Words about the numbers a named day's lines already give.
DATA_WORDS = frozenset({"goal", "target", "total", "average", "count", "number", "hit",
                        "make", "made", "reach", "reached", "miss", "missed", "active", "meet",
                        "met", "nutshell", "summary", "summarise", "summarize", "recap",
                        "rundown", "overview", "verdict", "roundup", "daily", "per", "avg",
                        "bigger", "smaller", "busier", "quieter",
                        # "both days and then the two together": their sum
                        "together", "altogether", "combined",
                        "app", "tracker", "garmin", "fitbit", "device"})  # what counts them


def memory_data_words(text: str, today: date, date_order: str) -> set[str]:
    """The words of `DATA_WORDS` (base forms) that a part of `text` asks about as a memory,
    not as a day's number: said only in parts that name no day and ask what was decided or
    said, beside a part that names its days ("November vs October in steps, and what did I
    decide about the target after the race?": the line that changed the target; "steps on the
    1st, and what did you say about the daily goal": the exchange). "...and was that over
    the goal?" asks for the day's number."""
    if not _DATA_BASES & {base_form(w) for w in re.findall(r"[a-z]+", text.lower())}:
        return set()
    parts = clauses(text)
    if len(parts) < 2:
        return set()
    data = _DATA_BASES
    held = [{base_form(w) for w in re.findall(r"[a-z]+", p.lower())} & data for p in parts]
    # (a part asking what the coach said asks for no count, whatever it quotes: "what did you
    # say when I asked for a bigger daily number?")
    counts = [_ASKS_STEPS.search(p) is not None and asked_kind(p) != search.CHAT_KIND
              for p in parts]
    # (the cheap tests first: naming days reads each part's dates)
    asking = [bool(held[i]) and not counts[i]
              and (WHAT_HAPPENED.search(p) is not None or asked_kind(p) is not None)
              for i, p in enumerate(parts)]
    if not any(asking):
        return set()
    dated = [bool(_clause_days(p, today, date_order)) for p in parts]
    if not any(dated):
        return set()
    free = {w for i in range(len(parts)) if asking[i] and not dated[i] for w in held[i]}
    return free - {w for i in range(len(parts)) if dated[i] or counts[i] for w in held[i]}


_DATA_BASES = frozenset(base_form(w) for w in DATA_WORDS)


def asks_when(text: str) -> bool:
    """Whether `text` asks when something was ("when was the portugal getaway?"): the line
    that dates it is the answer, not its steps."""
    return _WHEN_WAS.search(text) is not None


_WHEN_WAS = re.compile(starting(r"a\!\,\.\;\?", or_line_start=True) +
                       r"(?:^|[.?!;,]\s*|\band\s+)when\s+(?:was|were|did)\b"
                       # (not "when did my knee flare after the half": a day it anchors)
                       r"(?![^.?!;,]*\b(?:after|before|since|following)\b)", re.IGNORECASE)


def reviews_alone(ranked: Sequence[Ranked], asked: str | None,
                  only_asked: bool) -> list[Ranked]:
    """`ranked` without the journal lines and exchanges beside the reviews found when every
    part of the message asks what a review said ("what did my review of the storm week say
    about treadmills": the review, not the line that says "treadmill" too, nor the one that
    dates the storm: the review names its week)."""
    if asked != search.REVIEW_KIND or not only_asked or not any(
            r.hit.kind == asked for r in ranked):
        return list(ranked)
    return [r for r in ranked if r.hit.kind == asked]


_THAT_WEEK = re.compile(starting(r"it") +
                        r"\b(?:it|then|that|those|the\s+week'?s?)\b", re.IGNORECASE)


_TOTALS = re.compile(starting(r"ahst") +
                     r"\b(?:totals?|steps?|how\s+many|average|avg)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _clause_days(part: str, today: date, date_order: str) -> frozenset[tuple[date, date]]:
    """The (first, last) days of the spans one part of a message names, read once per
    message (a part with nothing a day could be named by names none)."""
    if not DATEISH.search(part):
        return frozenset()
    return frozenset((s.start, s.end) for s in named_spans(part, today, date_order))


def unasked_periods(text: str, spans: Sequence[Span], ranked: Sequence[Ranked],
                    today: date, date_order: str) -> list[Span]:
    """The periods of `spans` whose totals no part of the message asks for: the weeks whose
    review it asks for (`reviewed_weeks`), and those named only by a part asking about a
    memory while each part asking about days names days of its own ("What was Priya's idea
    at the end of November, and how many steps on the 29th?": the 29th's line, not late
    November's)."""
    if not any(s.summary for s in spans):
        return []
    out = reviewed_weeks(text, spans, ranked, today, date_order)
    parts = clauses(text)
    if len(parts) < 2 or not any(r.covered > 0 and not r.anchor for r in ranked):
        return out
    days_asked = [asks_days(c) for c in parts]
    if not any(days_asked):
        return out
    named = [_clause_days(c, today, date_order) for c in parts]
    if not all(named[i] and not THAT_WEEKDAY.search(parts[i])
               for i, asks in enumerate(days_asked) if asks):
        return out          # ("late aug was rough? how many days did i hit 8k": of late Aug;
        # "...two weekends ago. Steps that Saturday and Sunday?": the weekend's days)
    for span in spans:
        naming = [i for i, n in enumerate(named) if (span.start, span.end) in n]
        if span.summary and naming and not any(days_asked[i] for i in naming) \
                and span not in out:
            out.append(span)
    return out


# steps asked for before the review in one clause: the week's totals are asked too
_STEPS_THEN_REVIEW = re.compile(starting(r"hst") +
                                r"\b(?:total\s+steps|steps?\s+total|how\s+many\s+steps|"
                                r"step\s+count)\b[^?]*?\breview", re.IGNORECASE)


def reviewed_weeks(text: str, spans: Sequence[Span], ranked: Sequence[Ranked],
                   today: date, date_order: str) -> list[Span]:
    """The weeks of `spans` whose saved review the message asks for and found ("read me the
    review from the storm week", "the review for my first week on 10,000"), when no part of it
    that asks about days names them: the review gives the week's totals already."""
    found = {r.hit.label for r in ranked if r.hit.kind == search.REVIEW_KIND}
    if not found or not any(asked_kind(c) == search.REVIEW_KIND for c in clauses(text)):
        return []
    if any(_STEPS_THEN_REVIEW.search(c) for c in clauses(text)):
        return []  # "The week of 24 August: total steps, what did your review put it down to"
    asking = [c for c in clauses(text)
              if asks_days(c) and asked_kind(c) != search.REVIEW_KIND]
    # "my best week, and what did its review say", "...and that week's total": asked for too
    # ("...and what were the totals": of the weeks named before)
    if bests.best_phrases(text) or any(
            _THAT_WEEK.search(c) or (_TOTALS.search(c) and not _clause_days(c, today, date_order)
                                     and not events.event_phrases(c))
            for c in asking):
        return []
    named = [d for c in asking for d in _clause_days(c, today, date_order)]
    weekly = any("week" in p.relation for c in asking for p in events.event_phrases(c))
    out = []
    for span in spans:
        year, week, weekday = span.start.isocalendar()
        if (weekday == 1 and span.days == 7 and f"week:{year}-W{week:02d}" in found
                and (span.start, span.end) not in named and not weekly
                and not any(asked_goal(c) for c in asking)):
            out.append(span)
    return out


def asked_days(text: str, spans: list[Span], asked: str | None, anchored: bool,
               today: date, date_order: str) -> list[Span]:
    """`spans` without those a remark names beside the questions (`asked`, the questions
    alone, from `message_parts.asked_only`): all a remark's when the message anchors an event
    ("I had that cold a week after Bonfire Night. Steps while it lasted?"), else those of a
    sentence told after a question ("the 7th and 8th of November? That was a Saturday and
    Sunday"). Days named only in a plan told beside the question are not asked either."""
    ahead, others = plans(text) if spans else ([], [])
    # ("...her 70th will be on 13/11 next year. How many steps did I do on it this year?": the
    # question asks of the day the plan names)
    if ahead and not any(_BACK_TO_IT.search(o) for o in others):
        planned = {(s.start, s.end) for p in ahead for s in named_spans(p, today, date_order)}
        rest = {(s.start, s.end) for c in others for s in named_spans(c, today, date_order)}
        spans = [s for s in spans if (s.start, s.end) not in planned - rest]
    if asked is None or not spans:
        return spans
    told = "" if anchored else told_after(text)
    before = "" if anchored or _BACK_TO_IT.search(asked) else told_before(text)
    if before and _ASKED_THEN.search(before) and asked_kind(asked) == search.CHAT_KIND:
        before = ""  # ("The Monday before last I asked you about dropping my target. What did
        # you say?": the day the exchange asked for was had)
    if not anchored and not DATEISH.search(told) and not DATEISH.search(before):
        return spans                                  # (most remarks name no day: no search)
    told_days = {(s.start, s.end) for s in named_spans(told, today, date_order)}
    asked_own = named_spans(asked, today, date_order) if before else []
    if before and (asked_own or not _ASKS_STEPS.search(asked)):
        # "Legs heavy after yesterday's 6k. Steps on 3/10?": the question names its own days;
        # "Leg grumbling since yesterday's jog. What did the physio say?": it asks no steps
        told_days |= {(s.start, s.end) for s in named_spans(before, today, date_order)} - {
            (s.start, s.end) for s in asked_own}
    if not anchored and not told_days:
        return spans
    kept = {(s.start, s.end) for s in named_spans(asked, today, date_order)}
    if anchored and _THAT_UNIT.search(asked):
        return spans  # "Two weekends ago I felt normal again after the half. How many steps did
        # that weekend add up to?": the remark's days are the ones asked about
    if anchored:
        return [s for s in spans if (s.start, s.end) in kept] if len(kept) < len(spans) else spans
    # (a period the remark names is kept where the question names its weekdays with "the")
    return [s for s in spans if (s.start, s.end) in kept or (s.start, s.end) not in told_days
            or holds_named_weekday(asked, s)]


# "I asked you", "we talked about it": a remark telling when the exchange asked for was had
_ASKED_THEN = re.compile(starting(r"iw") +
                         r"\b(?:i|we)\s+(?:asked|told|mentioned|talked|chatted|spoke|messaged)\b",
                         re.IGNORECASE)


# "that Saturday": a weekday of the days told before
_THAT_WEEKDAY_WORDS = r"\bthat\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
THAT_WEEKDAY = re.compile(starting(r"t") +
                          _THAT_WEEKDAY_WORDS, re.I)
_THAT_UNIT = re.compile(starting(r"t") +
                        r"\bth(?:at|ose)\s+(?:two\s+)?(?:days?|weeks?|weekends?|months?|fortnight|"
                        r"stretch|period|spell)\b", re.IGNORECASE)


# A question about the day a remark before it names ("Walked 15k yesterday! Was that a
# record?", "...how did it compare"): the remark's days are asked about.
_BACK_TO_IT = re.compile(starting(r"abcdfgimoptvw\!\.\:\?", or_line_start=True) +
                         r"(?:^|[.?!:]\s+)\W*(?:(?:and|so|but)\s+)?(?:(?:how|what|when"
                         # ("In November my knee hurt again. Which day did it start?")
                         r"|(?:which|what)\s+(?:day|date))\s+)?(?:was|is"
                         r"|did|does|has|were)\s+(?:that|it|this)\b"
                         # (a learner's "Which day it started?")
                         r"|\b(?:which|what)\s+(?:day|date)\s+it\s+(?:started|began|came\s+back"
                         r"|returned|happened)\b|\b(?:compared?|put)\s+"
                         r"(?:that|it|this)\b|\b(?:that|it)\s+(?:compare|stack)"
                         r"|\b(?:for|on)\s+that\s+(?:day|date|week|weekend)\b"
                         # "How did those days add up?": the days the remark before named
                         r"|\b(?:those|these)\s+(?:(?:two|three|four|five|few|\d+)\s+)?(?:days|weeks)"
                         r"\s+(?:add|come|go|went|look|stack)\b"
                         # ("Was I actually moving much those two days?": ending the question)
                         r"|\b(?:those|these)\s+(?:(?:two|three|four|five|few|\d+)\s+)?"
                         r"(?:days|weeks|weekends)\s*(?:[?.!]|$)"
                         # "that Saturday and Sunday": the weekdays of the days told before
                         r"|" + _THAT_WEEKDAY_WORDS +
                         # "over those two days", "steps that day", "while it lasted"
                         r"|\b(?:on|over|for|during|in|across)\s+(?:those|these)\s+(?:(?:two|three|"
                         r"four|few|\d+)\s+)?(?:days|dates|weeks|weekends)\b|\bthat\s+day\b"
                         r"|\bwhile\s+it\s+lasted\b"
                         # "...her 70th will be on 13/11 next year. How many steps did I do on
                         # it this year?": the day the remark told
                         r"|\b(?:do|did|walk|walked|get|got|manage|managed)\s+on\s+it\b"
                         # "I reached it or not?", "did I hit it?": the goal of the day named
                         r"|\bi\s+(?:reach(?:ed)?|hit|made|make|met|meet|got|get|beat)\s+(?:it|that)\b"
                         # "Both right?", "can you confirm that?", "are those correct?"
                         r"|\bboth\b|\b(?:confirm|check|verify)\s+(?:that|it|this|those|these|"
                         r"them)\b|\b(?:are|were)\s+(?:they|those|these|the\s+two)\b",
                         re.IGNORECASE)


# Anything a day could be named by: a digit, a weekday, a month, a unit of time, a holiday.
DATEISH = re.compile(starting(r"acdefhjmnostwxy\d") +
                     r"\d|\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug"
                      r"|sep|oct|nov|dec)[a-z]*\b|day|night|week|month|year|ago|yesterday"
                      r"|fortnight|eve\b|easter|christmas|xmas|halloween|hogmanay|thanksgiving"
                      r"|midsummer", re.IGNORECASE)
