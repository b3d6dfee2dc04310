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


# -- the survivors of the full run on the code of 5c16dba --------------------------------------------------------------

TWO_SIZES = ("Let $z \\in \\mathbb{R}^K$, $u \\in \\mathbb{R}^m$, $A \\in \\mathbb{R}^{K \\times K}$ and "
             "$W \\in \\mathbb{R}^{m \\times K}$.\n\n")
ONE_SIZE = "Let $z \\in \\mathbb{R}^K$, $w \\in \\mathbb{R}^K$ and $A \\in \\mathbb{R}^{K \\times K}$.\n\n"


def said(preamble: str, text: str) -> tuple[str, str]:
    return verdict(preamble + f"Then ${text}$.\n", text)


def test_a_sum_that_does_not_conform_still_takes_the_sizes_of_its_later_terms():
    # 1 + u^T does not conform; z after it gives the sum K rows, so the transpose times 1 is read, and the slip shown
    found = said(TWO_SIZES, "(\\mathbf 1 + u^\\top + z)^\\top \\mathbf 1 = 0")
    assert found[0] == "wrong"
    assert found[1].startswith("the sizes do not conform: ") and "a row of m entries added" in found[1]


def test_the_identity_in_a_sum_takes_the_one_size_of_the_other_term():
    # I + u 1^T: m rows from u, and the columns the same m because I is square, so 1^T (...) 1 has a size
    step = "\\mathbf 1^\\top (I + u \\mathbf 1^\\top) \\mathbf 1 = m + m \\mathbf 1^\\top u"
    assert said(TWO_SIZES, step)[0] == "correct"


def test_the_identity_scaled_negated_transposed_or_added_stays_square():
    # z^T X 1 with X = 2I, -I, I^T, I/2, I + I: X's columns take z's size, so 1 has one too
    for x, c in (("(2 I)", "2 "), ("(-I)", "-"), ("I^\\top", ""), ("(I / 2)", "\\frac{1}{2} "), ("(I + I)", "2 ")):
        assert said(ONE_SIZE, f"z^\\top {x} \\mathbf 1 = {c}\\mathbf 1^\\top z")[0] == "correct", x
    assert said(ONE_SIZE, "z^\\top (I + I) \\mathbf 1 = \\mathbf 1^\\top z")[0] == "wrong"
    assert said(ONE_SIZE, "\\mathbf 1^\\top I^\\top z = \\mathbf 1^\\top z")[0] == "correct"


def test_a_vector_defined_entry_by_entry_has_the_size_of_the_vectors_it_is_made_of():
    # two sizes in the section: t's is z's, from its entry
    assert said(TWO_SIZES + "Let $t_i = 2 z_i$.\n\n", "\\nabla_z (z^\\top t) = 4 z")[0] == "correct"
    assert said(TWO_SIZES + "Let $t_i = 2 z_i$.\n\n", "\\nabla_z (z^\\top t) = 2 z")[0] == "wrong"
    # an entry made of two sizes has none
    assert said(TWO_SIZES + "Let $b_i = u_i + z_i$.\n\n", "\\nabla_z (z^\\top z) = b") == (
        "unchecked", "the vector b, whose size the text does not give")
    # no vector in the entry: the section's one size
    assert said(ONE_SIZE + "Let $c_i = 3$.\n\n", "\\mathbf 1^\\top c = 3 K")[0] == "correct"
    assert said(ONE_SIZE + "Let $t_i = 2$.\n\n", "t^\\top z = 2 \\mathbf 1^\\top z")[0] == "correct"
    assert said(ONE_SIZE + "Let $t_i = 2$.\n\n", "t^\\top z = \\mathbf 1^\\top z")[0] == "wrong"


def test_a_vector_defined_as_a_softmax():
    softmax = ONE_SIZE + "Let $p = \\operatorname{softmax}(z)$.\n\n"
    assert said(softmax, "\\mathbf 1^\\top p = 1")[0] == "correct"
    assert said(softmax, "\\mathbf 1^\\top p = 2")[0] == "wrong"
    assert said(softmax, "\\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p) - p p^\\top")[0] == "correct"


def test_an_upstream_gradient_by_a_matrix_is_not_read_as_a_vector():
    assert said(TWO_SIZES + "Let $h = \\partial M/\\partial W$.\n\n", "\\nabla_W (u^\\top W z) = h") == (
        "unchecked", "h, the derivative of M by what is not a vector")
    by_a_number = ONE_SIZE + "Let $y = z^\\top z$ and $g = \\partial L/\\partial y$.\n\n"
    assert said(by_a_number, "\\nabla_z (z^\\top z) = g") == (
        "unchecked", "g, the derivative of L by what is not a vector")


GRADIENT = ("Let $A \\in \\mathbb{R}^{d \\times d}$, $z \\in \\mathbb{R}^d$, $w \\in \\mathbb{R}^d$ "
            "and let $G = \\nabla_z (z^\\top z + \\mathbf 1^\\top z)$.\n\n")


def test_a_gradient_is_a_vector_in_every_place_a_vector_stands():
    # G = 2z + 1: its entries are read at a row index only (its column is 1); each place below reads them
    for step in ("G^\\top w = 2 z^\\top w + \\mathbf 1^\\top w", "w^\\top G = 2 w^\\top z + \\mathbf 1^\\top w",
                 "(G^\\top w) z = (2 z^\\top w + \\mathbf 1^\\top w) z",
                 "z (G^\\top w) = z (2 z^\\top w + \\mathbf 1^\\top w)",
                 "\\operatorname{diag}(G) = 2 \\operatorname{diag}(z) + I", "G w^\\top = (2 z + \\mathbf 1) w^\\top",
                 "w G^\\top = w (2 z + \\mathbf 1)^\\top", "\\nabla_z (G^\\top w) = 2 w",
                 "\\frac{\\partial G}{\\partial z} = 2 I", "\\frac{\\partial}{\\partial z_j} (G^\\top w) = 2 w_j",
                 "\\frac{\\partial}{\\partial A_{ij}} (G^\\top A w) = (2 z_i + 1) w_j",
                 "\\nabla_A (G^\\top A w) = (2 z + \\mathbf 1) w^\\top",
                 "\\operatorname{tr}(G w^\\top) = 2 z^\\top w + \\mathbf 1^\\top w",
                 "\\frac{G^\\top w}{G^\\top w} z = z"):
        assert said(GRADIENT, step)[0] == "correct", step
    for step in ("G^\\top w = z^\\top w + \\mathbf 1^\\top w", "(G^\\top w) z = (z^\\top w + \\mathbf 1^\\top w) z",
                 "\\operatorname{diag}(G) = 2 \\operatorname{diag}(z)", "\\frac{\\partial G}{\\partial z} = I"):
        assert said(GRADIENT, step)[0] == "wrong", step


def test_a_quotient_divides_each_entry():
    assert said(ONE_SIZE, "\\nabla_z (z^\\top z) / 2 = z")[0] == "correct"
    assert said(ONE_SIZE, "\\nabla_z (z^\\top z) / 2 = 2 z")[0] == "wrong"


def test_a_loss_through_a_gradient_by_the_chain_rule():
    # y = A^T w, so dL/dA_ij = w_i g_j
    text = GRADIENT + "Let $y = \\nabla_z (w^\\top A z)$ and $g = \\partial L/\\partial y$.\n\n"
    assert said(text, "\\nabla_A L = w g^\\top")[0] == "correct"
    assert said(text, "\\nabla_A L = g w^\\top")[0] == "wrong"
    assert said(text, "\\nabla_w L = A g")[0] == "correct"


def test_a_vector_defined_by_a_derivative_the_text_writes():
    text = ONE_SIZE + "Let $g = \\frac{\\partial (w^\\top z)}{\\partial z}$.\n\n"
    assert said(text, "g^\\top z = w^\\top z")[0] == "correct"
    assert said(text, "g^\\top z = 2 w^\\top z")[0] == "wrong"


def test_the_jacobian_of_a_vector_by_itself_is_the_identity():
    assert said(ONE_SIZE, "\\frac{\\partial z}{\\partial z} = I")[0] == "correct"
    assert said(ONE_SIZE, "\\frac{\\partial z}{\\partial z} = 2 I")[0] == "wrong"


def test_a_size_letter_is_a_number_in_matrix_notation():
    assert said(ONE_SIZE, "\\nabla_z (K z^\\top z) = 2 K z")[0] == "correct"
    assert said(ONE_SIZE, "\\nabla_z (K z^\\top z) = K z")[0] == "wrong"


def test_what_the_matrix_reading_cannot_read_is_named():
    for step, reason in (
            ("\\nabla_z (z^\\top z) = e^{a b} z", "a, b: a name whose shape (a number, a vector, a matrix) the text "
             "does not give"),
            ("\\nabla_z (z^\\top z) = z \\odot A z", "\\odot next to a product without parentheses: how it groups is "
             "not read"),
            ("\\nabla_z (z^\\top z) = A z \\odot z", "\\odot next to a product without parentheses: how it groups is "
             "not read"),
            ("\\nabla_z (z^\\top z)^2 = 4 (z^\\top z) z", "pow is not read in matrix notation"),
            ("\\nabla_z (z^\\top z) = \\sqrt{z^\\top z} z", "sqrt is not read in matrix notation"),
            ("\\nabla_z (z^\\top z) = z \\otimes w", "otimes is not read in matrix notation"),
            ("\\nabla_z (z^\\top z) = \\sigma(z)", "\\sigma is not read in matrix notation"),
            ("\\nabla_z (z^\\top z) = (\\mathbf 1^\\top \\mathbf 1) z",
             "a product of I or \\mathbf 1 whose size nothing gives"),
            ("\\nabla_z (z^\\top z) = \\operatorname{tr}(z)", "the trace of a vector of K entries"),
            ("\\nabla_z (z^\\top z) = \\operatorname{diag}(I) z", "diag of a matrix of FREE×FREE"),
            ("\\nabla_z (z^\\top z) = \\frac{\\partial (z^\\top z)}{\\partial A}",
             "a derivative of a number by a matrix written as a fraction"),
            ("\\nabla_z (z^\\top z) = \\frac{\\partial (A z)}{\\partial A}", "a derivative of a vector by a matrix"),
            ("\\nabla_z (z^\\top z) = \\frac{\\partial (z z^\\top)}{\\partial z}",
             "a derivative of what is not a vector, in matrix notation"),
            ("\\nabla_z (z^\\top z) = \\frac{\\partial^2 (z^\\top z)}{\\partial z^2} z / 2",
             "a derivative of higher order in matrix notation"),
            ("\\frac{\\partial w}{\\partial z} = 0", "a derivative of w, whose dependence on z the text does not give"),
            ("\\nabla_A w = 0", "a derivative of w, whose dependence on A the text does not give"),
            ("\\nabla_{\\theta} (z^\\top z) = 0", "a derivative by \\theta, whose shape the text does not give"),
            ("\\frac{\\partial}{\\partial z_{1}} (z^\\top z) = 2 z_1", "a derivative by what is not an entry"),
            ("\\frac{\\partial}{\\partial z_{jk}} (z^\\top z) = z_j",
             "a derivative by an entry of z, whose shape the text does not give")):
        assert said(ONE_SIZE, step) == ("unchecked", reason), step
    assert said(ONE_SIZE + "Let $r = A r$.\n\n", "\\nabla_z (z^\\top z) = r") == (
        "unchecked", "r is defined through itself")
    assert said(ONE_SIZE + "Let $v_i \\ge 0$ and $s = \\sum_i v_i$.\n\n", "\\nabla_z (v^\\top z) = v") == (
        "unchecked", "the vector v, whose size the text does not give")


def test_a_vector_the_text_defines_is_read_in_matrix_notation_where_it_alone_stands():
    # no transpose, no declared name in the step: t and p are vectors only by their definitions
    for definition in ("Let $t_i = 2 z_i$.\n\n", "Let $t = \\operatorname{softmax}(z)$.\n\n"):
        assert said(ONE_SIZE + definition, "t + 1 = 0") == (
            "wrong", "the sizes do not conform: a vector of K entries and a number added"), definition


def test_a_number_scales_a_vector_on_either_side():
    assert said(ONE_SIZE, "A z (w^\\top z) = (z^\\top w) A z")[0] == "correct"
    assert said(ONE_SIZE, "A z (w^\\top z) = A z")[0] == "wrong"
    assert said(ONE_SIZE, "z^\\top (I \\cdot 2) \\mathbf 1 = 2 \\mathbf 1^\\top z")[0] == "correct"
    assert said(GRADIENT, "G \\cdot (z^\\top w) = (z^\\top w) (2 z + \\mathbf 1)")[0] == "correct"


def test_a_gradient_read_at_the_column_of_a_row():
    # w^T G: the row's entry (1, k) times G's entry (k, 1), in a product, a quotient and the derivatives of a number
    for step in ("(w^\\top G) z = (2 w^\\top z + \\mathbf 1^\\top w) z", "\\frac{w^\\top G}{w^\\top G} z = z",
                 "\\frac{\\partial}{\\partial A_{ij}} (w^\\top A G) = w_i (2 z_j + 1)",
                 "\\nabla_A (w^\\top A G) = w (2 z + \\mathbf 1)^\\top"):
        assert said(GRADIENT, step)[0] == "correct", step
    assert said(GRADIENT, "\\nabla_A (w^\\top A G) = w z^\\top")[0] == "wrong"


def test_a_square_factor_of_free_size_takes_the_size_of_the_other_factor():
    # (2I) A has A's rows, A (2I) A's columns: 1 beside them has a size
    assert said(ONE_SIZE, "\\mathbf 1^\\top ((2 I) A) z = 2 \\mathbf 1^\\top A z")[0] == "correct"
    assert said(ONE_SIZE, "\\mathbf 1^\\top ((2 I) A) z = \\mathbf 1^\\top A z")[0] == "wrong"
    assert said(ONE_SIZE, "z^\\top (A (2 I)) \\mathbf 1 = 2 z^\\top A \\mathbf 1")[0] == "correct"
    assert said(ONE_SIZE, "\\mathbf 1^\\top (I^\\top A) z = \\mathbf 1^\\top A z")[0] == "correct"


def test_the_identity_times_a_square_factor_is_that_factor():
    assert said(ONE_SIZE, "\\mathbf 1^\\top (I \\operatorname{diag}(z)) \\mathbf 1 = \\mathbf 1^\\top z")[0] == (
        "correct")
    assert said(ONE_SIZE, "z^\\top (I (2 I)) \\mathbf 1 = 2 \\mathbf 1^\\top z")[0] == "correct"


def test_a_constant_of_a_definition_is_known_to_the_names_read_after_it():
    # c comes into the step with t's entry; the c written after it is the same number, not a new name
    assert said(ONE_SIZE + "Let $t_i = c z_i$.\n\n", "\\nabla_z (t^\\top z) = 2 c z")[0] == "correct"


def test_a_transposed_scaled_identity_stays_square():
    assert said(ONE_SIZE, "z^\\top (2 I)^\\top \\mathbf 1 = 2 \\mathbf 1^\\top z")[0] == "correct"


def test_a_derivative_by_an_entry_of_a_trace():
    # tr alone is matrix notation: the derivative is read entry by entry
    assert said(ONE_SIZE, "\\frac{\\partial}{\\partial A_{ij}} \\operatorname{tr}(A) = \\delta_{ij}")[0] == "correct"
    assert said(ONE_SIZE, "\\frac{\\partial}{\\partial A_{ij}} \\operatorname{tr}(A) = 1")[0] == "wrong"


def test_a_free_size_is_not_taken_from_the_other_factor_of_a_product():
    # 1 u^T W: the rows of 1 are free, not u's m; beside z they take K
    assert said(TWO_SIZES, "(\\mathbf 1 u^\\top W) z + z = (u^\\top W z) \\mathbf 1 + z")[0] == "correct"


def test_an_entry_of_a_name_defined_as_a_vector_by_vectors_and_matrices():
    defined = TWO_SIZES + "Let $r = A z$, $q = z^\\top A$, $c = z^\\top z$ and $B = A A^\\top$.\n\n"
    assert said(defined, "\\partial r_i / \\partial z_j = A_{ij}")[0] == "correct"
    assert said(defined, "\\partial r_i / \\partial z_j = A_{ji}")[0] == "wrong"
    assert said(defined, "\\partial q_i / \\partial z_j = A_{ji}") == (
        "unchecked", "q with an index, which the text defines as no vector")
    assert said(defined, "\\partial B_i / \\partial z_j = 0") == (
        "unchecked", "B with an index, which the text defines as no vector")
    assert said(defined, "\\partial c_i / \\partial z_j = 0") == (
        "unchecked", "c with an index, which the text defines as no vector")


def test_tr_or_odot_alone_make_a_step_matrix_notation():
    # B, r and s are defined by expressions (not entry by entry): tr and \odot are what the step writes of matrices
    defined = ONE_SIZE + "Let $B = A A^\\top$, $r = A z$ and $s = A w$.\n\n"
    assert said(defined, "\\operatorname{tr}(B) = \\sum_{i,j} A_{ij}^2")[0] == "correct"
    assert said(defined, "r \\odot s = s \\odot r")[0] == "correct"
