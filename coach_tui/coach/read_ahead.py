"""A request's numbers read while the model writes: `ReadAhead(request)`, then `evidence()`.

Every reply is checked against the request it answered (coach/grounding/), and each turn's
request is new (one more exchange), so checking it reads the whole request first: ~120 ms of
CPU for a ~100,000-token session, then ~10 ms for the reply itself. The request is known
before the first token arrives and the model takes far longer than that to write, so the
reading is started beside the stream, on a thread of its own, and the check after the stream
waits only for what is left of it (usually nothing) and then checks the reply against it.

The reading is pure (it writes nothing and sends nothing), so a read that is never used (the
stream failed, or was cut harder and sent again) is simply dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from coach_tui.coach import grounding


class ReadAhead:
    """`request` (a Messages API body) read for the number check on a thread of its own."""

    def __init__(self, request: Mapping[str, Any]) -> None:
        self._request = dict(request)
        self._evidence: grounding.Evidence | None = None
        self._thread = threading.Thread(target=self._read, name="coach-tui-read-ahead",
                                        daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            self._evidence = grounding.evidence_of(self._request)
        except Exception:  # noqa: BLE001  (read again by evidence(), where it raises)
            self._evidence = None

    def evidence(self) -> grounding.Evidence:
        """The request read: waits for the reading under way; reads it here if it failed."""
        self._thread.join()
        if self._evidence is None:
            return grounding.evidence_of(self._request)
        return self._evidence
