"""coach-tui: a terminal chat with your fitness coach.

`__version__` is the installed package's version (pyproject.toml, through importlib.metadata),
read when first asked for: importing importlib.metadata costs startup time the app need not pay.
"""

DIST_NAME = "coach-tui"


def __getattr__(name: str) -> str:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version(DIST_NAME)
        except PackageNotFoundError:  # run from a source tree that was never installed
            found = "0+unknown"
        globals()["__version__"] = found  # read once: the next lookups find it here
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
