"""The parts of a message: the clauses that ask different things, and which of them ask at
all (a remark beside a question is no question of its own). Pure."""

from __future__ import annotations

import functools
import re

from coach_tui.memory.datewords import DAY_AND_MONTH_NAMES
from coach_tui.text import starting


def clauses(text: str) -> list[str]:
    """The parts of a message that ask different things ("How did my knee hold up, and what
    did the physio say?"): each finds its own best memories."""
    return list(_clauses(text))  # (one recall asks for the same text's clauses ~8 times)


@functools.lru_cache(maxsize=512)
def _clauses(text: str) -> tuple[str, ...]:
    """`clauses`, cached."""
    parts = re.split(r"(?:[?;!]|\.(?!\d))+"  # not the point of "26.2"
                     # ("... and also what did u tell me", "... also how many steps")
                     r"|,?\s+(?:\b(?:and\s+(?:also\s+|then\s+|plus\s+)?|also\s+|plus\s+)"
                     r"|[+&]\s*)"  # ("steps that day + what did you tell me")
                     r"(?=what|when|how|did|was|where|which|who|why)"
                     r"|,\s*(?:and|but|also|plus)\b"
                     # "did my knee start before or after I switched shoes": two dated things
                     r"|\s+\b(?:before\s+or\s+after|after\s+or\s+before)\b",
                     text, flags=re.IGNORECASE)
    # "when it was pouring and the park was underwater what did i do for a run": the time
    # it names, then what it asks about then.
    parts = [q for p in parts for q in (_WHEN_THEN.split(p) if _WHEN.match(p) else [p])]
    return tuple(p.strip() for p in parts if p.strip())


_WHEN = re.compile(starting(r"w\s") +
                   r"\s*when\s+(?!did|do|was|were|is)\w", re.IGNORECASE)
_WHEN_THEN = re.compile(starting(r"\s") +
                        r"(?<=\w)(?<!\bwhat)(?<!\bhow)(?<!\bwhere)(?<!\bwhich)\s+"
                        r"(?=(?:what|how|did|where|which)\s+(?:did\s+|do\s+)?i\b)",
                        re.IGNORECASE)


_ASKS = re.compile(starting(r"hstw\,", or_line_start=True) +
                   r"\b(?:what|whats|what's|when|how|where|why)\b"
                   # (", which made Priya snort", ", who ran it with me": a relative clause)
                   r"|(?<!,\s)(?<!,)\b(?:which|who)\b"
                   # ("and didnt you say new ones might help": a question asked the other way)
                   r"|^(?:(?:and|but|also|so|plus|then)\s+)?(?:(?:(?:did|do|does|could|should"
                   r"|would|have|has|had|was|were|is|are)(?:n['’]?t)?|can(?:['’]?t|not)?|will"
                   r"|won['’]?t)\s+(?:i|u|you|we|my|it|the|that"
                   r"|there|he|she|they"
                   # "Was October better than September, and ...": a month or day asked about
                   r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
                   r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day|last|this|yesterday)"
                   r"|any|list|tell|show|give|remind|compare|total|avg|average"
                   # "please list ...": a request opening its clause asks too
                   r"|please|pls|plz"
                   # "forgot the brand", "cant remember the time": what was forgotten is asked
                   r"|forgot|forgotten|(?:i\s+)?(?:can'?t|cannot|don'?t)\s+remember)\b"
                   # ("and the new shoes gave me blisters or not, I don't remember": told
                   # after what is asked)
                   r"|,\s*i\s+(?:can['’]?t|cannot|don['’]?t)\s+remember\b|,\s*i\s+forg[eo]t\b"
                   # ("end of august total steps, and ...": a note's request, no number told)
                   r"|(?<![\d,k]\s)\btotal\s+steps\b(?![^.?!]*\d)"
                   # ("12/11-14/11: step count each day. Was I tapering...?": a note's request)
                   r"|\b(?:steps?|step\s+counts?|totals?)\s+(?:for\s+)?(?:each|every|per)\s+day\b",
                   re.IGNORECASE)  # "was knackered by the end", "will need it soon": remarks


_ASKS_AFTER = re.compile(starting(r"cdfhrstw", or_line_start=True) +
                         r"\b(?:what|whats|what's|when|how|where|which|who|why)\s+(?:did|do|does|"
                         r"was|were|is|are|will|would|can|could|should|have|has|had|i|you|u|my|"
                         r"it|many|much|long|far)\b|^\W*(?:(?:and|also|plus|so|but)\s+)?(?:did|do|was"
                         r"|is|can|could|remind|tell|show|list|give|what|whats|what's|when|how"
                         r"|where|which|who|why)\b|\bforgot(?:ten)?\b|\b(?:can'?t|cannot|don'?t)"
                         r"\s+remember\b"
                         # ("And the exercises Helen gave me for the knee, remind me which ones")
                         r"|\b(?:remind|tell|show)\s+me\s+(?:again\s+)?(?:what|which|when|how|where|who"
                         r"|why)\b", re.IGNORECASE)


# "Mum keeps asking what a normal day looked like.", "where did the year go": a question told
# of, or said for effect, is not one the message asks
_TOLD_QUESTION = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                            r"\b(?:keeps?|kept|was|is|been|started|always)\s+(?:asking|wondering)"
                            r"\s+(?:me\s+)?(?:what|when|how|where|which|who|why)\b"
                            # "the chap there asked how long I usually keep a pair": someone
                            # else's question, told
                            r"|\b(?:he|she|they|[a-z]+\s+there|[a-z]+)\s+(?:asked|wondered)"
                            r"\s+(?:me\s+|us\s+)?(?:what|when|how|where|which|who|why|whether|if)\b"
                            r"|\bwhere\s+(?:did|does|has)\s+the\s+(?:time|year|month|week|summer)"
                            r"\s+go(?:ne)?\b", re.IGNORECASE)


def _asks(part: str) -> re.Match | None:
    """`_ASKS` in `part`, past a question it only tells of (`_TOLD_QUESTION`)."""
    return _ASKS.search(_TOLD_QUESTION.sub(lambda m: " " * len(m[0]), part))


def asking(text: str) -> list[str]:
    """The clauses of `text` that ask something, when one of them ends on "?": a remark
    beside a question ("need to rebuy", "felt like i did nothing") is no question of its
    own, and what its words alone match is noise. A clause asks when it ends on "?", holds a
    question word ("knee - when did it first go") or starts with a verb that asks ("and
    remind me what you said"). Every clause when none ends on "?"."""
    return list(_asking(text))  # (one recall asks this of the same text more than once)


@functools.lru_cache(maxsize=512)
def _asking(text: str) -> tuple[str, ...]:
    """`asking`, cached."""
    parts = clauses(text)
    marked = [p for p in parts if _ends_on_question(p, text)]
    if not marked:
        return tuple(parts)
    # a part told after the last question asks only by a question word that asks ("...? the
    # few days after the race when stairs were a nightmare": "when" there dates the remark)
    tail = text.rfind("?")
    asks = [p in marked or (m := _asks(p)) is not None
            and not _EMBEDDED.search(p, 0, m.start())
            and (text.find(p) < tail or m.start() == 0 or _ASKS_AFTER.search(p) is not None)
            or _STEPS_FIRST.match(p) is not None and text.find(p) < tail
            for p in parts]  # (at its start: "and didnt you say ...", "wasn't that ...")
    out: list[str] = []
    for i, part in enumerate(parts):
        if asks[i] and i > 0 and not asks[i - 1] and (
                _BACK.search(part)
                or _OBJECT_BACK.search(part) and len(_WORDS.findall(part)) <= SHORT_WORDS
                or _SHE.search(part) or _names_thing(parts[i - 1])
                and _SAID_ASKED.search(part) is not None):
            # "Priya keeps asking about the Manchester Marathon. What did you think about it
            # when I brought it up?": the remark says what "it" is.
            out.append(f"{parts[i - 1]}. {part}")
        elif asks[i] and out and asks[i - 1] and _OBJECT_BACK.search(part) \
                and len(_WORDS.findall(part)) <= SHORT_WORDS:
            # "What's my personal best, and when did I set it?": "it" is the question before's
            out[-1] = f"{out[-1]}, {part}"
        elif asks[i]:
            out.append(part)
    return tuple(out)


# "Priya's serious about the Manchester Marathon in April. ... what did you say about how long
# the build would be?": a remark naming a thing by its name (a capital past its first word),
# then a question asking what the coach said of it
# (a day's or month's name is when, not what: "Last Thursday was bitter out there.")
_CAPITALISED = re.compile(starting(r"\s") +
                          r"(?<=\S)\s+([A-Z][a-z]+)")


def _names_thing(remark: str) -> bool:
    """Whether `remark` names a thing by its name: a capital past its first word that is no
    weekday's or month's ("Last Thursday was bitter out there." names nothing)."""
    return any(m.group(1).lower() not in DAY_AND_MONTH_NAMES
               for m in _CAPITALISED.finditer(remark))


_SAID_ASKED = re.compile(starting(r"uy") +
                         r"\b(?:you|u)\s+(?:say|said|tell|told|suggest|recommend|advise|think)\b",
                         re.IGNORECASE)


# "Steps for each, please, and what was wrong with me?": steps asked for in the question's own
# sentence (after it, "? steps on both" is a remark)
_STEPS_FIRST = re.compile(r"\W*steps?\b", re.IGNORECASE)


# A question word a remark only tells of, beside a question asked with "?": "which got me
# thinking about what I actually did before Riverside", "I know what you mean"
_EMBEDDED = re.compile(starting(r"adeikrstw") +
                       r"\b(?:about|thinking|think|wondering|wondered|know|knew|sure|idea|"
                       r"realised|realized|see|saw|decide|decided|explained?)\s+$", re.I)


# A question pointing back at the remark before it ("what did you think about it").
# ("what did I put that down to", "what caused it": the pronoun is the remark's matter)
_BACK = re.compile(starting(r"abcdilopst") +
                   r"\b(?:about|of|on)\s+(?:it|them|that|this)\b|\b(?:brought|bring)\s+it\b"
                   r"|\b(?:it|that|them)\s+(?:down|up|off|out|over)\s+to\b"
                   r"|\b(?:caused?|causing|blamed?)\s+(?:it|that|this|them)\b"
                   # "the days it had hold of me": the remark's illness ("while it lasted"
                   # is read as a stretch by memory/lasted.py)
                   r"|\bit\s+had\s+(?:a\s+)?hold\s+(?:of|on)\b"
                   # "what did I do to put it right", "how soon did it ease": the remark's
                   # complaint
                   r"|\b(?:put|set|sort|sorted)\s+(?:it|that|them)\s+(?:right|out)\b"
                   r"|\bdid\s+(?:it|that)\s+(?:ease|settle|heal|improve|clear)\b"
                   # "My trainers are looking tatty again. When the previous ones died...",
                   # "Tom's sniffling today. When I went through the same thing...": the
                   # remark's thing, said again
                   r"|\b(?:previous|old|last|other)\s+ones?\b|\bthe\s+same\s+thing\b",
                   re.IGNORECASE)


# "The physio gave me a diagnosis in the summer. What did she call it?": a person the
# remark names, asked about by a pronoun
_SHE = re.compile(starting(r"dhiw") +
                  r"\b(?:did|does|had|has|was|is|would)\s+(?:she|he)\b", re.I)


# A short question whose object is the remark's thing ("Which day did I buy them", "when did
# I get it"): the remark before says what it is.
_OBJECT_BACK = re.compile(starting(r"abcefgloprstuw") +
                          r"\b(?:buy|bought|get|got|start|started|wear|wore|use|used|order|"
                          r"ordered|pick(?:ed)?\s+up|replace|replaced|change|changed|set|"
                          r"achieve|achieved|earn|earned|"
                          # ("my lower legs felt like rocks. What did you suggest to ease them
                          # off?": what the remark says hurt)
                          r"ease|loosen|stretch|treat|fix|soothe|settle|calm)\s+"
                          r"(?:it|them)\b", re.I)
_WORDS = re.compile(r"[^\W_]+")
SHORT_WORDS = 8  # a question this short asks of what "it" or "them" was ("what did you
# suggest to ease them off": eight)


# "that was new shoe day right", "it was the 12th, yeah": a tag asks as "?" does
_TAG = re.compile(starting(r"\,\s") +
                  r"[\s,]+(?:right|yeah|yea|innit|correct|no|eh|wasn['’]?t\s+it|didn['’]?t\s+i"
                  r"|isn['’]?t\s+it)\W*$", re.IGNORECASE)


def _ends_on_question(part: str, text: str) -> bool:
    """Whether `part` stands somewhere in `text` followed by "?" (spaces between allowed), or
    ends on a tag that asks ("that was new shoe day right"): a plain search, not a pattern
    compiled for each clause of each message (~0.5 ms apiece)."""
    if _TAG.search(part) is not None and len(part) > 12:
        return True
    at = text.find(part)
    while at != -1:
        if text[at + len(part):].lstrip().startswith("?"):
            return True
        at = text.find(part, at + 1)
    return False


def asked_only(text: str) -> str | None:
    """The clauses of `text` that ask, joined, when a remark stands beside them ("How did the
    week before last go? I've lost track since I was poorly"), else None: the days a remark
    names place what it tells, they are not asked about."""
    questions = asking(text)
    if len(questions) == len(clauses(text)):
        return None
    return ". ".join(questions)


_GOES_ON = re.compile(starting(r"aop\&\+\s") +
                      r"\s*(?:and|or|plus|also|&|\+)\b", re.IGNORECASE)


def told_after(text: str) -> str:
    """The remarks of `text` told after a question, joined ("Were the 7th and 8th any good?
    That was a Saturday and Sunday"): not those going on with it ("...? and 7/11 while you're
    at it")."""
    first = text.find("?")
    if first == -1:
        return ""
    questions = asking(text)
    return ". ".join(p for p in clauses(text[first + 1:])
                     if p not in questions and not _GOES_ON.match(p))


# "I want to compare the 28-09 and the 28-10.": a request, though it asks nothing
# ("Last month vs the month before, total steps. Which one wins?": two set side by side)
# ("Put Oct 31 and Nov 1 side by side for me.": set side by side, asked)
_REQUEST = re.compile(starting(r"chlnpstvw") +
                      r"\b(?:want|wanna|like|need|trying)\s+to\s+(?:know|compare|see|check|find"
                      r"|understand|look)\b|\bcompare\b|\bplease\b|\bpls\b|\bvs\b\.?|\bversus\b"
                      r"|\bside\s+by\s+side\b|\bhead\s+to\s+head\b", re.IGNORECASE)


def told_before(text: str) -> str:
    """The sentences of `text` told before its first question that ask nothing, joined
    ("Legs heavy after an easy 6k yesterday. How many steps did I get on 3/10?"): how the
    runner is, not what they ask about."""
    first = text.find("?")
    if first == -1:
        return ""
    sentences = [p for p in re.split(r"(?<=[.!])\s+", text[:first]) if p.strip()]
    told = []
    for sentence in sentences[:-1]:  # (the last runs into the "?": the question)
        if _asks(sentence) or _REQUEST.search(sentence) \
                or not sentence.rstrip().endswith((".", "!")):
            break
        told.append(sentence)
    return " ".join(told)


# "gonna be stuck indoors this wk", "I'll be away next week": a plan told beside a question
# ("add up the end of October for me, will you?" asks the coach: no plan).
_AHEAD = re.compile(starting(r"agipw") +
                    r"\b(?:gonna|going\s+to|will(?!\s+(?:you|ya|u)\b)|i'll|we'?ll|planning\s+to"
                    r"|about\s+to"
                    # ("ill miss it" is I'll; "I was ill", "felt ill" are ill)
                    r"|(?<!was\s)(?<!were\s)(?<!been\s)(?<!felt\s)(?<!feel\s)(?<!am\s)(?<!is\s)"
                    r"(?<!be\s)(?<!so\s)(?<!very\s)(?<!got\s)(?<!fell\s)(?<!feeling\s)"
                    r"(?<!really\s)(?<!quite\s)(?<!too\s)ill"
                    # ("if I do Manchester in April": a race not yet run)
                    r"|if\s+(?:i|we)\s+(?:do|run|enter|race|sign\s+up\s+for))\b",
                    re.IGNORECASE)


def plans(text: str) -> tuple[list[str], list[str]]:
    """The parts of `text` that tell what is to come and ask nothing, beside the others ("how
    did you say to make the treadmill less boring, gonna be stuck indoors this week"): the
    days they name are not asked about. (The plans, the other parts.)"""
    parts = [q for p in clauses(text) for q in _PLAN_AFTER.split(p) if q.strip()]
    ahead = [p for p in parts if len(parts) > 1 and _AHEAD.search(p) and not _ASKS.search(p)
             and not p.rstrip().endswith("?")]
    return ahead, [p for p in parts if p not in ahead]


_PLAN_AFTER = re.compile(starting(r"b\,\s") +
                         r",\s*(?=(?:i'?m\s+|we'?re\s+)?(?:gonna|going\s+to|i'?ll|we'?ll)\b)"
                         # ("..., because if I do Manchester in April I'd like to ...")
                         r"|,?\s*\bbecause\s+(?=if\s+(?:i|we)\b)|,\s*(?=if\s+(?:i|we)\b)",
                         re.IGNORECASE)
