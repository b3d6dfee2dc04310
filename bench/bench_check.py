"""Speed and false-alarm figures of `lnsym check` (the numbers quoted in the README).

    python bench/bench_check.py            # seed key, 1,000-step key, many files, MATH solutions

Times are wall-clock after start-up (imports done), best of three, except the derivation key of 40 steps:
it is checked cold, by ``python -m lnsym check`` in a new process (start-up included), median of five.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def _best(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def thousand_step_key(seed: int = 0) -> str:
    """A synthetic key of 1,000 steps: fractions, roots with rounding, vectors, bindings."""
    rng = random.Random(seed)
    lines = []
    for k in range(100):
        a, b, c = rng.randint(1, 99), rng.randint(1, 99), rng.randint(2, 9)
        lines.append(
            f"Step {k}: $\\mu_{{{k}}}=\\frac{{{a}+{b}}}{{2}}=\\frac{{{a + b}}}{{2}}$, "
            f"$\\sqrt{{{c}}}\\approx {float(c) ** 0.5:.4f}$, "
            f"$[{a},{b}]+[1,-1]=[{a + 1},{b - 1}]$, $\\frac{{[{a},{b}]}}{{2}}=[{a / 2:g},{b / 2:g}]$, "
            f"$({a}+{b})\\times {c}={(a + b) * c}={(a + b) * c}$, $\\frac{{1}}{{{c}}}\\approx {1 / c:.3f}$, "
            f"$0.1+0.2=0.3<1$, $2^{{{c}}}={2**c}$.\n\n"
        )
    return "".join(lines)


_DERIVATION_STEPS = (
    "$\\frac{{d}}{{dx}} x^{k} = {k} x^{km1}$",
    "$\\frac{{d}}{{dx}}\\tanh(x) = 1 - \\tanh^2(x)$",
    "$\\tanh'(0) = 1$",
    "$\\sum_{{i=1}}^{{{k}}} i = \\frac{{{k}({k}+1)}}{{2}}$",
    "$e^{{0}} + {k} = {kp1}$",
    "$\\frac{{{k}}}{{{kp1}}} \\approx {ratio:.4f}$",
    "$({k} + 1)^2 = {k}^2 + 2 \\cdot {k} + 1$",
    "$\\sqrt{{{sq}}} = {k}$",
)


def derivation_key(steps: int = 40) -> str:
    """An instructor's key of ``steps`` statements, one per line: derivatives, primes, sums, roundings."""
    lines = ["# A derivation key", ""]
    for n in range(steps):
        k = 2 + n // len(_DERIVATION_STEPS)
        template = _DERIVATION_STEPS[n % len(_DERIVATION_STEPS)]
        lines.append(f"{n + 1}. " + template.format(k=k, km1=k - 1, kp1=k + 1, ratio=k / (k + 1), sq=k * k))
    return "\n".join(lines) + "\n"


def cold_check_seconds(path: Path, repeat: int = 5) -> float:
    """Median wall time of ``python -m lnsym check PATH`` in a new process: start-up included."""
    import statistics
    import subprocess

    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "lnsym", "check", str(path)], capture_output=True, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    t0 = time.perf_counter()
    from lnsym.check.judges.worker import Worker
    from lnsym.check.pipeline import check_text

    startup = time.perf_counter() - t0
    print(f"import of lnsym.check (SymPy included): {startup:.2f} s")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        key = Path(tmp) / "derivation-40.md"
        key.write_text(derivation_key(40), encoding="utf-8")
        print(f"derivation key of 40 steps, cold (start-up included), median of 5: {cold_check_seconds(key):.2f} s")
    seed = ROOT / "lnsym" / "examples" / "residual-layernorm.md"  # the project's own copy
    with Worker() as w:
        check_text("$1+1=2$", "warm-up", w)  # the worker process is forked here
        if seed.exists():
            text = seed.read_text(encoding="utf-8")
            report = check_text(text, "seed", w)
            s = report.summary
            print(f"seed key: {s['correct']} correct, {s['wrong']} wrong, {s['unchecked']} unchecked; "
                  f"{_best(lambda: check_text(text, 'seed', w)):.2f} s")
        big = thousand_step_key()
        report = check_text(big, "1000", w)
        n = sum(report.summary.values())
        print(f"synthetic key of {n} steps: {report.summary}; {_best(lambda: check_text(big, 'big', w), 1):.2f} s")
        math = SHARED / "external" / "math-solutions-dev.jsonl"
        if math.exists():
            rows = [json.loads(line) for line in math.read_text(encoding="utf-8").splitlines() if line.strip()]
            t = time.perf_counter()
            totals = {"correct": 0, "wrong": 0, "imprecise": 0, "unchecked": 0, "defined": 0, "error": 0}
            alarmed, definitions = 0, 0
            for k, row in enumerate(rows):
                r = check_text(row["solution"], f"#{k}", w)
                for key, v in r.summary.items():
                    totals[key] += v
                alarmed += r.summary["wrong"] > 0
                definitions += sum(f.reason.startswith("defines ") for f in r.findings)
            steps = sum(totals.values())
            checked = totals["correct"] + totals["wrong"] + totals["imprecise"]
            print(f"MATH ({len(rows)} correct solutions, {time.perf_counter() - t:.1f} s): {totals}; "
                  f"false alarms in {alarmed} solutions = {100 * alarmed / len(rows):.1f} per 100; "
                  f"steps checked {100 * checked / steps:.1f}% "
                  f"({100 * checked / (steps - definitions):.1f}% of steps that are not definitions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
