"""ProcessBench (dev half): the figures of `check --jsonl` with plain-text arithmetic on and off.

    python bench/bench_processbench.py [--jobs N] [--reuse DIR]

Runs `lnsym check --jsonl` twice on ``../shared/external/processbench-dev.jsonl`` (1,700 model-written
solutions, ``label`` = index of the first wrong step, -1 when the labellers found none), math spans only
(`--no-plain-text`) and with plain text, and prints for each: solutions labelled -1 with a `wrong`; first
`wrong` before / at / after the label; steps checked (correct, wrong or imprecise). Then every `wrong`
that plain text adds on a -1 solution or before the label, for checking by hand (our verdicts:
``bench/audit/plain-text-dev.tsv``). ``--reuse DIR`` reads the two outputs of an earlier run from DIR.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "external" / "processbench-dev.jsonl"


def _key(f: dict) -> tuple:
    return f.get("step"), f["line"], f["column"], f["source"]


def figures(labels: dict, results: dict) -> dict:
    out = {"minus1_wrong": 0, "before": 0, "at": 0, "after": 0, "checked": 0, "steps": 0, "wrong": 0}
    for rid, label in labels.items():
        r = results[rid]
        first = r.get("first_wrong_step")
        out["checked"] += sum(r["summary"][v] for v in ("correct", "wrong", "imprecise"))
        out["steps"] += sum(r["summary"].values())
        out["wrong"] += r["summary"]["wrong"]
        if first is None:
            continue
        if label == -1:
            out["minus1_wrong"] += 1
        elif first < label:
            out["before"] += 1
        elif first == label:
            out["at"] += 1
        else:
            out["after"] += 1
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--reuse", metavar="DIR", help="read plain.jsonl and math.jsonl from DIR instead of running")
    args = parser.parse_args()
    data = Path(args.data)
    if not data.exists():
        print(f"{data}: not found", file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]
    labels = {r["id"]: r["label"] for r in rows}
    steps_of = {r["id"]: r["steps"] for r in rows}
    folder = Path(args.reuse or tempfile.mkdtemp())
    outputs = {"math": folder / "math.jsonl", "plain": folder / "plain.jsonl"}
    if not args.reuse:
        from lnsym.check.batch.jsonl_run import JsonlOptions, run_jsonl

        for name, path in outputs.items():
            t = time.perf_counter()
            run_jsonl(str(data), str(path), JsonlOptions(plain_text=name == "plain"), jobs=args.jobs, progress=False)
            print(f"{name}: {time.perf_counter() - t:.0f} s ({path})")
    results = {name: {r["id"]: r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}
               for name, path in outputs.items()}
    n_minus1 = sum(label == -1 for label in labels.values())
    print(f"ProcessBench dev: {len(rows)} solutions, {n_minus1} labelled -1")
    print("                      math spans only   with plain text")
    fig = {name: figures(labels, res) for name, res in results.items()}
    for key, title in [("minus1_wrong", "-1 with a wrong"), ("before", "first wrong before"),
                       ("at", "first wrong at label"), ("after", "first wrong after"), ("wrong", "wrong findings"),
                       ("checked", "steps checked")]:
        print(f"  {title:20s} {fig['math'][key]:>14} {fig['plain'][key]:>17}")
    print(f"  {'findings':20s} {fig['math']['steps']:>14} {fig['plain']['steps']:>17}")
    print("\nwrong findings that plain text adds on a -1 solution or before the label:")
    for rid, label in labels.items():
        old = {_key(f) for f in results["math"][rid]["findings"] if f["verdict"] == "wrong"}
        for f in results["plain"][rid]["findings"]:
            if f["verdict"] != "wrong" or _key(f) in old or not (label == -1 or f["step"] < label):
                continue
            text = steps_of[rid][f["step"]].split("\n")[f["line"] - 1]
            context = text[max(0, f["column"] - 60) : f["end_column"] + 30]
            print(f"  {rid} (label {label}) step {f['step']}: {f['source']!r}: {f['reason']}\n      ...{context}...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
