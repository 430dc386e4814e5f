"""Days anchored on an event: "since the trip", "the week before the race", "when I was sick".

The message names an event and how a stretch of days relates to it; the event's own days come
from the dated memories that name it (a journal line, a saved review, an earlier exchange),
which recall finds. This module is the pure part: reading the phrase, and turning the dates of
the memories that name the event into the span the message means.

The event lasts from the earliest to the latest of its memories that lie within
`EVENT_MAX_DAYS` of the best match (a trip is written about before, during and after it).
"since"/"after" the event run from the day after it to yesterday; "before" is the week before
it; "the day/week/weekend/month before/after" are what they say; "during", "when I was" and
"around" are the event's own days; "the day of the race" and "race day" its first day, "the
week of the race" and "race week" the Monday-to-Sunday week holding it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import replace

from coach_tui.memory.datewords import MONTHS, WEEKDAYS
from coach_tui.memory.evaluative import without_feelings, without_size
from coach_tui.memory.event_backrefs import back_references, ends
from coach_tui.memory.event_days import (  # noqa: F401  re-exported for memory/anchors.py
    EVENT_AHEAD,
    EVENT_MAX_DAYS,
    ONE_ACTS,
    closes,
    event_days,
    follows,
    writes_dates,
)
from coach_tui.memory.event_spans import (  # noqa: F401  re-exported
    BETWEEN_FIRST,
    BETWEEN_SECOND,
    FROM_FIRST,
    HOW_LONG,
    HURT_VERBS,
    TO_SECOND,
    EventPhrase,
    anchored_span,
    span_between,
)
from coach_tui.memory.message_parts import clauses
from coach_tui.memory.query import STOPWORDS, expand, is_weather, read_phrases
from coach_tui.memory.ranking import asked_kind
from coach_tui.memory.spoken import CARDINALS, count_of
from coach_tui.memory.textspeak import STRETCHES
from coach_tui.memory.when_it import weather_it_did, went_away, when_bought, when_it_happened
from coach_tui.text import starting

_WE = r"(?:i|we|(?:me|i)\s+and\s+(?:the\s+|my\s+)?[a-z]+|[a-z]+\s+and\s+(?:i|me))"
# ("the first full day at home following the holiday": the day after it)
_RELATIONS = (r"(?:the\s+|my\s+)?(?:(?:first|1st)\s+)?(?:full\s+|whole\s+)?"
              r"(?:day|morning|evening|night|week|weekend|month)\s+"
              r"(?:back\s+)?(?:(?:at\s+)?home\s+)?(?:(?:right|just|straight|immediately)\s+)?"
              r"(?:before|after|following"
              r"|preceding"
              # "the weekend that followed the trade fair", "the week that preceded the race"
              r"|(?:that\s+|which\s+)?(?:followed|preceded|came\s+(?:after|before)))"
              # ("the second Saturday after the flu": a week on from the first)
              r"|the\s+(?:(?:1st|2nd|3rd|first|second|third)\s+)?(?:monday|tuesday|wednesday"
              r"|thursday|friday|saturday|sunday)\s+(?:before|after)"
              r"|the\s+days\s+(?:before|after)"
              r"|(?:right|just|straight|immediately)\s+(?:before|after)|since|after|before"
              # ("the seven days preceding the half"; "three weeks following the half", "my
              # first parkrun following the knee injury")
              # ("the 10 days following Lisbon": a place's name)
              r"|preceding|following(?=\s+(?:the|my|our|that)\s|\s+(?-i:[A-Z][a-z]))"
              # ("during the week before the half": the week before it)
              r"|during(?!\s+the\s+(?:[\w-]+\s+)?(?:day|week|weekend|month)s?\s+(?:before|after|leading)\b)"
              # ("how low did my steps go through that head cold", "throughout the flu")
              # (an illness, a storm, a stay: "go through my notes" is no time)
              r"|through(?:out)?(?=\s+(?:the|my|that|this)\s+(?:[\w-]+\s+){0,2}?" + STRETCHES
              + r"\b)"
              # "what was the week like around the time the clocks went back": its week
              r"|the\s+week\s+(?:like\s+|(?:that\s+)?(?:was|went)\s+)?(?:around|about|round)"
              r"(?=\s+the\s+time\b)"
              r"|(?:around|about|round)\s+when|around|until|leading\s+(?:up\s+to|into)|(?:running|building)\s+up\s+to"
              r"|(?:in\s+)?the\s+(?:run|lead|build)[\s-]up\s+to"
              r"|while\s+in|while\s+at"
              # "while me and the other half were on hols": we
              r"|while\s+" + _WE + r"\s+(?:was|were)\s+(?:in|at|away\s+in|on|away\s+on|away\s+for"
              r"|away\s+at)"
              r"|while(?=\s+i\s+had\b)"
              # "while I was laid up with the flu", "while we were off with that bug"
              # ("when i was all bunged up w that cold")
              # ("while laid up w/ fever": the subject left out)
              r"|(?:while|when)\s+(?:(?:i|we)\s+(?:was|were)\s+)?"
              r"(?:(?:all|so|really|properly|totally|completely|pretty|still)\s+)?(?:laid\s+up|off(?:\s+sick)?|down|ill|sick"
              r"|poorly|unwell|(?:stuck\s+)?in\s+bed|struck\s+down|out\s+of\s+action"
              # "while I was bunged up with that head cold", "while I was battling the flu"
              r"|bunged\s+up|stuffed\s+up|blocked\s+up|congested|laid\s+low|housebound|bedridden"
              r"|confined\s+to\s+(?:my\s+)?bed"
              r"|suffering|battling|fighting|struggling)(?:\s+with)?")
_DID = (r"(?:i|we|[a-z]+\s+and\s+(?:i|me))\s+(?:first\s+|just\s+|finally\s+|actually\s+"
        r"|at\s+last\s+|eventually\s+)?"
        r"(?:came\s+down\s+with|went\s+down\s+with|was\s+down\s+with"
        # (the longer forms first: "got back from the trip" is not "got" + "back from the")
        r"|got\s+back\s+from|came\s+back\s+from|got\s+home\s+from|came\s+home\s+from"
        r"|returned\s+home\s+from|arrived\s+(?:back|home)\s+from"
        r"|flew\s+(?:back|home)\s+from"
        # ("the week before we flew out to Lisbon", "set off for", "left for": the trip's start)
        r"|flew\s+out\s+to|set\s+off\s+(?:for|to)|left\s+for|headed\s+(?:off\s+|out\s+)?to"
        r"|went\s+(?:off|away|out)\s+to"  # ("the weekend before i went off to Frankfurt")
        r"|travell?ed\s+to|drove\s+to"
        # ("since i got over my cold": the word list reads "got over" as "recovered")
        r"|recovered(?:\s+from)?|got\s+over|shook\s+off"
        # ("since I am back from the holiday", "since we're home from Lisbon")
        r"|(?:am|are|have\s+been)\s+(?:back|home)\s+from"
        r"|changed\s+(?:over\s+)?to|switched\s+(?:over\s+)?to|moved\s+(?:up\s+)?to"
        # ("the day before I fell sick", "the weekend I fell sick of the flu")
        r"|fell\s+(?:sick|ill)\s+(?:with|of)|got\s+(?:sick|ill)\s+with"
        r"|got|bought|purchased|started|had|did|ran|was|were|felt|returned\s+from"
        r"|went\s+to|went\s+on|saw|visited|flew\s+to|booked|dropped|raised|lowered"
        r"|changed|moved|switched|finished|entered|signed\s+up\s+for|caught|hurt|injured"
        r"|broke|beat|smashed|cracked|achieved|set|managed|completed|walked"
        r"|tweaked|strained|picked\s+up|pickup|collected|used|tried|wore|won|lost|met"
        r"|talked\s+about|spoke\s+about|chatted\s+about|discussed)\s+"
        r"(?:the\s+|my\s+|a\s+|that\s+|this\s+)?(?:first\s+(?=\d))?")  # ("my first 14k")
# ("that long 18k run": a distance among them)
_WORDS = (r"([a-z0-9][a-z0-9'-]*(?:\s+(?:[a-z][a-z'-]*"
          r"|\d{1,3}k(?=\s+(?:run|race|walk|jog|loop|session|outing)\b)"
          # ("the week after the Priya 14k, how did...": the run, at the end of its clause;
          # not "since I dropped back to 10k", a goal)
          r"|(?<!\bto\s)(?<!\bat\s)(?<!\bon\s)\d{1,3}k(?=\s*(?:[,.?!;:]|$)))){0,2})")
# "the day after getting back from lisbon": what was done, as a gerund
_DOING = (r"(?:getting|coming|flying)\s+(?:back|home)\s+from\s+(?:the\s+|my\s+)?"
          r"|returning\s+from\s+(?:the\s+|my\s+)?"
          # ("since getting over my cold", "the week after recovering from the flu")
          r"|(?:getting\s+over|recovering\s+from|shaking\s+off)\s+(?:the\s+|my\s+|that\s+)?")
# ("way before the cold", "long after the trip": an order, no stretch of days)
_VAGUE = r"(?<!\bway\s)(?<!\blong\s)(?<!\bwell\s)(?<!\bmuch\s)(?<!\bages\s)"
_PHRASE = re.compile(starting(r"abdefijlmnprstuw1") +
                     _VAGUE + r"\b(" + _RELATIONS + r")\s+(?:(?:the|my|our|that|this|his|her)\s+"
                     r"(?:first\s+(?=\d))?|" + _DID + r")" + _WORDS, re.IGNORECASE)
# (a day, week or weekend next to it: "after returning from Chicago" stays open and searched)
# ("since getting back from the trip": since it; "after returning from Chicago" stays open)
_PHRASE_DOING = re.compile(starting(r"dstw") +
                           r"\b((?:the\s+)?(?:day|week|weekend)\s+(?:before|after)|since)\s+"
                           + r"(?:" + _DOING + r")" + _WORDS, re.IGNORECASE)
# "the week after storm ingrid", "since lisbon", "while i was in germany": an event by its bare
# name, typed in lower case, after a relation that can only be about time.
_BARE = re.compile(starting(r"abdflmrstw", or_line_start=True) +
                   _VAGUE + r"\b((?:the\s+)?(?:day|week|weekend|month"
                   # ("on the Saturday before race": a weekday too, its article left out)
                   r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+"
                   r"(?:(?:right|just|straight)\s+)?"
                   r"(?:before|after)|since|during"
                   # ("while laid up w/ fever": an illness by its bare name)
                   # (the word list reads "laid up" as "sick")
                   r"|(?:while|when)\s+(?:(?:i|we)\s+(?:was|were)\s+)?(?:laid\s+up|down|struck"
                   r"\s+down|bedridden|stuck\s+in\s+bed|in\s+bed|off\s+sick|sick|ill)\s+with"
                   # ("10 days after 18k LR": counted, so a time)
                   r"|(?<=\ddays\s)(?:before|after)|(?<=\d\sdays\s)(?:before|after)"
                   # ("after knee break I first go back to parkrun": a learner's, at the start)
                   r"|^\s*after"
                   r"|leading\s+(?:up\s+to|into)|(?:running|building)\s+up\s+to"
                   r"|while\s+" + _WE + r"\s+(?:was|were)\s+(?:in|at|on|away\s+(?:in|on|for|at)))"
                   # ("daft, since it's months away": the reason, not a time; "since
                   # yesterday's jog": a day, read as one)
                   r"\s+(?!(?:it|its|i|you|we|they|he|she|there|then|yesterday|today|tonight"
                   r"|last|this|ages|forever|now)\b)" + _WORDS, re.IGNORECASE)
# "the day the dog cut his foot", "the week my knee flared": the day of what happened to them.
_WHEN_IT = re.compile(starting(r"t") +
                      r"\bthe\s+(days|day|morning|evening|night|weekend|week)\s+"
                      # ("the week Storm Ingrid hit": a thing the user named, capitalised)
                      # ("the week that big storm came through": that storm)
                      # ("the week in which the storm flooded the park")
                      r"(?:that\s+|when\s+|(?:in|during)\s+which\s+)?"
                      r"(?:(?:the|my|our|that)\s+(?!i\b|we\b|you\b)"
                      r"|(?=(?-i:[A-Z][a-z]+\s+[A-Z])))"
                      # ("the week that followed it": the week after what was named)
                      r"(?!(?:followed|preceded|came\s+(?:after|before))\b)"
                      r"([a-z][a-z'-]*\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})",
                      re.IGNORECASE)
# "the second time my knee flared up", "on the second occasion on which my knee complained":
# that time of the ones it happened
_NTH_TIME = re.compile(starting(r"mt") +
                       r"\b(?:the|my)\s+(second|2nd|third|3rd|fourth|4th)\s+(?:time|occasion)\s+"
                       r"(?:on\s+which\s+|that\s+|when\s+)?(?:my|the|our)\s+"
                       r"((?:[a-z][a-z'-]*\s+)?[a-z][a-z'-]*)\s+(?:flared?(?:\s+up)?|played\s+up"
                       r"|acted\s+up|complained|grumbled|went|hurt|ached|niggled|came\s+back"
                       r"|packed\s+in|gave\s+(?:out|way)|started\s+(?:hurting|aching))\b",
                       re.IGNORECASE)
# "how long was I ill", "how long did my knee hurt": the lines where it began and ended.
_HOW_LONG = re.compile(starting(r"h") +
                       r"\bhow\s+long\s+(?:was\s+i|were\s+i|did\s+i\s+have|did\s+(?:the|my)"
                       r"|was\s+(?:the|my)|have\s+i\s+been)\s+([a-z][a-z'-]+)"
                       # "how long was the dog restricted": the dog's restriction, not the dog
                       r"(?:\s+((?!(?:need|feed|bed|shed|speed|red|seed)\b)[a-z]{3,}ed)\b)?",
                       re.IGNORECASE)
# a part after "how long ..." asking for steps: "..., and what were my steps on it?"
_STEPS_AFTER = re.compile(starting(r"a\!\,\.\;\?") +
                          r"(?:,|\band\b|[?.!;])[^?.!;]*\b(?:how|what|did|were|was|show|give"
                          r"|tell)\b[^?.!;]*\b(?:steps?|walked|average|total)\b", re.IGNORECASE)
_A_TIME_OF_IT = re.compile(starting(r"t") +
                           r"\b(?:that|those|this|these)\s+(?:week|days?|weekend|month"
                           r"|fortnight)\b", re.IGNORECASE)
# "how long was my longest run": a distance asked for, not how long an event lasted.
_SUPERLATIVE = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                          r"(?!(?:chest|rest|test|forest|interest|harvest|contest|arrest)$)"
                          r"[a-z]+est$")
# ("compare race day with the day before", "stack the flu week up against the week after")
_AND_THE = re.compile(starting(r"aotvw") +
                      r"\b(?:and|or|vs|versus|with|to|against)\s+(?:(?:on|in|for|over)\s+)?the\s+"
                      r"(day|week|weekend|month)\s+(?:(?:straight|right|just|immediately)\s+)?"
                      r"(before|after)"  # ("storm week vs the week straight after - steps?")
                      r"(?=\s*(?:[,?.!;\-–—]|$|and\b|pls\b|please\b|plz\b|too\b|as\s+well\b"
                      # ("how did race week vs the week after compare step-wise?")
                      r"|compare\b|stack\s+up\b|step-?wise\b|in\s+steps\b))",
                      re.IGNORECASE)
# "the day before and the day after Frankfurt": both sides of the event named last
_BOTH_SIDES = re.compile(starting(r"t") +
                         r"\bthe\s+(day|week|weekend)\s+(before|after)\s+(?:and|&|or|vs)\s+the\s+"
                         r"(day|week|weekend)\s+(before|after)\s", re.IGNORECASE)
# "the review after the race": the review of the week that held it, not the days since.
_REVIEW_AFTER = re.compile(starting(r"r") +
                           r"\breview\s+$", re.IGNORECASE)
# "the day the fever finally went", "the morning the cold went away": it ended ("went" is a
# word too common to search for, so it is read here, after the thing and before anything else)
# ("the week my knee went" is the week it gave way; "the day the dog went missing" not an end)
_WENT = re.compile(r"([a-z][a-z'-]*)\s+(?:(?:finally|eventually|properly|completely|fully"
                   r"|really)\s+)?went(\s+away)?(?:\s+(?:when|while|and|how|what|did|was)\b|$)",
                   re.IGNORECASE)
_PASSING = frozenset(["fever", "temperature", "temp", "cold", "flu", "cough", "pain", "ache",
                      "soreness", "headache", "migraine", "bug", "virus", "sniffles", "rash",
                      "swelling", "stiffness", "niggle", "congestion", "nausea", "tightness"])
_HOW_IT_ENDED = frozenset(["finally", "eventually", "properly", "completely", "fully", "really"])
_NUMBER = re.compile(starting(r"\d") +
                     r"\d+(?:st|nd|rd|th)?\b")
# "after I changed to the new trainers", "the week I got my new watch": the new thing's first
# day ("new" is not searched for: a later line says "the new ..." too)
_TO_NEW = re.compile(starting(r"bcgmops") +
                     r"\b(?:changed|switched|moved)\s+(?:over\s+|up\s+)?to\b|\b(?:got|bought"
                     r"|picked\s+up|ordered)\s+(?:the|my|a|some|those|these)\s+new\b",
                     re.IGNORECASE)
_UNIT = re.compile(starting(r"\d") +
                   r"\d+\s+(?:minutes|mins|min|seconds|secs|km|k|miles|kilometres|kilometers)\b")
# "what you told me after the session": the relation dates the telling, not a stretch of days.
_SAID = re.compile(starting(r"arstw") +
                   r"\b(?:said|say|told|tell|suggested|advised|recommended|replied|wrote)"
                   r"(?:\s+(?:me|us))?\s*$", re.IGNORECASE)
# "my steps in lisbon", "on the Lisbon holiday": a place the user wrote, as the days there.
_IN = re.compile(starting(r"aio") +
                 r"\b(?:in|at|on\s+(?:the|my|our))\s+([a-z][a-z'-]+)", re.IGNORECASE)
# "my numbers from the holiday with tom", "steps on our trip": a stay's days ("on my break"
# from work is not one)
# ("got back from the trip": its end; "going back over the work trip": looking at it again)
_ON_TRIP = re.compile(starting(r"afot") +
                      r"\b(?:on|(?<!back\s)(?<!home\s)(?<!returned\s)(?<!returning\s)from"
                      r"|(?<!back\s)(?<!go\s)(?<!going\s)(?<!went\s)(?<!looking\s)over|across"
                      r"|throughout)\s+(?:the|my|our|that|this)\s+"
                      r"((?:[a-z]+\s+)?(?:holiday|holidays|hols|vacation|trip|getaway"
                      r"|city\s+break))\b", re.IGNORECASE)
_FIRST_AFTER = re.compile(r"first\s+(?:[a-z][\w'-]*|\d{1,2}k)(?:\s+[a-z][\w'-]*)?\s+"
                          r"(?:after|since|following)\b",
                          re.IGNORECASE)
_FIRST_DONE = re.compile(starting(r"f") +
                         r"\bfirst\s+\d", re.IGNORECASE)
# What sets two events apart in a message ("the day of the race and the day after the flu").
_APART = re.compile(starting(r"acfotv\!\,\.\;\?") +
                    r"[.?!;,]|\b(?:and|or|vs|versus|than|compared|first)\b", re.IGNORECASE)
# "the day after my knee first started hurting": the event's first day, not its last.
_ONSET = re.compile(starting(r"bfs") +
                    r"\b(?:first|start\w*|began|begin\w*)\b", re.IGNORECASE)
# "after Tom and I got back from Lisbon": a person and the user, doing what the words after say
_AND_I = re.compile(starting(r"\s") +
                    r"\s+(?:and|&|\+)\s+(?:i|me)\b", re.IGNORECASE)
# "since Lisbon", "before Frankfurt": a place or event by its name alone.
_NAMED = re.compile(starting(r"abdefijlmnprstuw1") +
                    r"\b((?i:" + _RELATIONS + r"))\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})\b"
                    r"(?:\s+(?i:" + HURT_VERBS + r")\s+(?i:his|her|its|their)"
                    r"\s+([a-z]+))?")  # ("after Biscuit hurt his paw": the dog's paw)
# "race day", "storm week": the event's own day or ISO week.
# "race day steps?", "the storm ingrid week", "my 18k day": after a determiner or at the start
# of a clause, one or two words of the event (or a distance).
_OWN = re.compile(starting(r"adfimotvw\!\&\(\)\+\,\.\:\;\?\s", or_line_start=True) +
                  r"(?:^|[.?!,;:()+&]\s*|\s-+\s*|\b(?:the|on|my|that|of|in|our|over|during|across"
                  r"|for|did|and|or|vs|versus|with|against|than)\s+)"  # ("saturday in lisbon and
                  # race day", "compare my PB day with race day")
                  r"((?:[a-z][a-z'-]+\s+)?(?:[a-z][a-z'-]+|\d{1,3}k))\s+(days|day|weekend|week|wk)\b"
                  r"(?!\s+(?:\d|two|three|four|five|six)\b)",  # ("frankfurt day 3": its third)
                  re.IGNORECASE)
_GIVEN_BY = re.compile(starting(r"\s") +
                       r"\s+((?-i:[A-Z][a-z]+))\s+(?:gave|put|prescribed|set|had)\s+(?:me|us)\b",
                       re.IGNORECASE)
# "that week in Frankfurt", "the weekend in Lisbon": a place's stay by its week
_UNIT_IN = re.compile(starting(r"t") +
                      r"\b(?:that|the)\s+(week|weekend)\s+(?:we\s+were\s+|i\s+was\s+)?in\s+"
                      r"([a-z]+)\b", re.IGNORECASE)
# "post-race week", "pre-race days": the week after (before) the event
_PRE_POST = re.compile(starting(r"p") +
                       r"\b(post|pre)[\s-]?(race|half|marathon|parkrun|trip|holiday|hols|flu|"
                       r"illness|storm)\s+(week|weekend|days?)\b", re.IGNORECASE)
# "on holiday", "while on hols": away; "how did the trip go", "how did my holiday go": its days
# ("how did my illness in late November go", "remind me how my period of indisposition went")
_AWAY_ON = re.compile(starting(r"dho") +
                      r"\b(?:on|during)\s+(holidays?|hols|vacation|leave)\b"
                      r"|\bhow\s+did\s+(?:the|my|our|that)\s+([a-z]+)\s+(?:(?:in|at|during|over)\s+"
                      r"[^,.?!;]{1,30}?\s+)?go\b"
                      r"|\bhow\s+(?:the|my|our|that)\s+([a-z]+)\s+(?:(?:in|at|during|over)\s+"
                      r"[^,.?!;]{1,30}?\s+)?went\b", re.IGNORECASE)
_WITHIN = re.compile(starting(r"\s") +
                     r"\s+(?:in|during)\s+(?:the|that|my)\s+([a-z][a-z'-]+)\b", re.IGNORECASE)
# "between the flu and Lisbon", "from Lisbon to the storm": the days between two events (after
# the first to before the second), or from the first's first day to the second's last
# ("between coming home from Frankfurt and the flu knocking me flat": the trip and the flu)
_HOME_FROM = (r"(?:(?:coming|getting|flying)\s+(?:home|back)\s+from\s+|returning\s+from\s+"
              # ("between getting over the fever and flying off to Lisbon": the fever's end,
              # the trip's start, as "between the fever and Lisbon" reads them)
              r"|(?:getting|gettin)\s+over\s+|(?:flying|heading|setting)\s+(?:off|out)\s+"
              r"(?:to|for)\s+|leaving\s+for\s+"
              # ("between my recovery from the flu and our departure for Lisbon")
              r"|(?:my\s+|our\s+)?(?:recovery\s+from|departure\s+(?:for|to))\s+"
              # ("...and getting back to parkrun": the first of them after the other side)
              r"|(?P<back{0}>(?:getting|going|coming|gettin)\s+back\s+to\s+))?")
# ("between Frankfurt and getting the flu", "from buying the brooks up to race day", "between
# the race and when the cold hit", "from the Frankfurt trip through to the end of Lisbon")
# (what was bought is found by its line that says so: "Bought Brooks Ghost 16")
_DOING_IT = (r"(?:(?:getting|gettin|catching|(?P<bought{0}>buying)|starting|having"
             r"|(?:coming|going)\s+down\s+with)\s+"
             r"|when\s+(?:(?:i|we)\s+(?:got|caught|(?P<buy{0}>bought)|had|started)\s+)?)?")
# ("between Biscuit cutting his paw and me heading off to Frankfurt": the paw's day, the
# trip's first)
_WHOSE = (r"(?P<whose>[a-z]+\s+(?:cutting|hurting|injuring|twisting|spraining)\s+"
          r"(?:his|her|its|their)\s+)?")
_ME = r"(?:(?:me|us)\s+)?"
_TWO_EVENTS = re.compile(starting(r"bf") +
                         r"\b(?P<kind>between|from)\s+" + _WHOSE + _HOME_FROM.format(1)
                         + _DOING_IT.format(1)
                         + r"(?:the\s+start\s+of\s+)?(?:the\s+|my\s+|our\s+|that\s+)?"
                         # ("from my first 14k to the 18k one")
                         # ("from buying the new running shoes and getting sick": three)
                         r"(?P<first>(?:[a-z][a-z'-]*|\d{1,3}k)(?:\s+(?:[a-z][a-z'-]*|\d{1,3}k))"
                         r"{0,2}?"
                         r"(?:(?<=\dk)\s+[a-z]+\s+run)?)\s+"  # ("my 18k long run and the half")
                         r"(?P<to>and|to|till|until|through(?:\s+to)?|up\s+to|right\s+up\s+to"
                         r"|all\s+the\s+way\s+(?:up\s+)?to)"
                         r"\s+" + _ME + _HOME_FROM.format(2) + _DOING_IT.format(2)
                         + r"(?:the\s+end\s+of\s+)?"
                         r"(?:the\s+|my\s+|our\s+|that\s+)?"
                         r"(?P<second>(?:[a-z][a-z'-]*|\d{1,3}k)(?:\s+[a-z][a-z'-]*)?)",
                         re.IGNORECASE)
_DISTANCE = re.compile(starting(r"\d") +
                       r"\d{1,3}k")
_BETWEEN_PEOPLE = re.compile(starting(r"abcdfgmrt") +
                             r"\b(?:discussion|conversation|talk|chat|difference|friendship|"
                             r"relationship|argument|fight|match|game|rivalry|bond)s?\s+$",
                             re.IGNORECASE)
# (not events: days and months, said whole or short, and words for now or for people)
_NOT_EITHER = frozenset(("now", "today", "then", "yesterday", "tomorrow", "here", "there", "me",
                         "you", "him", "her", "them", "us", "it", "this", "that", "mine", "yours",
                         "sept", *WEEKDAYS, *MONTHS, *(w[:3] for w in (*WEEKDAYS, *MONTHS))))
# "from the race until now", "from my flu to today": since it
_FROM_UNTIL_NOW = re.compile(starting(r"f") +
                             r"\bfrom\s+((?:the|my|our)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)"
                             r"\s+(?:until|till|to|up\s+to|through\s+to)\s+(?:now|today)\b",
                             re.IGNORECASE)
_DAY_OF = re.compile(starting(r"t") +
                     r"\bthe\s+(day|weekend|week|month)\s+of\s+(?:(?:the|my|our|that|this)\s+"
                     r"(?:first\s+(?=\d))?"  # ("the day of my first 14k")
                     r"|(?=(?-i:[A-Z]))(?!jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)"
                     r")" + _WORDS, re.IGNORECASE)  # ("the week of Storm Ingrid": a name)
# "each day of my head cold", "every day of the trip": the event's own days
# ("the three days of the cold", "the days of my flu": the same)
_EACH_DAY_OF = re.compile(starting(r"aet") +
                          r"\b(?:(?:each|every|all)\s+(?:the\s+)?days?|the\s+(?:(?:\d{1,2}|two"
                          r"|three|four|five|six|seven|few)\s+)?days)\s+of\s+(?:the|my|our|that)\s+"
                          + _WORDS, re.IGNORECASE)
# "the first three days of the head cold", "days 1-3 of the cold": its first days
_FIRST_DAYS_OF = re.compile(starting(r"dt") +
                            r"\b(?:the\s+first\s+(\d|two|three|four|five|six)\s+days"
                            r"|days\s+1\s*(?:-|–|to)\s*([2-6]))\s+(?:of|in|on|during)\s+"
                            r"(?:(?:the|my|our|that)\s+)?" + _WORDS, re.IGNORECASE)
# ("head cold d1-d3", "flu days 1-3": the same, the event named first, as a note writes it)
_EVENT_DAYS_1_TO = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                              r"\b([a-z]+(?:\s+[a-z]+)?)\s+(?:d|days?\s*)1\s*(?:-|–|to)\s*"
                              r"(?:d|day\s*)?([2-6])\b", re.IGNORECASE)
# "the first day of the flu", "our last day in Lisbon", "the second day of the trip", "day two
# in Lisbon": that day of the event
_END_DAY_OF = re.compile(starting(r"cdflost23456") +
                         r"\b(?:(first|opening|last|final|closing|second|third|fourth|fifth|sixth"
                         r"|2nd|3rd|4th|5th|6th)\s+(?:full\s+)?day"
                         r"|day\s+(two|three|four|five|six|[2-9]))\s+"
                         r"(?:of|in|on|at|during)\s+(?:(?:the|my|our|that)\s+)?" + _WORDS,
                         re.IGNORECASE)
_RELATION_BEFORE = re.compile(starting(r"abfs") +
                              r"\b(?:after|before|following|since)\s+$", re.IGNORECASE)
_HURT = frozenset(HURT_VERBS.split("|"))
_DAY_N_PLACE = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                          r"\bday\s+(one|two|three|four|five|six|[1-9])\s+([a-z]+)\b"
                          r"|\b([a-z]+)\s+day\s+(one|two|three|four|five|six|[1-9])\b",
                          re.IGNORECASE)
# (what else "flu day 1" is said of: an illness or a stay)
_DAYS_COUNTED = frozenset(["flu", "cold", "storm", "trip", "holiday", "illness", "bug"])
_END_WORDS = frozenset(["first", "opening", "last", "final", "closing"])
_NTH = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "2nd": 2, "3rd": 3,
        "4th": 4, "5th": 5, "6th": 6, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# "the Saturday of the storm", "the Sunday of the Lisbon trip": a weekday inside the event
# ("the friday of storm ingrid": a name; "Thursday of the storm:" opening a line)
_WEEKDAY_OF = re.compile(starting(r"t", or_line_start=True) +
                         r"(?:\bthe\s+|^\s*)(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+of\s+"
                         r"(?:(?:the|my|our|that)\s+)?" + _WORDS, re.IGNORECASE | re.MULTILINE)
# "the week I bought the Brooks", "the saturday i got my parkrun pb": the week (day) of it.
_WEEKDAY = r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_WHEN_I = re.compile(starting(r"t") +
                     r"\b(?:the|that|those|these)\s+"  # ("those 3 days i was bunged up")
                     r"(?:(?:\d{1,2}|two|three|four|five|six|seven|few)\s+)?"
                     # ("the month I was laid up with flu": the calendar month of it)
                     r"(days|day|weekend|week|month|morning|evening|night|afternoon" + _WEEKDAY
                     + r")\s+(?:that\s+|when\s+|in\s+which\s+)?"
                     # ("the day i go on hotel treadmill": a learner's present for the past)
                     r"(?:" + _DID + r"|(?:i|we)\s+(?:go\s+on|go\s+to|use|buy|catch)\s+"
                     r"(?:the\s+|my\s+|a\s+|that\s+)?)" + _WORDS, re.IGNORECASE)
# "the week biscuit hurt his paw" (a name typed in lower case): the week of it (its day is
# read as "when the dog hurt his paw" is)
_WHEN_HURT = re.compile(starting(r"t") +
                        r"\bthe\s+(week|weekend)\s+(?:that\s+|when\s+)?(?:the\s+|my\s+|our\s+)?"
                        r"([a-z]+)\s+(?:" + HURT_VERBS + r")\s+(?:his|her|its|"
                        r"their)\s+([a-z]+)", re.IGNORECASE)
_IT_LASTED = re.compile(starting(r"adtw") +
                        r"\b(?:while|whilst|as\s+long\s+as)\s+(?:it\s+(?:lasted|went\s+on|was\s+on"
                        r"|dragged\s+on)|(?:i|we)\s+(?:had|was\s+\w+\s+with|were\s+\w+\s+with)"
                        r"\s+it)\b|\b(?:during|throughout)\s+it\b", re.IGNORECASE)
# "that bug i had in sept ... while i had it": the thing had, named before "i had"
# ("that head cold of mine a little while ago ... while it lasted": the same)
_THAT_HAD = re.compile(starting(r"t") +
                       r"\b(?:that|the|this)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:(?:i|we)"
                       r"\s+(?:had|got|caught|came\s+down\s+with)|of\s+(?:mine|ours))\b",
                       re.IGNORECASE)
_ONE_DAY = re.compile(starting(r"demnt") +
                      r"(?:the\s+)?(?:day|morning|evening|night)\s", re.IGNORECASE)
_WHERE_WORDS = frozenset(["along", "across", "around", "round", "past", "beside", "towards"])
# "when we got back from Portugal": the day it ended (not every day since)
_WHEN_BACK = (r"\bwhen\s+(?:i|we|(?:[a-z]+\s+and\s+(?:i|me))|(?:me|i)\s+and\s+[a-z]+)\s+"
              r"(?:finally\s+)?(?:got|came|flew|drove|arrived)\s+(?:back\s+|home\s+)+from\s+")
# "...when I got back", "once I was home": the end of the stay the message names elsewhere
BACK_HOME = re.compile(starting(r"aow") +
                       r"\b(?:when|once|after)\s+(?:i|we)\s+(?:(?:was|were|got|came|arrived)\s+"
                        r"(?:back\s+)?home|got\s+back|came\s+back)\b(?!\s+from)", re.IGNORECASE)
_GOT_HOME_FROM = re.compile(starting(r"acdfgrt") +
                            r"\b(?:got|get|came|come|flew|fly|drove|arrived|travelled|traveled)\s+"
                            r"(?:back\s+|home\s+)+from\b|\breturned\s+(?:home\s+)?from\b",
                            re.IGNORECASE)
# "the Tuesday I had the flu", "the Monday we were in Porto": a state that lasted days
_STATE = re.compile(starting(r"iw") +
                    r"\b(?:i|we)\s+(?:was|were|had|felt)\b", re.IGNORECASE)
# "the morning my knee went": its day
_PARTS_OF_DAY = frozenset(["morning", "evening", "night", "afternoon"])
# ("when I just had"; "while I was poorly": a state, as "when")
_WHEN = re.compile(starting(r"w") +
                   r"\b(when|while|whilst)\s+i\s+(?:just\s+|only\s+|still\s+|first\s+)?"
                   r"(?:was|had|got|felt|caught)\s+(?:a\s+|the\s+|so\s+|that\s+)?"
                   r"(?:new\s+)?([a-z][a-z'-]*)", re.IGNORECASE)  # ("when I got the new bike")
# "the day the fever finally went when I had the flu": the illness places the day the clause
# before it names; its days are not asked for too.
_THE_DAY_THE = re.compile(starting(r"t") +
                          r"\bthe\s+(?:day|morning|evening|night)\s+(?:that\s+)?(?:the|my)\s+"
                          r"[a-z][^.?!,;]*$", re.IGNORECASE)
_TOLD_THEN = re.compile(starting(r"arst") +
                        r"\b(?:said|say|told|tell|suggested|advised|recommended)\b[^.?!;,+]*$",
                        re.IGNORECASE)
_AHEAD = re.compile(starting(r"cntu") +
                    r"(?:next|tomorrow'?s?|upcoming|coming)\b", re.IGNORECASE)
# (words of _NOT_EVENTS that name an event with the word after them: "the work trip", "the
# long river walk", "the big race")
_NAMING = frozenset(["work", "long", "big", "hard", "easy", "short"])
_NOT_EVENTS = frozenset(["week", "weekend", "month", "day", "year", "morning", "evening",
                         # ("the days I was pushing for 12k a day": a goal, memory/goal_spans.py)
                         "pushing", "aiming", "chasing",
                         "last", "first", "second", "third", "next", "same", "other", "time",
                         # ("I might be mixing it up with another day": no event)
                         "another",
                         "start", "end", "whole", "best", "worst", "rest", "every", "each", "one",
                         "previous", "following", "entire", "typical", "average", "good", "bad",
                         "hard", "easy", "big", "long", "short", "busy", "quiet", "sick", "work",
                         "block", "corner", "clock",  # ("walk around the block at ten")
                         # ("which was the bigger week": a comparison, not an event)
                         "bigger", "smaller", "better", "worse", "busier", "quieter", "higher",
                         "lower"])


def _names_event(words: list[str]) -> bool:
    """Whether `words` (an event's, stop words out) name one: not "the whole week", "a long
    day"; "the work trip" and "the long river walk" do."""
    return bool(words) and (words[0] not in _NOT_EVENTS or words[0] in _NAMING
                            and len(words) > 1 and words[1] not in _NOT_EVENTS)
# ("when I was meant to be tapering": what was meant, not an event)
_MEANT = frozenset(["meant", "supposed", "trying", "hoping", "planning", "going"])


# "an office day", "a rest week", "the really low day", "avg per day": a kind of day or week,
# not one event's.
_KINDS_OF_DAY = frozenset(["per", "avg", "office", "rest", "training", "recovery", "taper",
                           "low", "high", "lowest", "highest", "quiet", "slow", "lazy", "normal",
                           "regular", "full", "off", "nice", "great", "rough", "tough", "poor",
                           "decent", "solid", "active", "walking", "running", "run", "step",
                           "home", "school", "weekday", "working", "10k", "12k", "8k", "leg",
                           "arm", "core", "gym", "rainy", "sunny", "hot", "wet", "windy", "lazy",
                           "sick", "cheat", "travel", "typical", "usual", "proper", "real",
                           "complete", "genuine"])


_WEATHER_WEEK = frozenset(["rainy", "wet", "windy"])


# "the past few days", "those early days": how many or which, not an event's days
_FEW = frozenset(["few", "couple", "past", "recent", "early", "later", "final", "odd", "many",
                  "several", "other", "old", "good", "bad", "those", "these", "two", "three",
                  "four", "five", "six", "seven", "ten"])


_TRAINING = frozenset(["session", "training", "workout", "run"])


# "the first 3 days after", "the 5 days before", "two days following": a count of days
# right before the relation.
_COUNTED = re.compile(starting(r"efnst\d") +
                      r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
                      r"|fourteen)\s+(?:full\s+|whole\s+)?(days?|weeks?)\s+$", re.IGNORECASE)


_NTH_WEEKDAY = re.compile(r"the\s+(1st|2nd|3rd|first|second|third)\s+[a-z]+day\s",
                          re.IGNORECASE)


def _counted_days(before: str, relation: str) -> int:
    """The days counted in "the first 3 days after the half" (`before` is the text before
    the relation "after"), or 0."""
    nth = _NTH_WEEKDAY.match(relation)
    if nth is not None:     # "the 2nd saturday after the flu": a week on from the first
        return 7 * (_NTH.get(nth.group(1).lower(), 1) - 1)
    way = relation.lower().split()  # ("the 3 days right before the race": still 3 of them)
    if way[0] in ("right", "just", "straight", "immediately") and len(way) > 1:
        way = way[1:]
    if way[0] not in ("after", "before", "following", "preceding", "leading"):
        return 0
    m = _COUNTED.search(before)
    if m is None:
        return 0
    return count_of(m.group(1)) * (7 if m.group(2).lower()[0] == "w" else 1)


def _relation(words: str) -> str:
    """The relation as `anchored_span` reads it: "just after" is "after", "the days before"
    "the week before", "while I was in" "during"."""
    words = " ".join(words.lower().split())
    words = re.sub(r"^the (?:1st|2nd|3rd|first|second|third) (\w+day) ", r"the \1 ", words)
    # "the morning following the race": the day after it
    words = re.sub(r"\b(?:morning|evening|night)\b", "day", words).replace(
        "following", "after").replace("preceding", "before")
    words = re.sub(r"\s(?:that |which )?(?:followed|came after)$", " after", words)
    words = re.sub(r"\s(?:that |which )?(?:preceded|came before)$", " before", words)
    # "the weekend right after": the weekend after
    words = re.sub(r"^(\S.*?) (?:right|just|straight|immediately) (before|after)$", r"\1 \2",
                   words)
    # "my first week back after the flu": the week after
    # ("the first full day at home following the holiday": the day after)
    words = re.sub(r"^(?:the |my )?(?:first |1st )?(?:full |whole )?(day|week|weekend|month) "
                   r"(?:back )?(?:(?:at )?home )?", r"\1 ", words)
    if words.startswith(("right ", "just ", "straight ", "immediately ")):
        return words.split()[1]
    if words.startswith("the days "):
        return "the week " + words.split()[2]
    if re.match(r"week\b.*\b(?:around|about|round)$", words):  # ("the week like around")
        return "the week of"
    if words.startswith(("while", "around", "about", "round", "when i ", "when we ", "through")):
        return "during"
    if words.startswith(("leading", "running", "building", "in the", "the run", "the lead",
                         "the build")):
        # "leading into", "running up to", "in the run-up to"
        return "leading up to"
    if words.startswith(("day ", "week", "month ")):   # "weekend before lisbon"
        return "the " + words
    return words


_CHANGE = re.compile(r"(?:raised|lowered|dropped|changed|switched|moved|bumped|upped|cut"
                     r"|increased|reduced|bought|pickup)$")


def _verb(phrase: str, words: Sequence[str] = ()) -> list[str]:
    """The verb of "since I dropped my target" when the word list knows it ("dropped": lower):
    what was done tells which line of the thing is meant ("Target lowered back to 10,000");
    not a verb of running beside the kind of run the `words` name ("the day I ran my fastest
    parkrun": the parkrun)."""
    # ("since we dropped it"; "since we flew home from Lisbon" tells only the return)
    m = re.search(r"\b(?:i|we)\s+(?:(?:finally|first|just|actually|eventually|only)\s+)?"
                  r"([a-z]+)\b(?!\s+(?:back|home)\b)", phrase, re.IGNORECASE)
    verb = m.group(1).lower() if m is not None else ""
    if verb in _RAN and any(_KINDS_OF_RUN.intersection(expand(w)) for w in words):
        return []
    return [verb] if verb and verb not in STOPWORDS and verb not in _NOT_VERBS \
        and (len(expand(verb)) > 1 or verb in ONE_ACTS) else []


# a verb of running beside the kind of run it names
_RAN = frozenset(("ran", "run", "jogged", "raced"))
_KINDS_OF_RUN = frozenset(("run", "race", "parkrun"))
# ("since I recovered from the flu": the flu's days; "since we returned from Portugal", "the
# week before we flew to Lisbon": the trip's, not a line of its one end)
_NOT_VERBS = frozenset(("recovered", "returned", "flew", "travelled", "traveled", "drove"))


# A word that starts the next part of the message: "b4 the half what goal time did u
# predict" names the half, not a "half goal".
_UNITS = frozenset(["day", "days", "week", "weeks"])
_NEXT_PART = frozenset(["what", "how", "when", "where", "which", "who", "why", "and", "but",
                        "did", "was", "were", "is", "do", "does", "can", "could", "should",
                        # ("after we came home from Portugal I felt...": the next clause's)
                        "i", "we", "you", "they",
                        # ("during the flu vs during the cold": the flu)
                        "vs", "vs.", "versus", "against", "alongside"])


def _own_words(words: str) -> list[str]:
    """`words` (lower case) up to the first that starts another part of the message."""
    out: list[str] = []
    for w in words.lower().split():
        if w in _NEXT_PART or (out and w in _UNITS):  # "leading into race day": the race
            break
        if out and w in ("my", "our") and out != ["morning"] and out != ["day"]:
            break   # "after the half my leg start hurting": the half (not "after the morning
            # my knee went")
        if out and w in _HOW_FAR_ALONG:  # "since the cold finally cleared up": the cold
            break
        if out and w in ("this", "last", "next"):  # "with influenza this autumn": influenza
            break
        out.append(w)
    return out


_HOW_FAR_ALONG = frozenset(["finally", "eventually", "properly", "fully", "completely",
                            "totally", "actually", "really", "officially"])


# "knee-gate: the week before it kicked off", "out the other side of the cold. my average since
# it cleared?": "it" for the event the message named before, then what it did
# ("knee weeks head-to-head: the week it first flared in Aug vs the week it came back")
_IT_DID = re.compile(starting(r"abstu") +
                     r"\b(before|after|since|until|till|the\s+(?:day|week|weekend)(?:\s+that"
                     r"|\s+when)?)\s+it\s+(?=(?:first\s+|finally\s+)?"
                     r"(?:kicked\s+off|started|began|cleared|ended|finished|happened|hit|struck"
                     r"|flared|lifted|broke|passed|was\s+over|went|set\s+in|came\s+back)\b)",
                     re.IGNORECASE)
# (or the word a sentence opens on: "Knee weeks head-to-head: ...")
_NAMED_BEFORE = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz", or_line_start=True) +
                           r"\b(?:the|my|that|this)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)"
                           r"|\b([a-z]+)-gate\b|^\s*([a-z]+)\b", re.IGNORECASE)


_SENTENCE_END = re.compile(starting(r"\!\.\:\;\?\s") +
                           r"[.?!:;]\s|\s[-–]\s")


def it_named(text: str, places: frozenset[str] = frozenset()) -> str:
    """`text` with "it" in "before it kicked off", "since it cleared" said as the event the
    message named before it ("knee-gate", "the cold"), the nearest such name that reads as an
    event; unchanged when none does."""
    at = 0
    # (an event the reading makes that the text did not have: "the race" named elsewhere is
    # no reading of "the day it flared up again")
    had = set(_events_of(text, places)) if _IT_DID.search(text) else set()
    while (m := _IT_DID.search(text, at)) is not None:  # (each "it": "the week it flared vs
        at = m.end()                                     # the week it came back")
        # (named in a sentence before it: "my daily step average since it cleared" names none)
        told_before = max((b.end() for b in _SENTENCE_END.finditer(text, 0, m.start())),
                          default=0)
        for name in reversed(list(_NAMED_BEFORE.finditer(text, 0, told_before))):
            said = name.group(1) or name.group(2) or name.group(3)
            for words in (said, said.split()[0]):  # ("the cold from hell": the cold)
                told = f"{text[:m.end(1)]} the {words} {text[m.end():]}"
                # (a headline's word, "Knee weeks: the week it flared", names the thing the
                # event happened to: "knee flared")
                if any(p.words == words.lower() or name.group(3) is not None
                       and p.words.startswith(f"{words.lower()} ")
                       for p in _events_of(told, places) if p not in had):
                    text, at = told, m.end(1)
                    break
            else:
                continue
            break
    return text


def event_phrases(text: str, places: frozenset[str] = frozenset()) -> list[EventPhrase]:
    """The events `text` anchors days on, in order, without repeats. `places` are the names
    (lower case) of places the user wrote: "in Lisbon" is the days they were there. The
    word list's phrases are read first ("after the 13.1" is "after the half"), and what the
    speaker felt about it set aside ("that stinking cold": memory/evaluative.py)."""
    # Recall reads a message's events more than once (to anchor days, then to leave their
    # words out of the memory search): read once.
    return list(_events_of(text, places))


@functools.lru_cache(maxsize=64)
def _events_of(text: str, places: frozenset[str]) -> tuple[EventPhrase, ...]:
    """`event_phrases`, cached."""
    read = with_stretches(without_size(without_feelings(_HAD_IT.sub(r"\1 had", text))))
    found = list(_event_phrases(read, places))
    # "the flu against the head cold", "during the flu vs during the cold": each side's own
    # events too (a phrase read across the "vs" would swallow the second)
    sides = _VS.split(read)
    if len(sides) == 2:
        for side in sides:
            found += [p for p in _event_phrases(side, places) if p not in found]
    if BACK_HOME.search(read):  # ("...away for work in Germany, and did you say anything
        # once I was home?": the day the stay ended too)
        found += [EventPhrase("the day of", p.words, end=True) for p in found
                  if p.relation == "during" and p.words in places]
    # ("squeezing walks in around the office": a place the days pass in, not an event; "the
    # office party" is one)
    return tuple(p for p in found if p.words not in _PLACES_ALONE)


_PLACES_ALONE = frozenset(["office", "house", "desk", "kitchen", "garden"])


_VS = re.compile(starting(r"\s") +
                 r"\s+(?:vs\.?|versus|against|compared\s+(?:with|to))\s+", re.IGNORECASE)
# "when I was full of that head cold", "while I was laid up with the flu": what was had
_HAD_IT = re.compile(starting(r"iw") +
                     r"\b(i|we)\s+(?:was|were)\s+(?:full\s+of|down\s+with|laid\s+up\s+with|"
                     r"confined\s+to\s+(?:my\s+)?bed\s+with|"
                     r"struck\s+down\s+with|suffering\s+(?:from|with)|battling|fighting"
                     # ("I was sick for some days with that head cold": the cold, when an
                     # illness is named; "ill with high temperature" stays ill)
                     r"|(?:sick|ill|poorly)\s+(?:for\s+(?:a\s+few|some|several|a\s+couple\s+of|"
                     r"\w+)\s+days\s+)?with(?=\s+(?:(?:that|the|this|my|a)\s+)?(?:head\s+)?"
                     r"(?:cold|flu|bug|virus|cough|chest\s+infection|covid|lurgy|lurgi)\b))\b",
                     re.IGNORECASE)


# "from when my knee started hurting on the stairs up to when I got back to parkrun", "from the
# day I picked up my race number up to the race itself": two events said by what happened
FROM_CLAUSE = re.compile(starting(r"f") +
                         r"\bfrom\s+(?P<a>(?:when|the\s+(?:day|morning|night|time))\s+"
                         r"[^.?!;,]{3,80}?)\s+(?:all\s+the\s+way\s+|right\s+)?(?:up\s+)?"
                         r"(?:to|until|till|through(?:\s+to)?)\s+(?P<b>[a-z][^.?!;,]{1,70})",
                         re.IGNORECASE)
# (what tells nothing of which event a clause names)
_CLAUSE_FILLER = frozenset(["when", "day", "morning", "night", "time", "started", "starting",
                            "began", "got", "get", "went", "came", "picked", "up", "back",
                            "itself", "first", "finally", "again", "did"])


def _clause_words(clause: str) -> list[str]:
    """The words of an event said as a clause ("when my knee started hurting on the stairs
    in August": knee, hurting, stairs), at most three."""
    return [w for w in re.findall(r"[a-z0-9][a-z0-9'-]*", clause.lower())
            if w not in STOPWORDS and w not in _CLAUSE_FILLER and w not in MONTHS
            and w[:3] not in (m[:3] for m in MONTHS)][:3]


def _two_clauses(text: str) -> list[EventPhrase]:
    """The two events of "from <when X happened> (up) to <when Y happened>", as `FROM_FIRST`
    and `TO_SECOND` (memory/anchors.py joins their days), when each clause holds a word to
    search for."""
    m = FROM_CLAUSE.search(text)
    if m is None or re.search(r"\bit\b", m["a"], re.IGNORECASE):
        return []   # ("from the night it hit till the fever went": what "it" was is said
        # elsewhere in the message)
    first, second = _clause_words(m["a"]), _clause_words(m["b"])
    if not first or not second:
        return []
    return [EventPhrase(FROM_FIRST, " ".join(first)), EventPhrase(TO_SECOND, " ".join(second))]


# "between signing up for the Riverside Half and actually running it": from the entering (its
# line's day) to the race
_ENTERED_AND_IT = re.compile(starting(r"bf") +
                             r"\b(?P<kind>between|from)\s+(?:signing\s+up\s+(?:for|to)|entering"
                             r"|registering\s+for|(?P<booking>booking))\s+(?:the\s+|my\s+|a\s+)?"
                             r"(?P<what>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)\s+"
                             r"(?:and|to|until|till)\s+(?:actually\s+|finally\s+)?(?:running|doing"
                             r"|racing|going\s+on|taking)\s+it\b", re.IGNORECASE)


def _two_events(text: str) -> list[EventPhrase]:
    """The two events of "between X and Y" ("from X to Y"): X as `BETWEEN_FIRST` (or
    `FROM_FIRST`), Y as `BETWEEN_SECOND` (`TO_SECOND`); memory/anchors.py joins their days.
    Not dates or weekdays ("between Monday and Friday", "from 3 to 9 Oct")."""
    if (it := _ENTERED_AND_IT.search(text)) is not None:
        what = [w for w in it["what"].lower().split() if w not in STOPWORDS][:2]
        if what:
            first, second = (BETWEEN_FIRST, BETWEEN_SECOND) if it["kind"].lower() == "between" \
                else (FROM_FIRST, TO_SECOND)
            act = "booked" if it["booking"] else "entered"
            return [EventPhrase(first, " ".join([*what, act])),
                    EventPhrase(second, " ".join(what))]
    out: list[EventPhrase] = []
    for m in _TWO_EVENTS.finditer(text):
        if (m["kind"].lower() == "between") != (m["to"].lower() == "and") \
                or _BETWEEN_PEOPLE.search(text, max(0, m.start() - 30), m.start()):
            continue  # ("the discussion between John and Tim": two people, no days)
        if len(m["first"].split()) > 2 and not m["bought1"] \
                and not _DISTANCE.fullmatch(m["first"].split()[0]):
            continue  # (three words are what was bought: "from the night it hit till...")
        sides = [[w for w in side.lower().split() if w not in STOPWORDS
                  and not w.endswith("ing")][:2] for side in (m["first"], m["second"])]
        sides = [["bought", *side[-1:]] if side and (m[f"bought{n}"] or m[f"buy{n}"]) else side
                 for n, side in enumerate(sides, 1)]
        # ("between new shoes and germany": when they came; "my 18k long run": the 18k run)
        # ("the Priya 14k": the 14k run, the one she ran it with aside)
        sides = [["bought", side[-1]] if len(side) > 1 and side[0] == "new"
                 else [side[0], "run"] if len(side) > 1 and _DISTANCE.fullmatch(side[0])
                 else [side[1], "run"] if len(side) == 2 and _DISTANCE.fullmatch(side[1])
                 else side for side in sides]
        # ("to the work trip": work names the trip)
        if not all(sides) or any((side[0] in _NOT_EVENTS and side[0] != "sick" and not (
                side[0] == "work" and _names_event(side))) or side[0] in _NOT_EITHER
                for side in sides):
            continue
        first, second = (BETWEEN_FIRST, BETWEEN_SECOND) if m["kind"].lower() == "between" \
            else (FROM_FIRST, TO_SECOND)
        # (a hurt is its day, not the days of rest it led to)
        out += [EventPhrase(first, " ".join(sides[0]), onset=m["whose"] is not None),
                # ("...and getting back to parkrun": the first parkrun after the other side)
                EventPhrase(second, " ".join(sides[1]), onset=m["back2"] is not None)]
    return out


_WHOLE_UNIT_OF = re.compile(starting(r"mot") +
                            r"\b(?:my|the|that|our)\s+(?:whole|entire)\s+(day|week|weekend|month)"
                            r"\s+of\b", re.IGNORECASE)
_EVE = re.compile(starting(r"fhmprt") +
                  r"\b(?:the\s+)?(race|marathon|half|parkrun|trip|holiday|flight)\s+eve\b",
                  re.IGNORECASE)
_WEEKDAY_IT_BEGAN = re.compile(starting(r"t") +
                               r"\b(?:the|that)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+it"
                               r"\s+(?:kicked\s+off|started|began|struck|hit|came\s+on)\b",
                               re.IGNORECASE)
_THING_OF_PLACE = re.compile(starting(r"t") +
                             r"\bthe\s+(trip|fair|holidays?|conference|visit|stay)\s+(?:of|to)\s+"
                             r"((?-i:[A-Z][a-z]+))\b", re.IGNORECASE)
_WINDOW = re.compile(starting(r"cfinst") +
                     r"(?<![\w-])(?:the\s+)?(flu|cold|storm|illness|injury|taper|niggle|trip)"
                     r"\s+window\b", re.IGNORECASE)
_COUNT_PRE_POST = re.compile(starting(r"fst\d") +
                             r"\b(?:the\s+)?(\d{1,2}|two|three|four|five|six|seven|ten)"
                             r"\s*d(?:ays?)?\s+(pre|post)-([a-z]+)\b", re.IGNORECASE)
_THE_ONE_WITH = re.compile(starting(r"\,\s") +
                           r"(?<=\brun)\s*,?\s+the\s+one\s+with\s+", re.IGNORECASE)
_POST_TO_NOW = re.compile(starting(r"p") +
                          r"\bpost-?([a-z]+)\s+(?:to|till|until|through\s+to|up\s+to)\s+"
                          r"(?:now|today)\b", re.IGNORECASE)
_FIRST_POST = re.compile(starting(r"fmot1") +
                         r"\b(?:(?:my|the|our)\s+)?(?:first|1st)\s+((?:[a-z]+\s+){0,2}?[a-z]+)"
                         r"\s+post-([a-z]+)\b", re.IGNORECASE)
# "the days Tom was bringing me soup for the cold", "the week I was off work with the flu": an
# illness's days, told by what was done for it
_DAYS_FOR = re.compile(starting(r"t") +
                       r"\bthe\s+(days|week|weekend)\s+(?:[A-Za-z']+\s+){1,6}?(?:for|with)\s+"
                       r"(?:the|my|that|this|a)\s+(?:[a-z]+\s+)?([a-z]+)\b", re.IGNORECASE)
_AILMENTS = frozenset(["cold", "flu", "fever", "bug", "virus", "lurgy", "illness", "cough"])
_POST_FLARE = re.compile(starting(r"p") +
                         r"\bpost-?([a-z]+)\s+((?:[a-z]+\s+)?(?:flare(?:-up)?|flareup|niggle"
                         r"|relapse))\b", re.IGNORECASE)
# a time beaten ("went sub-28", "broke 28", "dipped under 28 minutes"): a personal best
_NEW_BEST = re.compile(starting(r"bcdgrw") +
                       r"\b(?:(?:went|got|dipped|came\s+in|ran)\s+(?:sub-?\s*|under\s+)|broke\s+)"
                       r"\d{1,2}(?::\d\d)?(?:\s*(?:minutes|mins|min))?\b(?![:.]?\d|\s*k\b)"
                       # ("the week I finally got my parkrun time down")
                       r"|\bgot\s+my\s+(?:parkrun\s+|5k\s+)?time\s+down\b", re.IGNORECASE)
# (money, not time: "the day I spent Sunday on the sofa" bought nothing)
_SPENT_ON = re.compile(starting(r"s") +
                       r"\bspent\s+(?:(?:a|an|my|the)\s+)?(?:small\s+)?(?:kidney|fortune|bomb"
                       r"|packet|bundle|mint|arm\s+and\s+a\s+leg|ton|load|lot|money|cash"
                       r"|[£$€]\s?\d[\d,.]*|\d[\d,.]*\s*(?:quid|pounds|dollars|euros|bucks))"
                       r"\s+on\b", re.IGNORECASE)
_DURATION_OF = re.compile(starting(r"dfot") +
                          r"\b(?:for\s+|over\s+|during\s+)?the\s+(?:whole\s+|entire\s+)?"
                          r"(?:duration|length|course)\s+of\s+", re.IGNORECASE)


@functools.lru_cache(maxsize=512)
def with_stretches(text: str) -> str:
    """`text` with a stretch of time said another way said as the relations read it: "in the
    time with the goal of 12,000" as "while my goal was 12,000", "during the time I had the
    flu" as "while I had the flu", "when I was stuck in Germany" as "while I was in Germany",
    "when I was all bunged up" as "while I had the cold", "knocked flat" as "when I was ill"."""
    text = _DATE_THE_DAY.sub(r"\1 - ", text)  # ("10 Oct - the day my calves got hammered")
    text = _DURATION_OF.sub("during ", text)  # ("for the duration of my recent head cold")
    text = _SPENT_ON.sub("bought", text)  # ("the day I spent a kidney on the new brooks")
    text = _POST_FLARE.sub(r"\2 after the \1", text)  # ("post-race knee flare-up")
    text = _NEW_BEST.sub("got my pb", text)  # ("the saturday i finally went sub-28 at millbrook")
    text = _POST_TO_NOW.sub(r"since the \1", text)   # ("post-storm to now")
    text = _THE_ONE_WITH.sub(" with ", text)  # ("that 18k run, the one with the gels")
    text = _WINDOW.sub(r"during the \1", text)  # ("flu window: daily counts")
    text = _STRETCH_WE.sub(r"\1 days ", text)  # ("the stretch I had the flu": its days)
    text = _ON_WHICH.sub(lambda m: "the {} ".format(
        "day" if m[1].lower() in ("date", "occasion") else m[1]), text)
    text = _MY_RETURN.sub(r"\1 I got back from ", text)  # ("since my return from the holiday")
    text = _KEPT_BY.sub(r"\1 of ", text)  # ("the week I couldn't run because of the floods")
    text = _DAYS_EITHER_SIDE.sub(r"the \1 days before \2 and the \1 days after \2", text)
    text = _NOT_ITSELF.sub("", text)  # ("..., not race day itself": set aside, not named)
    text = _ITSELF.sub(lambda m: m[0] if _BETWEEN.search(text, 0, m.start())
                       else f"the day of the {m[1]}", text)  # ("my longest run vs the race
    # itself"; "between my 18 km run and the half itself" is the days between the two)
    text = _THING_OF_PLACE.sub(r"the \2 \1", text)  # ("the fair of Frankfurt": a learner's)
    # ("7d post-Lisbon", "the 3 days pre-race")
    text = _COUNT_PRE_POST.sub(lambda m: f"the {m[1]} days {'after' if m[2].lower() == 'post'
                                                             else 'before'} the {m[3]}", text)
    text = _WHOLE_UNIT_OF.sub(r"the \1 of", text)  # ("my whole month of the flu")
    text = _EVE.sub(r"the day before the \1", text)  # ("race eve")
    text = _WEEKDAY_IT_BEGAN.sub("the day it started", text)  # ("the saturday it kicked off")
    text = _BEING_ILL.sub(r"after the \1", text)  # ("after being wiped out w flu")
    text = _STATE_WITH.sub(r"while I had the \1", text)  # ("while i was all snotty w that cold")
    text = _FIRST_POST.sub(r"the first \1 after the \2", text)  # ("1st long run post-Lisbon")
    text = _WHEN_HAVE.sub(r"\1 had", _WHEN_PRESENT.sub(r"\1 was", text))
    text = _HAVE_THIS.sub(r"when \1 had that ", text)  # ("when I have this head cold")
    text = _SAID_AFTER.sub(r"\2 \1", text)
    if len(clauses(text)) == 1:  # (beside another question, "in the half" only names it)
        text = _IN_THE_RACE.sub(r"during \1", text)
    if _THAT_DAY_LATER.search(text):
        text = _FRONTED.sub(r"the day of \1\2", text, count=1)
    text = _WHEN_AWAY.sub("while I was in ", text)
    text = _WHEN_STATE.sub(lambda m: "when I was ill" if m[1].lower().startswith(
        ("knock", "flatten", "laid")) else "while I had the cold", text)
    text = _AFTER_ILL_WITH.sub(r"\1 the ", text)  # ("after I was proper bad with the flu")
    text = _WITH_ILLNESS.sub(r"\1 while I had the \2", text)
    text = _HAD_ME.sub(r"while I had the \1", text)  # ("when the flu had me")
    text = _ILLNESS_VS.sub(lambda m: f"while I had the {m[1]} vs while I had the {m['second']}",
                           text)
    text = _ILLNESS_WHEN.sub(r"while I had the \1,", text)
    text = _TIME_WITH_N_GOAL.sub(r"while my \2 was \1", text)
    text = _GOAL_RAISED.sub(lambda m: f"while my {(m[1] or m[2]).lower()} was ", text)
    text = _TIME_WITH.sub("while I had", _TIME_WITH_GOAL.sub(r"while my \1 was ", text))
    return _WITH_IT.sub(_illness_before, text)


def _illness_before(m: re.Match) -> str:
    """"while I had it" as "while I had the cold" when a sentence before names the cold."""
    named = [n for n in _ILLNESS_BEFORE_IT.finditer(m.string, 0, m.start())]
    return f"{m[1]} the {named[-1][1].lower()}" if named else m[0]


# the words said before an illness's name ("that stinking head cold", "a proper bug")
_ILL_WORDS = (r"(?:(?:head|chest|bad|stinking|nasty|horrible|awful|rotten|dreadful|streaming"
              r"|heavy|latest|last|recent|little|slight|proper|real)\s+){0,2}")
# an illness named ("that stinking cold", "the flu"): group 1 its word
_ILLNESS_WORD = _ILL_WORDS + r"(cold|flu|bug|virus|fever|influenza|lurgy)\b"
_AN_ILLNESS = r"(?:that|the|my|this)\s+" + _ILLNESS_WORD
# "how low did my steps drop with that head cold": the steps while I had it (not "laid up
# with the flu", "running with a cold": how it was had, a kind of outing)
_WITH_ILLNESS = re.compile(starting(r"dfgsw") +
                           r"\b(go|goes|went|drop(?:ped)?|fall|fell|dip(?:ped)?|sink|sank)\s+with"
                           r"\s+" + _AN_ILLNESS, re.IGNORECASE)


# "the cold last wk, steps each day?": the illness a week or a month dates, as "while I had"
# ("that horrible head cold at the end of last month", "that nasty lurgy around the end of
# September": a part of a month dates it too)
# ("out in the cold last week": the weather)
_ILLNESS_WHEN = re.compile(starting(r"mt") +
                           r"(?<![\w'])(?<!had\s)(?<!with\s)(?<!\bin\s)" + _AN_ILLNESS
                           + r"(?=\s+(?:last|this)\s+(?:wk|week|month)\b|\s+(?:at|around|towards?|"
                           r"near|in)\s+(?:the\s+)?(?:very\s+)?(?:end|start|beginning|middle)\s+of"
                           r"\s+(?:last|this)\s+month\b|\s+(?:at|around|towards?|near|in)\s+"
                           r"(?:the\s+)?(?:very\s+)?(?:end|start|beginning|middle)\s+of\s+"
                           r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)",
                           re.IGNORECASE)


# "when I had the flu, what did you tell me?": what was said then, asked after its time (read
# as "what did you tell me when I had the flu": the exchange of that time, not its days)
_SAID_AFTER = re.compile(starting(r"abdsw\s", or_line_start=True) +
                         r"(?:^|(?<=[.?!]\s))\s*((?:when|while|after|during|before|since)\b"
                         r"[^,.?!;]{3,80}?)\s*[,–—-]\s*(what\s+did\s+(?:you|u)\s+(?:say|tell\s+me"
                         r"|suggest|recommend|advise|reckon|think)(?:\s+(?:to\s+me|me))?)"
                         r"(?=\s*[?.!]|\s*$)", re.IGNORECASE)
# "what was my time in the race", "who came to watch me at the half": while it was on (a
# race is one day; "at parkrun", weekly, is not one)
_IN_THE_RACE = re.compile(starting(r"ai") +
                          r"\b(?:in|at)\s+((?:the|my)\s+(?:race|half(?:\s+marathon)?|marathon))\b"
                          # (the race itself, not "my race pack", "the race build")
                          r"(?=\s*(?:[?.!,;]|$)|\s+(?:and|with|last|this|on|in|at|but|so|that|"
                          r"itself)\b)", re.IGNORECASE)
# "when i am sick in september, how much steps i make?": a past time in a learner's present
_WHEN_PRESENT = re.compile(starting(r"w") +
                           r"\b((?:when|while)\s+(?:i|we))\s+(?:am|are|is)\b(?=\s+(?:sick|ill"
                           r"|poorly|unwell|down\s+with|injured|hurt|away|in\s+[A-Z]))",
                           re.IGNORECASE)
# ("when i have the cold in november", "while i have the flu": had)
_WHEN_HAVE = re.compile(starting(r"w") +
                        r"\b((?:when|while)\s+(?:i|we))\s+(?:have|has)\b(?=\s+(?:the|a|my|that)\s+"
                        r"(?:\w+\s+)?(?:cold|flu|bug|virus|fever|cough|injury|knee|niggle)\b)",
                        re.IGNORECASE)
# (and "when I have this head cold", "when I had this cold": that illness, gone now, as the
# rest of the reading takes it)
_HAVE_THIS = re.compile(starting("w") + r"\bwhen\s+(i|we)\s+(?:have|has|had)\s+(?:this|that)\s+(?="
                        + _ILLNESS_WORD + ")", re.IGNORECASE)
# "the race, what was my time and how many steps that day?": the day of the event put first
# ("my race time is what, and how many steps that day?": a learner's question put first)
_FRONTED = re.compile(r"^\s*((?:the|my|our)\s+)([a-z]+(?:\s+[a-z]+)?(?:\s+(?:is|was)\s+what)?)"
                      r"(?=\s*[,:–—-]\s)", re.IGNORECASE)
_THAT_DAY_LATER = re.compile(starting(r"t") +
                             r"\b(?:that|this|the\s+same)\s+day\b", re.IGNORECASE)


# "when I was stuck in Germany for work", "when I was away in Lisbon": while I was in it
_WHEN_AWAY = re.compile(starting(r"w") +
                        r"\bwhen\s+(?:i|we)\s+(?:was|were)\s+(?:stuck\s+|away\s+|over\s+|out\s+)?"
                        r"in\s+(?=[A-Z])", re.IGNORECASE)
# "the first weekend after I was proper bad with the flu", "since we were ill with that bug":
# after the illness, the state that tells of it left out
_AFTER_ILL_WITH = re.compile(starting(r"abfs") +
                             r"\b(after|since|before|following)\s+(?:i|we)\s+(?:was|were|had\s+been"
                            r"|got)\s+(?:(?:really|so|very|proper|properly|pretty|quite|all)\s+)?"
                            r"(?:ill|sick|bad|poorly|unwell|laid\s+up|down|struck\s+down)\s+"
                            r"(?:with|from)\s+(?:the\s+|that\s+|a\s+|my\s+)?", re.IGNORECASE)
# "when I was all bunged up", "back when I was knocked flat": a state of being ill, told
_WHEN_STATE = re.compile(starting(r"w") +
                         r"\b(?:when|while)\s+(?:i|we)\s+(?:was|were)\s+(?:all\s+|really\s+|so\s+|"
                         r"completely\s+)?(bunged\s+up|stuffed\s+up|blocked\s+up|knocked\s+flat|"
                         r"flattened|laid\s+low)\b(?!\s+with\b)", re.IGNORECASE)


# "in the time with the goal of 12 000", "the weeks I had the target of 12k": the goal's run
_TIME_WITH_GOAL = re.compile(starting(r"dfiot") +
                             r"\b(?:(?:during|in|over|for)\s+)?the\s+(?:time|period|days|weeks)\s+"
                             r"(?:when\s+)?(?:i\s+had\s+|with\s+)(?:the|my|a)\s+(goal|target)\s+"
                             r"(?:of\s+)?(?=\d)", re.IGNORECASE)


# "while you had my goal bumped up to 12k", "while you'd raised my target to 12,000", "while
# we put the goal up to 12k": the days it stood there
_RAISE = r"(?:bumped|moved|raised|put|pushed|set|upped|cranked|nudged|stepped)"
_GOAL_RAISED = re.compile(starting(r"w") +
                          r"\bwhile\s+(?:you|we|i)(?:\s+had|'d|’d)?\s+"
                          r"(?:(?:my|the)\s+(goal|target)\s+" + _RAISE + r"|" + _RAISE
                          + r"\s+(?:my|the)\s+(goal|target))"
                          r"(?:\s+up)?\s+(?:to|at)\s+(?=\d)", re.IGNORECASE)


# "in the time i have the 12000 goal", "the weeks we had the 12k target": the goal named first
_TIME_WITH_N_GOAL = re.compile(starting(r"dfiot") +
                               r"\b(?:(?:during|in|over|for)\s+)?the\s+(?:time|period|days|weeks)"
                               r"\s+(?:(?:when|that)\s+)?(?:i|we)\s+(?:have|had|has)\s+"
                               r"(?:the|my|a|that)\s+(\d[\d,.]*k?)\s+(goal|target)\b",
                               re.IGNORECASE)


# "the date on which the physiotherapist diagnosed my knee", "the day on which I returned home
# from Frankfurt": the day it happened, said formally
# ("the occasion on which I purchased new footwear", "the Saturday on which I at last ran")
_ON_WHICH = re.compile(starting(r"t") +
                       r"\bthe\s+(day|date|occasion|week|weekend|(?:mon|tues|wednes|thurs|fri|satur"
                       r"|sun)day)\s+(?:on|in|during)\s+which\s+(?=(?:the|my|our|i|we)\b)",
                       re.IGNORECASE)
_MY_RETURN = re.compile(starting(r"abfs") +
                        r"\b(since|after|before|following)\s+(?:my|our)\s+return\s+(?:home\s+)?"
                        r"from\s+", re.IGNORECASE)
# "the stretch I had the flu", "that spell when Tom and I were away": the days it lasted
_STRETCH_WE = re.compile(starting(r"t") +
                         r"\b(the|that)\s+(?:stretch|spell|patch|bout)\s+(?=(?:when\s+|that\s+)?"
                         + _WE + r"\s)", re.IGNORECASE)
# "three days either side of the half marathon": the days before it and the days after it
_DAYS_EITHER_SIDE = re.compile(starting(r"fst\d") +
                               r"\b(?:the\s+)?(\d{1,2}|two|three|four|five|seven|ten)\s+days\s+"
                               r"(?:either|each|both)\s+sides?\s+of\s+"
                               r"((?:the|my)\s+[a-z]+(?:\s+[a-z]+)?)(?=\s*(?:[,.?!;]|$))",
                               re.IGNORECASE)
_NOT_ITSELF = re.compile(starting(r"enw\,\s") +
                         r",?\s*\b(?:not|excluding|except|without)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
                         r"[\w-]+\s+itself\b", re.IGNORECASE)
# "the race itself", "the half itself": the day of it (a one-day event's)
_ITSELF = re.compile(starting(r"t") +
                     r"\bthe\s+((?:half\s+)?marathon|half|race|parkrun)\s+itself\b",
                     re.IGNORECASE)
_BETWEEN = re.compile(starting(r"b") +
                      r"\bbetween\b", re.IGNORECASE)
# "the week I couldn't run outside because of the floods", "the days we had to stay in due to
# the storm": the week (days) of what kept them in
_KEPT_BY = re.compile(starting(r"t") +
                      r"\b(the\s+(?:week|weekend|days?))\s+(?:when\s+|that\s+)?(?:i|we)\s+"
                      r"(?:couldn'?t|could\s+not|didn'?t|did\s+not|wasn'?t\s+able\s+to|was\s+"
                      r"unable\s+to|had\s+to)\s+(?:[\w']+\s+){1,3}?(?:because\s+of|due\s+to)\s+"
                      r"(?=(?:the|that|all\s+the)\s)", re.IGNORECASE)
# "during the time I had the flu", "the three days with the cold in the nose", "in the time
# with the goal of 12 000": the stretch of a thing had, said as a time or some days with it
# ("all five days I had the flu", "the whole time i was sick w the flu")
_TIME_WITH = re.compile(starting(r"adfiot") +
                        r"\b(?:(?:during|in|over|for)\s+)?(?:the|all(?:\s+the)?)\s+"
                        r"(?:(?:whole|entire)\s+)?(?:time|period|days|weeks|"
                        r"(?:two|three|four|five|six|seven|few|\d+)\s+days)\s+"
                        r"(?:(?:when|that)\s+)?(?:(?:i|we)\s+(?:had|(?:was|were)\s+(?:(?:suffering|"
                        r"struggling|down|ill|sick|poorly|laid\s+up)\s+)?(?:with|w)"
                        r"|(?:was\s+|were\s+)?suffer(?:ing|ed)\s+from)|with)"
                        r"(?=\s+(?:the|my|that|a|an)\s|\s+it\b)", re.IGNORECASE)


# (not the weather: "out in the cold", "the cold mornings")
_ILLNESS_MENTION = re.compile(
    starting(r"lmst") +
    r"(?<!\bin\s)(?<!\binto\s)(?<!\bfrom\s)(?<!\bagainst\s)"
    r"\b(?:the|my|that|this|last\s+week'?s|last\s+month'?s)\s+" + _ILL_WORDS
    + r"(cold|flu|bug|virus|lurgy|sniffles)\b(?!\s+(?:shower|weather|snap|mornings?|days?|nights?"
    r"|water|bath|feet|hands|spell|front|air|wind|start|temperatures?|outside)\b)"
    r"|\bsick\s+as\s+a\s+(?:dog|parrot)\b", re.IGNORECASE)
# (a time beside it that dates it: "last week's cold", "the cold at the end of last month")
_DATED_BESIDE = re.compile(starting(r"belmst") +
                           r"\b(?:last|this)\s+(?:week|wk|month)\b|\b(?:end|start|beginning"
                           r"|middle)\s+of\s+(?:last\s+month|\w+)|\b(?:early|mid|late)[\s-]+\w+",
                           re.IGNORECASE)
# (a message asking when it was: its line answers, not its days)
_ASKS_WHEN = re.compile(starting(r"hw") +
                        r"\bwhen\s+(?:did|was|were|exactly)\b|\bhow\s+long\b", re.IGNORECASE)
# "those three days", "these days" (not "these days": now, nor a count of days before or after)
_THOSE_DAYS = re.compile(starting(r"ot") +
                         r"\b(?:those|over\s+these)\s+(?:(?:two|three|four|five|six|seven|few|\d)"
                         r"\s+)?days\b(?!\s+(?:before|after|following|since))", re.IGNORECASE)
# "I want to see how much my head cold set me back. ... the days I was suffering with it":
# "it" is the illness the sentences before name
_WITH_IT = re.compile(starting(r"w") +
                      r"(\bwhile\s+I\s+had)\s+(?:it|that)\b", re.IGNORECASE)  # ("while i had it")
# a date the message tells, then what happened on it: "10 Oct - the day my calves got
# hammered.", "3/10, the day I went back to parkrun.": the date is the day, the rest a remark
_MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATE_THE_DAY = re.compile(starting(r"adfjmnos\d") +
                           r"(\b(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r"|" + _MON
                           + r"\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}[/.]\d{1,2})(?![\d/.]))\s*[-–—,:]"
                           r"\s*the\s+day\s+(?=(?:my|i|we|the|our)\b)"
                           # (told, not asked: "on 16/9, the day I used the treadmill, and the
                           # day before it?" dates the day before by the event)
                           r"(?=[^.?!]*(?:[.!](?:\s|$)|$))", re.I)
_A_GOAL = re.compile(starting(r"\d") +
                     r"\b\d+k?\s+(?:daily\s+)?(?:goal|target)\b")
_BEING_ILL = re.compile(starting(r"a") +
                        r"\bafter\s+being\s+(?:[a-z]+\s+){1,2}?(?:with|w)\s+"
                        r"(?:the\s+|that\s+|my\s+)?(cold|flu|bug|virus|fever|influenza)\b",
                        re.IGNORECASE)
_STATE_WITH = re.compile(starting(r"w") +
                         r"\b(?:while|when)\s+(?:i|we)\s+(?:was|were)\s+(?:[a-z]+\s+){1,2}?"
                         r"(?:with|w)\s+" + _AN_ILLNESS, re.IGNORECASE)
_HAD_ME = re.compile(starting(r"w") +
                     r"\b(?:when|while)\s+" + _AN_ILLNESS + r"\s+had\s+(?:me|us)\b", re.IGNORECASE)
_ILLNESS_NAMED = re.compile(starting(r"mt") +
                            r"\b" + _AN_ILLNESS, re.IGNORECASE)
# (what "while I had it" leans on may be "a cold" too: "...whether I could run with a cold.
# ... how low did my steps go while I had it?")
_ILLNESS_BEFORE_IT = re.compile(starting(r"amt") +
                                r"\b(?:that|the|my|this|a)\s+" + _ILLNESS_WORD, re.IGNORECASE)
# "the flu against the head cold - how low did my steps go through each one?": two illnesses
# set side by side, each while it lasted
# ("flu vs head cold": two illnesses weighed against each other need no "the")
_ILLNESS_ANY = r"(?:(?:that|the|my|this)\s+)?" + _ILLNESS_WORD
_ILLNESS_VS = re.compile(starting(r"abcdfhilmnprstv") +
                         r"(?<![\w'])(?<!had\s)(?<!with\s)" + _ILLNESS_ANY
                         + r"\s+(?:vs\.?|versus|against|compared\s+(?:with|to))\s+"
                         + _ILLNESS_ANY.replace("(cold|flu", "(?P<second>cold|flu"), re.IGNORECASE)



# "the treadmill 10k in the storm, which day was that": a thing done, then its day asked
_WHICH_DAY = re.compile(starting(r"mt") +
                        r"\b(?:the|my|that)\s+([a-z0-9][\w'-]*(?:\s+(?!which\b)[\w'-]+){0,5}?)"
                        r"\s*[,–—-]?\s*(?:which|what)\s+day\s+(?:was|is)\s+(?:that|it)\b",
                        re.IGNORECASE)
_RELATION = re.compile(starting(r"abdsu") +
                       r"\b(?:after|before|since|during|until)\b", re.IGNORECASE)
# "I had a cold last week", "we were all ill in October", "I came down with the flu": an
# illness told as what happened (a cold said of a thing is not one: "a cold shower")
_I_WAS_ILL = re.compile(
    starting(r"iw") +
    r"\b(?:i|we)\s+(?:(?:had|got|caught|picked\s+up|came\s+down\s+with|went\s+down\s+with"
    r"|(?:was|were)\s+(?:down\s+with|full\s+of))\s+(?:a|the|my|that|this|some)?\s*"
    + _ILL_WORDS + r"(cold|flu|bug|virus|fever|lurgy|cough)\b"
    r"(?=\s*(?:[,.;:!?)\-\u2013\u2014]|$)|\s+(?:last|this|in|at|on|over|during|for|and|but|so"
    r"|back|earlier|which|that|around|towards?|near|the)\b)"
    r"|(?:was|were)\s+(?:all\s+|really\s+|so\s+|pretty\s+|quite\s+|properly\s+)?"
    r"(ill|sick|poorly|unwell)\b"
    # ("I was so unwell with that head cold": the cold, whose days are asked)
    r"(?:\s+with\s+(?:a|the|my|that|this)\s+(?:[a-z]+\s+)?(cold|flu|bug|virus|fever|cough)\b)?)",
    re.IGNORECASE)
# (a relation or a time word before it: "since I had the flu", "the week I was ill", "when I
# was sick" are read as what they say)
_BEFORE_ILL = re.compile(starting(r"abefistuw") +
                         r"(?:\b(?:after|before|following|since|until|till|when|while|whilst"
                         r"|where|if|whether|think|thought|feel|felt)|\b(?:the|that|those|this|every"
                         r"|each|all)\s+(?:[a-z]+\s+)?(?:days?|weeks?|weekend|month|time))"
                         r"\s+(?:that\s+|when\s+)?$", re.IGNORECASE)
# "which day was my 18k", "what day was the storm gym run": the day of the thing named
_WHICH_DAY_WAS = re.compile(starting(r"w") +
                            r"\b(?:which|what)\s+day\s+was\s+(?:the|my|that)\s+"
                            r"([a-z0-9][\w'-]*(?:\s+(?!and\b|or\b|n\b)[a-z][\w'-]*){0,3}?)"
                            r"(?=\s*(?:[,?.!;]|$|\s(?:and|n|or|&)\s))", re.IGNORECASE)


def _thing_words(said: str) -> list[str]:
    """The words of a thing whose day is asked ("my 18k", "the treadmill 10k in the storm")
    that can name an event."""
    return [w for w in said.lower().split()
            if w not in STOPWORDS and w not in _NOT_EVENTS and w not in _KINDS_OF_DAY]


def _from_each_start(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """The matches of `pattern` in `text` from each place one starts, overlapping: "the day I
    bought a torch and the day I got my parkrun pb" is two days (the first match's words run
    on into the second's)."""
    out: list[re.Match[str]] = []
    m = pattern.search(text)
    while m is not None:
        out.append(m)
        m = pattern.search(text, m.start() + 1)
    return out


_EITHER_SIDE = re.compile(starting(r"ab", or_line_start=True) +
                          r"\b(?:before|after)\s+or\s*$|^(?:before|after)\s+or\b",
                          re.IGNORECASE)


@functools.lru_cache(maxsize=16)
def _event_phrases(text: str, places: frozenset[str]) -> tuple[EventPhrase, ...]:
    """`event_phrases`, cached."""
    text = _FROM_UNTIL_NOW.sub(r"since \1", read_phrases(text))
    out: list[EventPhrase] = _two_events(text)
    if not out and (clauses := _two_clauses(text)):
        return tuple(clauses)   # ("from when my knee started hurting up to when I got back
        # to parkrun": the stretch between them, the message's one event)
    out += [EventPhrase("during", m.group(1).lower()) for m in _IN.finditer(text)
            if m.group(1).lower() in places]
    # "the morning my knee went, after that fast session": what led to it, not days after it
    whens = [m.start() for m in [*_WHEN_I.finditer(text), *_WHEN_IT.finditer(text)]]
    phrases = list(_PHRASE.finditer(text))
    qualified = [m.start() for m in _DAY_OF.finditer(text)] + [
        m.start() for m in phrases if m.group(1).lower() == "since"]
    # ("on the lisbon trip": the place's own days, read above; "the day I went on the hotel
    # treadmill on the work trip": where that day was; "what did you say about running on the
    # trip": what it was about, not its days)
    trips = _ON_TRIP.finditer(text) if asked_kind(text) is None else ()
    out += [EventPhrase("during", m.group(1).lower()) for m in trips
            if m.group(1).split()[0].lower() not in STOPWORDS | places and not any(
                start < m.start() and not re.search(r"[.?!;,-]", text[start:m.start()])
                for start in whens)]
    bare = [m for m in _BARE.finditer(text) if m.group(2).split()[0].lower() not in STOPWORDS
            and not _AND_I.match(text, m.start(2) + len(m.group(2).split()[0]))
            and not re.match(r"(?:getting|coming|flying|returning|recovering|shaking)\b",
                             m.group(2), re.IGNORECASE)]
    read: list[tuple[int, int]] = []  # (where a relation and its event were read)
    for m in [*phrases, *_PHRASE_DOING.finditer(text), *bare]:
        if _SAID.search(text[:m.start()]) and not _ONE_DAY.match(m.group(1)):
            continue    # "what you said after the session": when it was said (but "the
            # night before the half" is the day it was said on)
        if _EITHER_SIDE.search(text, 0, m.start()) or _EITHER_SIDE.match(m.group(0)):
            continue    # "did it start before or after I switched shoes": the order of two
            # dated things, not the days on one side of one
        if m.group(1).lower() in ("after", "before") and any(
                start < m.start() and not re.search(r"[.?!;]|\band\b", text[start:m.start()])
                for start in whens):
            continue
        if m.group(1).lower() in ("after", "before") and (any(
                start < m.start() and not _APART.search(text, start, m.start())
                for start in qualified)):
            continue    # "the day of my physio appointment after the knee trouble", "since
            # the niggle settled after the race": the event before it is said by when it was,
            # not the days after or before this one
        if _AHEAD.match(m.group(2)):
            continue    # "before I set next year's goals": what is to come dates nothing past
        words = [w for w in _own_words(m.group(2)) if w not in STOPWORDS]
        ended = len(words) > 1 and words[-1] in ends()
        if ended:           # ("the day after the flu finished": the flu's, its end is the
            words = words[:-1]  # relation's; "since my knee settled": the time it ended)
        if _TO_NEW.search(m.group(0)):  # "after I changed to the new trainers": their first day
            words = [w for w in words if w not in ("new", "old")]
        verb = _verb(m.group(0), words)
        # ("the weekend before the work trip": work names the trip, not the days; "since the
        # long river walk": a walk)
        if len(words) > 1 and words[0] in _PARTS_OF_DAY | {"day"}:
            words = words[1:]   # ("the week after the morning my knee went": after the knee's)
        words = words[:3] + verb if _names_event(words) else []
        if len(words) > 1 and words[0] in _NAMING and _DISTANCE.fullmatch(words[1]):
            words = words[1:]   # ("that long 18k run": the 18k run)
        if words and _REVIEW_AFTER.search(text, 0, m.start()) and m.group(1).lower() in (
                "after", "since", "following"):     # "the review after my knee flared"
            out.append(EventPhrase("the week of", " ".join(words),
                                   _ONSET.search(m.group(0)) is not None))
        elif words:
            read.append((m.start(), m.end()))
            out.append(EventPhrase(_relation(m.group(1)), " ".join(words),
                                   # ("my first week back after the flu": not its onset)
                                   _ONSET.search(m.group(0), m.end(1) - m.start()) is not None
                                   or _TO_NEW.search(m.group(0)) is not None,
                                   bool(verb) and _CHANGE.match(verb[0]) is not None,
                                   _counted_days(text[:m.start()], m.group(1)),
                                   ended=ended))
    for m in _NAMED.finditer(text):
        if _AND_I.match(text, m.end()):
            continue    # ("after Tom and I got back from Lisbon": what they did, read above)
        words = [w for w in f"{m[2]} {m[3] or ''}".lower().split() if w not in STOPWORDS]
        if words and words[0] not in _NOT_EVENTS:
            # ("the Saturday after Biscuit hurt his paw": after the day it happened, not after
            # the ten days of short walks its line tells)
            out.append(EventPhrase(_relation(m.group(1)), " ".join(words), onset=bool(m[3]),
                                   days=_counted_days(text[:m.start()], m.group(1))))
    for m in _from_each_start(_DAY_OF, text):
        if _FIRST_AFTER.match(text, m.start(2)):
            continue    # "the day of my first parkrun after the knee injury": the first one
            # after it (memory/first_after.py), not the first ever
        words = [w for w in m.group(2).lower().split() if w not in STOPWORDS]
        if _names_event(words):
            # ("the day of my first 14 km run": the earliest of them)
            out.append(EventPhrase(f"the {m.group(1).lower()} of", " ".join(words[:3]),
                                   onset=_FIRST_DONE.search(m.group(0)) is not None))
    for m in _UNIT_IN.finditer(text):  # "that week in Frankfurt": the week of the stay
        if m[2].lower() in places:
            out.append(EventPhrase(f"the {m[1].lower()} of", m[2].lower()))
    # "the Saturday of the storm": the storm's days (its Saturday, below)
    for m in _from_each_start(_WEEKDAY_OF, text):
        words = [w for w in _own_words(m.group(1)) if w not in STOPWORDS]
        if words and words[0] not in _NOT_EVENTS:
            out.append(EventPhrase("during", " ".join(words[:3])))
    for m in _from_each_start(_EACH_DAY_OF, text):
        words = [w for w in _own_words(m.group(1)) if w not in STOPWORDS]
        if words and words[0] not in _NOT_EVENTS:
            out.append(EventPhrase("during", " ".join(words[:3])))
    for m in _DAY_N_PLACE.finditer(text):  # "day 2 lisbon?", "frankfurt day 3": the stay's
        place, n = (m[2], m[1]) if m[1] else (m[3], m[4])   # second, third day
        if place.lower() in places | _DAYS_COUNTED:
            nth = _NTH.get(n.lower(), 0) or (1 if n.lower() == "one" else int(n))
            out.append(EventPhrase("during", place.lower(), onset=nth == 1,
                                   nth=0 if nth == 1 else nth))
    for m in _from_each_start(_FIRST_DAYS_OF, text):
        words = [w for w in _own_words(m.group(3)) if w not in STOPWORDS]
        if words and words[0] not in _NOT_EVENTS:
            out.append(EventPhrase("during", " ".join(words[:3]),
                                   days=count_of(m.group(1) or m.group(2))))
    for m in _EVENT_DAYS_1_TO.finditer(text):
        words = [w for w in m.group(1).lower().split() if w not in STOPWORDS]
        if words and words[0] not in _NOT_EVENTS:
            out.append(EventPhrase("during", " ".join(words), days=int(m.group(2))))
    for m in _from_each_start(_END_DAY_OF, text):
        words = [w for w in _own_words(m.group(3)) if w not in STOPWORDS]
        which = (m.group(1) or m.group(2)).lower()
        if words and words[0] not in _NOT_EVENTS:
            # (its last day is the last of its days, as "during" reads them: not "the day the
            # fever broke", the day a line says it ended)
            nth = -1 if which in ("last", "final", "closing") else int(which) \
                if which.isdigit() else _NTH.get(which, 0)
            out.append(EventPhrase("during", " ".join(words[:3]), onset=which in (
                "first", "opening"), nth=nth))
    for m in [*_from_each_start(_WHEN_I, text), *_WHEN_IT.finditer(text)]:
        if _RELATION_BEFORE.search(text, 0, m.start()):
            continue    # ("the week after the morning my knee went": read above, as after it)
        said = m.group(2).lower().split()   # ("...with influenza this autumn": influenza)
        said = said[:next((i for i, w in enumerate(said) if i and w in ("this", "last", "next")),
                          len(said))]
        words = [w for w in said if w not in STOPWORDS]
        if words == ["away"]:   # ("the days Tom and I were away": a trip, not a thing gone)
            words = ["trip"]
        # ("the sunday i first managed fourteen k along the river": the run, not the path)
        words = words[:next((i for i, w in enumerate(words) if i and w in _WHERE_WORDS),
                            len(words))]
        # ("the week i was away for work": read as "work trip", a thing of two words; "the
        # week I got sick": the illness, as "how long was I sick" reads it)
        if words and (words[0] not in _NOT_EVENTS or len(words) > 1 and all(
                w not in _NOT_EVENTS for w in words[1:]) or words[0] == "sick"):
            unit = m.group(1).lower()       # "the days I had the cold": while it lasted
            unit = "day" if unit.endswith("day") or unit in _PARTS_OF_DAY else unit
            verb = _verb(m.group(0), words)
            went = _WENT.match(m.group(2))
            if words and words[-1] not in ends() and went and (
                    went.group(2) or went.group(1).lower() in _PASSING):   # "...the fever went"
                words = [w for w in words if w != "away"] + ["gone"]
            end = len(words) > 1 and words[-1] in ends()   # "the day the fever broke"
            words = [w for w in words[:-1] if w not in _HOW_IT_ENDED] if end else words
            if _TO_NEW.search(m.group(0)):  # "the weekend I got the new trainers"
                words = [w for w in words if w not in ("new", "old")]
            # ("the day we got home from Lisbon": the stay's last day, not its first)
            end = end or _GOT_HOME_FROM.search(m.group(0)) is not None
            # ("the wednesday I was in Frankfurt", "the Tuesday I had the flu": a state's
            # days, its Wednesday read from them in memory/weekday_within.py, not its first
            # day; "the sunday I did my first 14k" is the day of what was done)
            lasted = m.group(1).lower() in WEEKDAYS and _STATE.search(m.group(0)) is not None
            out.append(EventPhrase("during" if unit == "days" or lasted
                                   else f"the {unit} of", " ".join(words[:3] + verb),
                                   not end and _ONSET.search(m.group(0)) is not None,
                                   bool(verb) and _CHANGE.match(verb[0]) is not None, end=end))
    for m in _DAYS_FOR.finditer(text):  # "the days Tom was bringing me soup for the cold"
        word = m[2].lower()
        if (word in _AILMENTS or "sick" in expand(word)) and not any(
                word in p.words.split() for p in out):
            out.append(EventPhrase("during" if m[1].lower() == "days"
                                   else f"the {m[1].lower()} of", word))
    for m in _NTH_TIME.finditer(text):  # "the second occasion on which my knee complained"
        words = [w for w in m[2].lower().split() if w not in STOPWORDS]
        if words and not any(words[0] in p.words.split() for p in out):
            out.append(EventPhrase("the day of", " ".join([*words, "flare"]),
                                   time=_NTH[m[1].lower()]))
    out += when_it_happened(text, _own_words, _NOT_EVENTS)   # "when the dog hurt his foot"
    out += weather_it_did(text, is_weather)                   # "the week it never stopped raining"
    out += when_bought(text)                                  # "when did i buy my new shoes"
    out += went_away(text, lambda w: "trip" in expand(w, 3),   # "when we went abroad"
                     lambda before: _TOLD_THEN.search(before) is not None)
    for m in _WHEN_HURT.finditer(text):  # "the wk biscuit hurt his paw": the dog's paw's week
        name = m[2].lower()
        if name not in STOPWORDS and not any(name in p.words.split() for p in out):
            out.append(EventPhrase(f"the {m[1].lower()} of", f"{name} {m[3].lower()}"))
    for m in _WHICH_DAY.finditer(text):  # "the treadmill 10k in the storm, which day was
        words = [w for w in _thing_words(m[1]) if not w[:1].isdigit()]  # that?": its day
        if words and not any(p.relation == "the day of" for p in out) \
                and not _RELATION.search(text, max(0, m.start() - 8), m.end(1)):  # (not "my
            # knee flared again after the half, what day was that": the flare after it)
            out.append(EventPhrase("the day of", " ".join(words[:3])))
    for m in _WHICH_DAY_WAS.finditer(text):  # "which day was my 18k n hw many steps": the
        words = _thing_words(m[1])  # day it happened
        if words and not any(p.relation == "the day of" for p in out) \
                and not any(w.endswith("est") or w in ("best", "worst") for w in words):
            out.append(EventPhrase("the day of", " ".join(words[:3])))
    for m in _PRE_POST.finditer(text):  # "post-race week", "the pre-holiday weekend"
        unit = "week" if m[3].lower().startswith("day") else m[3].lower()
        out.append(EventPhrase(f"the {unit} {'after' if m[1].lower() == 'post' else 'before'}",
                               m[2].lower()))
    for m in _AWAY_ON.finditer(text):  # "on holiday with Tom", "how did the trip go": its days
        word = (m[1] or m[2] or m[3]).lower()
        if word not in STOPWORDS and word not in _NOT_EVENTS and word not in _KINDS_OF_DAY \
                and _TRAINING.isdisjoint(expand(word)) \
                and not any(word in p.words.split() for p in out):  # (not "my run": today's)
            out.append(EventPhrase("during", word))
    for m in _OWN.finditer(text):
        own = m.group(1).lower().split()
        if own[0] in STOPWORDS or own[0] in _NOT_EVENTS:  # "the big race day": the race
            own = own[1:]
        elif len(own) > 1 and own[0] in CARDINALS and m.group(2).lower() == "days":
            own = own[1:]   # ("the three bunged-up days": the cold's days, all of them)
        # ("bunged-up", "laid-up": the state, as "bunged up" is read)
        own = [re.sub(r"-(?:up|out|down|off)$", "", w) for w in own]
        # "the head cold days": while it lasted; "the storm wk": its week ("the hill days",
        # "the tempo days": a kind of training, days that recur)
        unit = m.group(2).lower().replace("wk", "week")
        # "the rainy wk - total?": the week the weather named, not a kind of week ("a rainy
        # day", "rainy days": kinds)
        weather = unit == "week" and len(own) == 1 and own[0] in _WEATHER_WEEK \
            and re.search(r"\b(?:the|that)\s+" + own[0], m.group(0), re.IGNORECASE) is not None
        if own and (weather or not any(
                w in STOPWORDS or w in _NOT_EVENTS or w in _KINDS_OF_DAY
                or w in CARDINALS   # ("two weekend ago": a count of them, back from now)
                or unit == "days" and (w in _FEW or not _TRAINING.isdisjoint(expand(w)))
                for w in own)):
            # "the dreadmill day in the storm": the one treadmill day that was in the storm
            within = _WITHIN.match(text, m.end())
            if within and within.group(1).lower() not in STOPWORDS | _NOT_EVENTS:
                own = [*own, within.group(1).lower()]
            # ("the walking-only week Helen gave me": the one she gave, not a cold's short walks)
            if (giver := _GIVEN_BY.match(text, m.end())) is not None:
                own = [*own, giver.group(1).lower()]
            out.append(EventPhrase("during" if unit == "days" else f"the {unit} of",
                                   " ".join(own)))
    for m in _WHEN.finditer(text):
        word = m.group(2).lower()   # ("what did you tell me to do when I got flu": when said)
        if m.group(1).lower() != "when" and word not in _AILMENTS and "sick" not in expand(word):
            continue    # ("while I was poorly": its days; not "while I was resting up")
        if word not in STOPWORDS and word not in _MEANT \
                and not _TOLD_THEN.search(text, 0, m.start()) \
                and not _THE_DAY_THE.search(text, 0, m.start()) \
                and not any(a <= m.start() < b for a, b in read):  # ("when I was ill with
            out.append(EventPhrase("during", word))             # the cold": the cold's)
    for m in _I_WAS_ILL.finditer(text):  # "I had a cold last week, how low did my steps go?"
        # (told, not a time said by its relation: "since I had the flu" is read above; "I was
        # so unwell with that head cold": the cold)
        word = (m[1] or m[3] or m[2]).lower()
        if not _BEFORE_ILL.search(text, max(0, m.start() - 24), m.start()) and not any(
                word in p.words.split() or p.words in ("sick", "ill", "poorly", "unwell")
                for p in out):
            out.append(EventPhrase("during", word))
    lasted_steps: list[str] = []  # (how long it lasted, and its steps asked for after that)
    for m in _HOW_LONG.finditer(text):
        word = m.group(1).lower()
        if word not in STOPWORDS and not _SUPERLATIVE.match(word) and (
                word not in _NOT_EVENTS or word == "sick"):     # ("how long was I laid up")
            state = (m.group(2) or "").lower()
            out.append(EventPhrase(HOW_LONG, f"{word} {state}" if state else word))
            if (asks := _STEPS_AFTER.search(text, m.end())) and not _A_TIME_OF_IT.search(
                    text, asks.start()):  # (not "... and how many steps did i manage that week")
                lasted_steps.append(out[-1].words)
    # "my totals for the Lisbon trip": a place written by name is the days there.
    # "after lisbon", "home from portugal" (read as the place the user wrote): after it.
    named = {w for p in out for w in p.words.split()}
    for w in dict.fromkeys(re.findall(r"[a-z]+", text.lower())):
        if w in places and w not in named:
            said = re.search(r"\b(?:((?:" + _RELATIONS + r"))\s+(?:the\s+|my\s+)?"
                             r"|(?:home|back)\s+from\s+)" + w + r"\b", text, re.IGNORECASE)
            how = _relation(said.group(1) or "after") if said else "during"
            if said and not said.group(1) and re.search(
                    _WHEN_BACK + r"(?:the\s+|my\s+)?" + w + r"\b", text, re.IGNORECASE):
                # ("when we got back from Portugal, what did you tell me?": the day of it)
                out.append(EventPhrase("the day of", w, end=True))
                continue
            # ("the ten days after Frankfurt": that many, not every day since)
            out.append(EventPhrase(how, w, days=_counted_days(text[:said.start()], said.group(
                1)) if said and said.group(1) else 0))
    # "the week I hurt my leg and the week after": the same event, the relation alone.
    for m in _AND_THE.finditer(text):
        before = [p for p in out if p.relation not in (HOW_LONG,)]
        # ("that storm wk when the park flooded ... and the wk straight after": the week named,
        # not the clause that told of it)
        before = [p for p in before if p.relation == f"the {m.group(1).lower()} of"] or before
        if before:
            relation = f"the {m.group(1).lower()} {m.group(2).lower()}"
            if relation in ("the week after", "the week before") and \
                    before[0].relation == "the week of":   # the calendar week next to it
                relation += " the week of"
            # ("the day i came down with flu, and the day after": the day after that day, not
            # after the flu; "the day we got home from Lisbon, and the day after": its last)
            out.append(EventPhrase(relation, before[0].words, onset=before[0].relation ==
                                   "the day of" and not before[0].end))
    # "the week before the storm week": the calendar week before the storm's week (not the
    # seven days before the storm), and not the storm's week too
    for i, p in enumerate(out):
        if p.relation in ("the week before", "the week after") and re.search(
                rf"\b{p.relation[9:]}\s+(?:the\s+|my\s+|that\s+)?{re.escape(p.words)}\s+"
                r"(?:week|wk)\b", text, re.IGNORECASE):
            out[i] = replace(p, relation=f"{p.relation} the week of")
            if len(re.findall(rf"\b{re.escape(p.words)}\s+(?:week|wk)\b", text, re.I)) == 1:
                out = [o for o in out if not (o.relation == "the week of" and o.words == p.words)]
    for m in _BOTH_SIDES.finditer(text):
        second = f"the {m[3].lower()} {m[4].lower()}"
        side = next((p for p in out if p.relation == second), None)
        if side is not None:
            out.append(EventPhrase(f"the {m[1].lower()} {m[2].lower()}", side.words))
    backs = back_references(text, out)     # "the storm week and the week after it"
    # "After the flu, how did the first weekend after it go?": the stretch it names, not all
    # the days since
    out = [p for p in out if not (p.relation == "after" and any(
        b.words == p.words and b.relation.endswith(" after") for b in backs))] + backs
    # "I had that stinking cold. How many steps while it lasted?": the days of what was had
    if _IT_LASTED.search(text) and not any(p.relation == "during" for p in out):
        for m in [*_THAT_HAD.finditer(text), *re.finditer(r"\b" + _DID + _WORDS, text,
                                                             re.IGNORECASE)]:
            words = [w for w in _own_words(m.group(1)) if w not in STOPWORDS]
            if words and words[0] not in _NOT_EVENTS:
                out.append(EventPhrase("during", " ".join(words[:3])))
                break
    # "what did you tell me to do with that head cold, and how low did my steps go those three
    # days": the days of the illness named before them
    if not any(p.relation == "during" for p in out) and (
            those := _THOSE_DAYS.search(text)) is not None:
        illnesses = list(_ILLNESS_NAMED.finditer(text, 0, those.start()))
        if illnesses:
            out.append(EventPhrase("during", illnesses[-1][1].lower()))
    # "How long did the Frankfurt trip last, and how did my steps hold up while I was out
    # there?": its days too, when nothing else in the message names a time of it
    if lasted_steps and all(p.relation == HOW_LONG for p in out):
        out += [EventPhrase("during", words) for words in lasted_steps]
    # "how bad were my steps last week with the cold", "during last week's cold", "sick as a
    # dog": an illness named as a thing, its days (no relation said)
    if not out and (ill := _ILLNESS_MENTION.search(text)) is not None \
            and not _ASKS_WHEN.search(text) and _DATED_BESIDE.search(
                text, max(0, ill.start() - 30), ill.end() + 30) is not None:
        out.append(EventPhrase("during", (ill[1] or "sick").lower()))
    # "the day I used the hotel treadmill in Frankfurt": the place says where it was
    # ("since I got back from the fair in Frankfurt": the fair's, read as "fair frankfurt")
    out = [p for p in out if not (p.relation == "during" and p.words in places and any(
        re.search(r"\b" + re.escape(o.words.split()[-1]) + r"\s+(?:in|at)\s+" + p.words + r"\b",
                  text, re.IGNORECASE) or p.words in o.words.split()[1:]
        for o in out if o is not p))]
    # ("the week after Biscuit hurt his paw": the paw's, not a "biscuit hurt" of its own)
    out = [p for p in out if not (len(p.words.split()) == 2 and p.words.split()[1] in _HURT
                                  and any(o.relation == p.relation and o.onset and o is not p
                                          and o.words.split()[0] == p.words.split()[0]
                                          for o in out))]
    # ("the weekend in lisbon", "the weekend we were in lisbon": that weekend of the stay)
    out = [p for p in out if not (p.relation == "during" and p.words in places and any(
        o.relation == "the weekend of" and o.words == p.words for o in out))]
    # ("between the race and when the cold hit": the cold bounds the stretch, its days are
    # not asked for too)
    bounds = {p.words.split()[0] for p in out if p.relation in (BETWEEN_FIRST, BETWEEN_SECOND,
                                                                FROM_FIRST, TO_SECOND)}
    out = [p for p in out if p.relation not in ("during", "until")
           or p.words.split()[0] not in bounds]   # ("from the flu until the trip": its end)
    # ("our last day in Lisbon": that day, not every day of the stay, nor a "last" of its own)
    ends_of = {p.words for p in out if p.relation == "during" and (p.onset or p.end or p.nth)}
    out = [p for p in out if p.words not in _END_WORDS and not (
        p.relation == "during" and p.words in ends_of and not (p.onset or p.end or p.nth))]
    unique: list[EventPhrase] = []
    for phrase in out:  # "head cold" is searched as "cold": how the lines say it
        if phrase.relation == "during" and _A_GOAL.search(phrase.words):
            continue    # "during the 12k goal era": the goal's period (memory/goal_spans.py)
        if _NUMBER.match(phrase.words) and not _UNIT.match(phrase.words):
            continue    # "the week of the 20th": a date (memory/datewords.py); "28 minutes"
            # (a time or distance) is what was done
        phrase = replace(phrase, words=" ".join(read_phrases(phrase.words).split()))
        if phrase.words and phrase not in unique:
            unique.append(phrase)
    return tuple(unique)
