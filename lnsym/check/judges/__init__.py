"""The judges: a statement's steps decided ``correct``, ``wrong``, ``imprecise`` or left ``unchecked``.

:mod:`.judgement` is the contract (what a judge is given and returns), :mod:`.worker` runs a statement
within its time limit, and :mod:`.arithmetic` decides its steps with the subpackages: ``numbers`` (the
value of a term, exact comparison, rounding), ``notation`` (derivatives, index and matrix notation of
symbolic size), ``proofs`` (consequences of earlier steps, conditions, named lemmas, hypotheses) and
``formulas`` (the LayerNorm formulas of the seed key)."""
