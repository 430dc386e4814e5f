"""A message typed in Hinglish (Hindi in Latin letters beside English: "race se pehle wale
hafte mein kitne steps the?") put in English word order, so every reader of the message
(dates, events, the kind of memory asked for) reads "in the week before the race how many
steps?". Hindi puts its postpositions after the words they govern ("race se pehle": the race,
before it; "28th ko": on the 28th); each is moved in front of them. Its words ("hafte",
"kitne", "bukhar") are the word list's [textspeak], read after this (memory/textspeak.py)."""

from __future__ import annotations

import re

from coach_tui.memory.datewords import MONTHS
from coach_tui.text import starting

# A postposition or a phrase built on one, after the words it governs, and the English put in
# front of them ("{}" is where those words go), longest first.
_AFTER_WORDS = (
    # "race se pehle wale hafte", "race ke pehle ka hafta": the week before the race
    (r"(?:se|ke)\s+pehle\s+(?:wale|wala|wali|ka|ki|ke)\s+(?:hafte|hafta|week)",
     "the week before {}"),
    (r"ke\s+baad\s+(?:wale|wala|wali|ka|ki|ke)\s+(?:hafte|hafta|week)", "the week after {}"),
    (r"(?:se|ke)\s+pehle\s+(?:wale|wala|wali|ka|ki|ke)\s+din|se\s+ek\s+din\s+pehle",
     "the day before {}"),
    (r"(?:ke|se)\s+agle\s+din|ke\s+baad\s+(?:wale|wala|wali|ka|ki|ke)\s+din", "the day after {}"),
    # "lisbon trip se aane ke baad se": since coming back from it
    (r"(?:se\s+(?:wapas\s+)?(?:aane|lautne)\s+)?ke\s+baad\s+se", "since {}"),
    (r"se\s+(?:wapas\s+)?(?:aane|lautne)\s+ke\s+baad|se\s+(?:wapas\s+)?(?:aake|lautke)",
     "after {}"),
    # "frankfurt jaane se pehle": before going, before the trip
    (r"(?:jaane\s+)?(?:se|ke)\s+pehle", "before {}"),
    (r"ke\s+baad", "after {}"),
    (r"ke\s+baare\s+(?:mein|mai|me)", "about {}"),
    (r"ke\s+(?:saath|sath)", "with {}"),
    (r"ke\s+(?:dauraan|dauran)", "during {}"),
    # "dog ke pair": the dog's feet ("pair" alone is an English word)
    (r"ke\s+(?:pair|pairon|paon|paanv|panja|panje)", "{}'s foot"),
    # "storm ingrid wale hafte", "taper wala week": the week of it
    (r"(?:wale|wala|wali)\s+(?:hafte|hafta|week)", "the {} week"),
    # "cold wale teen din", "bukhar wale dinon": those days
    (r"(?:wale|wala|wali)\s+(?:(?:teen|do|char|paanch|\d)\s+)?(?:dinon|din)", "the {} days"),
)
# Where the governed words stop, reading back from the postposition: a mark, or a word that
# is no part of a name for a thing ("jab", "kitne", "what", "my" is kept)
_NOT_GOVERNED = frozenset({"aur", "jab", "toh", "to", "bhi", "kya", "kitne", "kitna", "kitni",
    "kab", "kaise", "mein", "mai", "me", "ki", "ka", "ke", "ko", "se", "tha", "thi", "the", "hua",
    "hui", "hue", "wale", "wala", "wali", "yeh", "ye", "woh", "wo", "jo", "na", "hi", "ab", "us",
    "is", "what", "when", "how", "which", "did", "was", "were", "and", "or", "in", "on", "at",
    "of", "for", "i", "you", "tumne", "maine", "hum", "humne", "mera", "meri", "mere", "apne",
    "apni", "apna", "pehle", "baad", "baare", "saath", "sath", "agle", "liye", "tak"})
_DETERMINERS = frozenset({"my", "the", "that", "this", "our", "mera", "meri", "mere", "apne",
                          "apni", "apna"})
_WORD = re.compile(r"[\w'’/-]+")
_CUES = re.compile(starting(r"aijkmstuw") +
                   r"\b(?:se|ke|ko|wale|wala|wali|mein|jab|tumne|aapne|tune|mujhe|uske|iske)\b",
                   re.IGNORECASE)
_POSTPOSITIONS = [(re.compile(starting(r"skjw") + r"(?<=\s)(?:" + p + r")\b", re.IGNORECASE), e)
                  for p, e in _AFTER_WORDS]
_IN = re.compile(r"\s+(?:mein|mai|me)\b", re.IGNORECASE)  # "in", after what it is in
_MONTH_WORDS = "|".join(sorted({*MONTHS, *(m[:3] for m in MONTHS), "sept"}, key=len,
                               reverse=True))
# "28th ko", "18/11 ko": on that day
_DAY_KO = re.compile(starting(r"\d") +
                     r"\b(\d{1,2}(?:st|nd|rd|th)|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?)\s+ko\b",
                     re.IGNORECASE)
# "august end mein", "sept end tak", "oct start": the end or start of the month (said in
# Indian English too: "by August end")
_MONTH_END = re.compile(starting(r"adfjmnos") +
                        r"\b(" + _MONTH_WORDS + r")\.?\s+(end|start|beginning)\b"
                        r"(\s+(?:mein|mai|me|tak|ko)\b)?", re.IGNORECASE)
# "jab tak": while; "jab se": since; "jab" opening a clause: when
_JAB = re.compile(starting(r"j", or_line_start=True) +
                  r"\bjab\s+(tak|se)\b|(?:^|(?<=[.,;!?(]\s)|(?<=^\s)|(?<=\baur\s)|(?<=\bki\s))jab\b",
                  re.IGNORECASE | re.MULTILINE)
# "tumne kya bola tha": what did you say; "vet ne kya bola tha": what did the vet say
_SAID = re.compile(starting(r"\w'\-") +
                   r"\b(?:(tumne|aapne|apne|tune)|([\w'-]+)\s+ne)\s+kya\s+"
                   r"(bola|kaha|bataya|suggest\s+kiya|advise\s+kiya)(?:\s+(?:tha|thi))?\b",
                   re.IGNORECASE)
# ("tumne chat mein kya bataya tha", "kya bola tha tumne": the same, its words apart)
_YOU_SAID = re.compile(starting(r"akt") +
                       r"\b(?:(?:tumne|aapne|tune)\b([^.?!,;]{0,40}?)\bkya\s+(bola|kaha|bataya)"
                       r"(?:\s+(?:tha|thi))?|kya\s+(bola|kaha|bataya)(?:\s+(?:tha|thi))?\s+"
                       r"(?:tumne|aapne|tune))\b", re.IGNORECASE)
# "uske baad wale sunday", "iske pehle wala hafta": the Sunday after that, the week before this
_THAT_ONE = re.compile(starting(r"iu") +
                       r"\b(u|i)ske\s+(baad|pehle)\s+(?:wale|wala|wali)\s+([\w-]+)",
                       re.IGNORECASE)
# "jab mujhe september end mein bukhar tha": when I had the fever at the end of September
_TO_ME = re.compile(starting(r"m") +
                    r"\bmujhe\s+((?:[^.?!,;]{0,40}?\s)?)(bukhar|bukhaar|zukaam|jukaam|zukam|jukam"
                    r"|khansi|flu|cold|fever)\s+(?:tha|thi|hua\s+tha|ho\s+gaya\s+tha)\b",
                    re.IGNORECASE)
# "tumne koi rule bataya tha": you told me a rule
_YOU_TOLD = re.compile(starting(r"at") +
                       r"\b(?:tumne|aapne|tune)\s+([^.?!,;]{1,40}?)\s+(bataya|bola|kaha)"
                       r"(?:\s+(?:tha|thi))?\b", re.IGNORECASE)
# "jab flu hua tha": when I had the flu
_HAD_IT = re.compile(starting(r"w") +
                     r"\b(when|while)\s+((?:[\w'-]+\s+){0,1}[\w'-]+)\s+(?:hua|hui|hue|huye)"
                     r"(?:\s+(?:tha|thi|the))?\b", re.IGNORECASE)
# "jab tak target 12k tha": while the target was 12k
_WAS = re.compile(starting(r"w") +
                  r"\b(when|while)\s+(?:the\s+)?(target|goal|step\s+goal)\s+([\w,.]+)\s+"
                  r"(?:tha|thi)\b", re.IGNORECASE)


def in_english(text: str) -> str:
    """`text` with its Hindi postpositions put before the words they govern ("race se pehle
    wale hafte": the week before the race), its dates said with "ko" as "on", and its "jab"
    clauses as "when"; unchanged when it has none. (Its one caller, `spelled_out`, keeps what
    it read per message.)"""
    if not _CUES.search(text):
        return text
    text = _MONTH_END.sub(lambda m: f"{'at ' if m.group(3) else ''}the {_edge(m.group(2))} "
                          f"of {m.group(1)}", text)
    text = _DAY_KO.sub(lambda m: f"on the {m.group(1)}" if m.group(1)[-1].isalpha()
                       else f"on {m.group(1)}", text)
    text = _THAT_ONE.sub(lambda m: f"the {m.group(3)} "
                         f"{'after' if m.group(2).lower() == 'baad' else 'before'} "
                         f"{'that' if m.group(1).lower() == 'u' else 'this'}", text)
    text = _TO_ME.sub(lambda m: f"I had the {m.group(2)}" + (
        f" {m.group(1).strip()}" if m.group(1).strip() else ""), text)
    text = _moved(text)
    text = _YOU_SAID.sub(_you_said, text)
    text = _SAID.sub(_said, text)
    text = _YOU_TOLD.sub(lambda m: f"you {'told me' if m.group(2).lower() == 'bataya' else 'said'}"
                         f" {m.group(1)}", text)
    text = _JAB.sub(lambda m: {"tak": "while", "se": "since"}.get(
        (m.group(1) or "").lower(), "when"), text)
    text = _WAS.sub(lambda m: f"{m.group(1)} the {m.group(2)} was {m.group(3)}", text)
    return _HAD_IT.sub(lambda m: f"{m.group(1)} I had the {m.group(2)}", text)


def _you_said(m: re.Match) -> str:
    verb = "tell me" if (m.group(2) or m.group(3)).lower() == "bataya" else "say"
    lead = (m.group(1) or "").strip()
    return f"{lead} what did you {verb}" if lead else f"what did you {verb}"


def _said(m: re.Match) -> str:
    verb = "tell me" if m.group(3).lower() == "bataya" else "say"
    if m.group(1):
        return f"what did you {verb}"
    who = m.group(2)
    return f"what did the {who.lower()} {verb}" if who[0].islower() or _opens(
        m.string, m.start()) else f"what did {who} {verb}"


def _opens(text: str, at: int) -> bool:
    """Whether `at` is where `text` or one of its sentences starts."""
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?"


def _edge(word: str) -> str:
    return "end" if word.lower() == "end" else "start"


def _moved(text: str) -> str:
    """`text` read left to right: at each postposition, the words it governs (up to three
    before it, in its clause, after the last one moved) put after its English ("race se
    pehle": before the race); a "mein" right after it becomes an "in" before. A phrase moved
    right before the words of the next is what those words are of ("half se pehle carb
    loading ke baare mein": about the carb loading before the half)."""
    out: list[str] = []
    last = 0
    moved = False   # whether out's last piece is a phrase moved, ending at `last`
    while (m := _next(text, last)) is not None:
        match, english = m
        governed: list[re.Match] = []
        for w in reversed(list(_WORD.finditer(text, last, match.start()))):
            gap = text[w.end():governed[0].start() if governed else match.start()]
            if len(governed) == 3 or gap.strip() or w.group(0).lower() in _NOT_GOVERNED \
                    and w.group(0).lower() not in _DETERMINERS:
                break
            governed.insert(0, w)
        if not governed:
            out.append(text[last:match.end()])
            last, moved = match.end(), False
            continue
        start = governed[0].start()
        noun = text[start:governed[-1].end()]
        first = noun.split()[0]
        if first.lower() not in _DETERMINERS and not first[0].isupper() \
                and not first[0].isdigit() and not english.startswith("the {}"):
            noun = f"the {noun}"
        end = match.end()
        inside = _IN.match(text, end)
        said = english.format(noun)
        if moved and not text[last:start].strip():
            said = f"{said} {out.pop()}"   # (the phrase before says which of them)
        else:
            out.append(text[last:start])
        if inside:
            said, end = f"in {said}", inside.end()
        out.append(said)
        last, moved = end, True
    return "".join(out) + text[last:] if out else text


def _next(text: str, at: int) -> tuple[re.Match, str] | None:
    """The first postposition of `text` from `at` (the longest where two start together)."""
    found = [(m, english) for pattern, english in _POSTPOSITIONS
             if (m := pattern.search(text, at)) is not None]
    return min(found, key=lambda f: (f[0].start(), -f[0].end())) if found else None
