"""Text from the model made storable: unpaired UTF-16 surrogates become U+FFFD.

The service's JSON may carry a lone surrogate escape (`"\\ud83d"`, half an emoji), which Python
decodes into a str that SQLite, a file and the terminal all refuse to encode. It is the model's
text, not the user's encoding, so it is repaired where it comes in: a pair split across two
deltas is joined into its character, a surrogate with no partner becomes U+FFFD, and nothing
else changes. `Deltas` does the same for a stream, holding back a high surrogate at the end of
a chunk until the next chunk says whether its partner follows.
"""

from __future__ import annotations

REPLACEMENT = "\ufffd"


def well_formed(text: str) -> str:
    """`text` with surrogate pairs joined and every unpaired surrogate replaced by U+FFFD."""
    if not any("\ud800" <= ch <= "\udfff" for ch in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


class Deltas:
    """The text chunks of one stream: `add(raw)` returns the chunk to show (well formed),
    `text()` the whole reply so far, as it will be stored."""

    def __init__(self) -> None:
        self._raw: list[str] = []
        self._held = ""

    def add(self, raw: str) -> str:
        self._raw.append(raw)
        chunk, self._held = self._held + raw, ""
        if chunk and "\ud800" <= chunk[-1] <= "\udbff":
            chunk, self._held = chunk[:-1], chunk[-1]  # its low half may start the next chunk
        return well_formed(chunk)

    def rest(self) -> str:
        """What is still held back when the stream ends: a high surrogate with no partner."""
        held, self._held = self._held, ""
        return well_formed(held)

    def text(self) -> str:
        return well_formed("".join(self._raw))

    def __bool__(self) -> bool:
        return bool(self._raw)
