-- Generated: the schema of a freshly migrated coach-tui database (sqlite_master, sorted
-- by type and name, then the settings of its full-text tables). Do not edit: the
-- migrations in coach_tui/store/migrations.py are the source; regenerate with
-- `python -m tests.unit.test_schema`. A new database is made from this file.
-- Schema version 16 (PRAGMA user_version).

-- index idx_journal_event
CREATE UNIQUE INDEX idx_journal_event
        ON journal(source, source_key, seq)
        WHERE source_key IS NOT NULL;

-- index idx_review_drafts_key
CREATE INDEX idx_review_drafts_key ON review_drafts(period_key, written_on, draft_id);

-- index idx_reviews_key
CREATE INDEX idx_reviews_key ON reviews(period_key, review_id);

-- index idx_turns_pending
CREATE INDEX idx_turns_pending ON turns(created_at) WHERE status = 'pending';

-- index idx_turns_reply_to
CREATE INDEX idx_turns_reply_to ON turns(reply_to);

-- index idx_turns_session
CREATE INDEX idx_turns_session ON turns(session_id, turn_id);

-- index idx_turns_user_day
CREATE INDEX idx_turns_user_day ON turns(created_at) WHERE role = 'user';

-- table daily_steps
CREATE TABLE daily_steps (
        date       TEXT PRIMARY KEY
                   CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        steps      INTEGER NOT NULL CHECK (steps >= 0),
        goal       INTEGER CHECK (goal IS NULL OR goal > 0),
        distance_m REAL CHECK (distance_m IS NULL OR distance_m >= 0),
        source     TEXT NOT NULL,
        synced_at  TEXT NOT NULL
    );

-- table journal
CREATE TABLE journal (
        entry_id   INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        entry_date TEXT NOT NULL,
        source     TEXT NOT NULL,
        source_key TEXT,
        seq        INTEGER NOT NULL DEFAULT 1,
        text       TEXT NOT NULL
    );

-- table journal_events
CREATE TABLE journal_events (
        source        TEXT NOT NULL,
        source_key    TEXT NOT NULL,
        reflected_at  TEXT NOT NULL,
        lines_written INTEGER NOT NULL, replaced TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (source, source_key)
    );

-- table pending_days
CREATE TABLE pending_days (
        date       TEXT PRIMARY KEY
                   CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        first_seen TEXT NOT NULL,
        last_asked TEXT NOT NULL
    );

-- table recall_fts
CREATE VIRTUAL TABLE recall_fts USING fts5(
        text, tokenize='porter unicode61 remove_diacritics 2'
    );

-- table recall_fts_config
CREATE TABLE 'recall_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table recall_fts_content
CREATE TABLE 'recall_fts_content'(id INTEGER PRIMARY KEY, c0);

-- table recall_fts_data
CREATE TABLE 'recall_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table recall_fts_docsize
CREATE TABLE 'recall_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table recall_fts_idx
CREATE TABLE 'recall_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table review_drafts
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
    , status TEXT NOT NULL DEFAULT 'complete'
        CHECK (status IN ('complete', 'unfinished')), output_is_floor INTEGER NOT NULL DEFAULT 0);

-- table reviews
CREATE TABLE reviews (
        review_id    INTEGER PRIMARY KEY AUTOINCREMENT,
        period_key   TEXT NOT NULL,
        period_start TEXT NOT NULL,
        period_end   TEXT NOT NULL,
        created_at   TEXT NOT NULL,
        model        TEXT,
        text         TEXT NOT NULL
    );

-- table sessions
CREATE TABLE sessions (
        session_id  INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at  TEXT NOT NULL,
        model       TEXT NOT NULL,
        system_json TEXT NOT NULL,
        memory_on   INTEGER NOT NULL,
        title       TEXT
    , snapshot_entry_ids TEXT NOT NULL DEFAULT '[]', journal_watermark INTEGER NOT NULL DEFAULT 0, snapshot_deletions INTEGER NOT NULL DEFAULT 0, effort TEXT, max_tokens INTEGER, snapshot_date TEXT, history_from INTEGER NOT NULL DEFAULT 0);

-- table settings
CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );

-- table sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table turns
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
    , reply_to INTEGER REFERENCES turns(turn_id) ON DELETE CASCADE, memory_on INTEGER NOT NULL DEFAULT 0, stop_reason TEXT, recall_journal TEXT NOT NULL DEFAULT '[]', replaced INTEGER NOT NULL DEFAULT 0, unverified TEXT NOT NULL DEFAULT '[]', numbers TEXT, output_is_floor INTEGER NOT NULL DEFAULT 0);

-- trigger recall_journal_delete
CREATE TRIGGER recall_journal_delete AFTER DELETE ON journal BEGIN
        DELETE FROM recall_fts WHERE rowid = -old.entry_id;
    END;

-- trigger recall_journal_insert
CREATE TRIGGER recall_journal_insert AFTER INSERT ON journal BEGIN
        INSERT INTO recall_fts(rowid, text) VALUES (-new.entry_id, new.text);
    END;

-- trigger recall_journal_update
CREATE TRIGGER recall_journal_update AFTER UPDATE OF text ON journal BEGIN
        UPDATE recall_fts SET text = new.text WHERE rowid = -new.entry_id;
    END;

-- trigger recall_reply_insert
CREATE TRIGGER recall_reply_insert AFTER INSERT ON turns
    WHEN new.role = 'assistant' AND new.reply_to IS NOT NULL BEGIN
        DELETE FROM recall_fts WHERE rowid = new.reply_to;
        INSERT INTO recall_fts(rowid, text)
            SELECT u.turn_id, u.text || char(10) || new.text FROM turns u
            WHERE u.turn_id = new.reply_to;
    END;

-- trigger recall_reviews_delete
CREATE TRIGGER recall_reviews_delete AFTER DELETE ON reviews BEGIN
        DELETE FROM recall_fts WHERE rowid = -(1000000000000 + old.review_id);
    END;

-- trigger recall_reviews_insert
CREATE TRIGGER recall_reviews_insert AFTER INSERT ON reviews BEGIN
        INSERT INTO recall_fts(rowid, text) VALUES (-(1000000000000 + new.review_id), new.text);
    END;

-- trigger recall_reviews_update
CREATE TRIGGER recall_reviews_update AFTER UPDATE OF text ON reviews BEGIN
        UPDATE recall_fts SET text = new.text WHERE rowid = -(1000000000000 + new.review_id);
    END;

-- trigger recall_turn_delete
CREATE TRIGGER recall_turn_delete AFTER DELETE ON turns BEGIN
        DELETE FROM recall_fts WHERE rowid = old.turn_id AND old.role = 'user';
    END;

-- trigger recall_turn_update
CREATE TRIGGER recall_turn_update AFTER UPDATE OF text ON turns BEGIN
        DELETE FROM recall_fts WHERE rowid = coalesce(new.reply_to, new.turn_id);
        INSERT INTO recall_fts(rowid, text)
            SELECT u.turn_id, u.text || char(10) || a.text FROM turns u JOIN turns a
            ON a.reply_to = u.turn_id AND a.role = 'assistant'
            WHERE u.turn_id = coalesce(new.reply_to, new.turn_id)
            ORDER BY a.turn_id DESC LIMIT 1;
    END;

-- config recall_fts.automerge
INSERT INTO recall_fts(recall_fts, rank) VALUES ('automerge', 2);
