r"""Index notation in derivations (lnsym.check.judges.notation.index_steps): entries, sums over a size the text gives,
partial derivatives by an entry, names defined by index expressions, hypotheses on sums, gradients. Each
notation with a correct example and the slips it must catch; what the text does not establish stays unchecked."""

import pytest

from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.pipeline import check_text

SOFTMAX = "Let $z \\in \\mathbb{R}^K$, $S = \\sum_{k=1}^K e^{z_k}$ and $p_i = e^{z_i}/S$.\n\n"
CROSS_ENTROPY = ("Let $p = \\operatorname{softmax}(z)$ with $z \\in \\mathbb{R}^K$, and let $y$ be a target with "
                 "$\\sum_k y_k = 1$. The loss is $L = -\\sum_{k=1}^K y_k \\log p_k$.\n\n")


def findings(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}


def verdict(text: str, step: str) -> tuple[str, str]:
    found = findings(text)
    assert step in found, sorted(found)
    return found[step]


@pytest.mark.parametrize(("step", "expected"), [
    ("\\partial S/\\partial z_j = e^{z_j}", "correct"),
    ("\\partial S/\\partial z_j = e^{z_i}", "wrong"),  # the wrong index
    ("\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_j)", "correct"),
    ("\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_i)", "wrong"),  # p_i p_i for p_i p_j
    ("\\frac{\\partial p_i}{\\partial z_j} = -p_i(\\delta_{ij} - p_j)", "wrong"),  # the sign
    ("\\frac{\\partial p_i}{\\partial z_j} = \\delta_{ij} p_i", "wrong"),  # the quotient rule's second term lost
    ("\\frac{\\partial p_i}{\\partial z_j} = \\frac{\\delta_{ij} e^{z_i} S - e^{z_i} e^{z_j}}{S^2}", "correct"),
    ("\\partial_{z_j} p_i = p_i\\delta_{ij} - p_i p_j", "correct"),
    ("\\delta_{ij}\\frac{e^{z_i}}{S} - \\frac{e^{z_i}e^{z_j}}{S^2} = p_i(\\delta_{ij} - p_j)", "correct"),
    ("\\sum_j p_j = 1", "correct"),
    ("\\sum_j p_j = 0", "wrong"),
    ("\\sum_j p_j = K", "unchecked"),  # 1 = K: an equation in the size, true at K = 1
])
def test_softmax_jacobian(step, expected):
    assert verdict(SOFTMAX + f"Then ${step}$.\n", step)[0] == expected


def test_a_refutation_names_the_smallest_case_and_both_values():
    step = "\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_i)"
    reason = verdict(SOFTMAX + f"Then ${step}$.\n", step)[1]
    assert reason.startswith("not an identity in index notation: at K = 2, i = 1, j = 2, z = (1/2, -1)")
    assert "the left side is -0.149146 and the right side -0.668428" in reason


@pytest.mark.parametrize(("step", "expected"), [
    ("\\frac{\\partial L}{\\partial z_j} = -\\sum_k y_k(\\delta_{kj} - p_j)", "correct"),
    ("\\frac{\\partial L}{\\partial z_j} = -\\sum_k y_k(\\delta_{kj} + p_j)", "wrong"),
    ("-\\sum_k y_k(\\delta_{kj} - p_j) = -y_j + p_j \\sum_k y_k", "correct"),
    ("\\frac{\\partial L}{\\partial z_j} = p_j - y_j", "correct"),  # with the hypothesis
    ("\\frac{\\partial L}{\\partial z_j} = y_j - p_j", "wrong"),
    ("\\nabla_z L = p - y", "correct"),
    ("\\nabla_z L = y - p", "wrong"),
    ("\\frac{\\partial \\log p_k}{\\partial z_j} = \\delta_{kj} - p_j", "correct"),
    ("\\frac{\\partial \\log p_k}{\\partial z_j} = \\delta_{kj} - p_k", "wrong"),
    ("\\log p_k = z_k - \\log \\sum_m e^{z_m}", "correct"),
])
def test_cross_entropy_gradient(step, expected):
    assert verdict(CROSS_ENTROPY + f"So ${step}$.\n", step)[0] == expected


def test_a_hypothesis_is_used_only_where_stated_and_said():
    step = "\\frac{\\partial L}{\\partial z_j} = p_j - y_j"
    stated = verdict(CROSS_ENTROPY + f"So ${step}$.\n", step)
    assert stated == ("correct", "index notation, for every size, using the hypothesis \\sum_k y_k = 1")
    unstated = CROSS_ENTROPY.replace(", and let $y$ be a target with $\\sum_k y_k = 1$", "")
    assert verdict(unstated + f"So ${step}$.\n", step)[0] == "unchecked"
    assert verdict(CROSS_ENTROPY, "\\sum_k y_k = 1")[1].startswith("states a hypothesis on the entries of y")
    roles = {f.source: f.role for f in check_text(CROSS_ENTROPY).findings}
    assert roles["\\sum_k y_k = 1"] == "hypothesis"  # its role says what its reason says


def test_a_dropped_factor_one_over_d_is_caught():
    text = ("Let $x \\in \\mathbb{R}^d$ and $m = \\frac{1}{d}\\sum_{i=1}^d x_i$.\n\n"
            "Then $\\frac{\\partial m}{\\partial x_j} = \\frac{1}{d}$ and $\\frac{\\partial m}{\\partial x_j} = 1$.\n")
    found = findings(text)
    assert found["\\frac{\\partial m}{\\partial x_j} = \\frac{1}{d}"][0] == "correct"
    assert found["\\frac{\\partial m}{\\partial x_j} = 1"][0] == "wrong"


def test_a_missing_product_rule_term_is_caught():
    text = ("Let $x \\in \\mathbb{R}^d$ and $q = \\sum_{i=1}^d x_i^2 e^{x_i}$.\n\n"
            "Then $\\frac{\\partial q}{\\partial x_j} = 2x_j e^{x_j} + x_j^2 e^{x_j}$ and "
            "$\\frac{\\partial q}{\\partial x_j} = 2x_j e^{x_j}$.\n")
    found = findings(text)
    assert found["\\frac{\\partial q}{\\partial x_j} = 2x_j e^{x_j} + x_j^2 e^{x_j}"][0] == "correct"
    assert found["\\frac{\\partial q}{\\partial x_j} = 2x_j e^{x_j}"][0] == "wrong"


def test_a_size_the_text_does_not_give_leaves_sums_unchecked():
    text = "Let $S = \\sum_j e^{z_j}$ and $p_i = e^{z_i}/S$.\n\nThen $\\sum_i p_i = 1$ and $\\sum_i p_i = 2$.\n"
    found = findings(text)
    assert found["\\sum_i p_i = 1"] == ("unchecked", "a sum over i whose range the text does not give")
    assert found["\\sum_i p_i = 2"][0] == "unchecked"


def test_a_vector_of_no_given_size_is_proved_for_every_size_and_refuted_at_none():
    text = ("Let $\\operatorname{rms}(x) = \\sqrt{\\frac1d\\sum_i x_i^2}$.\n\n"
            "Then $\\operatorname{rms}(cx) = \\sqrt{\\frac1d\\sum_i c^2 x_i^2}$ and "
            "$\\operatorname{rms}(cx) = \\sqrt{\\frac1d\\sum_i c x_i^2}$, and "
            "$\\sum_i (x_i + y_i) = \\sum_i x_i + \\sum_i y_i$, $\\sum_i (x_i + y_i) = \\sum_i x_i$.\n")
    found = findings(text)
    assert found["\\operatorname{rms}(cx) = \\sqrt{\\frac1d\\sum_i c^2 x_i^2}"] == (
        "correct", "index notation, for every size")
    assert found["\\sum_i (x_i + y_i) = \\sum_i x_i + \\sum_i y_i"][0] == "correct"
    # false for most sizes, but the size the text means is not known: never refuted
    assert found["\\operatorname{rms}(cx) = \\sqrt{\\frac1d\\sum_i c x_i^2}"][0] == "unchecked"
    assert found["\\sum_i (x_i + y_i) = \\sum_i x_i"] == (
        "unchecked", "not shown for every size of x, y, whose size the text does not give")
    # a hypothesis on the total of such a vector holds over its size of its own; a sum the step does not write
    # gives none (`\\sum_{i=1}^4 x_i` states a total of four entries)
    stated = findings("Let $\\sum_i y_i = 1$. Then $\\sum_i 2 y_i = 2$ and $\\sum_i 2 y_i = 3$.\n")
    assert stated["\\sum_i 2 y_i = 2"] == (
        "correct", "index notation, for every size, using the hypothesis \\sum_k y_k = 1")
    assert stated["\\sum_i 2 y_i = 3"][0] == "unchecked"
    four = findings("So $\\sum_{i=1}^4 x_i = 4$. Then $\\sum_{i=1}^4 x_i^2 = 4^2 - 2 \\cdot 8$.\n")
    assert four["\\sum_{i=1}^4 x_i^2 = 4^2 - 2 \\cdot 8"] == (
        "unchecked", "not shown for every size, and no case found where it fails")
    # summed apart, two vectors may have two sizes: a sum of one is no sum of the other
    apart = findings("Then $\\sum_i x_i + \\sum_j y_j = \\sum_i (x_i + y_i)$.\n")
    assert apart["\\sum_i x_i + \\sum_j y_j = \\sum_i (x_i + y_i)"][0] == "unchecked"


def test_two_sizes_give_none():
    from lnsym.check.roles.index_scope import sizes_in

    assert sizes_in("$z \\in \\mathbb{R}^K$ and $\\sum_{k=1}^{n} x_k$") == {"K", "n"}
    text = ("Let $z \\in \\mathbb{R}^K$, $u \\in \\mathbb{R}^d$, $S = \\sum_j e^{z_j}$ and $p_i = e^{z_i}/S$.\n\n"
            "Then $\\sum_i p_i = 2$.\n")
    assert verdict(text, "\\sum_i p_i = 2")[0] == "unchecked"


@pytest.mark.parametrize("text", ["$K$ classes", "$i = 1, \\dots, K$", "$\\sum_{k=1}^{K} y_k$",
                                  "$z \\in \\mathbb R^{K}$"])
def test_the_ways_a_text_gives_a_size(text):
    from lnsym.check.roles.index_scope import sizes_in

    assert sizes_in(text) == {"K"}


def test_a_new_section_starts_afresh():
    text = SOFTMAX + "## Another problem\n\nThen $\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_i)$.\n"
    assert findings(text)["\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_i)"][0] == "unchecked"
    from lnsym.check.roles.index_scope import IndexScopes

    scopes = IndexScopes(text)
    assert scopes.section_at(0) == 0 and scopes.section_at(len(text) - 1) == 1


def test_a_name_defined_twice_is_unknown():
    text = SOFTMAX + "Later $p_i = e^{2 z_i}/S$.\n\nThen $\\frac{\\partial p_i}{\\partial z_j} = 0$.\n"
    assert verdict(text, "\\frac{\\partial p_i}{\\partial z_j} = 0") == (
        "unchecked", "p is defined twice, or by what this reading does not read")


def test_a_name_with_a_subscript_of_its_own_is_no_entry():
    """``\\sigma_w`` is a name (the weights' scale), not the entry w of a vector: never refuted as one."""
    text = "Let $x \\in \\mathbb{R}^n$.\n\nThen $\\frac{n}{2}\\sigma_w^2 = 1$, so $\\sigma_w^2 = \\frac{2}{n}$.\n"
    got = findings(text)
    assert got and all(v != "wrong" for v, _ in got.values()), got


def test_an_entry_the_text_names_at_the_end_of_a_chain_is_not_refuted():
    """``\\frac{1}{S} e^{z_j} = p_j``: the text names the result; p is not defined before."""
    text = ("Let $z \\in \\mathbb{R}^K$, $S = \\sum_i e^{z_i}$.\n\n"
            "$$\\frac{\\partial S}{\\partial z_j} = e^{z_j}, \\qquad \\frac{1}{S}\\,e^{z_j} = p_j.$$\n")
    found = findings(text)
    assert found["\\frac{\\partial S}{\\partial z_j} = e^{z_j}"][0] == "correct"
    assert found["\\frac{1}{S}\\,e^{z_j} = p_j"][0] == "unchecked"


def test_a_derivative_of_an_undefined_name_stays_unchecked():
    text = "Let $z \\in \\mathbb{R}^K$.\n\nThen $\\frac{\\partial h_i}{\\partial z_j} = \\delta_{ij}$.\n"
    assert verdict(text, "\\frac{\\partial h_i}{\\partial z_j} = \\delta_{ij}")[0] == "unchecked"


def test_an_approximation_with_a_symbolic_side_is_no_identity():
    text = SOFTMAX + "Then $\\frac{\\partial p_i}{\\partial z_j} \\approx p_i(\\delta_{ij} - p_j)$.\n"
    got = findings(text)
    assert got["\\frac{\\partial p_i}{\\partial z_j} \\approx p_i(\\delta_{ij} - p_j)"][0] == "unchecked"
    assert got and all(v in ("unchecked", "defined") for v, _ in got.values()), got


@pytest.mark.parametrize(("src", "tree"), [
    ("\\frac{\\partial p_i}{\\partial z_j}",
     ("pderiv", ("sym", "p", ("i", ("sym", "i", None))), ("sym", "z", ("j", ("sym", "j", None))))),
    ("\\partial S/\\partial z_j", ("pderiv", ("sym", "S", None), ("sym", "z", ("j", ("sym", "j", None))))),
    ("\\partial_{z_j} L", ("pderiv", ("sym", "L", None), ("sym", "z", ("j", ("sym", "j", None))))),
    ("\\nabla_z L", ("nabla", "z", ("sym", "L", None))),
    ("\\partial L/\\partial x", ("deriv", 1, "x", ("sym", "L", None), True)),  # partial: True
    ("a \\nabla b", ("op", "nabla", ("sym", "a", None), ("sym", "b", None))),  # the text's own operation
])
def test_the_notations_parse(src, tree):
    assert parse_term(tokenize(src)) == tree


def test_a_limit_other_than_the_size_is_an_unknown():
    """``\\sum_{i=1}^n i = 55`` is an equation in n: no case of n refutes it."""
    text = ("Let $z \\in \\mathbb{R}^K$.\n\n"
            "Then $\\sum_{i=1}^{n} z_i = 55$ and $\\sum_{i=1}^{K} z_i = \\sum_{j=1}^{K} z_j$.\n")
    found = findings(text)
    assert found["\\sum_{i=1}^{n} z_i = 55"][0] == "unchecked"
    assert found["\\sum_{i=1}^{K} z_i = \\sum_{j=1}^{K} z_j"][0] == "correct"


def test_each_vector_its_declared_size():
    """Two sizes in one section: a sum over the entries of a declared vector runs over that vector's size."""
    text = ("Let $x \\in \\mathbb{R}^d$, $z \\in \\mathbb{R}^K$, $m = \\frac1d \\sum_i x_i$ and "
            "$S = \\sum_j e^{z_j}$.\n\n"
            "Then $\\frac{\\partial m}{\\partial x_j} = \\frac1d$, $\\frac{\\partial m}{\\partial x_j} = \\frac1K$ and "
            "$\\partial S/\\partial z_k = e^{z_k}$.\n")
    found = findings(text)
    assert found["\\frac{\\partial m}{\\partial x_j} = \\frac1d"][0] == "correct"
    assert found["\\frac{\\partial m}{\\partial x_j} = \\frac1K"][0] == "wrong"
    assert found["\\partial S/\\partial z_k = e^{z_k}"][0] == "correct"


def test_a_function_of_a_vector_the_text_defines():
    text = ("Let $z \\in \\mathbb{R}^K$ and $\\operatorname{LSE}(z) = \\log \\sum_{i=1}^K e^{z_i}$. Then "
            "$\\nabla_z \\operatorname{LSE}(z) = \\operatorname{softmax}(z)$, "
            "$\\nabla_z \\operatorname{LSE}(z) = -\\operatorname{softmax}(z)$ and "
            "$\\frac{\\partial \\operatorname{LSE}}{\\partial z_j} = e^{z_j}$.\n\n"
            "Let $x \\in \\mathbb{R}^d$ and $\\operatorname{rms}(x) = \\sqrt{\\frac1d\\sum_i x_i^2}$. Then "
            "$\\operatorname{rms}(cx) = \\sqrt{\\frac1d\\sum_i c^2 x_i^2}$.\n")
    found = findings(text)
    assert found["\\operatorname{LSE}(z) = \\log \\sum_{i=1}^K e^{z_i}"] == ("defined", "defines LSE")
    assert found["\\nabla_z \\operatorname{LSE}(z) = \\operatorname{softmax}(z)"][0] == "correct"
    assert found["\\nabla_z \\operatorname{LSE}(z) = -\\operatorname{softmax}(z)"][0] == "wrong"
    assert found["\\frac{\\partial \\operatorname{LSE}}{\\partial z_j} = e^{z_j}"][0] == "wrong"
    assert found["\\operatorname{rms}(cx) = \\sqrt{\\frac1d\\sum_i c^2 x_i^2}"][0] == "correct"


def test_a_sum_over_two_indices():
    a_i, b_j = ("sym", "a", ("i", ("sym", "i", None))), ("sym", "b", ("j", ("sym", "j", None)))
    assert parse_term(tokenize("\\sum_{i,j} a_i b_j")) == (
        "sum", "i", None, None, ("sum", "j", None, None, ("mul", a_i, b_j, "")))
    text = ("Let $x \\in \\mathbb{R}^d$ and $u = \\sum_i x_i$.\n\n"
            "Then $\\sum_{i,j} x_i x_j = u^2$ and $\\sum_{i,j} x_i x_j = 2u$.\n")
    found = findings(text)
    assert found["\\sum_{i,j} x_i x_j = u^2"][0] == "correct"
    assert found["\\sum_{i,j} x_i x_j = 2u"] == (
        "wrong", "not an identity in index notation: at d = 1, x = (1/2) the left side is 0.250000 and the right side "
                 "1.00000")


LAYERNORM = ("Let $x \\in \\mathbb{R}^d$, $\\mu = \\frac1d \\sum_k x_k$, $\\sigma^2 = \\frac1d \\sum_k (x_k - \\mu)^2$ "
             "and $s = \\sqrt{\\sigma^2 + \\epsilon}$, $\\hat x_i = (x_i - \\mu)/s$.\n\n")


@pytest.mark.parametrize(("step", "expected"), [
    ("\\frac{\\partial \\sigma^2}{\\partial x_j} = \\frac{2}{d}(x_j - \\mu)", "correct"),
    ("\\frac{\\partial \\sigma^2}{\\partial x_j} = \\frac{1}{d}(x_j - \\mu)", "wrong"),  # the factor 2 dropped
    ("\\frac{\\partial \\mu}{\\partial x_j} = 1", "wrong"),  # the factor 1/d dropped
    # epsilon, a constant of the definition of s: proved for every value, never refuted at one
    ("\\frac{\\partial s}{\\partial x_j} = \\frac{x_j - \\mu}{d\\, s}", "correct"),
    ("\\frac{\\partial s}{\\partial x_j} = \\frac{x_j - \\mu}{s}", "unchecked"),
    ("\\frac{\\delta_{ij} - \\frac1d}{s} - \\frac{(x_i - \\mu)(x_j - \\mu)}{d\\, s^3} "
     "= \\frac1s\\left(\\delta_{ij} - \\frac1d - \\frac{\\hat x_i \\hat x_j}{d}\\right)", "correct"),
])
def test_layernorm_statistics(step, expected):
    assert verdict(LAYERNORM + f"Then ${step}$.\n", step)[0] == expected


def test_a_constant_of_a_definition_is_named_where_a_step_is_not_refuted():
    step = "\\frac{\\partial s}{\\partial x_j} = \\frac{x_j - \\mu}{s}"
    reason = verdict(LAYERNORM + f"Then ${step}$.\n", step)[1]
    assert reason == "not shown for every size; \\epsilon the text does not define"


def test_a_subscript_spelled_as_a_kind_of_node_is_a_subscript():
    # the pair (source text, tree) of a subscript is no node: `W_{sym}` was once taken for a node of kind "sym"
    # (an IndexError, the step unchecked) and `x_{ones}` for the all-ones vector (matrix notation)
    from lnsym.check.judges.notation.index_notation import Scope
    from lnsym.check.judges.notation.matrix_notation import uses_matrix_notation

    assert not uses_matrix_notation(parse_term(tokenize("x_{ones} + x_{nabla}")), Scope())
    text = "Let $x \\in \\mathbb{R}^d$ and $W_{sym} = 3$.\n\nThen $W_{sym} - W_{sym} = \\sum_i 0$.\n"
    assert verdict(text, "W_{sym} - W_{sym} = \\sum_i 0") == ("correct", "index notation, for every size")


VECTOR = "Let $x \\in \\mathbb{R}^d$ and $W \\in \\mathbb{R}^{d \\times d}$.\n\n"


@pytest.mark.parametrize(("step", "expected"), [
    ("\\frac{\\partial}{\\partial x_j}\\|x\\|_2^2 = 2x_j", "correct"),
    ("\\frac{\\partial}{\\partial x_j}\\|x\\|_2^2 = x_j", "wrong"),  # the factor 2 dropped
    ("\\frac{\\partial}{\\partial x_j}\\|x\\| = \\frac{x_j}{\\|x\\|}", "correct"),  # a vector's norm is its 2-norm
    ("\\|x\\|_2^2 = \\sum_i x_i^2", "correct"),
    ("\\|x\\|_1 = \\sum_i |x_i|", "correct"),
    ("\\|x\\|_1 = \\sum_i x_i", "wrong"),  # the moduli dropped
])
def test_a_norm_of_a_vector_is_the_sum_over_its_entries(step, expected):
    assert verdict(VECTOR + f"Then ${step}$.\n", step)[0] == expected


def test_a_norm_of_a_matrix_or_an_infinity_norm_is_not_read():
    assert verdict(VECTOR + "Then $\\|W\\|^2 = \\sum_i W_{ii}^2$.\n", "\\|W\\|^2 = \\sum_i W_{ii}^2")[0] == "unchecked"
    found = verdict(VECTOR + "Then $\\|x\\|_\\infty = \\sum_i x_i$.\n", "\\|x\\|_\\infty = \\sum_i x_i")
    assert found[0] == "unchecked"


@pytest.mark.parametrize(("step", "expected"), [
    ("\\|W\\|_F^2 = \\sum_{i,j} W_{ij}^2", "correct"),
    ("\\|W\\|_F^2 = \\sum_{i,j} W_{ij}", "wrong"),  # the squares dropped
    ("\\frac{\\partial}{\\partial W_{ij}} \\|W\\|_F^2 = 2 W_{ij}", "correct"),
    ("\\frac{\\partial}{\\partial W_{ij}} \\|W\\|_F^2 = W_{ij}", "wrong"),
])
def test_the_frobenius_norm_of_a_declared_matrix_is_the_sum_over_its_entries(step, expected):
    assert verdict(VECTOR + f"Then ${step}$.\n", step)[0] == expected


def test_the_frobenius_norm_of_a_written_matrix_is_computed():
    text = ("So $\\left\\| \\begin{pmatrix} 1 & 2 \\\\ 2 & 4 \\end{pmatrix} \\right\\|_F = 5$ "
            "and $\\|(3, 4)\\|_F = 6$.\n")
    got = findings(text)
    assert [v for v, _ in got.values()] == ["correct", "wrong"]


def test_a_derivative_by_an_entry_of_a_decorated_vector():
    text = ("Let $\\hat y \\in \\mathbb{R}^N$ and $y \\in \\mathbb{R}^N$, and "
            "$L = \\frac{1}{N}\\sum_{n=1}^N (\\hat y_n - y_n)^2$.\n\n"
            "Then $\\frac{\\partial L}{\\partial \\hat y_n} = \\frac{2}{N}(\\hat y_n - y_n)$ and "
            "$\\frac{\\partial L}{\\partial \\hat y_n} = \\frac{1}{N}(\\hat y_n - y_n)$.\n")
    got = findings(text)
    assert got["\\frac{\\partial L}{\\partial \\hat y_n} = \\frac{2}{N}(\\hat y_n - y_n)"][0] == "correct"
    assert got["\\frac{\\partial L}{\\partial \\hat y_n} = \\frac{1}{N}(\\hat y_n - y_n)"][0] == "wrong"


def test_a_vector_written_as_a_whole_then_entry_by_entry_is_read_by_its_entries():
    # `\ell = \log softmax(z)` (a function of the whole vector), then its entries: the entries are the definition;
    # `softmax(z) = p` names p by the standard softmax (no new softmax)
    text = ("Let $z \\in \\mathbb{R}^K$ and $\\ell = \\log \\operatorname{softmax}(z)$, so that\n\n"
            "$$\\ell_i = z_i - \\log \\sum_{k} e^{z_k}.$$\n\nThe gradient is $\\operatorname{softmax}(z) = p$, so\n\n"
            "$$\\frac{\\partial \\ell_i}{\\partial z_j} = \\delta_{ij} - p_j.$$\n\n"
            "$$\\frac{\\partial \\ell}{\\partial z} = I - \\mathbf 1\\, p^\\top.$$\n\n"
            "$$\\frac{\\partial \\ell}{\\partial z} = I - p\\, \\mathbf 1^\\top.$$\n")
    found = findings(text)
    assert found["\\frac{\\partial \\ell_i}{\\partial z_j} = \\delta_{ij} - p_j"] == (
        "correct", "index notation, for every size")
    assert found["\\frac{\\partial \\ell}{\\partial z} = I - \\mathbf 1\\, p^\\top"][0] == "correct"
    assert found["\\frac{\\partial \\ell}{\\partial z} = I - p\\, \\mathbf 1^\\top"][0] == "wrong"
    # a p the text defined before keeps its definition: softmax(z) = p is then a claim, not a second one
    again = findings("Let $z \\in \\mathbb{R}^K$, $S = \\sum_k e^{z_k}$ and $p_i = e^{z_i}/S$.\n\n"
                     "So $\\operatorname{softmax}(z) = p$, and "
                     "$\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_j)$.\n")
    assert again["\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_j)"][0] == "correct"


def test_a_softmax_of_a_name_the_text_declares_no_vector_is_not_read_as_constant_entries():
    # z is not declared (x is, which gives the section its size d): read as a number, every entry of cz would be
    # the same and both softmaxes 1/d, so the false `softmax(cz) = softmax(z)` was "proved" for every size
    text = "Let $x \\in \\mathbb{R}^d$. Then $\\operatorname{softmax}(c z)_i = \\operatorname{softmax}(z)_i$.\n"
    assert findings(text)["\\operatorname{softmax}(c z)_i = \\operatorname{softmax}(z)_i"][0] == "unchecked"
    # (and `softmax(z)_i = 1/d` was "proved" so; the softmax formula refutes it)
    assert findings(text.replace("(z)_i", "(z)_i = \\frac1d"))["\\operatorname{softmax}(z)_i = \\frac1d"][0] \
        == "wrong"
    declared = text.replace("x \\in", "z \\in")  # a vector: the scaling is refuted, the shift proved
    assert findings(declared)["\\operatorname{softmax}(c z)_i = \\operatorname{softmax}(z)_i"][0] != "correct"
    assert findings(declared.replace("(2z)", "(c z)").replace("(c z)", "(z + c)"))[
        "\\operatorname{softmax}(z + c)_i = \\operatorname{softmax}(z)_i"][0] == "correct"
    assert findings(declared.replace("(c z)", "(2z)"))["\\operatorname{softmax}(2z)_i = \\operatorname{softmax}(z)_i"][
        0] == "wrong"


def test_what_a_defined_softmax_is_of_is_a_vector_of_its_size():
    # `p = softmax(z)`: z is a vector whatever the text writes with an index, of the size declared for p (or for z),
    # and its entries are variables; so the sums of p are read, true ones proved and false ones refuted
    text = ("Let $p = \\operatorname{softmax}(z) \\in \\mathbb{R}^n$ and $v \\in \\mathbb{R}^n$.\n\n"
            "Then $\\sum_i p_i = 1$, and $\\sum_i p_i (v_i - 1) = \\sum_i p_i v_i - 1$.\n\n"
            "Also $\\sum_i p_i v_i = \\sum_i v_i$.\n")
    got = findings(text)
    assert got["\\sum_i p_i = 1"] == ("correct", "index notation, for every size")
    assert got["\\sum_i p_i (v_i - 1) = \\sum_i p_i v_i - 1"][0] == "correct"
    assert got["\\sum_i p_i v_i = \\sum_i v_i"][0] == "wrong"
    # declared for z instead: the same size
    moved = text.replace("p = \\operatorname{softmax}(z) \\in \\mathbb{R}^n$", "z \\in \\mathbb{R}^n$, "
                         "$p = \\operatorname{softmax}(z)$")
    assert findings(moved)["\\sum_i p_i = 1"][0] == "correct"
    # two sizes in the section: the softmax and its argument still share one, whichever of the two is declared
    two = ("Let $z \\in \\mathbb{R}^n$, $u \\in \\mathbb{R}^m$ and $p = \\operatorname{softmax}(z)$.\n\n"
           "Then $\\sum_i p_i = 1$ and $\\sum_i p_i u_i = 1$.\n")
    assert findings(two)["\\sum_i p_i = 1"][0] == "correct"
    assert findings(two)["\\sum_i p_i u_i = 1"][0] == "unchecked"  # (p has n entries and u m)
    other = ("Let $p = \\operatorname{softmax}(z)$ with $p \\in \\mathbb{R}^n$, and $u \\in \\mathbb{R}^m$.\n\n"
             "Then $\\sum_i p_i = 1$ and $\\sum_i p_i = 2$.\n")
    assert [v for v, _ in findings(other).values()][-2:] == ["correct", "wrong"]
    # a softmax of a z the section defines (by what is not read) is not of free entries
    defined = text.replace("and $v", "$z = (1, 2, 3)$ and $v")
    assert findings(defined)["\\sum_i p_i v_i = \\sum_i v_i"][0] != "wrong"


def test_a_chain_defines_a_name_by_a_later_term_once_the_links_to_it_are_proved():
    # `f(x, y) = x^\\top A y = \\sum_{i,j} x_i A_{ij} y_j`: matrix notation first (not a definition this reading
    # reads), then index notation; proved equal, the later term defines f for the steps after
    key = ("Let $f(x, y) = x^\\top A y = \\sum_{i=1}^{m} \\sum_{j=1}^{n} x_i A_{ij} y_j$ with "
           "$A \\in \\mathbb{R}^{m \\times n}$, $x \\in \\mathbb{R}^m$, $y \\in \\mathbb{R}^n$.\n\n"
           "Then $\\frac{\\partial f}{\\partial x_k} = \\sum_j A_{kj} y_j$ and "
           "$\\frac{\\partial f}{\\partial A_{kl}} = x_l y_k$.\n")
    got = findings(key)
    assert got["\\frac{\\partial f}{\\partial x_k} = \\sum_j A_{kj} y_j"][0] == "correct"
    assert got["\\frac{\\partial f}{\\partial A_{kl}} = x_l y_k"][0] == "wrong"
    # a link to it that does not hold: the later term defines nothing, and the steps after are not read
    slipped = findings(key.replace("x_i A_{ij} y_j$", "x_i A_{ij} y_i$"))
    assert slipped["\\frac{\\partial f}{\\partial x_k} = \\sum_j A_{kj} y_j"][0] == "unchecked"
    assert slipped["\\frac{\\partial f}{\\partial A_{kl}} = x_l y_k"][0] == "unchecked"
    # f defined before: the chain is a second definition, and f is not read
    twice = findings(key.replace("Let $f(x, y)", "Let $f(x, y) = x + y$ and $f(x, y)"))
    assert twice["\\frac{\\partial f}{\\partial A_{kl}} = x_l y_k"][0] == "unchecked"


def test_a_statement_followed_by_iff_is_a_condition_not_an_identity():
    # "$v^\\top J v = 0$ iff $v$ is a multiple of 1": the condition of an equivalence, false for most v
    text = ("Let $v \\in \\mathbb{R}^n$ and $w \\in \\mathbb{R}^n$.\n\n"
            "We have $\\sum_i v_i w_i = 0$ iff $v$ and $w$ are orthogonal.\n\n"
            "And $\\sum_i v_i w_i = \\sum_i w_i v_i$ if and only if nothing.\n")
    got = findings(text)
    assert got["\\sum_i v_i w_i = 0"][0] == "unchecked"
    assert got["\\sum_i v_i w_i = \\sum_i w_i v_i"][0] == "correct"  # (true for all: still proved)
    alone = findings(text.replace(" iff $v$ and $w$ are orthogonal", ""))
    assert alone["\\sum_i v_i w_i = 0"][0] == "wrong"  # (without the words after: read as an identity, refuted)
    # (a statement whose last term is empty ends at its last sign: no fault looking for the words after it)
    trailing = check_text("Solve $2x + 3 = 11 =$ iff so, and $a \\neq$ too.\n").findings
    assert trailing and all(f.verdict.value != "error" for f in trailing)


def test_a_condition_on_vectors_of_no_value_is_no_identity(worker):
    """`\\|k\\|_2 = \\sqrt d` ("with normalised inputs") of a declared vector the text gives no value is a condition
    it puts on k, not an identity of every k; a local example ("for $x = y = \\mathbf 1$") defines nothing for the
    later steps, which stay unproved (`\\|x\\|_2 = \\|y\\|_2` was `correct` through `x = y` of that example). An
    identity of the vector (both sides speak of it) is still decided."""
    from lnsym.check import check_text

    def got(text):
        return {f.source: (f.verdict.value, f.role) for f in check_text(text, "k", worker).findings}

    key = "Let $k \\in \\mathbb{R}^d$.\n\nWith normalised inputs, $\\|k\\|_2 = \\sqrt d$.\n"
    assert got(key)["\\|k\\|_2 = \\sqrt d"] == ("unchecked", "hypothesis")
    key = ("Let $x \\in \\mathbb{R}^d$ and $y \\in \\mathbb{R}^d$.\n\n"
           "For $x = y = \\mathbf 1$ we get $x^\\top y = d$.\n\nIn general, $\\|x\\|_2 = \\|y\\|_2$.\n")
    found = got(key)
    assert found["\\|x\\|_2 = \\|y\\|_2"][0] == "unchecked" and found["x^\\top y = d"][0] == "unchecked", found
    assert "wrong" not in {v for v, _ in found.values()}, found
    key = "Let $x \\in \\mathbb{R}^d$.\n\nThen $\\sum_i x_i^2 = \\|x\\|_2^2$ and $\\sum_i x_i^2 = 2\\|x\\|_2^2$.\n"
    found = got(key)
    assert found["\\sum_i x_i^2 = \\|x\\|_2^2"][0] == "correct", found
    assert found["\\sum_i x_i^2 = 2\\|x\\|_2^2"][0] == "wrong", found


_NAMED_NORMALISER = ("Let $z \\in \\mathbb{R}^n$ and $p = \\operatorname{softmax}(z)$, so that $p_i = e^{z_i}/S$ where "
                     "$S = {sum}$.\n\nThen $\\frac{{\\partial p_i}}{{\\partial z_j}} = {right}$.\n")


@pytest.mark.parametrize(("total", "right", "expected"), [
    # the normaliser named before it is defined: the softmax's entries, read when the sum is the softmax's
    ("\\sum_{k=1}^{n} e^{z_k}", "p_i(\\delta_{ij} - p_j)", "correct"),
    ("\\sum_{k=1}^{n} e^{z_k}", "p_i(\\delta_{ij} + p_j)", "wrong"),
    ("\\sum_{k=1}^{n} e^{z_k}", "\\delta_{ij} p_i - p_j", "wrong"),
    # another sum: p is defined twice, and nothing about it is decided
    ("1 + \\sum_{k=1}^{n} e^{z_k}", "p_i(\\delta_{ij} - p_j)", "unchecked"),
    ("\\sum_{k=1}^{n} e^{2 z_k}", "p_i(\\delta_{ij} - p_j)", "unchecked"),
])
def test_a_softmax_spelled_with_a_normaliser_defined_after_it(total, right, expected, worker):
    from lnsym.check import check_text

    text = _NAMED_NORMALISER.replace("{sum}", total).replace("{right}", right).replace("{{", "{").replace("}}", "}")
    (found,) = [f for f in check_text(text, "k", worker).findings if f.source.startswith("\\frac{\\partial p_i}")]
    assert found.verdict.value == expected, (text, found.reason)


def test_a_softmax_spelled_with_a_slash(worker):
    from lnsym.check import check_text

    text = ("Let $z \\in \\mathbb{R}^n$, $q = \\operatorname{softmax}(z)$ with $q_i = e^{z_i} / \\sum_k e^{z_k}$.\n\n"
            "Then $\\frac{\\partial q_i}{\\partial z_j} = q_i(\\delta_{ij} - q_j)$ and "
            "$\\frac{\\partial q_i}{\\partial z_j} = q_i(1 - q_j)$.\n")
    found = [f.verdict.value for f in check_text(text, "k", worker).findings if f.source.startswith("\\frac")]
    assert found == ["correct", "wrong"], found


def test_a_square_defined_through_its_own_root_is_not_read():
    """``s`` where the text defines ``s^2`` is its root; ``s^2 = v + s`` defines it through itself, which recursed
    to Python's limit ("too deeply nested") instead of saying so."""
    text = ("Let $x \\in \\mathbb{R}^d$, $v = \\frac1d \\sum_{k=1}^d x_k^2$, $s^2 = v + s$ and $y_i = x_i/s$.\n\n"
            "Then $\\frac{\\partial y_i}{\\partial x_j} = 0$.\n")
    assert verdict(text, "\\frac{\\partial y_i}{\\partial x_j} = 0") == ("unchecked", "s^2 is defined through itself")
    # the root of a square defined by what it is not: read, and the slip caught
    rms = text.replace("s^2 = v + s", "s^2 = v")
    assert verdict(rms, "\\frac{\\partial y_i}{\\partial x_j} = 0")[0] == "wrong"


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\sum_k x_k^2 = d(s - 1)", "correct"),
    ("\\sum_k x_k^2 = d(s + 1)", "wrong"),  # d s + d: off by the size
    ("\\sum_k x_k^2 = d\\,(s - 1)", "correct"),
])
def test_the_size_before_a_bracket_is_a_factor(claim, expected):
    """``d(s - 1)`` where d is the size the text declares is d times the bracket, not a function d the text does not
    define (every such step was "a sum over k whose range the text does not give")."""
    text = "Let $x \\in \\mathbb{R}^d$ and $s = \\frac{1}{d}\\sum_{k=1}^{d} x_k^2 + 1$.\n\nThen $" + claim + "$.\n"
    assert verdict(text, claim)[0] == expected


_QUADRATIC = ("Let $p = \\operatorname{softmax}(z) \\in \\mathbb{R}^n$, $J = \\operatorname{diag}(p) - p p^\\top$ and "
              "$v \\in \\mathbb{R}^n$.\n\nThen $" + "{claim}" + "$.\n")


@pytest.mark.parametrize(("claim", "expected"), [
    ("v^\\top J v = \\sum_{i}\\sum_{j} v_i J_{ij} v_j", "correct"),
    ("\\sum_{i}\\sum_{j} v_i J_{ij} v_j = \\sum_i p_i v_i^2 - \\left(\\sum_i p_i v_i\\right)^2", "correct"),
    ("\\sum_{j} J_{ij} = 0", "correct"),
    ("J_{ij} = p_i \\delta_{ij} - p_i p_j", "correct"),
    ("v^\\top J v = \\sum_{i}\\sum_{j} v_i J_{ii} v_j", "wrong"),  # the wrong index
    ("\\sum_{i}\\sum_{j} v_i J_{ij} v_j = \\sum_i p_i v_i^2 + \\left(\\sum_i p_i v_i\\right)^2", "wrong"),  # sign
    ("J_{ij} = p_i \\delta_{ij} - p_j p_j", "wrong"),
    ("\\sum_{j} J_{ij} = 1", "wrong"),
])
def test_an_entry_of_a_matrix_the_text_defines_by_vectors_and_matrices(claim, expected):
    """``J_{ij}`` after ``J = \\operatorname{diag}(p) - p p^\\top``: entry (i, j) of that matrix (it was "an index that
    is not one letter"), and a Kronecker delta summed inside a sum over i is taken with i in 1..n."""
    text = _QUADRATIC.replace("{claim}", claim)
    assert verdict(text, claim)[0] == expected


def test_two_indices_of_a_vector_or_a_number_the_text_defines_are_not_read():
    # J_{ij} of a J that is a vector, or a number: no entry (i, j) to read, so nothing is decided
    for definition in ("J = p", "J = p^\\top v"):
        text = _QUADRATIC.replace("J = \\operatorname{diag}(p) - p p^\\top", definition)
        text = text.replace("{claim}", "\\sum_{j} J_{ij} = 0")
        assert verdict(text, "\\sum_{j} J_{ij} = 0")[0] == "unchecked"


@pytest.mark.parametrize(("claim", "expected"), [
    ("y_k = \\sum_l W_{kl} x_l + b_k", "correct"),
    ("y_k = \\sum_l W_{kl} x_l - b_k", "wrong"),  # the sign of the bias
    ("y_k = \\sum_l W_{kl} x_l", "wrong"),  # the bias dropped
])
def test_an_entry_of_a_vector_defined_as_a_whole_is_a_claim_about_it(claim, expected):
    """``y_k = \\sum_l W_{kl} x_l + b_k`` after ``y = Wx + b`` spells out an entry of y: checked against the first
    definition (it was taken as a second definition of its own, with nothing checked)."""
    text = ("Let $x \\in \\mathbb{R}^n$, $b \\in \\mathbb{R}^m$, $W \\in \\mathbb{R}^{m \\times n}$ and "
            "$y = Wx + b$.\n\nEntry by entry, $" + claim + "$.\n")
    assert verdict(text, claim)[0] == expected
    # introduced as a definition ("define"), it is one, as before
    assert verdict(text.replace("Entry by entry,", "Define"), claim)[0] == "unchecked"


_RMS_BACKWARD = ("Let $x \\in \\mathbb{R}^d$, $g \\in \\mathbb{R}^d$ and $y_i = g_i x_i / r$, where "
                 "$r = \\sqrt{\\frac{1}{d}\\sum_{k=1}^{d} x_k^2}$.\n\nGiven the upstream gradient "
                 "$\\frac{\\partial L}{\\partial y_i}$, ${claim}$.\n")


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\frac{\\partial L}{\\partial x_j} = \\sum_i \\frac{\\partial L}{\\partial y_i}"
     "\\frac{\\partial y_i}{\\partial x_j}", "correct"),
    ("\\frac{\\partial L}{\\partial x_j} = \\frac{g_j}{r}\\,\\frac{\\partial L}{\\partial y_j} - \\frac{x_j}{d\\,r^3}"
     "\\sum_{i=1}^{d} g_i x_i \\frac{\\partial L}{\\partial y_i}", "correct"),
    ("\\frac{\\partial L}{\\partial x_j} = \\frac{g_j}{r}\\,\\frac{\\partial L}{\\partial y_j} + \\frac{x_j}{d\\,r^3}"
     "\\sum_{i=1}^{d} g_i x_i \\frac{\\partial L}{\\partial y_i}", "wrong"),  # the sign
    ("\\frac{\\partial L}{\\partial g_i} = \\frac{x_i}{r}\\,\\frac{\\partial L}{\\partial y_i}", "correct"),
    ("\\frac{\\partial L}{\\partial g_i} = \\frac{x_i}{r^2}\\,\\frac{\\partial L}{\\partial y_i}", "wrong"),  # a power
    ("\\frac{\\partial L}{\\partial g_i} = \\frac{x_j}{r}\\,\\frac{\\partial L}{\\partial y_j}", "wrong"),  # the index
    # L through two names the text defines: which one is not known
    ("\\frac{\\partial L}{\\partial g_i} = \\frac{x_i}{r}\\,\\frac{\\partial L}{\\partial y_i} + "
     "\\frac{\\partial L}{\\partial r}", "unchecked"),
])
def test_the_upstream_gradient_written_inline(claim, expected):
    """``\\frac{\\partial L}{\\partial y_i}`` of an L the text says nothing more of, y a vector it defines: an entry
    of the upstream gradient (any number), and a derivative of L by what y is made of follows the chain rule through
    y; the counterexample gives the upstream gradient's entries as ∂L/∂y."""
    got = verdict(_RMS_BACKWARD.replace("{claim}", claim), claim)
    assert got[0] == expected, got
    if expected == "wrong":
        assert "∂L/∂y = (" in got[1]


@pytest.mark.parametrize(("claim", "expected"), [
    ("r^2 = \\frac{1}{d}\\sum_{k} x_k^2", "correct"),
    ("r^2 = \\sum_{k} x_k^2", "wrong"),  # the 1/d dropped
])
def test_the_square_of_a_name_the_text_defined_is_a_claim_about_it(claim, expected):
    """``r^2 = \\ldots`` after ``r = \\sqrt{\\ldots}``: a claim about r's square, checked (it was taken for a
    definition of a name ``r^2`` and left to the arithmetic), and no definition the later steps use."""
    text = ("Let $x \\in \\mathbb{R}^d$ and $r = \\sqrt{\\frac{1}{d}\\sum_{k=1}^{d} x_k^2}$.\n\n"
            "Then $" + claim + "$.\n\nSo $\\frac{\\partial r}{\\partial x_j} = \\frac{x_j}{d\\,r}$.\n")
    assert verdict(text, claim)[0] == expected
    assert verdict(text, "\\frac{\\partial r}{\\partial x_j} = \\frac{x_j}{d\\,r}")[0] == "correct"


_CE = ("Let $z \\in \\mathbb{R}^n$, $p = \\operatorname{softmax}(z)$ and let $y$ be a target with $\\sum_i y_i = 1$. "
       "The loss is $L = -\\sum_{i=1}^{n} y_i \\log p_i$.\n\n{again}\n\nSo $\\nabla_z L = p - y$.\n")


@pytest.mark.parametrize(("again", "expected", "after"), [
    # a rewriting, proved the same: correct, and L keeps its meaning for the steps after
    ("We can rewrite $L = -\\sum_i y_i z_i + \\log \\sum_k e^{z_k}$.", "correct", "correct"),
    # written again by what is not the same (a new loss, or a slip: not told apart): unchecked, and L is unknown after
    ("We can rewrite $L = -\\sum_i y_i z_i + 2\\log \\sum_k e^{z_k}$.", "unchecked", "unchecked"),
    ("For the squared error, $L = \\frac12 \\sum_i (z_i - y_i)^2$.", "unchecked", "unchecked"),
    # introduced as a definition ("we write"): a second definition, as before
    ("Now we write $L = -\\sum_i y_i z_i + \\log \\sum_k e^{z_k}$.", "unchecked", "unchecked"),
])
def test_a_name_written_again_without_words_of_a_definition(again, expected, after):
    found = findings(_CE.replace("{again}", again))
    written = next(step for step in found if step.startswith("L = ") and "\\log p_i" not in step)
    assert found[written][0] == expected, found[written]
    assert found["\\nabla_z L = p - y"][0] == after, found["\\nabla_z L = p - y"]


_LN_AFFINE = ("Let $x, \\gamma, \\beta \\in \\mathbb{R}^d$, $\\mu = \\frac1d \\sum_{k=1}^{d} x_k$, "
              "$\\hat x_i = x_i - \\mu$ and $y_i = \\gamma_i \\hat x_i + \\beta_i$. Given an upstream gradient "
              "$g = \\frac{\\partial L}{\\partial y}$, ${claim}$.\n")


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\frac{\\partial L}{\\partial \\gamma_i} = g_i \\hat x_i", "correct"),
    ("\\frac{\\partial L}{\\partial \\beta_i} = g_i", "correct"),
    ("\\frac{\\partial L}{\\partial \\gamma_i} = g_i x_i", "wrong"),  # x for its centred x̂
    ("\\frac{\\partial L}{\\partial \\beta_i} = g_i \\hat x_i", "wrong"),
    ("\\frac{\\partial L}{\\partial \\gamma_i} = \\sum_k g_k \\hat x_k", "wrong"),  # summed over the entries
])
def test_a_derivative_through_a_vector_defined_entry_by_entry(claim, expected):
    """L through ``g = \\partial L/\\partial y`` where the text defines y entry by entry (``y_i = \\gamma_i \\hat x_i +
    \\beta_i``), by an entry of a Greek-named vector (``\\partial \\gamma_i``; it was not parsed)."""
    got = verdict(_LN_AFFINE.replace("{claim}", claim), claim)
    assert got[0] == expected, got
    # the gain and the bias not declared: proved alike, never refuted (they may be meant otherwise)
    undeclared = verdict(_LN_AFFINE.replace("x, \\gamma, \\beta \\in", "x \\in").replace("{claim}", claim), claim)
    assert undeclared[0] == ("correct" if expected == "correct" else "unchecked"), undeclared


_VARIANCE = ("Let $p = \\operatorname{softmax}(z) \\in \\mathbb{R}^n$ and $v \\in \\mathbb{R}^n$, and "
             "$\\bar v = \\sum_i p_i v_i$.\n\nThen ${claim}$.\n")


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\sum_i p_i (v_i - \\bar v)^2 \\ge 0", "correct"),  # a sum of nonnegative terms
    ("p_j > 0", "correct"),  # an entry of a softmax
    ("0 \\le p_j", "correct"),
    ("\\sum_i p_i (v_i - \\bar v)^2 = \\sum_i p_i v_i^2 - \\bar v^2", "correct"),  # the square multiplied out
    ("\\sum_i p_i (v_i - \\bar v)^2 = \\sum_i p_i v_i^2 + \\bar v^2", "wrong"),
    # not shown: never refuted, as an inequality on entries may be a condition the text puts on them
    ("\\sum_i p_i (v_i - \\bar v)^2 > 0", "unchecked"),  # 0 where v is constant
    ("p_j - 1 \\le 0", "correct"),  # the sum over the entries is p_j's own term plus the rest
    # a variance under p: shown equal to \\sum_i p_i (v_i - \\bar v)^2, for every size
    ("\\sum_i p_i v_i^2 - \\Big(\\sum_i p_i v_i\\Big)^2 \\ge 0", "correct"),
    ("\\frac{1}{3}\\left(\\sum_i p_i v_i^2 - \\left(\\sum_i p_i v_i\\right)^2\\right) \\ge 0", "correct"),
    ("\\sum_i p_i v_i^2 - 2\\Big(\\sum_i p_i v_i\\Big)^2 \\ge 0", "unchecked"),  # not a variance
    ("\\sum_i v_i^2 - \\Big(\\sum_i v_i\\Big)^2 \\ge 0", "unchecked"),  # weights that do not sum to 1
    ("\\sum_i p_i v_i^2 - \\Big(\\sum_i p_i v_i\\Big)^2 > 0", "unchecked"),  # 0 for a constant v
    ("p_j \\le 0", "unchecked"),
    ("p_j < 1", "unchecked"),  # 1 where n = 1
    ("p_j + p_i \\le 1", "unchecked"),  # 2 p_i where i = j
    ("v_j \\ge 0", "unchecked"),
    ("\\sum_i p_i v_i \\ge 0", "unchecked"),
])
def test_an_inequality_in_index_notation_is_proved_by_the_signs_of_its_terms(claim, expected):
    got = verdict(_VARIANCE.replace("{claim}", claim), claim)
    assert got[0] == expected, got


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\sum_{i=1}^{K} q_i = 1", "correct"),
    ("\\sum_{i=1}^{K} q_i = \\frac{9}{10}", "wrong"),  # the smoothing's share dropped
    ("\\sum_{i=1}^{K} q_i \\delta_{ic} = \\frac{9}{10} + \\frac{1}{10K}", "correct"),
    ("\\sum_{i=1}^{K} q_i \\delta_{ic} = \\frac{9}{10}", "wrong"),
])
def test_an_index_that_indexes_no_vector_lies_in_the_size_of_the_steps_vectors(claim, expected):
    """The class c of ``\\delta_{ic}``, which indexes no vector of the step, lies in 1..K as every index of the text
    does: ``\\sum_i \\delta_{ic} = 1`` (it was a case "c <= K" left open: "a sum over a range other than the
    entries'")."""
    text = ("Let $z \\in \\mathbb{R}^K$, let $c$ be the true class and "
            "$q_i = \\frac{9}{10}\\delta_{ic} + \\frac{1}{10K}$.\n\nThen $" + claim + "$.\n")
    assert verdict(text, claim)[0] == expected


_MSE = ("Let $x \\in \\mathbb{R}^n$, $y \\in \\mathbb{R}^m$, $W \\in \\mathbb{R}^{m \\times n}$, "
        "$b \\in \\mathbb{R}^m$, $\\hat y = W x + b$ and $L = \\tfrac12\\|\\hat y - y\\|_2^2$.\n\nThen ${claim}$.\n")


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\frac{\\partial L}{\\partial b_i} = \\hat y_i - y_i", "correct"),
    ("\\nabla_x L = W^\\top(\\hat y - y)", "correct"),
    ("\\frac{\\partial L}{\\partial b_i} = 2(\\hat y_i - y_i)", "wrong"),  # the 1/2 dropped
    ("\\nabla_b L = \\hat y + y", "wrong"),  # the sign
    # a matrix inside the norm is not read entry by entry (W x is no W times x_k): nothing decided
    ("\\|W x\\|_2^2 = \\sum_i (Wx)_i^2", "unchecked"),
])
def test_the_norm_of_an_expression_of_vectors(claim, expected):
    """``\\|\\hat y - y\\|_2`` read entry by entry, ``\\sqrt{\\sum_k (\\hat y_k - y_k)^2}``, a vector the text defines
    by matrix notation standing for its entry (it was "norm is not read in index notation")."""
    assert verdict(_MSE.replace("{claim}", claim), claim)[0] == expected


_LSE = ("Let $z \\in \\mathbb{R}^n$, $p = \\operatorname{softmax}(z)$ and "
        "$\\operatorname{LSE}(z) = \\log \\sum_{i=1}^{n} e^{z_i}$.\n\nThen ${claim}$.\n")


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\nabla_z^2 \\operatorname{LSE}(z) = \\operatorname{diag}(p) - p p^\\top", "correct"),
    ("\\nabla^2 \\operatorname{LSE}(z) = \\operatorname{diag}(p) - p p^\\top", "correct"),  # by z, its argument
    ("\\nabla_z^2 \\operatorname{LSE}(z) = \\operatorname{diag}(p) + p p^\\top", "wrong"),
    ("\\nabla_z^2 \\operatorname{LSE}(z) = \\operatorname{diag}(p) - p^\\top p", "wrong"),  # sizes
    # facing a number, \\nabla^2 may be the Laplacian (here it is, and true): never refuted by its shape
    ("\\nabla_z^2 \\operatorname{LSE}(z) = 1 - \\sum_i p_i^2", "unchecked"),
])
def test_the_hessian_is_the_jacobian_of_the_gradient(claim, expected):
    assert verdict(_LSE.replace("{claim}", claim), claim)[0] == expected


_ONE_HOT = ("Let $z \\in \\mathbb{R}^n$ be logits, $p = \\operatorname{softmax}(z)$, and let $c$ be the true class. "
            "The loss is $L = -\\log p_c$.\n\nThen ${claim}$.\n")


@pytest.mark.parametrize(("claim", "expected"), [
    ("\\nabla_z L = p - e_c", "correct"),
    ("\\nabla_z L = e_c - p", "wrong"),  # the sign
    ("p^\\top e_c = p_c", "correct"),
    ("e_c^\\top e_c = 2", "wrong"),
])
def test_e_with_a_class_is_the_one_hot_vector(claim, expected):
    assert verdict(_ONE_HOT.replace("{claim}", claim), claim)[0] == expected


@pytest.mark.parametrize("claim", ["\\nabla_z L = p - e_c", "p^\\top e_c = p_c"])
def test_e_the_text_declares_a_vector_is_no_one_hot_vector(claim):
    # where the text declares e a vector of its own (an error), e_c is its entry: the one-hot reading proves nothing
    own = _ONE_HOT.replace("let $c$ be", "let $e \\in \\mathbb{R}^n$ be an error, $c$").replace("{claim}", claim)
    assert verdict(own, claim)[0] != "correct"
