"""Share of checked steps on the MATH solutions, and the biggest buckets of unchecked reasons.

    python bench/math_coverage.py                 # totals and the top reasons
    python bench/math_coverage.py --examples 3    # with a few example steps per reason
    python bench/math_coverage.py --dump out.jsonl  # every step (solution, verdict, source, reason)

Reasons are bucketed by removing digits and quoted text, so "expected '}', got 'x'" and
"expected '}', got 'y'" are one bucket.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text

MATH = Path(__file__).resolve().parents[2] / "shared" / "external" / "math-solutions-dev.jsonl"


def bucket(reason: str) -> str:
    r = re.sub(r"'[^']*'", "'…'", reason)
    r = re.sub(r"\\[A-Za-z]+", r"\\cmd", r) if r.startswith("free symbol") else r
    r = re.sub(r"free symbol\(s\) .*", "free symbol(s) …", r)
    return re.sub(r"\d+", "N", r)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(MATH))
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--examples", type=int, default=0)
    ap.add_argument("--dump", default="")
    ap.add_argument("--step-seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    rows = [json.loads(line)["solution"] for line in Path(args.file).read_text(encoding="utf-8").splitlines()
            if line.strip()]
    totals = Counter()
    reasons = Counter()
    examples = defaultdict(list)
    wrong = []
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None  # noqa: SIM115
    t = time.perf_counter()
    with Worker(step_seconds=args.step_seconds) as w:
        for k, solution in enumerate(rows):
            report = check_text(solution, f"#{k}", w)
            for f in report.findings:
                totals[f.verdict.value] += 1
                if f.verdict.value == "wrong":
                    wrong.append((k, f.line, f.column, f.source, f.reason))
                if f.verdict.value == "unchecked":
                    b = bucket(f.reason)
                    reasons[b] += 1
                    if len(examples[b]) < args.examples:
                        examples[b].append(f"#{k}: {f.source}")
                if dump:
                    dump.write(json.dumps({"k": k, "verdict": f.verdict.value, "source": f.source,
                                           "reason": f.reason}) + "\n")
    if dump:
        dump.close()
    steps = sum(totals.values())
    checked = totals["correct"] + totals["wrong"]
    print(f"{len(rows)} solutions, {steps} steps, {time.perf_counter() - t:.0f} s: {dict(totals)}")
    print(f"steps checked: {100 * checked / max(steps, 1):.1f}%; wrong (false alarms): {totals['wrong']} "
          f"in {len({k for k, *_ in wrong})} solutions")
    for k, line, col, src, reason in wrong:
        print(f"  WRONG #{k} {line}:{col} {src} -- {reason}")
    print("unchecked reasons:")
    for b, n in reasons.most_common(args.top):
        print(f"{n:6d}  {b}")
        for e in examples[b]:
            print(f"          {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
