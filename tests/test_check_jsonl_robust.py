"""``check --jsonl`` on hostile input: no input is emptied."""

from __future__ import annotations

import json
import os

from lnsym.cli import main

GOOD = b'{"id": %s, "steps": ["So 2 + 2 = 4."]}'


def strict_lines(path) -> list[dict]:
    """The output lines, read as strict UTF-8 JSON: no NaN, no Infinity, no lone surrogate."""

    def no_constant(name):
        raise AssertionError(f"{name} is not JSON")

    lines = path.read_bytes().decode("utf-8").splitlines()
    assert lines
    return [json.loads(line, parse_constant=no_constant) for line in lines]


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
