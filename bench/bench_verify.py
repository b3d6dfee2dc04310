"""Benchmark of `lnsym verify` and `numeric_jacobian` (figures go in the README).

    python bench/bench_verify.py [--repeat 5]

Measures, each as the median of --repeat runs:
- a cold `python -m lnsym verify` against a bare `python -c "import sympy, numpy"`: --repeat paired runs
  (the import, then verify, one after the other), the median of each and the median of the pairs' ratios
  (a pair shares the machine's load of the moment, so its ratio is steadier than the ratio of medians);
- the symbolic-d proof of the LayerNorm Jacobian (the derivation steps only, after import);
- numeric_jacobian of LayerNorm at d = 1024 and its relative error against the closed form;
- torch.autograd.gradcheck and numdifftools on the same function, when they are importable.
"""

from __future__ import annotations

import os

# as the lnsym command line does: one BLAS thread (the matrices are small; threads only contend)
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402


def wall(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def symbolic_ln_proof() -> None:
    import sympy as sp

    from lnsym.derivation import Derivation
    from lnsym.symbols import INDEX_RANGE, a, b, d, gamma, mu, s, x
    from lnsym.symbols import LN_JACOBIAN as FORMULA
    from lnsym.symbols import layer_norm as ln_entry

    c = Derivation()
    product = gamma[a] * (sp.KroneckerDelta(a, b) - 1 / d) / s - gamma[a] * (x[a] - mu) * (x[b] - mu) / (d * s**3)
    c.equal(sp.Derivative(ln_entry(a), x[b]), product, "product rule", given=INDEX_RANGE)
    c.equal(product, FORMULA, "factor")
    assert all(step.verdict.value == "true" for step in c.steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    r = args.repeat

    bare_cmd, verify_cmd = [sys.executable, "-c", "import sympy, numpy"], [sys.executable, "-m", "lnsym", "verify"]
    pairs = [(wall(bare_cmd, 1), wall(verify_cmd, 1)) for _ in range(r)]
    bare, verify = (statistics.median(p[k] for p in pairs) for k in (0, 1))
    ratios = sorted(v / b for b, v in pairs)
    print(f"cold python -m lnsym verify     {verify:7.2f} s")
    print(f"bare import sympy, numpy        {bare:7.2f} s   (verify / import: median of {r} paired ratios "
          f"{statistics.median(ratios):.1f}x, range {ratios[0]:.1f}-{ratios[-1]:.1f}x)")

    import lnsym  # noqa: F401 - warm the imports before timing in-process work
    from lnsym import layer_norm, layer_norm_jacobian, numeric_jacobian

    symbolic_ln_proof()  # first call pays SymPy's caches
    t_sym, _ = timed(symbolic_ln_proof, r)
    print(f"symbolic-d LN Jacobian proof    {t_sym * 1e3:7.0f} ms")

    rng = np.random.default_rng(0)
    d = 1024
    x, g = rng.standard_normal(d), rng.uniform(0.5, 2.0, d)
    f = lambda X: layer_norm(X, g, eps=1e-5)  # noqa: E731
    J = layer_norm_jacobian(x, g, eps=1e-5)
    numeric_jacobian(f, x)
    t_nj, est = timed(lambda: numeric_jacobian(f, x), r)
    rel = np.abs(est.value - J).max() / np.abs(J).max()
    print(f"numeric_jacobian LN d=1024      {t_nj * 1e3:7.1f} ms   rel. error {rel:.1e} ({est.method})")

    try:
        import torch

        xt = torch.tensor(x, dtype=torch.float64, requires_grad=True)
        gt = torch.tensor(g, dtype=torch.float64)
        ft = lambda v: torch.nn.functional.layer_norm(v, (d,), gt, None, 1e-5)  # noqa: E731
        t_gc, ok = timed(lambda: torch.autograd.gradcheck(ft, (xt,), atol=1e-3), 1)
        print(f"torch.autograd.gradcheck d=1024 {t_gc * 1e3:7.0f} ms   ({t_gc / t_nj:.0f}x numeric_jacobian; "
              f"passed={ok}, tolerance 1e-3)")
    except ImportError:
        print("torch not importable: gradcheck skipped")
    try:
        import numdifftools as nd

        d2 = 256
        x2, g2 = x[:d2], g[:d2]
        f2 = lambda v: layer_norm(v, g2, eps=1e-5)  # noqa: E731
        t_nd, Jn = timed(lambda: nd.Jacobian(f2)(x2), 1)
        J2 = layer_norm_jacobian(x2, g2, eps=1e-5)
        t_ours, _ = timed(lambda: numeric_jacobian(f2, x2), r)
        print(f"numdifftools d=256              {t_nd * 1e3:7.0f} ms   error {np.abs(Jn - J2).max():.1e} "
              f"({t_nd / t_ours:.0f}x numeric_jacobian at d=256, {t_ours * 1e3:.1f} ms)")
    except ImportError:
        print("numdifftools not importable: skipped")


if __name__ == "__main__":
    main()
