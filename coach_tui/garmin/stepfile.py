"""What reading a step file gives, shared by the CSV and the Garmin-export readers.

`StepFile` is a file read and checked in full (nothing stored yet); `StepFileError` is one
that cannot be imported, its message one line naming the file. `Skips` explains skipped rows
and records the same way for every reader: where and why for the first `SKIPS_SHOWN`, then how
many more. `show` quotes a piece of the file in such a line, visibly and briefly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coach_tui.store.steps import Day
from coach_tui.text import truncate

SKIPS_SHOWN = 3   # skipped rows explained by line; the rest are counted

SOURCE_CSV = "csv"
SOURCE_EXPORT = "garmin-export"

EXPECTED = (
    "expected a CSV with a `date,steps` or `date,steps,goal` header, Garmin Connect's Steps "
    "report (`,Actual,Goal`), or a Garmin export (.zip or unpacked folder)"
)


class StepFileError(ValueError):
    """A file that cannot be imported; the message is one line and names the file."""


@dataclass(frozen=True)
class StepFile:
    kind: str            # SOURCE_CSV or SOURCE_EXPORT, stored as the rows' source
    days: list[Day]      # usable days, oldest first, one per date
    skipped: int
    records: int         # rows or daily summaries read
    # Why rows were skipped, first few: "line 4: 3 columns, the header has 2".
    skip_reasons: tuple[str, ...] = ()


def skips_note(reasons: tuple[str, ...], skipped: int) -> str:
    """' (line 4: ...; line 9: ...; and 12 more)' for a summary or an error line."""
    if not reasons:
        return ""
    more = skipped - len(reasons)
    return " (" + "; ".join(reasons) + (f"; and {more} more" if more > 0 else "") + ")"


@dataclass
class Skips:
    """The rows or records a file reader skipped: all counted, the first few explained."""

    count: int = 0
    reasons: list[str] = field(default_factory=list)

    def add(self, where: str, why: str) -> None:
        self.count += 1
        if len(self.reasons) < SKIPS_SHOWN:
            self.reasons.append(f"{where}: {why}")

    def explained(self) -> str:
        return skips_note(tuple(self.reasons), self.count)


def show(text: str, limit: int = 40) -> str:
    """A piece of the user's file, safe to print on one line."""
    return truncate("".join(c if c.isprintable() else "?" for c in text.strip()), limit)
