"""A scripted 20-turn chat against the local fake Messages API: how much comes from the cache.

Runs the real engine (CoachSession, the real anthropic SDK) against tests/fakes/messages_api.py,
which accounts prompt caching the way the service does. For each turn it prints the tokens
sent, the tokens read from cache against the limit (everything the previous request sent,
which is the most a prefix cache can return), what was written and what was billed uncached,
the output tokens (the 5.5 models think first, and thinking is billed as output: the fake
thinks at the session's effort) and the turn's cost at the published prices; then the session
totals. The session starts at 23:46 and crosses midnight, and a journal line is written
mid-session, to show neither touches the prefix.

    .venv/bin/python bench/cache_session.py [--json]

`--json` prints, last, one line of JSON with the session's totals (bench/table.py reads it).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

MESSAGES = [
    "How did yesterday go?",
    "And compared with last Tuesday?",
    "How was last week overall?",
    "My knee was sore on the hills again. Should I skip them?",
    "What about walking at lunch instead of after work?",
    "I have a long day at the office tomorrow. Any plan?",
    "Is it worth walking late at night?",
    "It's past midnight now. How am I doing today so far?",
    "How did October compare?",
    "Remind me what we said about podcasts?",
    "The weather looks bad this week. Indoor ideas?",
    "Would a standing desk count for anything?",
    "I keep missing Thursdays. Why do you think that is?",
    "Let's set a plan for Thursday then.",
    "What should my goal be next week?",
    "How was the last 5 days?",
    "My friend wants to join me on Saturdays. Good idea?",
    "Any tips for staying motivated in winter?",
    "Can you summarise what we agreed today?",
    "Thanks, talk tomorrow.",
]


def reply_for(body: dict) -> str:
    turn = len(body["messages"]) // 2 + 1
    sentences = [
        "Your records show a solid pattern, and the quiet days cluster midweek.",
        "Keep the walk attached to something you already do, like lunch.",
        "On a long office day, take the stairs and a short loop before the commute home.",
        "If the knee complains, choose the flat canal path for a week and see.",
    ]
    return " ".join(sentences[: 1 + turn % 4]) + f" (turn {turn})"


def main() -> int:
    from tests.fakes.messages_api import FakeMessagesAPI

    if sys.argv[1:] not in ([], ["--json"]):
        print("usage: bench/cache_session.py [--json]", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as home, FakeMessagesAPI(responder=reply_for) as api:
        os.environ.update(COACH_TUI_HOME=home, ANTHROPIC_BASE_URL=api.url,
                          ANTHROPIC_API_KEY=api.api_key)
        os.environ.pop("COACH_MEMORY", None)
        return run(api, as_json="--json" in sys.argv[1:])


def run(api, *, as_json: bool = False) -> int:
    from coach_tui.coach.pricing import Usage, turn_cost
    from coach_tui.coach.session import CoachSession
    from coach_tui.config import load_settings
    from coach_tui.memory.journal import save_entry
    from coach_tui.store import connect, transaction
    from coach_tui.store.steps import Day, upsert_days

    settings = load_settings()
    conn = connect(settings.paths.db_file)
    start = datetime(2026, 11, 30, 23, 46)
    today = start.date()
    days = [Day((today - timedelta(days=i)).isoformat(), 6_000 + (i * 1_337) % 8_000, 10_000)
            for i in range(1, 91)]
    with transaction(conn):
        upsert_days(conn, days + [Day(today.isoformat(), 9_120, 10_000)], source="bench")
    for i, line in enumerate([
        "Walks best with a podcast on", "Skips walks when it rains",
        "Left knee complains on long descents", "Likes the canal path more than the park",
        "Works late on Thursdays and misses the evening walk", "Responds well to small plans",
    ]):
        save_entry(conn, line, source="user",
                   entry_date=(today - timedelta(days=30 - i)).isoformat())

    session = CoachSession.new(conn, settings, now=start)
    print(f"model {session.model}, effort {session.effort}, max_tokens {session.max_tokens:,}; "
          f"system: {len(session.system_blocks())} blocks; fake minimum cacheable length "
          f"{api.min_cacheable_tokens(session.model)} tokens\n")
    header = (f"{'turn':>4}  {'sent':>6}  {'read':>6}  {'limit':>6}  {'read/limit':>10}  "
              f"{'written':>7}  {'uncached':>8}  {'out':>5}  {'cost $':>8}  note")
    print(header)
    print("-" * len(header))
    previous_sent = None
    sent_total = read_total = limit_total = 0
    cost_total = 0.0
    for i, text in enumerate(MESSAGES):
        now = start + timedelta(minutes=2 * i)
        note = []
        if i == 10:
            save_entry(conn, "Wants a plan for Thursdays", source="review",
                       source_key="week:2026-W48", entry_date=now.date().isoformat())
            note.append("journal line written")
        if now.date() != (now - timedelta(minutes=2)).date() and i:
            note.append("midnight")
        result = session.send(conn, text, now=now)
        api.advance(120)
        if result.status != "ok":
            print(f"turn {i + 1} failed: {result.error}")
            return 1
        u = result.usage
        sent = u.total_input
        limit = previous_sent
        ratio = f"{u.cache_read_tokens / limit:.1%}" if limit else "-"
        if result.cache_miss_reason:
            note.append(f"miss: {result.cache_miss_reason}")
        print(f"{i + 1:>4}  {sent:>6,}  {u.cache_read_tokens:>6,}  "
              f"{(f'{limit:,}' if limit else '-'):>6}  {ratio:>10}  {u.cache_creation_tokens:>7,}  "
              f"{u.input_tokens:>8,}  {u.output_tokens:>5,}  {result.cost_usd:>8.4f}  "
              f"{', '.join(note)}")
        sent_total += sent
        read_total += u.cache_read_tokens
        if limit:
            limit_total += limit
        cost_total += result.cost_usd
        previous_sent = sent

    totals = session.totals(conn)
    # The same turns billed as if no cache existed: every input token at the input price.
    uncached_cost = sum(
        turn_cost(settings, session.model, Usage(v.usage.total_input, 0, 0, v.usage.output_tokens))
        for v in session.turns(conn) if v.usage is not None
    )
    print("-" * len(header))
    print(f"session: {sent_total:,} tokens sent, {read_total:,} read from cache "
          f"({totals.hit_rate:.1%} of all input; {read_total / limit_total:.1%} of the limit over "
          f"turns 2-20), {totals.cache_creation_tokens:,} written, "
          f"{totals.input_tokens:,} uncached")
    complete = sum(1 for r in api.responses if r.get("stop_reason") == "end_turn")
    print(f"replies: {complete} of {len(MESSAGES)} complete (end_turn); "
          f"{totals.output_tokens:,} output tokens, thinking included")
    print(f"cost: ${totals.cost_usd:.4f} with caching, ${uncached_cost:.4f} if nothing were cached"
          f" (Sonnet 5.5: $2.00 input, $2.50 cache write, $0.10 cache read, $10.00 output per "
          f"million)")
    if as_json:
        print(json.dumps({"turns": len(MESSAGES), "sent": sent_total, "read": read_total,
                          "hit_rate": totals.hit_rate, "read_of_limit": read_total / limit_total,
                          "complete": complete, "output": totals.output_tokens,
                          "cost": totals.cost_usd, "uncached_cost": uncached_cost}))
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
