"""Homes for bench/recall_quality.py: a labelled fitness home and LoCoMo's conversations.

Each loader fills an in-memory coach-tui database (the real schema and triggers, through
`store.connect`) and returns it with the questions, and the map from the stored rows back to
the labelled ids: journal entry id -> "j01", review id -> "r01", user turn id -> "x01" (or,
for LoCoMo, the dialog ids the exchange holds, "D1:3").

The fitness set's format is described in bench/data/recall_fitness/README.md. LoCoMo
(snap-research/locomo, CC BY-NC 4.0) is read from wherever the user keeps it, never from the
repository: `data/locomo10.json` (a list of samples, each with its "conversation" and "qa"), a
folder of per-conversation files, or a zip of either. Its dialog turns are stored in order as
exchanges (a turn and the one that answers it), each written "Speaker: text" with a shared
photo's caption, dated by its session.
"""

from __future__ import annotations

import json
import re
import sqlite3
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from coach_tui.store import connect, search, transaction


@dataclass
class Question:
    qid: str
    category: str
    now: datetime
    text: str
    split: str = "test"
    days: list[str] = field(default_factory=list)
    spans: list[tuple[str, str]] = field(default_factory=list)
    rows: list[str] = field(default_factory=list)      # journal, review and exchange ids
    answer: str = ""   # LoCoMo's answer, when its evidence turns write it (`load_locomo`)


@dataclass
class Home:
    conn: sqlite3.Connection
    questions: list[Question]
    journal: dict[int, str] = field(default_factory=dict)
    reviews: dict[int, str] = field(default_factory=dict)
    chats: dict[int, list[str]] = field(default_factory=dict)   # user turn id -> labelled ids
    date_order: str = "DMY"
    name: str = ""


def _session(conn: sqlite3.Connection, created_at: str) -> int:
    return conn.execute(
        "INSERT INTO sessions (created_at, model, system_json, memory_on, snapshot_date) "
        "VALUES (?, 'bench', '[]', 1, ?)", (created_at, created_at[:10])).lastrowid


def _exchange(conn: sqlite3.Connection, session_id: int, at: str, user: str, reply: str) -> int:
    uid = conn.execute(
        "INSERT INTO turns (session_id, role, created_at, text, status, memory_on) "
        "VALUES (?, 'user', ?, ?, 'ok', 1)", (session_id, at, user)).lastrowid
    conn.execute(
        "INSERT INTO turns (session_id, role, created_at, text, status, reply_to, memory_on) "
        "VALUES (?, 'assistant', ?, ?, 'ok', ?, 1)", (session_id, at, reply, uid))
    return uid


def _period_days(period: str, saved_on: str) -> tuple[str, str]:
    """"week:2026-W34" -> its Monday and Sunday; anything else -> the day it was saved."""
    m = re.fullmatch(r"week:(\d{4})-W(\d{2})", period)
    if m is None:
        return saved_on, saved_on
    monday = date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
    return monday.isoformat(), (monday + timedelta(days=6)).isoformat()


def load_fitness(path: Path) -> Home:
    """The labelled fitness home (`home.json`)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    conn = connect(":memory:")
    home = Home(conn, [], date_order=doc.get("user_date_order", "DMY"), name="fitness")
    with transaction(conn):
        conn.executemany(
            "INSERT INTO daily_steps (date, steps, goal, source, synced_at) "
            "VALUES (?, ?, ?, 'bench', '2026-12-01T00:00:00')",
            [(d["date"], d["steps"], d.get("goal")) for d in doc["days"]])
        for line in doc["journal"]:
            entry_id = conn.execute(
                "INSERT INTO journal (created_at, entry_date, source, text) "
                "VALUES (?, ?, 'user', ?)",
                (line["date"] + "T20:00:00", line["date"], line["text"])).lastrowid
            home.journal[entry_id] = line["id"]
        for review in doc["reviews"]:
            period = review["period"]
            start, end = _period_days(period, review["saved_on"])
            review_id = conn.execute(
                "INSERT INTO reviews (period_key, period_start, period_end, created_at, model, "
                "text) VALUES (?, ?, ?, ?, 'bench', ?)",
                (period, start, end,
                 review["saved_on"] + "T09:00:00", review["text"])).lastrowid
            home.reviews[review_id] = review["id"]
        sessions: dict[str, int] = {}
        for x in sorted(doc["exchanges"], key=lambda x: x["at"]):
            if x["session"] not in sessions:
                sessions[x["session"]] = _session(conn, x["at"] + ":00")
            uid = _exchange(conn, sessions[x["session"]], x["at"] + ":00", x["user"],
                            x["coach"])
            home.chats[uid] = [x["id"]]
    home.questions = read_questions(doc["questions"])
    return home


def read_questions(items: list[dict]) -> list[Question]:
    """Labelled questions over the fitness home (its "questions", or another file's list)."""
    out = []
    for q in items:
        e = q["expect"]
        out.append(Question(
            q["id"], q["category"], datetime.fromisoformat(q["now"]), q["text"],
            q.get("split", "test"), list(e.get("days", [])),
            [tuple(s) for s in e.get("spans", [])],
            [*e.get("journal", []), *e.get("reviews", []), *e.get("exchanges", [])]))
    return out


def load_questions(path: Path) -> list[Question]:
    """The questions of a separate file: a list, or {"questions": [...]}."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return read_questions(doc["questions"] if isinstance(doc, dict) else doc)


# Chat filler for a loaded home: everyday words, so a message matches thousands of turns (the
# sentences of bench/scale.py's large home, which imports them from here).
FILLER = [
    "The walk at lunch went well and the knee held up on the flat canal path.",
    "Thursdays are hard because of late meetings, so an evening walk with a podcast helps.",
    "Winter mornings are dark; a short loop with the dog before work still counts.",
    "The hills made the knee sore again, so the weekend walk stayed on the park paths.",
    "October was a strong month with most days over the goal and a long Sunday walk.",
    "Rain kept me indoors; I paced during calls and took the stairs at the office.",
]


def add_chat_turns(conn: sqlite3.Connection, turns: int, *, before: str = "2026-01-01",
                   per_session: int = 250) -> None:
    """`turns` more chat turns (half of them user messages, each answered), in sessions of
    `per_session` turns, one a day, ending the day before `before`: years of everyday chat."""
    end = date.fromisoformat(before)
    sessions = -(-turns // per_session)
    with transaction(conn):
        for s in range(sessions):
            day = (end - timedelta(days=sessions - s)).isoformat()
            sid = _session(conn, f"{day}T10:00:00")
            for k in range(0, min(per_session, turns - s * per_session), 2):
                _exchange(conn, sid, f"{day}T10:{(k // 2) % 60:02d}:00",
                          f"{FILLER[k % 6]} What do you think? ({k})",
                          f"{FILLER[(k + 3) % 6]}\n\n- keep it up\n- {k}")
    settle_index(conn)


def settle_index(conn: sqlite3.Connection) -> None:
    """The recall index as the app leaves it: written in bulk, it is left in as many segments
    as the bulk write made, where the app merges them as it stores each reply
    (`search.merge_segments`); merged here until a merge changes nothing."""
    while True:
        before = _structure(conn)
        with transaction(conn):
            search.merge_segments(conn)
        if _structure(conn) == before:
            return


def _structure(conn: sqlite3.Connection) -> bytes:
    """FTS5's structure record of the recall index: its segments and levels."""
    return conn.execute("SELECT block FROM recall_fts_data WHERE id = 10").fetchone()[0]


LOCOMO_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def _locomo_samples(path: Path) -> list[dict]:
    """Every conversation with its questions, as {"conversation": {...}, "qa": [...]}."""
    docs: list = []
    if path.is_dir():
        docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(path.rglob("*.json"))]
    elif zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            docs = [json.loads(z.read(n)) for n in sorted(z.namelist()) if n.endswith(".json")]
    else:
        docs = [json.loads(path.read_text(encoding="utf-8"))]
    samples = []
    for doc in docs:
        for item in doc if isinstance(doc, list) else [doc]:
            if "conversation" in item:
                samples.append(item)
            elif "speaker_a" in item and "qa" in item:
                samples.append({"conversation": item, "qa": item["qa"]})
    if not samples:
        raise SystemExit(f"{path}: no LoCoMo conversations found (expected locomo10.json)")
    return samples


def words_of(text: str) -> str:
    """`text` as its words, lower case, one space apart: "Adoption agencies." and "adoption
    agencies" are the same words."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _when(text: str) -> datetime:
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y")


def _turn_text(turn: dict) -> str:
    text = f"{turn['speaker']}: {turn.get('text', '')}"
    if turn.get("blip_caption"):
        text += f" [shares {turn['blip_caption']}]"
    return text


def load_locomo(path: Path, only: range | None = None) -> list[Home]:
    """One home per LoCoMo conversation, with its questions of categories 1-4 (`only`: just
    these conversations, numbered from 1; the others are not loaded)."""
    homes = []
    for number, sample in enumerate(_locomo_samples(path), 1):
        if only is not None and number not in only:
            continue
        conv = sample["conversation"]
        conn = connect(":memory:")
        home = Home(conn, [], name=str(sample.get("sample_id", number)))
        keys = sorted(int(k.split("_")[1]) for k in conv
                       if k.startswith("session_") and k.count("_") == 1
                       and isinstance(conv[k], list))
        last = None
        said: dict[str, str] = {}   # each turn's text, by its dia_id
        with transaction(conn):
            for n in keys:
                when = _when(conv[f"session_{n}_date_time"])
                last = when
                stamp = when.isoformat(timespec="seconds")
                sid = _session(conn, stamp)
                turns = conv[f"session_{n}"]
                said.update((t["dia_id"], str(t.get("text", ""))) for t in turns)
                for i in range(0, len(turns), 2):
                    pair = turns[i:i + 2]
                    uid = _exchange(conn, sid, stamp, _turn_text(pair[0]),
                                    _turn_text(pair[1]) if len(pair) > 1 else "")
                    home.chats[uid] = [t["dia_id"] for t in pair]
        now = (last or datetime(2024, 1, 1)).replace(hour=12, minute=0) + timedelta(days=1)
        for i, qa in enumerate(sample["qa"]):
            category = qa.get("category")
            evidence = [e.strip() for e in qa.get("evidence", []) if isinstance(e, str)]
            if category not in LOCOMO_CATEGORIES or not evidence:
                continue
            # The answer, when an evidence turn writes it word for word: the block can then
            # be read for it (`answer_shown`).
            answer = words_of(str(qa.get("answer", "")))
            written = answer and any(f" {answer} " in f" {words_of(said.get(e, ''))} "
                                     for r in evidence for e in re.findall(r"D\d+:\d+", r))
            home.questions.append(Question(f"{home.name}-{i}", LOCOMO_CATEGORIES[category],
                                           now, str(qa["question"]), rows=evidence,
                                           answer=answer if written else ""))
        homes.append(home)
    return homes
