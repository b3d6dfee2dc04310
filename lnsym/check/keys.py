"""One key, read from its path and checked: a notebook's Markdown cells (:mod:`lnsym.check.notebook_check`), or
its text (:func:`lnsym.check.pipeline.check_text`). The unit of work of :mod:`lnsym.check.run` and of its
processes (:mod:`lnsym.check.batch.files_run`)."""

from __future__ import annotations

from lnsym.check.findings import FileReport
from lnsym.check.judges.worker import Worker
from lnsym.check.notebook_check import check_notebook
from lnsym.check.pipeline import Meaning, check_text
from lnsym.check.sources.files import read_key
from lnsym.check.sources.notebooks import is_notebook, markdown_cells

__all__ = ["check_key", "key_name", "load_key"]


def key_name(path) -> str:
    """The name a key is reported under: ``<stdin>`` for ``-``, else its path."""
    return "<stdin>" if str(path) == "-" else str(path)


def load_key(path) -> tuple[str, str, tuple | None]:
    """``(name, text, cells)``; ``cells`` are a notebook's Markdown cells, None for other keys."""
    name = key_name(path)
    text = read_key(path)
    return name, text, (markdown_cells(text, name) if is_notebook(name) else None)


def check_key(key: tuple[str, str, tuple | None], worker: Worker, meaning: Meaning | None = None,
              plain_text: bool = True) -> FileReport:
    """The report of one key loaded by :func:`load_key`: ``(name, text, notebook cells or None)``."""
    name, text, cells = key
    if cells is None:
        return check_text(text, name, worker, meaning, plain_text=plain_text)
    return check_notebook(cells, name, worker, meaning, text, plain_text=plain_text)
