"""lnsym.blas: the BLAS settings that make the appendix's float figures the same on every x86-64 machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from lnsym import blas

_PROBE = """
import json, os, sys
sys.modules.pop("numpy", None)
from lnsym.blas import reproducible_blas
applied = reproducible_blas()
import numpy
late = reproducible_blas()
print(json.dumps({"applied": applied, "late": late, "core": os.environ.get("OPENBLAS_CORETYPE"),
                  "threads": os.environ.get("OPENBLAS_NUM_THREADS")}))
"""


def _probe(env: dict[str, str]) -> dict:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    done = subprocess.run([sys.executable, "-c", _PROBE], env={**clean, **env}, capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def test_pins_one_thread_and_the_haswell_kernels_before_numpy_loads():
    got = _probe({})
    assert got["applied"] is True and got["late"] is False
    assert got["threads"] == "1"
    assert got["core"] == ("Haswell" if blas._has_avx2_and_fma() else None)


def test_a_users_own_setting_wins():
    got = _probe({"OPENBLAS_CORETYPE": "Zen", "OPENBLAS_NUM_THREADS": "3"})
    assert got["core"] == "Zen" and got["threads"] == "3"


def test_no_kernel_is_pinned_where_the_cpu_cannot_run_it(monkeypatch):
    monkeypatch.setattr(blas.platform, "machine", lambda: "aarch64")
    assert blas._has_avx2_and_fma() is False


_CORENAME = """
import ctypes, glob, os, sys
from lnsym.cli import main
main(["list"])
import numpy
libs = glob.glob(os.path.join(os.path.dirname(numpy.__file__) + ".libs", "libscipy_openblas*.so"))
if not libs:
    print("no bundled OpenBLAS")
else:
    get = getattr(ctypes.CDLL(libs[0]), "scipy_openblas_get_corename64_", None)
    if get is None:
        print("no bundled OpenBLAS")
    else:
        get.restype = ctypes.c_char_p
        print(get().decode())
"""


@pytest.mark.skipif(not blas._has_avx2_and_fma(), reason="needs an x86-64 CPU with AVX2 and FMA")
def test_the_command_line_runs_numpy_on_the_pinned_kernels():
    # OpenBLAS, once NumPy has loaded it under the command line, names the pinned kernels, whatever this CPU
    # would have chosen (Zen, SkylakeX, ...)
    clean = {k: v for k, v in os.environ.items() if k != "OPENBLAS_CORETYPE"}
    done = subprocess.run([sys.executable, "-c", _CORENAME], env=clean, capture_output=True, text=True, check=True)
    core = done.stdout.strip().splitlines()[-1]
    if core == "no bundled OpenBLAS":
        pytest.skip("NumPy does not bundle OpenBLAS here")
    assert core.lower() == "haswell"
