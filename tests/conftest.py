"""Run the tests with one BLAS thread, as the command line does (``lnsym.cli._single_threaded_blas``):
the committed appendix is rendered by the command line, and a multi-threaded BLAS can round a
512 x 512 eigenvalue problem differently in the last bit, which would make the appendix test see a
different worst error. Set before NumPy is imported by any test module."""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
