"""``lnsym check PATH [PATH ...] [--format FORMAT] [--exclude PATTERN] [--report OUT]``: check answer keys
step by step; ``lnsym check --jsonl IN.jsonl [-o OUT.jsonl]``: check a dataset of solutions, one JSON line per
record."""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from lnsym.check.budget import FILE_SECONDS, RUN_SECONDS
from lnsym.errors import LnsymError, UsageError

_DESCRIPTION = (
    "Check every step of answer keys (Markdown, LaTeX, the Markdown cells of Jupyter notebooks): exact "
    "arithmetic, honest rounding (≈), vectors and matrices, derivatives, index notation of symbolic size, "
    "inequality chains with named lemmas, hypotheses and cases, and the names and functions the key defines. "
    "What lnsym cannot read stays 'unchecked', with the reason; a statement that gives a new name its meaning "
    "is 'defined' (nothing to check). "
    "A folder is searched for .md, .markdown, .tex and .ipynb files, skipping hidden files and folders and "
    "what .gitignore excludes (a .gitignore that is no regular file, or over 1 MB or 10,000 patterns, is an "
    "input error). '-' reads standard input. "
    "Exit codes: 0 nothing wrong, 1 a step is wrong (or imprecise, with --strict), 2 an input cannot be "
    "read or bad usage (the other inputs are still checked), 3 the PDF could not be built, 4 lnsym failed "
    "on a step (a finding with verdict 'error': a bug or a broken install; please report it), 130 interrupted "
    "(Ctrl-C: the run and its processes stop, nothing is written). Time is "
    "bounded per step (2 s), per file (--file-seconds) and per run (--run-seconds): steps left when a budget "
    "runs out are 'unchecked' with the reason, and the run goes on with the next file. "
    "With --jsonl (a dataset, one record a line): 0 no record has a wrong step, 1 a record has one (or an "
    "imprecise one, with --strict), 2 bad usage or the input cannot be read, 4 lnsym failed on a step, 5 a record "
    "could not be read (its output line holds the reason; the others were checked)."
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
    p.add_argument("keys", nargs="*", metavar="PATH",
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
    p.add_argument("--file-seconds", type=_seconds, default=None, metavar="S",
                   help=f"time budget of one file (default {FILE_SECONDS:g}; 0: no limit; PATHs only: with --jsonl "
                   "each step has --step-seconds)")
    p.add_argument("--run-seconds", type=_seconds, default=None, metavar="S",
                   help=f"time budget of the whole run (default {RUN_SECONDS:g}; 0: no limit; PATHs only)")
    p.add_argument("--no-plain-text", dest="plain_text", action="store_false",
                   help="read only the math between delimiters, not the arithmetic written in prose")
    p.add_argument("--jobs", type=int, metavar="N", help="processes to use (default: every core); with PATHs, "
                   "files are shared among them and reported in order")
    d = p.add_argument_group("datasets (--jsonl)")
    d.add_argument("--jsonl", metavar="IN", help="check a JSONL file of solutions ('-': standard input), one JSON "
                   "line per record in input order")
    d.add_argument("-o", "--output", metavar="OUT", help="write the JSON lines to OUT (default: standard output; "
                   "not the input file itself)")
    d.add_argument("--field", metavar="NAME", help="the solution field: a text or a list of steps (default: "
                   "'steps' if a record has it, else 'solution')")
    d.add_argument("--id-field", metavar="NAME", default=None, help="the id field (default 'id'; a record "
                   "without one is named by its line number)")
    d.add_argument("--step-seconds", type=float, metavar="S", default=None,
                   help="CPU seconds a step may take before it is left unchecked, 'timed out' (default 2)")
    d.add_argument("--resume", action="store_true", help="keep the complete lines of OUT and skip the records "
                   "whose ids it holds")
    d.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar on standard error (default: when it is a terminal)")
    return p


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected 0 (no limit) or a positive number of seconds, got {text!r}")
    return value


def _crash(args: argparse.Namespace, exc: BaseException) -> int:
    """A fault of lnsym outside every step: one line on standard error, valid JSON under --json, exit 4."""
    from lnsym.check.file_names import shown
    from lnsym.check.findings import SEVERITY_ORDER

    detail = shown(str(exc).splitlines()[0][:200]) if str(exc) else ""  # it may quote a file name
    message = f"lnsym failed ({type(exc).__name__}{': ' + detail if detail else ''}); please report this"
    as_json = args.json or args.format == "json"
    if as_json and not getattr(args, "printed", False):  # the report's JSON is out already: keep it valid
        summary = dict.fromkeys(SEVERITY_ORDER, 0) | {"error": 1}
        sys.stdout.write(json.dumps({"summary": summary, "files": [], "error": message}, indent=2) + "\n")
    print(f"lnsym check: error: {message}", file=sys.stderr)
    return 4


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except (LnsymError, KeyboardInterrupt, BrokenPipeError):
        raise
    except Exception as exc:  # RecursionError, MemoryError, a bug: still the documented exit code
        return _crash(args, exc)


def _run(args: argparse.Namespace) -> int:
    from lnsym.check import check_paths
    from lnsym.check.file_names import shown
    from lnsym.check.sources.discover import discover

    if args.jsonl is not None:
        return _run_jsonl(args)
    if not args.keys:
        raise UsageError("give a PATH to check, or --jsonl IN.jsonl")
    for name in ("output", "field", "id_field", "progress", "step_seconds"):
        if getattr(args, name) not in (None, False):
            raise UsageError(f"--{name.replace('_', '-')} applies to --jsonl only")
    if args.resume:
        raise UsageError("--resume applies to --jsonl only")
    if args.json and args.format not in (None, "json"):
        raise UsageError(f"--json and --format {args.format} disagree; give one")
    fmt = "json" if args.json else args.format or "text"
    if args.keys.count("-") > 1:
        raise UsageError("'-' (standard input) can be given once")
    if args.report and not args.report.lower().endswith(REPORT_SUFFIXES):
        raise UsageError(f"--report {shown(args.report)}: expected a file ending in {', '.join(REPORT_SUFFIXES)}")
    from lnsym.check.batch.jsonl_run import default_jobs

    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: expected 1 or more")
    report = check_paths(discover(args.keys, args.exclude), keep_going=True, jobs=jobs,
                         file_seconds=FILE_SECONDS if args.file_seconds is None else args.file_seconds,
                         run_seconds=RUN_SECONDS if args.run_seconds is None else args.run_seconds,
                         plain_text=args.plain_text)
    for path, reason in report.unreadable:  # escaped: a runner reads standard error too (a name can hold '\n::')
        print(f"lnsym check: error: {shown(path)}: {shown(reason)}", file=sys.stderr)
    module, function = EMITTERS[fmt]
    out = getattr(importlib.import_module(module), function)(report)
    if out:
        sys.stdout.write(out + "\n")
    args.printed = True
    if args.report:
        from lnsym.check.emit.report_file import write_report

        try:
            write_report(report, args.report)
        except OSError as exc:
            raise UsageError(f"--report {shown(args.report)}: cannot be written ({exc.strerror or exc})") from None
    return report.exit_code(strict=args.strict)


def _run_jsonl(args: argparse.Namespace) -> int:
    from lnsym.check.batch.jsonl_run import JsonlOptions, run_jsonl

    if args.keys:
        raise UsageError("give PATHs or --jsonl IN.jsonl, not both")
    if args.json or args.report or args.format or args.exclude:
        raise UsageError("--json, --format, --exclude and --report apply to PATHs; --jsonl writes JSON lines")
    if args.file_seconds is not None or args.run_seconds is not None:
        raise UsageError("--file-seconds and --run-seconds apply to PATHs; with --jsonl each step has "
                         "--step-seconds")
    if args.step_seconds is not None and not args.step_seconds > 0:
        raise UsageError(f"--step-seconds {args.step_seconds}: expected a positive number of seconds")
    options = JsonlOptions(field=args.field, id_field=args.id_field or "id", plain_text=args.plain_text,
                           **({} if args.step_seconds is None else {"step_seconds": args.step_seconds}))
    totals = run_jsonl(args.jsonl, args.output, options, jobs=args.jobs, resume=args.resume,
                       progress=args.progress)
    done = f"{totals.records} records checked" + (f", {totals.skipped} skipped (--resume)" if totals.skipped else "")
    print(f"lnsym check: {done}: {totals.wrong} with a wrong step, {totals.bad} unreadable, "
          f"{totals.failed} where lnsym failed", file=sys.stderr)
    return totals.exit_code(strict=args.strict)
