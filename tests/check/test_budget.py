"""Time budgets per file and per run: the steps left when one runs out are unchecked, with the reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from lnsym.check.budget import Deadline, RunBudget
from lnsym.check.judges.judgement import Judgement, StatementJob
from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text
from lnsym.check.run import check_paths


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_only_a_deadline_on_real_time_arms_a_timer_of_real_time():
    """A timer of real time stops a stage when a deadline on real time passes; a deadline on another clock (a
    test's ticks) arms none: the timer would fire at a moment that says nothing of that clock and read it there, so
    where a check stopped would depend on the machine's speed (a test of the spans left when the budget runs out
    failed under load in CI)."""
    import signal

    from lnsym.check.budget import stopping

    assert Deadline(60, None).real_time and not Deadline(60, None, clock=Clock()).real_time
    with stopping(Deadline(60, None, clock=Clock())):
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with stopping(Deadline(60, None)):
        assert signal.getitimer(signal.ITIMER_REAL)[0] > 0
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # (and disarmed after)


def test_a_deadline_is_the_earlier_of_the_file_and_the_run():
    clock = Clock()
    budget = RunBudget(file_seconds=10, run_seconds=25, clock=clock)
    first = budget.file()
    assert first.remaining() == 10 and not first.expired()
    clock.now += 10
    assert first.expired() and "file's time budget of 10 s" in first.reason()
    second = budget.file()  # a new file gets its own 10 s ...
    assert second.remaining() == 10
    clock.now += 8
    third = budget.file()  # ... but never more than the run has left
    assert third.remaining() == 7 and "--run-seconds" in third.reason() and "25 s" in third.reason()
    clock.now += 7
    assert third.expired() and budget.file().expired()


def test_no_limit():
    clock = Clock()
    for d in (Deadline(None, None, clock=clock), Deadline(0, 0, clock=clock)):
        clock.now += 1e9
        assert not d.expired()


# A step far slower than the 1 s budgets below on any machine: twenty thousand distinct products of radicals
# (about 19 s of CPU on the 2-core machine of 2026-12-05, under the 10,000-term limit of a sum). The step used
# before, (1+sqrt 2)^2000 (1-sqrt 2)^2000 = 1, took 1.2 s here and was decided within the budget on a faster
# machine, so the test failed there: a budget test needs a step that no machine finishes within the budget.
SLOW = "$\\sum_{i=1}^{10000} \\sqrt{i}\\sqrt{i+1} = \\sum_{i=1}^{10000} \\sqrt{i}\\sqrt{i+2}$\n\n"


def test_a_spent_budget_leaves_every_remaining_step_unchecked_with_the_reason():
    clock = Clock()
    deadline = Deadline(5, None, clock=clock)
    clock.now += 6
    with Worker() as w:
        report = check_text("$1+1=2$ and $2+2=5$\n\n$\\frac{1}{3}\\approx 0.33$", "k.md", w, deadline=deadline)
    assert [f.verdict.value for f in report.findings] == ["unchecked"] * 3
    assert report.findings and all("file's time budget of 5 s ran out" in f.reason for f in report.findings)
    with Worker() as w:
        fresh = check_text("$1+1=2$ and $2+2=5$", "k.md", w, deadline=Deadline(60, None))
    assert [f.verdict.value for f in fresh.findings] == ["correct", "wrong"]


def test_a_step_running_when_the_budget_ends_is_stopped(tmp_path):
    slow = tmp_path / "slow.md"
    slow.write_text(SLOW * 10, encoding="utf-8")
    easy = tmp_path / "easy.md"
    easy.write_text("$2+2=5$\n", encoding="utf-8")
    t = time.monotonic()
    report = check_paths([str(slow), str(easy)], file_seconds=1.0, run_seconds=None)
    took = time.monotonic() - t
    first, second = report.files
    reasons = [f.reason for f in first.findings]
    assert len(reasons) == 10 and all(r.startswith(("timed out", "not checked: the file's")) for r in reasons)
    assert sum("file's time budget of 1 s" in r for r in reasons) >= 9
    assert [f.verdict.value for f in second.findings] == ["wrong"]  # the run goes on
    assert took < 15  # a second of budget, not ten steps of two seconds


def test_the_command_line_takes_the_flags(tmp_path):
    slow = tmp_path / "slow.md"
    slow.write_text(SLOW * 5, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "lnsym", "check", "--json", "--run-seconds", "0.5", str(slow)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["summary"]["unchecked"] == 5
    assert any("run's time budget of 0.5 s" in f["reason"] for f in data["files"][0]["findings"])


@pytest.mark.parametrize("bad", ["-1", "soon", "nan", "inf"])
def test_a_bad_budget_is_a_usage_error(tmp_path, bad):
    key = tmp_path / "k.md"
    key.write_text("$1=1$", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "lnsym", "check", "--file-seconds", bad, str(key)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--file-seconds" in result.stderr and "Traceback" not in result.stderr


def test_keys_checked_in_several_processes_give_the_same_report_in_order(tmp_path):
    """`check --jobs N`: the files are shared among processes; findings and order are those of one process,
    and each file keeps its own budget (a slow key runs out of its budget, the others are checked)."""
    from check_fixtures import NOTEBOOK

    keys = {"a.md": "$\\mu = \\frac{2+4}{2} = 3$. So $\\mu = 4$.\n", "b.tex": "$2 \\times 3 = 7$ and $1+1=2$\n",
            "c.ipynb": NOTEBOOK, "d.md": SLOW * 4, "e.md": "Then $x = 2$, so $x + 1 = 3$.\n"}
    paths = []
    for name, text in keys.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / name))
    one = check_paths(paths, file_seconds=1.0, run_seconds=None)
    two = check_paths(paths, file_seconds=1.0, run_seconds=None, jobs=2)
    assert [f.path for f in two.files] == paths
    # the slow key's first step may end as "timed out" or at its budget, by a few milliseconds
    assert [f.to_json() for k, f in enumerate(two.files) if k != 3] == \
        [f.to_json() for k, f in enumerate(one.files) if k != 3]
    assert [f.verdict.value for f in two.files[0].findings] == ["unchecked", "correct", "wrong"]
    assert two.files[3].findings and all(f.verdict.value == "unchecked" for f in two.files[3].findings)


# -- issue 15: the worker's own process, driven from the test process (the parent's side runs here, so that
# mutation testing sees it; the child's loop, _serve, runs only in the forked process) ------------------------
def test_a_worker_process_decides_steps_and_starts_again_after_close():
    with Worker(step_seconds=30, here=False) as w:  # every statement in the evaluator process
        w.inline = False  # the real child process even under LNSYM_CHECK_INLINE=1
        report = check_text("$1+1=2$ and $2+2=5$", "k.md", w)
        assert [(f.verdict.value, f.expected) for f in report.findings] == [("correct", ""), ("wrong", "4")]
        assert w._proc is not None and w._proc.is_alive()
        cpu = w._cpu()
        assert cpu is not None and cpu >= 0
        w.close()
        assert w._proc is None and w._conn is None and w._cpu() is None
        again = check_text("$3 \\cdot 4 = 12$", "k.md", w)  # a new process is started for the next step
        assert [f.verdict.value for f in again.findings] == ["correct"]


def test_the_wait_for_a_step_is_the_step_limit_or_what_is_left_of_the_deadline():
    clock = Clock()
    w = Worker(step_seconds=2.0)
    assert w._poll_seconds() == (2.0, False)
    w.deadline = Deadline(60, None, clock=clock)
    assert w._poll_seconds() == (2.0, False)
    clock.now += 59.5
    assert w._poll_seconds() == (0.5, True)  # the deadline comes first


@dataclass
class _DiesOnItsFirstStep(StatementJob):
    """A job whose evaluator process dies on step 0 (as under the kernel's out-of-memory killer) and decides
    every later step."""

    def run(self, emit) -> None:
        if self.start == 0:
            os._exit(1)
        assert self.skip_terms == {0, 1}  # the dead step's terms are not evaluated again
        for i in range(self.start, len(self.trees) - 1):
            emit(i, Judgement("correct"))
        emit(-1, {})


def test_when_the_worker_dies_on_a_step_that_step_is_unchecked_and_the_statement_goes_on():
    job = _DiesOnItsFirstStep(trees=[None] * 4, errors=[""] * 4, sources=["1"] * 4, rels=["="] * 3)
    with Worker(step_seconds=30) as w:
        w.inline = False
        results, _ = w.run(job)
        assert results == {0: Judgement("unchecked", "", "the evaluator ran out of memory"),
                           1: Judgement("correct"), 2: Judgement("correct")}
        assert w._proc is not None and w._proc.is_alive()  # a new process decided steps 1 and 2
