"""A request's numbers read while the model writes: `ReadAhead(request)`, then `evidence()`.

Every reply is checked against the request it answered (coach/grounding/), and each turn's
request is new (one more exchange), so checking it reads the whole request first: ~120 ms of
CPU for a ~100,000-token session, then ~10 ms for the reply itself. The request is known
before the first token arrives and the model takes far longer than that to write, so the
reading runs beside the stream, on a thread of its own, and the check after the stream waits
only for what is left of it (usually nothing) and then checks the reply against it.

It does not start when the request is sent: until the reply's first words are on screen the
same interpreter is sending the request, receiving the first words and drawing them, and a
reading beside them, holding the interpreter half the time, made a long session's first words
~20% later (issue 23's resumed send: 1.19-1.23x a short session's with it, 0.99x without). So
the turn starts it when the reply first shows (its first text, or its thinking), and the
reading waits `delay` (the turn gives it a quarter of a second, long enough for the screen to
draw those words) before it begins. A reply that ends before then, or never shows, is read by
`evidence()` itself, on the caller's thread, and the waiting reading is called off.

The reading is pure (it writes nothing and sends nothing), so a read that is never used (the
stream failed, or was cut harder and sent again) is simply dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from coach_tui.coach import grounding


class ReadAhead:
    """`request` (a Messages API body) read for the number check on a thread of its own, from
    `start()` plus `delay` seconds on, unless `evidence()` is asked for first."""

    def __init__(self, request: Mapping[str, Any], *, start: bool = True,
                 delay: float = 0.0) -> None:
        self._request = dict(request)
        self._delay = delay
        self._evidence: grounding.Evidence | None = None
        self._thread = threading.Thread(target=self._run, name="coach-tui-read-ahead",
                                        daemon=True)
        self._lock = threading.Lock()
        self._called_off = threading.Event()
        self._started = self._reading = False
        if start:
            self.start()

    def start(self) -> None:
        """Begin (once; later calls do nothing): wait `delay`, then read."""
        with self._lock:
            if self._started or self._called_off.is_set():
                return
            self._started = True
        self._thread.start()

    def _run(self) -> None:
        if self._called_off.wait(self._delay):
            return  # evidence() was asked for first: it reads the request itself
        with self._lock:
            if self._called_off.is_set():
                return
            self._reading = True
        try:
            self._evidence = grounding.evidence_of(self._request)
        except Exception:  # noqa: BLE001  (read again by evidence(), where it raises)
            self._evidence = None

    def call_off(self) -> bool:
        """No reading from now on unless one has begun (the turn failed or was cut: nothing
        will be checked); whether one has begun."""
        with self._lock:
            self._called_off.set()
            return self._reading

    def evidence(self) -> grounding.Evidence:
        """The request read: waits for a reading under way; otherwise calls off a reading still
        waiting and reads it here (also when the reading failed, so its error is raised)."""
        if self.call_off():
            self._thread.join()
        if self._evidence is None:
            return grounding.evidence_of(self._request)
        return self._evidence
