r"""Tests written against the survivors of mutation testing of lnsym.check.judges.notation.matrix_notation
(bench/mutation.py): vector and matrix notation of symbolic size, each example a small identity (or its slip)
written from how the notation is read."""

from __future__ import annotations

from lnsym.check.pipeline import check_text

SQUARE = "Let $A \\in \\mathbb{R}^{d \\times d}$, $B \\in \\mathbb{R}^{d \\times d}$ and $x \\in \\mathbb{R}^d$.\n\n"


def verdict(text: str, step: str) -> tuple[str, str]:
    found = {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}
    assert step in found, sorted(found)
    return found[step]


def test_the_identity_times_a_matrix_is_the_matrix():
    assert verdict(SQUARE + "Then $I A x = A x$.\n", "I A x = A x")[0] == "correct"
    assert verdict(SQUARE + "Then $I A x = B x$.\n", "I A x = B x")[0] == "wrong"


DECLARED = ("Let $W \\in \\mathbb{R}^{m \\times n}$, $A \\in \\mathbb{R}^{d \\times d}$, $u \\in \\mathbb{R}^m$, "
            "$v \\in \\mathbb{R}^n$, $x \\in \\mathbb{R}^n$, $y \\in \\mathbb{R}^m$, $z \\in \\mathbb{R}^d$, "
            "and let $r = Wx - y$.\n\n")


def step(text: str) -> tuple[str, str]:
    return verdict(DECLARED + f"Then ${text}$.\n", text)


def test_sizes_that_do_not_conform_are_named_by_their_shapes():
    assert step("\\nabla_W (u^\\top W v) = u v^\\top + u") == (
        "wrong", "the sizes do not conform: a matrix of m×n and a vector of m entries added")
    assert step("\\nabla_W (u^\\top W v) = u v^\\top + v^\\top") == (
        "wrong", "the sizes do not conform: a matrix of m×n and a row of n entries added")


def test_diag_is_of_a_vector_and_the_trace_of_a_square_matrix():
    # beside a derivative, what is not read is the step's reason
    assert step("\\nabla_W (u^\\top W v) = \\operatorname{diag}(W)") == ("unchecked", "diag of a matrix of m×n")
    assert step("\\nabla_W (u^\\top W v) = \\operatorname{diag}(u^\\top)") == (
        "unchecked", "diag of a row of m entries")
    assert step("\\nabla_W (u^\\top W v) = \\operatorname{tr}(W)\\, u v^\\top") == (
        "unchecked", "the trace of a matrix of m×n")
    assert step("\\operatorname{tr}(\\operatorname{diag}(z)\\operatorname{diag}(z)) = \\sum_k z_k^2")[0] == "correct"
    assert step("\\operatorname{tr}(\\operatorname{diag}(z)\\operatorname{diag}(z)) = \\sum_k z_k")[0] == "wrong"


def test_a_derivative_by_an_entry_of_a_declared_vector():
    assert step("\\frac{\\partial}{\\partial x_j} (u^\\top W x) = \\sum_k u_k W_{kj}")[0] == "correct"
    assert step("\\frac{\\partial}{\\partial x_j} (u^\\top W x) = \\sum_k u_k W_{jk}")[0] != "correct"
    assert step("\\frac{\\partial}{\\partial x_j} (u^\\top W x) = \\sum_i u_i W_{ij} + 1")[0] == "wrong"


def test_a_derivative_by_an_entry_the_text_does_not_establish_stays_unchecked():
    assert step("\\frac{\\partial}{\\partial r_i} (u^\\top r) = u_i") == (
        "unchecked", "a derivative by an entry of r, which the text defines")
    assert step("\\frac{\\partial}{\\partial W_{i}} (u^\\top W v) = 0") == (
        "unchecked", "a derivative by an entry of W, whose shape the text does not give")
    assert step("\\frac{\\partial}{\\partial u_{ij}} (u^\\top W v) = 0") == (
        "unchecked", "a derivative by an entry of u, whose shape the text does not give")
    assert step("\\frac{\\partial}{\\partial u_i} (u v^\\top) = 0") == (
        "unchecked", "a derivative of what is not a number by an entry")


def test_an_entrywise_product_keeps_rows_and_columns():
    assert step("A \\odot A^\\top = A^\\top \\odot A")[0] == "correct"
    assert step("A \\odot A^\\top = A \\odot A")[0] == "wrong"
    assert step("\\nabla_W (u^\\top W v) = x \\odot u") == (
        "wrong", "the sizes do not conform: a vector of n entries \\odot a vector of m entries")


def test_a_quotient_by_a_number():
    assert step("\\nabla_z (z^\\top A z) / 2 = (A + A^\\top) z / 2")[0] == "correct"
    assert step("\\nabla_z (z^\\top A z) / 2 = A^\\top z / 2")[0] == "wrong"
    assert step("\\nabla_W (u^\\top W v) = u v^\\top / 2")[0] == "wrong"
    assert step("\\nabla_W (u^\\top W v) = \\frac{u v^\\top}{x}") == ("unchecked", "a division by a vector or a matrix")
    assert step("\\nabla_W (u^\\top W v) = \\frac{u v^\\top}{0}") == ("unchecked", "a division by zero")


def test_a_gradient_is_of_a_number_the_text_gives_as_a_function_of_the_variable():
    assert step("\\nabla_W (u v^\\top) = 0") == ("unchecked", "the gradient of what is not a number")
    assert step("\\nabla_W u = 0") == ("unchecked", "a derivative of u, whose dependence on W the text does not give")
    assert step("\\frac{\\partial (u^\\top W x)}{\\partial x} = W^\\top u")[0] == "correct"
    assert step("\\frac{\\partial (u^\\top W x)}{\\partial x} = W u") == (
        "wrong", "the sizes do not conform: a matrix of m×n times a vector of m entries")


def test_a_jacobian_of_a_vector_by_a_vector():
    assert step("\\frac{\\partial (W x)}{\\partial x} = W")[0] == "correct"
    assert step("\\frac{\\partial (W x)}{\\partial x} = W^\\top") == (
        "wrong", "the sizes do not conform: the left side is a matrix of m×n, the right side a matrix of n×m")


def test_free_sizes_are_shown_by_name():
    from lnsym.check.judges.notation.matrix_notation import FREE

    assert repr(FREE) == "FREE"


def test_the_identity_takes_the_size_of_what_it_multiplies():
    assert step("\\nabla_W (u^\\top W v) = I u v^\\top")[0] == "correct"
    assert step("\\nabla_W (u^\\top W v) = u v^\\top I")[0] == "correct"
    assert step("\\nabla_z (z^\\top A z) = (I A + A^\\top I) z")[0] == "correct"
    assert step("\\nabla_z (z^\\top A z) = (I A - A^\\top I) z")[0] == "wrong"
    assert step("\\nabla_z (z^\\top A z) = I (2 I) (A + A^\\top) z")[0] == "wrong"


def test_what_the_matrix_reading_does_not_read_is_the_reason():
    assert step("\\nabla_W (u^\\top W v) = A x \\odot x") == (
        "unchecked", "\\odot next to a product without parentheses: how it groups is not read")
    assert step("\\nabla_r (u^\\top r) = u") == ("unchecked", "a derivative by r, which the text defines")


DEFINED = ("Let $z \\in \\mathbb{R}^K$, $u \\in \\mathbb{R}^K$, $W \\in \\mathbb{R}^{m \\times K}$, "
           "$S = \\sum_{k=1}^K e^{z_k}$, $p_i = e^{z_i}/S$, $g = \\partial L/\\partial p$, "
           "$h = \\partial M/\\partial W$, "
           "$q = W z$, $t_i = 2 z_i$ and $J = \\frac{\\partial p}{\\partial z}$.\n\n")


def defined_step(text: str) -> tuple[str, str]:
    return verdict(DEFINED + f"Then ${text}$.\n", text)


def test_vectors_the_text_defines_entry_by_entry_or_by_matrices():
    assert defined_step("\\nabla_z (t^\\top u) = 2 u")[0] == "correct"
    assert defined_step("\\nabla_z (t^\\top u) = u")[0] == "wrong"
    assert defined_step("\\frac{\\partial t}{\\partial z} = 2 I")[0] == "correct"
    assert defined_step("\\frac{\\partial t}{\\partial z} = I")[0] == "wrong"
    assert defined_step("\\frac{\\partial q}{\\partial z} = W")[0] == "correct"
    assert defined_step("\\frac{\\partial q}{\\partial z} = W^\\top") == (
        "wrong", "the sizes do not conform: the left side is a matrix of m×K, the right side a matrix of K×m")
    assert defined_step("q^\\top u = u^\\top W z") == (
        "wrong", "the sizes do not conform: a row of m entries times a vector of K entries")


def test_an_upstream_gradient_is_a_vector_of_the_size_of_what_it_differentiates_by():
    assert defined_step("\\nabla_z L = J^\\top g")[0] == "correct"
    assert defined_step("\\nabla_z L = p \\odot g")[0] == "wrong"
    assert defined_step("\\nabla_z M = 0") == (
        "unchecked", "a derivative of M through W, whose dependence the text does not give")
