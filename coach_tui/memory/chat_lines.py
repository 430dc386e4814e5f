"""The words of a recalled exchange the block quotes: pure, text in.

An exchange whose two sides fit in `limit` characters is quoted whole. A longer one is cut to
the sentences that hold the message's words (each word weighing by how rare it is among the
memories that matched, `term_weights`; a sentence holding only words most of them hold, such
as a name every line of a transcript says, does not count): each side's best sentence, so
every turn that matched is quoted, then the others best first while they fit in `limit`,
shown in the order they were written with "..." where sentences were left out. A sentence
longer than `limit` is cut to the run of its words that holds the most of the message's
(`window`). A side none of whose sentences matched brings its first sentence that says
something (more than `FILLER_WORDS` words: not "Thanks, Caroline!") within the room left: what
the matched message was answered with ("It was Matt Patterson, he is so talented!" after "glad
you had a blast at the concert"), or what the matched reply answered; a side with no such
sentence is left out of the line. The item says which turns it quotes (`Excerpt.user_shown`,
`Excerpt.reply_shown`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coach_tui.memory.query import base_form, text_bases
from coach_tui.text import one_line

ANSWER_CHARS = 40   # the start of an answer a quoted question brings, at least
FILLER_WORDS = 4    # a sentence this short tells nothing ("Thanks so much, Melanie!")
# Among at least this many memories, a word every one of them holds (a name in every line of a
# transcript) weighs nothing when another word does not: "Thanks, Caroline!" tells nothing.
EVERYWHERE_MIN = 4
_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+[\"')\]]*|$)")
_WORD = re.compile(r"[^\W_]+")
# "Caroline: ..." (a transcript's speaker): kept in front of a sentence cut from the side.
_LABEL = re.compile(r"^([^\W\d_][^\W_]{0,30}):\s")


@dataclass(frozen=True)
class Excerpt:
    user: str            # "" when no sentence of the user's message is quoted
    reply: str           # "" when no sentence of the reply is quoted
    user_shown: bool
    reply_shown: bool


_bases = text_bases


def term_weights(terms: Iterable[str], texts: Sequence[str]) -> dict[str, float]:
    """{each term's base form: how rare it is among `texts` (the memories that matched)}:
    a word that most of them hold (a name in every line of a transcript) weighs little."""
    wanted = sorted({base_form(w) for term in terms for w in _WORD.findall(term.lower())})
    counts = dict.fromkeys(wanted, 0)
    n = 0
    for text in texts:
        n += 1
        for w in _bases(text).intersection(wanted):
            counts[w] += 1
    everywhere = n >= EVERYWHERE_MIN and any(c < n for c in counts.values())
    return {w: 0.0 if everywhere and c == n else math.log(1 + max(1, n) / (1 + c))
            for w, c in counts.items()}


def clip(text: str, limit: int) -> str:
    """`text` cut at a word to at most `limit` characters, with "..." when it was cut."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + "..."


def window(sentence: str, weights: dict[str, float], limit: int) -> str:
    """`sentence` when it fits in `limit` characters; else the run of its words within
    `limit` that holds the most of the message's words (by `weights`), the first such run,
    with "..." where it was cut."""
    if len(sentence) <= limit:
        return sentence
    words = sentence.split()
    value = [sum(w for base, w in weights.items() if base in _bases(word)) for word in words]
    best, best_at, best_end = -1.0, 0, 1
    for start in range(len(words)):
        end, size, total = start, -1, 0.0
        while end < len(words) and size + 1 + len(words[end]) <= limit:
            size += 1 + len(words[end])
            total += value[end]
            end += 1
        if total > best:
            best, best_at, best_end = total, start, end
    best_end = max(best_end, best_at + 1)
    cut = " ".join(words[best_at:best_end])
    return (("... " if best_at else "") + clip(cut, limit)
            + (" ..." if best_end < len(words) else ""))


def _side(text: str, chosen: set[int], spans: list[tuple[int, int]],
          weights: dict[str, float], limit: int) -> str:
    """The kept sentences of one side in order, "..." where others were left out, each cut
    to its matching words when longer than `limit` (a speaker's "Name: " kept in front)."""
    label = _LABEL.match(text)
    out = label.group(0) if label is not None else ""
    last = -1
    for i, (start, end) in enumerate(spans):
        if i not in chosen:
            continue
        if i == 0 and label is not None:
            start += len(label.group(0))
        gap = i != last + 1
        part = window(text[start:end].strip(), weights, limit)
        if gap and (last >= 0 or i > 0) and not part.startswith("..."):
            out += "... "
        out += part + " "
        last = i
    if last != len(spans) - 1 and not out.rstrip().endswith("..."):
        out = out.rstrip() + " ..."
    return out.strip()


def excerpt(user: str, reply: str, weights: dict[str, float], limit: int) -> Excerpt:
    """The quoted part of an exchange (see the module docstring); with no word of the
    message in it (an exchange that carried on from a matching one), its openings."""
    user, reply = one_line(user), one_line(reply)
    if len(user) + len(reply) <= limit:
        return Excerpt(user, reply, bool(user), bool(reply))
    sides = [(user, [m.span() for m in _SENTENCE.finditer(user)]),
             (reply, [m.span() for m in _SENTENCE.finditer(reply)])]
    scored = []
    for s, (text, spans) in enumerate(sides):
        for i, (start, end) in enumerate(spans):
            words = _bases(text[start:end])
            value = sum(w for base, w in weights.items() if base in words)
            if value > 0:
                scored.append((-value, s, i, end - start))
    if not scored:
        half = limit // 2
        return Excerpt(clip(user, half), clip(reply, limit - half), bool(user), bool(reply))
    chosen: list[set[int]] = [set(), set()]
    used = 0
    scored.sort()
    # Each side's best sentence first: each turn that matched is quoted, then the others
    # while they fit.
    firsts = [next(x for x in scored if x[1] == side) for side in (0, 1)
              if any(x[1] == side for x in scored)]
    scored = firsts + [x for x in scored if x not in firsts]
    for n, (_, s, i, size) in enumerate(scored):
        if n >= len(firsts) and used + size > limit:
            continue
        chosen[s].add(i)
        used += size
    user_spans, reply_spans = sides[0][1], sides[1][1]
    answer_start = bool(reply_spans) and not chosen[1] and any(
            user[user_spans[i][0]:user_spans[i][1]].rstrip(" \"')]").endswith("?")
            for i in chosen[0])
    if answer_start:
        chosen[1].add(0)    # a question quoted brings the start of its answer
    # A side quoted alone brings the other's first sentence that says something: what the
    # matched message was answered with, or what the matched reply answered.
    alone = next((side for side in (0, 1) if chosen[1 - side] and not chosen[side]
                  and not answer_start), None)
    if alone is not None:
        first = _telling(sides[alone][0], sides[alone][1])
        if first is not None:
            chosen[alone].add(first)
    # The start of an answer brought by its question gets the room left (or a little).
    room = [limit, max(ANSWER_CHARS, limit - used) if answer_start else limit]
    if alone is not None:
        room[alone] = max(ANSWER_CHARS, limit - used)
    texts = [_side(text, chosen[s], spans, weights, room[s]) if chosen[s] else ""
             for s, (text, spans) in enumerate(sides)]
    return Excerpt(texts[0], texts[1], bool(chosen[0]), bool(chosen[1]))


def _telling(text: str, spans: Sequence[tuple[int, int]]) -> int | None:
    """The first sentence of `text` with more than `FILLER_WORDS` words after a speaker's
    label ("Thanks, Caroline!", "Great question." say nothing); None when none has."""
    for i, (start, end) in enumerate(spans):
        sentence = text[start:end].strip()
        label = _LABEL.match(sentence) if i == 0 else None
        if label is not None:
            sentence = sentence[label.end():]
        if len(_WORD.findall(sentence)) > FILLER_WORDS:
            return i
    return None
