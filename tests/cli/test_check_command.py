"""`lnsym check` on the command line: output, JSON schema, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from shared_files import SEED

from lnsym.cli import main


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "lnsym", "check", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_exit_codes_and_human_output(tmp_path, capsys):
    good = tmp_path / "good.md"
    good.write_text("$\\frac{16}{4}=4$\n", encoding="utf-8")
    bad = tmp_path / "bad.md"
    bad.write_text("Mean\n$\\frac{1}{3}\\approx 0.334$\n", encoding="utf-8")
    assert main(["check", str(good)]) == 0
    capsys.readouterr()
    assert main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "✗ 2:2" in out and "rounds to 0.333" in out
    assert out.rstrip().endswith("2 files: 1 correct, 1 wrong, 0 imprecise, 0 unchecked, 0 defined, 0 error")
    assert out.count("0 imprecise") == 3  # each file, then the run


def test_one_file_prints_its_counts_once(tmp_path, capsys):
    key = tmp_path / "k.md"
    key.write_text("$2+2=4$\n", encoding="utf-8")
    assert main(["check", str(key)]) == 0
    out = capsys.readouterr().out
    assert out.count("1 correct") == 1
    assert out.rstrip().endswith("1 correct, 0 wrong, 0 imprecise, 0 unchecked, 0 defined, 0 error")


def test_json_schema(tmp_path, capsys):
    key = tmp_path / "k.md"
    key.write_text("$2+2=5$ and $x=y$\n", encoding="utf-8")
    assert main(["check", "--json", str(key)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"summary", "files"}
    assert data["summary"] == {"correct": 0, "wrong": 1, "imprecise": 0, "unchecked": 1, "defined": 0, "error": 0}
    (f,) = data["files"]
    assert set(f) == {"path", "summary", "findings"}
    first = f["findings"][0]
    assert list(first) == ["line", "column", "end_line", "end_column", "source", "relation", "verdict",
                           "expected", "reason", "role", "evidence"]
    assert first["evidence"] == {"left": "4", "right": "5", "substitutions": []}
    assert (first["line"], first["column"], first["end_column"], first["expected"]) == (1, 2, 7, "4")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p / "missing.md", "no such file"),
        (lambda p: p, "no answer key"),  # a folder is searched; this one holds no key
        (lambda p: (p / "b.md", (p / "b.md").write_bytes(b"\xff\xfe$1=1$"))[0], "not UTF-8"),
        (lambda p: (p / "big.md", (p / "big.md").write_bytes(b"a" * (5 * 1024 * 1024)))[0], "larger than"),
    ],
)
def test_unreadable_input_is_exit_2_with_one_line(tmp_path, make, message):
    result = run(str(make(tmp_path)))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_stdin_and_empty_file(tmp_path):
    result = run("-", stdin="$1+1=2$\n")
    assert result.returncode == 0
    assert "1 correct, 0 wrong, 0 imprecise, 0 unchecked, 0 defined, 0 error" in result.stdout
    empty = tmp_path / "e.md"
    empty.write_text("", encoding="utf-8")
    assert run(str(empty)).returncode == 0


def test_seed_key_exits_0():
    result = run(str(SEED), "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["summary"]["wrong"] == 0


def test_bad_report_suffix_is_a_usage_error(tmp_path):
    key = tmp_path / "k.md"
    key.write_text("$1=1$", encoding="utf-8")
    result = run(str(key), "--report", str(tmp_path / "out.docx"))
    assert result.returncode == 2 and "--report" in result.stderr


def test_unwritable_report_is_one_line(tmp_path):
    key = tmp_path / "k.md"
    key.write_text("$1=1$", encoding="utf-8")
    result = run(str(key), "--report", str(tmp_path / "missing" / "out.md"))
    assert result.returncode == 2 and "cannot be written" in result.stderr and "Traceback" not in result.stderr


def test_a_fault_of_lnsym_is_an_error_with_exit_4(tmp_path, monkeypatch, capsys):
    """A judge that crashes (here: an import that fails, as in a broken install) must not pass for a careful
    checker: the step's verdict is `error`, the summary counts it, and the exit code is 4."""
    from lnsym.check.judges import arithmetic

    def broken(*args, **kwargs):
        raise ImportError("No module named 'lnsym.symbols'")

    monkeypatch.setattr(arithmetic, "decide_pair", broken)  # the worker is forked: it inherits the patch
    key = tmp_path / "k.md"
    key.write_text("$2+2=4$\n", encoding="utf-8")
    assert main(["check", "--json", str(key)]) == 4
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["error"] == 1 and data["summary"]["unchecked"] == 0
    (finding,) = data["files"][0]["findings"]
    assert finding["verdict"] == "error" and "ImportError" in finding["reason"]


def test_an_undecidable_step_is_unchecked_not_error(tmp_path, capsys):
    """The counterpart: mathematics SymPy cannot settle is `unchecked`, exit 0."""
    key = tmp_path / "k.md"
    key.write_text("$x+y=z$\n", encoding="utf-8")
    assert main(["check", "--json", str(key)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["error"] == 0 and data["summary"]["unchecked"] == 1
