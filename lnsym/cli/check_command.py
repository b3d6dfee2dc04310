"""``lnsym check KEY [KEY ...] [--json] [--report OUT]``: check answer keys step by step;
``lnsym check --jsonl IN.jsonl [-o OUT.jsonl]``: check a dataset of solutions, one JSON line per record."""

from __future__ import annotations

import argparse
import sys

from lnsym.errors import UsageError

_DESCRIPTION = (
    "Check every step of the worked arithmetic in Markdown or LaTeX answer keys: exact arithmetic, "
    "honest rounding (≈), vectors, and names bound within a paragraph. '-' reads standard input. "
    "Exit codes: 0 nothing wrong, 1 a step is wrong (or imprecise, with --strict), 2 an input cannot be "
    "read or bad usage, 3 the PDF could not be built, 4 lnsym failed on a step (a finding with verdict "
    "'error': a bug or a broken install; please report it). With --jsonl (a dataset, one record a line): "
    "0 no record has a wrong step, 1 a record has one (or an imprecise one, with --strict), 2 bad usage or "
    "the input cannot be read, 4 lnsym failed on a step, 5 a record could not be read (its output line "
    "holds the reason; the others were checked)."
)


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("check", help="check an answer key step by step", description=_DESCRIPTION)
    p.add_argument("keys", nargs="*", metavar="KEY", help="a Markdown or LaTeX file, or '-' for standard input")
    p.add_argument("--json", action="store_true", help="print the findings as JSON (schema in the README)")
    p.add_argument("--report", metavar="OUT", help="write the annotated key to OUT.md, OUT.tex or OUT.pdf")
    p.add_argument("--strict", action="store_true", help="exit 1 for an imprecise step too, not only a wrong one")
    p.add_argument("--no-plain-text", dest="plain_text", action="store_false",
                   help="read only the math between delimiters, not the arithmetic written in prose")
    d = p.add_argument_group("datasets (--jsonl)")
    d.add_argument("--jsonl", metavar="IN", help="check a JSONL file of solutions ('-': standard input), one JSON "
                   "line per record in input order")
    d.add_argument("-o", "--output", metavar="OUT", help="write the JSON lines to OUT (default: standard output)")
    d.add_argument("--field", metavar="NAME", help="the solution field: a text or a list of steps (default: "
                   "'steps' if a record has it, else 'solution')")
    d.add_argument("--id-field", metavar="NAME", default="id", help="the id field (default 'id'; a record "
                   "without one is named by its line number)")
    d.add_argument("--jobs", type=int, metavar="N", help="processes to use (default: every core)")
    d.add_argument("--step-seconds", type=float, metavar="S", default=None,
                   help="CPU seconds a step may take before it is left unchecked, 'timed out' (default 2)")
    d.add_argument("--resume", action="store_true", help="keep the complete lines of OUT and skip the records "
                   "whose ids it holds")
    d.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar on standard error (default: when it is a terminal)")
    return p


def run(args: argparse.Namespace) -> int:
    from lnsym.check import check_paths
    from lnsym.check.emit.json_report import render_json
    from lnsym.check.emit.text import render_text

    if args.jsonl is not None:
        return _run_jsonl(args)
    if not args.keys:
        raise UsageError("give a KEY to check, or --jsonl IN.jsonl")
    for name in ("output", "field", "jobs", "progress", "step_seconds"):
        if getattr(args, name) not in (None, False):
            raise UsageError(f"--{name.replace('_', '-')} applies to --jsonl only")
    if args.resume:
        raise UsageError("--resume applies to --jsonl only")
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


def _run_jsonl(args: argparse.Namespace) -> int:
    from lnsym.check.batch.jsonl_run import JsonlOptions, run_jsonl

    if args.keys:
        raise UsageError("give KEY files or --jsonl IN.jsonl, not both")
    if args.json or args.report:
        raise UsageError("--json and --report apply to KEY files; --jsonl writes JSON lines already")
    if args.step_seconds is not None and not args.step_seconds > 0:
        raise UsageError(f"--step-seconds {args.step_seconds}: expected a positive number of seconds")
    options = JsonlOptions(field=args.field, id_field=args.id_field, plain_text=args.plain_text,
                           **({} if args.step_seconds is None else {"step_seconds": args.step_seconds}))
    totals = run_jsonl(args.jsonl, args.output, options, jobs=args.jobs, resume=args.resume,
                       progress=args.progress)
    done = f"{totals.records} records checked" + (f", {totals.skipped} skipped (--resume)" if totals.skipped else "")
    print(f"lnsym check: {done}: {totals.wrong} with a wrong step, {totals.bad} unreadable, "
          f"{totals.failed} where lnsym failed", file=sys.stderr)
    return totals.exit_code(strict=args.strict)
