"""The status line: memory ON/OFF (and "memory as of DATE" when the session's snapshot is not
today's), model, the session's cache hit rate, tokens, cost, and
the reason the last request missed the cache. A narrow line drops whole parts, least important
first (`ranked_parts`), never a part cut mid-word.

The numbers are the provider's usage fields summed over the session's turns (the engine's
SessionTotals), so the line shows what was measured, not what was hoped for.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from coach_tui.ui.widgets.fit import fit_forms


@dataclass(frozen=True)
class StatusInfo:
    memory_on: bool = True
    memory_forced_off: bool = False
    model: str = ""
    hit_rate: float | None = None       # cache read / total input over the session
    input_tokens: int = 0               # total input: uncached + written + read
    output_tokens: int = 0
    cost_usd: float | None = 0.0
    last_miss_reason: str | None = None
    busy: str = ""                      # "replying…", "syncing 3/14", ...
    demo: bool = False                  # `--demo`: the demo home, not the user's data
    memory_as_of: str | None = None     # the snapshot's ISO day when it is not today's
    refresh_key: str | None = "ctrl+n"  # the key `session.new` has in the keymap (None: none)
    unverified: int = 0                 # numbers in this session's replies not from the records
    floor: bool = False                 # a reply ended early: output and cost are lower bounds


def tokens(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f}M"
    if n >= 10_000:
        return f"{n / 1000:.0f}k"
    if n >= 1_000:
        return f"{n / 1000:.1f}k"
    return str(n)


def ranked_parts(info: StatusInfo) -> list[tuple[str, str, int]]:
    """(text, role, rank) pieces in display order. A narrow line drops the highest rank first
    (ui/widgets/fit.py): the model, then the token counts, the cache share and a pending
    comparison, then the refresh key of "memory as of" (`short_forms`), then the cost; the
    memory state, "memory as of" and the count of numbers not from the records stay longest."""
    parts: list[tuple[str, str, int]] = []
    if info.demo:
        parts.append(("demo data", "busy", 2))
    if info.memory_on:
        parts.append(("memory ON", "on", 0))
    else:
        parts.append(("memory OFF" + (" (COACH_MEMORY)" if info.memory_forced_off else ""),
                      "off", 0))
    if info.last_miss_reason:
        # "pending": the service had not compared the prefixes yet; no miss is known.
        pending = info.last_miss_reason == "pending"
        parts.append((f"miss: {info.last_miss_reason}", "dim" if pending else "warn",
                      5 if pending else 3))
    if info.busy:
        parts.append((info.busy, "busy", 2))
    if info.memory_as_of:
        # The snapshot's facts are from an earlier day; a new session starts with today's.
        hint = f" ({info.refresh_key} refreshes)" if info.refresh_key else ""
        parts.append((f"memory as of {info.memory_as_of}{hint}", "warn", 4 if hint else 1))
    parts.append((info.model or "no model", "dim", 7))
    hit = "cache –" if info.hit_rate is None else f"cache {info.hit_rate:.0%}"
    parts.append((hit, "dim", 5))
    at_least = "≥" if info.floor else ""
    parts.append((f"{tokens(info.input_tokens)} in · {at_least}{tokens(info.output_tokens)} out",
                  "dim", 6))
    parts.append(("cost unknown" if info.cost_usd is None else f"{at_least}${info.cost_usd:.4f}",
                  "dim", 2))
    if info.unverified:
        # About the truth of what the coach said: it outlasts the cost, as in a reply header.
        parts.append((f"{info.unverified} not from your records", "warn", 1))
    return parts


SEP = " │ "


def short_forms(info: StatusInfo, text: str, rank: int) -> list[tuple[str, int]]:
    """A part's forms, longest first: "memory as of DATE (key refreshes)" loses its key hint
    before a warning goes."""
    if info.memory_as_of and text.startswith("memory as of ") and rank > 1:
        return [(text, rank), (f"memory as of {info.memory_as_of}", 1)]
    return [(text, rank)]


class StatusLine(Widget):
    COMPONENT_CLASSES = {
        "status--on", "status--off", "status--dim", "status--warn", "status--busy", "status--sep",
    }

    info: reactive[StatusInfo] = reactive(StatusInfo)

    def render(self) -> Text:
        sep = self.get_component_rich_style("status--sep")
        parts = ranked_parts(self.info)
        width = self.content_size.width
        forms = [short_forms(self.info, t, rank) for t, _, rank in parts]
        shown = fit_forms(forms, width, len(SEP)) if width else \
            [(i, t) for i, (t, _, _) in enumerate(parts)]
        out = Text(no_wrap=True, overflow="ellipsis")
        for n, (i, piece) in enumerate(shown):
            if n:
                out.append(SEP, sep)
            out.append(piece, self.get_component_rich_style(f"status--{parts[i][1]}"))
        return out
