r"""Matrix and vector notation of symbolic size (lnsym.check.judges.notation.matrix_notation), decided entry by entry in
index form for every size: transposes, products in their order, ``\mathbf 1``, ``I``, diag, ``\odot``, tr,
Jacobians and gradients by a matrix. Each notation with a correct example and the slips it must catch; a name
whose shape the text does not establish, or a size it does not give, stays unchecked."""

import pytest
import sympy as sp

from lnsym.check.pipeline import check_text
from lnsym.decide import normal_sums

SOFTMAX = ("Let $z \\in \\mathbb{R}^K$, $u \\in \\mathbb{R}^K$, $S = \\sum_{k=1}^K e^{z_k}$ and $p_i = e^{z_i}/S$, "
           "and $J = \\frac{\\partial p}{\\partial z}$.\n\n")
BILINEAR = ("Let $W \\in \\mathbb{R}^{m \\times n}$, $u \\in \\mathbb{R}^m$, $v \\in \\mathbb{R}^n$, $x \\in "
            "\\mathbb{R}^n$, $y \\in \\mathbb{R}^m$, and let $r = Wx - y$.\n\n")
SQUARE = "Let $A \\in \\mathbb{R}^{d \\times d}$, $B \\in \\mathbb{R}^{d \\times d}$ and $x \\in \\mathbb{R}^d$.\n\n"


def verdict(text: str, step: str) -> tuple[str, str]:
    found = {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}
    assert step in found, sorted(found)
    return found[step]


@pytest.mark.parametrize(("step", "expected"), [
    ("\\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p) - p p^\\top", "correct"),
    ("\\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p) - p^\\top p", "wrong"),  # the transposed product
    ("\\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p) + p p^\\top", "wrong"),  # the sign
    ("\\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p)", "wrong"),  # a term dropped
    ("J\\mathbf 1 = p - p\\,(p^\\top \\mathbf 1)", "correct"),
    ("J\\mathbf 1 = p + p\\,(p^\\top \\mathbf 1)", "wrong"),
    ("p - p\\,(p^\\top \\mathbf 1) = 0", "correct"),  # 0, the zero vector; p^T 1 = 1 for a softmax
    ("\\mathbf 1^\\top p = 1", "correct"),
    ("J^\\top u = p \\odot \\big(u - (p^\\top u)\\,\\mathbf 1\\big)", "correct"),
    ("J^\\top u = p \\odot u", "wrong"),
    ("u^\\top J u = \\sum_i p_i u_i^2 - \\Big(\\sum_i p_i u_i\\Big)^2", "correct"),
    ("u^\\top J u = \\sum_i p_i u_i^2 + \\Big(\\sum_i p_i u_i\\Big)^2", "wrong"),
])
def test_softmax_jacobian_in_matrix_form(step, expected):
    assert verdict(SOFTMAX + f"Then ${step}$.\n", step)[0] == expected


@pytest.mark.parametrize(("step", "expected"), [
    ("u^\\top W v = \\sum_{i,j} u_i W_{ij} v_j", "correct"),
    ("\\operatorname{tr}(W^\\top W) = \\sum_{i,j} W_{ij}^2", "correct"),
    ("\\operatorname{tr}(W^\\top W) = 2\\sum_{i,j} W_{ij}^2", "wrong"),
    ("\\nabla_W\\,(u^\\top W v) = u\\, v^\\top", "correct"),
    ("\\nabla_W\\,(u^\\top W v) = v\\, u^\\top", "wrong"),  # the transposed outer product
    ("\\frac{\\partial}{\\partial W_{ij}} (u^\\top W v) = u_i v_j", "correct"),
    ("\\frac{\\partial}{\\partial W_{ij}} (u^\\top W v) = u_j v_i", "wrong"),  # the indices swapped
    ("\\partial r_i/\\partial W_{ij} = x_j", "correct"),
    ("2\\, r\\, x^\\top = 2\\,(Wx - y)\\,x^\\top", "correct"),
    ("2\\, r\\, x^\\top = 2\\,(Wx + y)\\,x^\\top", "wrong"),
    ("W^\\top u = W v", "wrong"),  # an n-vector and an m-vector
])
def test_matrices_declared_with_their_sizes(step, expected):
    assert verdict(BILINEAR + f"Then ${step}$.\n", step)[0] == expected


@pytest.mark.parametrize(("step", "expected"), [
    ("(I + A)(I + B) = I + A + B + A B", "correct"),
    ("(I + A)(I + B) = I + A + B + B A", "wrong"),  # matrices do not commute
    ("(I + A)(I + B) = I + A + B", "wrong"),  # a term dropped
    ("(A B)^\\top = B^\\top A^\\top", "correct"),
    ("(A B)^\\top = A^\\top B^\\top", "wrong"),
    ("\\operatorname{tr}(A B) = \\operatorname{tr}(B A)", "correct"),
    ("x^\\top A x = x^\\top A^\\top x", "correct"),
    ("(A x) \\odot x = x \\odot (A x)", "correct"),
    ("(A x) \\odot x = x \\odot (B x)", "wrong"),
    ("x \\odot A x = x \\odot (A x)", "unchecked"),  # (x ⊙ A) x or x ⊙ (A x): not read
])
def test_products_keep_their_order(step, expected):
    assert verdict(SQUARE + f"Then ${step}$.\n", step)[0] == expected


def test_a_refutation_names_the_smallest_case_and_both_values():
    step = "(I + A)(I + B) = I + A + B + B A"
    reason = verdict(SQUARE + f"Then ${step}$.\n", step)[1]
    # entry (1, 1) at d = 2: (1 + 1/2)(1 + 1/3) - 3/4 = 5/4 against 1 + 1/2 + 1/3 + (1/6 - 3) = -1
    assert reason.startswith("not an identity in index notation: at d = 2, i = 1, j = 1, A = ((1/2, -1), (2, 1/3)), "
                             "B = ((1/3, -3/2), (3/4, 1))")
    assert "the left side is 1.25000 and the right side -1.00000" in reason


def test_sizes_that_do_not_conform_are_a_slip_named_by_their_shapes():
    step = "\\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p) - p^\\top p"
    assert verdict(SOFTMAX + f"Then ${step}$.\n", step) == (
        "wrong", "the sizes do not conform: a matrix of K×K and a number added")


@pytest.mark.parametrize(("text", "step"), [
    # J_1, J_2: nothing says they are matrices (scalars commute)
    ("Let $d$ be the width.\n\n", "(I + J_2)(I + J_1) = I + J_1 + J_2 + J_1 J_2"),
    # W used with two indices but never declared: not a matrix
    ("Let $u \\in \\mathbb{R}^m$.\n\n", "u^\\top W u = \\sum_{i,j} u_i W_{ij} u_j"),
    # q: a name of no established shape in a product
    (SOFTMAX, "q^\\top p = \\sum_k q_k p_k"),
    # a vector of no declared size
    ("Let $S = \\sum_k e^{z_k}$ and $p_i = e^{z_i}/S$.\n\n", "\\mathbf 1^\\top p = 1"),
    # L: its dependence on W is not given
    (BILINEAR, "\\nabla_W L = u\\, v^\\top"),
    # I - 1 1^T: no size on either side
    (SQUARE, "I - \\mathbf 1 \\mathbf 1^\\top = I - \\mathbf 1 \\mathbf 1^\\top"),
])
def test_what_the_text_does_not_establish_stays_unchecked(text, step):
    assert verdict(text + f"Then ${step}$.\n", step)[0] == "unchecked"


def test_nested_sums_are_not_captured_when_their_indices_are_renamed():
    from lnsym.check.judges.notation.sum_forms import same_sums  # (new with this reading)

    # \sum_k v_k \sum_l W_{lk} u_l: renaming k to the inner sum's canonical index would make it W_{ll}
    m, n = sp.symbols("m n", integer=True, positive=True)
    k, ll = sp.symbols("k l", integer=True, positive=True)
    u, v, w = (sp.IndexedBase(c, real=True) for c in "uvW")
    inner = normal_sums(sp.Sum(w[ll, k] * u[ll], (ll, 1, m)))
    nested = normal_sums(sp.Sum(v[k] * inner, (k, 1, n)))
    assert not nested.has(w[sp.Symbol("i_", integer=True), sp.Symbol("i_", integer=True)])
    assert same_sums(nested, sp.Sum(sp.Sum(u[ll] * w[ll, k] * v[k], (k, 1, n)), (ll, 1, m)))
    assert same_sums(nested, sp.Sum(sp.Sum(u[ll] * w[k, ll] * v[k], (k, 1, n)), (ll, 1, m))) is None


UPSTREAM = SOFTMAX.replace("\n\n", " Let $g = \\partial L/\\partial p$ be the upstream gradient.\n\n")
LINEAR = BILINEAR.replace("\n\n", " Let $g = \\frac{\\partial L}{\\partial r}$.\n\n")


@pytest.mark.parametrize(("text", "step", "expected"), [
    (UPSTREAM, "\\frac{\\partial L}{\\partial z} = J^\\top g", "correct"),  # L a function of p: the chain rule
    (UPSTREAM, "\\nabla_z L = p \\odot \\big(g - (p^\\top g)\\,\\mathbf 1\\big)", "correct"),
    (UPSTREAM, "\\nabla_z L = p \\odot g", "wrong"),  # a term dropped
    (UPSTREAM, "\\frac{\\partial L}{\\partial z} = g^\\top J", "correct"),  # the gradient written as a row
    (LINEAR, "\\nabla_W L = g\\, x^\\top", "correct"),
    (LINEAR, "\\nabla_W L = x\\, g^\\top", "wrong"),  # the transposed outer product: n×m for m×n
    (LINEAR, "\\nabla_x L = W^\\top g", "correct"),
    (LINEAR, "\\nabla_x L = -W^\\top g", "wrong"),  # the sign
    (LINEAR, "\\frac{\\partial L}{\\partial W_{ij}} = g_i x_j", "correct"),  # in index notation, through r too
    (LINEAR, "\\frac{\\partial L}{\\partial W_{ij}} = g_j x_i", "wrong"),
    (LINEAR, "\\frac{\\partial L}{\\partial x_j} = \\sum_k W_{kj} g_k", "correct"),
    (LINEAR, "\\frac{\\partial L}{\\partial x_j} = \\sum_k W_{kj} x_k", "unchecked"),  # x has n entries, k runs to m
    (SOFTMAX, "\\nabla_z L = J^\\top u", "unchecked"),  # nothing says what L depends on
    # y is declared, not defined: how it depends on W is not given
    (BILINEAR + "Let $h = \\frac{\\partial L}{\\partial y}$.\n\n", "\\nabla_W L = h\\, x^\\top", "unchecked"),
])
def test_a_loss_through_the_vector_it_is_differentiated_by(text, step, expected):
    assert verdict(text + f"Then ${step}$.\n", step)[0] == expected


AFFINE = ("Let $y = Wx + b$ with $W \\in \\mathbb{R}^{m \\times n}$, $x \\in \\mathbb{R}^n$, $b \\in \\mathbb{R}^m$. "
          "Since $y_k = \\sum_l W_{kl} x_l + b_k$, \n\n")


@pytest.mark.parametrize(("step", "expected"), [
    ("\\frac{\\partial y_k}{\\partial W_{ij}} = \\delta_{ki}\\, x_j", "correct"),
    ("\\frac{\\partial y_k}{\\partial W_{ij}} = \\delta_{kj}\\, x_i", "wrong"),  # the indices swapped
    ("\\frac{\\partial y_k}{\\partial x_j} = W_{kj}", "correct"),
    ("\\frac{\\partial y_k}{\\partial x_j} = W_{jk}", "wrong"),  # the transposed entry
    ("\\frac{\\partial y}{\\partial x} = W", "correct"),
    ("\\frac{\\partial y}{\\partial x} = W^\\top", "wrong"),
])
def test_a_vector_defined_in_matrix_notation_spelled_out_entry_by_entry(step, expected):
    # `y_k = ...` after `y = Wx + b` spells y out; it is no second definition that would make y unknown
    assert verdict(AFFINE + f"we have ${step}$.\n", step)[0] == expected


def test_an_undeclared_name_inside_a_definition_is_no_number():
    # b is never declared: in `y = Wx + b` it may be a vector, so y's shape is not known (never "sizes differ")
    text = ("Let $W \\in \\mathbb{R}^{m \\times n}$, $x \\in \\mathbb{R}^n$ and $y = Wx + b$.\n\n"
            "Then $\\frac{\\partial y}{\\partial x} = W$.\n")
    assert verdict(text, "\\frac{\\partial y}{\\partial x} = W")[0] == "unchecked"


# backpropagation's own names: `\delta = \partial L/\partial y` is the upstream gradient, `\delta_k` its entry and
# `\delta_{ki}` (two indices) Kronecker's; `\delta\, x^\top` (a spacing command between) is the product, not a
# change of x
BACKPROP = ("Let $y = Wx + b$ with $W \\in \\mathbb{R}^{m \\times n}$, $x \\in \\mathbb{R}^n$, $b \\in \\mathbb{R}^m$, "
            "and let $\\delta = \\frac{\\partial L}{\\partial y}$ be the upstream gradient.\n\n")


@pytest.mark.parametrize(("step", "expected"), [
    ("\\nabla_W L = \\delta\\, x^\\top", "correct"),
    ("\\nabla_W L = x\\, \\delta^\\top", "wrong"),  # n×m for m×n
    ("\\nabla_b L = \\delta", "correct"),
    ("\\nabla_x L = W^\\top \\delta", "correct"),
    ("\\nabla_x L = W \\delta", "wrong"),  # m×n times m entries
    ("\\frac{\\partial L}{\\partial W_{ij}} = \\delta_i x_j", "correct"),
    ("\\frac{\\partial L}{\\partial W_{ij}} = \\delta_j x_i", "wrong"),
    ("\\frac{\\partial L}{\\partial x_j} = \\sum_k W_{kj}\\, \\delta_k", "correct"),
    ("\\frac{\\partial L}{\\partial x_j} = -\\sum_k W_{kj}\\, \\delta_k", "wrong"),
    ("\\frac{\\partial L}{\\partial x_j} = \\sum_k W_{jk}\\, \\delta_k", "unchecked"),  # δ has m entries, k runs to n
    ("\\frac{\\partial L}{\\partial b_i} = \\delta_i", "correct"),
    ("\\frac{\\partial y_k}{\\partial W_{ij}} = \\delta_{ki}\\, x_j", "correct"),  # two indices: Kronecker's
    ("\\frac{\\partial y_k}{\\partial W_{ij}} = \\delta_{kj}\\, x_i", "wrong"),
])
def test_the_upstream_gradient_delta_of_backpropagation(step, expected):
    got = verdict(BACKPROP + f"Then ${step}$.\n", step)
    assert got[0] == expected, got


# the upstream gradient written with nabla and its space (`g = \nabla_y L \in \mathbb{R}^m`): L is the loss, not a
# vector the text declares (the letter before `\in` was read as one: every step "the vector L as a whole")
NABLA_UPSTREAM = BACKPROP.replace("let $\\delta = \\frac{\\partial L}{\\partial y}$ be the upstream gradient",
                                  "a scalar loss $L$ whose upstream gradient is $g = \\nabla_y L \\in \\mathbb{R}^m$")


@pytest.mark.parametrize(("step", "expected"), [
    ("\\nabla_W L = g x^\\top", "correct"),
    ("\\nabla_W L = x g^\\top", "wrong"),
    ("\\nabla_x L = W^\\top g", "correct"),
    ("\\frac{\\partial L}{\\partial W_{jk}} = g_j x_k", "correct"),
    ("\\frac{\\partial L}{\\partial W_{jk}} = g_k x_j", "wrong"),
    ("\\frac{\\partial L}{\\partial x_k} = \\sum_{i=1}^{m} g_i W_{ik}", "correct"),
    ("\\frac{\\partial L}{\\partial x_k} = \\sum_{i=1}^{m} g_i W_{ik} x_k", "wrong"),
])
def test_an_upstream_gradient_written_with_nabla_in_its_space(step, expected):
    assert "\\nabla_y L \\in" in NABLA_UPSTREAM
    got = verdict(NABLA_UPSTREAM + f"Then ${step}$.\n", step)
    assert got[0] == expected, got


def test_the_letter_an_operator_acts_on_is_not_declared_by_the_space_after_it():
    from lnsym.check.roles.index_scope import declared_in

    assert declared_in("$g = \\nabla_y L \\in \\mathbb{R}^m$ and $x \\in \\mathbb{R}^n$") == {"x": "n"}
    assert declared_in("$h = \\partial_{t} u \\in \\mathbb{R}^d$") == {}
    assert declared_in("$g = L \\in \\mathbb{R}^m$, $z_{k} \\in \\mathbb{R}$") == {"L": "m"}


def test_letters_listed_before_in_are_declared_with_the_last():
    from lnsym.check.roles.index_scope import declared_in, matrices_in

    assert declared_in("Let $u, v \\in \\mathbb{R}^n$.") == {"u": "n", "v": "n"}
    assert declared_in("Let $a, b, c \\in \\mathbb{R}^{d}$.") == {"a": "d", "b": "d", "c": "d"}
    assert matrices_in("Let $A, B \\in \\mathbb{R}^{n \\times n}$.") == {"A": ("n", "n"), "B": ("n", "n")}
    # a point's coordinates are numbers, and entries are not letters
    assert declared_in("for $(x, y) \\in \\mathbb{R}^2$") == {}
    assert declared_in("$x_1, x_2 \\in \\mathbb{R}^d$") == {}
    assert declared_in("$f(x, y) \\in \\mathbb{R}^d$") == {}
    # two sizes for one letter: none
    assert declared_in("$u, v \\in \\mathbb{R}^n$ and $v \\in \\mathbb{R}^m$") == {"u": "n", "v": None}


@pytest.mark.parametrize(("step", "expected"), [
    ("q^\\top k = \\sum_{i=1}^d q_i k_i", "correct"),
    ("q^\\top k = k^\\top q", "correct"),
    ("q^\\top k = \\sum_{i=1}^d q_i k_i^2", "wrong"),  # (a square too many)
    ("q^\\top k = \\sum_{i=1}^d q_i", "wrong"),
])
def test_vectors_declared_in_a_list(step, expected):
    assert verdict(f"Let $q, k \\in \\mathbb{{R}}^d$. Then ${step}$.\n", step)[0] == expected


def test_an_upstream_gradient_of_a_loss_the_text_defines_is_no_upstream_gradient():
    # L is defined: \\delta is its derivative (all ones), never a vector of any entries (against which the true
    # `\\frac{\\partial L}{\\partial b_i} = 1` would be refuted)
    for claim in ("\\frac{\\partial L}{\\partial b_i} = \\delta_i", "\\nabla_b L = \\delta"):
        text = BACKPROP.replace("be the upstream gradient", "where $L = \\sum_k y_k$") + f"Then ${claim}$.\n"
        assert verdict(text, claim)[0] != "wrong", claim


def test_delta_before_a_letter_is_still_the_change_of_that_letter():
    from lnsym.check.parse.grammar import parse_term
    from lnsym.check.parse.lexer import tokenize
    from lnsym.check.parse.nodes import Mul, Sym

    assert parse_term(tokenize("\\delta x")) == Sym("\\delta x", None)
    assert isinstance(parse_term(tokenize("\\delta\\, x")), Mul)
    assert isinstance(parse_term(tokenize("\\delta x"), names_delta=True), Mul)  # a text that names δ itself
    assert parse_term(tokenize("\\Delta x"), names_delta=True) == Sym("\\Delta x", None)


def test_a_text_that_names_delta_writes_delta_x_for_a_product():
    from lnsym.check.roles.conventions import Conventions

    assert Conventions.of("Let $\\delta = \\partial L/\\partial y$.").names_delta
    assert Conventions.of("with $\\delta \\in \\mathbb{R}^m$").names_delta
    assert not Conventions.of("$\\delta_{ij} = 1$ and $\\delta x = 0.1$ and $\\delta \\int f$").names_delta
    text = BACKPROP + "Then $\\nabla_W L = \\delta x^\\top$ and $\\nabla_W L = x \\delta^\\top$.\n"
    assert verdict(text, "\\nabla_W L = \\delta x^\\top")[0] == "correct"
    assert verdict(text, "\\nabla_W L = x \\delta^\\top")[0] == "wrong"


@pytest.mark.parametrize(("step", "expected"), [
    ("\\frac{\\partial y}{\\partial x} = W", "correct"), ("\\frac{\\partial y}{\\partial x} = W^\\top", "wrong"),
    ("\\nabla_b L = \\delta", "correct"), ("\\nabla_x L = W^\\top \\delta", "correct"),
])
def test_a_vector_declared_and_defined_is_its_definition(step, expected):
    # `y \\in \\mathbb{R}^m` gives y's shape; `y = Wx + b` what it is: its entries are not free variables (which
    # made the derivative of y by x zero)
    text = BACKPROP.replace("$b \\in \\mathbb{R}^m$", "$b \\in \\mathbb{R}^m$, $y \\in \\mathbb{R}^m$")
    assert "y \\in" in text
    assert verdict(text + f"Then ${step}$.\n", step)[0] == expected
