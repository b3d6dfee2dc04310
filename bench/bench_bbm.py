"""BIG-Bench Mistake, multistep arithmetic (dev half): does plain-text checking find the labelled mistake?

    python bench/bench_bbm.py [--verbose]

Reads ``../shared/external/bbm-arithmetic-dev.jsonl`` (150 chains written in plain text, human label of
the first wrong step, ``mistake_index``; null when the labellers found none). Prints: labelled
mistakes whose first ``wrong`` is at the labelled step; chains with a ``wrong`` before their labelled
step; null-labelled chains with a ``wrong``; and, for each of these flags, the step and the finding
so that it can be checked by hand (our verdicts: ``bench/audit/bbm-dev.tsv``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "external" / "bbm-arithmetic-dev.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--verbose", action="store_true", help="print every chain's first wrong finding")
    args = parser.parse_args()
    path = Path(args.data)
    if not path.exists():
        print(f"{path}: not found", file=sys.stderr)
        return 2
    from lnsym.check.batch.solution import check_steps
    from lnsym.check.judges.worker import Worker

    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    at = before = after = missed = null_flagged = 0
    labelled = sum(r["mistake_index"] is not None for r in rows)
    flags: list[str] = []
    steps_total = steps_checked = 0
    t = time.perf_counter()
    with Worker(step_seconds=10) as w:
        for k, row in enumerate(rows):
            findings = check_steps(row["steps"], w, plain_text=True)
            steps_total += len(findings)
            steps_checked += sum(f.verdict.value in ("correct", "wrong", "imprecise") for f in findings)
            wrong = [f for f in findings if f.verdict.value == "wrong"]
            first = min((f.step for f in wrong), default=None)
            label = row["mistake_index"]
            first_f = next((f for f in wrong if f.step == first), None)
            line = (f"#{k} label={label} first_wrong={first}: step {first}: {first_f.source!r} "
                    f"expected {first_f.expected} ({first_f.reason})") if first_f else f"#{k} label={label}: no wrong"
            if label is None:
                if first is not None:
                    null_flagged += 1
                    flags.append("null-labelled " + line)
            elif first is None:
                missed += 1
            elif first == label:
                at += 1
            elif first < label:
                before += 1
                flags.append("before the label " + line)
            else:
                after += 1
            if args.verbose:
                print(line)
    elapsed = time.perf_counter() - t
    print(f"BBM dev: {len(rows)} chains, {labelled} with a labelled mistake ({elapsed:.1f} s)")
    print(f"  first wrong at the labelled step: {at}/{labelled} = {100 * at / max(labelled, 1):.1f}%")
    print(f"  first wrong before the label: {before}; after it: {after}; no wrong: {missed}")
    print(f"  null-labelled chains with a wrong: {null_flagged}/{len(rows) - labelled}")
    print(f"  steps checked (correct/wrong/imprecise): {steps_checked}/{steps_total}")
    for f in flags:
        print("  " + f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
