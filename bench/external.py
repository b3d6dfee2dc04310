"""How often is `lnsym check` right when it says `wrong`? Figures on the dev halves in ../shared/external.

    python bench/external.py                       # MATH and ProcessBench figures, the audit
    python bench/external.py --no-plain-text       # math between delimiters only
    python bench/external.py --only processbench --dump /tmp/pb.jsonl --show   # every finding; the audit rows
    python bench/external.py --cli                 # also time one `lnsym check --json` call on ProcessBench

Each solution is checked by ``lnsym.check.check_record``, the per-record function of ``check --jsonl``
(a solution given as a list of steps: each step is checked as its own text, and a finding names its
step), in ``--jobs`` processes. Printed:

- MATH (500 human-written solutions, correct as published): solutions with a `wrong`.
- ProcessBench (1,700 model-written solutions, ``label`` = first wrong step, -1 none): solutions labelled
  -1 with a `wrong`; the first `wrong` before, at and after the labelled step; steps checked; time.
- The audit: every `wrong`, with the verdict written down by hand in ``bench/audit/processbench-dev.tsv``
  (the `wrong`s on -1 solutions and before the label, the ones the issue asks to be kept by hand) and
  ``bench/audit/processbench-dev-all.tsv`` (those at and after the label), after recomputing the step:
  ``real`` (the step as written is false) or ``false`` (a false alarm). A finding with no row is
  ``UNAUDITED``. The precision of `wrong` over the audited findings is printed.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from functools import partial
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTERNAL = HERE.parents[1] / "shared" / "external"
AUDITS = (HERE / "audit" / "processbench-dev.tsv", HERE / "audit" / "processbench-dev-all.tsv")


def _check(record: dict, plain_text: bool) -> dict:
    from lnsym.check import check_record

    return check_record(record, plain_text=plain_text)


def check_all(records: list[dict], jobs: int, plain_text: bool) -> list[dict]:
    """The result of every record, in order, in ``jobs`` processes (each with its own evaluator)."""
    with Pool(jobs) as pool:
        return pool.map(partial(_check, plain_text=plain_text), records, chunksize=8)


def load_audit() -> dict[tuple[str, int, str], tuple[str, str]]:
    rows: dict[tuple[str, int, str], tuple[str, str]] = {}
    for path in AUDITS:
        if path.exists():
            with path.open(encoding="utf-8") as f:
                for r in csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"):
                    rows[(r["id"], int(r["step"]), r["source"])] = (r["verdict"], r["note"])
    return rows


def read_jsonl(name: str) -> list[dict]:
    path = EXTERNAL / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def math_figures(jobs: int, plain_text: bool) -> None:
    rows = read_jsonl("math-solutions-dev.jsonl")
    t = time.perf_counter()
    results = check_all([{"id": f"math-{k}", "solution": r["solution"]} for k, r in enumerate(rows)], jobs,
                        plain_text)
    seconds = time.perf_counter() - t
    steps = Counter(f["verdict"] for r in results for f in r["findings"])
    flagged = [(r["id"], f) for r in results for f in r["findings"] if f["verdict"] == "wrong"]
    print(f"MATH dev: {len(rows)} solutions, {len({rid for rid, _ in flagged})} with a `wrong`; "
          f"steps {dict(sorted(steps.items()))}; {seconds:.1f} s")
    for rid, f in flagged:
        print(f"  {rid} {f['line']}:{f['column']}  {f['source'][:100]}  -> {f['expected'][:40]}")


def processbench_figures(jobs: int, plain_text: bool, dump: str, show: bool) -> None:
    rows = read_jsonl("processbench-dev.jsonl")
    t = time.perf_counter()
    results = check_all(rows, jobs, plain_text)
    seconds = time.perf_counter() - t
    audit = load_audit()
    figures, verdicts, tally = Counter(), Counter(), Counter()
    shown = []
    for r, res in zip(rows, results, strict=True):
        fs = res["findings"]
        verdicts.update(f["verdict"] for f in fs)
        first, label = res["first_wrong_step"], r["label"]
        if label == -1:
            figures["labelled -1"] += 1
            figures["-1 with a wrong"] += first is not None
        elif first is not None:
            figures["first wrong before the label" if first < label else
                    "first wrong at the label" if first == label else "first wrong after the label"] += 1
        for f in fs:
            if f["verdict"] != "wrong":
                continue
            verdict, note = audit.get((r["id"], f["step"], f["source"]), ("UNAUDITED", ""))
            tally[verdict] += 1
            if show and (label == -1 or f["step"] < label or verdict != "real"):
                shown.append(f"    [{verdict}] {r['id']} step {f['step']} (label {label}) {f['line']}:{f['column']} "
                             f"{f['source'][:90]}  -> expected {f['expected'][:40]}" + (f"  # {note}" if note else ""))
    checked = verdicts["correct"] + verdicts["wrong"] + verdicts["imprecise"]
    total = sum(verdicts.values())
    print(f"ProcessBench dev: {len(rows)} solutions ({figures['labelled -1']} labelled -1), plain text "
          f"{'on' if plain_text else 'off'}; {seconds:.1f} s ({len(rows) / seconds:.1f} solutions/s, {jobs} processes, "
          f"load average {os.getloadavg()[0]:.1f})")
    print(f"  labelled -1 with a `wrong`: {figures['-1 with a wrong']} "
          f"({100 * figures['-1 with a wrong'] / max(1, figures['labelled -1']):.1f}%)")
    for key in ("first wrong before the label", "first wrong at the label", "first wrong after the label"):
        print(f"  {key}: {figures[key]}")
    print(f"  steps: {total} findings, {checked} checked ({100 * checked / max(1, total):.1f}%): "
          f"{dict(sorted(verdicts.items()))}")
    real, false = tally["real"], tally["false"]
    print(f"  audit of every `wrong`: {verdicts['wrong']} findings, {real} real, {false} false alarms, "
          f"{tally['unclear']} unclear, {tally['UNAUDITED']} unaudited"
          + (f"; precision {100 * real / (real + false):.1f}% of the audited" if real + false else ""))
    print("\n".join(shown)) if shown else None
    if dump:
        with open(dump, "w", encoding="utf-8") as out:
            for r, res in zip(rows, results, strict=True):
                out.write(json.dumps({"label": r["label"], **res}, ensure_ascii=False) + "\n")


def cli_timing() -> None:
    """One `lnsym check --json` call with every ProcessBench solution as a file (the issue's measure)."""
    rows = read_jsonl("processbench-dev.jsonl")
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for r in rows:
            p = Path(tmp) / f"{r['id']}.md"
            p.write_text("\n\n".join(r["steps"]) + "\n", encoding="utf-8")
            files.append(str(p))
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "lnsym", "check", "--json", *files],
                              capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - t
    print(f"one `lnsym check --json` call on {len(files)} files: {seconds:.1f} s "
          f"(exit {done.returncode}, load average {os.getloadavg()[0]:.1f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("math", "processbench"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-plain-text", dest="plain_text", action="store_false",
                    help="math between delimiters only")
    ap.add_argument("--dump", default="", help="write every ProcessBench result to this JSONL file")
    ap.add_argument("--show", action="store_true", help="print the audit rows of the -1/before-label findings, "
                    "and every finding not audited as real")
    ap.add_argument("--cli", action="store_true", help="also time one `lnsym check --json` call")
    args = ap.parse_args(argv)
    if not EXTERNAL.is_dir():
        print(f"{EXTERNAL} not found: the external corpora live in ../shared/external", file=sys.stderr)
        return 2
    if args.only in (None, "math"):
        math_figures(args.jobs, args.plain_text)
    if args.only in (None, "processbench"):
        processbench_figures(args.jobs, args.plain_text, args.dump, args.show)
    if args.cli:
        cli_timing()
    return 0


if __name__ == "__main__":
    sys.exit(main())
