"""The value of a term and what a written number claims: a parsed term evaluated exactly
(:mod:`.evaluate`), exact three-valued comparison (:mod:`.exact`), the digits a decimal shows
(:mod:`.rounding`, :mod:`.precision`), congruences (:mod:`.modular`), and vectors and matrices of known
values (:mod:`.values`, :mod:`.linear_algebra`)."""
