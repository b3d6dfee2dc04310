"""Jupyter notebooks as answer keys: the text of their Markdown cells, read with ``nbformat``.

Code cells, their outputs and raw cells are not answer-key text. Cells are numbered from 1 over all
the cells of the notebook (code cells count), as a reader counts them down the page, so
``key.ipynb:cell 3:2:14`` is line 2, column 14 of the third cell.

>>> cells = markdown_cells('{"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["$1+1=2$"]},'
...     '{"cell_type": "code", "metadata": {}, "source": "x = 1", "outputs": [], "execution_count": null},'
...     '{"cell_type": "markdown", "metadata": {}, "source": "$2+2=4$"}],'
...     '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}', "key.ipynb")
>>> [(c.number, c.text) for c in cells]
[(1, '$1+1=2$'), (3, '$2+2=4$')]
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass

from lnsym.check.sources.line_ends import unify_line_ends
from lnsym.errors import InputError

__all__ = ["Cell", "is_notebook", "markdown_cells"]


@dataclass(frozen=True)
class Cell:
    """A Markdown cell: its number among all cells (1-based) and its source."""

    number: int
    text: str


def is_notebook(name: str) -> bool:
    return name.lower().endswith(".ipynb")


def markdown_cells(text: str, name: str) -> tuple[Cell, ...]:
    """The Markdown cells of the notebook ``text``; :class:`InputError` when it is not a notebook.

    A notebook that breaks nbformat's schema in a detail (a missing metadata field) is still read,
    as Jupyter opens it; one that is not JSON, or has no list of cells, is not.
    """
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{name}: not a Jupyter notebook: invalid JSON at line {exc.lineno}, column {exc.colno} "
                         f"({exc.msg})") from None
    except RecursionError:
        raise InputError(f"{name}: not a Jupyter notebook: JSON nested too deeply") from None
    import nbformat

    try:
        with warnings.catch_warnings():  # nbformat warns of missing cell ids and the like: not the key's fault
            warnings.simplefilter("ignore")
            nb = nbformat.reads(text, as_version=4, capture_validation_error={})
        cells = list(nb.cells)
    except Exception as exc:  # nbformat raises many kinds (its own, KeyError, TypeError) on foreign JSON
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"{name}: not a Jupyter notebook ({reason[:120]})") from None
    out = []
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(s for s in source if isinstance(s, str))
        if isinstance(source, str):
            out.append(Cell(number, unify_line_ends(source)))
    return tuple(out)
