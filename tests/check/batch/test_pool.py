"""The processes of a run: what they share with the process that forks them."""

from __future__ import annotations

import importlib
import importlib.util
import sys

import pytest

from lnsym.check.batch import pool


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the processes are forked on Linux only")
def test_modules_the_judges_import_on_first_use_are_imported_before_the_fork(monkeypatch):
    # (each worker imported SymPy's physical units at its first `simplify`: 0.19 s of CPU per process)
    imported = []
    monkeypatch.setattr(pool.importlib, "import_module", lambda name: imported.append(name))
    executor = pool.start_pool(2)
    executor.shutdown()
    assert imported == list(pool.FIRST_USE)
    assert "sympy.physics.units" in imported
    assert pool.FIRST_USE and all(importlib.util.find_spec(name) is not None for name in pool.FIRST_USE)


def test_one_process_imports_nothing_ahead(monkeypatch):
    imported = []
    monkeypatch.setattr(pool.importlib, "import_module", lambda name: imported.append(name))
    pool.start_pool(1).shutdown()
    assert imported == []
