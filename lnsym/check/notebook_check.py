"""Check a notebook: its Markdown cells as one key, each finding placed at its cell, line and column.

The cells are joined with a blank line (a paragraph break), so a declaration or a definition in one
cell holds in the cells below it, as in a Markdown key, while a paragraph never runs across cells.
Jupyter renders each cell on its own: when joining would change what a cell's math is (an unclosed
``$$``, ``\\[`` or code fence in one cell reaching into the next), each cell is checked alone instead.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from lnsym.check.findings import Evidence, FileReport, Finding
from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text
from lnsym.check.sources.notebooks import Cell
from lnsym.check.spans.math_spans import find_spans

__all__ = ["check_notebook"]

_SEPARATOR = "\n\n"
_LINE = re.compile(r"\(line (\d+)\)")


def _spans(text: str) -> list[tuple[int, int]]:
    return [s.outer for s in find_spans(text)]


def _joining_is_faithful(cells: tuple[Cell, ...], joined: str, offsets: list[int]) -> bool:
    """Every cell has the same math spans in the joined text as on its own."""
    seen: list[list[tuple[int, int]]] = [[] for _ in cells]
    for start, end in _spans(joined):
        k = bisect.bisect_right(offsets, start) - 1
        if end > offsets[k] + len(cells[k].text):
            return False
        seen[k].append((start - offsets[k], end - offsets[k]))
    return all(seen[k] == _spans(c.text) for k, c in enumerate(cells))


def _in_cell(f: Finding, cell: int, first_line: int, paragraph_base: int = 0, where=None) -> Finding:
    shift = first_line - 1
    subs = tuple(replace(s, line=s.line - shift if s.line > shift else s.line) for s in f.evidence.substitutions)
    evidence = Evidence(f.evidence.left, f.evidence.right, subs) if f.evidence else f.evidence
    reason = f.reason
    if where is not None:  # a definition the reason cites, "(line 3)", maybe in another cell
        reason = _LINE.sub(lambda m: "(cell {}, line {})".format(*where(int(m.group(1)))), reason)
    return replace(f, line=f.line - shift, end_line=f.end_line - shift, cell=cell,
                   paragraph=paragraph_base + f.paragraph, evidence=evidence, reason=reason)


def check_notebook(cells: tuple[Cell, ...], path: str, worker: Worker, meaning=None, raw: str = "",
                   plain_text: bool = True, resume=None) -> FileReport:
    """The report of a notebook's Markdown ``cells``; findings carry ``cell`` and cell-relative lines.

    ``raw`` (the notebook's JSON) becomes the report's ``text``, so that emitters can place a finding
    in the file too (:mod:`lnsym.check.sources.notebook_positions`). ``resume``: as for
    :func:`~lnsym.check.pipeline.check_text`, for the cells joined (the language server's)."""
    pairs = tuple((c.number, c.text) for c in cells)
    if not cells:
        return FileReport(path, (), raw, pairs)
    offsets, pos = [], 0
    for c in cells:
        offsets.append(pos)
        pos += len(c.text) + len(_SEPARATOR)
    joined = _SEPARATOR.join(c.text for c in cells)
    findings: list[Finding] = []
    if _joining_is_faithful(cells, joined, offsets):
        first_lines = [joined.count("\n", 0, o) + 1 for o in offsets]

        def where(line: int) -> tuple[int, int]:
            k = max(bisect.bisect_right(first_lines, line) - 1, 0)
            return cells[k].number, line - first_lines[k] + 1

        for f in check_text(joined, path, worker, meaning, plain_text=plain_text, resume=resume).findings:
            k = bisect.bisect_right(first_lines, f.line) - 1
            findings.append(_in_cell(f, cells[k].number, first_lines[k], where=where))
    else:
        for c in cells:
            base = c.number * 100_000  # paragraphs of different cells stay apart
            report = check_text(c.text, path, worker, meaning, plain_text=plain_text)
            findings.extend(_in_cell(f, c.number, 1, base) for f in report.findings)
    return FileReport(path, tuple(findings), raw, pairs)
