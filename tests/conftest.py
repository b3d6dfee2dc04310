"""Run the tests with the command line's BLAS settings (``lnsym.blas.reproducible_blas``: one thread, and
OpenBLAS's Haswell kernels on x86-64): the committed appendix is rendered by the command line, and
another thread count or another CPU's kernels round a 512 x 512 eigenvalue problem differently in the
last bit, which would make the appendix test see a different worst error. Set before NumPy is imported
by any test module."""

from lnsym.blas import reproducible_blas

reproducible_blas()
