"""`lnsym check` on the command line: output, JSON schema, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from test_check_shared import SEED

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
    assert main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "✗ 2:2" in out and "rounds to 0.333" in out
    assert out.rstrip().endswith("1 correct, 1 wrong, 0 unchecked")


def test_json_schema(tmp_path, capsys):
    key = tmp_path / "k.md"
    key.write_text("$2+2=5$ and $x=y$\n", encoding="utf-8")
    assert main(["check", "--json", str(key)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"summary", "files"}
    assert data["summary"] == {"correct": 0, "wrong": 1, "unchecked": 1}
    (f,) = data["files"]
    assert set(f) == {"path", "summary", "findings"}
    first = f["findings"][0]
    assert list(first) == ["line", "column", "end_line", "end_column", "source", "relation", "verdict",
                           "expected", "reason"]
    assert (first["line"], first["column"], first["end_column"], first["expected"]) == (1, 2, 7, "4")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p / "missing.md", "no such file"),
        (lambda p: p, "is a directory"),
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
    assert result.returncode == 0 and "1 correct, 0 wrong, 0 unchecked" in result.stdout
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
