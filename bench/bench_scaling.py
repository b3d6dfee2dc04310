"""How the time of `lnsym check FILE` grows with the file (the figures in the README, "Time budgets").

    python bench/bench_scaling.py                              # 5k, 10k, 20k, 40k list items and the 4 MiB file
    python bench/bench_scaling.py --items 5000 10000 --no-real --repeat 1
    python bench/bench_scaling.py --file-seconds 30            # the default budget: every run ends by 30 s + start-up

Each size is a Markdown file of n list items `- $1+1=2$` (every item its own paragraph and statement); the real
file is MATH and ProcessBench solutions from ../shared/external, concatenated in order until just under the 4 MiB
an input may have. Each row is one `python -m lnsym check --json --jobs 1` process, wall-clock seconds (start-up
included), the median of --repeat runs, with the count of steps left unchecked.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTERNAL = Path("/work/shared/external") if Path("/work/shared/external").is_dir() else \
    HERE.parents[1] / "shared" / "external"
MAX_BYTES = 4 * 1024 * 1024  # lnsym.check.sources.files.MAX_BYTES: a larger input is refused


def items(n: int) -> str:
    return "- $1+1=2$\n" * n


def real_solutions(limit: int = MAX_BYTES - 1024) -> str:
    """Solutions nobody on the project wrote, one after the other, each under a heading, up to ``limit`` bytes
    (UTF-8); the corpora are read again from the start when they run out."""
    texts = []
    for name in ("math-solutions-dev.jsonl", "processbench-dev.jsonl"):
        for line in (EXTERNAL / name).read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            steps = record.get("steps") or [record.get("solution", "")]
            texts.append("\n\n".join(steps))
    parts, size, k = [], 0, 0
    while True:
        part = f"## Solution {k + 1}\n\n{texts[k % len(texts)]}\n\n"
        size += len(part.encode("utf-8"))
        if size > limit:
            return "".join(parts)
        parts.append(part)
        k += 1


def run(path: Path, file_seconds: float) -> tuple[float, int, int]:
    """(wall seconds, steps, unchecked steps) of one check of ``path``."""
    cmd = [sys.executable, "-m", "lnsym", "check", "--json", "--jobs", "1", "--file-seconds", f"{file_seconds:g}",
           "--run-seconds", "0", str(path)]
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    took = time.perf_counter() - t
    if out.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit {out.returncode}: {out.stderr.strip()[-300:]}")
    summary = json.loads(out.stdout)["summary"]
    steps = sum(summary.get(k, 0) for k in ("correct", "wrong", "imprecise", "unchecked", "defined", "error"))
    return took, steps, summary.get("unchecked", 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, nargs="*", default=[5000, 10000, 20000, 40000],
                        help="sizes in list items (default 5000 10000 20000 40000)")
    parser.add_argument("--no-real", action="store_true", help="skip the 4 MiB file of real solutions")
    parser.add_argument("--repeat", type=int, default=3, help="runs per size; the median is shown (default 3)")
    parser.add_argument("--file-seconds", type=float, default=0,
                        help="the file's budget passed to lnsym (default 0: no limit, to see the growth itself)")
    args = parser.parse_args()
    cases = [(f"{n:,} items", items(n)) for n in args.items]
    if not args.no_real:
        cases.append(("4 MiB of solutions", real_solutions()))
    print(f"{'input':>20} {'bytes':>10} {'seconds':>8} {'steps':>7} {'unchecked':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, text in cases:
            path = Path(tmp) / "key.md"
            path.write_text(text, encoding="utf-8")
            runs = [run(path, args.file_seconds) for _ in range(args.repeat)]
            took = statistics.median(r[0] for r in runs)
            _, steps, unchecked = runs[-1]
            print(f"{label:>20} {len(text.encode('utf-8')):>10,} {took:>8.1f} {steps:>7,} {unchecked:>9,}", flush=True)


if __name__ == "__main__":
    main()
