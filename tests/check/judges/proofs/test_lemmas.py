"""Named lemmas (issue 28): a symbolic inequality that is an instance of a lemma is ``correct`` and names it; the
reverse of one is ``wrong`` at a scalar point; a mutant that is neither stays ``unchecked``."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.evaluate import evaluate
from lnsym.check.judges.proofs.lemmas import Bound, LemmaVerdict, identity_norm, lemma_of, refuted_reverse
from lnsym.check.judges.worker import Worker
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.pipeline import check_text

SEED_BOUND = (r"Bound. By the triangle inequality, $\Vert I+B_i\Vert \le \Vert I\Vert +\Vert B_i\Vert =1+\Vert B_i"
              r"\Vert \le 1+\delta$. Operator norm is submultiplicative "
              r"($\Vert MN\Vert \le \Vert M\Vert \Vert N\Vert$), so chaining all $n$ factors: "
              r"$\Vert {\prod }_{i=1}^n(I+B_i)\Vert \le {\prod }_{i=1}^n\Vert I+B_i\Vert "
              r"\le {\prod }_{i=1}^n(1+\delta )=(1+\delta {)}^n.$" "\n")


def value(tex: str):
    return evaluate(parse_term(tokenize(tex)), {})


@pytest.fixture(scope="module")
def worker():
    with Worker() as w:
        yield w


@pytest.mark.parametrize(("low", "high", "lemma"), [
    (r"\Vert I+B_i\Vert", r"\Vert I\Vert +\Vert B_i\Vert", "triangle"),
    (r"\Vert a - 2b\Vert", r"\Vert a\Vert + 2\Vert b\Vert", "triangle"),  # |c| for a number c
    (r"|x + y + z|", r"|x| + |y| + |z|", "triangle"),
    (r"|\sum_{i=1}^n a_i|", r"\sum_{i=1}^n |a_i|", "triangle"),
    (r"\Vert a\Vert - \Vert b\Vert", r"\Vert a - b\Vert", "reverse triangle"),
    (r"|\Vert a\Vert - \Vert b\Vert|", r"\Vert b - a\Vert", "reverse triangle"),
    (r"\Vert MN\Vert", r"\Vert M\Vert \Vert N\Vert", "submultiplicativity"),
    (r"\Vert {\prod }_{i=1}^n(I+B_i)\Vert", r"{\prod }_{i=1}^n\Vert I+B_i\Vert", "submultiplicativity"),
    (r"1 + x^2", r"e^{x^2}", "1 + x"),
])
def test_an_instance_of_a_lemma_holds_and_names_it(low, high, lemma):
    found = lemma_of(value(low), value(high), "≤")
    assert found is not None and found.holds and lemma in found.lemma
    flipped = lemma_of(value(high), value(low), "≥")  # the same claim written the other way round
    assert flipped is not None and flipped.lemma == found.lemma
    assert lemma_of(value(low), value(high), "<") is None  # a lemma gives <=, never <


@pytest.mark.parametrize(("low", "high"), [
    (r"\Vert I+B_i\Vert", r"\Vert I\Vert \Vert B_i\Vert"),  # a product for a sum
    (r"\Vert I+B_i\Vert", r"\Vert B_i\Vert"),  # a dropped term
    (r"\Vert a - 2b\Vert", r"\Vert a\Vert + \Vert b\Vert"),  # a dropped factor
    (r"\Vert a\Vert + \Vert b\Vert", r"\Vert a - b\Vert"),  # a sign
    (r"\Vert MN\Vert", r"\Vert M\Vert + \Vert N\Vert"),
    (r"\Vert MN\Vert", r"\Vert M\Vert \Vert M\Vert"),
    (r"2 + x", r"e^{x}"),
    (r"{\prod }_{i=1}^n\Vert I+B_i\Vert", r"{\prod }_{i=1}^n(1+\delta )"),  # no bound stated: not monotonicity
])
def test_a_mutated_instance_is_no_lemma(low, high):
    assert lemma_of(value(low), value(high), "≤") is None


def test_monotonicity_of_a_product_uses_a_bound_stated_earlier():
    bound = Bound(value(r"\Vert I+B_i\Vert"), value(r"1+\delta"), r"\Vert I+B_i\Vert \le 1+\delta", 3)
    low, high = value(r"{\prod }_{i=1}^n\Vert I+B_i\Vert"), value(r"{\prod }_{i=1}^n(1+\delta )")
    found = lemma_of(low, high, "≤", (bound,))
    assert found is not None and "monotonicity" in found.lemma and "(line 3)" in found.lemma
    other = Bound(value(r"\Vert I+B_i\Vert"), value(r"1+2\delta"), "", 3)
    assert lemma_of(low, high, "≤", (other,)) is None  # the bound must be the one the factors use


def test_the_norm_of_the_identity_is_one_in_a_rewriting():
    assert identity_norm(value(r"\Vert I\Vert +\Vert B_i\Vert"), value(r"1+\Vert B_i\Vert")).holds
    assert identity_norm(value(r"\Vert I\Vert +\Vert B_i\Vert"), value(r"2+\Vert B_i\Vert")) is None
    assert identity_norm(value(r"\Vert J\Vert +\Vert B_i\Vert"), value(r"1+\Vert B_i\Vert")) is None


def test_the_reverse_of_a_lemma_is_refuted_at_a_scalar_point_unless_a_bound_constrains_it():
    low, high = value(r"\Vert I+B_i\Vert"), value(r"\Vert I\Vert +\Vert B_i\Vert")
    found = refuted_reverse(low, high, "≥")
    assert found is not None and not found.holds and "B_{i} = -2" in found.point and "1 against 3" in found.point
    assert refuted_reverse(low, high, "≤") is None  # the lemma itself is not refuted
    bound = Bound(value(r"\Vert B_i\Vert"), value(r"\delta"), "", 1)
    assert refuted_reverse(low, high, "≥", (bound,)) is None  # B_i may be constrained: no point is evidence


def test_the_seed_keys_bound_is_decided_link_by_link_with_its_lemmas(worker):
    findings = check_text(SEED_BOUND, worker=worker).findings
    got = [(f.verdict.value, f.reason) for f in findings]
    assert got[0] == ("correct", "by the triangle inequality")
    assert got[1] == ("correct", "by \\Vert I\\Vert = 1 for an operator norm")
    assert got[2][0] == "unchecked"  # 1 + ||B_i|| <= 1 + delta: the key states no bound on ||B_i||
    assert got[3] == ("correct", "by submultiplicativity of the operator norm")
    assert got[4] == ("correct", "by submultiplicativity of the operator norm")
    assert got[5][0] == "correct" and "monotonicity" in got[5][1]
    assert got[6][0] == "correct"


def test_a_reversed_link_of_the_seed_key_is_caught_at_that_link(worker):
    old, new = r"\Vert I+B_i\Vert \le \Vert I\Vert", r"\Vert I+B_i\Vert \ge \Vert I\Vert"  # one \le reversed
    assert old in SEED_BOUND
    findings = check_text(SEED_BOUND.replace(old, new), worker=worker).findings
    assert findings[0].verdict.value == "wrong", findings[0].reason
    assert sum(f.verdict.value == "wrong" for f in findings) == 1


def test_a_reversed_product_link_is_never_refuted_at_a_meaningless_point(worker):
    """Submultiplicativity reversed (``\\Vert \\prod_i A_i\\Vert \\ge \\prod_i \\Vert A_i\\Vert``) is an
    equality for scalars and needs matrices to refute; a point that sets a family B_i and a range n to numbers
    one by one proved nothing (it was once called wrong at "B = -2, a[_i] = 3"). It is not correct either."""
    old, new = r"\Vert {\prod }_{i=1}^n(I+B_i)\Vert \le", r"\Vert {\prod }_{i=1}^n(I+B_i)\Vert \ge"
    findings = check_text(SEED_BOUND.replace(old, new), worker=worker).findings
    assert findings[4].verdict.value == "unchecked", findings[4].reason


@pytest.mark.parametrize(("left", "rel", "right"), [
    (r"\Vert I+B_i\Vert", "≥", r"\Vert I\Vert +\Vert B_i\Vert"),
    (r"\Vert I\Vert +\Vert B_i\Vert", "≤", r"\Vert I+B_i\Vert"),  # the same claim the other way round
    (r"\Vert I+B_i\Vert", ">", r"\Vert I\Vert +\Vert B_i\Vert"),
    (r"\Vert I\Vert +\Vert B_i\Vert", "<", r"\Vert I+B_i\Vert"),
])
def test_a_reversed_lemma_is_refuted_in_every_orientation(left, rel, right):
    found = refuted_reverse(value(left), value(right), rel)
    assert found is not None and not found.holds and found.lemma == "the triangle inequality"
    assert "I = 1" in found.point


def test_no_refutation_with_a_sum_over_an_index():
    r"""``|\sum a_i| \ge \sum |a_i|`` reverses the triangle inequality, but a point must give the family a_i
    values, not one number: undecided."""
    assert refuted_reverse(value(r"|\sum_{i=1}^n a_i|"), value(r"\sum_{i=1}^n |a_i|"), "≥") is None
    assert refuted_reverse(value(r"|a + b|"), value(r"|a| + |b|"), "≥").point.startswith("a = -2, b = 3")


def test_capital_letters_written_together_are_a_product_of_matrices():
    assert lemma_of(value(r"\Vert AB\Vert"), value(r"\Vert A\Vert \Vert B\Vert"), "≤").holds
    assert lemma_of(value(r"\Vert AB\Vert"), value(r"\Vert A\Vert \Vert A\Vert"), "≤") is None
    assert lemma_of(value(r"\Vert A\Vert"), value(r"\Vert A\Vert"), "≤") is None


def test_monotonicity_of_a_product_against_a_product_of_other_factors():
    low = value(r"{\prod }_{i=1}^n\Vert I+B_i\Vert")
    high = value(r"{\prod }_{i=1}^n(1+\delta_i)")
    bound = Bound(value(r"\Vert I+B_i\Vert"), value(r"1+\delta_i"), "", 2)
    assert lemma_of(low, high, "≤", (bound,)).holds
    other_range = value(r"{\prod }_{i=2}^n(1+\delta_i)")
    assert lemma_of(low, other_range, "≤", (bound,)) is None  # another range of factors
    # factors not known to be nonnegative: x_i <= 1 + delta_i bounds no product
    signed = Bound(value("x_i"), value(r"1+\delta_i"), "", 2)
    assert lemma_of(value(r"{\prod }_{i=1}^n x_i"), high, "≤", (signed,)) is None


# -- issue 30: each condition of a lemma, with the case only it rejects ----------------------------------------
norm = sp.Function("norm")
_i, _j, n, m = sp.symbols("_i _j n m")
A, a = sp.IndexedBase("A"), sp.IndexedBase("a")


@pytest.mark.parametrize(("low", "high"), [
    (r"f(a+b)", r"\Vert a\Vert + \Vert b\Vert"),  # f is no norm
    (r"x", r"\sum_{i=1}^n |a_i|"),  # no absolute value of a sum on the left
    (r"|\prod_{i=1}^n a_i|", r"\sum_{i=1}^n |a_i|"),  # a product is no sum
    (r"|\sum_{i=1}^n a_i|", r"\sum_{i=2}^n |a_i|"),  # another range
    (r"|\sum_{i=1}^n a_i|", r"\sum_{i=1}^n a_i"),  # the absolute values dropped
    (r"\Vert a\Vert - \Vert b\Vert", r"f(a - b)"),  # the reverse triangle inequality bounds by a norm
    (r"\Vert a\Vert - 1", r"\Vert a - 1\Vert"),  # 1 is no norm
    (r"\Vert {\prod }_{i=1}^n A_i\Vert", r"{\prod }_{i=2}^n\Vert A_i\Vert"),  # another range
    (r"\Vert -2A\Vert", r"-2\Vert A\Vert"),  # |c|, not c
])
def test_a_link_outside_each_lemmas_conditions_is_none(low, high):
    assert lemma_of(value(low), value(high), "≤") is None


def test_several_summation_indices_are_no_triangle_or_product():
    r"""``|\sum_i \sum_j a_i| = m |\sum_i a_i|`` is not bounded by ``\sum_i |a_i|``: one index only."""
    double = sp.Sum(a[_i], (_i, 1, n), (_j, 1, m))
    assert lemma_of(sp.Abs(double), sp.Sum(sp.Abs(a[_i]), (_i, 1, n)), "≤") is None
    prod2 = sp.Product(A[_i], (_i, 1, n), (_j, 1, m))
    assert lemma_of(norm(prod2), sp.Product(norm(A[_i]), (_i, 1, n)), "≤") is None
    # the same on the right
    assert lemma_of(sp.Abs(sp.Sum(a[_i], (_i, 1, n))), sp.Sum(sp.Abs(a[_i]), (_i, 1, n), (_j, 1, m)), "≤") is None


def test_a_number_factor_in_a_product_of_matrices_comes_out_as_its_absolute_value():
    found = lemma_of(value(r"\Vert -2A\Vert"), value(r"2\Vert A\Vert"), "≤")
    assert found == LemmaVerdict(True, "submultiplicativity of the operator norm")
    assert lemma_of(value(r"\Vert A \cdot B\Vert"), value(r"\Vert A\Vert \Vert B\Vert"), "≥") is None  # reversed


def test_only_a_name_of_capital_letters_is_a_product_of_matrices():
    x, y = sp.symbols("x y")
    assert lemma_of(norm(sp.Symbol("xy")), norm(x) * norm(y), "≤") is None  # ab: one name, not a times b
    assert lemma_of(norm(sp.Symbol("A1")), norm(sp.Symbol("A")) * norm(sp.Symbol("1")), "≤") is None
    assert lemma_of(norm(sp.Symbol("ABC")), sp.Mul(*[norm(sp.Symbol(c)) for c in "ABC"]), "≤").holds


def test_monotonicity_needs_the_factors_range_and_bound():
    bound = Bound(value(r"\Vert I+B_i\Vert"), value(r"1+\delta"), r"\Vert I+B_i\Vert \le 1+\delta", 0)
    low = value(r"{\prod }_{i=1}^n\Vert I+B_i\Vert")
    found = lemma_of(low, value(r"(1+\delta)^n"), "≤", (bound,))
    assert found == LemmaVerdict(True, r"monotonicity of a product of nonnegative factors, with "
                                       r"\Vert I+B_i\Vert \le 1+\delta")  # line 0: none shown
    assert lemma_of(low, value(r"(1+\delta)^m"), "≤", (bound,)) is None  # n factors, not m
    from_two = value(r"{\prod }_{i=2}^n\Vert I+B_i\Vert")
    assert lemma_of(from_two, value(r"(1+\delta)^n"), "≤", (bound,)) is None  # n - 1 factors
    e_bound = Bound(value(r"\Vert I+B_i\Vert"), value("e"), "", 1)
    assert lemma_of(low, value("e^m"), "≤", (e_bound,)) is None  # e^m is no power with n
    two_limits = sp.Product(low.function, low.limits[0], (_j, 1, m))  # the factors of low, n m of them
    assert lemma_of(two_limits, value(r"{\prod }_{i=1}^n(1+\delta )"), "≤", (bound,)) is None


def test_monotonicity_of_absolute_values_and_of_nonnegative_factors():
    high = value(r"{\prod }_{i=1}^n(1+\delta)")
    bound = Bound(value(r"|x_i|"), value(r"1+\delta"), "", 4)
    assert lemma_of(value(r"{\prod }_{i=1}^n |x_i|"), high, "≤", (bound,)).lemma.endswith("(line 4)")
    shifted = Bound(value(r"|x + i|"), value(r"1+\delta"), "|x + i| <= 1 + delta", 0)  # the index itself, free
    assert lemma_of(value(r"{\prod }_{i=1}^n |x + i|"), high, "≤", (shifted,)).holds
    p, q, neg = sp.Symbol("p", positive=True), sp.Symbol("q"), sp.Symbol("r", negative=True)
    assert lemma_of(sp.Product(p, (_i, 1, n)), sp.Product(q, (_i, 1, n)), "≤", (Bound(p, q),)).holds
    # factors below zero: -2 <= 1 but (-2)(-2) > 1 * 1
    assert lemma_of(sp.Product(neg, (_i, 1, n)), sp.Product(q, (_i, 1, n)), "≤", (Bound(neg, q),)) is None


def test_a_bound_that_is_no_number_is_no_evidence():
    from lnsym.check.judges.numbers.evaluate import Vec

    odd = Bound(Vec([sp.Integer(1)]), value(r"1+\delta"), "", 1)
    low, high = value(r"{\prod }_{i=1}^n\Vert I+B_i\Vert"), value(r"{\prod }_{i=1}^n(1+\delta )")
    assert lemma_of(low, high, "≤", (odd,)) is None


def test_a_lemma_that_cannot_read_a_link_leaves_it_to_the_next(monkeypatch):
    from lnsym.check.judges.proofs import lemmas

    def unreadable(low, high):
        raise TypeError("not a link this lemma reads")

    monkeypatch.setattr(lemmas, "_LEMMAS", (("broken", unreadable), *lemmas._LEMMAS))
    found = lemma_of(value("1 + x"), value("e^x"), "≤")
    assert found == LemmaVerdict(True, "1 + x \\le e^x")


def test_the_norm_of_the_identity_on_either_side():
    found = identity_norm(value(r"1+\Vert B_i\Vert"), value(r"\Vert I\Vert +\Vert B_i\Vert"))
    assert found == LemmaVerdict(True, "\\Vert I\\Vert = 1 for an operator norm")
    assert identity_norm(value(r"2+\Vert B_i\Vert"), value(r"\Vert I\Vert +\Vert B_i\Vert")) is None


# 1 + f <= e^f is an equality where f = 0: the points -2, 3, 1/2, -5/3 are tried in turn, one per name, rotated
@pytest.mark.parametrize(("left", "rel", "right", "point"), [
    (r"e^{x+2}", "≤", r"1 + (x+2)", "x = 3 (scalars): e^{5} against 6"),  # at -2, 1 <= 1 holds
    (r"1 + (x+2)", "≥", r"e^{x+2}", "x = 3 (scalars): 6 against e^{5}"),
    (r"e^{x+2}", "<", r"1 + (x+2)", "x = -2 (scalars): 1 against 1"),  # 1 < 1 fails
    (r"1 + (x+2)", ">", r"e^{x+2}", "x = -2 (scalars): 1 against 1"),
    # zero at -2, 3 and 1/2: only the fourth point refutes it
    (r"1 + (x+2)(x-3)(x-\frac12)", "≥", r"e^{(x+2)(x-3)(x-\frac12)}",
     "x = -5/3 (scalars): \\frac{118}{27} against e^{\\frac{91}{27}}"),
    # two names: (x, y) = (-2, 3), (3, 1/2), (1/2, -5/3), (-5/3, -2)
    (r"1 + (x+2)(y-\frac12)(x-\frac12)", "≥", r"e^{(x+2)(y-\frac12)(x-\frac12)}",
     "x = -5/3, y = -2 (scalars): \\frac{101}{36} against e^{\\frac{65}{36}}"),
    # at -2, 1 + sqrt(-2) is no real number: skipped, not the end of the search
    (r"1 + \sqrt{x}", "≥", r"e^{\sqrt{x}}", "x = 3 (scalars): 1 + \\sqrt{3} against e^{\\sqrt{3}}"),
    (r"\Vert I+B\Vert", "≥", r"\Vert I\Vert +\Vert B\Vert", "B = -2 (scalars, I = 1): 1 against 3"),
])
def test_a_reversed_lemma_is_refuted_at_the_first_point_where_it_fails(left, rel, right, point):
    found = refuted_reverse(value(left), value(right), rel)
    assert found is not None and found.holds is False and found.point == point, found


def test_a_bound_on_other_names_does_not_stop_a_refutation():
    low, high = value(r"\Vert I+B\Vert"), value(r"\Vert I\Vert +\Vert B\Vert")
    other = Bound(value(r"\delta"), value("1"), "", 1)
    assert refuted_reverse(low, high, "≥", (other,)).point == "B = -2 (scalars, I = 1): 1 against 3"


def test_no_refutation_for_an_equation_or_what_is_no_expression():
    from lnsym.check.judges.numbers.evaluate import Vec

    low, high = value(r"\Vert I\Vert +\Vert B\Vert"), value(r"\Vert I+B\Vert")
    assert refuted_reverse(low, high, "=") is None
    assert refuted_reverse(Vec([low]), high, "≤") is None


def test_no_refutation_where_a_name_stands_for_a_family_or_a_range():
    x = sp.Symbol("x")
    # a family entry written free (a_k, k unbound): a number for "a_k" means nothing about the family
    k = sp.Symbol("k")
    assert refuted_reverse(norm(sp.Symbol("I") + a[k]), norm(sp.Symbol("I")) + norm(a[k]), "≥") is None
    # a sum with its index in the terms, no family: n would be set to -2
    summed = sp.Sum(x + _i, (_i, 1, n))
    assert refuted_reverse(sp.Abs(summed), sp.Sum(sp.Abs(x + _i), (_i, 1, n)), "≥") is None
    product = sp.Product(sp.Symbol("X") + _i, (_i, 1, n))
    assert refuted_reverse(norm(product), sp.Product(norm(sp.Symbol("X") + _i), (_i, 1, n)), "≥") is None



def test_the_reverse_of_submultiplicativity_is_never_refuted_at_scalars(worker):
    r"""For scalars (1 x 1 matrices) ``\Vert MN\Vert = \Vert M\Vert \Vert N\Vert``: its reverse needs matrices
    to refute. It was called wrong at "M = 3, MN = 1/2, N = -5/3", a point that takes the name MN for a number
    of its own, not M times N. It is not correct either."""
    assert refuted_reverse(value(r"\Vert MN\Vert"), value(r"\Vert M\Vert \Vert N\Vert"), "≥") is None
    assert refuted_reverse(value(r"\Vert M\Vert \Vert N\Vert"), value(r"\Vert MN\Vert"), "<") is None
    (f,) = check_text(r"$\Vert MN\Vert \ge \Vert M\Vert \Vert N\Vert$" "\n", worker=worker).findings
    assert f.verdict.value == "unchecked", f.reason


def _lemma_verdicts(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}


def test_a_square_is_nonnegative_proves_two_term_am_gm_and_its_kin():
    got = _lemma_verdicts("For real $a$, $b$: $2ab \\le a^2 + b^2$.\n\nAlso $(a+b)^2 \\le 2(a^2 + b^2)$.\n\n"
                          "And $x^2 - 2x + 1 \\ge 0$.\n\nBut $3ab \\le a^2 + b^2$.\n\nAnd $a^2 + b^2 < 2ab + 1$.\n")
    for link in ("2ab \\le a^2 + b^2", "(a+b)^2 \\le 2(a^2 + b^2)", "x^2 - 2x + 1 \\ge 0"):
        assert got[link] == ("correct", "by a square is nonnegative (AM-GM for two numbers)")
    assert got["3ab \\le a^2 + b^2"][0] == "unchecked"  # false at a = b = 1: no lemma
    assert got["a^2 + b^2 < 2ab + 1"][0] == "unchecked"  # a strict link is no lemma's


def test_a_reversed_square_lemma_is_refuted_at_a_point():
    got = _lemma_verdicts("For real $a$, $b$: $a^2 + b^2 \\le 2ab$.\n")
    verdict, reason = got["a^2 + b^2 \\le 2ab"]
    assert verdict == "wrong" and "a = -2, b = 3" in reason


def test_cauchy_schwarz_over_one_index_and_range():
    left = "\\left(\\sum_{i=1}^{n} a_i b_i\\right)^2 \\le "
    cs = left + "\\left(\\sum_{i=1}^{n} a_i^2\\right)\\left(\\sum_{i=1}^{n} b_i^2\\right)"
    other = left + "\\left(\\sum_{i=1}^{m} a_i^2\\right)\\left(\\sum_{i=1}^{n} b_i^2\\right)"
    cubes = left + "\\left(\\sum_{i=1}^{n} a_i^3\\right)\\left(\\sum_{i=1}^{n} b_i^2\\right)"
    got = _lemma_verdicts(f"${cs}$.\n\n${other}$.\n\n${cubes}$.\n")
    assert got[cs] == ("correct", "by the Cauchy-Schwarz inequality")
    assert got[other][0] == "unchecked" and got[cubes][0] == "unchecked"


_PRODUCT = r"\prod_{i=1}^n \Vert I + B_i\Vert \le (1 + \delta)^n \le "  # n: the last index of a product


@pytest.mark.parametrize(("given", "last", "verdict", "cites"), [
    (r"$\delta \ge 0$", r"e^{n\delta}", "correct", r"1 + x \le e^x raised to the power n, with 0 \le \delta (line 1)"),
    (r"$\Vert B_i\Vert \le \delta$", r"e^{n\delta}", "correct", r"\Vert B_i\Vert \le \delta (line 1)"),  # of a norm
    (r"$\delta \ge -1$", r"e^{n\delta}", "correct", r"-1 \le \delta (line 1)"),
    (r"$\delta \ge -2$", r"e^{n\delta}", "unchecked", ""),  # 1 + delta may be negative: no lemma
    ("nothing of $\\delta$", r"e^{n\delta}", "unchecked", ""),  # no stated range
    (r"$\delta \ge 0$", r"e^{n\delta + 1}", "unchecked", ""),  # true, but no lemma: not proved
])
def test_one_plus_x_below_e_to_the_x_raised_to_a_power_needs_its_conditions(given, last, verdict, cites):
    got = _lemma_verdicts(f"Let {given}. Then ${_PRODUCT}{last}$.\n")
    found, reason = got[f"(1 + \\delta)^n \\le {last}"]
    assert found == verdict, reason
    assert cites in reason


def test_a_count_is_a_natural_number_only_where_a_sum_or_product_makes_it_one():
    # `n` alone in an exponent: nothing says it is >= 0, so (1 + delta)^n <= e^{n delta} is not proved
    got = _lemma_verdicts("Let $\\delta \\ge 0$. Then $2 \\cdot (1 + \\delta)^n \\le 2 e^{n\\delta}$.\n")
    assert got["2 \\cdot (1 + \\delta)^n \\le 2 e^{n\\delta}"][0] == "unchecked"


@pytest.mark.parametrize(("given", "verdict"), [
    (r"$x \ge -1$", "correct"), (r"$x \ge 0$", "correct"), (r"$x \ge -3$", "unchecked"), ("$n \\ge 1$", "unchecked"),
])
def test_bernoulli_needs_x_at_least_minus_one_and_a_count(given, verdict):
    # the sum's last index makes n a count; x >= -1 must be stated
    text = f"Let {given}. Then $(1 + x)^n \\ge 1 + n x \\ge \\sum_{{k=1}}^n x - x^2$.\n"
    found, reason = _lemma_verdicts(text)["(1 + x)^n \\ge 1 + n x"]
    assert found == verdict, reason
    if verdict == "correct":
        assert reason.startswith("by Bernoulli's inequality, with ") and "(line 1)" in reason


def test_a_stated_bound_with_the_same_terms_on_both_sides():
    text = "Let $\\Vert B\\Vert \\le \\delta$. Then $\\Vert I + B\\Vert \\le 1 + \\Vert B\\Vert \\le 1 + \\delta$.\n"
    found, reason = _lemma_verdicts(text)["1 + \\Vert B\\Vert \\le 1 + \\delta"]
    assert (found, reason) == ("correct", "by the bound \\Vert B\\Vert \\le \\delta (line 1), with the same "
                                          "terms added to both sides or both scaled by a positive number")
    for mutant in ("1 + 2\\Vert B\\Vert \\le 1 + \\delta", "1 + \\delta \\le 1 + \\Vert B\\Vert",
                   "1 - \\Vert B\\Vert \\le 1 + \\delta"):
        text = f"Let $\\Vert B\\Vert \\le \\delta$. Then $\\Vert I + B\\Vert \\le {mutant}$.\n"
        assert _lemma_verdicts(text)[mutant][0] != "correct", mutant
    # the bound written again, or with one side rewritten, is not proved by itself
    for again in ("\\Vert B\\Vert \\le \\delta", "\\Vert B\\Vert \\le \\frac{2\\delta}{2}"):
        text = f"Let $\\Vert B\\Vert \\le \\delta$.\nSo $2 \\Vert B\\Vert + 1 - 1 \\le 2\\delta$ and ${again}$.\n"
        assert _lemma_verdicts(text)[again][0] == "unchecked", again
    scaled = ("Let $\\Vert B\\Vert \\le \\delta$. Then $\\Vert I + B\\Vert \\le 3 + 2\\Vert B\\Vert "
              "\\le 3 + 2\\delta$.\n")
    assert _lemma_verdicts(scaled)["3 + 2\\Vert B\\Vert \\le 3 + 2\\delta"][0] == "correct"


def test_a_link_of_a_chain_of_bounds_false_at_every_point_tried_in_its_range_is_wrong():
    text = f"Let $\\delta \\ge 0$. Then ${_PRODUCT}e^{{\\delta^n}}$.\n"
    found, reason = _lemma_verdicts(text)["(1 + \\delta)^n \\le e^{\\delta^n}"]
    assert found == "wrong"
    assert reason == ("false where 0 \\le \\delta (line 1), n a count (the last index of a sum or product): at "
                      "\\delta = 1, n = 2: 4 against e (false at all 10 points tried)")
    text = "Let $m > 2$. Then $m \\cdot 2 = 2m \\le m + 2$.\n"  # false for every m > 2
    assert _lemma_verdicts(text)["2m \\le m + 2"] == (
        "wrong", "false where 2 \\le m (line 1): at m = 3: 6 against 5 (false at all 4 points tried)")
    reversed_link = ("Let $\\delta \\ge 0$. Then $\\prod_{i=1}^n \\Vert I + B_i\\Vert \\le (1 + \\delta)^n "
                     "\\ge e^{n\\delta}$.\n")
    assert _lemma_verdicts(reversed_link)["(1 + \\delta)^n \\ge e^{n\\delta}"][0] == "unchecked"  # a mixed chain


@pytest.mark.parametrize("text", [
    # a condition to solve, alone or between numbers: never refuted, though false at the points tried
    "Let $x > 0$. We need $x^2 - 5x + 6 < 0$.\n",
    "Let $x > 0$. Then $2 < x^2 - 5x + 6 < 3$.\n",
    # true at a point tried (n = 10: "for large n" may be meant): undecided
    "Let $n \\ge 2$, $x \\ge 0$. Then $\\prod_{i=1}^n x \\le n^2 x \\le 2^n x$.\n",
    # false at m = 5/2 but true at m = 3: m may be an integer ("m > 2" then means m >= 3)
    "Let $m > 2$, $n > 0$. Then $m n \\ge 3 n \\ge 2n + n$.\n",
    # a name without a stated range
    "Then $\\prod_{i=1}^n \\Vert B_i\\Vert \\le (1 + y)^n \\le e^{y^n}$.\n",
])
def test_what_may_be_a_condition_or_holds_where_the_prose_may_restrict_is_not_refuted(text):
    got = check_text(text).findings
    assert got and all(f.verdict.value != "wrong" for f in got), [(f.source, f.reason) for f in got]


@pytest.mark.parametrize(("low", "high"), [
    (r"\ln(1 + x)", "x"), (r"\ln y", "y - 1"), ("0", r"x - \ln(1 + x)"), (r"3\ln(1 + t)", "3t"),
    (r"\ln(1 + x^2)", "x^2"),
])
def test_the_logarithm_of_one_plus_x_below_e_to_the_x(low, high):
    found = lemma_of(value(low), value(high), "≤")
    assert found is not None and found.holds and found.lemma.startswith(r"\ln y \le y - 1"), (low, high)


@pytest.mark.parametrize(("low", "high"), [
    (r"\ln(1 + x)", "x - 1"), (r"\ln(1 + x)", "2x"), (r"\ln(2 + x)", "x"), ("x", r"\ln(1 + x)"),
    (r"-3\ln(1 + t)", "-3t"), (r"\ln(1 + x)", r"x - \ln(1 + x)"),
])
def test_a_mutated_logarithm_bound_is_no_lemma(low, high):
    assert lemma_of(value(low), value(high), "≤") is None, (low, high)


def test_an_increasing_function_and_a_nonnegative_factor_reduce_a_link_to_a_lemma():
    n_at_least_1 = (Bound(sp.Integer(1), sp.Symbol("n"), r"1 \le n", 5),)
    low, high = value(r"e^{n \ln(1 + \delta)}"), value(r"e^{n\delta}")
    found = lemma_of(low, high, "≤", n_at_least_1)
    assert found is not None and found.holds
    assert found.lemma == (r"\ln y \le y - 1 (1 + x \le e^x, its logarithm), as e^x is increasing, and both sides "
                           r"carry the factor n \ge 0 (1 \le n (line 5))")
    assert lemma_of(value("e^{2ab}"), value("e^{a^2 + b^2}"), "≤").lemma.endswith("as e^x is increasing")
    # without n >= 0 stated, or with n <= 0, or a factor on one side only: no lemma
    assert lemma_of(low, high, "≤") is None
    n_negative = (Bound(sp.Symbol("n"), sp.Integer(0), r"n \le 0", 5),)
    assert lemma_of(low, high, "≤", n_negative) is None
    assert lemma_of(value(r"e^{n \ln(1 + \delta)}"), value(r"e^{\delta}"), "≤", n_at_least_1) is None
    assert lemma_of(value(r"e^{n \ln(1 + \delta)}"), value(r"e^{n(\delta - 1)}"), "≤", n_at_least_1) is None
    assert lemma_of(value(r"e^{n\delta}"), low, "≤", n_at_least_1) is None  # the reverse


PROOF_WITH_PREMISES = ("Let $\\delta > -1$ and $n \\ge 1$ an integer.\n\n"
                       "Exponentiating, $(1 + \\delta)^n = e^{n \\ln(1 + \\delta)} \\le e^{n\\delta}$.\n\n"
                       "By Bernoulli's inequality, $1 + n\\delta \\le (1 + \\delta)^n$.\n")


def test_a_premise_fixed_by_let_holds_in_the_later_paragraphs_of_its_section():
    got = _lemma_verdicts(PROOF_WITH_PREMISES)
    assert got["e^{n \\ln(1 + \\delta)} \\le e^{n\\delta}"][0] == "correct"
    found, reason = got["1 + n\\delta \\le (1 + \\delta)^n"]
    assert (found, reason) == ("correct", "by Bernoulli's inequality, with -1 \\le \\delta (line 1), 1 \\le n (line 1)")
    # both premises are hypotheses, the second joined to the first by "and"
    roles = {f.source: f.role for f in check_text(PROOF_WITH_PREMISES).findings}
    assert roles["\\delta > -1"] == roles["n \\ge 1"] == "hypothesis"


@pytest.mark.parametrize("opening", [
    "Suppose $\\delta > -1$ and $n \\ge 1$.",  # a supposition: it holds where the text opens it
    "If $\\delta > -1$ and $n \\ge 1$, nothing follows.",
    "We have $\\delta > -1$ and $n \\ge 1$.",
    "# Another section\n\nLet $\\delta > -1$ and $n \\ge 1$ an integer.",  # (placed after the proof below)
])
def test_only_a_premise_fixed_by_let_before_it_in_its_section_is_carried(opening):
    proof = "By Bernoulli's inequality, $1 + n\\delta \\le (1 + \\delta)^n$.\n"
    text = f"{proof}\n{opening}\n" if opening.startswith("#") else f"{opening}\n\n{proof}"
    assert _lemma_verdicts(text)["1 + n\\delta \\le (1 + \\delta)^n"][0] == "unchecked", opening


def test_a_paragraph_that_bounds_the_name_itself_is_not_given_the_sections_premise():
    text = ("Let $\\delta > -1$ and $n \\ge 1$ an integer.\n\n"
            "Now take $\\delta \\ge -3$. By Bernoulli's inequality, $1 + n\\delta \\le (1 + \\delta)^n$.\n")
    assert _lemma_verdicts(text)["1 + n\\delta \\le (1 + \\delta)^n"][0] == "unchecked"


@pytest.mark.parametrize(("where", "expected"), [
    ("So $f$ has its minimum at $\\delta = 0$", "correct"),  # where the minimum is: no new value of delta
    ("Equality is attained at $\\delta = 0$", "correct"),
    ("Now set $\\delta = 0$", "unchecked"),  # a new value: the premise is not this paragraph's
])
def test_the_point_of_an_extremum_binds_no_new_value_of_a_premise_name(where, expected):
    text = f"Let $\\delta > -1$.\n\n{where}, and $\\ln(1 + \\delta) \\le \\delta$.\n"
    assert _lemma_verdicts(text)["\\ln(1 + \\delta) \\le \\delta"][0] == expected, where


def test_a_link_proved_by_the_logarithm_or_a_reduction_holds_at_every_point_tried():
    # soundness: over random links of the shapes the new rules read (some true, most not), every one proved holds
    # at random points of its stated range (x > -1, n >= 1)
    import random

    rng = random.Random(7)
    x, n = sp.Symbol("x"), sp.Symbol("n")
    bounds = (Bound(sp.Integer(-1), x, r"-1 \le x", 1), Bound(sp.Integer(1), n, r"1 \le n", 1))
    coefficient = [sp.Integer(c) for c in (-2, -1, 0, 1, 2, 3)]
    proved = 0
    for _ in range(400):
        a, b, c, k = (rng.choice(coefficient) for _ in range(4))
        inner_low = a * sp.log(1 + x) + b
        inner_high = c * x + k
        low, high = rng.choice([(inner_low, inner_high), (sp.exp(n * inner_low), sp.exp(n * inner_high)),
                                (n * inner_low, n * inner_high), (sp.Integer(0), inner_high - inner_low)])
        found = lemma_of(low, high, "≤", bounds)
        if found is None or not found.holds:
            continue
        proved += 1
        for _ in range(30):
            point = {x: sp.Rational(rng.randint(-99, 400), 100), n: rng.randint(1, 6)}
            assert (high - low).subs(point).evalf() >= -1e-12, (low, high, point, found.lemma)
    assert proved >= 5  # the rules were exercised (7 of the 400 are proved)


def test_a_square_lemma_factors_only_a_difference_of_even_degree_in_each_letter(monkeypatch):
    from lnsym.check.judges.proofs import lemmas

    factored = []
    factor_list = sp.factor_list
    monkeypatch.setattr(sp, "factor_list", lambda e, *a, **k: factored.append(e) or factor_list(e, *a, **k))
    x, a, b = sp.symbols("x a b")
    # a bound (odd degree in x, and in a): no number times squares, turned down without factoring
    assert not lemmas._even_square(x, sp.Integer(5))
    assert not lemmas._even_square(a * b, a**2 + b)
    assert factored == []
    # even degrees: factored, and proved where the difference is a square (2ab <= a^2 + b^2) or not
    assert lemmas._even_square(2 * a * b, a**2 + b**2)
    assert not lemmas._even_square(a**2, sp.Integer(1))
    assert len(factored) == 2


def _nonnegative(*letters: str) -> tuple[Bound, ...]:
    return tuple(Bound(sp.Integer(0), value(s), f"0 \\le {s}", 1) for s in letters)


@pytest.mark.parametrize(("low", "high", "letters"), [
    (r"\sqrt{uv}", r"\frac{u + v}{2}", "uv"),                      # AM-GM
    (r"2\sqrt{ab}", "a + b", "ab"),
    (r"\frac{2ab}{a + b}", r"\sqrt{ab}", "ab"),                  # harmonic and geometric means
    ("2", r"x + \frac{1}{x}", "x"),
    ("2", r"\frac{a}{b} + \frac{b}{a}", "ab"),
    (r"\sqrt{xy}", r"\frac{x + 4y}{4}", "xy"),                 # (sqrt x - 2 sqrt y)^2 / 4
])
def test_a_link_the_signs_of_its_letters_prove(low, high, letters):
    found = lemma_of(value(low), value(high), "≤", _nonnegative(*letters))
    assert found is not None and found.holds and found.lemma.startswith("the signs of"), found
    assert "(line 1)" in found.lemma


@pytest.mark.parametrize(("low", "high", "letters"), [
    (r"2\sqrt{uv}", r"\frac{u + v}{2}", "uv"),                     # a factor 2 too many
    (r"\frac{u + v}{2}", r"\sqrt{uv}", "uv"),                      # reversed
    ("3", r"x + \frac{1}{x}", "x"),                              # 3, not 2
    (r"\sqrt{ab}", r"\frac{2ab}{a + b}", "ab"),
    (r"x + \frac{1}{x}", "2", "x"),
    ("2", r"x - \frac{1}{x}", "x"),                              # a sign
])
def test_a_false_link_is_not_proved_by_signs(low, high, letters):
    found = lemma_of(value(low), value(high), "≤", _nonnegative(*letters))
    assert found is None or not found.lemma.startswith("the signs of"), found


def test_the_signs_are_used_only_when_every_letter_is_stated_nonnegative():
    assert lemma_of(value(r"\sqrt{uv}"), value(r"\frac{u + v}{2}"), "≤", _nonnegative("u")) is None
    assert lemma_of(value("2"), value(r"x + \frac{1}{x}"), "≤") is None
    below = (Bound(value("-1"), value("x"), "x \\ge -1", 1),)
    assert lemma_of(value("2"), value(r"x + \frac{1}{x}"), "≤", below) is None  # x = -1: -2
    assert lemma_of(value("0"), value("v"), "≤", _nonnegative("v")) is None  # the hypothesis again
    # only functions continuous where defined: ceil(x) >= 1 holds for x > 0 but not at 0
    assert lemma_of(value("1"), value("\\lceil x \\rceil"), "≤", _nonnegative("x")) is None
    found = lemma_of(value("2"), value("e^{x} + e^{-x}"), "≤", _nonnegative("x"))
    assert found is not None and found.lemma.startswith("the signs of")
    five = "abcde"
    assert lemma_of(value("0"), value("a b + b c + c d + d e + e a"), "≤", _nonnegative(*five)) is None


def test_amgm_in_a_key_cites_its_hypotheses(worker):
    text = ("Let $u \\ge 0$ and $v \\ge 0$. Then $\\frac{u + v}{2} \\ge \\sqrt{uv}$ and "
            "$\\frac{u + v}{2} \\ge 2\\sqrt{uv}$.\n")
    findings = check_text(text, "k.md", worker).findings
    amgm, slip = findings[-2], findings[-1]
    assert amgm.verdict.value == "correct" and "0 \\le u (line 1)" in amgm.reason
    assert slip.verdict.value != "correct"


def test_the_signs_are_those_of_the_case_the_step_is_in(worker):
    text = ("Suppose $a \\ge 0$ and $b \\ge 0$. Then $a + b \\ge 2\\sqrt{ab}$. Now suppose instead $a < 0$ and "
            "$b < 0$. Then $a + b \\ge 2\\sqrt{ab}$.\n\n"
            "For $x > 0$ we have $x + \\frac1x \\ge 2$; for $x < 0$ we have $x + \\frac1x \\ge 2$ too.\n")
    claims = [f for f in check_text(text, "k.md", worker).findings if "sqrt" in f.source or "frac" in f.source]
    assert [f.verdict.value for f in claims][:2] == ["correct", "wrong"]  # a = b = -1: -2 against 2
    assert claims[2].verdict.value == "correct" and claims[3].verdict.value != "correct"
