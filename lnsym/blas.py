"""BLAS settings that make lnsym's floating-point figures the same on every x86-64 machine.

NumPy's bundled OpenBLAS chooses its kernels for the CPU it finds: the same 512 x 512 ``eigvalsh`` or
matrix product rounds differently in the last bit with the AVX-512 kernels of an Intel server
(SkylakeX) and with those of an AMD one (Zen). The worst errors the appendix prints (``2.2e-16``
against ``2.1e-16``) then differ between two machines running the same code on the same seed, and a
committed appendix looks stale on one of them. Pinning the kernels to OpenBLAS's Haswell set (AVX2
and FMA, which every x86-64 server of the last decade has) gives the same bits everywhere; lnsym's
matrices are small, so the wider kernels gained nothing measurable. Threads are pinned to one as well:
``verify`` already runs one worker per CPU, and on a busy 2-core machine BLAS threads spin (a
512 x 512 ``eigvalsh`` took 0.5 s instead of 0.03 s).

Both settings take effect only if they are made before NumPy is loaded, and a user's own environment
variables win.
"""

from __future__ import annotations

import os
import platform
import sys

__all__ = ["reproducible_blas"]

_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def _has_avx2_and_fma() -> bool:
    """Can this CPU run OpenBLAS's Haswell kernels? (False where it cannot be told: then nothing is pinned.)"""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = set(line.split(":", 1)[1].split())
                    return {"avx2", "fma"} <= flags
    except OSError:
        pass
    return False


def reproducible_blas() -> bool:
    """Set one BLAS thread and, on x86-64 with AVX2, OpenBLAS's Haswell kernels, unless NumPy is already
    loaded (then it is too late, and nothing is changed). Returns whether the settings could still apply."""
    if "numpy" in sys.modules:
        return False
    for name in _THREADS:
        os.environ.setdefault(name, "1")
    if _has_avx2_and_fma():
        os.environ.setdefault("OPENBLAS_CORETYPE", "Haswell")
    return True
