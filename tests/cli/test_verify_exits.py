"""A claim that ends its process (sys.exit, os._exit, a signal, KeyboardInterrupt) is an error of that
claim only: verify reports it with the reason, runs the other claims, exits 1, and stays within its
time limit. Before, the worker pool waited forever for the lost claim, and a claim run alone passed."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from lnsym.claims import Status
from lnsym.runner import run_claim

ROOT = Path(__file__).resolve().parents[2]

EXITS = textwrap.dedent('''
    import os
    import signal
    import sys

    import sympy as sp

    from lnsym import claim

    @claim("user-sys-exit", title="Calls sys.exit", statement="1 = 1")
    def user_sys_exit(c):
        sys.exit(0)

    @claim("user-os-exit", title="Calls os._exit", statement="1 = 1")
    def user_os_exit(c):
        os._exit(0)

    @claim("user-killed", title="Kills itself", statement="1 = 1")
    def user_killed(c):
        os.kill(os.getpid(), signal.SIGKILL)

    @claim("user-interrupt", title="Raises KeyboardInterrupt", statement="1 = 1")
    def user_interrupt(c):
        raise KeyboardInterrupt

    @claim("user-fine", title="A sound claim", statement="a + a = 2a")
    def user_fine(c):
        a = sp.Symbol("a")
        c.equal(a + a, 2 * a, "collect")
''')

EXPECTED = {
    "user-sys-exit": "the claim's code exited the process (sys.exit(0))",
    "user-os-exit": "the worker process died (exit code 0)",
    "user-killed": "the worker process died (SIGKILL)",
    "user-interrupt": "the claim's code raised KeyboardInterrupt",
}


def _verify(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # a subprocess, with a timeout: a claim that ends its process must end neither pytest nor the test
    return subprocess.run([sys.executable, "-m", "lnsym", "verify", *args], capture_output=True, text=True,
                          timeout=90, env=env, cwd=ROOT)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "exits.py").write_text(EXITS)
    return tmp_path


def _rows(stdout: str) -> dict[str, str]:
    """claim id -> its row and its message lines, from verify's table."""
    rows: dict[str, str] = {}
    current = None
    for line in stdout.splitlines():
        if line and not line[0].isspace() and " " in line:
            current = line.split()[0]
            rows[current] = line
        elif current:
            rows[current] += "\n" + line
    return rows


def test_claims_that_end_their_process_are_errors_and_the_others_still_run(folder):
    started = time.monotonic()
    done = _verify(*EXPECTED, "user-fine", "layernorm-worked-example", "--path", str(folder), "--timeout", "10")
    assert time.monotonic() - started < 60
    assert done.returncode == 1, done.stdout + done.stderr
    rows = _rows(done.stdout)
    for claim_id, reason in EXPECTED.items():
        assert "ERROR" in rows[claim_id].split("\n")[0], rows[claim_id]
        assert reason in rows[claim_id]
    assert rows["user-fine"].split()[1] == "proved"
    assert rows["layernorm-worked-example"].split()[1] == "checked"
    assert "2 passed, 4 failed" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("claim_id", ["user-sys-exit", "user-os-exit"])
def test_a_claim_that_ends_its_process_run_alone_is_an_error(folder, claim_id):
    done = _verify(claim_id, "--path", str(folder), "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    assert '"status": "error"' in done.stdout
    assert EXPECTED[claim_id] in done.stdout


def test_a_module_that_exits_at_import_is_a_load_error(tmp_path):
    (tmp_path / "leaves.py").write_text("import sys\n\nsys.exit(0)\n")
    (tmp_path / "exits.py").write_text(EXITS)
    done = _verify("user-fine", "--path", str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "leaves.py:3: the module exited the process at import (sys.exit(0))" in done.stderr
    assert "proved" in _rows(done.stdout)["user-fine"]


def test_run_claim_reports_sys_exit_in_this_process():
    from lnsym import claim

    @claim("in-process-exit", title="exits", statement="1")
    def exits(c):
        sys.exit(3)

    result = run_claim(exits)
    assert result.status is Status.ERROR
    assert result.message == "the claim's code exited the process (sys.exit(3))"


def test_a_worker_that_does_not_stop_is_killed_at_its_limit_and_the_rest_still_runs():
    from lnsym.claim_workers import Workers

    def work(index):
        if index == 0:
            signal.signal(signal.SIGALRM, signal.SIG_IGN)  # as a claim that swallows its time limit
            time.sleep(60)
        return f"done {index}"

    started = time.monotonic()
    results = Workers(1, work, lambda index, reason, seconds: reason, limit=0.5).run(3)
    assert time.monotonic() - started < 10
    assert results[0] == "its worker did not stop within 0.5 s and was killed"
    assert results[1:] == ["done 1", "done 2"]


def test_a_claim_that_swallows_its_time_limit_is_killed_and_reported(tmp_path):
    (tmp_path / "stubborn.py").write_text(textwrap.dedent('''
        import time
        from lnsym import claim

        @claim("user-stubborn", title="Swallows its time limit", statement="1")
        def stubborn(c):
            while True:
                try:
                    time.sleep(100)
                except BaseException:
                    pass
    '''))
    started = time.monotonic()
    done = _verify("user-stubborn", "--path", str(tmp_path), "--timeout", "0.5")
    assert time.monotonic() - started < 30
    assert done.returncode == 1
    assert "ran out of time after 0.5 s, and its worker, still busy 5 s later, was killed" in done.stdout


@pytest.mark.parametrize(("code", "reason"), [(0, "exit code 0"), (7, "exit code 7"), (-9, "SIGKILL"),
                                              (None, "stopped answering")])
def test_death_reason(code, reason):
    from lnsym.claim_workers import death_reason

    assert reason in death_reason(code)
