"""The prose that claims a statement for every value of its variables (lnsym.check.roles.quantifiers): the shapes
read, the domains they give, and the sentences that read nothing (a restriction, other math, other words)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from lnsym.check.judges.proofs.universal import Domain
from lnsym.check.roles.quantifiers import quantified


def read(sentence: str) -> dict | None:
    start = sentence.index("$CLAIM$")
    return quantified(sentence, start, start + len("$CLAIM$"))


@pytest.mark.parametrize(("sentence", "expected"), [
    ("For every real $t$, $CLAIM$.", {"t": Domain()}),
    ("By Cauchy-Schwarz, for all real $p, q$ we have $CLAIM$.", {"p": Domain(), "q": Domain()}),
    ("Whatever the real numbers $x, y$, $CLAIM$.", {"x": Domain(), "y": Domain()}),
    ("$CLAIM$ for all real $x$.", {"x": Domain()}),
    ("For all integers $m \\ge 0$ we have $CLAIM$.", {"m": Domain(integer=True, lo=Fraction(0))}),
    ("For all positive $w$: $CLAIM$.", {"w": Domain(lo=Fraction(0), lo_strict=True)}),
    ("For all $u, v \\ge 0$, $CLAIM$.", {"u": Domain(lo=Fraction(0)), "v": Domain(lo=Fraction(0))}),
    ("For every $0 \\le a < 2$, $CLAIM$.", {"a": Domain(lo=Fraction(0), hi=Fraction(2), hi_strict=True)}),
    ("For each natural number $n$, $CLAIM$.", {"n": Domain(integer=True, lo=Fraction(1))}),
    ("For all nonzero $x$, $CLAIM$.", {"x": Domain(nonzero=True)}),
])
def test_a_quantifier_and_its_domains(sentence, expected):
    assert read(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "For every real $x$ with $x > 1$, $CLAIM$.",  # another hypothesis between
    "For all real $x$, $CLAIM$ if $x \\ne 0$.",  # a restriction after the claim
    "For all real $x$, $CLAIM$ when x is large.",
    "For all real $x$, $CLAIM$ and $y = 2$.",  # more math after it
    "Since $x > 0$, $CLAIM$ for all real $x$.",  # math before it
    "For all $x$ in the interval, $CLAIM$.",  # words the reader does not know
    "For some real $x$, $CLAIM$.",  # not every value
    "We need $CLAIM$.",
    "For all positive $x \\ge 2$, $CLAIM$.",  # an adjective and a bound
    "For every $2 < a < 1$, $CLAIM$.",  # an empty interval
])
def test_sentences_that_read_no_quantifier(sentence):
    assert read(sentence) is None


def test_the_quantifier_belongs_to_the_claims_sentence():
    assert read("For every real $t$, $a = 1$. Then $CLAIM$.") is None
    assert read("We know $a = 1$. For every real $t$, $CLAIM$.") == {"t": Domain()}
