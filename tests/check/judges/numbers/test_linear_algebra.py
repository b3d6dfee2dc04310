"""Matrix and vector notation of known values (issue 27): transposes, products whose sizes must conform, ⊙, diag,
tr, I, the all-ones vector, indicators and maxima over entries. Each notation has a correct step and mutants (a
wrong digit, a wrong sign, a product in the transposed order) that must be caught; sizes that do not conform, and
``x^T`` where T is a quantity of the text, stay unchecked."""

from __future__ import annotations

import pytest

from lnsym.check import check_text


def last(text: str, worker):
    """The finding of the text's last step."""
    return check_text(text, "k", worker).findings[-1]


U_V = r"Let $u = (1, 2)$ and $v = (3, 4)$, so "
A_B = (r"Let $A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}$ and "
       r"$B = \begin{pmatrix} 0 & 1 \\ 1 & 0 \end{pmatrix}$. Then ")
A_X = r"Let $A = \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}$ and $x = (1, 1)^\top$, so "


@pytest.mark.parametrize(
    ("right", "wrongs"),
    [
        # the dot product, in every spelling of the transpose
        (U_V + r"$u^\top v = 11$.", [U_V + r"$u^\top v = 12$.", U_V + r"$u^\top v = -11$."]),
        (U_V + r"$u^{\top} v = 11$.", [U_V + r"$u^{\top} v = 13$."]),
        (U_V + r"$u^\intercal v = 11$.", [U_V + r"$u^\intercal v = 10$."]),
        (U_V + r"$u^{\mathsf T} v = 11$.", [U_V + r"$u^{\mathsf T} v = 1$."]),
        (U_V + r"$u^{\mathsf{T}} v = 11$.", [U_V + r"$u^{\mathsf{T}} v = 21$."]),
        (U_V + r"$u^T v = 11$.", [U_V + r"$u^T v = 12$."]),  # T is nothing else in the text
        # the outer product, and the transposed order
        (U_V + r"$u v^\top = \begin{pmatrix} 3 & 4 \\ 6 & 8 \end{pmatrix}$.",
         [U_V + r"$u v^\top = \begin{pmatrix} 3 & 4 \\ 6 & 9 \end{pmatrix}$.",
          U_V + r"$v u^\top = \begin{pmatrix} 3 & 4 \\ 6 & 8 \end{pmatrix}$.",
          U_V + r"$u v^\top = \begin{pmatrix} 3 & -4 \\ 6 & 8 \end{pmatrix}$."]),
        # a matrix times a column, a row times a matrix, two matrices, a transposed matrix times a vector
        (A_X + r"$A x = (3, 7)^\top$.", [A_X + r"$A x = (3, -7)^\top$.", A_X + r"$A x = (3, 8)^\top$."]),
        (A_X + r"$x^\top A = (4, 6)$.", [A_X + r"$x^\top A = (4, 7)$.", A_X + r"$A^\top x = (3, 7)$."]),
        (A_X + r"$A^\top x = (4, 6)$.", [A_X + r"$A^\top x = (4, -6)$."]),
        (A_X + r"$A A^\top = \begin{pmatrix} 5 & 11 \\ 11 & 25 \end{pmatrix}$.",
         [A_X + r"$A^\top A = \begin{pmatrix} 5 & 11 \\ 11 & 25 \end{pmatrix}$.",
          A_X + r"$A A^\top = \begin{pmatrix} 5 & 11 \\ 12 & 25 \end{pmatrix}$."]),
        (A_X + r"$A (1, 0)^\top = (1, 3)^\top$.", [A_X + r"$A (1, 0)^\top = (1, 2)^\top$."]),
        # two given matrices written side by side, one name to the parser: their product, in order
        (A_B + r"$AB = \begin{pmatrix} 2 & 1 \\ 4 & 3 \end{pmatrix}$.",
         [A_B + r"$AB = \begin{pmatrix} 3 & 4 \\ 1 & 2 \end{pmatrix}$.",
          A_B + r"$BA = \begin{pmatrix} 2 & 1 \\ 4 & 3 \end{pmatrix}$.",
          A_B + r"$ABA = \begin{pmatrix} 2 & 1 \\ 4 & 3 \end{pmatrix}$."]),
        # entrywise product, diag, the identity, the trace
        (U_V + r"$u \odot v = (3, 8)$.", [U_V + r"$u \odot v = (3, 9)$."]),
        (r"Let $p = (0.5, 0.5)$. Then $\operatorname{diag}(p) - p p^\top = "
         r"\begin{pmatrix} 0.25 & -0.25 \\ -0.25 & 0.25 \end{pmatrix}$.",
         [r"Let $p = (0.5, 0.5)$. Then $\operatorname{diag}(p) - p p^\top = "
          r"\begin{pmatrix} 0.25 & 0.25 \\ -0.25 & 0.25 \end{pmatrix}$."]),
        (A_X + r"$A - 2I = \begin{pmatrix} -1 & 2 \\ 3 & 2 \end{pmatrix}$.",
         [A_X + r"$A - 2I = \begin{pmatrix} -1 & 2 \\ 3 & 4 \end{pmatrix}$."]),
        (A_X + r"$\operatorname{tr}(A) = 5$.", [A_X + r"$\operatorname{tr}(A) = 6$."]),
        # the all-ones vector of the size that conforms
        (A_X + r"$A \mathbf 1 = (3, 7)$.", [A_X + r"$A \mathbf 1 = (3, 6)$."]),
        (r"Let $z = (1, 2, 3)$, so $\mathbf{1}^\top z = 6$.", [r"Let $z = (1, 2, 3)$, so $\mathbf{1}^\top z = 5$."]),
        (r"Let $z = (1, 2, 3)$, so $z - 2\mathbb 1 = (-1, 0, 1)$.",
         [r"Let $z = (1, 2, 3)$, so $z - 2\mathbb 1 = (1, 0, 1)$."]),
        # indicators of a known relation, and the largest or smallest entry
        (r"Let $a = (-1, 2.5)$, so $\mathbf{1}[a > 0] = (0, 1)$.",
         [r"Let $a = (-1, 2.5)$, so $\mathbf{1}[a > 0] = (1, 1)$."]),
        (r"So $\mathbb{1}[2 = 2] + \mathbb{1}[3 < 1] = 1$.", [r"So $\mathbb{1}[2 = 2] + \mathbb{1}[3 < 1] = 2$."]),
        (r"Let $z = (1, 2, 3)$, so $\max_i z_i = 3$.", [r"Let $z = (1, 2, 3)$, so $\max_i z_i = 2$."]),
        (r"Let $z = (1, 2, 3)$, so $\min_{j} z_j - \max(z) = -2$.",
         [r"Let $z = (1, 2, 3)$, so $\min_{j} z_j - \max(z) = 2$."]),
        # rounding, entry by entry, as vectors are judged
        (r"Let $u = (1, 2)$ and $v = (1/3, 1)$, so $u v^\top \approx \begin{pmatrix} 0.3333 & 1 \\ 0.6667 & 2 "
         r"\end{pmatrix}$.",
         [r"Let $u = (1, 2)$ and $v = (1/3, 1)$, so $u v^\top \approx \begin{pmatrix} 0.3333 & 1 \\ 0.6676 & 2 "
          r"\end{pmatrix}$."]),
    ],
)
def test_each_notation_is_proved_and_its_mutants_are_caught(right, wrongs, worker):
    found = last(right, worker)
    assert found.verdict.value == "correct", (right, found.reason)
    for wrong in wrongs:
        found = last(wrong, worker)
        assert found.verdict.value == "wrong", (wrong, found.verdict.value, found.reason)


def test_a_wrong_entry_of_a_matrix_is_named_with_both_values(worker):
    found = last(U_V + r"$u v^\top = \begin{pmatrix} 3 & 4 \\ 6 & 9 \end{pmatrix}$.", worker)
    assert found.verdict.value == "wrong"
    assert "entry (2, 2) should be 8, not 9" in found.reason


def test_a_number_for_a_matrix_is_wrong_only_with_both_sides_known(worker):
    found = last(r"Let $p = (1, 2)$, so $p^\top p = \begin{pmatrix} 1 & 2 \\ 2 & 4 \end{pmatrix}$.", worker)
    assert found.verdict.value == "wrong"
    assert "a number and the right side a 2×2 matrix: both sides are fully known" in found.reason
    found = last(r"Let $p = (1, 2)$, so $p p^\top = 5$.", worker)
    assert found.verdict.value == "wrong"
    # an unknown side: no size is known, nothing is refuted
    found = last(r"Let $p = (1, 2)$, so $p p^\top = c$.", worker)
    assert found.verdict.value == "unchecked"


_A_B = (r"For $A = \begin{pmatrix} 1 & 0 \\ 0 & 0 \end{pmatrix}$ and $B = \begin{pmatrix} 0 & 0 \\ 0 & 1 "
        r"\end{pmatrix}$ we have ")


def test_zero_beside_a_matrix_is_the_zero_matrix(worker):
    """`AB = 0` with both matrices known: the zero matrix, written as a number (AB is 0 here: A keeps the first
    coordinate, B the second); a product with an entry that is not 0 is wrong, with that entry."""
    found = last(_A_B + r"$A B = 0$.", worker)
    assert found.verdict.value == "correct", found.reason
    found = last(_A_B + r"$A + B = 0$.", worker)
    assert found.verdict.value == "wrong"
    assert "entry (1, 1) is 1, not 0; entry (2, 2) is 1, not 0" in found.reason
    # another number is no zero matrix: sizes differ
    found = last(_A_B + r"$A B = 1$.", worker)
    assert found.verdict.value == "wrong" and "their sizes differ" in found.reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (A_X + r"$A (1, 2, 3)^\top = (1, 2)$.", "the sizes 2 and 3 do not conform"),
        (U_V + r"$u^\top \begin{pmatrix} 1 & 2 & 3 \\ 4 & 5 & 6 \\ 7 & 8 & 9 \end{pmatrix} = (1, 2, 3)$.",
         "the sizes 2 and 3 do not conform"),
        (U_V + r"$u \odot (1, 2, 3) = (1, 4, 3)$.", "the sizes differ"),
        # a 2×2 matrix listed as a vector of 4 entries: not refuted
        (A_X + r"$A = (1, 2, 3, 4)$.", "the left side is a 2×2 matrix and the right side a vector of 4 entries"),
    ],
)
def test_sizes_that_do_not_conform_are_unchecked_never_wrong(text, reason, worker):
    found = last(text, worker)
    assert found.verdict.value == "unchecked"
    assert reason in found.reason


@pytest.mark.parametrize(
    "text",
    [
        # T is a quantity: x^T is a power, never guessed to be a transpose
        r"Let $T = 2$ and $x = (1, 2)$, so $x^T x = 5$.",
        r"We train for T steps. With $x = (1, 2)$ we get $x^T x = 5$.",
        r"Let $x = (1, 2)$. Over $\sum_{t=1}^{T} t$ steps, $x^{T} x = 5$.",
        # a number to the power T is no transpose
        r"Let $b = 2$, so $b^T = 2$.",
    ],
)
def test_x_to_the_T_is_not_read_where_T_may_be_a_number(text, worker):
    assert last(text, worker).verdict.value == "unchecked"


def test_unknown_names_are_not_taken_for_numbers_in_matrix_terms(worker):
    # SymPy's symbols commute: A^T B^T would equal (AB)^T, which is false for matrices
    found = last(r"So $A^\top B^\top = (B A)^\top$ and $A^\top B^\top = (A B)^\top$.", worker)
    assert found.verdict.value == "unchecked"
    assert found.reason.startswith("free symbol(s)")
    found = last(r"So $u^\top v = v^\top u$.", worker)
    assert found.verdict.value == "unchecked"


def test_I_is_a_name_where_the_text_gives_it_a_value_or_no_matrix_is_near(worker):
    found = last(r"Let $I = 3$ and $A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}$, so $A - 2I = A$.", worker)
    assert found.verdict.value == "unchecked"
    assert last(r"With $I = 2$ and $R = 5$, $V = I R = 10$.", worker).verdict.value == "correct"
    assert last(r"So $2I + 3 = 3 + 2I$.", worker).verdict.value == "correct"  # a name, as before


def test_vectors_bound_in_an_earlier_paragraph_prove_entries_by_their_names(worker):
    text = "Let $k_1 = (1, 1, 0)$ and $q = (1, 0, 1)$.\n\nThe score is $q^\\top k_1 = 1$."
    found = last(text, worker)
    assert found.verdict.value == "correct"
    assert "k_{1} = [1, 1, 0]" in found.reason
    # ... and refute, as vectors the section gives once (roles.rules.computed_from_earlier_values), unless they are
    # candidates
    assert last(text.replace("= 1$", "= 2$"), worker).verdict.value == "wrong"
    candidates = text.replace("$ and $q", "$ or $k_1 = (0, 1, 1)$, and $q").replace("= 1$", "= 2$")
    assert last(candidates, worker).verdict.value == "unchecked"


def test_a_number_against_a_written_square_matrix_may_be_its_determinant(worker):
    # bars may have been meant: 2·4 - 3·1 = 5 is left alone, 6 is neither the matrix nor its determinant
    assert last(r"So $\begin{pmatrix} 2 & 3 \\ 1 & 4 \end{pmatrix} = 5$.", worker).verdict.value == "unchecked"
    found = last(r"So $\begin{pmatrix} 2 & 3 \\ 1 & 4 \end{pmatrix} = 6$.", worker)
    assert found.verdict.value == "wrong"
    assert "nor is the number the determinant of the matrix written out, 5" in found.reason


@pytest.mark.parametrize("text", [
    r"Let $A = 2$ and $B = 3$. Then $AB = 5$.",  # numbers: a segment's length, or a name of its own
    r"Let $A = (1, 2)$ and $B = (3, 4)$. Then $AB = 5$.",  # points, or vectors: no product of the two is meant
    r"Let $A = \begin{pmatrix} 1 & 0 \\ 0 & 1 \end{pmatrix}$. Then $AB = 5$.",  # B has no value
])
def test_capitals_side_by_side_are_a_product_only_of_given_matrices(text, worker):
    assert last(text, worker).verdict.value != "wrong"
