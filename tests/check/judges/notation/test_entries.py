r"""Entries of expressions: ``(Wx)_i``, ``(AB)_{ij}``, ``\operatorname{softmax}(z)_i`` (the parser's ``Entry``), read
entry by entry in index and matrix notation and, with whole-number indices, from known values; and ``AW``, which
the parser reads as one name, as a product where the section declares both letters as matrices. Each reading with
a correct example and the slip it must catch; what is not a vector stays unchecked."""

import pytest

from lnsym.check.parse.grammar import ParseError, parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.nodes import Entry, Group, Sym, UFunc
from lnsym.check.pipeline import check_text


def findings(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}


def test_an_entry_of_a_bracketed_expression_or_a_function_value_is_parsed():
    t = parse_term(tokenize("(Wx)_i"))
    assert isinstance(t, Entry) and isinstance(t.operand, Group) and t.sub[0] == "i"
    t = parse_term(tokenize("\\operatorname{softmax}(z)_{ij}"))
    assert isinstance(t, Entry) and isinstance(t.operand, UFunc) and t.sub[0] == "ij"


def test_a_bracketed_number_or_name_with_a_subscript_is_no_entry():
    with pytest.raises(ParseError):
        parse_term(tokenize("(1011)_2"))  # a numeral in base 2
    assert parse_term(tokenize("(x)_n")) == Sym("x", ("n", Sym("n", None)))
    with pytest.raises(ParseError):
        parse_term(tokenize("(a + b)_{+}"))  # not an index
    with pytest.raises(ParseError, match="evaluation bracket"):
        parse_term(tokenize("\\left[ -\\frac{1}{x} \\right]_1^{40}"))  # F(40) - F(1)
    assert isinstance(parse_term(tokenize("(Wx)_i^2")), type(parse_term(tokenize("a^2"))))  # the entry squared


@pytest.mark.parametrize(("step", "expected"), [
    ("(Wx)_1 = 3", "correct"),
    ("(Wx)_2 = 7", "correct"),
    ("(Wx)_2 = 8", "unchecked"),  # an entry counted from 1 proves, and refutes nothing: the text may count from 0
    ("(W x)_1 = 4", "unchecked"),
    ("(W^\\top x)_1 = 4", "correct"),
])
def test_a_whole_number_entry_of_known_values_proves_only(step, expected):
    text = ("Let $W = \\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}$ and $x = (1, 1)$. "
            f"Then ${step}$.\n")
    assert findings(text)[step][0] == expected


def test_an_entry_out_of_range_or_of_a_number_has_no_value():
    text = "Let $x = (1, 1)$ and $a = 3$. Then $(2x)_3 = 2$ and $(a + 1)_1 = 4$.\n"
    found = findings(text)
    assert found["(2x)_3 = 2"][0] == "unchecked"
    assert found["(a + 1)_1 = 4"][0] == "unchecked"


def test_an_entry_of_a_softmax_of_known_values():
    text = "Let $z = (0, 0)$. Then $\\operatorname{softmax}(z)_1 = 0.5$ and $\\operatorname{softmax}(z)_2 = 0.25$.\n"
    found = findings(text)
    assert found["\\operatorname{softmax}(z)_1 = 0.5"][0] == "correct"
    assert found["\\operatorname{softmax}(z)_2 = 0.25"] == (
        "unchecked", "an entry counted from 1 refutes nothing (the text may count from 0): "
        "\\operatorname{softmax}(z)_2 = 0.5")


SQUARE = "Let $W \\in \\mathbb{R}^{n \\times n}$, $x \\in \\mathbb{R}^n$ and $v \\in \\mathbb{R}^n$.\n\n"


@pytest.mark.parametrize(("step", "expected"), [
    ("(Wx)_i = \\sum_j W_{ij} x_j", "correct"),
    ("(Wx)_i = \\sum_j W_{ji} x_j", "wrong"),  # the transpose's entry
    ("(W^\\top x)_i = \\sum_j W_{ji} x_j", "correct"),
    ("(W^\\top)_{ij} = W_{ji}", "correct"),
    ("(W^\\top)_{ij} = W_{ij}", "wrong"),
    ("(x v^\\top)_{ij} = x_i v_j", "correct"),
    ("(x v^\\top)_{ij} = x_j v_i", "wrong"),
])
def test_an_entry_in_matrix_notation_is_proved_or_refuted_for_every_size(step, expected):
    verdict, reason = findings(SQUARE + f"Then ${step}$.\n")[step]
    assert verdict == expected, reason
    if expected == "wrong":
        assert "at n = " in reason and "the left side is" in reason


@pytest.mark.parametrize(("step", "expected"), [
    ("\\operatorname{softmax}(z)_i = \\frac{e^{z_i}}{\\sum_k e^{z_k}}", "correct"),
    ("\\operatorname{softmax}(z + c\\mathbf 1)_i = \\frac{e^{z_i + c}}{\\sum_k e^{z_k + c}}", "correct"),
    ("\\frac{e^{c} e^{z_i}}{e^{c} \\sum_k e^{z_k}} = \\operatorname{softmax}(z)_i", "correct"),
    ("\\operatorname{softmax}(z)_i = \\frac{e^{z_i}}{\\sum_k z_k}", "wrong"),
])
def test_an_entry_of_a_softmax_in_index_notation(step, expected):
    text = f"Let $z \\in \\mathbb{{R}}^K$.\n\nThen ${step}$.\n"
    assert findings(text)[step][0] == expected


def test_letters_written_together_are_a_product_of_the_matrices_the_section_declares():
    text = ("Let $W \\in \\mathbb{R}^{m \\times n}$ and $A \\in \\mathbb{R}^{n \\times m}$.\n\n"
            "Then $\\operatorname{tr}(AW) = \\sum_{k,l} A_{kl} W_{lk}$, "
            "$\\frac{\\partial}{\\partial W_{ij}} \\operatorname{tr}(AW) = A_{ji}$ and "
            "$\\frac{\\partial}{\\partial W_{ij}} \\operatorname{tr}(AW) = A_{ij}$.\n")
    found = findings(text)
    assert found["\\operatorname{tr}(AW) = \\sum_{k,l} A_{kl} W_{lk}"][0] == "correct"
    assert found["\\frac{\\partial}{\\partial W_{ij}} \\operatorname{tr}(AW) = A_{ji}"][0] == "correct"
    assert found["\\frac{\\partial}{\\partial W_{ij}} \\operatorname{tr}(AW) = A_{ij}"][0] == "wrong"


def test_letters_written_together_stay_one_name_where_they_are_not_declared_matrices():
    # a segment of a figure: AB is one length, not A times B
    text = "Let $A \\in \\mathbb{R}^{n \\times n}$.\n\nThen $\\operatorname{tr}(AB) = \\sum_k A_{kk}$.\n"
    assert findings(text)["\\operatorname{tr}(AB) = \\sum_k A_{kk}"][0] == "unchecked"


def test_a_bare_index_sum_of_a_vector_an_earlier_paragraph_gives():
    # an earlier paragraph's value proves, and refutes nothing (the statement may be about another z), as for
    # `z_1 + z_2 + z_3`; in the paragraph that gives it, it refutes
    text = ("Let $t = (1, 0, 0)$ and $z = (2, 1, 0.5)$.\n\nThen $\\sum_i t_i = 1$, $\\sum_i z_i = 3.5$ and "
            "$\\sum_i z_i = 3$.\n\nLet $y = (1, 2)$, so $\\sum_i y_i = 4$.\n")
    found = findings(text)
    assert found["\\sum_i t_i = 1"][0] == "correct"
    assert found["\\sum_i z_i = 3.5"][0] == "correct"
    assert found["\\sum_i z_i = 3"] == ("unchecked", "a sum over i whose range the text does not give")
    assert found["\\sum_i y_i = 4"][0] == "wrong"


@pytest.mark.parametrize("written", ["\\mathrm{KL}(p \\,\\|\\, q)", "\\mathrm{KL}(p || q)", "\\operatorname{KL}(p, q)",
                                     "\\mathrm{KL}(p \\parallel q)"])
def test_a_divergence_is_a_function_of_its_two_distributions(written):
    assert parse_term(tokenize(written)) == UFunc("KL", (Sym("p", None), Sym("q", None)))


def test_a_divergence_of_one_distribution_is_not_parsed():
    with pytest.raises(ParseError, match="two distributions"):
        parse_term(tokenize("\\mathrm{KL}(p)"))


KL = ("Let $z \\in \\mathbb{R}^K$, $p = \\operatorname{softmax}(z)$, and let $y \\in \\mathbb{R}^K$ be a distribution "
      "with all $y_k > 0$. Define\n\n"
      "$$\\mathrm{KL}(y \\,\\|\\, p) = \\sum_{k=1}^K y_k \\log\\frac{y_k}{p_k}.$$\n\n")


@pytest.mark.parametrize(("step", "expected"), [
    ("\\mathrm{KL}(y\\,\\|\\,p) = \\sum_{k=1}^K y_k \\log y_k - \\sum_{k=1}^K y_k \\log p_k", "correct"),
    ("\\mathrm{KL}(y\\,\\|\\,p) = \\sum_{k=1}^K y_k \\log p_k - \\sum_{k=1}^K y_k \\log y_k", "wrong"),  # a sign
    ("\\mathrm{KL}(p\\,\\|\\,y) = \\sum_{k=1}^K p_k \\log\\frac{p_k}{y_k}", "correct"),  # the same function, swapped
    ("\\mathrm{KL}(p\\,\\|\\,y) = \\sum_{k=1}^K y_k \\log\\frac{y_k}{p_k}", "wrong"),
])
def test_a_function_the_section_defined_is_rewritten_as_a_claim_about_it(step, expected):
    verdict, reason = findings(KL + f"Splitting the logarithm, ${step}$.\n")[step]
    assert verdict == expected, reason


def test_a_function_defined_again_by_let_is_a_new_definition_and_neither_is_used():
    text = KL + ("Now let $\\mathrm{KL}(y\\,\\|\\,p) = \\sum_{k=1}^K y_k \\log p_k$.\n\n"
                 "Then $\\mathrm{KL}(y\\,\\|\\,p) = \\sum_{k=1}^K y_k \\log y_k$.\n")
    found = findings(text)
    assert found["\\mathrm{KL}(y\\,\\|\\,p) = \\sum_{k=1}^K y_k \\log p_k"] == ("unchecked", "defines the function KL")
    assert found["\\mathrm{KL}(y\\,\\|\\,p) = \\sum_{k=1}^K y_k \\log y_k"][0] == "unchecked"


@pytest.mark.parametrize("preamble", [
    "Let $W \\in \\mathbb{R}^{m \\times n}$.",  # x of no declared size: the product is not read at all
    "Let $W \\in \\mathbb{R}^{n \\times n}$ and $x \\in \\mathbb{R}^n$.",
])
def test_an_entry_of_a_product_is_never_the_product_of_entries(preamble):
    # soundness: `(Wx)_i` read entry by entry would be `W_i x_i`, and this slip `correct`
    found = findings(f"{preamble} Then $(W x)_i = W_i x_i$ and $\\sigma(W x)_i = \\sigma(W_i x_i)$.\n")
    assert found["(W x)_i = W_i x_i"][0] != "correct"
    assert found["\\sigma(W x)_i = \\sigma(W_i x_i)"][0] != "correct"


SPELLED = ("Let $z \\in \\mathbb{R}^n$ and $p = \\operatorname{softmax}(z)$, that is $p_i = \\frac{e^{z_i}}{"
           "\\sum_{k=1}^n {BODY}}$. Then ")


def test_a_softmax_spelled_out_entry_by_entry_is_the_same_definition():
    """`p = \\operatorname{softmax}(z)`, "that is, $p_i = \\frac{e^{z_i}}{\\sum_k e^{z_k}}$": the entries spell the
    softmax out, so p stays defined (it was "defined twice", and the Jacobian unchecked); entries of another shape
    are another definition, and leave p unread."""
    text = SPELLED.replace("{BODY}", "e^{z_k}")
    got = findings(text + "$\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_j)$ and "
                          "$\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_j)$.\n")
    assert got["\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_j)"][0] == "correct"
    assert got["\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_j)"][0] == "wrong"
    other = findings(SPELLED.replace("{BODY}", "e^{z_i}") + "$\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_j)$.\n")
    assert other["\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_j)"][0] == "unchecked"


def test_a_standard_function_of_an_entry_is_differentiated_by_the_chain_rule():
    """`s_i = \\sigma(x_i)` where the text names the sigmoid, `h_i = \\tanh(a_i)`: read entry by entry."""
    sig = findings("The logistic sigmoid $\\sigma$ is applied to each entry: for $x \\in \\mathbb{R}^n$, "
                   "$s_i = \\sigma(x_i)$. Then $\\frac{\\partial s_i}{\\partial x_j} = \\delta_{ij} s_i(1 - s_i)$ and "
                   "$\\frac{\\partial s_i}{\\partial x_j} = s_i(1 - s_i)$.\n")
    assert sig["\\frac{\\partial s_i}{\\partial x_j} = \\delta_{ij} s_i(1 - s_i)"][0] == "correct"
    slip = sig["\\frac{\\partial s_i}{\\partial x_j} = s_i(1 - s_i)"]
    assert slip[0] == "wrong" and "i = 1, j = 2" in slip[1]  # off the diagonal: 0 against s_1(1 - s_1)
    tanh = findings("Let $a \\in \\mathbb{R}^n$ and $h_i = \\tanh(a_i)$. Then "
                    "$\\frac{\\partial h_i}{\\partial a_j} = \\delta_{ij}(1 - h_i^2)$ and "
                    "$\\frac{\\partial h_i}{\\partial a_j} = \\delta_{ij}(1 + h_i^2)$.\n")
    assert tanh["\\frac{\\partial h_i}{\\partial a_j} = \\delta_{ij}(1 - h_i^2)"][0] == "correct"
    assert tanh["\\frac{\\partial h_i}{\\partial a_j} = \\delta_{ij}(1 + h_i^2)"][0] == "wrong"
    # σ of a text that does not name the function is no sigmoid
    unnamed = findings("Let $x \\in \\mathbb{R}^n$ and $s_i = \\sigma(x_i)$. Then "
                       "$\\frac{\\partial s_i}{\\partial x_j} = s_i(1 - s_i)$.\n")
    assert unnamed["\\frac{\\partial s_i}{\\partial x_j} = s_i(1 - s_i)"][0] == "unchecked"


def test_a_name_whose_entries_the_text_defines_otherwise_is_not_judged_as_its_softmax():
    """A false alarm: `p = \\operatorname{softmax}(z)`, then "Define $p_i = z_i^2$": the formula reading judged
    `\\frac{\\partial p_i}{\\partial z_j} = 2 z_i \\delta_{ij}` against the softmax Jacobian (wrong). Which p is
    meant is not known: unchecked (index notation reads both, and finds p defined twice)."""
    got = findings("Let $z \\in \\mathbb{R}^n$ and $p = \\operatorname{softmax}(z)$. Define $p_i = z_i^2$. Then "
                   "$\\frac{\\partial p_i}{\\partial z_j} = 2 z_i \\delta_{ij}$.\n")
    assert got["\\frac{\\partial p_i}{\\partial z_j} = 2 z_i \\delta_{ij}"][0] == "unchecked"
    # the softmax alone is still judged
    alone = findings("Let $z \\in \\mathbb{R}^n$ and $p = \\operatorname{softmax}(z)$. Then "
                     "$\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_j)$.\n")
    assert alone["\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_j)"][0] == "wrong"
