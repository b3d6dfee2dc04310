"""``lnsym check PATH [PATH ...] [--format FORMAT] [--exclude PATTERN] [--report OUT]``: check answer keys
step by step."""

from __future__ import annotations

import argparse
import importlib
import sys

from lnsym.errors import UsageError

_DESCRIPTION = (
    "Check every step of the worked arithmetic in answer keys (Markdown, LaTeX, the Markdown cells of "
    "Jupyter notebooks): exact arithmetic, honest rounding (≈), vectors, and names bound within a paragraph. "
    "A folder is searched for .md, .markdown, .tex and .ipynb files, skipping hidden files and folders and "
    "what .gitignore excludes. '-' reads standard input. "
    "Exit codes: 0 nothing wrong, 1 a step is wrong (or imprecise, with --strict), 2 an input cannot be "
    "read or bad usage (the other inputs are still checked), 3 the PDF could not be built, 4 lnsym failed "
    "on a step (a finding with verdict 'error': a bug or a broken install; please report it)."
)

# --format -> (module, function): one small emitter per format
EMITTERS = {
    "text": ("lnsym.check.emit.text", "render_text"),
    "json": ("lnsym.check.emit.json_report", "render_json"),
    "sarif": ("lnsym.check.emit.sarif", "render_sarif"),
    "github": ("lnsym.check.emit.github", "render_github"),
}
REPORT_SUFFIXES = (".md", ".tex", ".html", ".pdf")


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("check", help="check an answer key step by step", description=_DESCRIPTION)
    p.add_argument("keys", nargs="+", metavar="PATH",
                   help="a Markdown, LaTeX or notebook file, a folder to search, or '-' for standard input")
    p.add_argument("--format", choices=tuple(EMITTERS), default=None,
                   help="text (default), json (schema in the README), sarif (SARIF 2.1.0, for code scanning "
                   "and editors) or github (workflow commands that annotate a pull request)")
    p.add_argument("--json", action="store_true", help="the same as --format json")
    p.add_argument("--exclude", action="append", default=[], metavar="PATTERN",
                   help="skip files matching this .gitignore-style pattern (relative to the folder searched); "
                   "may be repeated")
    p.add_argument("--report", metavar="OUT",
                   help="write the annotated key to " + ", ".join("OUT" + s for s in REPORT_SUFFIXES))
    p.add_argument("--strict", action="store_true", help="exit 1 for an imprecise step too, not only a wrong one")
    return p


def run(args: argparse.Namespace) -> int:
    from lnsym.check import check_paths
    from lnsym.check.sources.discover import discover

    if args.json and args.format not in (None, "json"):
        raise UsageError(f"--json and --format {args.format} disagree; give one")
    fmt = "json" if args.json else args.format or "text"
    if args.keys.count("-") > 1:
        raise UsageError("'-' (standard input) can be given once")
    if args.report and not args.report.lower().endswith(REPORT_SUFFIXES):
        raise UsageError(f"--report {args.report}: expected a file ending in {', '.join(REPORT_SUFFIXES)}")
    report = check_paths(discover(args.keys, args.exclude), keep_going=True)
    for path, reason in report.unreadable:
        print(f"lnsym check: error: {path}: {reason}", file=sys.stderr)
    module, function = EMITTERS[fmt]
    out = getattr(importlib.import_module(module), function)(report)
    if out:
        sys.stdout.write(out + "\n")
    if args.report:
        from lnsym.check.emit.annotated import write_report

        try:
            write_report(report, args.report)
        except OSError as exc:
            raise UsageError(f"--report {args.report}: cannot be written ({exc.strerror or exc})") from None
    return report.exit_code(strict=args.strict)
