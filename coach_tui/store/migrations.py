"""Numbered schema migrations, applied in order on `PRAGMA user_version`.

Append new steps; never edit one that has shipped. Each step runs in one transaction with
the version bump, so a database is always at exactly one version.
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
]
