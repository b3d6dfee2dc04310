"""``lnsym check``'s processes end with it: killed (``SIGKILL``), its ``--jobs`` processes and evaluators end too;
interrupted (``SIGINT``, Ctrl-C), any run stops within a second or two, exit 130, one line on standard error,
no traceback, no child left and nothing half-written at an output path.

Each test starts the command line as a subprocess and watches its descendants through ``/proc``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")

ROOT = Path(__file__).resolve().parents[2]
# about 9 s of CPU, so its step times out (2 s of CPU, or --step-seconds): a process stays busy inside a record
SLOW = "$\\sum_{i=1}^{10000} \\sqrt{i}\\sqrt{i+1} = \\sum_{i=1}^{10000} \\sqrt{i}\\sqrt{i+2}$"


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state first), None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")  # a zombie has ended; init reaps it


def _descendants(pid: int) -> set[int]:
    parents = {}
    for name in os.listdir("/proc"):
        if name.isdigit() and (fields := _stat(int(name))) is not None:
            parents[int(name)] = int(fields[1])
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        children = {c for c, pp in parents.items() if pp == p} - found
        found |= children
        todo.extend(children)
    return found


def _start(args: list[str], cwd: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "lnsym", "check", *args], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _deciding(pid: int) -> bool:
    """Is the process deciding a step? It has a handler of SIGPROF then (judges/worker.py, _run_here)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            caught = int(next(line for line in f if line.startswith("SigCgt:")).split()[1], 16)
    except (OSError, StopIteration):
        return False
    return bool(caught >> (signal.SIGPROF - 1) & 1)


def _busy(proc: subprocess.Popen, count: int) -> set[int]:
    """The descendants of ``proc`` once ``count`` of them (or ``proc`` itself, for 0) decide a step."""
    give_up = time.monotonic() + 30
    while True:
        kids = _descendants(proc.pid)
        if sum(map(_deciding, kids or {proc.pid})) >= max(count, 1):
            return kids
        assert proc.poll() is None and time.monotonic() < give_up, proc.stderr.read().decode()
        time.sleep(0.05)


def _gone_within(pids: set[int], seconds: float) -> set[int]:
    """The processes among ``pids`` still running after ``seconds``."""
    give_up = time.monotonic() + seconds
    while (live := {p for p in pids if _alive(p)}) and time.monotonic() < give_up:
        time.sleep(0.05)
    return live


def _end(proc: subprocess.Popen, pids: set[int]) -> None:
    """Leave nothing running after a failed test."""
    for p in pids | {proc.pid}:
        if _alive(p):
            os.kill(p, signal.SIGKILL)
    proc.wait(10)
    proc.stderr.close()


def _records(path: Path, n: int) -> Path:
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            steps = [f"So {i} + 1 = {i + 1}.", "Then 2 + 2 = 4."] + [SLOW] * (i % 3 == 2)
            f.write(json.dumps({"id": i, "steps": steps}) + "\n")
    return path


def _folder(path: Path, n: int) -> Path:
    path.mkdir()
    for i in range(n):
        (path / f"k{i:02d}.md").write_text(f"$1 + {i} = {i + 1}$\n\n" + f"{SLOW}\n\n" * 8, encoding="utf-8")
    return path


@pytest.mark.parametrize("run", ["jsonl", "folder"])
def test_the_processes_of_a_killed_run_end_with_it(tmp_path, run):
    """Before: after `kill -9` of `check --jsonl --jobs 2` both processes lived on (they had inherited the parent's
    SIGTERM handler, whose SystemExit the pool's loop took for a failed record)."""
    if run == "jsonl":
        args = ["--jsonl", str(_records(tmp_path / "in.jsonl", 40)), "--jobs", "2", "-o", str(tmp_path / "out.jsonl")]
    else:
        args = [str(_folder(tmp_path / "keys", 6)), "--jobs", "2"]
    proc = _start(args, tmp_path)
    kids: set[int] = set()
    try:
        kids = _busy(proc, 2)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert _gone_within(kids, 5) == set()
    finally:
        _end(proc, kids)


@pytest.mark.parametrize("run", ["folder --jobs 2", "folder --jobs 1", "jsonl --jobs 2"])
def test_sigint_stops_a_run_at_once(tmp_path, run):
    """Before: a folder run with --jobs 2 went on for as long as its processes' current files (up to the file's
    budget, 30 s: Python's exit waited for them); its output (-o or --report) must not be half-written."""
    kind, _, jobs = run.split()
    if kind == "jsonl":
        out = tmp_path / "out.jsonl"
        args = ["--jsonl", str(_records(tmp_path / "in.jsonl", 40)), "-o", str(out)]
    else:
        out = tmp_path / "report.md"
        args = [str(_folder(tmp_path / "keys", 6)), "--report", str(out)]
    proc = _start([*args, "--jobs", jobs], tmp_path)
    kids: set[int] = set()
    try:
        kids = _busy(proc, 2 if jobs == "2" else 0)
        while kind == "jsonl" and not (out.exists() and out.stat().st_size):  # a line written before the signal
            assert proc.poll() is None
            time.sleep(0.05)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(2.5)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running {time.monotonic() - sent:.1f} s after SIGINT")
        assert code == 130
        assert proc.stderr.read().decode() == "lnsym check: interrupted\n"
        assert _gone_within(kids, 1) == set()
        if kind == "jsonl":  # the lines written are whole
            data = out.read_bytes()
            assert data.endswith(b"\n") and all(json.loads(line)["id"] >= 0 for line in data.splitlines())
        else:
            assert not out.exists() and not list(tmp_path.glob(".report.md.*"))
    finally:
        _end(proc, kids)


def test_an_interrupted_write_leaves_complete_lines(tmp_path, monkeypatch):
    """Ctrl-C within the write of a line: the part written is cut off, as --resume would cut it."""
    from lnsym.check.batch import jsonl_run

    written = []

    def write(out, done, totals, bar):
        if written:
            out.write(b'{"id": 1, "first_wrong')
            out.flush()
            raise KeyboardInterrupt
        written.append(done)
        out.write(b'{"id": 0}\n')

    monkeypatch.setattr(jsonl_run, "_write", write)
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(json.dumps({"id": i, "steps": ["1 + 1 = 2."]}) for i in range(3)), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        jsonl_run.run_jsonl(str(source), str(out), jobs=1, progress=False)
    assert out.read_bytes() == b'{"id": 0}\n'


@pytest.mark.parametrize("main_thread", [True, False], ids=["death signal", "watching thread"])
def test_a_child_ends_when_its_parent_ends(main_thread):
    """lifetime.end_with_parent: the kernel's death signal (Linux, a child forked from the main thread) or, where
    that cannot be used, a thread watching os.getppid()."""
    script = (
        "import os, time\n"
        "from lnsym.check.lifetime import end_with_parent, parent_token\n"
        "parent, _ = parent_token()\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        f"    end_with_parent(parent, {main_thread})\n"
        "    time.sleep(60)\n"
        "    os._exit(0)\n"
        "print(pid, flush=True)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    child = int(done.stdout)
    try:
        assert _gone_within({child}, 3) == set()
    finally:
        if _alive(child):
            os.kill(child, signal.SIGKILL)


def test_sigint_while_the_command_loads(monkeypatch, capsys):
    """Ctrl-C in the first second, while the command's module (SymPy) is imported: one line, exit 130."""
    from lnsym import cli

    def build_parser(command):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", build_parser)
    try:
        code = cli.main(["check", "key.md"])
    except KeyboardInterrupt:
        pytest.fail("the interrupt went past main, with a traceback")
    assert code == 130
    assert capsys.readouterr().err == "lnsym check: interrupted\n"
