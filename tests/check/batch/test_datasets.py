"""Datasets of solutions: records, the per-record function, ``check --jsonl`` (order, parallel runs, resume,
bad records, exit codes, bounded window)."""

from __future__ import annotations

import json
import multiprocessing as mp
import pickle

import pytest

from lnsym.check.batch import jsonl_run
from lnsym.check.batch.jsonl_run import JsonlOptions, RunTotals, run_jsonl
from lnsym.check.batch.solution import check_line, check_record
from lnsym.check.sources.records import RecordError, solution_steps
from lnsym.cli import main

SLOW = JsonlOptions(step_seconds=10)  # generous: the machine may be loaded; a timeout is not a result


def chain(k: int, wrong_at: int | None = None) -> list[str]:
    """A chain of plain-text arithmetic in four steps; ``wrong_at`` puts a wrong digit in that step."""
    a, b = k % 9 + 2, k % 7 + 3
    steps = [f"We need ({a} + {b}) * {a}.", f"First, {a} + {b} = {a + b}.", f"Then {a + b} * {a} = {(a + b) * a}.",
             f"So the answer is {(a + b) * a}."]
    if wrong_at is not None:
        steps[wrong_at] = steps[wrong_at].replace(f"= {a + b}." if wrong_at == 1 else f"= {(a + b) * a}.",
                                                  f"= {a + b + 1}." if wrong_at == 1 else f"= {(a + b) * a + 10}.")
    return steps


def write_jsonl(path, rows) -> None:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")


def read_jsonl(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- records -------------------------------------------------------------------------------------------------

def test_the_solution_field_is_found_or_named():
    assert solution_steps({"steps": ["a", "b"], "solution": "c"}, None) == ["a", "b"]
    assert solution_steps({"solution": "c"}, None) == ["c"]
    assert solution_steps({"answer": "d"}, "answer") == ["d"]
    with pytest.raises(RecordError, match="no field 'steps' or 'solution'"):
        solution_steps({"problem": "p"}, None)
    with pytest.raises(RecordError, match="expected a text or a list of texts"):
        solution_steps({"steps": [1, 2]}, None)


def test_check_record_names_the_first_wrong_step():
    good = check_record({"id": "g", "steps": chain(1)}, step_seconds=10)
    assert good["id"] == "g" and good["first_wrong_step"] is None and good["summary"]["wrong"] == 0
    assert good["summary"]["correct"] >= 2
    for k in (1, 2):  # mutation: a wrong digit in step k is caught there
        bad = check_record({"id": "b", "steps": chain(1, wrong_at=k)}, step_seconds=10)
        assert bad["first_wrong_step"] == k
        assert [f["step"] for f in bad["findings"] if f["verdict"] == "wrong"] == [k]


def test_a_text_solution_is_step_0_and_ids_fall_back_to_the_line():
    r = check_record({"solution": "So 3 + 4 = 8."}, line=7, step_seconds=10)
    assert r["id"] == 7 and r["first_wrong_step"] == 0
    assert check_record({"key": "q", "solution": "1 + 1 = 2"}, id_field="key", step_seconds=10)["id"] == "q"


def _verdicts(record: dict) -> dict[str, str]:
    return {f["source"]: f["verdict"] for f in check_record(record)["findings"]}


def test_the_problem_and_the_other_steps_set_the_notation_of_every_step():
    """Each step is its own text, but "[x] denotes the greatest integer" in the problem, a Legendre symbol named
    in another step, or notation the problem defines hold in every step; without them the same steps are read
    as usual and refuted."""
    floor = {"problem": r"Here $[x]$ denotes the greatest integer not exceeding $x$.", "steps": [r"So $[-1.2] = -2$."]}
    assert _verdicts(floor)["[-1.2] = -2"] == "correct"
    assert _verdicts({"steps": floor["steps"]})["[-1.2] = -2"] == "wrong"
    legendre = {"steps": ["We use quadratic reciprocity.", r"So $\left(\frac{2}{11}\right) = -1$."]}
    assert _verdicts(legendre)[r"\left(\frac{2}{11}\right) = -1"] == "unchecked"
    assert _verdicts({"steps": legendre["steps"][1:]})[r"\left(\frac{2}{11}\right) = -1"] == "wrong"
    boxed = {"question": r"For a positive integer $n$, let $\boxed{n}$ denote the sum of its divisors.",
             "steps": [r"So $\boxed{11} = 12$."]}
    assert _verdicts(boxed)[r"\boxed{11} = 12"] == "unchecked"
    assert _verdicts({"steps": boxed["steps"]})[r"\boxed{11} = 12"] == "wrong"


def test_a_step_the_next_step_takes_back_is_rejected():
    got = check_record({"steps": ["7*8 = 54", "wait no, 7*8 is 56 not 54", "56*2 = 112"]})["findings"]
    assert [(f["source"], f["verdict"], f["role"]) for f in got] == [
        ("7*8 = 54", "unchecked", "rejected"), ("56*2 = 112", "correct", "assertion")]
    # a next step that goes on from it does not take it back
    got = check_record({"steps": ["7*8 = 54", "so 54*2 = 108"]})
    assert got["first_wrong_step"] == 0


def test_a_bad_record_is_an_error_object_not_an_exception():
    assert check_line(b"{not json", 3) == {"id": None, "line": 3,
                                           "error": "line 3: not JSON (Expecting property name enclosed in double "
                                                    "quotes)"}
    assert check_line(b"[1, 2]", 4)["error"] == "line 4: a JSON list, expected an object"
    assert check_line(b'{"id": "z"}', 5) == {"id": "z", "error": "no field 'steps' or 'solution' (use --field NAME)"}
    assert check_line(b'{"id": "z", "text": "1 + 1 = 3"}', 5, field="text", step_seconds=10)["first_wrong_step"] == 0


def _square_id(record):
    return check_record(record, step_seconds=10)


def test_check_record_pickles_and_runs_in_other_processes():
    assert pickle.loads(pickle.dumps(check_record)) is check_record
    records = [{"id": k, "steps": chain(k, wrong_at=1 if k % 2 else None)} for k in range(6)]
    here = [check_record(r, step_seconds=10) for r in records]
    with mp.get_context("spawn").Pool(2) as pool:  # as datasets.Dataset.map(num_proc=2) does
        there = pool.map(_square_id, records)
    assert there == here


# -- --jsonl --------------------------------------------------------------------------------------------------

@pytest.fixture
def dataset(tmp_path):
    rows = [{"id": f"r{k}", "steps": chain(k, wrong_at=(1 if k % 3 == 0 else None))} for k in range(12)]
    rows.insert(5, "this line is not JSON")
    rows.insert(8, {"id": "nofield", "problem": "?"})
    path = tmp_path / "in.jsonl"
    write_jsonl(path, rows)
    return path


def test_jsonl_output_is_in_input_order_and_the_same_with_any_number_of_jobs(dataset, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    t1 = run_jsonl(str(dataset), str(one), SLOW, jobs=1, progress=False)
    t2 = run_jsonl(str(dataset), str(two), SLOW, jobs=2, progress=False)
    assert one.read_bytes() == two.read_bytes()
    out = read_jsonl(one)
    assert [r["id"] for r in out] == ["r0", "r1", "r2", "r3", "r4", None, "r5", "r6", "nofield", "r7", "r8", "r9",
                                      "r10", "r11"]
    assert [r.get("first_wrong_step") for r in out if "error" not in r] == [1 if k % 3 == 0 else None
                                                                            for k in range(12)]
    assert t1.records == t2.records == 14 and t1.bad == 2 and t1.wrong == 4
    assert t1.exit_code() == 5


def test_resume_keeps_complete_lines_and_cuts_a_half_written_one(dataset, tmp_path):
    full = tmp_path / "full.jsonl"
    run_jsonl(str(dataset), str(full), SLOW, jobs=1, progress=False)
    lines = full.read_bytes().splitlines(keepends=True)
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(lines[:4]) + lines[4][:25])  # killed while writing line 5
    totals = run_jsonl(str(dataset), str(part), SLOW, jobs=2, resume=True, progress=False)
    assert totals.skipped == 4 and totals.records == len(lines) - 4
    assert part.read_bytes() == full.read_bytes()


def _instant_check(number, raw, options):
    return json.dumps({"id": number}), (False, False, False, False)


def test_the_window_bounds_what_is_read_ahead(monkeypatch, tmp_path):
    consumed = []

    def lines():
        for k in range(1, 2001):
            consumed.append(k)
            yield k, json.dumps({"id": k, "solution": "1 + 1 = 2"}).encode()

    class Out:
        first_at = None

        def write(self, data):
            if self.first_at is None:
                self.first_at = len(consumed)

        def flush(self):
            pass

    out = Out()
    monkeypatch.setattr(jsonl_run, "_check", _instant_check)
    jsonl_run._parallel(lines(), out, SLOW, 2, RunTotals(), type("Bar", (), {"update": lambda self, n: None})())
    assert len(consumed) == 2000
    assert out.first_at <= 16 * 2 + 16 + 1  # not the whole input before the first line is written


def test_exit_codes_follow_the_readme():
    assert RunTotals().exit_code() == 0
    assert RunTotals(wrong=1).exit_code() == 1
    assert RunTotals(imprecise=1).exit_code() == 0 and RunTotals(imprecise=1).exit_code(strict=True) == 1
    assert RunTotals(wrong=1, bad=1).exit_code() == 5
    assert RunTotals(wrong=1, bad=1, failed=1).exit_code() == 4


# -- the command line ---------------------------------------------------------------------------------------

def test_cli_jsonl_to_stdout_and_from_stdin(tmp_path, capsys, monkeypatch):
    path = tmp_path / "in.jsonl"
    write_jsonl(path, [{"id": "a", "solution": "So 2 + 2 = 4."}, {"id": "b", "solution": "So 2 + 2 = 5."}])
    assert main(["check", "--jsonl", str(path), "--jobs", "1"]) == 1
    out, err = capsys.readouterr()
    assert [json.loads(line)["first_wrong_step"] for line in out.splitlines()] == [None, 0]
    assert "2 records checked" in err and "rec/s" not in out
    with open(path, "rb") as stdin:
        monkeypatch.setattr("sys.stdin", type("In", (), {"buffer": stdin})())
        assert main(["check", "--jsonl", "-", "--jobs", "1", "--progress"]) == 1
    out2, err2 = capsys.readouterr()
    assert out2 == out and "rec/s" in err2  # the bar on stderr, never in the JSON stream


def test_cli_field_and_id_field(tmp_path, capsys):
    path = tmp_path / "in.jsonl"
    write_jsonl(path, [{"key": "k1", "text": ["1 + 1 = 2", "so 2 * 3 = 7"]}])
    assert main(["check", "--jsonl", str(path), "--field", "text", "--id-field", "key", "--jobs", "1"]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert json.loads(line)["id"] == "k1" and json.loads(line)["first_wrong_step"] == 1


def test_cli_bad_usage_and_unreadable_input_write_nothing(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert main(["check", "--jsonl", str(tmp_path / "missing.jsonl"), "-o", str(out)]) == 2
    assert not out.exists()
    assert main(["check", "--jsonl", str(tmp_path)]) == 2
    assert main(["check", "--jsonl", str(tmp_path / "x"), "key.md"]) == 2
    assert main(["check", "--resume", "key.md"]) == 2
    assert main(["check", "--jsonl", "-", "--resume"]) == 2
    assert main(["check", "--jsonl", "-", "--jobs", "0"]) == 2
    assert main(["check", "--jobs", "0", "key.md"]) == 2
    assert main(["check", "--jsonl", "-", "--step-seconds", "0"]) == 2
    assert main(["check", "--step-seconds", "1", "key.md"]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "Traceback" not in err
    # a flag of the other mode is refused, not silently ignored
    assert main(["check", "--id-field", "name", "key.md"]) == 2
    assert "--id-field applies to --jsonl only" in capsys.readouterr().err
    for flag in ("--file-seconds", "--run-seconds"):
        assert main(["check", "--jsonl", "-", flag, "3"]) == 2
        assert "--run-seconds apply to PATHs" in capsys.readouterr().err


def test_an_evaluator_ends_when_its_parent_is_killed(tmp_path):
    """A pool process killed mid-run (Ctrl-C, a cluster reclaiming a worker) must not leave its evaluator
    behind: the evaluator sees the end of its pipe and exits."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "parent.py"
    # the statement goes to the evaluator process, as from a thread of Dataset.map or a Dask worker
    script.write_text("import sys, time\nfrom lnsym.check.batch import solution\n"
                      "solution._process_worker(2.0).here = False\n"
                      "solution.check_record({'solution': '1 + 1 = 2'})\n"
                      "print(solution._WORKER[1]._proc.pid, flush=True)\n"
                      "time.sleep(60)\n")
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    for _ in range(100):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        with open(f"/proc/{child}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                return  # exited; only its entry waits for init to reap it
        time.sleep(0.1)
    os.kill(child, signal.SIGKILL)
    raise AssertionError("the evaluator outlived its parent")


def test_a_terminated_run_leaves_no_process_behind(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "in.jsonl"
    # enough records that the run is still going when it is stopped: 400 plain chains take under a second
    write_jsonl(path, [{"id": k, "steps": chain(k)} for k in range(20_000)])
    run = subprocess.Popen([sys.executable, "-m", "lnsym", "check", "--jsonl", str(path), "-o",
                            str(tmp_path / "out.jsonl"), "--jobs", "2", "--no-progress"], stderr=subprocess.DEVNULL)
    children: list[int] = []
    deadline = time.time() + 60
    while len(children) < 2 and time.time() < deadline:  # wait for the workers (start-up on a loaded machine)
        time.sleep(0.1)
        children = [int(p) for p in os.listdir("/proc") if p.isdigit() and _parent(int(p)) == run.pid]
    assert children, "no worker processes seen"
    time.sleep(2)  # their evaluators start with the first records
    children += [int(p) for p in os.listdir("/proc") if p.isdigit() and _parent(int(p)) in children]
    os.kill(run.pid, signal.SIGTERM)
    run.wait(timeout=60)
    deadline = time.time() + 60  # generous: a loaded machine
    while time.time() < deadline and any(_alive(p) for p in children):
        time.sleep(0.2)
    left = [p for p in children if _alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    assert not left


def _parent(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
