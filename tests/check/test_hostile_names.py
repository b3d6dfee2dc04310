"""Hostile file names and odd notebooks in `lnsym check`: a name holding a newline (a forged workflow
command on standard error), a name that is not UTF-8, a notebook with a lone surrogate or a 5,000-digit
integer. Every format and report must stay one line per message, valid UTF-8, and without a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest

from lnsym.check.emit.github import escape_property
from lnsym.check.file_names import shown, unicode_name, uri_path
from lnsym.check.sources.notebook_positions import NotebookPositions
from lnsym.cli import main

FORMATS = ("text", "json", "sarif", "github")
REPORTS = ("md", "html", "tex")
FORGED = "x\n::error file=pwned.md,line=1::owned\n::stop-commands::tok\n.md"
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


def check(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", "--jobs", "1", *args])
    out, err = capsys.readouterr()
    for text in (out, err):
        text.encode("utf-8")  # strict: raises on a lone surrogate, which would be invalid UTF-8 on the wire
    return code, out, err


def forged_lines(text: str, fmt: str, own: str) -> list[str]:
    """Lines a GitHub runner would take for a command, other than lnsym's own annotations (``own``)."""
    lines = text.replace("\r", "\n").split("\n")
    return [line for line in lines if line.lstrip().startswith("::") and not (fmt == "github" and line.startswith(own))]


def test_file_names_helpers():
    assert shown("a\n::b\r\t\x1b[31m\u202e.md") == "a\\n::b\\r\\t\\x1b[31m\\u202e.md"
    assert shown("bad\udcff.md") == "bad\\xff.md" and shown("lone\ud800") == "lone\\ud800"
    assert shown("keys/ordinary-name_1.md") == "keys/ordinary-name_1.md"
    assert shown(shown(FORGED)) == shown(FORGED)  # escaping a message twice changes nothing
    assert unicode_name("a\nb\udcff") == "a\nb\\xff"
    assert uri_path("keys/bad\udcff é.md") == "keys/bad%FF%20%C3%A9.md"


@pytest.fixture
def forged_folder(tmp_path) -> Path:
    """A right key and an unreadable one (not UTF-8) whose name forges workflow commands."""
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "ok.md").write_text("$2+2=4$\n", encoding="utf-8")
    (keys / FORGED).write_bytes(b"\xff\xfe not UTF-8")
    return keys


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_newline_in_a_name_forges_no_line(capsys, forged_folder, fmt):
    code, out, err = check(capsys, "--format", fmt, str(forged_folder))
    assert code == 2
    own = f"::error file={escape_property(str(forged_folder))}/"
    assert forged_lines(err, fmt, own) == [] and forged_lines(out, fmt, own) == []
    assert err == f"lnsym check: error: {forged_folder}/{shown(FORGED)}: not UTF-8 (byte 0); save the key as UTF-8\n"
    if fmt == "github":  # the runner reads the name back with its newlines
        assert f"::error file={escape_property(str(forged_folder / FORGED))},title=lnsym%3A not read::" in out
    if fmt == "json":
        assert json.loads(out)["unreadable"][0]["path"] == str(forged_folder / FORGED)
    if fmt == "text":
        assert f"{forged_folder}/{shown(FORGED)}\n  ! not read: not UTF-8" in out


def test_the_only_input_unreadable_is_one_line(capsys, forged_folder):
    code, out, err = check(capsys, "--format", "github", str(forged_folder / FORGED))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"lnsym check: error: {forged_folder}/x\\n::error file=pwned")


@pytest.fixture
def bad_bytes(tmp_path, monkeypatch) -> str:
    """``keys/bad\\xff.md`` (relative: SARIF writes a relative URI), holding a wrong step."""
    (tmp_path / "keys").mkdir()
    with open(os.fsencode(tmp_path / "keys") + b"/bad\xff.md", "w", encoding="utf-8") as f:
        f.write("$2+2=5$\n")
    monkeypatch.chdir(tmp_path)
    return "keys"


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_name_that_is_not_utf8(capsys, bad_bytes, fmt):
    code, out, err = check(capsys, "--format", fmt, bad_bytes)
    assert (code, err) == (1, "")
    if fmt == "text":
        assert out.startswith("keys/bad\\xff.md\n")
    elif fmt == "json":
        assert json.loads(out)["files"][0]["path"] == "keys/bad\\xff.md"
    elif fmt == "sarif":
        log = json.loads(out)
        jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER).validate(log)
        (result,) = log["runs"][0]["results"]
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "keys/bad%FF.md"
    else:
        assert out.startswith("::error file=keys/bad\\xff.md,line=1,col=2,")


def test_an_unreadable_name_that_is_not_utf8_in_sarif(capsys, bad_bytes):
    with open(os.fsencode(bad_bytes) + b"/gone\xfe.md", "wb") as f:
        f.write(b"\xff")
    code, out, err = check(capsys, "--format", "sarif", bad_bytes)
    assert code == 2 and err == "lnsym check: error: keys/gone\\xfe.md: not UTF-8 (byte 0); save the key as UTF-8\n"
    (note,) = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"].startswith("keys/gone\\xfe.md: not UTF-8")
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "keys/gone%FE.md"


@pytest.mark.parametrize("suffix", REPORTS)
def test_reports_of_a_name_that_is_not_utf8(capsys, bad_bytes, tmp_path, suffix):
    out_path = tmp_path / f"out.{suffix}"
    code, _, err = check(capsys, bad_bytes, "--report", str(out_path))
    assert (code, err) == (1, "")
    text = out_path.read_bytes().decode("utf-8")  # strict
    assert "xff" in text and "\ufffd" not in text  # the byte, written out (tex breaks the name at its dot)


@pytest.mark.parametrize("suffix", REPORTS)
def test_reports_of_a_name_with_a_newline(capsys, tmp_path, suffix):
    name = "a\n# forged heading\n<b onclick=x>.md"
    (tmp_path / name).write_text("$2+2=5$\n", encoding="utf-8")
    out_path = tmp_path / f"out.{suffix}"
    code, out, _ = check(capsys, str(tmp_path / name), "--report", str(out_path))
    assert code == 1 and out.startswith(f"{tmp_path}/a\\n# forged heading\\n<b onclick=x>.md\n")
    text = out_path.read_text(encoding="utf-8")
    assert "# forged heading" in text, "the name is in the report"
    assert text and not any(line.startswith("# forged heading") for line in text.splitlines())
    assert suffix != "html" or "<b onclick" not in text


def _notebook(source: str, metadata: str = "{}") -> str:
    cell = {"cell_type": "markdown", "metadata": {}, "source": source}
    return json.dumps({"cells": [cell], "metadata": "META", "nbformat": 4, "nbformat_minor": 5}).replace(
        '"META"', metadata)


ODD_NOTEBOOKS = {
    # json.dumps writes "\\ud800" (escaped backslash); the notebook must hold the escape itself
    "surrogate": _notebook("$2+2=5$ and $x=LONE$ then 1+1=2").replace("LONE", "\\ud800"),
    "big integer": _notebook("$2+2=5$", '{"big": ' + "9" * 5000 + ', "small": -' + "1" * 5000 + "}"),
}


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "md", "html"])
@pytest.mark.parametrize("odd", list(ODD_NOTEBOOKS))
def test_odd_notebooks_are_checked(capsys, tmp_path, odd, fmt):
    key = tmp_path / "k.ipynb"
    key.write_text(ODD_NOTEBOOKS[odd], encoding="utf-8")
    args = ["--report", str(tmp_path / f"out.{fmt}")] if fmt in ("md", "html") else ["--format", fmt]
    code, out, err = check(capsys, *args, str(key))
    assert (code, err) == (1, ""), "checked: the wrong step found, no traceback, no exit 4"
    if fmt == "json":
        findings = json.loads(out)["files"][0]["findings"]
        assert findings[0]["verdict"] == "wrong"
        if odd == "surrogate":
            assert any("\ufffd" in f["source"] for f in findings)
    if fmt in ("md", "html"):
        assert "2+2" in (tmp_path / f"out.{fmt}").read_bytes().decode("utf-8")


def test_a_lone_surrogate_does_not_shift_notebook_positions():
    raw = _notebook("LONE $2+2=5$ PAIR $1=1$").replace("LONE", "\\ud800\\u0041").replace("PAIR", "\\ud83d\\ude00")
    positions = NotebookPositions(raw)
    assert positions.locate(1, 1, 5) == (1, raw.index("2+2") + 1)  # cell: \ud800, A, space, $, 2
    assert positions.locate(1, 1, 15) == (1, raw.index("1=1") + 1)  # the pair is one character
