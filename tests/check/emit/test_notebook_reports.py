"""The Markdown and LaTeX reports of a notebook: each Markdown cell with its own marks, code never marked.

The marks are read back from the report and compared with the verdicts of ``check --json`` for the same
notebook: a report that placed the marks by line and column in the notebook's JSON (as it once did) put
a ✓ on a wrong step, a ✗ on a formula of a code cell, and failed on a notebook saved as one line.
"""

from __future__ import annotations

import json
import re

import pytest
from check_fixtures import notebook

from lnsym.cli import main

KEY = [
    ("markdown", "Step: $2+2=5$"),
    ("code", 'x = "$2+2=4$"'),
    ("markdown", "$3+3=6$"),
]
# the code cell first: its JSON lines are where the Markdown cell's line 5 would be in the file
CODE_FIRST = [
    ("code", 'x = "$2+2=4$"'),
    ("markdown", "a\n\nb\n\nStep: $2+2=5$ and $1+1=2$"),
]
MULTILINE = [
    ("markdown", "Intro\n\nmore\n\nStep: $2+2=5$"),
    ("code", 'x = "$2+2=4$"'),
    ("markdown", "$3+3=6$"),
]

# a math span and the marks written right after it, in each format
_MD_SPAN = re.compile(r"\$(?P<math>[^$\n]+)\$(?P<marks>(?: ✓| \*\*✗[^*]*\*\*| \*~[^*]*\*| \*\*!\*\*| \?)*)")
_MD_MARK = re.compile(r" (✓|\*\*✗|\*~|\*\*!|\?)")
_MD_VERDICT = {"✓": "correct", "**✗": "wrong", "*~": "imprecise", "**!": "error", "?": "unchecked"}
_TEX_SPAN = re.compile(r"\$(?P<math>[^$]+)\$(?P<marks>(?:\\,\\step[a-z]+\{[^}]*\}(?:\{[^}]*\})?)*)")
_TEX_MARK = re.compile(r"\\step([a-z]+)")
_TEX_VERDICT = {"ok": "correct", "bad": "wrong", "imp": "imprecise", "err": "error", "unk": "unchecked"}
_FORMATS = {
    "md": (_MD_SPAN, _MD_MARK, _MD_VERDICT, re.compile(r"^### Cell (\d+)$", re.M), "\n## Steps"),
    "tex": (_TEX_SPAN, _TEX_MARK, _TEX_VERDICT, re.compile(r"^\\subsection\*\{Cell (\d+)\}$", re.M),
            "\n\\subsection*{Steps}"),
}


def marked(text: str, fmt: str) -> list[tuple[str, str]]:
    """``(math, verdict)`` for each mark written after a math span of ``text``."""
    span, mark, verdict, _, _ = _FORMATS[fmt]
    return [(m["math"], verdict[v]) for m in span.finditer(text) for v in mark.findall(m["marks"])]


def marks_by_cell(report: str, fmt: str) -> dict[int, list[tuple[str, str]]]:
    """The marks of each cell of the report (the text before the table of steps)."""
    _, _, _, heading, steps = _FORMATS[fmt]
    body = report.split(steps)[0]
    parts = heading.split(body)
    assert len(parts) > 1, "the report has no cell headings"
    return {int(parts[k]): marked(parts[k + 1], fmt) for k in range(1, len(parts), 2)}


def write(tmp_path, cells, indent: int | None = 1) -> str:
    path = tmp_path / "key.ipynb"
    text = notebook(cells) if indent == 1 else json.dumps(json.loads(notebook(cells)))
    path.write_text(text, encoding="utf-8")
    return str(path)


def json_findings(path: str, capsys) -> list[dict]:
    capsys.readouterr()
    main(["check", path, "--json"])
    (file,) = json.loads(capsys.readouterr().out)["files"]
    assert file["findings"], "the notebook has steps"
    return file["findings"]


def report(path: str, fmt: str, capsys) -> tuple[int, str, str]:
    out = f"{path[:-len('.ipynb')]}.{fmt}"
    capsys.readouterr()
    code = main(["check", path, "--report", out])
    with open(out, encoding="utf-8") as f:
        return code, f.read(), capsys.readouterr().err


def expected_by_cell(findings: list[dict]) -> dict[int, list[tuple[str, str]]]:
    out: dict[int, list[tuple[str, str]]] = {}
    for f in sorted(findings, key=lambda f: (f["cell"], f["line"], f["column"])):
        out.setdefault(f["cell"], []).append((f["source"], f["verdict"]))
    return out


def assert_marks_agree(text: str, fmt: str, findings: list[dict]) -> None:
    got = marks_by_cell(text, fmt)
    want = expected_by_cell(findings)
    assert set(want) <= set(got)  # every cell with steps has its section
    for cell in sorted(got):
        steps = want.get(cell, [])
        assert [v for _, v in got[cell]] == [v for _, v in steps], f"cell {cell}"
        for (math, _), (source, _) in zip(got[cell], steps, strict=True):
            assert source.replace(" ", "") in math.replace(" ", ""), f"cell {cell}: mark of {source} on ${math}$"


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.parametrize("cells", [KEY, CODE_FIRST, MULTILINE], ids=["key", "code-first", "multiline"])
def test_each_cells_marks_agree_with_the_json_verdicts(tmp_path, capsys, fmt, cells):
    path = write(tmp_path, cells)
    findings = json_findings(path, capsys)
    code, text, _ = report(path, fmt, capsys)
    assert code == 1  # 2+2=5 is wrong
    assert_marks_agree(text, fmt, findings)


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_the_table_of_steps_gives_the_cell_and_the_verdict(tmp_path, capsys, fmt):
    path = write(tmp_path, KEY)
    findings = json_findings(path, capsys)
    _, text, _ = report(path, fmt, capsys)
    table = text.split(_FORMATS[fmt][4])[1]
    for f in findings:
        where = f"cell {f['cell']}:{f['line']}:{f['column']}"
        row = next((line for line in table.splitlines() if where in line), None)
        assert row is not None, where
        mark = "✗" if fmt == "md" else r"\stepbad"
        assert (mark in row) == (f["verdict"] == "wrong"), row


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_nothing_is_marked_in_a_code_cell(tmp_path, capsys, fmt):
    path = write(tmp_path, CODE_FIRST)
    findings = json_findings(path, capsys)
    _, text, _ = report(path, fmt, capsys)
    marks = marked(text.split(_FORMATS[fmt][4])[0], fmt)
    assert len(marks) == len(findings)  # every step marked once, and nothing else
    assert marks and all("2+2=4" not in math for math, _ in marks), marks


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.parametrize("cells", [KEY, MULTILINE], ids=["key", "multiline"])
def test_a_notebook_saved_as_one_line_gives_the_same_report(tmp_path, capsys, monkeypatch, fmt, cells):
    (tmp_path / "indented").mkdir()
    (tmp_path / "one-line").mkdir()
    write(tmp_path / "indented", cells)
    write(tmp_path / "one-line", cells, indent=None)
    assert "\n" not in (tmp_path / "one-line" / "key.ipynb").read_text(encoding="utf-8")
    outputs = []
    for folder in ("indented", "one-line"):
        monkeypatch.chdir(tmp_path / folder)
        code, text, err = report("key.ipynb", fmt, capsys)
        assert code == 1 and "Traceback" not in err and "failed" not in err, err
        outputs.append(text)
    assert outputs[1] == outputs[0]
    monkeypatch.chdir(tmp_path / "one-line")
    assert_marks_agree(outputs[1], fmt, json_findings("key.ipynb", capsys))
