r"""Index notation read into SymPy (lnsym.check.judges.notation.index_notation), one rule at a time on hand-made scopes:
sizes and indices are positive integers, an entry is written with one letter or a whole number, a sum's range
comes from the sizes of the vectors its index runs over, a name the text defines is put in (and one defined
through itself is refused), a function is applied entry by entry to its argument, and each thing the reading
does not know is refused with its reason."""

import pytest
import sympy as sp

from lnsym.check.judges.notation.index_notation import (
    Scope,
    Translator,
    Untranslatable,
    index_symbol,
    loss_of,
    size_symbol,
)
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.nodes import Sum, Sym

n, m, d, K = (size_symbol(c) for c in "nmdK")
i, j = index_symbol("i"), index_symbol("j")
x, y, z = (sp.IndexedBase(c, real=True) for c in "xyz")


def tree(src: str) -> tuple:
    return parse_term(tokenize(src))


def scope(**kw) -> Scope:
    """x in R^n, y in R^m, declared; anything else as given."""
    kw.setdefault("shapes", {"x": "n", "y": "m"})
    kw.setdefault("declared", frozenset(kw["shapes"]))
    kw.setdefault("vectors", frozenset(kw["shapes"]))
    return Scope(**kw)


def read(src: str, sc: Scope | None = None) -> tuple[sp.Expr, Translator]:
    tr = Translator(sc if sc is not None else scope())
    return tr(tree(src)), tr


def refused(src: str, sc: Scope | None = None) -> str:
    with pytest.raises(Untranslatable) as exc:
        read(src, sc)
    return str(exc.value)


def sum_index(expr: sp.Expr) -> sp.Symbol:
    (s,) = expr.atoms(sp.Sum)
    return s.limits[0][0]


# -- sizes, indices and entries ---------------------------------------------------------------------------------
def test_sizes_and_indices_are_positive_integers():
    for s in (size_symbol("n"), index_symbol("i")):
        assert s.is_integer is True and s.is_positive is True
    assert str(size_symbol("n")) == "n" and str(index_symbol("i")) == "i"


def test_the_size_letters_are_the_sections_the_vectors_and_the_matrices():
    assert Scope().size_letters() == set()
    assert Scope(size="n").size_letters() == {"n"}
    assert Scope(shapes={"x": "d"}, matrices={"W": ("m", "k")}).size_letters() == {"d", "m", "k"}


def test_an_entry_at_a_whole_number_is_no_free_index():
    value, tr = read("x_1")
    assert value == x[1]
    assert tr.index_sizes == {} and tr.indices == {}


def test_an_entry_at_a_letter_is_a_free_index_over_the_vector():
    value, tr = read("x_i")
    assert value == x[i]
    assert tr.index_sizes == {i: {n}}


def test_an_index_is_one_letter_or_a_whole_number():
    assert refused("x_{1.5}") == "an index that is not one letter or a whole number"
    assert refused("x_{ij}") == "an index that is not one letter or a whole number"


def test_the_size_is_no_index():
    assert refused("x_n") == "n is both the size and an index"


def test_a_vector_of_no_known_size_still_has_entries():
    value, tr = read("q_i", Scope(vectors=frozenset({"q"})))
    assert value == sp.IndexedBase("q", real=True)[i]
    # its index ranges over a size of its own, which nothing refutes at (index_steps)
    size = sp.Symbol("|q|", integer=True, positive=True)
    assert tr.index_sizes.get(i) == {size} and tr.free_sizes == {"q": size}


def test_a_declared_vector_has_entries():
    value, _ = read("x_i", Scope(declared=frozenset({"x"})))
    assert value == x[i]


def test_a_name_with_a_subscript_of_its_own_is_a_name():
    # \sigma_w is no entry of a vector the text speaks of
    value, tr = read("\\sigma_w")
    assert value == sp.Symbol("\\sigma_{w}", real=True)
    assert tr.unknowns == {"\\sigma_{w}"} and tr.constants == set()


def test_an_unknown_name_is_a_real_unknown_of_the_step():
    value, tr = read("c x_i")
    assert value == sp.Symbol("c", real=True) * x[i]
    assert tr.unknowns == {"c"} and tr.constants == set()


def test_a_vector_as_a_whole_is_not_read():
    assert refused("x") == "the vector x as a whole"


def test_e_is_eulers_number_unless_the_text_defines_it():
    assert read("e")[0] == sp.E
    assert read("e", scope(definitions={"e": ("scalar", None, tree("2"))}))[0] == 2


def test_the_kronecker_delta_has_two_indices():
    assert read("\\delta_{ij}")[0] == sp.KroneckerDelta(i, j)
    assert refused("\\delta_i") == "a Kronecker delta with other than two indices"


# -- sums -------------------------------------------------------------------------------------------------------
def test_a_sum_runs_over_the_size_of_the_vectors_its_index_indexes():
    value, _ = read("\\sum_i x_i c")
    k = sum_index(value)
    assert value == sp.Sum(x[k] * sp.Symbol("c", real=True), (k, 1, n))
    assert k.is_integer is True and k.is_positive is True
    # y_j has its own free index: only x's size gives the range of i
    value, _ = read("\\sum_i x_i y_j")
    k = sum_index(value)
    assert value == sp.Sum(x[k] * y[j], (k, 1, n))


def test_an_entry_under_a_sums_index_is_an_entry():
    value, _ = read("\\sum_i w_i", Scope(size="n"))
    k = sum_index(value)
    assert value == sp.Sum(sp.IndexedBase("w", real=True)[k], (k, 1, n))


def test_vectors_of_two_sizes_in_one_sum_give_no_range():
    assert refused("\\sum_i x_i y_i") == "a sum over i whose range the text does not give (vectors of sizes m, n " \
                                         "in one sum)"
    assert refused("\\sum_i q_i", Scope()) == "a sum over i whose range the text does not give"
    value, tr = read("\\sum_i q_i", Scope(vectors=frozenset({"q"})))  # a vector of a size of its own
    assert value.has(sp.Symbol("|q|", integer=True, positive=True)) and set(tr.free_sizes) == {"q"}
    assert refused("\\sum_i x_i y") == "the vector y as a whole"


def test_size_of_without_a_size():
    tr = Translator(Scope(vectors=frozenset({"q"})))
    with pytest.raises(Untranslatable, match=r"^a range the text does not give$"):
        tr.size_of({"u"})  # no vector the text writes with an index
    with pytest.raises(Untranslatable, match=r"^a range the text does not give$"):
        tr.size_of({"q", "u"})
    size = tr.size_of({"q"})
    assert size == sp.Symbol("|q|", integer=True, positive=True) and tr.free_sizes == {"q": size}
    assert Translator(Scope(vectors=frozenset({"q"}), definitions={"q": None})).free_sizes == {}
    assert Translator(Scope(shapes={"x": "n", "y": "n"})).size_of({"x", "y"}) == n


def test_a_sum_whose_index_is_not_one_letter():
    # (the parser writes \sum_{i,j} as two sums: a tree of its own)
    sc = scope()
    with pytest.raises(Untranslatable, match=r"^a sum whose index is not one letter$"):
        Translator(sc)(Sum("ij", None, None, tree("x_i")))


def test_an_inner_sum_over_the_same_letter_ends_where_it_ends():
    # \sum_i (\sum_i y_i) x_i: after the inner sum, i is the outer sum's again
    value, _ = read("\\sum_i \\Big(\\sum_i y_i\\Big) x_i", scope(shapes={"x": "n", "y": "n"}))
    assert str(value) == "Sum(x[_i]*Sum(y[i_1], (i_1, 1, n)), (_i, 1, n))"
    # a free index after a sum over it is the free index
    value, tr = read("\\sum_i x_i + x_i")
    assert i in value.free_symbols and tr.indices == {"i": i}


def test_the_limits_of_a_sum():
    value, tr = read("\\sum_{i=1}^{m} i", Scope())
    k = sum_index(value)
    assert value == sp.Sum(k, (k, 1, m))
    assert tr.unknowns == {"m"}  # an equation in m
    value, tr = read("\\sum_{i=2}^{n} x_i")
    assert value == sp.Sum(x[sum_index(value)], (sum_index(value), 2, n)) and tr.unknowns == set()
    for hi in ("2.5", "n_1", "\\alpha"):
        assert refused(f"\\sum_{{i=1}}^{{{hi}}} x_i") == "a limit of a sum that is not a letter or a whole number"


# -- definitions ------------------------------------------------------------------------------------------------
SOFT = scope(shapes={"z": "K"}, definitions={
    "S": ("scalar", None, tree("\\sum_{k=1}^K e^{z_k}")),
    "p": ("entry", "i", tree("e^{z_i}/S")),
    "q": ("softmax", "z"),
})


def test_a_defined_name_is_put_in():
    value, _ = read("p_j", SOFT)
    assert value.has(sp.exp(z[j])) and value.has(sp.Sum)
    assert read("S", SOFT)[0].has(sp.exp)


def test_a_name_defined_with_an_index_is_no_vector_as_a_whole():
    assert refused("p", SOFT) == "p is defined with an index"
    assert refused("q", SOFT) == "the vector q as a whole"


def test_a_softmax_is_read_at_an_entry():
    value, _ = read("q_j", SOFT)
    (s,) = value.atoms(sp.Sum)
    k = s.limits[0][0]
    assert value == sp.exp(z[j]) / sp.Sum(sp.exp(z[k]), (k, 1, K))
    assert k.is_integer is True and k.is_positive is True
    # of a vector of no given size, over a size of its own
    free, tr = read("q_j", Scope(vectors=frozenset({"z"}), definitions={"q": ("softmax", "z")}))
    assert free.atoms(sp.Sum).pop().limits[0][2] == sp.Symbol("|z|", integer=True, positive=True)
    assert set(tr.free_sizes) == {"z"}
    assert refused("q_j", Scope(definitions={"q": ("softmax", "z")})) == "a softmax over a range the text does not give"


def test_at_an_entry_a_scalar_stays_a_scalar_and_a_vector_is_taken_there():
    # the right side of a gradient: p stands for p_j, S for S
    tr = Translator(SOFT)
    assert str(tr.entry_of(tree("p"), j)) == str(read("p_j", SOFT)[0]) == "exp(z[j])/Sum(exp(z[_k]), (_k, 1, K))"
    assert str(tr.entry_of(tree("S"), j)) == str(read("S", SOFT)[0]) == "Sum(exp(z[_k]), (_k, 1, K))"
    assert str(tr.entry_of(tree("q"), j)) == str(read("q_j", SOFT)[0])


def test_a_name_defined_through_itself_or_twice_is_refused():
    assert refused("S", scope(definitions={"S": ("scalar", None, tree("S + 1"))})) == "S is defined through itself"
    assert refused("p_i", scope(definitions={"p": ("entry", "i", tree("p_i + 1"))})) == "p is defined through itself"
    assert refused("S", scope(definitions={"S": None})) == "S is defined twice, or by what this reading does not read"


def test_sigma_is_the_root_of_the_defined_sigma_squared():
    var = scope(definitions={"\\sigma^2": ("scalar", None, tree("\\frac{1}{n}\\sum_i x_i^2"))})
    body = read("\\frac{1}{n}\\sum_i x_i^2", var)[0]
    assert str(body) == "Sum(x[_i]**2, (_i, 1, n))/n"
    assert str(read("\\sigma^2", var)[0]) == str(body)
    assert str(read("\\sigma", var)[0]) == str(sp.sqrt(body))
    assert str(read("\\sigma^3", var)[0]) == str(body ** sp.Rational(3, 2))
    assert read("\\sigma_w^2", var)[0] == sp.Symbol("\\sigma_{w}", real=True) ** 2
    itself = scope(definitions={"\\sigma^2": ("scalar", None, tree("\\sigma^2 + 1"))})
    assert refused("\\sigma^2", itself) == "\\sigma^2 is defined through itself"


# -- functions --------------------------------------------------------------------------------------------------
RMS = scope(size="d", shapes={"x": "d"}, definitions={
    "rms()": ("function", ("v",), tree("\\sqrt{\\frac{1}{d}\\sum_i v_i^2 + \\epsilon}")),
    "g()": ("function", ("v",), tree("v + 1")),
})


def test_a_function_is_applied_entry_by_entry():
    value, tr = read("\\operatorname{rms}(c x)", RMS)
    k = sum_index(value)
    c, eps = sp.Symbol("c", real=True), sp.Symbol("\\epsilon", real=True)
    assert value == sp.sqrt(sp.Sum((c * x[k]) ** 2, (k, 1, d)) / d + eps)
    assert tr.constants == {"\\epsilon", "c"} and tr.unknowns == set()  # the argument is read inside the body


def test_a_function_alone_is_at_its_own_parameters():
    value, _ = read("\\operatorname{g}", RMS)
    assert value == sp.Symbol("v", real=True) + 1


def test_a_functions_parameter_as_a_whole_is_its_argument_only_when_it_is_a_name():
    assert read("\\operatorname{g}(t)", RMS)[0] == sp.Symbol("t", real=True) + 1
    assert refused("\\operatorname{g}(t + 1)", RMS) == "the argument of a function as a whole (v)"


def test_a_function_with_the_wrong_number_of_arguments_or_through_itself():
    assert refused("\\operatorname{g}(s, t)", RMS) == "g is defined with 1 argument(s), applied to 2"
    loop = scope(definitions={"h()": ("function", ("v",), tree("\\operatorname{h}(v)"))})
    assert refused("\\operatorname{h}(t)", loop) == "h is defined through itself"


def test_a_function_the_text_does_not_define():
    assert refused("\\operatorname{softmax}(z)", SOFT) == \
        "softmax, a function the text does not define in index notation"
    with pytest.raises(Untranslatable, match=r"^f, a function the text does not define in index notation$"):
        Translator(SOFT).entry_of(tree("\\operatorname{f}(z)"), j)
    assert str(Translator(SOFT).entry_of(tree("\\operatorname{softmax}(z)"), j)) == str(read("q_j", SOFT)[0])


# -- derivatives ------------------------------------------------------------------------------------------------
def test_a_derivative_by_an_entry():
    value, tr = read("\\frac{\\partial S}{\\partial z_j}", SOFT)
    assert str(value) == "Sum(exp(z[_k])*KroneckerDelta(_k, j), (_k, 1, K))"
    assert tr.variables == {"z"}
    assert read("\\frac{\\partial z_k}{\\partial z_j}", SOFT)[0] == sp.KroneckerDelta(index_symbol("k"), j)


def test_a_derivative_by_what_is_not_an_entry():
    # (the parser writes \partial S/\partial z otherwise: a tree of its own)
    with pytest.raises(Untranslatable, match=r"^a derivative by what is not an entry$"):
        Translator(SOFT).partial(tree("S"), Sym("z", None))
    assert refused("\\frac{\\partial S}{\\partial p_j}", SOFT) == \
        "a derivative by an entry of p, which the text defines"


def test_a_derivative_of_what_the_text_does_not_relate_to_the_variable():
    assert refused("\\frac{\\partial y_k}{\\partial z_j}", SOFT) == \
        "a derivative of y, whose dependence on z the text does not give"
    assert refused("\\frac{\\partial (c z_k)}{\\partial z_j}", SOFT) == \
        "a derivative of the expression, whose dependence on z the text does not give"
    assert refused("\\frac{\\partial L}{\\partial z_j}", SOFT) == \
        "a derivative of L, whose dependence on z the text does not give"


# -- matrices and vectors defined by them ------------------------------------------------------------------------
AFFINE = scope(matrices={"W": ("m", "n")}, definitions={"r": ("scalar", None, tree("Wx - y"))})


def test_a_matrix_entry_ranges_over_its_rows_and_columns():
    value, tr = read("W_{ij}", AFFINE)
    assert value == sp.IndexedBase("W", real=True)[i, j]
    assert tr.sizes_used == {m, n} and tr.index_sizes == {i: {m}, j: {n}}


def test_an_entry_of_a_vector_defined_by_matrices_is_read_by_the_reader_given():
    from lnsym.check.judges.notation.matrix_notation import defined_vector

    tr = Translator(AFFINE)
    with pytest.raises(Untranslatable, match=r"^r is defined by vectors and matrices, which this reading does not"):
        tr(tree("r_i"))
    tr.vectors = defined_vector
    assert str(tr(tree("r_i"))) == "-y[i] + Sum(W[i, _k]*x[_k], (_k, 1, n))"
    tr = Translator(AFFINE)
    tr.vectors = defined_vector
    assert str(tr(tree("\\sum_i r_i^2"))) == "Sum((-y[_i] + Sum(W[_i, i_1]*x[i_1], (i_1, 1, n)))**2, (_i, 1, m))"
    # a name defined as a number has no entries: the reader's reason names it
    tr = Translator(scope(definitions={"r": ("scalar", None, tree("x^\\top x"))}))
    tr.vectors = defined_vector
    with pytest.raises(Untranslatable, match=r"^r with an index, which the text defines as no vector$"):
        tr(tree("r_i"))


def test_a_sum_over_a_matrix_index_runs_over_its_rows_or_columns():
    value, _ = read("\\sum_j W_{ij} x_j", AFFINE)
    k = sum_index(value)
    assert value == sp.Sum(sp.IndexedBase("W", real=True)[i, k] * x[k], (k, 1, n))
    # W_{1j} is no entry of W at a letter: its 1 gives no size, and x's is the range
    value, _ = read("\\sum_j W_{1j} x_j", AFFINE)
    assert value.atoms(sp.Sum).pop().limits[0][1:] == (1, n)
    # two matrices whose index k runs over m in one and n in the other
    square = scope(matrices={"A": ("m", "n"), "B": ("m", "n")})
    assert refused("\\sum_k A_{ik} B_{kj}", square) == \
        "a sum over k whose range the text does not give (vectors of sizes m, n in one sum)"
    conform = scope(matrices={"A": ("m", "d"), "B": ("d", "n")})
    value, _ = read("\\sum_k A_{ik} B_{kj}", conform)
    assert value.atoms(sp.Sum).pop().limits[0][1:] == (1, d)


def test_a_derivative_of_an_entry_of_another_vector_is_not_zero_by_default():
    # y is declared beside z, but nothing says how y depends on z: no 0 is read into it
    both = scope(shapes={"z": "K", "y": "K"}, definitions=SOFT.definitions)
    assert refused("\\frac{\\partial y_k}{\\partial z_j}", both) == \
        "a derivative of y, whose dependence on z the text does not give"
    assert refused("\\frac{\\partial S}{\\partial z_{ij}}", both) == "an index that is not one letter or a whole number"
    value, _ = read("\\frac{\\partial W_{kl}}{\\partial W_{ij}}", AFFINE)
    assert value == sp.KroneckerDelta(i, index_symbol("k")) * sp.KroneckerDelta(j, index_symbol("l"))


# -- sizes of their own, upstream gradients, entries of expressions, standard functions ---------------------------
def test_two_vectors_of_sizes_of_their_own_are_not_summed_together():
    tr = Translator(Scope(vectors=frozenset({"q", "r"})))
    q_size, r_size = tr.size_of({"q"}), tr.size_of({"r"})
    assert q_size == sp.Symbol("|q|", integer=True, positive=True) and r_size != q_size
    with pytest.raises(Untranslatable, match=r"^vectors of sizes the text does not give, summed together$"):
        tr.size_of({"q", "r"})
    assert refused("\\sum_i q_i + \\sum_i r_i + \\sum_i q_i r_i", Scope(vectors=frozenset({"q", "r"}))) == \
        "a sum over i whose range the text does not give (vectors of sizes the text does not give, summed together)"


# \delta = \partial L/\partial y of an L the text says nothing more of: its entries are any numbers, y's size theirs
UPSTREAM = tree("\\frac{\\partial L}{\\partial y}")


def upstream_scope(y_body: str | None = None, **kw) -> Scope:
    definitions = {"\\delta": ("scalar", None, UPSTREAM)}
    if y_body is not None:
        definitions["y"] = ("scalar", None, tree(y_body))
    return scope(definitions=definitions, **kw)


def test_an_entry_of_an_upstream_gradient_ranges_over_the_size_of_what_it_differentiates_by():
    value, tr = read("\\delta_k", upstream_scope())  # y \in R^m
    k = index_symbol("k")
    assert value == sp.IndexedBase("\\delta", real=True)[k]
    assert tr.index_sizes == {k: {m}} and tr.opaque == {"\\delta"}
    value, tr = read("\\sum_k \\delta_k", upstream_scope())
    assert value == sp.Sum(sp.IndexedBase("\\delta", real=True)[sum_index(value)], (sum_index(value), 1, m))
    assert tr.index_sizes == {}  # the sum's index is no free index
    assert refused("\\delta_k", upstream_scope(shapes={"x": "n"})) == \
        "an entry of \\delta, the derivative by y, whose size the text does not give"


def test_an_upstream_gradient_by_a_vector_defined_by_matrices_has_its_rows():
    from lnsym.check.judges.notation.matrix_notation import defined_vector

    affine = upstream_scope("Wx", shapes={"x": "n"}, matrices={"W": ("m", "n")})
    tr = Translator(affine)
    tr.vectors = defined_vector
    assert tr(tree("\\delta_k")) == sp.IndexedBase("\\delta", real=True)[index_symbol("k")]
    assert tr.index_sizes == {index_symbol("k"): {m}}  # W's rows
    # the chain rule through y = Wx: dL/dW_ij = delta_i x_j, dL/dx_j = sum_k W_kj delta_k
    tr = Translator(affine)
    tr.vectors = defined_vector
    assert tr(tree("\\frac{\\partial L}{\\partial W_{ij}}")) == sp.IndexedBase("\\delta", real=True)[i] * x[j]
    tr = Translator(affine)
    tr.vectors = defined_vector
    value = tr(tree("\\frac{\\partial L}{\\partial x_j}"))
    k = sum_index(value)
    assert value == sp.Sum(sp.IndexedBase("W", real=True)[k, j] * sp.IndexedBase("\\delta", real=True)[k], (k, 1, m))
    # y a number (x^T x): no entry of delta has a size
    tr = Translator(upstream_scope("x^\\top x", shapes={"x": "n"}))
    tr.vectors = defined_vector
    with pytest.raises(Untranslatable, match=r"^y with an index, which the text defines as no vector$"):
        tr(tree("\\delta_k"))


def _no_matrix_reading(tr, operand, sub):
    raise Untranslatable("not in matrix notation")


def test_an_entry_of_an_expression_without_a_matrix_reader():
    softmax = str(read("q_j", SOFT)[0])
    assert str(read("\\operatorname{softmax}(z)_j", SOFT)[0]) == softmax
    assert refused("(Wx)_i", AFFINE) == \
        "an entry of a product of vectors or matrices, which this reading does not read"


def test_an_entry_of_an_expression_the_matrix_reader_refuses_is_read_entry_by_entry_only_at_one_index():
    def reader(entries):
        tr = Translator(SOFT)
        tr.entries = entries
        return tr

    softmax = str(read("q_j", SOFT)[0])
    assert str(reader(_no_matrix_reading)(tree("\\operatorname{softmax}(z)_j"))) == softmax
    with pytest.raises(Untranslatable, match=r"^not in matrix notation$"):
        reader(_no_matrix_reading)(tree("\\operatorname{softmax}(z)_{jk}"))  # two indices: the reader's reason
    tr = Translator(AFFINE)
    tr.entries = _no_matrix_reading
    with pytest.raises(Untranslatable, match=r"^not in matrix notation$"):
        tr(tree("(Wx)_i"))  # no function's value: the reader's reason
    # the reader is asked at letters only; a whole number is read entry by entry
    marked = reader(lambda tr, operand, sub: sp.Symbol("M"))
    assert marked(tree("\\operatorname{softmax}(z)_j")) == sp.Symbol("M")
    one = reader(lambda tr, operand, sub: sp.Symbol("M"))(tree("\\operatorname{softmax}(z)_1"))
    k = sum_index(one)
    assert one == sp.exp(z[1]) / sp.Sum(sp.exp(z[k]), (k, 1, K))


@pytest.mark.parametrize(("operand", "entrywise"), [
    ("\\operatorname{f}(z)", True),
    ("\\operatorname{f}(c z)", True),  # a number times a vector
    ("\\operatorname{f}(z c)", True),
    ("\\operatorname{f}(u v)", False),  # two vectors (u declared with a size, v written with an index)
    ("\\operatorname{f}(v u)", False),
    ("\\operatorname{f}(W)", False),  # a matrix
    ("\\operatorname{f}(AW)", False),  # a word, or a product of matrices
    ("\\operatorname{f}(z^\\top)", False),
    ("\\operatorname{f}(z \\odot z)", False),
    ("\\operatorname{f}(\\operatorname{g}(z)_i)", False),
    ("(z + c)", False),  # no function's value
])
def test_which_entries_are_the_same_expression_of_the_entries(operand, entrywise):
    tr = Translator(Scope(shapes={"u": "n"}, vectors=frozenset({"v", "z"}), matrices={"W": ("n", "n")}))
    assert tr.entrywise(tree(operand)) is entrywise


def test_a_standard_function_written_with_a_backslash_is_applied_entry_by_entry():
    assert read("\\sinh(x_i)")[0] == sp.sinh(x[i])
    assert read("\\cosh(x_i) + \\tanh(x_i)")[0] == sp.cosh(x[i]) + sp.tanh(x[i])
    assert refused("\\operatorname{totient}(x_i)") == \
        "Euler's totient of what is not a positive whole number up to 10^12"


def test_the_chain_rule_through_an_upstream_gradient_only_where_its_vector_is_defined_by_vectors():
    from lnsym.check.judges.notation.matrix_notation import defined_vector

    def translator(sc):
        tr = Translator(sc)
        tr.vectors = defined_vector
        return tr

    # y = 2x: dL/dx_j = sum_k delta_k * 2 [k = j] = 2 delta_j, j over x's size
    tr = translator(upstream_scope("2x", shapes={"x": "n"}))
    assert tr(tree("\\frac{\\partial L}{\\partial x_j}")) == 2 * sp.IndexedBase("\\delta", real=True)[j]
    assert tr.index_sizes == {j: {n}}
    # y declared, not defined: how L depends on x the text does not say
    with pytest.raises(Untranslatable, match=r"^a derivative of L, whose dependence on x the text does not give$"):
        translator(upstream_scope())(tree("\\frac{\\partial L}{\\partial x_j}"))
    # y defined as a number: no chain rule through its entries
    with pytest.raises(Untranslatable, match=r"^y with an index, which the text defines as no vector$"):
        translator(upstream_scope("x^\\top x", shapes={"x": "n"}))(tree("\\frac{\\partial L}{\\partial x_j}"))


def test_the_loss_of_an_upstream_gradient_is_a_bare_name_the_text_says_nothing_more_of():
    assert loss_of(("scalar", None, UPSTREAM), Scope()) == "L"
    for body in ("\\frac{\\partial L_i}{\\partial y}", "\\frac{\\partial (2L)}{\\partial y}",
                 "\\frac{\\partial^2 L}{\\partial y^2}", "L"):
        assert loss_of(("scalar", None, tree(body)), Scope()) is None, body
    assert loss_of(("scalar", None, UPSTREAM), Scope(declared=frozenset({"L"}))) is None
    assert loss_of(("scalar", None, UPSTREAM), Scope(definitions={"L": None})) is None
    assert loss_of(("entry", "i", UPSTREAM), Scope()) is None and loss_of(None, Scope()) is None


def test_a_softmax_of_names_that_are_no_vectors_is_refused():
    # read as numbers, every entry would be the same: softmax(z)_j = 1/n whatever z
    assert refused("q_j", Scope(size="n", definitions={"q": ("softmax", "z")})) == \
        "a softmax of what the text does not declare a vector"


def test_a_size_of_their_own_is_given_only_when_asked_fresh():
    tr = Translator(Scope(vectors=frozenset({"q"})))
    with pytest.raises(Untranslatable, match=r"^a range the text does not give$"):
        tr.size_of({"q"}, fresh=False)  # none given yet
    size = tr.size_of({"q"})
    assert tr.size_of({"q"}, fresh=False) == size == sp.Symbol("|q|", integer=True, positive=True)


def test_a_softmax_of_a_name_defined_without_a_matrix_reader_has_the_sections_size():
    # z = 2w, w a vector: softmax(z)_j = e^{2 w_j} / sum_k e^{2 w_k}, k from 1 to the section's n
    sc = Scope(size="n", vectors=frozenset({"w"}),
               definitions={"q": ("softmax", "z"), "z": ("scalar", None, tree("2w"))})
    value, _ = read("q_j", sc)
    w = sp.IndexedBase("w", real=True)
    k = sum_index(value)
    assert value == sp.exp(2 * w[j]) / sp.Sum(sp.exp(2 * w[k]), (k, 1, n))


def test_a_function_alone_defined_through_itself_is_named():
    loop = scope(definitions={"h()": ("function", ("v",), tree("\\operatorname{h} + 1"))})
    assert refused("\\operatorname{h}", loop) == "h is defined through itself"


def test_a_term_of_more_than_400_nodes_is_not_read():
    # 1 + 1 + ... : the sum, the tuple of its terms and one node per term
    assert read(" + ".join(["1"] * 398))[0] == 398  # 400 nodes
    assert refused(" + ".join(["1"] * 399)) == "a term of more than 400 nodes"


def test_the_letters_of_a_subscript():
    from lnsym.check.judges.notation.index_notation import sub_letters
    from lnsym.check.parse.nodes import Num, Vector

    assert sub_letters(Vector((Sym("i", None), Sym("j", None)))) == ["i", "j"]  # i,j
    assert sub_letters(Vector((Sym("i", None), tree("jk")))) == ["i", "j", "k"]
    assert sub_letters(Vector((Sym("i", None), Num("1")))) is None
    assert sub_letters(Sym("ab", None)) is None  # a word is no letter
    assert sub_letters(Sym("'", None)) is None
    assert sub_letters(tree("ij")) == ["i", "j"] and sub_letters(tree("\\alpha")) is None


def test_numbers_and_divisions():
    assert read("2.5 x_i")[0] == sp.Rational(5, 2) * x[i]
    assert read("x_i / 1")[0] == x[i]
    assert read("x_i / 4")[0] == x[i] / 4
    assert refused("x_i / 0") == "a division by zero"
    assert refused("\\frac{x_i}{2 - 2}") == "a division by zero"
    assert refused("0.333\\ldots x_i") == "digits that go on"


def test_exp_and_ln_of_an_entry():
    assert read("\\exp(x_i)")[0] == sp.exp(x[i])
    assert read("\\ln(x_i)")[0] == sp.log(x[i])
