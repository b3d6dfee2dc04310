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
import re
import sys
import warnings
from dataclasses import dataclass

from lnsym.check.file_names import shown
from lnsym.check.sources.line_ends import unify_line_ends
from lnsym.errors import InputError

__all__ = ["Cell", "is_notebook", "markdown_cells"]


@dataclass(frozen=True)
class Cell:
    """A Markdown cell: its number among all cells (1-based) and its source."""

    number: int
    text: str


# Python refuses to read an integer of more digits (a guard against quadratic time), by a ValueError
_INT_DIGITS = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
_SURROGATE = re.compile("[\ud800-\udfff]")


def is_notebook(name: str) -> bool:
    return name.lower().endswith(".ipynb")


def _number(digits: str) -> int | float:
    """A JSON integer; one too long for Python's int (5,000 digits in some metadata) is read as a float
    (infinite beyond 1e308): a number is never key text, so it need not be exact, only not fatal."""
    return int(digits) if _INT_DIGITS <= 0 or len(digits.lstrip("-")) <= _INT_DIGITS else float(digits)


def _text(source: str) -> str:
    """A cell's text with every lone surrogate (``"\\ud800"`` in the JSON, which no UTF-8 output can
    hold) as U+FFFD, as a decoder writes what it cannot decode; one character for one keeps columns."""
    return _SURROGATE.sub("\ufffd", source)


def markdown_cells(text: str, name: str) -> tuple[Cell, ...]:
    """The Markdown cells of the notebook ``text``; :class:`InputError` when it is not a notebook.

    A notebook that breaks nbformat's schema in a detail (a missing metadata field) is still read,
    as Jupyter opens it; one that is not JSON, or has no list of cells, is not.
    """
    name = shown(name)
    try:
        json.loads(text, parse_int=_number)
    except json.JSONDecodeError as exc:
        raise InputError(f"{name}: not a Jupyter notebook: invalid JSON at line {exc.lineno}, column {exc.colno} "
                         f"({exc.msg})") from None
    except RecursionError:
        raise InputError(f"{name}: not a Jupyter notebook: JSON nested too deeply") from None
    import nbformat

    try:
        with warnings.catch_warnings():  # nbformat warns of missing cell ids and the like: not the key's fault
            warnings.simplefilter("ignore")
            nb = nbformat.reads(text, as_version=4, capture_validation_error={}, parse_int=_number)
        cells = list(nb.cells)
    except Exception as exc:  # nbformat raises many kinds (its own, KeyError, TypeError) on foreign JSON
        reason = shown(str(exc).splitlines()[0]) if str(exc) else type(exc).__name__
        raise InputError(f"{name}: not a Jupyter notebook ({reason[:120]})") from None
    out = []
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(s for s in source if isinstance(s, str))
        if isinstance(source, str):
            out.append(Cell(number, unify_line_ends(_text(source))))
    return tuple(out)
