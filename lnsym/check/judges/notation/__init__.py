"""Derivation notation read into SymPy for symbolic sizes: standard functions and their derivatives
(:mod:`.calculus`), index notation (:mod:`.index_notation`, decided by :mod:`.index_steps`), vector and
matrix notation entry by entry (:mod:`.matrix_notation`), and finite sums compared up to their indices
(:mod:`.sum_forms`)."""
