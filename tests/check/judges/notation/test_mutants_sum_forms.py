r"""Finite sums compared up to order and index names (lnsym.check.judges.notation.sum_forms), at the edges its rules
draw: terms with one form added together, an index the term does not use (a factor of the size), powers of a
sum (squares to fourth powers written out, higher ones left whole), a term the other side lacks, and the
bound on the number of terms."""

import pytest
import sympy as sp

from lnsym.check.judges.notation.sum_forms import MAX_TERMS, same_sums

n = sp.symbols("n", integer=True, positive=True)
i, j, k, ll = sp.symbols("i j k l", integer=True, positive=True)
u, v = sp.IndexedBase("u", real=True), sp.IndexedBase("v", real=True)


def test_two_sums_of_one_form_add_their_coefficients():
    # \sum_i u_i + \sum_j u_j = 2 \sum_i u_i: the second term's coefficient is added to the first's
    assert same_sums(sp.Sum(u[i], (i, 1, n)) + sp.Sum(u[j], (j, 1, n)), 2 * sp.Sum(u[i], (i, 1, n))) is True
    assert same_sums(sp.Sum(u[i], (i, 1, n)) + sp.Sum(u[j], (j, 1, n)), sp.Sum(u[i], (i, 1, n))) is None


def test_an_index_the_term_does_not_use_multiplies_it_by_its_range():
    # \sum_{i=1}^3 \sum_{j=1}^n u_j = 3 \sum_j u_j
    double = sp.Sum(u[j], (i, 1, 3), (j, 1, n))
    assert same_sums(double, 3 * sp.Sum(u[j], (j, 1, n))) is True
    assert same_sums(double, sp.Sum(u[j], (j, 1, n)) / 3) is None


def test_a_term_on_one_side_only_is_no_identity():
    # \sum_i u_i against \sum_i u_i + w: w's coefficient is 1 on one side and 0 on the other
    w = sp.Symbol("w", real=True)
    assert same_sums(sp.Sum(u[i], (i, 1, n)), sp.Sum(u[i], (i, 1, n)) + w) is None
    assert same_sums(sp.Sum(u[i], (i, 1, n)) + w, sp.Sum(u[j], (j, 1, n)) + w) is True


def test_the_square_of_a_sum_is_a_double_sum():
    # (\sum_i u_i)^2 = \sum_{i,j} u_i u_j; (\sum_i u_i v_i)^2 is not \sum_i u_i^2 v_i^2
    assert same_sums(sp.Sum(u[i], (i, 1, n)) ** 2, sp.Sum(u[i] * u[j], (i, 1, n), (j, 1, n))) is True
    assert same_sums(sp.Sum(u[i] * v[i], (i, 1, n)) ** 2, sp.Sum(u[i] ** 2 * v[i] ** 2, (i, 1, n))) is None


def test_the_fourth_power_of_a_sum_is_a_fourfold_sum():
    quadruple = sp.Sum(u[i] * u[j] * u[k] * u[ll], (i, 1, n), (j, 1, n), (k, 1, n), (ll, 1, n))
    assert same_sums(sp.Sum(u[i], (i, 1, n)) ** 4, quadruple) is True


def test_a_fifth_power_stays_whole_and_equals_itself():
    # five indices are past MAX_INDICES: written out it could not be compared; left whole it is one term
    assert same_sums(sp.Sum(u[i], (i, 1, n)) ** 5, sp.Sum(u[i], (i, 1, n)) ** 5) is True


def test_exactly_max_terms_are_compared_and_one_more_is_not():
    a = sp.symbols(f"a0:{MAX_TERMS // 10}", real=True)
    b = sp.symbols("b0:10", real=True)
    product = sp.Mul(sp.Add(*a), sp.Add(*b), evaluate=False)  # 200 terms a_r b_s once multiplied out
    assert same_sums(product, sp.expand(product)) is True
    c = sp.Symbol("c", real=True)
    longer = sp.Mul(sp.Add(*a), sp.Add(*b, c), evaluate=False)  # 210
    assert same_sums(longer, sp.expand(longer)) is None


def test_a_range_that_depends_on_another_index_is_not_compared():
    # \sum_{j=1}^n \sum_{i=1}^j and \sum_{j=1}^n \sum_{i=j}^n: not a rectangle, so renaming proves nothing
    triangle = sp.Sum(u[i] * u[j], (i, 1, j), (j, 1, n))
    assert same_sums(triangle, triangle) is None
    upper = sp.Sum(u[i], (i, j, n), (j, 1, n))
    assert same_sums(upper, upper) is None


def test_an_index_is_an_integer_wherever_it_was_written():
    # (-1)^{2p} is 1 for an integer p, even where p was written without saying so
    p = sp.Symbol("p")
    assert same_sums(sp.Sum((-1) ** (2 * p) * u[p], (p, 1, n)), sp.Sum(u[i], (i, 1, n))) is True


def test_the_reason_each_form_is_refused():
    # same_sums answers None for each; the reason is kept on the exception for whoever debugs a None
    from lnsym.check.judges.notation.sum_forms import _canonical, _flatten, _key, _NotFlat

    a = sp.symbols(f"a0:{MAX_TERMS + 1}", real=True)
    with pytest.raises(_NotFlat, match=r"^too many terms$"):
        _canonical(sp.Add(*a))
    with pytest.raises(_NotFlat, match=r"^too many terms$"):
        _flatten(sp.Mul(sp.Add(*a[:21]), sp.Add(*a[21:31]), evaluate=False))
    with pytest.raises(_NotFlat, match=r"^a range that depends on another index$"):
        _flatten(sp.Sum(u[i], (i, 1, j), (j, 1, n)))
    five = sp.symbols("p0:5", integer=True)
    with pytest.raises(_NotFlat, match=r"^too many indices$"):
        _key(tuple((p, 1, n) for p in five), sp.Mul(*[u[p] for p in five]))
    with pytest.raises(_NotFlat, match=r"^an index the renaming does not reach$"):
        _key((), u[sp.Dummy("q", integer=True)])
