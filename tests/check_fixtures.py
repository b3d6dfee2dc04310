"""A small course folder for the check tests: Markdown, LaTeX, a notebook, a broken notebook, and files
that discovery must skip. Built fresh under a tmp path, so paths and bytes are the same on every run."""

from __future__ import annotations

import json
from pathlib import Path

MARKDOWN = "# Key\n\nMean: $\\mu=\\frac{2+4}{2}=3$.\n\nThen $\\frac{1}{3}\\approx 0.334$ and $2\\times 3=6$.\n"
TEX = "\\section{Key}\nThe sum:\n\\[ 2+2=5 \\]\n"


def notebook(cells: list[tuple[str, str]]) -> str:
    """A notebook as Jupyter writes it (one JSON line per source line, indent 1)."""
    out = []
    for i, (kind, text) in enumerate(cells):
        cell = {"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": text.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        out.append(cell)
    nb = {"cells": out, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


NOTEBOOK = notebook([
    ("markdown", "# Notebook key\n\nThe mean: $\\mu=\\frac{2+4}{2}=3$"),
    ("code", "x = '$1+1=3$'  # code is not key text"),
    ("markdown", "Then\n$\\sqrt{2}\\approx 1.42$ and $3\\times 3=9$"),
])


def course(root: Path) -> Path:
    """``root/keys``: the fixture folder."""
    keys = root / "keys"
    files = {
        "keys/a.md": MARKDOWN,
        "keys/sub/b.tex": TEX,
        "keys/sub/n.ipynb": NOTEBOOK,
        "keys/sub/broken.ipynb": '{"cells": [',
        "keys/notes.txt": "$1+1=3$\n",  # not a key
        "keys/.drafts/c.md": "$1+1=3$\n",  # hidden
        "keys/build/d.md": "$1+1=3$\n",  # ignored by .gitignore
        "keys/.gitignore": "build/\n",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return keys
