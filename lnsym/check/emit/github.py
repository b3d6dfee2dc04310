"""``--format github``: GitHub Actions workflow commands, one annotation per finding to act on.

``::error file=key.md,line=3,col=8,endLine=3,endColumn=31,title=lnsym: wrong step::wrong: ...``
for ``wrong`` steps and for steps lnsym failed on (``error``), ``::warning`` for ``imprecise`` ones;
``correct`` and ``unchecked`` steps print nothing (see :mod:`lnsym.check.emit.one_line`). An input
that could not be read is an ``::error`` on the file without a line. In a notebook the line and
column are those of the ``.ipynb`` file (where the cell's string is), and the message starts with
``cell N:line:column``.

Escaping follows the workflow-command rules: in the message ``%``, ``\\r`` and ``\\n`` become
``%25``, ``%0D``, ``%0A``; in a property ``:`` and ``,`` also become ``%3A`` and ``%2C``. So a file
name holding a newline stays in its command (the runner reads every line of the output, and a line
``::stop-commands::...`` would mute the annotations after it); bytes of a name that are not UTF-8 are
written ``\\xNN`` (:func:`lnsym.check.file_names.unicode_name`).
"""

from __future__ import annotations

from lnsym.check.emit.one_line import ANNOTATED, TITLES, annotated, message
from lnsym.check.file_names import unicode_name
from lnsym.check.findings import FileReport, KeyReport
from lnsym.check.sources.notebook_positions import NotebookPositions

__all__ = ["escape_data", "escape_property", "render_github"]


def escape_data(text: str) -> str:
    return unicode_name(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _command(kind: str, props: list[tuple[str, object]], text: str) -> str:
    inner = ",".join(f"{k}={escape_property(str(v))}" for k, v in props)
    return f"::{kind} {inner}::{escape_data(text)}"


def _file_lines(report: FileReport) -> list[str]:
    positions = NotebookPositions(report.text) if report.cells else None
    out = []
    for f in annotated(report):
        props: list[tuple[str, object]] = [("file", report.path)]
        start, end = (f.line, f.column), (f.end_line, f.end_column)
        if positions is not None:
            start = positions.locate(f.cell, f.line, f.column) if f.cell is not None else None
            end = positions.locate(f.cell, f.end_line, f.end_column) if start and f.cell is not None else None
        if start:
            props += [("line", start[0]), ("col", start[1])]
            if end:
                props += [("endLine", end[0]), ("endColumn", end[1])]
        props.append(("title", TITLES[f.verdict.value]))
        out.append(_command(ANNOTATED[f.verdict.value], props, message(f)))
    return out


def render_github(report: KeyReport) -> str:
    """One workflow command per line; empty when there is nothing to annotate."""
    lines = [line for r in report.files for line in _file_lines(r)]
    lines += [_command("error", [("file", path), ("title", "lnsym: not read")], reason)
              for path, reason in report.unreadable]
    return "\n".join(lines)
