"""The status line: memory ON/OFF (and "memory as of DATE" when the session's snapshot is not
today's), model, the session's cache hit rate, tokens, cost, and
the reason the last request missed the cache.

The numbers are the provider's usage fields summed over the session's turns (the engine's
SessionTotals), so the line shows what was measured, not what was hoped for.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


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


def status_parts(info: StatusInfo) -> list[tuple[str, str]]:
    """(text, role) pieces in display order; roles pick a component style."""
    parts: list[tuple[str, str]] = []
    if info.demo:
        parts.append(("demo data", "busy"))
    if info.memory_on:
        parts.append(("memory ON", "on"))
    else:
        parts.append(("memory OFF" + (" (COACH_MEMORY)" if info.memory_forced_off else ""), "off"))
    # What a narrow line must not lose comes first: the memory state, why the cache missed,
    # what is running; the numbers after it are cut first.
    if info.last_miss_reason:
        # "pending": the service had not compared the prefixes yet; no miss is known.
        parts.append((f"miss: {info.last_miss_reason}",
                      "dim" if info.last_miss_reason == "pending" else "warn"))
    if info.busy:
        parts.append((info.busy, "busy"))
    if info.memory_as_of:
        # The snapshot's facts are from an earlier day; a new session starts with today's.
        hint = f" ({info.refresh_key} refreshes)" if info.refresh_key else ""
        parts.append((f"memory as of {info.memory_as_of}{hint}", "warn"))
    parts.append((info.model or "no model", "dim"))
    hit = "cache –" if info.hit_rate is None else f"cache {info.hit_rate:.0%}"
    parts.append((hit, "dim"))
    at_least = "≥" if info.floor else ""
    parts.append((f"{tokens(info.input_tokens)} in · {at_least}{tokens(info.output_tokens)} out",
                  "dim"))
    parts.append(("cost unknown" if info.cost_usd is None else f"{at_least}${info.cost_usd:.4f}",
                  "dim"))
    if info.unverified:
        parts.append((f"{info.unverified} not from your records", "warn"))
    return parts


class StatusLine(Widget):
    COMPONENT_CLASSES = {
        "status--on", "status--off", "status--dim", "status--warn", "status--busy", "status--sep",
    }

    info: reactive[StatusInfo] = reactive(StatusInfo)

    def render(self) -> Text:
        sep = self.get_component_rich_style("status--sep")
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, (piece, role) in enumerate(status_parts(self.info)):
            if i:
                out.append(" │ ", sep)
            out.append(piece, self.get_component_rich_style(f"status--{role}"))
        return out
