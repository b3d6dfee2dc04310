"""``lnsym report [ID ...] [--format pdf|tex|md|html] [-o PATH] [--seed N] [--path DIR]``: the derivation
appendix.

Checks the claims (as ``lnsym verify`` does) and renders what was found as a PDF (LaTeX built with
latexmk), as LaTeX source, as GitHub-flavoured Markdown, or as one self-contained HTML page with
MathML (:mod:`lnsym.report.appendix_html`). The Markdown shows the residual-block diagrams, the
LayerNorm Jacobian heatmaps and the unrolled stream from ``lnsym-blocks.svg``, ``lnsym-ln-jacobian.svg``
and ``lnsym-stream.svg``, written beside it (not with ``-o -``). Without ``-o`` the output is ``lnsym-appendix.pdf``
(``.tex``, ``.md``, ``.html``) in the current folder; with ``-o`` the format follows the file's suffix
unless ``--format`` says otherwise; ``-o -`` writes .tex, .md or .html to standard output.

Exit codes: 0 the document was written (also when claims failed: the document shows them; add
``--strict`` to exit 1 then, as ``lnsym verify`` would: an expected failure does not count);
2 bad usage (unknown id, unwritable output, conflicting options); 3 the PDF could not be built
(no TeX installed, or a LaTeX error): the .tex is then written next to the requested output and
the message says where.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lnsym.cli.verify_command import add_common
from lnsym.errors import BuildError, UsageError

FORMATS = ("pdf", "tex", "md", "html")
DEFAULT_NAME = "lnsym-appendix"


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "report",
        help="render the derivation appendix (PDF, LaTeX, Markdown or HTML)",
        description="Check the claims and render the derivation appendix: title page, overview table, "
        "dependency graph, one section per claim (statement, checked steps, numeric evidence, plots).",
        epilog="Exit codes: 0 written (even if claims failed; see --strict), 2 bad usage, 3 the PDF could "
        "not be built (no TeX or a LaTeX error; the .tex is written next to the output). "
        "Dates come from SOURCE_DATE_EPOCH when it is set, else today.",
    )
    add_common(parser)
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help="pdf (default), tex, md or html (one page, math as MathML, no script); without it, "
                        "-o's suffix decides")
    parser.add_argument("-o", "--output", metavar="PATH", default=None,
                        help=f"output file or folder (default: ./{DEFAULT_NAME}.FORMAT); '-' for standard output "
                        "(tex, md and html)")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="S",
                        help="time limit per claim in seconds (default: 120)")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when a claim failed (other than an expected failure) or a module could "
                        "not be loaded; the document is still written")
    return parser


def _format_and_path(args) -> tuple[str, Path | None]:
    """The format and the output path (None: standard output)."""
    fmt = args.format
    output = args.output
    if output == "-":
        fmt = fmt or "md"
        if fmt == "pdf":
            raise UsageError("-o - writes to standard output, which takes --format tex, md or html, not pdf")
        return fmt, None
    if output is None:
        fmt = fmt or "pdf"
        return fmt, Path(f"{DEFAULT_NAME}.{fmt}")
    path = Path(output)
    if path.is_dir():
        fmt = fmt or "pdf"
        return fmt, path / f"{DEFAULT_NAME}.{fmt}"
    suffix = path.suffix.lower().lstrip(".")
    if fmt is None:
        fmt = suffix if suffix in FORMATS else "pdf"
    elif suffix in FORMATS and suffix != fmt:
        raise UsageError(f"-o {output!r} has the suffix .{suffix} but --format is {fmt}; make them agree")
    parent = path.parent
    if not parent.is_dir():
        raise UsageError(f"-o {output!r}: the folder {str(parent)!r} does not exist")
    return fmt, path


def _summary(run) -> str:
    from lnsym.claims import Status

    n = {s: sum(r.status is s for r in run.results) for s in Status}
    total = len(run.results)
    premised = n[Status.PROVED_FROM_PREMISES]
    text = (f"{total} claim{'s' if total != 1 else ''}: {n[Status.PROVED]} proved, "
            + (f"{premised} proved from premises, " if premised else "")
            + f"{n[Status.CHECKED]} checked, {n[Status.FAILED]} failed, {n[Status.ERROR]} error")
    if run.load_errors:
        text += f"; {len(run.load_errors)} module{'s' if len(run.load_errors) != 1 else ''} not loaded"
    return text


def run(args) -> int:
    fmt, path = _format_and_path(args)

    from lnsym.report.appendix import figure_files, render
    from lnsym.report.pdf import build_pdf
    from lnsym.report.write import atomic_write_text
    from lnsym.runner import verify

    run_ = verify(args.ids, seed=args.seed, paths=args.path, timeout=args.timeout)
    for e in run_.load_errors:
        print(f"lnsym report: load error: {e}", file=sys.stderr)
    if fmt == "html":
        from lnsym.report.appendix_html import render_html

        source = render_html(run_, paths=args.path, ids=args.ids)
    elif fmt == "md" and path is None:
        # standard output has no folder for the diagrams' SVG: the Markdown keeps their text, not the image
        source = render(run_, "md", paths=args.path, ids=args.ids, figure_file=None)
    else:
        source = render(run_, "md" if fmt == "md" else "tex", paths=args.path, ids=args.ids)
    code = 1 if args.strict and not run_.passed else 0
    if path is None:
        sys.stdout.write(source)
        sys.stdout.flush()
        print(f"lnsym report: {_summary(run_)}", file=sys.stderr)
        return code
    try:
        if fmt == "pdf":
            build_pdf(source, path, tex_name=str(path.with_suffix(".tex")))
        else:
            if fmt == "md":  # the SVG the Markdown shows, beside it (before it, so it never points at nothing)
                for name, text in figure_files(run_, paths=args.path, ids=args.ids).items():
                    atomic_write_text(path.parent / name, text)
            atomic_write_text(path, source)
    except BuildError as exc:
        tex_path = path.with_suffix(".tex")
        try:
            atomic_write_text(tex_path, source)
            where = f"the LaTeX source is written to {tex_path}"
        except OSError as write_error:
            where = f"the LaTeX source could not be written to {tex_path} either: {write_error.strerror}"
        print(f"lnsym report: error: {exc}\n{where}", file=sys.stderr)
        return exc.exit_code
    except OSError as exc:
        raise UsageError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    print(f"wrote {path} ({_summary(run_)})")
    return code
