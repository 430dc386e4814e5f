"""The engine fixtures (`settings`, `conn` on the test's home) for the fault tests."""

from tests.engine_support import conn, settings  # noqa: F401
