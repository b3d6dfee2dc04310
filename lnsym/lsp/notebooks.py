"""Notebooks (the notebook document synchronisation of LSP 3.17): the Markdown cells of an open notebook checked
as ``lnsym check`` checks a ``.ipynb`` file, and each finding given back to its cell.

The client sends a notebook as a notebook document and one text document per cell, each with its own URI. The
Markdown cells are checked together (:func:`lnsym.check.notebook_check.check_notebook`: joined with a blank
line, so a name bound in one cell holds in the cells below, or one at a time when joining would change a cell's
math), and each finding, which that check places at its cell's number and its line in the cell, is published
on the cell's URI with the cell's own positions. Code cells are not answer-key text: they get no diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass

from lnsym.check.findings import Finding

__all__ = ["MARKUP", "CellDoc", "by_cell", "markdown_cells"]

MARKUP = 1  # lsprotocol's NotebookCellKind.Markup (not imported: this module needs no pygls)


@dataclass(frozen=True)
class CellDoc:
    """A Markdown cell of an open notebook: its URI, its number among all the notebook's cells (1-based, code
    cells counted, as ``lnsym check`` numbers them), the version of its text document, and its text."""

    uri: str
    number: int
    version: int | None
    text: str


def markdown_cells(notebook, text_of) -> tuple[CellDoc, ...]:
    """The Markdown cells of ``notebook`` (an lsprotocol ``NotebookDocument``), in order; ``text_of(uri)`` gives a
    cell's text document (its ``source`` and ``version``), or None for one the client has not sent."""
    out = []
    for number, cell in enumerate(notebook.cells, start=1):
        if int(getattr(cell.kind, "value", cell.kind)) != MARKUP:
            continue
        doc = text_of(cell.document)
        if doc is not None:
            out.append(CellDoc(cell.document, number, doc.version, doc.source))
    return tuple(out)


def by_cell(findings, cells: tuple[CellDoc, ...]) -> dict[str, tuple[Finding, ...]]:
    """The findings of each Markdown cell, by its URI (every cell present, those without findings too)."""
    uri_of = {c.number: c.uri for c in cells}
    out: dict[str, list[Finding]] = {c.uri: [] for c in cells}
    for f in findings:
        uri = uri_of.get(f.cell)
        if uri is not None:
            out[uri].append(f)
        elif cells:  # (a finding for the whole notebook, a fault of lnsym outside every cell: on the first cell)
            out[cells[0].uri].append(f)
    return {uri: tuple(fs) for uri, fs in out.items()}
