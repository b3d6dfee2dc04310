"""The catalogue of claims: one module per family, discovered automatically by :mod:`lnsym.catalogue`."""
