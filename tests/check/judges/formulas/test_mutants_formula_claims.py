"""Rules of the formula claims (lnsym/check/judges/formulas/formula_claims.py) that its mutants showed untested:
which terms may be formulas of the vocabulary, and how a claim is decided."""

from __future__ import annotations

from lnsym.check.judges.formulas.formula_claims import mentions_vocabulary
from lnsym.check.parse.lexer import tokenize


def test_a_term_may_be_a_formula_when_it_names_the_vocabulary():
    for src in (r"\partial y", r"\hat{z}_a", r"\widehat{z}", r"\delta_{ab}", r"\gamma_a", r"\epsilon",
                r"\varepsilon", r"\sigma^2", r"\mu", r"\sum_i x_i", r"\text{LN}(z)", r"\mathrm{RMSNorm}(x)",
                r"\text{softmax}(x)", "J", "F(x)", "I-A"):
        assert mentions_vocabulary(tokenize(src)), src
    for src in ("x+y", r"\alpha_1", r"\frac{1}{2}", r"\text{Batch Norm}", "K", "x_j", ""):
        assert not mentions_vocabulary(tokenize(src)), src
