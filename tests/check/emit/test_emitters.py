"""Every output format of ``lnsym check`` against a snapshot of its exact output (the course folder: a
Markdown key, a LaTeX key, a notebook and a notebook that is not JSON), SARIF against the official
schema, and the escaping of GitHub workflow commands.

Snapshots live in ``tests/snapshots/``; after a deliberate change, rewrite them with
``LNSYM_UPDATE_SNAPSHOTS=1 pytest tests/check/emit/test_emitters.py`` and read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
from check_fixtures import course

from lnsym.check.emit.github import escape_data, escape_property, render_github
from lnsym.check.emit.json_report import render_json
from lnsym.check.emit.sarif import render_sarif
from lnsym.check.emit.text import render_text
from lnsym.check.findings import Evidence, FileReport, Finding, KeyReport, Substitution, Verdict
from lnsym.check.run import check_paths
from lnsym.check.sources.discover import discover
from lnsym.cli import main

HERE = Path(__file__).resolve().parents[2]
SNAPSHOTS = HERE / "snapshots"
SCHEMA = json.loads((HERE / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
EMITTERS = {"text": (render_text, "txt"), "json": (render_json, "json"), "sarif": (render_sarif, "sarif"),
            "github": (render_github, "txt")}


def snapshot(name: str, actual: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("LNSYM_UPDATE_SNAPSHOTS") == "1":
        path.write_bytes(actual.encode("utf-8"))
    assert path.exists(), f"no snapshot {path}; run with LNSYM_UPDATE_SNAPSHOTS=1 to create it"
    assert actual == path.read_bytes().decode("utf-8")


@pytest.fixture(scope="module")
def course_report(tmp_path_factory) -> KeyReport:
    root = tmp_path_factory.mktemp("course")
    course(root)
    cwd = os.getcwd()
    os.chdir(root)  # relative paths, as a user in the course repository types them
    try:
        return check_paths(discover(["keys"]), keep_going=True)
    finally:
        os.chdir(cwd)


def _constructed() -> KeyReport:
    """Verdicts the arithmetic of a small key does not produce (imprecise, error) and hostile text."""
    findings = (
        Finding(1, 2, 1, 14, "\\pi\\approx 3.141", "≈", Verdict.IMPRECISE, "3.142",
                "\\pi = 3.14159..., which rounds to 3.142; 3.141 is truncated", 0,
                evidence=Evidence("π", "3.141")),
        Finding(2, 1, 2, 12, "x=50%, y:1\r\nz", "=", Verdict.WRONG, "1,5", "100% sure: no\nnewline", 1,
                evidence=Evidence("2", "3", (Substitution("x", "3", 4),))),
        Finding(3, 1, 3, 5, "a=b", "=", Verdict.ERROR, "", "lnsym failed: ZeroDivisionError", 2),
        Finding(4, 1, 4, 5, "a=a", "=", Verdict.UNCHECKED, "", "defines a", 3),
    )
    return KeyReport((FileReport("dir, with: odd%name.md", findings, "x\n" * 4),),
                     (("gone.md", "no such file"),))


@pytest.mark.parametrize("fmt", list(EMITTERS))
def test_course_folder_snapshot(course_report, fmt):
    render, ext = EMITTERS[fmt]
    snapshot(f"course.{fmt}.{ext}", render(course_report) + "\n")


@pytest.mark.parametrize("fmt", list(EMITTERS))
def test_constructed_snapshot(fmt):
    render, ext = EMITTERS[fmt]
    snapshot(f"constructed.{fmt}.{ext}", render(_constructed()) + "\n")


def test_course_positions_are_right(course_report):
    """The findings the folder must give, at their places: the notebook's by cell and line in the cell."""
    got = {(r.path, f.cell, f.line, f.column, f.verdict.value) for r in course_report.files for f in r.findings
           if f.verdict.value != "unchecked"}
    assert got == {
        ("keys/a.md", None, 3, 12, "correct"), ("keys/a.md", None, 5, 7, "wrong"),
        ("keys/a.md", None, 5, 38, "correct"),
        ("keys/sub/b.tex", None, 3, 4, "wrong"),
        ("keys/sub/n.ipynb", 1, 3, 16, "correct"), ("keys/sub/n.ipynb", 3, 2, 2, "wrong"),
        ("keys/sub/n.ipynb", 3, 2, 29, "correct"),
    }
    assert [p for p, _ in course_report.unreadable] == ["keys/sub/broken.ipynb"]
    assert course_report.exit_code() == 2


@pytest.mark.parametrize("report", ["course", "constructed"])
def test_sarif_validates_against_the_official_schema(course_report, report):
    log = json.loads(render_sarif(course_report if report == "course" else _constructed()))
    jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER).validate(log)
    assert log["runs"][0]["results"], "a log without results proves little"


def test_sarif_schema_rejects_a_broken_log(course_report):
    """The vendored schema is the real one: it refuses a result without a message."""
    log = json.loads(render_sarif(course_report))
    del log["runs"][0]["results"][0]["message"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, SCHEMA)


def test_github_points_into_the_notebook_file(course_report, tmp_path):
    """The annotation of the notebook's wrong step names the .ipynb line that holds the step."""
    (line,) = [x for x in render_github(course_report).splitlines() if "file=keys/sub/n.ipynb," in x]
    props = dict(kv.split("=", 1) for kv in line.split("::")[1].removeprefix("error ").split(","))
    nb_lines = course_report.files[-1].text.splitlines()
    raw_line = nb_lines[int(props["line"]) - 1]
    assert raw_line[int(props["col"]) - 1 :].startswith("\\\\sqrt{2}\\\\approx 1.42")
    assert line.split("::", 2)[2].startswith("cell 3:2:2: wrong: \\sqrt{2}\\approx 1.42; expected 1.41")


def test_workflow_command_escaping():
    assert escape_data("50%\r\nx") == "50%25%0D%0Ax"
    assert escape_property("a,b:c%\n") == "a%2Cb%3Ac%25%0A"
    out = render_github(_constructed())
    assert "\n" not in out.replace("\n::", "")  # one command per line: every line starts with ::
    assert out and all(line.startswith(("::error ", "::warning ")) for line in out.splitlines())
    assert "unchecked" not in out and "defines a" not in out


@pytest.mark.parametrize("fmt", ["sarif", "github", "json", "text"])
def test_cli_format_option(tmp_path, capsys, monkeypatch, fmt):
    course(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "keys", "--format", fmt]) == 2  # broken.ipynb is not read
    captured = capsys.readouterr()
    ext = EMITTERS[fmt][1]
    assert captured.out == (SNAPSHOTS / f"course.{fmt}.{ext}").read_bytes().decode("utf-8")
    assert captured.err == ("lnsym check: error: keys/sub/broken.ipynb: not a Jupyter notebook: invalid JSON at "
                            "line 1, column 12 (Expecting value)\n")


def test_json_flag_is_a_synonym_and_conflicts_are_usage_errors(tmp_path, capsys):
    key = tmp_path / "k.md"
    key.write_text("$2+2=4$\n", encoding="utf-8")
    assert main(["check", str(key), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["correct"] == 1
    assert main(["check", str(key), "--json", "--format", "sarif"]) == 2
    assert "disagree" in capsys.readouterr().err
