"""What a message is about, as a full-text query: its meaningful words, their synonyms, names.

Words that say *when* rather than *what*, and the commonest English words, are dropped (they
would match every chat ever had); a capitalised word inside a sentence is a name ("a run with
Will", "the Riverside loop") and is kept even when it looks like a common word. Each word
found in a group of the domain's synonyms (assets/recall_words.toml: data, not code) also
searches for the group's other words, a general word ("leg") for its narrower ones ("knee",
"calf"), a narrower word for its general one, and a word a listed phrase means for the phrase
as written ("pb": "personal best"). A distance is one word in every form ("14 kilometres",
"14km", "14k"). SQLite's porter tokenizer stems both sides, so "sneakers" finds "sneaker" and
"running" finds "run".

Every term is wrapped in double quotes (with quotes doubled, though none can remain once only
letters and digits survive), so operators, columns, `*`, `NEAR` and parentheses typed by the
user are searched for as words, never executed. Pure, apart from reading the word list once.
"""

from __future__ import annotations

import functools
import re

from coach_tui.memory.datewords import DAY_AND_MONTH_NAMES, MONTHS, WEEKDAYS
from coach_tui.memory.evaluative import without_feelings
from coach_tui.memory.textspeak import spelled_out  # noqa: F401  re-exported
from coach_tui.memory.wordlist import WORDS_FILE  # noqa: F401
from coach_tui.memory.wordlist import words_file as _words_file
from coach_tui.text import starting

MAX_QUERY_WORDS = 16
MAX_QUERY_TERMS = 34
MAX_SYNONYMS = 20          # per word: a long group costs search time and precision

STOPWORDS = frozenset(
    [
        "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
        "any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between",
        "both", "but", "by", "can", "could", "did", "do", "does", "doing", "done", "down",
        "during", "each", "few", "for", "from", "further", "get", "got", "had", "has", "have",
        "having", "he", "her", "here", "hers", "him", "his", "how", "i", "if", "in", "into", "is",
        "it", "its", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of",
        "off", "on", "once", "only", "or", "other", "our", "ours", "out", "over", "own", "same",
        "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them",
        "then", "there", "these", "they", "this", "those", "through", "to", "too", "under",
        "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while",
        "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "im",
        "mine", "itself", "himself", "herself", "ourselves",
        # (the particles a sentence ends on in Thai, Singlish and Filipino English: "how many
        # na", "can or not lah", "I forgot po"; Indonesian and Cantonese English: "did I manage
        # any sih", "how many steps I walked ar", "very far wor")
        "na", "ka", "krub", "lah", "leh", "lor", "po", "sih", "dong", "kok", "deh", "nih",
        "ar", "wor", "ga", "jor",
        "ive", "dont", "didnt", "cant", "wont", "isnt", "thats", "lets", "okay", "ok", "yes",
        # ("...wasnt it", "...didn't I": a question tagged on, no word of the matter)
        "wasnt", "wasn't", "didn't", "isn't", "innit", "arent", "aren't", "werent", "weren't",
        "doesnt", "doesn't", "hasnt", "hasn't", "havent", "haven't",
        # what is left of a negation cut at its apostrophe ("I didn't do too much": "didn")
        "didn", "couldn", "wouldn", "shouldn", "haven", "hasn", "hadn", "doesn", "isn", "don",
        "anymore",
        "aren", "weren", "couldnt", "wouldnt", "shouldnt", "hadnt",
        "yeah", "hey", "hi", "hello", "please", "thanks", "thank", "much", "many", "really",
        "still", "well", "today", "yesterday", "tomorrow", "tonight", "morning", "evening",
        "afternoon", "night", "day", "days", "week", "weeks", "month", "months", "year", "years",
        "last", "next", "ago", "since", "tell", "know", "think", "want", "like", "feel", "make",
        "going", "went", "step", "steps", "remind", "remember", "said", "say", "told", "mention",
        "mentioned", "talk", "talked", "again", "back", "around", "early", "late", "mid",
        "weekend", "weekends", "time", "times", "thing", "things", "something", "anything",
        "ever", "first", "best", "worst", "whole", "total", "compare", "compared", "versus",
        "coach", "good", "bad", "did", "doing", "was", "wasn", "ll", "us", "let",
        "start", "started", "starting", "began", "begin", "happen", "happened", "himself",
        "herself", "themselves", "exactly", "precisely", "whenever", "overall", "manage",
        "managed", "actually",
        "quite", "bit", "lot", "lots", "kind", "sort", "way", "ones", "one", "say", "says",
        "anyway", "maybe", "probably", "playing", "usual", "usually", "often", "ever",
        "end", "beginning", "ended", "ending", "come", "came", "go", "goes",
        "whats", "hows", "wheres", "whens", "whos", "theres", "heres", "youre", "ur",
        # chat filler: tags, laughter, hedges
        "lol", "haha", "omg", "right", "exact", "see", "stuff", "guess",
        "pretty", "kinda", "sorta", "gonna", "wanna", "literally", "basically", "honestly",
        "idk", "tbh", "btw", "telling",
        # courtesy around a question ("could you kindly remind me", "excuse me", "I would like
        # to confirm", "I was wondering"), no word of its matter
        "kindly", "excuse", "greetings", "grateful", "apologies", "wondering", "confirm",
        "curious", "roughly", "approximately", "ballpark", "cheers", "forgotten", "forgot",
        # an amount said loosely ("heaps of walking", "loads of hills"): how much, not what
        "heaps",
        # how the coach's word is asked after, not what it was about
        "reckon", "reckoned", "suggest", "suggested",
        # weekday and month abbreviations: when, not what
        "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "jan", "feb",
        "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ]
) | frozenset(WEEKDAYS) | frozenset(f"{d}s" for d in WEEKDAYS) | frozenset(MONTHS)


@functools.cache
def place_words() -> frozenset[str]:
    """The countries and cities of the word list's [places]."""
    places: dict[str, list[str]] = _words_file().get("places", {})
    return frozenset(places) | frozenset(w for cities in places.values() for w in cities)


@functools.cache
def _phrase_table() -> dict[str, str]:
    """{each phrase of the word list, its words lower case and single-spaced: the word it
    means}."""
    return {" ".join(k.lower().split()): v for k, v in _words_file().get("phrases", {}).items()}


@functools.lru_cache(maxsize=1_024)
def _phrase_pattern(phrase: str) -> re.Pattern:
    """`phrase` (lower case, single-spaced) as a pattern: whole words, any spacing and case."""
    return re.compile(r"\b" + r"\s+".join(map(re.escape, phrase.split())) + r"\b",
                      re.IGNORECASE)


def _phrases_in(text: str) -> list[str]:
    """The phrases of the word list that `text` may hold (every word of the phrase is in it),
    the longest first: one pattern of all of them costs more than the rest of recall's
    reading, so each is looked for only when it may be there."""
    low = text.lower()
    return sorted((k for longest, words, k in _phrase_words()
                   if longest in low and all(w in low for w in words)), key=lambda k: -len(k))


@functools.cache
def _phrase_words() -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """(the longest word, the words, the phrase) of each phrase of the word list."""
    return tuple((max(k.split(), key=len), tuple(k.split()), k) for k in _phrase_table())


_MILER = re.compile(starting(r"\d") +
                    r"\b(\d+(?:\.\d+)?)[\s-]?milers?\b", re.IGNORECASE)
def _miles(n: str, table: dict[str, str]) -> str | None:
    """"a 26-miler", "the 13.1 miler": the race of that many miles the word list knows."""
    return next((p for p in (n, f"{n} miles") if p in table), None)


# ("the 21-kilometre event", "a 16-km run": a hyphen between)
_DISTANCE_WRITTEN = re.compile(starting(r"\d") +
                               r"\b(\d+)(?:\s*|-)(?:k|kms?|kilomet(?:re|er)s?)\b", re.IGNORECASE)
# "the 6 x 800 metres one", "400m repeats": a track distance (not "25m", minutes)
_METRES_WRITTEN = re.compile(starting(r"123456789") +
                             r"\b([1-9]\d{2,3})\s*(?:m|metres?|meters?)\b(?!\s*(?:steps|k\b))",
                             re.IGNORECASE)
_METRES = re.compile(r"([1-9]\d{2,3})m")


# "got my knee looked at", "had the ankle checked out": the body part examined
_LOOKED_AT = re.compile(starting(r"gh") +
                        r"\b((?:got|get|gets|getting|had|have|having)\s+(?:my|the|his|her|their"
                        r"|our)\s+[a-z]+)\s+(?:looked\s+at|checked(?:\s+out|\s+over)?|seen\s+to)\b",
                        re.IGNORECASE)


@functools.cache
def _body_words() -> frozenset[str]:
    """Every word of the groups under "body" in the word list (knee, calf, back, ...)."""
    table = _words_file()
    broader: dict[str, list[str]] = table.get("broader", {})
    heads, seen = ["body"], set()
    while heads:
        head = heads.pop()
        if head not in seen:
            seen.add(head)
            heads += broader.get(head, [])
    return frozenset(w for h in seen for w in [h, *table["synonyms"].get(h, [])])


def _is_body(word: str) -> bool:
    return word.lower() in _body_words() or base_form(word.lower()) in _body_words()


# "when my old trainers were completely knackered", "my dead old trainers": worn, said of shoes
# (of a person, "worn out" and "knackered" are tired)
_WORN_STATE = (r"(?:worn[\s-]+out|knackered|dead|cooked|falling\s+apart|shot|flat|tatty|wrecked"
               r"|trashed|done\s+for|died)")
_HOW_WORN = (r"((?:\s+(?:were|was|are|is|had|have|got|went|all|completely|totally|really|properly"
             r"|so|pretty|utterly|just|now|finally|looking|a\s+bit)){0,4}\s+)")


@functools.cache
def _shoe_states() -> tuple[re.Pattern, re.Pattern]:
    """The shoe's state said after it ("trainers were knackered") and before it ("my dead
    old trainers"), the shoe by any word of the word list's shoe group."""
    shoes = "|".join(sorted({w for w in synonym_groups().get("shoe", ())}
                            | {f"{w}s" for w in synonym_groups().get("shoe", ())}, key=len,
                           reverse=True))
    return (re.compile(r"\b(" + shoes + r")" + _HOW_WORN + _WORN_STATE + r"\b", re.IGNORECASE),
            re.compile(r"\b" + _WORN_STATE + r"((?:\s+old)?\s+(?:" + shoes + r"))\b",
                       re.IGNORECASE))


# "what did the specialist call it?", "what name did she give it", "the proper name for my leg
# trouble": the diagnosis asked for (not "call it a day", "call it quits")
_NAMED_IT = re.compile(starting(r"cmnprw") +
                       r"\b(?:call|called|calls|name|named)\s+it\b(?!\s+(?:a\s+day|quits|off|"
                       r"even)\b)|\bwhat\s+name\b|\b(?:proper\s+|medical\s+|real\s+)?"
                       # (the word list reads "official name" as "diagnosed")
                       r"(?<!official\s)name\s+(?:for|of)\s+(?=(?:the|my|that|this)\b)",
                       re.IGNORECASE)


@functools.cache
def _health_words() -> frozenset[str]:
    """The body's words and those of the word list's groups of hurt, illness and the people
    who treat them (knee, pain, injury, flu, physio, specialist, ...)."""
    groups = _words_file()["synonyms"]
    return _body_words() | frozenset(w for g in ("pain", "injury", "sick", "flu", "cold",
                                                 "doctor", "physio") for w in groups.get(g, []))


def _of_health(text: str) -> bool:
    """Whether `text` names a part of the body, a hurt, an illness or who treats them."""
    return any(w in _health_words() or base_form(w) in _health_words()
               for w in re.findall(r"[a-z]+", text.lower()))


@functools.lru_cache(maxsize=4_096)
def read_phrases(text: str) -> str:
    """`text` with the phrases of the word list replaced by the word they mean, and a
    distance written out ("14 kilometres", "14 km") as one word ("14k")."""
    table = _phrase_table()
    after, before = _shoe_states()
    text = before.sub(r"worn\1", after.sub(r"\1\2worn", text))
    if _NAMED_IT.search(text) and _of_health(text):  # (not "what name did she give her dog")
        text = _NAMED_IT.sub(lambda m: "diagnosis of " if m[0].lower().rstrip().endswith(
            ("for", "of")) else "what diagnosis" if m[0].lower().startswith("what") else
            "diagnosed it", text)
    text = _LOOKED_AT.sub(lambda m: f"{m.group(1)} examined" if _is_body(m.group(1).split()[-1])
                          else m.group(0), text)
    text = _MILER.sub(lambda m: _miles(m.group(1), table) or m.group(0), text)
    for phrase in _phrases_in(text):
        text = _phrase_pattern(phrase).sub(table[phrase], text)
    return _METRES_WRITTEN.sub(r"\1m", _DISTANCE_WRITTEN.sub(r"\1k", text))


@functools.cache
def synonym_groups() -> dict[str, tuple[str, ...]]:
    """Each listed word (and its base form) -> every word it searches for, itself first: its
    groups' words, then the general words over them, then the narrower words under them (the
    first of each narrower group first), in the word list's order (see recall_words.toml)."""
    table = _words_file()
    groups: dict[str, list[str]] = {k: list(v) for k, v in table["synonyms"].items()}
    broader: dict[str, list[str]] = table.get("broader", {})
    for head in broader:                       # a general word with no group of its own
        groups.setdefault(head, [head])
    parents: dict[str, list[str]] = {}
    for head, narrower in broader.items():
        for name in narrower:
            parents.setdefault(name, []).append(head)
    spelled: dict[str, list[str]] = {}
    for phrase, meaning in table.get("phrases", {}).items():
        # "heavy legs" (meaning "tired legs": a word, then one of the phrase's own) is
        # searched for with "tired".
        head, *rest = meaning.split()
        if re.fullmatch(r"[a-z' -]+", phrase) and (
                not rest or (len(rest) == 1 and rest[0] in phrase.split() and meaning != phrase)):
            spelled.setdefault(head, []).append(phrase.replace("-", " ").replace("'", " "))
    member_of: dict[str, list[str]] = {}
    for name, words in groups.items():
        for word in words:
            member_of.setdefault(word, []).append(name)
    out: dict[str, tuple[str, ...]] = {}
    for word, names in member_of.items():
        # The word's groups, the groups over them and the head of each group under them come
        # first; then the phrases meaning a word of its own groups ("personal best" in a
        # journal line, for "pb"), then the next words of the groups under it: a group's
        # phrases and rarer words never push "flu" out of what "ill" searches for.
        own = [w for name in names for w in groups[name]]
        above = [w for name in names for head in parents.get(name, ())
                 for w in groups.get(head, [head])]
        below = [groups.get(child, [child]) for name in names for child in broader.get(name, ())]
        found: list[str] = [word, *own, *above, *(b[0] for b in below)]
        found += [phrase for w in (word, *own) for phrase in spelled.get(w, ())]
        for depth in range(1, max((len(b) for b in below), default=0)):
            found += [b[depth] for b in below if depth < len(b)]
        unique = tuple(dict.fromkeys(found))
        out.setdefault(word, unique)
        out.setdefault(base_form(word), unique)
    return out


@functools.cache
def _general() -> dict[str, frozenset[str]]:
    """Each listed word (and its base form) -> the words of its general words' groups that
    are not in its own groups ("knee": "leg", "limb"): a looser sign than a synonym."""
    table = _words_file()
    groups: dict[str, list[str]] = {k: list(v) for k, v in table["synonyms"].items()}
    own: dict[str, set[str]] = {}
    for words in groups.values():
        for word in words:
            own.setdefault(word, set()).update(words)
    out: dict[str, set[str]] = {}
    for head, narrower in table.get("broader", {}).items():
        above = set(groups.get(head, [head]))
        for child in narrower:
            for word in groups.get(child, [child]):
                out.setdefault(word, set()).update(above - own.get(word, {word}))
    frozen = {w: frozenset(v) for w, v in out.items()}
    frozen.update({base_form(w): v for w, v in frozen.items() if base_form(w) not in frozen})
    return frozen


@functools.cache
def weak_words() -> frozenset[str]:
    """Words that tell which of two things, not what they are ("old", "new"): the word list's
    [weak] words, each also in its base form."""
    words = _words_file().get("weak", {}).get("words", [])
    return frozenset([*words, *map(base_form, words)])


def general_words(word: str) -> frozenset[str]:
    """The words `word` searches for only because they are more general than it ("leg" for
    "knee", "session" for "treadmill"): a match on one of them is a weaker sign."""
    table = _general()
    return table.get(word) or table.get(base_form(word)) or frozenset()


_TEXT_WORD = re.compile(r"[^\W_]+")


@functools.lru_cache(maxsize=4_096)
def text_bases(text: str) -> frozenset[str]:
    """The base forms of the words of `text`. The same memories come back message after
    message, and ranking and the exchange excerpts both read them: read once."""
    return frozenset(base_form(w) for w in _TEXT_WORD.findall(text.lower()))


@functools.lru_cache(maxsize=65_536)
def base_form(word: str) -> str:
    """A crude stem, close to the index's porter stems: "aching" and "ache" -> "ach",
    "sneakers" -> "sneaker". For comparing words here; the index stems for itself."""
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", ""),
                         ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: len(word) - len(suffix)] + keep
            if suffix in ("ing", "ed") and word[-1] == word[-2] and word[-1] not in "lsz" \
                    and word[-1].isalpha() and word[-1] not in "aeiou":
                word = word[:-1]              # "running" -> "run", "jogged" -> "jog"
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def message_words(text: str) -> list[str]:
    """The words of `text` worth searching for, lower case, first occurrence order."""
    # Recall reads the same message (and each of its clauses) several times: read once.
    return list(_message_words(text))


@functools.lru_cache(maxsize=64)
def _message_words(text: str) -> tuple[str, ...]:
    """`message_words`, cached."""
    seen: list[str] = []
    text = without_feelings(read_phrases(text))   # ("that stinking cold": the cold)
    shouted = len(_CAPITALS.findall(text)) >= SHOUTED
    for m in re.finditer(r"[^\W_]+", text):
        raw = m.group(0)
        token = raw.lower()
        if len(token) < 2 or token.isdigit() or token in seen:
            continue
        # A two-letter word is kept when the word list knows it ("pb", "gp", "hr").
        common = token in STOPWORDS or (len(token) < 3 and not is_distance(token)
                                        and token not in synonym_groups())
        # (a day's or month's name, whole or cut short, is when: "I did mine on Nov 1")
        if common and (not _is_name(text, m.start(), raw, shouted) or token in DAY_AND_MONTH_NAMES
                       or token.removesuffix("s") in WEEKDAYS):
            continue
        seen.append(token)
    if len(seen) <= MAX_QUERY_WORDS:
        return tuple(seen)
    # A long message (a story, then the question): the words of what it asks with "?" first,
    # then the story's, in the order written
    asked = {m.group(0).lower() for q in _QUESTION.findall(text)
             for m in re.finditer(r"[^\W_]+", q)}
    first = [w for w in seen if w in asked][:MAX_QUERY_WORDS]
    kept = set(first) | set([w for w in seen if w not in asked][:MAX_QUERY_WORDS - len(first)])
    return tuple(w for w in seen if w in kept)


# A sentence asked with "?". (It starts after a sentence's end or at the text's start: the
# search no longer runs a long sentence to its end from each of its letters in turn.)
_QUESTION = re.compile(r"(?<![^.!?\n])[^.!?\n]*\?")


_NEGATED = re.compile(starting(r"abenor") +
                      r"\b(?:not|except|apart\s+from|other\s+than|rather\s+than|besides)"
                      r"\s+(?:the|my|those|these)\s+([^\W\d_]+)", re.IGNORECASE)


def negated_words(text: str) -> list[str]:
    """The words `text` sets aside ("when was I properly ill, not the sniffles one", "other
    than the knee"): memories holding them are not what it asks about."""
    return [w for m in _NEGATED.finditer(text) for w in message_words(m.group(1))]


_CAPITALS = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                       r"\b[A-Z]{2,}\b")
SHOUTED = 3  # words in capitals that make a message shouted ("US" alone may be a name)


def _is_name(text: str, at: int, raw: str, shouted: bool = False) -> bool:
    """A capitalised word that does not start a sentence (and is not "I"); in a message typed
    in capitals ("WHAT WAS MY CHIP TIME": `shouted`), not a word in capitals."""
    if not raw[:1].isupper() or raw == "I" or (shouted and len(raw) > 1 and raw.isupper()):
        return False
    before = text[:at].rstrip()
    return bool(before) and before[-1] not in ".!?\n"


_DISTANCE = re.compile(starting(r"\d") +
                       r"(\d+)k(?:m|ms)?")


def is_distance(word: str) -> bool:
    """"18k", "18km": a distance (or a count in thousands), all of whose forms are the word."""
    return _DISTANCE.fullmatch(word) is not None or _METRES.fullmatch(word) is not None


@functools.lru_cache(maxsize=1_024)
def is_weather(word: str) -> bool:
    """"raining", "snowed", "roasting": a word of the weather (its group is under "weather")."""
    weather = set(synonym_groups().get("weather", ()))
    return word != "weather" and bool(weather.intersection(expand(word, 4)[1:] or (word,)))


@functools.lru_cache(maxsize=4_096)
def expand(word: str, limit: int = MAX_SYNONYMS) -> tuple[str, ...]:
    """`word` and its synonyms, at most `limit` (a search term costs time; a word held in a
    text costs nothing, so ranking reads the whole family); "18k" (or "18km") also as "18 km"
    and "18 000" (18,000), and a distance of the word list ("5k") its own group too
    ("parkrun")."""
    groups = synonym_groups()
    m = _DISTANCE.fullmatch(word)
    if m is not None:  # a listed distance ("5k": parkrun) also searches for its own group
        n = m.group(1)
        own = [w for g in _words_file()["synonyms"].values() if f"{n}k" in g for w in g]
        return tuple(dict.fromkeys((word, f"{n}k", f"{n} km", f"{n} 000", *own)))[:limit]
    if (metres := _METRES.fullmatch(word)) is not None:  # "800m": "800 m", "800 metres"
        n = metres.group(1)
        return (word, f"{n} m", f"{n} metres", f"{n} meters")[:limit]
    for key in (word, base_form(word)):
        if key in groups:
            return (word, *(w for w in groups[key] if w != word))[:limit]
    for key in _derived(word):  # "starchy": starch, "stiffly": stiff
        if key in groups:
            return (word, key, *(w for w in groups[key] if w != key))[:limit]
    return (word,)


def _derived(word: str) -> list[str]:
    """The words an adjective or adverb the word list lacks is made from: "starchy" from
    "starch", "snowy" from "snow", "achy" from "ache", "stiffly" from "stiff"."""
    if word.endswith("ly") and len(word) > 5:
        return [word[:-2]]
    if not word.endswith("y") or len(word) < 5:
        return []
    stem = word[:-1]
    return [stem, stem + "e", *([stem[:-1]] if stem[-1] == stem[-2] else [])]


def query_terms(words: list[str], aliases: dict[str, tuple[str, ...]] | None = None
                ) -> list[str]:
    """Every term to search for, at most `MAX_QUERY_TERMS`, no repeats: each of `words`, then
    each one's names (`aliases`, memory/names.py) and first synonym, then each one's next
    synonym, and so on, so the last word of a long message is searched for as surely as the
    first."""
    return list(_query_terms(tuple((w, (aliases or {}).get(w, ())) for w in words)))


@functools.lru_cache(maxsize=1_024)
def _query_terms(words: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[str, ...]:
    """`query_terms` of (each word, its aliases): a message asks for its terms several times."""
    families = [(word, *also, *expand(word)[1:]) for word, also in words]
    terms: list[str] = []
    bases: set[str] = set()
    for depth in range(max((len(f) for f in families), default=0)):
        for family in families:
            term = family[depth] if depth < len(family) else None
            if term is not None and base_form(term) not in bases:  # "sneakers", "sneaker": one
                bases.add(base_form(term))
                terms.append(term)
                if len(terms) == MAX_QUERY_TERMS:
                    return tuple(terms)
    return tuple(terms)


def fts_query(text: str) -> str | None:
    """An FTS5 query matching any meaningful word of `text` or a synonym, each quoted."""
    return terms_query(message_words(text))


def terms_query(words: list[str], aliases: dict[str, tuple[str, ...]] | None = None
                ) -> str | None:
    """An FTS5 query matching any of `words`, a synonym or an alias, each quoted; None if
    none."""
    terms = query_terms(words, aliases)
    if not terms:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)


_MONTHS_WRITTEN = (r"(january|february|march|april|june|july|august|september|october|november"
                   r"|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)")
# "what did you say I should do in December", "in dec", "the december plan you gave me"
# ("what did you say december should look like": a month still to come, as a plan's topic)
_TOPIC_MONTH = re.compile(starting(r"adfijmnosty") +
                          r"\b(?:(?:about|in|for)\s+" + _MONTHS_WRITTEN + r"\b(?!\s*\d)|"
                          r"(?:the|my|your|that)\s+" + _MONTHS_WRITTEN + r"\s+(?:plan|schedule|"
                          r"programme|program|block|training)|" + _MONTHS_WRITTEN
                          + r"\s+(?:should|ought\s+to|needs?\s+to)\s+(?:look|be|go)\b)",
                          re.IGNORECASE)
_FULL_MONTH = {name[:3]: name for name in MONTHS}


def topic_months(text: str) -> list[str]:
    """The months a message asks the coach about as a topic ("what did you say I should do in
    December", "the december plan you gave me"), lower case and in full: asked of what the
    coach said, the month is a word to search for."""
    return [_FULL_MONTH[next(g for g in m.groups() if g).lower()[:3]]
            for m in _TOPIC_MONTH.finditer(text)]
