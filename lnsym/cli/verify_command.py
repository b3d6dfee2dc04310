"""``lnsym verify [ID ...] [--json] [--seed N] [--path DIR]``: derive and check claims.

Every claim that rests on premises gets one line per premise under its row.

Exit 0 when every claim is proved (outright or from premises) or checked (or fails as its
``expected_failure`` says), 1 when any other failed or errored, an expected failure passed, or a
claim module could not be loaded, 2 on bad usage (an unknown id lists the known ones).
"""

from __future__ import annotations

import argparse
import json
import sys

from lnsym.claims import Status


def add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ids", nargs="*", metavar="ID", help="claim ids to check (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random points (default: 0)")
    parser.add_argument(
        "--path", action="append", default=[], metavar="DIR",
        help="also load claim modules (*.py) from this folder; may be repeated",
    )


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "verify",
        help="derive and check the claims of the catalogue",
        description="Derive every claim with SymPy, check each step, and check the results numerically "
        "at seeded random points. Exit 0 if all pass, 1 if any failed, 2 on bad usage.",
    )
    add_common(parser)
    parser.add_argument("--json", action="store_true", help="print the results as JSON (schema in the README)")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="S",
                        help="time limit per claim in seconds (default: 120)")
    return parser


_MARK = {Status.PROVED: "proved", Status.PROVED_FROM_PREMISES: "proved from premises", Status.CHECKED: "checked",
         Status.FAILED: "FAILED", Status.ERROR: "ERROR"}


def _error_text(value: float | None) -> str:
    return "-" if value is None else f"{value:.1e}"


def run(args) -> int:
    from lnsym.runner import verify
    from lnsym.terminal_math import prose_text, tolerate_narrow_stdout

    run_ = verify(args.ids, seed=args.seed, paths=args.path, timeout=args.timeout)
    if args.json:
        json.dump(run_.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        tolerate_narrow_stdout()
        width = max([len(r.id) for r in run_.results] + [5])
        # as wide as the longest status shown, so that a run without premises prints as it always did
        column = max([len(_MARK[r.status]) for r in run_.results] + [8])
        print(f"{'claim':<{width}}  {'status':<{column}}  {'scope':<28}  {'max err':>8}  {'time':>6}")
        for r in run_.results:
            print(f"{r.id:<{width}}  {_MARK[r.status]:<{column}}  {r.scope[:28]:<28}  "
                  f"{_error_text(r.max_abs_error):>8}  {r.seconds:5.2f}s")
            for p in r.premises:  # what the claim assumes, under it: a reader sees it is not decided
                source = f" ({prose_text(p.source)})" if p.source else ""
                print(f"{'':<{width}}  premise: {prose_text(p.name)}{source}")
            if r.claim.expected_failure:
                what = "expected failure" if r.as_expected else "UNEXPECTED PASS of an expected failure"
                print(f"{'':<{width}}  -> {what}: {prose_text(r.claim.expected_failure)}")
            if r.message:  # its math as Unicode: a terminal shows LaTeX as its source (--json keeps it)
                print(f"{'':<{width}}  -> {prose_text(r.message)}")
        for e in run_.load_errors:
            print(f"load error: {e}", file=sys.stderr)
        s = run_.summary()
        expected = len(s["expected_failures"])
        print(f"{s['passed']} passed, {s['failed'] + s['error'] + len(run_.load_errors)} failed"
              + (f" ({expected} as expected)" if expected else "")
              + f" (seed {run_.seed}, {run_.seconds:.2f} s)")
    return 0 if run_.passed else 1
