"""The exchange that continued a recalled one: "how do i carb load?" is often followed by "and
what should I eat for breakfast on race morning?", whose answer holds no word of the question
that recalled the first.

The best recalled exchanges (at most `FOLLOW_UPS`) each bring the next exchange of their
session when it came within `FOLLOW_UP_MINUTES` (the same conversation, not the next
morning's), is not already recalled nor still in the current session's context, says
something (`MIN_WORDS` words worth searching for: not "ok thanks") and carries on from it:
the reply before it ended on a question, it starts by leaning on what came before ("and",
"what about", "it", "yes"), or it asks about a word of that reply ("...I had a picnic with
friends from church." "Looks fun! What games did you all play?"). Each of the best
`FOLLOW_UPS` memories, when it is an exchange that surely matched (`SURE_COVER`) and leans on
the one before it ("Yes, dancing is my passion"), brings that earlier exchange too: what it
answers. They come after everything that matched, so the budget drops them first.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import replace

from coach_tui.memory.query import message_words
from coach_tui.memory.ranking import SURE_COVER, SYNONYM_WEIGHT, Ranked, covered_words
from coach_tui.store import search

FOLLOW_UPS = 2
FOLLOW_UP_MINUTES = 30
MIN_WORDS = 3
ASKS_TAIL = 80


def with_follow_ups(conn: sqlite3.Connection, ranked: Sequence[Ranked], *,
                    session_id: int | None, context_from: int, words: Sequence[str] = (),
                    aliases: dict[str, tuple[str, ...]] | None = None) -> list[Ranked]:
    """`ranked` and, after it, the follow-up exchange of each of its best `FOLLOW_UPS`
    exchanges (`covered` 0: it matched nothing itself), and the exchange the best memory
    answered when it leans on it (see the module docstring)."""
    chats = [r for r in ranked if r.hit.kind == search.CHAT_KIND][:FOLLOW_UPS]
    if not chats:
        return list(ranked)
    seen = {(r.hit.kind, r.hit.ref) for r in ranked}
    nexts = search.next_exchanges(conn, [r.hit.ref for r in chats], session_id=session_id,
                                  context_from=context_from, minutes=FOLLOW_UP_MINUTES)
    out = list(ranked)
    for r in chats:
        hit = nexts.get(r.hit.ref)
        if hit is not None and (hit.kind, hit.ref) not in seen \
                and (len(message_words(hit.text)) >= MIN_WORDS
                     and (asks(r.hit.reply) or continues(hit.text)
                          or _asks_of(hit.text, r.hit.reply))
                     or _ASKS_MORE.search(hit.text) is not None and message_words(hit.text)
                     or _adds_words(words, r, hit, aliases)):
            seen.add((hit.kind, hit.ref))
            out.append(replace(r, hit=hit, covered=0.0, anchor=False))
    leaning = [r for r in ranked[:FOLLOW_UPS] if r.hit.kind == search.CHAT_KIND
               and r.covered >= SURE_COVER and continues(r.hit.text)]
    befores = search.previous_exchanges(conn, [r.hit.ref for r in leaning],
                                        session_id=session_id, context_from=context_from,
                                        minutes=FOLLOW_UP_MINUTES) if leaning else {}
    for r in leaning:
        before = befores.get(r.hit.ref)
        if before is not None and (before.kind, before.ref) not in seen \
                and len(message_words(before.text)) >= MIN_WORDS:
            seen.add((before.kind, before.ref))
            out.append(replace(r, hit=before, covered=0.0, anchor=False))
    return out


# After a transcript's "Name: ", if any.
_CONTINUES = re.compile(r"^\W*(?:[A-Z][\w'-]*:\s*)?(?:and|but|also|so|ok(?:ay)?|what about"
                        r"|how about|then|it|its|it's|that|that's|this|they|them|those|these"
                        r"|yeah|yes|yep|no|nope|thanks|thank you|sure|right|really|wow)\b"
                        # "got a head torch already, but ...": what the advice before said
                        r"|^\W*(?:[A-Z][\w'-]*:\s*)?(?:[\w'-]+\s+){1,4}already\b",
                        re.IGNORECASE)


# "and breakfast on the day?", "what about gels?": a question carried on from the last one,
# however few its words
_ASKS_MORE = re.compile(r"^\W*(?:and|also|what about|how about|and what about)\b[^.!?\n]*\?\s*$",
                        re.IGNORECASE)


def continues(text: str) -> bool:
    """Whether a message leans on the one before it ("and breakfast on the day?", "it
    taught me..."): it starts with a connective, an answer or a word pointing back."""
    return _CONTINUES.search(text) is not None


def asks(reply: str) -> bool:
    """Whether a reply ends on a question (within its last `ASKS_TAIL` characters, a
    shared photo's caption aside): the next message answers it."""
    return "?" in reply.rstrip()[-ASKS_TAIL:]


def _adds_words(words: Sequence[str], kept: Ranked, hit: search.Hit,
                aliases: dict[str, tuple[str, ...]] | None) -> bool:
    """Whether the next exchange holds the message's words the kept one does not."""
    told = f"{kept.hit.text}\n{kept.hit.reply}"
    rest = [w for w in words if not covered_words([w], told, aliases)]
    return bool(rest) and len(rest) < len(words) \
        and covered_words(rest, f"{hit.text}\n{hit.reply}", aliases) >= SYNONYM_WEIGHT


def _asks_of(text: str, reply: str) -> bool:
    """Whether `text` asks about what `reply` just said: a question holding a word of it."""
    return "?" in text and covered_words(message_words(text), reply) >= 1
