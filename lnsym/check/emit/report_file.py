"""The annotated key written to its file (``--report OUT.md|OUT.tex|OUT.html|OUT.pdf``): the format is the
suffix's, Markdown and LaTeX from :mod:`.annotated`, HTML from :mod:`.annotated_html`."""

from __future__ import annotations

from pathlib import Path

from lnsym.check.emit.annotated import render_report
from lnsym.check.emit.annotated_html import render_html
from lnsym.check.file_names import shown
from lnsym.check.findings import KeyReport
from lnsym.errors import BuildError
from lnsym.report.pdf import BuildTimeout, TexNotFoundError, build_pdf
from lnsym.report.write import atomic_write_text

__all__ = ["write_report"]


def write_report(report: KeyReport, out: str) -> Path:
    """Write OUT.md, OUT.tex, OUT.html or OUT.pdf; a PDF that fails to build is retried with math as plain text,
    unless LaTeX ran out of time (a second build would only double the wait)."""
    path = Path(out)
    suffix = path.suffix.lower()
    if suffix == ".md":
        return atomic_write_text(path, render_report(report, "md"))
    if suffix == ".tex":
        return atomic_write_text(path, render_report(report, "tex"))
    if suffix == ".html":
        return atomic_write_text(path, render_html(report))
    tex_name = shown(path.with_suffix(".tex").name)  # LaTeX's errors quote it on standard error
    try:
        return build_pdf(render_report(report, "tex"), path, tex_name=tex_name)
    except (TexNotFoundError, BuildTimeout):
        raise
    except BuildError:
        return build_pdf(render_report(report, "tex", plain=True), path, tex_name=tex_name)
