"""``lnsym check KEY [KEY ...] [--json] [--report OUT]``: check answer keys step by step."""

from __future__ import annotations

import argparse
import sys

from lnsym.errors import UsageError

_DESCRIPTION = (
    "Check every step of the worked arithmetic in Markdown or LaTeX answer keys: exact arithmetic, "
    "honest rounding (≈), vectors, and names bound within a paragraph. '-' reads standard input. "
    "Exit codes: 0 nothing wrong, 1 a step is wrong (or imprecise, with --strict), 2 an input cannot be "
    "read or bad usage, 3 the PDF could not be built, 4 lnsym failed on a step (a finding with verdict "
    "'error': a bug or a broken install; please report it)."
)


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("check", help="check an answer key step by step", description=_DESCRIPTION)
    p.add_argument("keys", nargs="+", metavar="KEY", help="a Markdown or LaTeX file, or '-' for standard input")
    p.add_argument("--json", action="store_true", help="print the findings as JSON (schema in the README)")
    p.add_argument("--report", metavar="OUT", help="write the annotated key to OUT.md, OUT.tex or OUT.pdf")
    p.add_argument("--strict", action="store_true", help="exit 1 for an imprecise step too, not only a wrong one")
    p.add_argument("--no-plain-text", dest="plain_text", action="store_false",
                   help="read only the math between delimiters, not the arithmetic written in prose")
    return p


def run(args: argparse.Namespace) -> int:
    from lnsym.check import check_paths
    from lnsym.check.emit.json_report import render_json
    from lnsym.check.emit.text import render_text

    if args.keys.count("-") > 1:
        raise UsageError("'-' (standard input) can be given once")
    if args.report and not args.report.lower().endswith((".md", ".tex", ".pdf")):
        raise UsageError(f"--report {args.report}: expected a file ending in .md, .tex or .pdf")
    report = check_paths(args.keys, plain_text=args.plain_text)
    out = render_json(report) if args.json else render_text(report)
    sys.stdout.write(out + "\n")
    if args.report:
        from lnsym.check.emit.annotated import write_report

        try:
            write_report(report, args.report)
        except OSError as exc:
            raise UsageError(f"--report {args.report}: cannot be written ({exc.strerror or exc})") from None
    return report.exit_code(strict=args.strict)
