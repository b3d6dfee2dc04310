"""How often is `lnsym check` right when it says `wrong`? Figures on the dev halves in ../shared/external.

    python bench/external.py                      # MATH and ProcessBench figures, the audit table
    python bench/external.py --only processbench --dump /tmp/pb.jsonl   # every finding, for study
    python bench/external.py --cli                # also time one `lnsym check --json` call on all of ProcessBench

Printed:

- MATH (500 human-written solutions, correct as published): solutions with a `wrong`.
- ProcessBench (1,700 model-written solutions, `label` = first wrong step, -1 none): solutions labelled -1
  with a `wrong`; the first `wrong` before, at and after the labelled step; steps checked; time.
- The audit: every `wrong` on a -1 solution and every `wrong` before the label, with the verdict written
  down by hand in ``bench/audit/processbench-dev.tsv`` after recomputing the step (``real``: the step
  really is wrong; ``false``: a false alarm; a finding with no row is printed as ``UNAUDITED``). The
  precision of `wrong` over the audited findings is printed with them.

A solution's steps are joined into one text, a blank line between steps (each step is a paragraph);
a finding belongs to the step its first line is in.
"""

from __future__ import annotations

import argparse
import bisect
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTERNAL = HERE.parents[1] / "shared" / "external"
AUDIT = HERE / "audit" / "processbench-dev.tsv"


def join_steps(steps: list[str]) -> tuple[str, list[int]]:
    """The text of a solution and the first line of each step."""
    text, starts = "", []
    for s in steps:
        starts.append(text.count("\n") + 1)
        text += s + "\n\n"
    return text, starts


def _check_chunk(chunk: list[tuple[str, str, list[int]]]) -> list[tuple[str, list[dict], float]]:
    from lnsym.check.judges.worker import Worker
    from lnsym.check.pipeline import check_text

    out = []
    with Worker() as w:
        for rid, text, starts in chunk:
            t = time.perf_counter()
            report = check_text(text, rid, w)
            found = []
            for f in report.findings:
                row = f.to_json()
                row["step"] = max(0, bisect.bisect_right(starts, f.line) - 1) if starts else 0
                found.append(row)
            out.append((rid, found, time.perf_counter() - t))
    return out


def check_all(items: list[tuple[str, str, list[int]]], jobs: int) -> dict[str, list[dict]]:
    """Findings of every item, in two or more processes (each with its own evaluator)."""
    chunks = [items[k::jobs] for k in range(jobs)]
    results: dict[str, list[dict]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_check_chunk, chunks):
            for rid, found, _ in part:
                results[rid] = found
    return results


def load_audit() -> dict[tuple[str, int, str], tuple[str, str]]:
    if not AUDIT.exists():
        return {}
    with AUDIT.open(encoding="utf-8") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")
        return {(r["id"], int(r["step"]), r["source"]): (r["verdict"], r["note"]) for r in rows}


def math_figures(jobs: int) -> None:
    path = EXTERNAL / "math-solutions-dev.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    t = time.perf_counter()
    found = check_all([(f"math-{k}", r["solution"], []) for k, r in enumerate(rows)], jobs)
    seconds = time.perf_counter() - t
    wrong = {rid: [f for f in fs if f["verdict"] == "wrong"] for rid, fs in found.items()}
    flagged = sorted((rid for rid, fs in wrong.items() if fs), key=lambda r: int(r.split("-")[1]))
    steps = Counter(f["verdict"] for fs in found.values() for f in fs)
    print(f"MATH dev: {len(rows)} solutions, {len(flagged)} with a `wrong`; "
          f"steps {dict(steps)}; {seconds:.1f} s")
    for rid in flagged:
        for f in wrong[rid]:
            print(f"  {rid} {f['line']}:{f['column']}  {f['source'][:100]}  -> {f['expected'][:40]}")


def processbench_figures(jobs: int, dump: str, show: bool) -> None:
    path = EXTERNAL / "processbench-dev.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = [(r["id"], *join_steps(r["steps"])) for r in rows]
    t = time.perf_counter()
    found = check_all(items, jobs)
    seconds = time.perf_counter() - t
    audit = load_audit()
    figures = Counter()
    verdicts = Counter()
    audited: list[tuple[str, int, int, dict, str, str]] = []
    for r in rows:
        fs = found[r["id"]]
        verdicts.update(f["verdict"] for f in fs)
        wrong_steps = sorted({f["step"] for f in fs if f["verdict"] == "wrong"})
        label = r["label"]
        if label == -1:
            figures["labelled -1"] += 1
            figures["-1 with a wrong"] += bool(wrong_steps)
        else:
            figures["labelled"] += 1
            if wrong_steps:
                first = wrong_steps[0]
                figures["first wrong before the label" if first < label else
                        "first wrong at the label" if first == label else "first wrong after the label"] += 1
        for f in fs:
            if f["verdict"] == "wrong" and (label == -1 or f["step"] < label):
                verdict, note = audit.get((r["id"], f["step"], f["source"]), ("UNAUDITED", ""))
                audited.append((r["id"], f["step"], label, f, verdict, note))
    checked = verdicts["correct"] + verdicts["wrong"] + verdicts["imprecise"]
    print(f"ProcessBench dev: {len(rows)} solutions ({figures['labelled -1']} labelled -1); {seconds:.1f} s "
          f"({len(rows) / seconds:.1f} solutions/s, {jobs} processes)")
    print(f"  labelled -1 with a `wrong`: {figures['-1 with a wrong']} "
          f"({100 * figures['-1 with a wrong'] / max(1, figures['labelled -1']):.1f}%)")
    for key in ("first wrong before the label", "first wrong at the label", "first wrong after the label"):
        print(f"  {key}: {figures[key]}")
    print(f"  steps: {sum(verdicts.values())} findings, {checked} checked "
          f"({100 * checked / max(1, sum(verdicts.values())):.1f}%): {dict(sorted(verdicts.items()))}")
    print(f"  `wrong` findings in all: {verdicts['wrong']}")
    tally = Counter(v for *_, v, _ in audited)
    real, false = tally["real"], tally["false"]
    print(f"  audit of the `wrong`s on -1 solutions and before the label: {len(audited)} findings, "
          f"{real} real, {false} false alarms, {tally['UNAUDITED']} unaudited"
          + (f"; precision {100 * real / (real + false):.1f}%" if real + false else ""))
    if show:
        for rid, step, label, f, verdict, note in audited:
            print(f"    [{verdict}] {rid} step {step} (label {label}) {f['line']}:{f['column']} "
                  f"{f['source'][:90]}  -> expected {f['expected'][:40]}" + (f"  # {note}" if note else ""))
    if dump:
        with open(dump, "w", encoding="utf-8") as out:
            for r in rows:
                out.write(json.dumps({"id": r["id"], "label": r["label"], "findings": found[r["id"]]},
                                     ensure_ascii=False) + "\n")


def cli_timing() -> None:
    """One `lnsym check --json` call with every ProcessBench solution as a file (the issue's measure)."""
    path = EXTERNAL / "processbench-dev.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for r in rows:
            p = Path(tmp) / f"{r['id']}.md"
            p.write_text(join_steps(r["steps"])[0], encoding="utf-8")
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
    ap.add_argument("--dump", default="", help="write every ProcessBench finding to this JSONL file")
    ap.add_argument("--quiet", action="store_true", help="figures only, not the audit table")
    ap.add_argument("--cli", action="store_true", help="also time one `lnsym check --json` call")
    args = ap.parse_args(argv)
    if not EXTERNAL.is_dir():
        print(f"{EXTERNAL} not found: the external corpora live in ../shared/external", file=sys.stderr)
        return 2
    if args.only in (None, "math"):
        math_figures(args.jobs)
    if args.only in (None, "processbench"):
        processbench_figures(args.jobs, args.dump, not args.quiet)
    if args.cli:
        cli_timing()
    return 0


if __name__ == "__main__":
    sys.exit(main())
