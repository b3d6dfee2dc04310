"""``check --jsonl`` on hostile input: no record is lost, no input is emptied, no line aborts the run, and every
output line is valid UTF-8 JSON (a fuzz campaign found each of these)."""

from __future__ import annotations

import json
import os

import pytest

from lnsym.check.batch.jsonl_run import JsonlOptions, run_jsonl
from lnsym.check.batch.solution import check_line, check_record
from lnsym.check.sources.records import MAX_DEPTH
from lnsym.cli import main

SLOW = JsonlOptions(step_seconds=10)  # generous: the machine may be loaded; a timeout is not a result
GOOD = b'{"id": %s, "steps": ["So 2 + 2 = 4."]}'


def strict_lines(path) -> list[dict]:
    """The output lines, read as strict UTF-8 JSON: no NaN, no Infinity, no lone surrogate."""

    def no_constant(name):
        raise AssertionError(f"{name} is not JSON")

    lines = path.read_bytes().decode("utf-8").splitlines()
    assert lines
    return [json.loads(line, parse_constant=no_constant) for line in lines]


@pytest.mark.parametrize("jobs", [1, 2])
def test_resume_does_not_skip_a_record_whose_id_is_the_number_of_an_unreadable_line(tmp_path, jobs):
    source = tmp_path / "in.jsonl"
    source.write_bytes(b"\n".join([GOOD % b"1", b"this line is not JSON", GOOD % b"2", b"[1, 2]", GOOD % b"4"]) + b"\n")
    full = tmp_path / "full.jsonl"
    assert run_jsonl(str(source), str(full), SLOW, jobs=jobs, progress=False).exit_code() == 5
    rows = strict_lines(full)
    assert [(r["id"], r.get("line")) for r in rows] == [(1, None), (None, 2), (2, None), (None, 4), (4, None)]
    lines = full.read_bytes().splitlines(keepends=True)
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(lines[:2]))  # stopped after the unreadable line 2
    totals = run_jsonl(str(source), str(part), SLOW, jobs=jobs, resume=True, progress=False)
    assert (totals.skipped, totals.records, totals.bad) == (2, 3, 1)
    assert part.read_bytes() == full.read_bytes()  # record 2 (and record 4) checked, line 4 reported once


def _same_file_names(source):
    link, hard = source.parent / "link.jsonl", source.parent / "hard.jsonl"
    os.symlink(source, link)
    os.link(source, hard)
    return [str(source), str(link), str(hard), os.path.join(str(source.parent), "..", source.parent.name,
                                                             source.name)]


def test_an_output_that_is_the_input_is_refused_before_anything_is_written(tmp_path, capsys, monkeypatch):
    source = tmp_path / "in.jsonl"
    data = GOOD % b'"a"' + b"\n"
    source.write_bytes(data)
    for name in _same_file_names(source):
        for resume in ([], ["--resume"]):
            assert main(["check", "--jsonl", str(source), "-o", name, "--jobs", "1", *resume]) == 2
            err = capsys.readouterr().err
            assert "is the input" in err and len(err.strip().splitlines()) == 1
            assert source.read_bytes() == data
    with open(source, "rb") as stdin:  # check --jsonl - -o in.jsonl < in.jsonl
        monkeypatch.setattr("sys.stdin", type("In", (), {"buffer": stdin})())
        assert main(["check", "--jsonl", "-", "-o", str(tmp_path / "link.jsonl"), "--jobs", "1"]) == 2
    assert "standard input" in capsys.readouterr().err and source.read_bytes() == data
    other = tmp_path / "out.jsonl"  # another file is still written
    assert main(["check", "--jsonl", str(source), "-o", str(other), "--jobs", "1"]) == 0
    assert strict_lines(other)[0]["id"] == "a"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_lone_surrogate_or_deep_nesting_is_an_unreadable_record_and_the_run_goes_on(tmp_path, capsys, jobs):
    deep = 100_000
    bad = [
        b'{"id": "a\\ud800", "steps": ["So 2 + 2 = 4."]}',  # in the id
        b'{"id": "s", "steps": ["So 2 + 2 = 4. \\udc00"]}',  # in a step
        b'{"id": "s", "steps": ["\\ud800 So 2 + 2 = 5."]}',  # before a wrong equation
        b'{"id": "u", "steps": ["So 2 + 2 = 4. \xed\xa0\x80"]}',  # encoded in UTF-8 (which Python's json lets by)
        b"[" * deep + b"]" * deep,
        b'{"a":' * deep + b"1" + b"}" * deep,
        b'{"id": "d", "steps": ["So 2 + 2 = 4."], "x": ' + b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1) + b"}",
    ]
    fine = [
        b'{"id": "pair \\ud83d\\ude00", "steps": ["So 2 + 2 = 4."]}',  # a surrogate pair is one character
        b'{"id": "braces", "steps": ["So 2 + 2 = 4. ' + b"{[" * 300 + b'"]}',  # brackets in a text do not nest
        b'{"id": "nested", "steps": ["So 2 + 2 = 4."], "x": ' + b"[" * 150 + b"]" * 150 + b"}",
    ]
    source = tmp_path / "in.jsonl"
    source.write_bytes(b"\n".join([GOOD % b"0", *bad, *fine]) + b"\n")
    out = tmp_path / "out.jsonl"
    assert main(["check", "--jsonl", str(source), "-o", str(out), "--jobs", str(jobs)]) == 5
    assert "Traceback" not in capsys.readouterr().err
    rows = strict_lines(out)
    assert [r["id"] for r in rows] == [0] + [None] * len(bad) + ["pair \U0001F600", "braces", "nested"]
    assert [r["line"] for r in rows[1:len(bad) + 1]] == list(range(2, len(bad) + 2))
    reasons = [r["error"] for r in rows[1:len(bad) + 1]]
    surrogates, nested = reasons[:4], reasons[4:]
    assert len(surrogates) == 4 and all("lone surrogate" in reason for reason in surrogates)
    assert len(nested) == 3 and all(f"nested more than {MAX_DEPTH} levels" in reason for reason in nested)
    assert [r["summary"]["correct"] for r in rows if r["id"] is not None] == [1, 1, 1, 1]


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_id_with_no_finite_value_is_written_as_json(tmp_path, jobs):
    literals = [b"1e400", b"-1e400", b"NaN", b"Infinity", b"-Infinity"]
    source = tmp_path / "in.jsonl"
    source.write_bytes(b"\n".join(GOOD % literal for literal in literals) + b"\n")
    out = tmp_path / "out.jsonl"
    assert run_jsonl(str(source), str(out), SLOW, jobs=jobs, progress=False).exit_code() == 0
    rows = strict_lines(out)
    assert [r["id"] for r in rows] == [literal.decode() for literal in literals]
    assert rows and all(r["summary"]["correct"] == 1 for r in rows)
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:3]))  # --resume knows them again by those ids
    totals = run_jsonl(str(source), str(out), SLOW, jobs=jobs, resume=True, progress=False)
    assert (totals.skipped, totals.records) == (3, 2)
    assert out.read_bytes() == b"".join(lines)


def test_non_finite_numbers_elsewhere_and_from_python():
    assert check_record({"id": float("inf"), "steps": []})["id"] == "Infinity"
    assert check_record({"id": float("nan"), "steps": []})["id"] == "NaN"
    assert check_line(b'{"id": 1.5, "steps": []}', 1)["id"] == 1.5  # a finite number is kept as it is
    assert check_line(b'{"id": 10000000000000000000000, "steps": []}', 1)["id"] == 10**22
    # a number is no text, whatever its value; a NaN in another field is no reason to refuse the record
    assert "expected a text or a list of texts" in check_line(b'{"id": 1, "steps": ["a", 1e400]}', 1)["error"]
    assert check_line(b'{"id": 1, "score": NaN, "steps": []}', 1)["summary"]["correct"] == 0
