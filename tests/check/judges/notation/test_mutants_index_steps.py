r"""Steps of index notation decided by lnsym.check.judges.notation.index_steps, one rule at a time: what counts as
index notation, which relations it decides, the counterexample's sizes, indices and entries a reader recomputes,
and what stays unchecked (tests written against mutmut's survivors)."""

from __future__ import annotations

from dataclasses import replace

import pytest
import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import Judgement
from lnsym.check.judges.notation import index_steps
from lnsym.check.judges.notation.index_notation import Scope
from lnsym.check.judges.notation.index_steps import IndexJob, decide_index_step, uses_index_notation
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.pipeline import check_text
from lnsym.check.reasons import Reason


def tree(src: str) -> tuple:
    return parse_term(tokenize(src))


@pytest.mark.parametrize(("src", "expected"), [
    ("x_i", True),  # an entry with a letter index
    ("x_{ij}", True),
    ("x_1", False),  # a whole-number index alone is no index notation
    ("x + y", False),
    ("\\sum_{k=1}^n x_k", True),
    ("\\frac{\\partial L}{\\partial z_j}", True),
    ("\\nabla_z L", True),
    ("2 (a + x_k)", True),  # found inside a product of a bracket
])
def test_what_is_index_notation(src, expected):
    assert uses_index_notation(tree(src)) is expected


def test_only_an_equality_of_two_sides_is_decided():
    scope = Scope(shapes={"x": "n"}, declared=frozenset("x"), vectors=frozenset("x"))
    assert decide_index_step(tree("\\sum_{k=1}^n x_k"), tree("\\sum_{j=1}^n x_j"), "<", scope) is None
    assert decide_index_step(None, tree("x_k"), "=", scope) is None
    assert decide_index_step(tree("x_k"), None, "=", scope) is None
    res = decide_index_step(tree("\\sum_{k=1}^n x_k"), tree("\\sum_{j=1}^n x_j"), "=", scope)
    assert res is not None and res.verdict.value == "correct"


def vectors(**kw) -> Scope:
    """x, z of n entries and y of m, declared; W an m×n and A an n×n matrix, declared; anything else as given."""
    kw.setdefault("shapes", {"x": "n", "y": "m", "z": "n"})
    kw.setdefault("matrices", {"W": ("m", "n"), "A": ("n", "n")})
    kw.setdefault("declared", frozenset(kw["shapes"]) | frozenset(kw["matrices"]))
    kw.setdefault("vectors", frozenset(kw["shapes"]))
    return Scope(**kw)


def decided(step: str, scope: Scope | None = None) -> tuple[str, str]:
    left, right = step.split(" = ")
    res = decide_index_step(tree(left), tree(right), "=", scope if scope is not None else vectors())
    assert res is not None, step
    assert res.expected == ""  # index notation has no value a side is expected to have
    return res.verdict.value, res.reason


def test_a_refutation_at_the_fourth_size_lists_every_entry_of_every_vector():
    # (n-1)(n-2)(n-3) vanishes at sizes 1 to 3: the case is n = 4, with the entries each vector is given in turn
    scope = vectors(shapes={"x": "n", "y": "n", "z": "n"})
    assert decided("\\sum_{k=1}^n x_k y_k z_k (n-1)(n-2)(n-3) = 0", scope) == (
        "wrong", "not an identity in index notation: at n = 4, x = (1/2, -1, 2, 1/3), y = (1/3, -3/2, 3/4, 1), "
                 "z = (1, -1/4, 1/2, -1) the left side is 1.25000 and the right side 0")


def test_a_vector_whose_sum_the_key_states_is_given_entries_of_that_sum():
    # y's entries are the weights 2, 3, 5, 7 (from its place among the vectors on) scaled to sum to 1
    scope = vectors(shapes={"x": "n", "y": "n", "z": "n"}, hypotheses={"y": sp.Integer(1)})
    assert decided("\\sum_{k=1}^n x_k y_k z_k (n-1)(n-2)(n-3) = 0", scope)[1].startswith(
        "not an identity in index notation: at n = 4, x = (1/2, -1, 2, 1/3), y = (3/17, 5/17, 7/17, 2/17), "
        "z = (1, -1/4, 1/2, -1) ")
    assert decided("\\sum_{k=1}^n x_k y_k = \\sum_{k=1}^n x_k", scope)[1].startswith(
        "not an identity in index notation: at n = 2, x = (1/2, -1), y = (3/8, 5/8) the left side is -0.437500")
    scope = vectors(shapes={"x": "n", "y": "n"}, hypotheses={"y": sp.Integer(3)})
    assert decided("x_i \\sum_k y_k = 2 x_i", scope) == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, x = (1/2), y = (3) the left side is 1.50000 "
                 "and the right side 1.00000")
    assert decided("x_i \\sum_k y_k = 3 x_i", scope) == (
        "correct", "index notation, for every size, using the hypothesis \\sum_k y_k = 3")


def test_the_sizes_of_a_case_grow_together_smallest_largest_size_first():
    # zero where n + m is 2 or 3: (m, n) = (2, 2) comes before (1, 3)
    assert decided("\\sum_k y_k (n + m - 2)(n + m - 3) = 0") == (
        "wrong", "not an identity in index notation: at m = 2, n = 2, y = (1/2, -1) the left side is -1.00000 and "
                 "the right side 0")
    assert decided("\\sum_k y_k (n + m - 2) = 0")[1].startswith("not an identity in index notation: at m = 1, n = 2,")


def test_a_matrix_is_given_the_entries_the_step_uses_row_by_row():
    assert decided("A x = A^\\top x") == (
        "wrong", "not an identity in index notation: at n = 2, i = 1, x = (1/3, -3/2), A = ((1/2, -1), (2, 1/3)) "
                 "the left side is 1.66667 and the right side -2.83333")
    # a case of one row and two columns: W is shown with the one row the step uses
    assert decided("\\sum_j W_{ij} x_j (n - 1) = 0") == (
        "wrong", "not an identity in index notation: at m = 1, n = 2, i = 1, x = (1/3, -3/2), W = ((1/2, -1)) "
                 "the left side is 1.66667 and the right side 0")
    assert decided("A + I = I + A^\\top") == (
        "wrong", "not an identity in index notation: at n = 2, i = 1, j = 2, A = ((1/2, -1), (2, 1/3)) the left "
                 "side is -1.00000 and the right side 2.00000")


def test_a_matrix_written_with_one_index_is_given_no_values():
    assert decided("\\sum_k A_k x_k = 0") == (
        "unchecked", "not shown for every size, and no case found where it fails")


def test_the_index_of_a_gradient_is_a_letter_the_step_does_not_use():
    scope = vectors(shapes={"z": "n"}, matrices={})
    assert decided("\\nabla_z \\sum_j z_j^2 = 2 z", scope) == ("correct", "index notation, for every size")
    assert decided("\\nabla_z \\sum_j z_j^2 = 3 z", scope) == (
        "wrong", "not an identity in index notation: at n = 1, k = 1, z = (1/2) the left side is 1.00000 and the "
                 "right side 1.50000")


def test_a_case_lists_the_sizes_then_the_indices_by_name():
    # 2 x_1 - 1 = 0 at the values x is given: the first case that fails is i = 2, j = 1
    assert decided("(2 x_i - 1) y_j = 0") == (
        "wrong", "not an identity in index notation: at m = 1, n = 2, i = 2, j = 1, x = (1/2, -1), y = (1/3, -3/2) "
                 "the left side is -1.00000 and the right side 0")


@pytest.mark.parametrize(("step", "reason"), [
    ("x_i + c = x_i", "not shown for every size; c the text does not define"),
    ("x_i + c = x_i + d", "not shown for every size; c, d the text does not define"),
    ("\\sum_{k=1}^n x_k = \\sum_{k=1}^{n} x_k + c", "not shown for every size; c the text does not define"),
    ("\\sum_{i=1}^n i = 55", "not shown for every size, and no entry in it: an equation in the size may be meant"),
    ("\\sum_k u_k = 0", "not shown for every size of u, whose size the text does not give"),
    ("\\frac{\\partial}{\\partial x_j} \\sum_{k=1}^{3} x_k = 1",
     "a derivative of a sum over a range other than the entries'"),
])
def test_what_the_text_does_not_establish_stays_unchecked(step, reason):
    assert decided(step, vectors(vectors=frozenset("xyzu"))) == ("unchecked", reason)


def test_entries_neither_defined_nor_declared_may_name_the_result():
    # p_i = x_i: the text may be naming p; with a stated sum, p is given the values of that sum and is refuted
    scope = Scope(size="n", shapes={"x": "n"}, declared=frozenset("x"), vectors=frozenset("xp"))
    assert decided("p_i = x_i", scope) == (
        "unchecked", "not shown for every size; the entries of p the text does not define or declare")
    assert decided("p_i = q_i", replace(scope, vectors=frozenset("xpq"))) == (
        "unchecked", "not shown for every size; the entries of p, q the text does not define or declare")
    scope = replace(scope, hypotheses={"p": sp.Integer(1)})
    assert decided("p_i = x_i", scope) == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, p = (1), x = (1/3) the left side is 1.00000 "
                 "and the right side 0.333333")
    assert decided("\\sum_k p_k x_k = \\sum_k x_k", scope)[1].startswith(
        "not an identity in index notation: at n = 2, p = (2/5, 3/5), x = (1/3, -3/2) ")
    assert decided("\\sum_k p_k = 2", scope)[0] == "wrong"
    assert decided("\\sum_k p_k = 1", scope) == (
        "correct", "index notation, for every size, using the hypothesis \\sum_k p_k = 1")


def test_a_name_with_a_subscript_and_no_entry_is_no_index_notation():
    scope = vectors(vectors=frozenset("xyzw"))
    assert decide_index_step(tree("\\sigma_w^2"), tree("2/n"), "=", scope) is None


def _job(left: str, right: str, rel: str = "=") -> IndexJob:
    return IndexJob([tree(left), tree(right)], ["", ""], [left, right], [rel], scope=vectors())


def _emitted(job: IndexJob) -> list:
    out = []
    job.run(lambda k, v: out.append((k, v)))
    return out


def test_the_job_emits_the_step_then_the_end():
    (k, res), end = _emitted(_job("A x", "A^\\top x"))
    assert (k, res.verdict.value, end) == (0, "wrong", (-1, {}))
    (k, res), end = _emitted(_job("\\sum_k x_k", "0", "<"))  # not read: said so, with the code the caller drops
    assert (k, res.verdict.value, res.reason, res.code, end) == (
        0, "unchecked", "index notation not read", Reason.INDEX_NOT_READ, (-1, {}))
    assert res.expected == ""  # no value a side is expected to have


def test_a_fault_inside_the_job_is_an_error(monkeypatch):
    def broken(*args):
        raise AttributeError("no such thing")

    monkeypatch.setattr(index_steps, "decide_index_step", broken)
    (k, res), end = _emitted(_job("A x", "A^\\top x"))
    assert (k, res.verdict.value, end) == (0, "error", (-1, {}))
    assert res.reason.startswith("index notation: lnsym failed (AttributeError: no such thing")


def test_a_gradient_written_as_a_fraction_is_a_column_or_a_row():
    # \partial f / \partial x of a number f: a column (W^T y), or a row where the other side is one (y^T W)
    assert decided("\\frac{\\partial (y^\\top W x)}{\\partial x} = W^\\top y") == (
        "correct", "index notation, for every size")
    assert decided("\\frac{\\partial (y^\\top W x)}{\\partial x} = y^\\top W") == (
        "correct", "index notation, for every size")
    assert decided("\\frac{\\partial (x^\\top A x)}{\\partial x} = x^\\top (A + A^\\top)")[0] == "correct"
    assert decided("\\frac{\\partial (y^\\top W x)}{\\partial x} = 2 y^\\top W") == (
        "wrong", "not an identity in index notation: at m = 1, n = 1, i = 1, y = (1/3), W = ((1/2)) the left side "
                 "is 0.166667 and the right side 0.333333")
    assert decided("\\frac{\\partial (y^\\top W x)}{\\partial x} = y") == (
        "wrong", "the sizes do not conform: the left side is a vector of n entries, the right side a vector of m "
                 "entries")
    assert decided("\\frac{\\partial (y^\\top W x)}{\\partial x} = y^\\top") == (
        "wrong", "the sizes do not conform: the left side is a vector of n entries, the right side a row of m "
                 "entries")


def test_a_side_written_0_is_the_zero_of_the_other_sides_shape():
    assert decided("A x - A x = 0") == ("correct", "index notation, for every size")
    assert decided("A x - A x = (0)") == ("correct", "index notation, for every size")  # 0 in brackets too
    assert decided("x^\\top A - x^\\top A = 0") == ("correct", "index notation, for every size")
    assert decided("x^\\top A x - x^\\top A x = 0") == ("correct", "index notation, for every size")
    assert decided("A x = 0") == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, x = (1/3), A = ((1/2)) the left side is "
                 "0.166667 and the right side 0")
    assert decided("0 = W x") == (
        "wrong", "not an identity in index notation: at m = 1, n = 1, i = 1, x = (1/3), W = ((1/2)) the left side "
                 "is 0 and the right side 0.166667")


def test_a_case_with_no_real_value_refutes_nothing():
    # x_1 = 1/2: the square root of -1/2 and 1/0 are no real numbers to compare
    assert decided("\\sqrt{x_i - 1} = 0") == ("unchecked", "not shown for every size, and no case found where it fails")
    assert decided("\\frac{1}{2 x_i - 1} = 0") == (
        "unchecked", "not shown for every size, and no case found where it fails")
    # a case where the sides agree is passed over for the next
    assert decided("|x_i| = x_i") == (
        "wrong", "not an identity in index notation: at n = 2, i = 2, x = (1/2, -1) the left side is 1.00000 and the "
                 "right side -1.00000")


def test_a_sum_stated_with_two_values_is_no_hypothesis():
    # z's sum stated twice, differently (None): z keeps its own entries, as any declared vector
    assert decided("z_i = x_i", vectors(hypotheses={"z": None})) == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, x = (1/2), z = (1/3) the left side is 0.333333 "
                 "and the right side 0.500000")


def test_a_derivative_not_read_stays_unchecked_with_the_reason_and_anything_else_is_left_to_arithmetic():
    assert decided("\\frac{\\partial (x_{i+1})}{\\partial x_j} = 0") == (
        "unchecked", "an index that is not one letter or a whole number")
    assert decided("\\frac{\\partial (x_j)}{\\partial q_j} = 0") == (
        "unchecked", "a derivative of x, whose dependence on q the text does not give")
    assert decided("0 = \\frac{\\partial (x_{i+1})}{\\partial x_j}") == (  # the derivative on the right
        "unchecked", "an index that is not one letter or a whole number")
    assert decide_index_step(tree("x_{i+1}"), tree("x_i"), "=", vectors()) is None


def test_a_jacobian_in_matrix_notation_is_decided_entry_by_entry():
    assert decided("\\frac{\\partial (A x)}{\\partial x} = A") == ("correct", "index notation, for every size")
    assert decided("\\frac{\\partial (A x)}{\\partial x} = A^\\top") == (
        "wrong", "not an identity in index notation: at n = 2, i = 1, j = 2, A = ((1/2, -1), (2, 1/3)) the left "
                 "side is -1.00000 and the right side 2.00000")
    assert decided("\\nabla_A (x^\\top A x) = x x^\\top") == ("correct", "index notation, for every size")


def test_each_index_runs_over_the_size_of_the_vectors_it_indexes():
    # j indexes y, of m entries: at m = 1 it is 1 only, and 3 y_1 - 1 = 0; the case is m = n = 2, j = 2
    assert decided("x_i (3 y_j - 1)(n - 1) = 0") == (
        "wrong", "not an identity in index notation: at m = 2, n = 2, i = 1, j = 2, x = (1/2, -1), y = (1/3, -3/2) "
                 "the left side is -2.75000 and the right side 0")
    # an index no vector gives a size runs as far as the case's largest size (3 where there is none)
    assert decided("x_i \\delta_{jk} = x_i") == (
        "wrong", "not an identity in index notation: at n = 2, i = 1, j = 1, k = 2, x = (1/2, -1) the left side is 0 "
                 "and the right side 0.500000")
    assert decided("\\delta_{ij} = 1") == (
        "wrong", "not an identity in index notation: at i = 1, j = 2 the left side is 0 and the right side 1.00000")


@pytest.mark.parametrize("step", [
    "\\sqrt{3 + 2\\sqrt{2}} x_i = (1 + \\sqrt{2}) x_i",  # a nested root: equal where it is not shown equal
    "\\log(e^{x_i} + e^{y_j}) = x_i + \\log(1 + e^{y_j - x_i})",
    "10^{30} \\sqrt{3 + 2\\sqrt{2}} x_i = 10^{30} (1 + \\sqrt{2}) x_i",  # large values: a relative tolerance
])
def test_sides_equal_at_every_case_are_never_refuted(step):
    assert decided(step) == ("unchecked", "not shown for every size, and no case found where it fails")


def test_each_hypothesis_the_step_uses_is_put_in_and_named():
    # q's sum is stated but q is not in the step (no size to read its sum over): y's hypothesis is still used
    scope = vectors(shapes={"x": "n", "y": "n"}, vectors=frozenset("xyq"),
                    hypotheses={"q": sp.Integer(2), "y": sp.Integer(1)})
    assert decided("x_i \\sum_k y_k = x_i", scope) == (
        "correct", "index notation, for every size, using the hypothesis \\sum_k y_k = 1")
    assert decided("x_i \\sum_k y_k \\sum_j q_j = 2 x_i", scope) == (
        "correct", "index notation, for every size, using the hypothesis \\sum_k q_k = 2, \\sum_k y_k = 1")
    # a sum over another range is not the sum the hypothesis states
    assert decided("x_i \\sum_{k=2}^n y_k = x_i", scope) == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, x = (1/2) the left side is 0 and the right side "
                 "0.500000")


def test_the_gradient_as_a_row_may_stand_on_either_side():
    assert decided("y^\\top W = \\frac{\\partial (y^\\top W x)}{\\partial x}") == (
        "correct", "index notation, for every size")
    assert decided("W^\\top y = \\frac{\\partial (y^\\top W x)}{\\partial x}") == (
        "correct", "index notation, for every size")


def test_sizes_that_do_not_conform_inside_a_side_refute_the_step():
    res = decide_index_step(tree("W x + x"), tree("y"), "=", vectors())
    assert res == Judgement(Verdict.WRONG, "", "the sizes do not conform: a vector of m entries and a vector of n "
                                                "entries added")
    res = decide_index_step(tree("W x"), tree("x"), "=", vectors())
    assert res == Judgement(Verdict.WRONG, "", "the sizes do not conform: the left side is a vector of m entries, the "
                                                "right side a vector of n entries")


def test_the_vector_of_ones_takes_its_size_from_the_other_side():
    assert decided("x = \\mathbf 1") == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, x = (1/2) the left side is 0.500000 and the "
                 "right side 1.00000")
    assert decided("\\mathbf 1 = x") == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, x = (1/2) the left side is 1.00000 and the "
                 "right side 0.500000")
    assert decided("A x = I x") == (
        "wrong", "not an identity in index notation: at n = 1, i = 1, x = (1/3), A = ((1/2)) the left side is "
                 "0.166667 and the right side 0.333333")


def test_the_free_index_of_matrix_notation_is_a_letter_neither_side_uses():
    # i is the sum's: the row of A x is j
    assert decided("A x \\sum_i x_i = A x") == (
        "wrong", "not an identity in index notation: at n = 1, j = 1, x = (1/3), A = ((1/2)) the left side is "
                 "0.0555556 and the right side 0.166667")
    assert decided("A x = A x \\sum_i x_i") == (
        "wrong", "not an identity in index notation: at n = 1, j = 1, x = (1/3), A = ((1/2)) the left side is "
                 "0.166667 and the right side 0.0555556")


SOFTMAX = "Let $z \\in \\mathbb{R}^K$, $S = \\sum_{k=1}^K e^{z_k}$ and $p_i = e^{z_i}/S$.\n\n"


@pytest.mark.parametrize("step", [
    "\\log p_i = z_i - \\log S",  # the log of a quotient of positive numbers
    "\\log (S p_i) = z_i",
    "\\log p_i + \\log S = z_i",
])
def test_the_log_of_a_softmax_is_split_over_its_positive_factors(step):
    found = {f.source: (f.verdict.value, f.reason) for f in check_text(SOFTMAX + f"Then ${step}$.\n").findings}
    assert found[step] == ("correct", "index notation, for every size")


# (z_1 + z_2 + z_3 + \\sum_k z_k)^4 expands to 4^4 = 256 products of sums, more than same_sums compares: the
# step is proved by the algebra alone, which sees log(e^{z_i}/S) = z_i - log S only with the logs split
PADDING = "(z_1 + z_2 + z_3 + \\sum_{k=1}^K z_k)^4"


def test_the_log_of_a_softmax_is_split_where_the_sums_are_too_many_to_compare():
    step = f"\\log p_i + {PADDING} = z_i - \\log S + {PADDING}"
    found = {f.source: (f.verdict.value, f.reason) for f in check_text(SOFTMAX + f"Then ${step}$.\n").findings}
    assert found[step] == ("correct", "index notation, for every size")


def test_no_log_is_split_while_one_factor_may_be_negative():
    # log(z_j^2) = 2 log z_j fails for z_j < 0 (the right side is not real): split beside the softmax's positive log,
    # the step would be proved; it stays unchecked
    step = f"\\log p_i + \\log (z_j^2) + {PADDING} = z_i - \\log S + 2 \\log z_j + {PADDING}"
    found = {f.source: (f.verdict.value, f.reason) for f in check_text(SOFTMAX + f"Then ${step}$.\n").findings}
    assert found[step] == ("unchecked", "not shown for every size, and no case found where it fails")


def test_a_refutation_carries_the_value_of_each_side():
    # at n = 1 (m = 1), x = (1/3) and A = W = ((1/2)): A x = W x = 1/6, against 0
    assert decide_index_step(tree("A x"), tree("0"), "=", vectors()) == Judgement(
        Verdict.WRONG, "", "not an identity in index notation: at n = 1, i = 1, x = (1/3), A = ((1/2)) the left side "
                           "is 0.166667 and the right side 0", left="0.166667", right="0")
    res = decide_index_step(tree("0"), tree("W x"), "=", vectors())
    assert (res.verdict, res.left, res.right) == (Verdict.WRONG, "0", "0.166667")


def test_ones_on_both_sides_of_a_derivative_have_no_size_to_check():
    # d x_j / d x_j = 1, so the step holds; but neither side gives the size of \\mathbf 1: unchecked, said so
    assert decided("\\mathbf{1}\\frac{\\partial x_j}{\\partial x_j} = \\mathbf{1}") == (
        "unchecked", "I or \\mathbf 1 on both sides, whose size nothing gives")


def test_a_free_index_makes_a_difference_in_the_size_alone_refutable():
    # x_i + n - 1 - x_i = n - 1: no entry is left, but i is a free index, so no equation in n is meant; 0 at n = 1,
    # at n = 2 (i = 1, x_1 = 1/2) the sides are 1/2 + 1 = 3/2 and 1/2
    assert decided("x_i + n - 1 = x_i") == (
        "wrong", "not an identity in index notation: at n = 2, i = 1, x = (1/2, -1) the left side is 1.50000 and the "
                 "right side 0.500000")


def test_a_result_carries_no_expected_value():
    # index notation has no value a side is expected to have: `expected` stays empty
    scope = vectors()
    assert decide_index_step(tree("A x"), tree("A x"), "=", scope) == Judgement(
        Verdict.CORRECT, "", "index notation, for every size")
    assert decide_index_step(tree("\\frac{\\partial}{\\partial x_j} \\sum_{k=1}^{3} x_k"), tree("1"), "=", scope) == \
        Judgement(Verdict.UNCHECKED, "", "a derivative of a sum over a range other than the entries'")
