"""The Jinja environment of lnsym's documents, with delimiters that do not clash with LaTeX.

Templates live in ``reports/`` of the repository (``lnsym/reports`` in a wheel; see :mod:`lnsym.bundled`).

==============  ==================
``\\VAR{x}``     a value
``\\BLOCK{...}`` a statement (``if``, ``for``, ``set``, ``macro``...)
``\\#{...}``     a comment
==============  ==================

Autoescaping is off (it knows only HTML); instead every piece of text that is not math is passed
through the filter ``e`` (alias ``tex``), :func:`lnsym.report.latex.escape_latex`. Other filters:
``texid`` (an id that may wrap), ``safeid`` (an id as a label or link target), ``texmath`` (text
with inline ``$...$`` math), ``md``, ``mdmath``, ``mdtex`` (Markdown counterparts) and ``num`` (a
float in a fixed format). Undefined names are errors.

>>> env = environment()
>>> env.from_string(r"\\VAR{name|e}: \\BLOCK{for x in xs}\\VAR{x}\\BLOCK{endfor}").render(name="50%", xs=[1, 2])
'50\\\\%: 12'
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

import jinja2

from lnsym.bundled import bundled_folder
from lnsym.report.latex import (
    escape_latex,
    escape_latex_id,
    escape_markdown,
    escape_markdown_with_math,
    escape_text_with_math,
    markdown_math,
    safe_id,
)

__all__ = ["environment", "format_number", "templates_folder"]


def format_number(value, spec: str = ".2e") -> str:
    """A float in a fixed format; ``–`` for None, ``nan``/``inf`` spelled out."""
    if value is None:
        return "–"
    value = float(value)
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return format(value, spec)


def templates_folder() -> Path:
    """The templates of the running lnsym: ``reports/`` (found as the built-in catalogue is)."""
    return bundled_folder("reports")


@functools.cache
def environment() -> jinja2.Environment:
    """The (cached) Jinja environment that loads lnsym's templates."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_folder())),
        block_start_string=r"\BLOCK{",
        block_end_string="}",
        variable_start_string=r"\VAR{",
        variable_end_string="}",
        comment_start_string=r"\#{",
        comment_end_string="}",
        line_statement_prefix=None,
        line_comment_prefix=None,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        auto_reload=False,
    )
    env.filters.update(
        e=escape_latex,
        tex=escape_latex,
        texid=escape_latex_id,
        texmath=escape_text_with_math,
        md=escape_markdown,
        mdmath=escape_markdown_with_math,
        mdtex=markdown_math,
        num=format_number,
        safeid=safe_id,
    )
    return env
