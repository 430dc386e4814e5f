"""The engine fixtures (`settings`, `conn` on the test's home) for the fault tests."""


