"""Notebooks: Markdown cells only, positions by cell and line, context across cells, broken files."""

from __future__ import annotations

import json
import re

import pytest
from check_fixtures import NOTEBOOK, notebook

from lnsym.check.run import check_paths
from lnsym.check.sources.notebook_positions import NotebookPositions
from lnsym.check.sources.notebooks import markdown_cells
from lnsym.cli import main
from lnsym.errors import InputError


def check(tmp_path, text: str):
    path = tmp_path / "key.ipynb"
    path.write_text(text, encoding="utf-8")
    (report,) = check_paths([path]).files
    return report


def test_only_markdown_cells_numbered_among_all_cells():
    cells = markdown_cells(NOTEBOOK, "n.ipynb")
    assert [c.number for c in cells] == [1, 3]
    assert "1+1=3" not in "".join(c.text for c in cells)  # the code cell's string is not key text


def test_findings_carry_cell_and_line_in_the_cell(tmp_path):
    report = check(tmp_path, NOTEBOOK)
    wrong = [f for f in report.findings if f.verdict.value == "wrong"]
    assert [(f.cell, f.line, f.column, f.end_line, f.end_column) for f in wrong] == [(3, 2, 2, 2, 22)]
    cell3 = dict(report.cells)[3]
    assert cell3.split("\n")[1][1:21] == "\\sqrt{2}\\approx 1.42"
    assert wrong[0].to_json()["cell"] == 3


def test_a_paragraph_context_never_crosses_cells_but_a_declaration_does(tmp_path):
    """A value bound in another cell proves a step, as an earlier paragraph's does in a key, and never refutes
    one: the paragraph's context stays in its cell."""
    nb = notebook([("markdown", "<!-- lnsym: eps = 1e-5 -->\n$x=3$"), ("markdown", "$x+1=4$ and $x+1=5$")])
    report = check(tmp_path, nb)
    (step,) = [f for f in report.findings if f.source == "x+1=4"]
    assert step.verdict.value == "correct" and step.cell == 2 and "earlier paragraph" in step.reason
    (other,) = [f for f in report.findings if f.source == "x+1=5"]
    assert other.verdict.value == "unchecked" and other.cell == 2  # x from another cell never refutes
    assert not [f for f in report.findings if "declaration" in f.reason]  # understood, so no finding


def test_an_unclosed_display_in_one_cell_does_not_swallow_the_next(tmp_path):
    nb = notebook([("markdown", "$$ 1+1=2"), ("markdown", "$2+2=5$ $$")])
    report = check(tmp_path, nb)
    assert [(f.cell, f.line, f.column, f.verdict.value) for f in report.findings] == [(2, 1, 2, "wrong")]


@pytest.mark.parametrize(("text", "message"), [
    ('{"cells": [', "not a Jupyter notebook: invalid JSON at line 1, column 12"),
    ("[1, 2]", "not a Jupyter notebook"),
    ('{"cells": 3, "nbformat": 4, "nbformat_minor": 5, "metadata": {}}', "not a Jupyter notebook"),
    ("[" * 100_000, "not a Jupyter notebook"),
])
def test_not_a_notebook_is_an_input_error(tmp_path, text, message):
    with pytest.raises(InputError, match=message):
        markdown_cells(text, "k.ipynb")
    path = tmp_path / "k.ipynb"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 2


def test_cli_exit_2_with_one_line_and_no_traceback(tmp_path, capsys):
    (tmp_path / "k.ipynb").write_text("{nope", encoding="utf-8")
    assert main(["check", str(tmp_path / "k.ipynb")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid JSON at line 1, column 2" in err


def test_an_old_notebook_is_read_too(tmp_path):
    v3 = {"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": [{"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["$2+2=5$"]}]}]}
    report = check(tmp_path, json.dumps(v3))
    assert [(f.cell, f.verdict.value) for f in report.findings] == [(1, "wrong")]


def test_positions_in_the_file_with_escapes_and_one_string_sources():
    source = "é\\u00e9 $\\\\frac{1}{2}$\nline2 \ud83d\ude00x"
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": source}]}
    raw = json.dumps(nb, ensure_ascii=True)
    text = json.loads(raw)["cells"][0]["source"]
    pos = NotebookPositions(raw)
    for line, column in [(1, 1), (1, 4), (2, 1), (2, 7), (2, 8)]:
        file_line, c = pos.locate(1, line, column)
        assert file_line == 1
        char = text.split("\n")[line - 1][column - 1]
        assert json.loads('"' + raw[c - 1 :].split('"', 1)[0][:12] + '"')[0] == char or raw[c - 1] == char
    assert NotebookPositions("[").locate(1, 1, 1) is None


def test_public_api_reads_a_notebook_path(tmp_path):
    from lnsym.check import check_answer_key

    path = tmp_path / "k.ipynb"
    path.write_text(NOTEBOOK, encoding="utf-8")
    for given in (path, str(path)):
        report = check_answer_key(given)
        assert [(f.cell, f.verdict.value) for f in report.findings if f.verdict.value == "wrong"] == [(3, "wrong")]


def test_seed_key_as_a_notebook_gives_the_same_findings_at_the_same_places(tmp_path):
    """The seed key cut into cells at its blank lines, with code cells between: every finding of the
    Markdown file appears in the notebook, with the same verdict, at the same place of the same text."""
    from shared_files import SEED, need

    text = need(SEED).read_text(encoding="utf-8")
    blocks = text.split("\n\n")
    cells, first_line, where = [], 1, {}
    for k, block in enumerate(blocks):
        cells.append(("markdown", block))
        where[len(cells)] = first_line  # cell number -> its first line in the Markdown file
        first_line += block.count("\n") + 2
        if k % 3 == 0:
            cells.append(("code", "print('$1+1=3$')"))
    md = tmp_path / "key.md"
    md.write_text(text, encoding="utf-8")
    nb = tmp_path / "key.ipynb"
    nb.write_text(notebook(cells), encoding="utf-8")
    by_md, by_nb = check_paths([md, nb]).files
    assert len(by_md.findings) > 90
    as_md = [(where[f.cell] + f.line - 1, f.column, where[f.cell] + f.end_line - 1, f.end_column, f.source,
              f.verdict, f.expected, f.reason) for f in by_nb.findings]
    lines = re.compile(r"\(cell (\d+), line (\d+)\)")  # a cited line is in its cell too
    as_md = [(*x[:-1], lines.sub(lambda m: f"(line {where[int(m.group(1))] + int(m.group(2)) - 1})", x[-1]))
             for x in as_md]
    assert as_md == [(f.line, f.column, f.end_line, f.end_column, f.source, f.verdict, f.expected, f.reason)
                     for f in by_md.findings]
    assert any("(cell " in f.reason for f in by_nb.findings)


def test_no_plain_text_holds_for_notebooks_too(tmp_path):
    """`--no-plain-text` reads only math between delimiters, in a notebook's cells as in a Markdown key."""
    path = tmp_path / "key.ipynb"
    path.write_text(notebook([("markdown", "So 2 + 2 = 5 apples.\n"), ("code", "x = 1\n"),
                              ("markdown", "And $1+1=2$.\n")]), encoding="utf-8")
    on = [(f.source, f.verdict.value) for f in check_paths([path]).files[0].findings]
    off = [(f.source, f.verdict.value) for f in check_paths([path], plain_text=False).files[0].findings]
    assert ("2 + 2 = 5", "wrong") in on and ("1+1=2", "correct") in on
    assert off == [("1+1=2", "correct")]
