"""The `slow` marker is found, not written by hand (tests/conftest.py): a test that starts a process, directly,
through a function of its module, a fixture or a module-level configuration, is marked; one that does not is not."""

from __future__ import annotations

import importlib.util
import sys
import textwrap

import conftest

SOURCE = textwrap.dedent('''
    import subprocess
    import sys

    import pytest

    SERVER = [sys.executable, "-m", "lnsym", "lsp"]


    def run(*args):
        return subprocess.run([sys.executable, "-m", "lnsym", *args], check=False)


    def twice(*args):
        return run(*args), run(*args)


    @pytest.fixture
    def server():
        return SERVER


    def pure(x):
        return x + 1
''')


def _module(tmp_path):
    path = tmp_path / "fake_tests_module.py"
    path.write_text(SOURCE, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("fake_tests_module", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["fake_tests_module"] = module
    spec.loader.exec_module(module)
    return module


def test_helpers_fixtures_and_configurations_that_start_a_process_are_found(tmp_path):
    try:
        starters = conftest._starters(_module(tmp_path))
    finally:
        sys.modules.pop("fake_tests_module", None)
    assert {"run", "twice", "server", "SERVER"} <= starters
    assert "pure" not in starters

