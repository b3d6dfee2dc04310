"""Run time of `lnsym experiment depth` (default configuration) and of the depth claims in `verify`.

    python bench/bench_experiment.py

Each figure is the best of three wall-clock runs in fresh processes (start-up included for the CLI),
so that a busy machine inflates it as little as possible.
"""

from __future__ import annotations

import subprocess
import sys
import time

CLAIMS = ["xiong-lemma2-norms", "xiong-theorem1-scaling", "depth-gradient-profile",
          "layernorm-jacobian-norm-exact", "depth-product-bound"]

CLAIM_TIMES = """
import time
from lnsym.catalogue import load_catalogue
from lnsym.runner import run_claim
claims = [c for c in load_catalogue().claims if c.id in {ids!r}]
started = time.perf_counter()
for c in claims:
    run_claim(c)
print(time.perf_counter() - started)
"""


def _best(command: list[str], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    cli = _best([sys.executable, "-m", "lnsym", "experiment", "depth"])
    print(f"lnsym experiment depth (defaults): {cli:.1f} s")
    cli_train = _best([sys.executable, "-m", "lnsym", "experiment", "depth", "--train"], repeat=1)
    print(f"lnsym experiment depth --train:     {cli_train:.1f} s")
    runs = [float(subprocess.run([sys.executable, "-c", CLAIM_TIMES.format(ids=CLAIMS)], check=True,
                                 capture_output=True, text=True).stdout) for _ in range(3)]
    print(f"the five depth claims, one process, after loading: {min(runs):.2f} s")


if __name__ == "__main__":
    main()
