"""`lnsym check`: read an answer key, split its math into steps, and decide each step.

>>> report = check_answer_key(r"Mean: $\\mu=\\frac{2+4}{2}=3$, and $\\sqrt{2}\\approx 1.414$.")
>>> [f.verdict.value for f in report.findings]
['unchecked', 'correct', 'correct']
"""

from __future__ import annotations

import os
from pathlib import Path

from lnsym.check.batch.solution import check_record
from lnsym.check.findings import FileReport, Finding, KeyReport, Verdict
from lnsym.check.pipeline import check_text
from lnsym.check.run import check_paths

__all__ = ["FileReport", "Finding", "KeyReport", "Verdict", "check_answer_key", "check_paths", "check_record",
           "check_text"]


_KEY_SUFFIXES = (".md", ".markdown", ".tex", ".txt", ".ipynb")


def check_answer_key(text_or_path: str | os.PathLike) -> FileReport:
    """Check one answer key, given as its text or as a path to a UTF-8 Markdown/LaTeX file or a Jupyter
    notebook (its Markdown cells; findings carry ``cell``). A file is checked as ``lnsym check FILE``
    checks it, with the same time budget (:func:`check_paths`); :class:`~lnsym.errors.InputError` when
    it cannot be read. A string is a path when it is one line without ``$`` or ``\\`` and names a file
    or ends in ``.md``, ``.markdown``, ``.tex``, ``.txt`` or ``.ipynb``; otherwise it is the key's text."""
    text = str(text_or_path)
    one_line = "\n" not in text and len(text) < 4096 and "$" not in text and "\\" not in text
    named = one_line and (Path(text).is_file() or text.lower().endswith(_KEY_SUFFIXES))
    if isinstance(text_or_path, os.PathLike) or named:
        return check_paths([text]).files[0]
    return check_text(text)
