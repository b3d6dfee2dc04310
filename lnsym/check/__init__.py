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
from lnsym.check.pipeline import check_paths, check_text
from lnsym.check.sources.files import read_key

__all__ = ["FileReport", "Finding", "KeyReport", "Verdict", "check_answer_key", "check_paths", "check_record",
           "check_text"]


def check_answer_key(text_or_path: str | os.PathLike) -> FileReport:
    """Check one answer key, given as its text or as a path to a UTF-8 Markdown/LaTeX file or a Jupyter
    notebook (its Markdown cells; findings carry ``cell``)."""
    if isinstance(text_or_path, os.PathLike):
        if str(text_or_path).lower().endswith(".ipynb"):
            return check_paths([text_or_path]).files[0]
        return check_text(read_key(text_or_path), str(text_or_path))
    text = str(text_or_path)
    looks_like_path = "\n" not in text and len(text) < 4096 and "$" not in text and "\\" not in text
    if looks_like_path and text.lower().endswith(".ipynb"):
        return check_paths([text]).files[0]  # InputError when it cannot be read
    if looks_like_path and (Path(text).is_file() or text.lower().endswith((".md", ".markdown", ".tex", ".txt"))):
        return check_text(read_key(text), text)  # InputError when it cannot be read
    return check_text(text)
