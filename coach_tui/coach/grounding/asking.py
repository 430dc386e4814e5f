"""A number inside what the reader is told to ask or type: `asked(reply, atom, ...)`.

"ask me 'how was the week of Nov 16?'" (a quoted question after "ask", "say", "type", "try"),
"if you ask about the week of Nov 16" (a topic to ask about), and an unquoted example of
what to ask for in a sentence about asking or the app fetching ("for another week, say the
week of Nov 9, the app will pull those days"): words to type, not a claim about the data.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import may_hold

# (a question already quoted before it does not end the asking: 'ask "how was X?" or "Y"')
_ASK = re.compile(r"\b(?:ask|asking|say|type|try)\b(?:[^.!?\"“”]|\"[^\"\n]*\"|“[^”\n]*”)*$",
                  re.IGNORECASE)
# an example of what to ask for, unquoted: "say the week of Nov 16", "for example Nov 9"
_EXAMPLE = re.compile(r"\b(?:say|for\s+example|for\s+instance|e\.g\.|such\s+as)\s*,?\s+"
                      r"(?:(?:the\s+)?(?:week|month|day)\s+(?:of\s+)?)?$", re.IGNORECASE)
_APP_ASK = re.compile(r"\b(?:ask|the\s+app|pull|look\s+(?:\w+\s+)?up|fetch|load|"
                      r"name\s+(?:it|a|the)|type|bring\s+up)\b")
_ASK_WORDS = ("ask", "say", "type", "try")  # (one of them in every match of _ASK)
_ASK_ABOUT = re.compile(r"\b(?:ask|asking)\s+(?:me\s+|the app\s+)?(?:about|for)\s+"
                        r"[^.!?\n\d]{0,32}$", re.IGNORECASE)


def asked(reply: str, a: Atom, line_start: int, sentence: Callable[[], str]) -> bool:
    """Whether `a` is inside a question the reader is told to ask; `sentence()` gives its
    sentence, lower-cased (read only when needed)."""
    # (the line before it is not copied: a paragraph is one line)
    if may_hold(w := reply[max(line_start, a.start - 64):a.start], ("ask",)) \
            and _ASK_ABOUT.search(w):
        return True  # "if you ask about the week of Nov 16": a topic to ask about
    b = a.before  # (the words every _EXAMPLE match holds, looked for first)
    if (b is None or "say" in b or "exampl" in b or "instance" in b or "e.g." in b
            or "such" in b) and _EXAMPLE.search(reply[max(line_start, a.start - 32):a.start]) \
            and _APP_ASK.search(sentence()):
        return True  # "for another week, say the week of Nov 9, the app will pull it"
    quote = max(reply.rfind("'", line_start, a.start), reply.rfind('"', line_start, a.start),
                reply.rfind("‘", line_start, a.start), reply.rfind("“", line_start, a.start))
    return quote > line_start and may_hold(w := reply[max(line_start, quote - 64):quote],
                                           _ASK_WORDS) and _ASK.search(w) is not None
