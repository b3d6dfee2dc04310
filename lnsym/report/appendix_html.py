"""The derivation appendix as one self-contained HTML page (``lnsym report --format html``).

The same context as the LaTeX and Markdown appendix (:func:`lnsym.report.appendix.context`), through
``reports/appendix.html.j2`` and the HTML environment of :mod:`lnsym.report.html_page`: statements and
steps as native MathML, prose with inline math through the ``prose`` filter, plots as tables of their
numbers, the dependency graph as the lists of what each claim uses and is used by. No script, nothing
fetched; the same run gives the same bytes (dates from ``SOURCE_DATE_EPOCH``).
"""

from __future__ import annotations

from lnsym.report.appendix import context
from lnsym.report.html_page import render_page

__all__ = ["render_html"]

MARKS = {"proved": "✓", "proved_from_premises": "✓", "checked": "✓", "failed": "✗", "error": "!"}


def render_html(run, **kwargs) -> str:
    ctx = context(run, **kwargs)
    layers: dict[int, list[str]] = {}
    for node in ctx["graph"].nodes:
        layers.setdefault(node.layer, []).append(node.id)
    return render_page("appendix.html.j2", **ctx, marks=MARKS, layers=[layers[k] for k in sorted(layers)])
