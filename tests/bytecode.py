"""Compile the suite's Python once, before pytest-xdist starts its workers (tests/conftest.py).

On a fresh checkout nothing of the repository is compiled yet: every worker rewrote the asserts of
all the test modules on its own (pytest keeps the result in `__pycache__`, but the workers start
together, so each one paid it: about 5 s of CPU a worker), and the `coach-tui` processes the tests
start compiled the package from its source (where PYTHONDONTWRITEBYTECODE is set, as on our
machines, they never keep what they compiled). Where it is set, the pytest plugins whose asserts
pytest rewrites (anyio, syrupy, pytest-asyncio...) were also rewritten by every process of every
run, warm or not: they are imported before tests/conftest.py can turn the writing back on.

Here the controller (or the one process of `-n 0`) does it once, split between itself and a forked
child, and writes it where every process looks first: the rewritten modules where pytest keeps
them (`__pycache__`, under pytest's tag), coach_tui/, tests/ and bench/ as plain bytecode. What is
already compiled and up to date is left alone; a warm run only checks (about 0.1 s).
"""

from __future__ import annotations

import contextlib
import fnmatch
import importlib.util
import os
import py_compile
import struct
import sys
from pathlib import Path

import pytest
from _pytest.assertion import rewrite

ROOT = Path(__file__).resolve().parents[1]
_PLAIN = ("coach_tui", "tests", "bench")


def compile_once(config: pytest.Config) -> None:
    """Write every missing or stale pyc the suite's processes would otherwise each compile."""
    if hasattr(config, "workerinput"):
        return  # a worker: its controller did it before starting it
    hook = next((h for h in sys.meta_path if isinstance(h, rewrite.AssertionRewritingHook)), None)
    by_pytest = _rewritten_by_pytest(config, hook) if hook is not None else []
    rewritten = [path for path in by_pytest if _rewritten_stale(path)]
    plain = [path for folder in _PLAIN for path in sorted((ROOT / folder).rglob("*.py"))
             if path not in set(by_pytest) and _plain_stale(path)]
    jobs = [(True, path) for path in rewritten] + [(False, path) for path in plain]
    # Half in a forked child: on two cores this holds back the workers' start half as long.
    pid = os.fork() if len(jobs) > 16 and hasattr(os, "fork") else -1
    share = jobs[1::2] if pid == 0 else jobs[::2] if pid > 0 else jobs
    try:
        for is_rewritten, path in share:
            if is_rewritten:
                _rewrite(config, path)
            else:
                _compile(path)
    finally:
        if pid == 0:
            os._exit(0)  # the child: nothing of pytest's to finish
        if pid > 0:
            os.waitpid(pid, 0)


def _rewritten_by_pytest(config: pytest.Config, hook: rewrite.AssertionRewritingHook) -> list[Path]:
    """The modules pytest rewrites: test modules, conftest.py files, and the plugins it has
    already rewritten in this process."""
    patterns = config.getini("python_files")
    tests = [path for path in sorted((ROOT / "tests").rglob("*.py"))
             if path.name == "conftest.py" or any(fnmatch.fnmatch(path.name, p) for p in patterns)]
    plugins = [Path(fn) for fn in hook._rewritten_names.values()]
    return list(dict.fromkeys(tests + plugins))


def _rewritten_pyc(path: Path) -> Path:
    return rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)


def _rewritten_stale(path: Path) -> bool:
    """pytest's own test (`_read_pyc`) from the header alone: the source's mtime and size."""
    try:
        with open(_rewritten_pyc(path), "rb") as pyc:
            header = pyc.read(16)
        source = path.stat()
    except OSError:
        return True
    return (header[:4] != importlib.util.MAGIC_NUMBER
            or header[8:16] != struct.pack("<LL", int(source.st_mtime) & 0xFFFFFFFF,
                                           source.st_size & 0xFFFFFFFF))


def _rewrite(config: pytest.Config, path: Path) -> None:
    """Rewrite one module's asserts and write it as pytest itself does (an atomic rename: a worker
    reading it meanwhile sees the whole file or none, and then rewrites it itself)."""
    pyc = _rewritten_pyc(path)
    if not rewrite.try_makedirs(pyc.parent):
        return
    try:
        source_stat, code = rewrite._rewrite_test(path, config)
    except (SyntaxError, ValueError, OSError):
        return  # a broken test module: its collection reports it, as without this
    rewrite._write_pyc(config.stash[rewrite.assertstate_key], code, source_stat, pyc)


def _plain_stale(path: Path) -> bool:
    try:
        return os.stat(importlib.util.cache_from_source(str(path))).st_mtime < path.stat().st_mtime
    except OSError:
        return True


def _compile(path: Path) -> None:
    with contextlib.suppress(py_compile.PyCompileError, OSError):
        py_compile.compile(str(path), doraise=True)  # a broken module: its import says so
