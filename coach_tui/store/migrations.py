"""Numbered schema migrations, applied in order on `PRAGMA user_version`.

Append new steps; never edit one that has shipped. The pending steps run in one transaction
with the version bump (`store.db.migrate`), so a database is always at exactly one version.
"""

def _fts_index(table: str, key: str) -> str:
    """An external-content FTS5 index `<table>_fts` over `table.text`, rowid `key`, kept in step
    by insert, delete and update triggers, and built from the rows already there (migration 2's
    three indexes; migration 9 drops them for `recall_fts`)."""
    fts = f"{table}_fts"
    return f"""\
    CREATE VIRTUAL TABLE {fts} USING fts5(
        text, content='{table}', content_rowid='{key}',
        tokenize='porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER {fts}_insert AFTER INSERT ON {table} BEGIN
        INSERT INTO {fts}(rowid, text) VALUES (new.{key}, new.text);
    END;
    CREATE TRIGGER {fts}_delete AFTER DELETE ON {table} BEGIN
        INSERT INTO {fts}({fts}, rowid, text) VALUES ('delete', old.{key}, old.text);
    END;
    CREATE TRIGGER {fts}_update AFTER UPDATE OF text ON {table} BEGIN
        INSERT INTO {fts}({fts}, rowid, text) VALUES ('delete', old.{key}, old.text);
        INSERT INTO {fts}(rowid, text) VALUES (new.{key}, new.text);
    END;
    INSERT INTO {fts}({fts}) VALUES ('rebuild');
"""


def _recall_triggers(table: str, rowid: str) -> str:
    """Migration 9's triggers keeping `recall_fts` in step with one row per `table` row, at
    rowid `rowid` (a template: `{row}` is `new` or `old`)."""
    new, old = rowid.format(row="new"), rowid.format(row="old")
    return f"""\
    CREATE TRIGGER recall_{table}_insert AFTER INSERT ON {table} BEGIN
        INSERT INTO recall_fts(rowid, text) VALUES ({new}, new.text);
    END;
    CREATE TRIGGER recall_{table}_delete AFTER DELETE ON {table} BEGIN
        DELETE FROM recall_fts WHERE rowid = {old};
    END;
    CREATE TRIGGER recall_{table}_update AFTER UPDATE OF text ON {table} BEGIN
        UPDATE recall_fts SET text = new.text WHERE rowid = {new};
    END;
"""


MIGRATIONS: list[str] = [
    # 1: the foundation tables.
    """
    CREATE TABLE daily_steps (
        date       TEXT PRIMARY KEY
                   CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        steps      INTEGER NOT NULL CHECK (steps >= 0),
        goal       INTEGER CHECK (goal IS NULL OR goal > 0),
        distance_m REAL CHECK (distance_m IS NULL OR distance_m >= 0),
        source     TEXT NOT NULL,
        synced_at  TEXT NOT NULL
    );

    -- The coach's journal, with the contract from the memory design: a hard cap enforced on
    -- every insert, and a partial unique index that makes a second reflection on one event
    -- fail loudly while user lines (no key) stay exempt.
    CREATE TABLE journal (
        entry_id   INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        entry_date TEXT NOT NULL,
        source     TEXT NOT NULL,
        source_key TEXT,
        seq        INTEGER NOT NULL DEFAULT 1,
        text       TEXT NOT NULL
    );
    CREATE UNIQUE INDEX idx_journal_event
        ON journal(source, source_key, seq)
        WHERE source_key IS NOT NULL;

    -- Events already reflected on, including those whose reflection wrote nothing (NONE),
    -- so saving the same review again asks the model nothing.
    CREATE TABLE journal_events (
        source        TEXT NOT NULL,
        source_key    TEXT NOT NULL,
        reflected_at  TEXT NOT NULL,
        lines_written INTEGER NOT NULL,
        PRIMARY KEY (source, source_key)
    );

    -- Every save of a review is kept: a dated snapshot the coach can recall later.
    CREATE TABLE reviews (
        review_id    INTEGER PRIMARY KEY AUTOINCREMENT,
        period_key   TEXT NOT NULL,
        period_start TEXT NOT NULL,
        period_end   TEXT NOT NULL,
        created_at   TEXT NOT NULL,
        model        TEXT,
        text         TEXT NOT NULL
    );
    CREATE INDEX idx_reviews_key ON reviews(period_key, review_id);

    -- A session keeps the exact system blocks it started with, so resuming it (in this
    -- process or another) sends the same bytes and reads the same cache.
    CREATE TABLE sessions (
        session_id  INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at  TEXT NOT NULL,
        model       TEXT NOT NULL,
        system_json TEXT NOT NULL,
        memory_on   INTEGER NOT NULL,
        title       TEXT
    );

    CREATE TABLE turns (
        turn_id                INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id             INTEGER NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
        role                   TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        created_at             TEXT NOT NULL,
        text                   TEXT NOT NULL,
        recall                 TEXT,
        status                 TEXT NOT NULL DEFAULT 'ok'
                               CHECK (status IN ('pending', 'ok', 'failed', 'interrupted')),
        error                  TEXT,
        response_id            TEXT,
        model                  TEXT,
        input_tokens           INTEGER,
        cache_creation_tokens  INTEGER,
        cache_read_tokens      INTEGER,
        output_tokens          INTEGER,
        cost_usd               REAL,
        cache_miss_reason      TEXT
    );
    CREATE INDEX idx_turns_session ON turns(session_id, turn_id);

    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: the conversation engine. Full-text indexes (FTS5, external content kept in step by
    # triggers) so recall can find journal lines, saved reviews and past chats that match a
    # message; and what a session must remember to resume with the same bytes: which journal
    # lines its frozen snapshot holds, the newest line that existed when it was rendered, and
    # the deletion counter it was rendered at. A turn remembers which user turn it answers and
    # whether it was sent with memory on (chats sent with memory off are never recalled).
    """
    ALTER TABLE sessions ADD COLUMN snapshot_entry_ids TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE sessions ADD COLUMN journal_watermark INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE sessions ADD COLUMN snapshot_deletions INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE turns ADD COLUMN reply_to INTEGER REFERENCES turns(turn_id) ON DELETE CASCADE;
    ALTER TABLE turns ADD COLUMN memory_on INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX idx_turns_reply_to ON turns(reply_to);

"""
    + _fts_index("journal", "entry_id") + "\n"
    + _fts_index("reviews", "review_id") + "\n"
    + _fts_index("turns", "turn_id") + """    """,
    # 3: the request options a session started with (thinking settings are part of what the
    # cache keys on, so a running session keeps them), and why each reply stopped. Sessions
    # from before keep NULL: they never sent an effort, and go on not sending one.
    """
    ALTER TABLE sessions ADD COLUMN effort TEXT;
    ALTER TABLE sessions ADD COLUMN max_tokens INTEGER;
    ALTER TABLE turns ADD COLUMN stop_reason TEXT;
    """,
    # 4: a recall block remembers which journal lines it quoted: a user turn keeps, beside its
    # recall, [entry id, the line as sent] for each journal line the block holds, so a line the
    # user deletes is taken out of earlier blocks by its id. Turns recalled before this step
    # get the lines of their block that are still in the journal, matched as whole lines.
    """
    ALTER TABLE turns ADD COLUMN recall_journal TEXT NOT NULL DEFAULT '[]';
    UPDATE turns SET recall_journal = (
        SELECT json_group_array(json_array(j.entry_id, '- ' || j.entry_date || ': ' || j.text))
        FROM journal j
        WHERE instr(char(10) || turns.recall || char(10),
                    char(10) || '- ' || j.entry_date || ': ' || j.text || char(10)) > 0
    ) WHERE role = 'user' AND recall IS NOT NULL;
    """,
    # 5: a session knows its date and keeps its history cut. `snapshot_date` is the day the
    # snapshot was rendered (its facts run through the day before); sessions from before take
    # the day they were created. `history_from` is the first user turn the requests still
    # carry: older exchanges stay stored and shown but are left out of context (0: none are).
    """
    ALTER TABLE sessions ADD COLUMN snapshot_date TEXT;
    UPDATE sessions SET snapshot_date = substr(created_at, 1, 10);
    ALTER TABLE sessions ADD COLUMN history_from INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: a reply the user asked to write again is kept but marked `replaced` (it is no longer
    # history, so the retry extends the same prefix); and the review drafts the CLI wrote, so
    # `review --save` saves the text just read instead of paying for another, and a draft is
    # saved once (`saved_review_id`).
    """
    ALTER TABLE turns ADD COLUMN replaced INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE review_drafts (
        draft_id        INTEGER PRIMARY KEY AUTOINCREMENT,
        period_key      TEXT NOT NULL,
        period_start    TEXT NOT NULL,
        period_end      TEXT NOT NULL,
        written_on      TEXT NOT NULL,
        created_at      TEXT NOT NULL,
        model           TEXT,
        text            TEXT NOT NULL,
        cost_usd        REAL,
        saved_review_id INTEGER REFERENCES reviews(review_id) ON DELETE SET NULL
    );
    CREATE INDEX idx_review_drafts_key ON review_drafts(period_key, written_on, draft_id);
    """,
    # 7: the numbers in a reply that what the coach was sent does not support
    # (coach/grounding/), as written in the reply: a resumed session shows them again.
    """
    ALTER TABLE turns ADD COLUMN unverified TEXT NOT NULL DEFAULT '[]';
    """,
    # 8 (edges): days Garmin answered without a count yet (null totalSteps: the watch had not
    # synced). They have no row in daily_steps, so sync remembers them here and asks for them
    # again until they have a count or are more than 30 days old. Self-contained: nothing
    # else refers to this table.
    """
    CREATE TABLE pending_days (
        date       TEXT PRIMARY KEY
                   CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        first_seen TEXT NOT NULL,
        last_asked TEXT NOT NULL
    );
    """,
    # 9: one full-text index for recall, so a journal line, a saved review and an earlier
    # exchange are scored against each other by the same bm25 statistics (three tables gave
    # three scales). The unit of a chat is the exchange: the user's message and the coach's
    # reply as one row, written when the reply is stored. Rows are told apart by rowid, so
    # each kind can be read on its own in rowid order: an exchange is its user turn's id
    # (> 0), a journal line -entry_id, a review -(10^12 + review_id). Porter stemming, as
    # before. The three per-table indexes it replaces are dropped.
    """
    DROP TRIGGER IF EXISTS journal_fts_insert;
    DROP TRIGGER IF EXISTS journal_fts_delete;
    DROP TRIGGER IF EXISTS journal_fts_update;
    DROP TRIGGER IF EXISTS reviews_fts_insert;
    DROP TRIGGER IF EXISTS reviews_fts_delete;
    DROP TRIGGER IF EXISTS reviews_fts_update;
    DROP TRIGGER IF EXISTS turns_fts_insert;
    DROP TRIGGER IF EXISTS turns_fts_delete;
    DROP TRIGGER IF EXISTS turns_fts_update;
    DROP TABLE IF EXISTS journal_fts;
    DROP TABLE IF EXISTS reviews_fts;
    DROP TABLE IF EXISTS turns_fts;

    CREATE VIRTUAL TABLE recall_fts USING fts5(
        text, tokenize='porter unicode61 remove_diacritics 2'
    );
"""
    + _recall_triggers("journal", "-{row}.entry_id")
    + _recall_triggers("reviews", "-(1000000000000 + {row}.review_id)") + """\
    CREATE TRIGGER recall_reply_insert AFTER INSERT ON turns
    WHEN new.role = 'assistant' AND new.reply_to IS NOT NULL BEGIN
        DELETE FROM recall_fts WHERE rowid = new.reply_to;
        INSERT INTO recall_fts(rowid, text)
            SELECT u.turn_id, u.text || char(10) || new.text FROM turns u
            WHERE u.turn_id = new.reply_to;
    END;
    CREATE TRIGGER recall_turn_delete AFTER DELETE ON turns BEGIN
        DELETE FROM recall_fts WHERE rowid = old.turn_id AND old.role = 'user';
    END;
    CREATE TRIGGER recall_turn_update AFTER UPDATE OF text ON turns BEGIN
        DELETE FROM recall_fts WHERE rowid = coalesce(new.reply_to, new.turn_id);
        INSERT INTO recall_fts(rowid, text)
            SELECT u.turn_id, u.text || char(10) || a.text FROM turns u JOIN turns a
            ON a.reply_to = u.turn_id AND a.role = 'assistant'
            WHERE u.turn_id = coalesce(new.reply_to, new.turn_id)
            ORDER BY a.turn_id DESC LIMIT 1;
    END;

    INSERT INTO recall_fts(rowid, text) SELECT -entry_id, text FROM journal;
    INSERT INTO recall_fts(rowid, text)
        SELECT -(1000000000000 + review_id), text FROM reviews;
    INSERT INTO recall_fts(rowid, text)
        SELECT u.turn_id, u.text || char(10) || a.text FROM turns u JOIN turns a
        ON a.turn_id = (SELECT MAX(turn_id) FROM turns x
                        WHERE x.reply_to = u.turn_id AND x.role = 'assistant')
        WHERE u.role = 'user';
    """,
    # 10: every number of a reply with its outcome (quoted, computed, advice, unsupported) and
    # source, as coach/grounding/ judged it: JSON [{text, start, end, outcome, source}], so a
    # resumed session can show where each number came from. NULL: checked before this.
    """
    ALTER TABLE turns ADD COLUMN numbers TEXT;
    """,
    # 11: a reply whose stream ended early (stopped, cut off, an error event) was billed:
    # message_start's prompt counts are exact, its output_tokens only what was counted so far,
    # a lower bound (1); totals over it are shown with "≥".
    """
    ALTER TABLE turns ADD COLUMN output_is_floor INTEGER NOT NULL DEFAULT 0;
    """,
    # 12: messages still waiting for their reply, found without reading every turn: a process
    # killed mid-reply leaves its message 'pending', and each start marks those older than the
    # longest possible reply interrupted (coach/orphans.py).
    """
    CREATE INDEX idx_turns_pending ON turns(created_at) WHERE status = 'pending';
    """,
    # 13: a review that did not finish (stopped, cut off, refused, empty, ended by a signal)
    # was billed all the same. It is kept as a draft with status 'unfinished' (what arrived,
    # and its cost), never offered for saving, so the review's total counts every attempt;
    # `output_is_floor` marks a cost whose output is only what was received before the stream
    # ended (a lower bound).
    """
    ALTER TABLE review_drafts ADD COLUMN status TEXT NOT NULL DEFAULT 'complete'
        CHECK (status IN ('complete', 'unfinished'));
    ALTER TABLE review_drafts ADD COLUMN output_is_floor INTEGER NOT NULL DEFAULT 0;
    """,
    # 14: a reflection that replaces a journal line it refines keeps the old line on its event:
    # JSON [{entry_id, old_entry_id, old_text, old_entry_date, old_source, old_source_key}].
    """
    ALTER TABLE journal_events ADD COLUMN replaced TEXT NOT NULL DEFAULT '[]';
    """,
    # 15: the recall index merges its segments as soon as two of a size exist (FTS5 waits for
    # four by default): written one exchange at a time, years of chat left it in dozens of
    # segments, each walked by every search, and recall at 50,000 turns took twice as long.
    # An index that exists is merged into one segment, once.
    """
    INSERT INTO recall_fts(recall_fts, rank) VALUES ('automerge', 2);
    INSERT INTO recall_fts(recall_fts) VALUES ('optimize');
    """,
    # 16: a day's own messages found without reading every turn ("what was I moaning to you
    # about that morning?": memory/recall.py, store/search.py `exchanges_within`).
    """
    CREATE INDEX idx_turns_user_day ON turns(created_at) WHERE role = 'user';
    """,
]
