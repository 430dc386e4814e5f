"""SQLite storage: one connection factory, numbered migrations, one module per table."""

from coach_tui.store.db import StoreError, connect, transaction

__all__ = ["StoreError", "connect", "transaction"]
