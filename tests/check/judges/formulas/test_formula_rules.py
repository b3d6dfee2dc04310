"""The rules of the formula reader stated one by one, on its modules directly (issue 30: each module of
lnsym/check/judges/formulas/ at 90% under mutation): the reading of a word, the vocabulary's placeholders,
the value of a derivative, the exact verdict, expected value and reason of a formula step."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from lnsym.check.judges.formulas import vocabulary as V
from lnsym.check.judges.formulas.derivatives import name_key
from lnsym.check.judges.formulas.formula_claims import make_job, mentions_vocabulary
from lnsym.check.judges.formulas.formula_reader import FormulaReader
from lnsym.check.judges.formulas.words import check_word, stats, truth, word_before
from lnsym.check.judges.numbers.evaluate import Vec, evaluate
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.nodes import Add, Mul, Num, Sym
from lnsym.check.pipeline import check_text


def _vec(*xs) -> Vec:
    return Vec([sp.nsimplify(x) for x in xs])


def _word(kind: str, written: str, vec: Vec, eps=None, name: str = "z"):
    tree = parse_term(tokenize(written))
    return check_word(kind, evaluate(tree, {}), tree, vec, {}, name, eps)


# -- words: which word, and what it says ---------------------------------------------------------------

def test_a_word_that_starts_a_clause_names_its_quantity():
    cases = {
        "Deviations:": "dev", "deviation:": "dev", "Centered:": "dev", "Centred:": "dev",
        "Then. Squared   deviations:": "sq", "Squares:": "sq", "Mean:": "mean", "Average :": "mean",
        "Variance:": "var", "Normalize:": "norm", "Normalised:": "norm", "Standardized:": "norm",
        "The data. Mean (of z):": "mean", "(b) Variance:": "var", "x" * 50 + ". Mean:": "mean",
        "x" * 30 + "\nMean:": "mean",
        " " * 31 + "Variance:": "var",  # 40 characters: all of the prose is seen, the word starts it
    }
    for prose, kind in cases.items():
        assert word_before(prose) == kind, prose


def test_a_word_inside_a_clause_or_not_at_the_end_names_nothing():
    for prose in ("Sample variance:", "Batch mean:", "Mean: 3 and more", "Variance", "Mean is:", "",
                  "x" * 35 + " Mean:",  # the word starts the 40 characters seen: what is before it is unknown
                  "sample" + " " * 31 + "variance:", "." + " " * 31 + "variance:"):
        assert word_before(prose) is None, prose


def test_the_statistics_are_the_population_mean_and_variance():
    assert stats(_vec(1, 2, 3, 6)) == (3, sp.Rational(7, 2))
    assert stats(_vec(2, 4)) == (3, 1)


def test_each_word_has_its_true_value():
    z = _vec(1, 2, 3, 6)
    assert truth("dev", z, {}) == [Vec([-2, -1, 0, 3])]
    assert truth("sq", z, {}) == [Vec([4, 1, 0, 9])]
    assert truth("mean", z, {}) == [3]
    assert truth("var", z, {}) == [sp.Rational(7, 2)]
    assert truth("other", z, {}) == []


def test_normalized_is_divided_by_sigma_or_by_the_root_with_epsilon():
    z = _vec(1, 3)  # mu 2, sigma^2 1
    plain, declared, default = truth("norm", z, {}, sp.Rational(1, 4))
    assert plain == Vec([-1, 1])
    assert declared == Vec([-1 / sp.sqrt(sp.Rational(5, 4)), 1 / sp.sqrt(sp.Rational(5, 4))])
    assert default == Vec([-1 / sp.sqrt(1 + sp.Rational(1, 10**5)), 1 / sp.sqrt(1 + sp.Rational(1, 10**5))])
    assert len(truth("norm", z, {})) == 2  # sigma, and the usual epsilon 1e-5
    # all entries equal: sigma is 0, only the epsilon forms exist (0 over a positive root)
    assert truth("norm", _vec(2, 2), {}) == [Vec([0, 0])]
    assert truth("norm", _vec(2, 2), {}, 0) == [Vec([0, 0])]  # eps 0 with sigma 0: no form at all from it
    assert truth("norm", z, {}, 0) == [plain, plain, default]  # eps 0 declared: sigma itself
    assert truth("norm", z, {}, 1)[1] == Vec([-1 / sp.sqrt(2), 1 / sp.sqrt(2)])  # eps equal to sigma^2


def test_a_right_word_is_correct_with_where_it_comes_from():
    z = _vec(1, 2, 3, 6)
    cases = [("mean", "3", "μ of z = [1, 2, 3, 6]"), ("var", "3.5", "σ² of z = [1, 2, 3, 6]"),
             ("dev", "[-2,-1,0,3]", "z - μ with z = [1, 2, 3, 6]"),
             ("sq", "[4,1,0,9]", "(z - μ)² with z = [1, 2, 3, 6]")]
    for kind, written, where in cases:
        res = _word(kind, written, z)
        assert (res.verdict, res.expected, res.reason) == ("correct", "", where), (kind, res)
    res = _word("norm", "[-1,1]", _vec(1, 3), name="h")
    assert (res.verdict, res.reason) == ("correct", "(h - μ)/σ with h = [1, 3]")


def test_a_normalized_vector_with_the_declared_epsilon_is_correct():
    z = _vec(1, 3)
    eps = sp.Rational(1, 4)
    written = sp.nsimplify(-1 / sp.sqrt(sp.Rational(5, 4)))
    value = Vec([written, -written])
    res = check_word("norm", value, Sym("v", None), z, {}, "z", eps)
    assert res.verdict == "correct"
    assert check_word("norm", value, Sym("v", None), z, {}, "z").verdict != "correct"


def test_a_wrong_word_shows_the_truth_and_the_entry():
    z = _vec(1, 2, 3, 6)
    res = _word("mean", "3.5", z)
    assert (res.verdict, res.expected, res.reason) == ("wrong", "3", "μ of z = [1, 2, 3, 6]: it is 3")
    res = _word("var", r"\frac{14}{3}", z)
    assert (res.verdict, res.expected, res.reason) == ("wrong", "3.5", "σ² of z = [1, 2, 3, 6]: it is 3.5")
    res = _word("dev", "[-2,-1,1,3]", z)
    assert (res.verdict, res.expected) == ("wrong", "[-2, -1, 0, 3]")
    assert res.reason == "z - μ with z = [1, 2, 3, 6]: entry 3 should be 0"
    res = _word("sq", "[4,1,0,8]", z)
    assert (res.verdict, res.expected, res.reason) == (
        "wrong", "[4, 1, 0, 9]", "(z - μ)² with z = [1, 2, 3, 6]: entry 4 should be 9")
    res = _word("norm", "[0.5,0.5]", _vec(2, 2))
    assert (res.verdict, res.expected) == ("wrong", "[0, 0]")


def test_a_number_for_a_vector_word_and_a_vector_for_a_number_word_are_not_compared():
    z = _vec(1, 2, 3, 6)
    res = _word("dev", "3", z)
    assert (res.verdict, res.expected, res.reason) == ("unchecked", "", "the word means x - μ, a vector")
    res = _word("var", "[3,4]", z)
    assert (res.verdict, res.expected, res.reason) == ("unchecked", "", "the word means σ², a number")
    res = _word("other", "3", z)
    assert (res.verdict, res.expected, res.reason) == ("unchecked", "", "nothing to compare with")


def test_a_word_neither_proved_nor_refuted_is_unchecked():
    # 1.069 rounds -2/sqrt(3.5) to three places: not refuted, but an '=' to a rounding is not a proof here
    res = _word("norm", "[-1.069,-0.535,0,1.604]", _vec(1, 2, 3, 6))
    assert (res.verdict, res.expected, res.reason) == ("unchecked", "", "(x - μ)/σ could not be decided")


def test_large_vectors_are_not_compared_in_the_main_process():
    ok = Vec([sp.Integer(k) for k in range(64)])
    mean = sp.Rational(63, 2)
    assert check_word("mean", mean, Num("31.5"), ok, {}, "z").verdict == "correct"
    big = Vec([sp.Integer(k) for k in range(128)])
    res = check_word("mean", sp.Integer(64), Num("64"), big, {}, "z")
    assert (res.verdict, res.expected, res.reason) == ("unchecked", "", "too large to compare here")
    # 64 entries and a vector of 64 values: 128 items, still compared
    res = check_word("dev", Vec([x - mean for x in range(64)]), None, ok, {}, "z")
    assert res.verdict == "correct"
    x = sp.Symbol("x")
    heavy = sum(x**k for k in range(1, 40))
    res = check_word("mean", heavy, Sym("x", None), _vec(1, 2), {}, "z")
    assert (res.verdict, res.reason) == ("unchecked", "too large to compare here")
    # a value of 60 operations is compared (not decided: it has free names), one of 61 is not
    names = sp.symbols("a0:62")
    res = check_word("mean", sp.Add(*names[:61]), Sym("a", None), _vec(1, 2), {}, "z")
    assert (res.verdict, res.reason) == ("unchecked", "μ could not be decided")
    res = check_word("mean", sp.Add(*names), Sym("a", None), _vec(1, 2), {}, "z")
    assert (res.verdict, res.reason) == ("unchecked", "too large to compare here")


# -- the vocabulary: names and placeholders -------------------------------------------------------------

def test_the_names_of_ln_rmsnorm_and_softmax_are_canonical():
    for text in ("LN", "ln", " Layer  Norm ", "LayerNorm", "layer-norm", "LNorm"):
        assert V.canon_name(text) == "LN", text
    for text in ("RMSNorm", "rms  norm", "RMS-Norm"):
        assert V.canon_name(text) == "RMSNorm", text
    assert V.canon_name("Softmax") == "softmax"
    assert V.canon_name("  Batch   Norm ") == "Batch Norm"  # other names as written, spaces collapsed


def _prepared(src: str) -> tuple[list, dict]:
    out, holders = V.prepare(tokenize(src))
    return [(t.kind, t.value) for t in out], holders


def _values(toks) -> list:
    return [(t.kind, t.value) for t in toks]


def test_derivative_notations_become_one_placeholder():
    for src, partial in ((r"\frac{\partial y}{\partial x}", True), (r"\frac{dy}{dx}", False),
                         (r"\dfrac{dy}{dx}", False), (r"\tfrac{\partial y}{\partial x}", True), ("dy/dx", False)):
        toks, holders = _prepared(src)
        assert toks == [("TEXT", "PH0")], src
        (d,) = holders.values()
        assert (_values(d.num), _values(d.den), d.partial) == ([("LETTER", "y")], [("LETTER", "x")], partial), src
    toks, holders = _prepared(r"\frac{\partial x_{i+1}}{\partial x_i} + 1")
    d = holders["PH0"]
    assert "".join(t.value for t in d.num) == "x_{i+1}" and "".join(t.value for t in d.den) == "x_i"
    assert toks == [("TEXT", "PH0"), ("SYM", "+"), ("NUM", "1")]
    # a fraction that is not a derivative, and d y/dx with a space, stay as written
    assert _prepared(r"\frac{dy}{x}")[1] == {}
    assert _prepared(r"\frac{d}{dx}")[1] == {}
    assert _prepared("d y/dx") == ([("LETTER", "d"), ("LETTER", "y"), ("SYM", "/"), ("LETTER", "d"),
                                    ("LETTER", "x")], {})
    assert _prepared("dy/d x")[1] == {}
    assert _prepared("dy/x")[1] == {}


def test_a_partial_derivative_in_another_form_is_unknown():
    for src in (r"\partial x", r"\frac{\partial y}{d x}", r"\frac{\partial}{\partial x}", r"J_{\text{LN}}^2",
                r"J_{\text{LN}}_a"):
        try:
            V.prepare(tokenize(src))
        except V.Unknown:
            continue
        raise AssertionError(src)


def test_jacobian_entries_and_the_matrix():
    for src in (r"(J_{\text{LN}})_{ab}", r"[J_{\mathrm{LN}}]_{a,b}", r"J_{\text{LN} ab}", r"J_{\text{LN},a b}"):
        toks, holders = _prepared(src)
        assert (toks, holders) == ([("TEXT", "PH0")], {"PH0": V.JacEntry("a", "b")}), src
    assert _prepared(r"J_{\text{LN}}") == ([("TEXT", "PH0")], {"PH0": V.JacEntry(None, None)})
    assert _prepared(r"J_{\text{LN}} x")[0] == [("TEXT", "PH0"), ("LETTER", "x")]
    # other J's are letters (J_F, (J_F)_{ab}); an entry needs two indices ((J_LN)_{abc} is the matrix and more)
    for src in ("J_F", "(J_F)_{ab}", r"(J_{\text{LN}})_{abc}", r"J_{\text{LN} a}", "(J)"):
        # nothing read, or the matrix J_LN itself: never an entry
        assert _prepared(src)[1] in ({}, {"PH0": V.JacEntry(None, None)}), src
    assert _prepared("J_F") == ([("LETTER", "J"), ("SYM", "_"), ("LETTER", "F")], {})


def test_outputs_of_ln_rmsnorm_and_softmax():
    cases = {r"\text{LN}(z)_a": V.LNOut("z", "a", "LN"), r"\text{LN}_a(z)": V.LNOut("z", "a", "LN"),
             r"\mathrm{softmax}(z)_i": V.LNOut("z", "i", "softmax"),
             r"\mathrm{RMSNorm}(x)_i": V.LNOut("x", "i", "RMSNorm"),
             r"\text{LayerNorm}(h)_j": V.LNOut("h", "j", "LN")}
    for src, out in cases.items():
        assert _prepared(src) == ([("TEXT", "PH0")], {"PH0": out}), src
    toks, holders = _prepared(r"\text{LN}(z)_a+1")
    assert toks == [("TEXT", "PH0"), ("SYM", "+"), ("NUM", "1")] and holders == {"PH0": V.LNOut("z", "a")}
    for src in (r"\text{LN}(z)", r"\text{LN}(z)_1", r"\text{LN}(2)_a", r"\text{LN}_a(2)", r"\text{LN}(z)^a",
                r"\text{Foo}(z)_a", r"\text{LN}(z_a)"):
        assert _prepared(src)[1] == {}, src  # no entry of LN's output read


def test_the_all_ones_vector_transposes_and_primes():
    for src in (r"\mathbf{1}", r"\mathbb{1}", r"\boldsymbol{1}", r"\vec{1}", r"\bm{1}", r"\mathbf 1"):
        assert _prepared(src) == ([("TEXT", "PH0")], {"PH0": "ONES"}), src
    assert _prepared(r"\mathbf{2}")[1] == {} and _prepared(r"\mathbf{11}")[1] == {}
    for src in (r"x^\top", r"x^\intercal", r"x^\mathsf{T}"):
        assert _prepared(src)[0] == [("LETTER", "x"), ("SYM", "^"), ("LETTER", "T")], src
    assert _prepared(r"\mathsf{A}")[0] == [("CMD", "mathsf"), ("SYM", "{"), ("LETTER", "A"), ("SYM", "}")]
    toks, holders = _prepared("F'(x)+H'")
    assert toks[0] == ("TEXT", "PH0") and toks[-1] == ("TEXT", "PH1")
    assert holders == {"PH0": V.Prime("F"), "PH1": V.Prime("H")}
    assert _prepared("f'(x)")[1] == {} and _prepared("F")[1] == {}


def test_placeholders_keep_the_positions_of_what_they_replace():
    out, _ = V.prepare(tokenize(r"1+\frac{dy}{dx}+J_{\text{LN}}+\mathbf{1}"))
    spans = [(t.start, t.end) for t in out if t.kind == "TEXT"]
    assert spans == [(2, 15), (16, 29), (30, 40)]


def test_parse_reads_the_tree_and_an_unreadable_term_is_unknown():
    tree, holders = V.parse(tokenize(r"1+\frac{dy}{dx}"))
    assert tree == Add((Num("1"), Sym("PH0", None))) and set(holders) == {"PH0"}
    try:
        V.parse(tokenize("1+"))
    except V.Unknown as exc:
        assert str(exc)
    else:
        raise AssertionError("1+ was read")


def test_tree_nodes_walks_every_node_depth_first():
    from lnsym.check.parse.nodes import tree_nodes

    tree = Add((Num("1"), Mul(Sym("x", None), Num("2"), "")))
    assert [n[0] for n in tree_nodes(tree)] == ["add", "mul", "num", "sym", "num"]


# -- formula steps, decided as the worker decides them ---------------------------------------------------

def _step(left: str, right: str, input_name=None, definitions=None, eps=None, size_name=None, line=0):
    """The result the check worker emits for ``left = right``."""
    job = make_job(left, right, input_name, definitions or {})
    job.eps, job.size_name, job.line = eps, size_name, line
    out: dict = {}
    job.run(lambda key, value: out.__setitem__(key, value))
    assert out[-1] == {}
    return out[0]


def _triple(res) -> tuple:
    return res.verdict, res.expected, res.reason


# -- derivatives of residual layers ----------------------------------------------------------------------

RESIDUAL = {"y": [("x+F(x)", 1)]}
PRE_LN = {"x_l+1": [(r"x_l+F(\mathrm{LN}(x_l))", 3)]}
POST_LN = {"x_l+1": [(r"\mathrm{LN}(x_l+F(x_l))", 4)]}
DY, DXL = r"\frac{dy}{dx}", r"\frac{\partial x_{l+1}}{\partial x_l}"
J_F = "J_F = [[-3, -3, 2], [0, 1, 1], [1, -3, 0]]"  # seeded: the witness is the same every run
J_LN = "J_LN = [[0.2399, -0.3286, 0.0887], [-0.3286, 0.5007, -0.1721], [0.0887, -0.1721, 0.0835]]"


def test_name_keys_compare_the_names_of_the_key():
    assert name_key(tokenize(r"x_{i+1}")) == "x_i+1"
    assert name_key(tokenize(r"{y}")) == "y"
    assert name_key(tokenize(r"(\text{LayerNorm})")) == "LN"
    assert name_key(tokenize(r"\alpha_1")) == "\\alpha_1"


def test_the_residual_derivative_is_proved_for_any_f():
    proved = "chain rule with x+F(x) (line 1): proved for any F"
    for right in (r"1+\frac{dF}{dx}", "1+F'(x)", "1+F'", "1-(-J_F)", "0+1+J_F"):
        assert _triple(_step(DY, right, definitions=RESIDUAL)) == ("correct", "", proved), right
    assert _step(r"\frac{\partial y}{\partial x}", "I+J_F(x)", definitions=RESIDUAL).verdict == "correct"


def test_a_wrong_residual_derivative_shows_the_chain_rule_and_a_witness():
    res = _step(DY, r"1-\frac{dF}{dx}", definitions=RESIDUAL)
    assert _triple(res) == ("wrong", "1+J_{F}", "chain rule with x+F(x) (line 1) gives 1+J_{F}; d = 3, "
                            + J_F + ": they differ by 6 in an entry")
    assert _step(DY, r"\frac{dF}{dx}", definitions=RESIDUAL).reason.endswith("they differ by 1 in an entry")
    assert _step(DY, "-1+J_F", definitions=RESIDUAL).expected == "1+J_{F}"
    # a Jacobian (partial, or I written) shows the identity as I
    assert _step(r"\frac{\partial y}{\partial x}", "I-J_F(x)", definitions=RESIDUAL).expected == "I+J_{F}"
    assert _step(DY, "I-J_F", definitions=RESIDUAL).expected == "I+J_{F}"
    # coefficients other than 1 and -1 are written; a derivative by another name is 0
    twice = {"y": [("x+F(x)+F(x)", 1)]}
    res = _step(DY, "1+J_F", definitions=twice)
    assert res.expected == "1+2J_{F}" and res.reason.endswith(": they differ by 3 in an entry")  # 2J_F - J_F
    # F of another name: its derivative by that name is F's Jacobian, and it does not move with x
    res = _step(DY, r"1+\frac{dF}{dx_1}", definitions={"y": [("x+F(x_1)", 1)]})
    assert (res.verdict, res.expected) == ("wrong", "1")
    minus = {"y": [("-x-F(x)", 1)]}  # -1 in full (it was shown "--J_{F}"), and -I in a Jacobian
    assert _step(DY, "1+J_F", definitions=minus).expected == "-1-J_{F}"
    assert _step(r"\frac{\partial y}{\partial x}", "I+J_F", definitions=minus).expected == "-I-J_{F}"
    assert _step(r"\frac{\partial y}{\partial x}", "I+J_F", definitions={"y": [("x+x+F(x)", 1)]}).expected == "2I+J_{F}"
    assert _step(DY, "1+J_F", definitions={"y": [("x+x+F(x)", 1)]}).expected == "2+J_{F}"
    res = _step(r"\frac{dy}{dz}", r"1+\frac{dF}{dz}", definitions=RESIDUAL)
    assert (res.verdict, res.expected) == ("wrong", "0")
    res = _step(r"\frac{\partial y}{\partial z}", "I+J_F", definitions=RESIDUAL)
    assert (res.verdict, res.expected) == ("wrong", "0")


def test_pre_ln_and_post_ln_jacobians_keep_the_order_of_the_product():
    ok = _step(DXL, r"I+J_F\,J_{\mathrm{LN}}", definitions=PRE_LN)
    assert _triple(ok) == ("correct", "", r"chain rule with x_l+F(\mathrm{LN}(x_l)) (line 3): proved for any F")
    for right in (r"I+\frac{\partial F}{\partial \text{LN}}\frac{\partial \text{LN}}{\partial x_l}",
                  r"I+\frac{\partial F}{\partial x_l}", r"I+F'(\mathrm{LN}(x_l))\,J_{\mathrm{LN}}"):
        assert _step(DXL, right, definitions=PRE_LN).verdict == "correct", right
    swapped = _step(DXL, r"I+J_{\mathrm{LN}}\,J_F", definitions=PRE_LN)
    assert _triple(swapped) == (
        "wrong", r"I+J_{F}\cdot J_{LN}", r"chain rule with x_l+F(\mathrm{LN}(x_l)) (line 3) gives "
        r"I+J_{F}\cdot J_{LN}; d = 3, " + J_LN + ", " + J_F + ": they differ by 1.674 in an entry")
    assert _step(DXL, r"J_{\mathrm{LN}}\,(I+J_F)", definitions=POST_LN).verdict == "correct"
    doubled = {"x_l+1": [(r"x_l+F((\mathrm{LN}(x_l)))", 3)]}  # F's argument in parentheses of its own
    assert _step(DXL, r"I+\frac{\partial F}{\partial \text{LN}}\frac{\partial \text{LN}}{\partial x_l}",
                 definitions=doubled).verdict == "correct"
    wrong = _step(DXL, r"(I+J_F)J_{\mathrm{LN}}", definitions=POST_LN)
    assert (wrong.verdict, wrong.expected) == ("wrong", r"J_{LN}+J_{LN}\cdot J_{F}")
    assert wrong.reason.endswith(J_F + ", " + J_LN + ": they differ by 1.674 in an entry")


def test_a_derivative_outside_the_definition_is_not_read():
    cases = [
        (r"1+\frac{dG}{dx}", RESIDUAL, "y is not defined in the key in terms of G"),
        (r"1+\frac{dF}{dx}", {}, "y is not defined in the key in terms of F"),
        (r"1+\frac{dF}{dz}", RESIDUAL, "not read: dF/dz does not match the definition"),
        (r"2+\frac{dF}{dx}", RESIDUAL, "not read: num on the right of a derivative"),
        ("1+J_F^2", RESIDUAL, "not read: pow on the right of a derivative"),
        ("1+J_F(y)", RESIDUAL, "not read: J_F at another point"),
        ("1+F'(y)", RESIDUAL, "not read: J_F at another point"),
        ("1+J_F(2)", RESIDUAL, "not read: J_F at a point that is not read"),
        ("1+J_F J_G", RESIDUAL, "y is not defined in the key in terms of F, G"),
        ("1", RESIDUAL, "formula not read"),
        ("1+J_F", {"y": [("x+F(x)^2", 1)]}, "not read: pow in a residual definition"),
        ("1+J_F", {"y": [("x+F(x,x)", 1)]}, "not read: ufunc in a residual definition"),
        ("1+J_F", {"y": [("x+F(x", 1)]}, "y is not defined in the key in terms of F"),
        (r"1+\frac{dF}{dx}(x)", RESIDUAL, "not read: sym on the right of a derivative"),
    ]
    for right, defs, why in cases:
        assert _triple(_step(DY, right, definitions=defs)) == ("unchecked", "", why), right
    assert _step(DY, "1+J_F(x)+J_G", definitions={"y": [("x+F(x)", 1)], "G": [("x", 1)]}).verdict == "unchecked"


def test_several_definitions_a_step_follows_from_one_of_them():
    defs = {"y": [("x-F(x)", 1), ("x+F(x)", 5)]}
    assert _step(DY, "1+J_F", definitions=defs).reason == "chain rule with x+F(x) (line 5): proved for any F"
    assert _step(DY, "1-J_F", definitions=defs).reason == "chain rule with x-F(x) (line 1): proved for any F"
    res = _step(DY, "-J_F", definitions=defs)
    assert res.verdict == "wrong" and res.expected == "1-J_{F}"  # the nearest definition before the step
    assert "(nor does it follow from the other 1 definitions)" in res.reason
    assert _step(DY, "-J_F", definitions=defs, line=6).expected == "1+J_{F}"
    assert _step(DY, "-J_F", definitions=defs, line=3).expected == "1-J_{F}"
    assert _step(DY, "-J_F", definitions={"y": [("x-F(x)", 9), ("x+F(x)", 5)]}, line=6).expected == "1+J_{F}"
    # a definition that is not read leaves a step that follows from none of the others unchecked
    unread = {"y": [("x+F(x)", 1), ("2x+F(x)", 5)]}
    assert _step(DY, "1+J_F", definitions=unread).verdict == "correct"
    assert _triple(_step(DY, "-J_F", definitions=unread)) == ("unchecked", "", "y has definitions that are not read")


def test_a_chain_of_functions_is_differentiated_inside_out():
    defs = {"y": [("x+G(F(x))", 1)]}
    for right in (r"1+\frac{dG}{dF}\frac{dF}{dx}", r"1+\frac{dG}{dx}", "1+J_G J_F"):
        assert _step(DY, right, definitions=defs).verdict == "correct", right
    res = _step(DY, "1+J_F J_G", definitions=defs)
    assert (res.verdict, res.expected) == ("wrong", r"1+J_{G}\cdot J_{F}")


# -- the reader: the paragraph's vector, statistics, words in a key --------------------------------------

def _findings(key: str, worker) -> list[tuple[str, str, str, str]]:
    return [(f.verdict.value, f.source, f.expected, f.reason) for f in check_text(key, "k", worker).findings]


def test_mu_and_sigma_squared_are_the_statistics_of_the_paragraphs_vector(worker):
    key = r"Take $x=[2,4,6]$. Then $\mu=\frac{2+4+6}{3}=4$, $\sigma^2=\frac{8}{3}$."
    got = _findings(key, worker)
    assert got[1] == ("correct", r"\mu=\frac{2+4+6}{3}", "", "μ of x = [2, 4, 6]")
    assert got[2] == ("correct", r"\frac{2+4+6}{3}=4", "", "")  # only the first link is the statistic
    assert got[3] == ("correct", r"\sigma^2=\frac{8}{3}", "", "σ² of x = [2, 4, 6]")
    got = _findings(r"Take $x=[2,4,6]$. Then $\sigma^2=4$.", worker)
    assert got[1] == ("wrong", r"\sigma^2=4", "8/3 = 2.666667...", "σ² of x = [2, 4, 6]: it is 8/3 = 2.666667...")
    got = _findings(r"Take $x=[2,4,6]$. Then $\overline{x}=4$ and $\bar{x}=5$ and $\bar{y}=5$.", worker)
    assert got[1] == ("correct", r"\overline{x}=4", "", "μ of x = [2, 4, 6]")
    assert got[2] == ("wrong", r"\bar{x}=5", "4", "μ of x = [2, 4, 6]: it is 4")
    assert got[3][0] == "unchecked"  # the mean of another vector
    got = _findings(r"Take $x=[1,3]$ and $x=[1,5]$. Mean: $3$. Then $\mu=q$.", worker)
    assert got[2] == ("correct", "3", "", "μ of x = [1, 5]")  # the value the name has now
    assert got[3][0] == "unchecked"


def test_a_mean_written_out_gives_the_paragraphs_vector(worker):
    key = r"We have $\mu=\frac{2+4+4+6}{4}=4$. Deviations: $[-2,0,0,2]$. Squares: $[4,0,0,5]$."
    got = _findings(key, worker)
    assert got[2] == ("correct", "[-2,0,0,2]", "", "x - μ with x = [2, 4, 4, 6]")
    assert got[3] == ("wrong", "[4,0,0,5]", "[4, 0, 0, 4]", "(x - μ)² with x = [2, 4, 4, 6]: entry 4 should be 4")
    for key in (r"$\mu=\frac{(1+3)}{2}$. Deviations: $[-1,1]$", r"$\mu=(\frac{1+3}{2})$. Deviations: $[-1,1]$"):
        assert _findings(key, worker)[-1] == ("correct", "[-1,1]", "", "x - μ with x = [1, 3]"), key
    # as many entries as the denominator says, numbers only, a sum: else no vector
    for key in (r"We have $\mu=\frac{2+4}{3}=2$. Deviations: $[0,2]$.",
                r"We have $\mu=\frac{2\cdot 4}{2}$. Deviations: $[0,2]$.",
                r"We have $\mu=\frac{2+a}{2}$. Deviations: $[0,2]$.",
                r"We have $\mu=\frac{2+4}{a}$. Deviations: $[0,2]$.", r"We have $\mu=3$. Deviations: $[0,2]$."):
        got = _findings(key, worker)
        assert got and not any(f[1] == "[0,2]" for f in got), key


def test_a_formula_of_the_entries_of_a_mean(worker):
    key = (r"We have $\mu=\frac{1+3}{2}=2$ and $\sigma=1$. So $\frac{x-\mu}{\sigma}=[-1,1]$ and "
           r"$\frac{x-\mu}{\sigma}=[-1,2]$ and $\frac{y-\mu}{1}=[-1,1]$.")
    got = _findings(key, worker)
    assert got[3] == ("correct", r"\frac{x-\mu}{\sigma}=[-1,1]", "", "with x = [1, 3], the entries of the mean")
    assert got[4] == ("wrong", r"\frac{x-\mu}{\sigma}=[-1,2]", "[-1, 1]",
                      "with x = [1, 3], the entries of the mean; entry 2 should be 1")
    assert got[5][0] == "unchecked"  # y is not a name of the data
    for key in (r"$\mu=\frac{1+3}{2}$ and $v=[1,2]$. So $\frac{x-\mu}{1}=[-1,1]$",  # a bound vector is the data
                r"$\mu=\frac{1+3}{2}$. So $\frac{x-\mu}{1}<[-1,1]$", r"$\mu=\frac{1+3}{2}$. So $x q=[-1,1]$",
                r"$\mu=\frac{1+3}{2}$. So $\frac{x-\mu}{0}=[-1,1]$"):
        assert _findings(key, worker)[-1][0] == "unchecked", key


def test_words_in_a_key_are_checked_against_the_last_vector(worker):
    got = _findings(r"Take $x=[1,3]$. Mean: $\mu=2$. Deviations: $[-1,2]$, so $y=[-1,2]$. Deviations: $d=[-1,2]$.",
                    worker)
    assert got[1] == ("correct", r"\mu=2", "", "μ of x = [1, 3]")
    assert got[2] == ("wrong", "[-1,2]", "[-1, 1]", "x - μ with x = [1, 3]: entry 2 should be 1")
    assert [f[0] for f in got[3:]] == ["unchecked", "unchecked"]  # a name defined after the word is not its value
    got = _findings(r"Take $x=[1,3]$. Deviations: $x-\mu=[-1,1]=[-1,2]$. Deviations: $x-\mu=[-1,2]$.", worker)
    assert ("wrong", "[-1,1]=[-1,2]", "[-1, 1]", "entry 2 should be 1") in got  # reported once, as a step
    assert ("wrong", "[-1,2]", "[-1, 1]", "x - μ with x = [1, 3]: entry 2 should be 1") in got
    assert len([f for f in got if f[0] == "wrong"]) == 2
    got = _findings(r"Take $x=[1,3]$. Deviations: $[-1,q]$. Deviations: $[-1,]$. Mean: $5 < 3$.", worker)
    assert got[1] == ("unchecked", "[-1,q]", "", "x - μ could not be decided")
    assert got and all(f[1] not in ("[-1,]", "5") for f in got)
    assert _findings(r"Take $x=[-3,3]$ and $\epsilon=7$. Normalize: $[-0.75,0.75]$.", worker)[-1][0] == "correct"


def test_the_declared_epsilon_normalizes(worker):
    key = "<!-- lnsym: eps = 7 -->\nTake $x=[-3,3]$. Normalize: $[-0.75,0.75]$. Normalize: $[-1,1]$."
    got = _findings(key, worker)
    assert got[1:] == [("correct", "[-0.75,0.75]", "", "(x - μ)/σ with x = [-3, 3]"),
                       ("correct", "[-1,1]", "", "(x - μ)/σ with x = [-3, 3]")]
    assert _findings(key.replace("eps = 7", "eps = 8"), worker)[1][0] != "correct"


def test_a_value_that_fits_an_earlier_vector_is_not_wrong(worker):
    got = _findings(r"Take $x=[1,2,3]$ and $c=[-1,0,1]$. Mean: $2$. Mean: $5$.", worker)
    assert got[2] == ("unchecked", "2", "", "fits x, not the last vector c")
    assert got[3] == ("wrong", "5", "0", "μ of c = [-1, 0, 1]: it is 0")
    got = _findings(r"Take $x=[1,3]$. Shift every entry by 10: $x + 10 = [11, 13]$, and now $\mu = 12$.", worker)
    assert got[-1][0] == "unchecked"
    got = _findings(r"Take $x=[1,3]$. Shift every entry by 10: $x + 10 = [11, 13]$, and now $\mu = 13$.", worker)
    assert got[-1] == ("wrong", r"\mu = 13", "2", "μ of x = [1, 3]: it is 2")


def test_prose_about_another_case_makes_a_wrong_value_unchecked(worker):
    convention = "the prose speaks of another convention; "
    got = _findings(r"Take $x=[1,3]$. Suppose instead the data were shifted (Mean: $5$).", worker)
    assert got[-1] == ("unchecked", "5", "", convention + "μ of x = [1, 3]: it is 2")
    got = _findings(r"Take $x=[1,3]$. Then if wrong, $\mu=5$.", worker)
    assert got[-1] == ("unchecked", r"\mu=5", "", convention + "μ of x = [1, 3]: it is 2")
    # only the sentence of the formula counts
    got = _findings(r"Take $x=[1,3]$. If it were wrong. Then $\mu=5$. Then (Mean: $5$).", worker)
    assert [f[0] for f in got[1:]] == ["wrong", "wrong"]


def test_the_reader_keeps_the_last_vector_bound_in_each_paragraph():
    r = FormulaReader("", None)
    a, b = _vec(1, 2), _vec(3, 4)
    r.observe(0, {"a": a, "b": b, "n": sp.Integer(3), "e": Vec([])})
    assert r.vector(0, {"a": a, "b": b}) == ("b", b)
    r.observe(0, {"a": _vec(5, 6), "b": b})  # a changed: the last one now
    assert r.vectors(0, {"a": _vec(5, 6), "b": b}) == [("a", _vec(5, 6)), ("b", b)]
    assert r.vector(1, {"a": a}) is None  # another paragraph
    assert r.vectors(0, {}) == []  # names no longer bound
    r.note_vector(0, "a + 1", _vec(6, 7))
    r.note_vector(0, "q", sp.Integer(2))
    r.note_vector(0, "s", Vec([sp.Symbol("s")]))
    assert r.vectors(0, {"b": b}) == [("b", b), ("a + 1", _vec(6, 7))]
    r.note_vector(1, "c", _vec(1, 1))
    assert r.vectors(1, {}) == []  # a vector written without a data vector is not the data


def test_definitions_are_names_given_a_function_or_an_abbreviation():
    text = (r"Let $y=x+F(x)$ and $s=\sqrt{\sigma^2+\epsilon}$." "\n\n"
            r"Then $x_{l+1}=x_l+F(\mathrm{LN}(x_l))$, $y = x + F(x)$, $y=x+F(x)$ again, $z=2+3$, $a=b=F(x)$, "
            r"$2=F(x)$, $q<F(x)$, $\mu=\frac{1}{d}$, $t=\sqrt{2}$, $u=\sqrt{2} < 3$, $w=\frac{1}{\sqrt{2}<3}$, "
            r"$\hat{x}=F(x)$, $y=$, $=F(x)$, $k\mu=F(x)$, $$\frac{1}{2$$ and $v_2=\sigma$, $v_{2}x=F(x)$.")
    r = FormulaReader(text, None)
    defs = r.definitions()
    assert defs == {
        "y": [("x+F(x)", 1), ("x + F(x)", 3)],
        "s": [(r"\sqrt{\sigma^2+\epsilon}", 1)],
        "x_l+1": [(r"x_l+F(\mathrm{LN}(x_l))", 3)],
        "t": [(r"\sqrt{2}", 3)],
        "u": [(r"\sqrt{2}", 3)],
        "v_2x": [("F(x)", 3)],
    }
    assert r.definitions() is defs  # read once


def test_declarations_and_a_fault_of_the_reader(monkeypatch):
    r = FormulaReader("<!-- lnsym: z is the input of LN; frob --> $x$", None)
    ((start, end, res),) = r.declaration_findings()
    assert (start, end, res.verdict) == (0, 42, "unchecked")
    assert res.reason == ("lnsym declaration not understood: frob (understood: 'NAME is the input of LN', "
                          "'NAME features', 'eps = NUMBER')")
    assert r.declared(40).input_name == "z"
    plain = FormulaReader("no declaration $x$", None)
    assert plain.declaration_findings() == [] and plain.declared(0) is None
    assert FormulaReader("lnsym, but <!-- lnsym: z is the input of LN -->", None).declaration_findings() == []
    # a fault inside the reader is an error of lnsym shown on the span, never an exception out of it
    res = r.step(0, 0, "x", "y", "=", (None, None), {}, 0, None)
    assert res.verdict == "error" and "lnsym failed (AttributeError" in res.reason
    monkeypatch.setattr(FormulaReader, "_step", lambda *a, **k: 1 / 0)
    assert r.step(0, 0, "x", "y", "=", (None, None), {}, 0, {}) is None  # not an error of lnsym: not decided

    def fault(*args, **kwargs):
        raise AttributeError("a fault")

    monkeypatch.setattr(FormulaReader, "_words", fault)
    ((s, e, res),) = r.words(0, "Mean:", "abc", {}, 0)
    assert (s, e, res.verdict) == (0, 3, "error") and "the reading of words" in res.reason
    ((s, e, res),) = r.words(0, "Mean:", span_text="", env={}, offset=0)
    assert (s, e, res.verdict) == (0, 1, "error")
    ((s, e, res),) = r.words(0, "Mean:", span_text="abcd", env={}, offset=0)
    assert (s, e) == (0, 4)
    monkeypatch.setattr(FormulaReader, "_words", lambda *a, **k: 1 / 0)
    assert r.words(0, "Mean:", "abc", {}, 0) == []


# -- formula claims: LN's Jacobian, the normalized entry, the statistics, LN's output ------------------

JE = r"(J_{\text{LN}})_{ab}"
JAC = r"\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ab}-\frac{1}{d}-\frac{1}{d}\hat{z}_a\hat{z}_b\right)"
MATRIX = (r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\left(I-\frac{1}{d}\mathbf{1}\mathbf{1}^\top"
          r"-\frac{1}{d}\hat{z}\hat{z}^\top\right)")
WHICH = "which vector is LN's input is not clear; declare it (<!-- lnsym: z is the input of LN -->)"
AT_D3 = "d = 3, z = [1, 2, 4], γ = 1, ε = 0.1, entry (1, 1): "


def test_mentions_of_the_vocabulary():
    for src in (r"\hat{z}", r"\mu", r"\sum", r"\text{LayerNorm}", r"\mathrm{softmax}", "J", "F", "I", r"\partial"):
        assert mentions_vocabulary(tokenize(src)), src
    for src in ("x+1", r"\alpha", r"\text{foo}", "G"):
        assert not mentions_vocabulary(tokenize(src)), src


def test_the_ln_jacobian_entry_is_proved_or_refuted_with_a_point():
    assert _triple(_step(JE, JAC)) == ("correct", "", "the LN Jacobian entry: proved for all d")
    assert _triple(_step(JE, r"\frac{\partial \text{LN}(z)_a}{\partial z_b}")) == (
        "correct", "", "both sides are LN's Jacobian (entry by definition)")
    assert _triple(_step(JE, r"\frac{\partial \text{LN}(z)_b}{\partial z_a}")) == (
        "unchecked", "", "two notations of the Jacobian with different indices")
    res = _step(JE, JAC.replace(r"-\frac{1}{d}-", r"-\frac{1}{d-1}-"))
    assert (res.verdict, res.expected) == ("wrong", JAC)
    assert res.reason == (f"the LN Jacobian entry should be {JAC}; " + AT_D3
                          + "the key gives 0.110406, the true value is 0.239938")
    res = _step(JE, JAC.replace(r"-\frac{1}{d}-", r"-\frac{1}{d-1}-"), eps=Fraction(1, 100000))
    assert "ε = 1e-05, entry (1, 1): the key gives 0.0954521, the true value is 0.229082" in res.reason
    res = _step(JE, JAC.replace(r"\hat{z}_a\hat{z}_b", "z_a z_b"))
    assert res.reason.endswith("the key gives 0.259064, the true value is 0.239938")
    assert _triple(_step(JE, JAC.replace(r"\gamma_a", "1"))) == (
        "correct", "", "the LN Jacobian entry (with γ = 1: none written): proved for all d")
    res = _step(JE, JAC.replace(r"\gamma_a", "1").replace(r"-\frac{1}{d}-", "-"))
    assert res.verdict == "wrong" and res.expected == JAC.replace(r"\gamma_a", "1")
    assert res.reason.startswith("the LN Jacobian entry (with γ = 1: none written) should be")
    assert _step(r"\frac{\partial \text{LN}(x)_i}{\partial x_j}", JAC.replace("z", "x").replace("_a", "_i")
                 .replace("_b", "_j").replace("{ab}", "{ij}")).verdict == "correct"


def test_the_jacobian_needs_its_input_its_indices_and_epsilon():
    assert _triple(_step(JE, JAC.replace(r"\hat{z}_b", r"\hat{h}_b"))) == ("unchecked", "", WHICH)
    assert _triple(_step(JE, "I")) == ("unchecked", "", WHICH)
    assert _step(JE, JAC.replace(r"\hat{z}_b", r"\hat{h}_b"), input_name="z").reason == (
        "the formula mentions h, not only z")
    assert _step(JE, JAC.replace("z", "h"), input_name="h").verdict == "correct"
    assert _triple(_step(JE, JAC.replace(r"\hat{z}_b", r"\hat{z}_c"))) == (
        "unchecked", "", "an index other than the entry's (a slip of notation?)")
    assert _triple(_step(JE, JAC.replace(r"\sqrt{\sigma^2+\epsilon}", r"\sigma"))) == (
        "unchecked", "", "the LN Jacobian entry: holds only for ε = 0 (the key writes no ε)")
    res = _step(JE, JAC.replace(r"\sqrt{\sigma^2+\epsilon}", r"\sqrt{\sigma^2}+\epsilon"))
    assert res.verdict == "wrong"  # ε written in the wrong place is an error, not a convention
    assert _step(JE, JAC.replace("{d}", "{n}"), size_name="n").verdict == "correct"
    assert _step(JE, JAC.replace("{d}", "{n}")).verdict == "unchecked"


def test_the_ln_jacobian_matrix():
    assert _triple(_step(r"J_{\text{LN}}", MATRIX)) == (
        "correct", "", "the LN Jacobian (with γ = 1: none written): proved for all d")
    gamma = MATRIX.replace(r"\frac{1}{\sqrt", r"\frac{\gamma}{\sqrt")
    assert _triple(_step(r"J_{\text{LN}}", gamma)) == ("correct", "", "the LN Jacobian: proved for all d")
    diag = r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\mathrm{diag}(\gamma)" + MATRIX[MATRIX.index(r"\left("):]
    assert _step(r"J_{\text{LN}}", diag).verdict == "correct"
    assert _step(r"\frac{\partial \text{LN}(z)}{\partial z}", MATRIX).verdict == "correct"
    res = _step(r"J_{\text{LN}}", MATRIX.replace(r"-\frac{1}{d}\hat{z}", r"+\frac{1}{d}\hat{z}"))
    assert (res.verdict, res.expected) == ("wrong", MATRIX)
    assert res.reason.endswith("d = 3, z = [1, 2, 4], ε = 0.1, entry (1, 1): the key gives 0.796317, "
                               "the true value is 0.239938")
    wrong_gamma = _step(r"J_{\text{LN}}", gamma.replace(r"-\frac{1}{d}\hat{z}", r"+\frac{1}{d}\hat{z}"))
    assert wrong_gamma.expected == (r"\frac{\mathrm{diag}(\gamma)}{\sqrt{\sigma^2+\epsilon}}\left(I-\frac{1}{d}"
                                    r"\mathbf{1}\mathbf{1}^\top-\frac{1}{d}\hat{z}\hat{z}^\top\right)")
    not_read = {
        r"\hat{z}\hat{z}": "not read as a formula: a matrix product that is not an outer product",
        r"(\hat{z}\hat{z}^T)^T": "not read as a formula: a transpose of a matrix",
        r"\frac{I}{\hat{z}}": "not read as a formula: a division by a vector",
        r"\hat{z}^2": "not read as a formula: a power of a vector",
        r"\sqrt{\hat{z}}": "not read as a formula: a root of a vector",
        r"\sqrt[3]{\hat{z}}": "not read as a formula: a root other than the square root",
        r"I+\hat{z}": "not read as a formula: a sum of a matrix and a scalar",
        r"\hat{z}": "the other side is not read as a matrix",
        JAC: "not read as a formula: the index 'a' is not known",
        r"\exp(\hat{z})I": "not read as a formula: exp of a vector",
        r"\sum_{i=1}^{d}\hat{z}": "not read as a formula: a sum of vectors",
        r"d(\hat{z})": "not read as a formula: a product of vectors",
        r"\hat{z}!": "not read as a formula: fact is not read as a formula",
    }
    for right, why in not_read.items():
        assert _triple(_step(r"J_{\text{LN}}", right)) == ("unchecked", "", why), right
    assert _triple(_step(JE, r"\hat{z}\hat{z}^T")) == ("unchecked", "", "the other side is not read as an entry")


def test_the_definitions_of_the_normalized_entry_and_the_statistics():
    cases = [
        (r"\hat{z}_a", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}", "the normalized entry"),
        (r"\widehat{z}_a", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\varepsilon}}", "the normalized entry"),
        (r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}x_i", "the mean over the d features"),
        (r"\mu", r"\frac{1}{d}\sum_{i=0}^{d-1}x_i", "the mean over the d features"),
        (r"\mu", r"\frac{1}{d}\sum_{\alpha=1}^{d}x_\alpha", "the mean over the d features"),
        (r"\sigma^2", r"\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2", "the population variance over the d features"),
        (r"{\sigma}^{2}", r"\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2", "the population variance over the d features"),
        (r"\mathrm{Var}(x)", r"\frac{1}{d}\sum_{i=1}^{d}x_i^2-\mu^2", "the population variance over the d features"),
        (r"\sigma", r"\sqrt{\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2}", "the population standard deviation"),
        (r"\text{LN}(z)_a", r"\gamma_a\hat{z}_a+\beta_a", "LN's output entry"),
        (r"\text{LN}_a(z)", r"\gamma_{a}\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta_a", "LN's output entry"),
        (r"\text{LN}(z)_a", r"\gamma_a\hat{z}_a", "LN's output entry (with β = 0: none written)"),
        (r"\text{LN}(z)_a", r"\hat{z}_a+\beta_a", "LN's output entry (with γ = 1: none written)"),
        (r"\text{LN}(z)_a", r"\hat{z}_a", "LN's output entry (with γ = 1, β = 0: none written)"),
    ]
    for left, right, what in cases:
        assert _triple(_step(left, right)) == ("correct", "", what + ": proved for all d"), left + "=" + right
    assert _step(r"\mu", r"\frac{1}{n}\sum_{i=1}^{n}x_i", size_name="n").verdict == "correct"


def test_a_wrong_definition_shows_the_definition():
    cases = [
        (r"\hat{z}_a", r"\frac{z_a-\mu}{\sigma^2+\epsilon}", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}",
         "the normalized entry", "d = 3, z = [1, 2, 4], ε = 0.1: the key gives -0.805369, the true value is -1.03626"),
        (r"\hat{z}_a", r"\frac{z_b-\mu}{\sqrt{\sigma^2+\epsilon}}", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}",
         "the normalized entry", "d = 3, z = [1, 2, 4], ε = 0.1, entry (1, 2): the key gives -0.259064, "
         "the true value is -1.03626"),
        (r"\mu", r"\frac{1}{d-1}\sum_{i=1}^{d}x_i", r"\frac{1}{d}\sum_{i=1}^{d} x_i", "the mean over the d features",
         "d = 3, x = [1, 2, 4]: the key gives 3.5, the true value is 2.33333"),
        (r"\sigma^2", r"\frac{1}{d-1}\sum_{i=1}^{d}(x_i-\mu)^2", r"\frac{1}{d}\sum_{i=1}^{d} (x_i-\mu)^2",
         "the population variance over the d features",
         "d = 3, x = [1, 2, 4]: the key gives 2.33333, the true value is 1.55556"),
        (r"\sigma", r"\sqrt{\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)}", r"\sqrt{\frac{1}{d}\sum_{i=1}^{d} (x_i-\mu)^2}",
         "the population standard deviation", "d = 3, x = [1, 2, 4]: the key gives 0, the true value is 1.24722"),
        (r"\text{LN}(z)_a", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}+1",
         r"\frac{z_{a}-\mu}{\sqrt{\sigma^2+\epsilon}}",
         "LN's output entry (with γ = 1, β = 0: none written)",
         "d = 3, z = [1, 2, 4], ε = 0.1: the key gives -0.0362555, the true value is -1.03626"),
        (r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}\exp(x_i)", r"\frac{1}{d}\sum_{i=1}^{d} x_i",
         "the mean over the d features", "d = 3, x = [1, 2, 4]: the key gives 21.5685, the true value is 2.33333"),
    ]
    for left, right, expected, what, witness in cases:
        assert _triple(_step(left, right)) == ("wrong", expected, f"{what} should be {expected}; {witness}"), right
    res = _step(r"\text{LN}(z)_a", r"\gamma_a\frac{z_a-\mu}{\sigma^2+\epsilon}+\beta_a")
    assert res.expected == r"\gamma_{a}\frac{z_{a}-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta_{a}"
    assert "γ = 1, ε = 0.1:" in res.reason  # γ enters the witness; β is 0 there


def test_a_definition_that_is_not_read_or_not_clear():
    assert _triple(_step(r"\hat{z}_a", r"\frac{h_a-\mu}{\sqrt{\sigma^2+\epsilon}}")) == (
        "unchecked", "", "which vector is meant is not clear")
    assert _step(r"\hat{z}_a", r"\frac{z_a-\mu}{\sigma}").reason == (
        "the normalized entry: holds only for ε = 0 (the key writes no ε)")
    assert _step(r"\hat{z}_a", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}", input_name="h").verdict == "correct"
    assert _step(r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}x_i", input_name="x").verdict == "correct"
    for left, right in ((r"\mu", "3"), (r"\mu", r"\frac{1}{d}\sum_{i=1}^{d-1}x_i"), (r"\hat{z}_{ab}", "z_a"),
                        (r"\mu", r"\frac{1}{n}\sum_{i=1}^{n}x_i"), (r"\mu", r"\sqrt{\mu^2}"),
                        (r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}\exp(x)"), (r"\mu", r"x_1 x"), ("x+", "1")):
        assert _triple(_step(left, right)) == ("unchecked", "", "formula not read"), right


def test_the_derivatives_of_the_normalized_entry_and_the_statistics():
    dz = r"\frac{\partial \hat{z}_a}{\partial z_b}"
    body = r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ab}-\frac{1}{d}-\frac{1}{d}\hat{z}_a\hat{z}_b\right)"
    assert _triple(_step(dz, body)) == ("correct", "", "the derivative of the normalized entry: proved for all d")
    res = _step(dz, body.replace(r"-\frac{1}{d}\hat", r"+\frac{1}{d}\hat"))
    assert _triple(res) == ("wrong", body, f"the derivative of the normalized entry should be {body}; d = 3, "
                            "z = [1, 2, 4], ε = 0.1, entry (1, 1): the key gives 0.796317, the true value is 0.239938")
    assert _step(dz, body.replace(r"\sqrt{\sigma^2+\epsilon}", r"\sigma")).reason == (
        "the derivative of the normalized entry: holds only for ε = 0 (the key writes no ε)")
    cases = [
        (r"\frac{\partial\mu}{\partial x_j}", r"\frac{1}{d}", r"\frac{1}{d-1}", r"\frac{1}{d}",
         "the derivative of the mean", "the key gives 0.5, the true value is 0.333333"),
        (r"\frac{\partial\sigma^2}{\partial x_j}", r"\frac{2}{d}(x_j-\mu)", r"\frac{1}{d}(x_j-\mu)",
         r"\frac{2}{d}(x_j-\mu)", "the derivative of the variance",
         "the key gives -0.444444, the true value is -0.888889"),
        (r"\frac{\partial\sigma}{\partial x_j}", r"\frac{x_j-\mu}{d\sigma}", r"\frac{x_j-\mu}{\sigma}",
         r"\frac{x_j-\mu}{d\sigma}", "the derivative of sigma", "the key gives -1.06904, the true value is -0.356348"),
    ]
    for left, right, slip, expected, what, witness in cases:
        assert _triple(_step(left, right)) == ("correct", "", what + ": proved for all d")
        assert _triple(_step(left, slip)) == (
            "wrong", expected, f"{what} should be {expected}; d = 3, x = [1, 2, 4], entry (1, 1): {witness}")
    assert _step(r"\frac{\partial\mu}{\partial x_j}", r"\frac{1}{d}", input_name="x").verdict == "correct"
    assert _step(dz, r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\hat{h}_a").reason == "the formula mentions h, not only z"
    assert _step(dz, r"\frac{1}{\sqrt{\sigma^2+\epsilon}}!").reason == (
        "not read as a formula: fact is not read as a formula")
    for left, right, name in ((r"\frac{\partial \hat{z}_a}{\partial h_b}", "1", None),
                              (r"\frac{\partial \hat{z}_a}{\partial z_a}", "1", None),
                              (r"\frac{\partial \hat{z}_a}{\partial z}", "1", None),
                              (r"\frac{\partial \mu}{\partial x_j}", r"\frac{1}{d}", "z"),
                              (r"\frac{\partial \text{LN}(x)}{\partial x_j}", "1", None),
                              (dz, r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\hat{z}", None),
                              (dz, r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\hat{z}_c", None)):
        assert _triple(_step(left, right, input_name=name)) == ("unchecked", "", "formula not read"), left + right


RMS = r"\sqrt{\frac{1}{d}\sum_{j=1}^{d} x_j^2+\epsilon}"
DRMS = r"\frac{\partial\,\mathrm{RMSNorm}(x)_a}{\partial x_b}"
DSOFT = r"\frac{\partial\,\mathrm{softmax}(z)_i}{\partial z_j}"


def test_rmsnorm_and_softmax_entries_and_jacobians():
    rms = r"\mathrm{RMSNorm}(x)_i"
    assert _step(rms, r"\frac{x_i}{" + RMS + r"}\gamma_i").reason == "RMSNorm's output entry: proved for all d"
    assert _step(rms, r"\frac{x_i}{" + RMS + "}").reason == (
        "RMSNorm's output entry (with γ = 1: none written): proved for all d")
    assert _step(rms, r"\frac{x_i}{\mathrm{rms}(x)}\gamma_i").reason == (
        "RMSNorm's output entry: holds only for ε = 0 (the key writes no ε)")
    expected = r"\gamma_{i}\frac{x_{i}}{\sqrt{\frac{1}{d}\sum_{j=1}^{d} x_j^2+\epsilon}}"
    assert _triple(_step(rms, r"\frac{x_i}{\sqrt{\frac{1}{d-1}\sum_{j=1}^{d} x_j^2+\epsilon}}\gamma_i")) == (
        "wrong", expected, f"RMSNorm's output entry should be {expected}; d = 3, x = [1, 2, 4], γ = 1, ε = 0.1: "
        "the key gives 0.307148, the true value is 0.375293")
    assert _step(rms, r"\frac{x_i}{\sqrt{\frac{1}{d-1}\sum_{j=1}^{d} x_j^2+\epsilon}}").expected == expected.replace(
        r"\gamma_{i}", "")
    jac = r"\left(\delta_{ab}-\frac{x_a x_b}{d\left(\frac{1}{d}\sum_{j=1}^{d} x_j^2+\epsilon\right)}\right)"
    assert _step(DRMS, r"\frac{\gamma_a}{" + RMS + "}" + jac).reason == "the RMSNorm Jacobian entry: proved for all d"
    res = _step(DRMS, r"\frac{1}{" + RMS + "}" + jac.replace("{d\\left(", "{\\left("))
    rms_form = (r"\frac{\gamma_a}{\mathrm{RMS}}\left(\delta_{ab}-\frac{x_ax_b}{d\,\mathrm{RMS}^2}\right),\ "
                r"\mathrm{RMS}=\sqrt{\tfrac{1}{d}\sum_j x_j^2+\epsilon}")
    assert _triple(res) == ("wrong", rms_form, "the RMSNorm Jacobian entry (with γ = 1: none written) should be "
                            f"{rms_form}; d = 3, x = [1, 2, 4], ε = 0.1, entry (1, 1): the key gives 0.322435, "
                            "the true value is 0.357674")
    assert _step(r"\frac{\partial\,\mathrm{RMSNorm}(x)}{\partial x}", "I").reason == (
        "the RMSNorm Jacobian in matrix form is not read")
    assert _step(DRMS, "x_a", input_name="z").reason == "x is not the declared input z"
    assert _step(DRMS, "x_a h_b").reason == "the formula mentions h, not only x"
    soft = r"\mathrm{softmax}(z)_i(\delta_{ij}-\mathrm{softmax}(z)_j)"
    assert _triple(_step(DSOFT, soft)) == ("correct", "", "the softmax Jacobian entry: proved for all d")
    form = r"\mathrm{softmax}(z)_i\left(\delta_{ij}-\mathrm{softmax}(z)_j\right)"
    assert _triple(_step(DSOFT, soft.replace("(z)_j", "(z)_i"))) == (
        "wrong", form, f"the softmax Jacobian entry should be {form}; d = 3, z = [1, 2, 4], entry (1, 2): "
        "the key gives -0.00176485, the true value is -0.00479735")
    assert _step(DSOFT, r"\mathrm{softmax}(z)_i\hat{z}").reason == (
        "the other side is not read as an entry of indices ij")
    assert _step(DSOFT, r"\mathrm{softmax}(z)_i!").reason == "not read as a formula: fact is not read as a formula"
    assert _step(r"\mathrm{softmax}(z)_i", r"\frac{\exp(z_i)}{\sum_{k=1}^{d}\exp(z_k)}").verdict == "correct"
    form = r"\frac{e^{z_{i}}}{\sum_{j=1}^{d} e^{z_j}}"
    assert _triple(_step(r"\mathrm{softmax}(z)_i", r"\frac{e^{z_i}}{\sum_{j=1}^{d} e^{z_j}+1}")) == (
        "wrong", form, f"the softmax entry should be {form}; d = 3, z = [1, 2, 4]: the key gives 0.0413707, "
        "the true value is 0.0420101")


def test_one_letter_abbreviations_defined_once_are_expanded():
    zhat = (r"\hat{z}_a", r"\frac{z_a-\mu}{s}")
    root = [(r"\sqrt{\sigma^2+\epsilon}", 1)]
    assert _step(*zhat, definitions={"s": root}).reason == "the normalized entry: proved for all d"
    assert _step(*zhat, definitions={"s": [(r"\sqrt{t}", 1)], "t": [(r"\sigma^2+\epsilon", 1)]}).verdict == "correct"
    assert _step(*zhat, definitions={"s": [(r"\sqrt{\sigma^2}", 1)]}).reason == (
        "the normalized entry: holds only for ε = 0 (the key writes no ε)")
    for defs in ({"s": [*root, (r"\sigma", 2)]}, {"s": [("s", 1)]}, {"s": [(r"\sqrt{", 1)]}, {"s": [("1+", 1)]},
                 {"st": root}, {"s": [("t", 1)], "t": [("s", 1)]}):
        assert _step(*zhat, definitions=defs).reason == "formula not read", defs
    chain = {c: [(n, 1)] for c, n in zip("stuvw", "tuvwq", strict=True)}  # four expansions at most
    chain["q"] = root
    assert _step(*zhat, definitions=chain).verdict == "unchecked"
    chain = {c: [(n, 1)] for c, n in zip("stu", "tuq", strict=True)}
    chain["q"] = root
    assert _step(*zhat, definitions=chain).verdict == "correct"


def test_forms_of_the_jacobian_entry_that_are_read():
    for right in (r"\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\delta_{ab}-\frac{\gamma_a(z_a-\mu)(z_b-\mu)}"
                  r"{d(\sigma^2+\epsilon)^{3/2}}-\frac{\gamma_a}{d\sqrt{\sigma^2+\epsilon}}",
                  r"\gamma_a(\sigma^2+\epsilon)^{-1/2}\left(\delta_{ab}-\frac{1}{d}-\frac{1}{d}\hat{z}_a\hat{z}_b\right)",
                  r"\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ba}-\frac{1}{d}-\frac{1}{d}\hat{z}_b"
                  r"\hat{z}_a\right)"):
        assert _step(JE, right).reason == "the LN Jacobian entry: proved for all d", right
    assert _step(JE, r"\gamma_a\delta_{abc}", input_name="z").reason == (
        r"not read as a formula: \delta is not in the vocabulary here")
    for right, expected_start in ((r"\gamma_a\delta_{ab}", "the LN Jacobian entry should be"),
                                  (r"\gamma\delta_{ab}", "the LN Jacobian entry should be"),
                                  (r"\beta_a\delta_{ab}", "the LN Jacobian entry (with γ = 1: none written)"),
                                  (r"e\delta_{ab}", "the LN Jacobian entry (with γ = 1: none written)")):
        res = _step(JE, right, input_name="z")
        assert res.verdict == "wrong" and res.reason.startswith(expected_start), right
    assert _step(JE, r"\gamma_c\delta_{ab}", input_name="z").reason == (
        "an index other than the entry's (a slip of notation?)")


def test_the_chain_rule_reads_groups_constants_and_other_names():
    for defs in ("x+(F(x))+3", r"x+F(x)+\beta", "x+F(x)+x_1"):
        res = _step(DY, "1+J_F", definitions={"y": [(defs, 1)]})
        assert _triple(res) == ("correct", "", f"chain rule with {defs} (line 1): proved for any F"), defs
    for right in ("1+J_{{F}}", "1+J_{(F)}"):
        assert _step(DY, right, definitions=RESIDUAL).verdict == "correct", right
    res = _step(DY, "1+J_F", definitions={"y": [("x+F(3)", 1)]})  # F of a constant does not move with x
    assert (res.verdict, res.expected) == ("wrong", "1")
    assert res.reason == ("chain rule with x+F(3) (line 1) gives 1; d = 3, " + J_F + ": they differ by 3 in an entry")
    assert _step(DY, "J_F+J_F", definitions={"y": [("F(x)+F(x)", 1)]}).verdict == "correct"
    assert _step(DY, "1+J_G", definitions={"y": [("x+F(x)+J_G", 1)]}).reason == (
        "not read: J_G: G is not a function of the definition")


def test_unfinished_or_odd_groups_are_left_as_written():
    for src in (r"\frac", r"\frac{dy}", r"\frac{dy}{dx", r"\frac{{d}y}{{d}x}", "J_", r"\mathbf", r"\mathsf",
                r"\mathsf{AB}", "F", r"\mathbf{1"):
        toks, holders = _prepared(src)
        assert holders == {} and toks == [(t.kind, t.value) for t in tokenize(src)], src
    toks, holders = _prepared(r"\frac{{dy}}{{dx}}")  # braces around a whole group are stripped
    (d,) = holders.values()
    assert toks == [("TEXT", "PH0")] and (_values(d.num), _values(d.den)) == ([("LETTER", "y")], [("LETTER", "x")])
    toks, holders = _prepared(r"(J_{\text{LN}})_{a+b}")  # not two index letters: the matrix, then the rest
    assert holders == {"PH0": V.JacEntry(None, None)} and toks[:3] == [("SYM", "("), ("TEXT", "PH0"), ("SYM", ")")]


def test_names_are_compared_without_their_braces():
    braced = {"x_l+1": [(r"x_{l}+F(\mathrm{LN}(x_{l}))", 3)]}
    for left, right in ((DXL, r"I+J_F\,J_{\mathrm{LN}}"),
                        (r"\frac{\partial x_{l+1}}{\partial x_{l}}",
                         r"I+\frac{\partial F}{\partial \text{LN}}\frac{\partial \text{LN}}{\partial x_{l}}")):
        assert _step(left, right, definitions=braced).verdict == "correct", right
    assert _step(DY, r"1+\frac{dF}{d(x)}", definitions=RESIDUAL).verdict == "correct"
    assert _step(r"\frac{dy}{dX}", "1+J_F", definitions={"y": [("X+F(X)", 3)]}).verdict == "correct"
    # LayerNorm and LN name the same input; a command is a name as written
    by_text = {"y": [(r"\text{LayerNorm}+F(\text{LayerNorm})", 1)]}
    assert _step(r"\frac{dy}{d\text{LN}}", "1+J_F", definitions=by_text).verdict == "correct"
    assert _step(r"\frac{dy}{d\beta}", "1+J_F", definitions={"y": [(r"\beta+F(\beta)", 1)]}).verdict == "correct"


def test_every_placeholder_spans_what_it_replaces():
    src = (r"(J_{\text{LN}})_{ab}+\text{LN}(z)_a+dy/dx+\text{LN}_a(z)+J_{\text{LN} ab}+\mathbf{1}+F'+x^\top"
           r"+x^\mathsf{T}")
    out, holders = V.prepare(tokenize(src))
    assert [(t.kind, t.value, t.start, t.end) for t in out if t.value != "+"] == [
        ("TEXT", "PH0", 0, 20), ("TEXT", "PH1", 21, 35), ("TEXT", "PH2", 36, 41), ("TEXT", "PH3", 42, 56),
        ("TEXT", "PH4", 57, 73), ("TEXT", "PH5", 74, 84), ("TEXT", "PH6", 85, 87), ("LETTER", "x", 88, 89),
        ("SYM", "^", 89, 90), ("LETTER", "T", 90, 94), ("LETTER", "x", 95, 96), ("SYM", "^", 96, 97),
        ("LETTER", "T", 97, 107)]
    assert list(holders.values()) == [V.JacEntry("a", "b"), V.LNOut("z", "a"), holders["PH2"], V.LNOut("z", "a"),
                                      V.JacEntry("a", "b"), "ONES", V.Prime("F")]
    assert _prepared("dy/dx+1")[0] == [("TEXT", "PH0"), ("SYM", "+"), ("NUM", "1")]


def test_short_or_cut_notations_stay_as_written():
    for src in (r"\frac{dy}{d}", "dy/d", "J", "X'", r"\text{LN}(z)_", r"\text{LN}(z)"):
        toks, holders = _prepared(src)
        assert holders == {} and toks == [(t.kind, t.value) for t in tokenize(src)], src
    for src in (r"(J_{\text{LN}}", r"(J_{\text{LN}})", r"(J_{\text{LN}})_{,}"):  # the matrix, not an entry
        assert _prepared(src)[1] == {"PH0": V.JacEntry(None, None)}, src


def test_more_forms_that_are_proved():
    cases = [
        (r"\frac{\partial \text{LN}_a(z)}{\partial z_b}", JAC, "the LN Jacobian entry"),
        (JE, r"\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ab}-\frac{1}{d}\right)-\frac{1}{d}"
             r"\frac{(\text{LN}(z)_a-\beta_a)\hat{z}_b}{\sqrt{\sigma^2+\epsilon}}", "the LN Jacobian entry"),
        (r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}\frac{1}{d}\sum_{i=1}^{d}x_i", "the mean over the d features"),
        (r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}x_i\frac{1}{d}\sum_{j=1}^{d}1", "the mean over the d features"),
        (r"\sigma^2", r"\frac{1}{d}\sum_{i=1}^{d}x_i^2-\left(\frac{1}{d}\sum_{i=1}^{d}x_i\right)^2",
         "the population variance over the d features"),
        (r"\frac{\partial\mu}{\partial x_j}", r"\frac{1}{d}\sum_{i=1}^{d}\delta_{ij}", "the derivative of the mean"),
        (r"\frac{\partial\sigma^2}{\partial x_j}", r"\frac{2}{d}\sum_{i=1}^{d}(x_i-\mu)(\delta_{ij}-\frac{1}{d})",
         "the derivative of the variance"),
        (DSOFT, r"\frac{e^{z_i}}{\sum_{k=1}^{d}e^{z_k}}\delta_{ij}-\frac{e^{z_i}e^{z_j}}{(\sum_{k=1}^{d}e^{z_k})^2}",
         "the softmax Jacobian entry"),
        (r"\frac{\partial \hat{z}_a}{\partial z_b}", r"\frac{\delta_{ab}-\frac{1}{d}}{\sqrt{\sigma^2+\epsilon}}"
         r"-\frac{(z_a-\mu)(z_b-\mu)}{d(\sigma^2+\epsilon)^{3/2}}", "the derivative of the normalized entry"),
    ]
    for left, right, what in cases:
        assert _triple(_step(left, right)) == ("correct", "", what + ": proved for all d"), right
    res = _step(r"\frac{\partial \hat{z}_a}{\partial z_b}", r"\frac{\delta_{ab}-\frac{1}{d}}{\sqrt{\sigma^2+\epsilon}}"
                r"-\frac{(z_a-\mu)(z_b-\mu)}{d(\sigma^2+\epsilon)^{2}}")
    assert res.verdict == "wrong" and res.reason.endswith("the key gives 0.301921, the true value is 0.239938")


def test_a_fault_while_deciding_a_formula_is_an_error(monkeypatch):
    from lnsym.check.judges.formulas import formula_claims

    def fault(*args, **kwargs):
        raise AttributeError("a fault")

    monkeypatch.setattr(formula_claims, "decide_formula", fault)
    res = _step(r"\mu", "x")
    assert res.verdict == "error" and res.reason.startswith("formula: lnsym failed (AttributeError: a fault")
    monkeypatch.setattr(formula_claims, "decide_formula", lambda *a, **k: None)
    assert _triple(_step(r"\mu", "x")) == ("unchecked", "", "formula not read")


def test_the_nearest_definition_before_the_step_gives_the_expected_form(worker):
    key = ("Post-LN: $x_{l+1}=\\mathrm{LN}(x_l+F(x_l))$.\n\nPre-LN: $x_{l+1}=x_l+F(\\mathrm{LN}(x_l))$.\n"
           "So $\\frac{\\partial x_{l+1}}{\\partial x_l}=J_F$.")
    verdict, _, expected, reason = _findings(key, worker)[-1]
    assert (verdict, expected) == ("wrong", r"I+J_{F}\cdot J_{LN}")
    assert reason.startswith(r"chain rule with x_l+F(\mathrm{LN}(x_l)) (line 3) gives I+J_{F}\cdot J_{LN} "
                             "(nor does it follow from the other 1 definitions)")


def test_words_and_formulas_the_reader_leaves_to_the_steps(worker):
    got = _findings(r"Take $x=[1,3]$. Mean: $1+1=2$. Deviations: $x-\mu=[-1,q]$. Now $\mu < 3$ and $\mu = 2$.", worker)
    assert got[1:] == [("correct", "1+1=2", "", ""), ("unchecked", r"x-\mu=[-1,q]", "", r"free symbol(s) \mu, q"),
                       ("unchecked", r"\mu < 3", "", "a condition on a variable is not checked"),
                       ("correct", r"\mu = 2", "", "μ of x = [1, 3]")]
    # sigma^2 written out does not say which vector the paragraph works on (a mean does)
    assert [f[1] for f in _findings(r"$\sigma^2=\frac{1+3}{2}$. Deviations: $[-1,1]$", worker)] == [
        r"\sigma^2=\frac{1+3}{2}"]
    got = _findings(r"$\mu=\frac{1+3}{2}$. So $\frac{z-\mu}{1}=[-1,1]$ and $\frac{h-\mu}{1}=[-1,2]$.", worker)
    assert got[1] == ("correct", r"\frac{z-\mu}{1}=[-1,1]", "", "with z = [1, 3], the entries of the mean")
    assert got[2] == ("wrong", r"\frac{h-\mu}{1}=[-1,2]", "[-1, 1]",
                      "with h = [1, 3], the entries of the mean; entry 2 should be 1")


def test_which_vectors_the_reader_keeps():
    r = FormulaReader("", None)
    one, symbolic = _vec(5), Vec([sp.Integer(1), sp.Symbol("q")])
    r.observe(0, {"s": one, "m": symbolic})
    assert r.vectors(0, {"s": one, "m": symbolic}) == [("s", one)]  # one entry is a vector; a symbol is not data
    r.note_vector(0, "s + 1", _vec(6))
    r.note_vector(0, "s + 2", _vec(7))
    assert r.vectors(0, {"s": one}) == [("s", one), ("s + 2", _vec(7)), ("s + 1", _vec(6))]
    assert r.step(0, 0, r"\mu", "3", "<", (None, None), {}, 0, {}) is None  # only '=' is a formula step


def test_the_sentence_of_a_formula_may_speak_of_another_case():
    for words in ("The unbiased estimate", "A sample", "With Bessel's correction", "In batch norm", "In BatchNorm",
                  "Instead", "It would be", "A wrong", "An incorrect", "A mistake:", "Not", "If so", "Suppose",
                  "A common error", "An error", "A typo", "A bug"):
        text = f"Take x. {words} $x=1$"
        assert FormulaReader(text, None)._other_convention(text.index("$")), words
    for text in ("Then $x=1$", "It is wrong. Then $x=1$", "It is wrong\n\nThen $x=1$", "Notably $x=1$",
                 "if" + "y" * 160 + " $x=1$"):
        assert not FormulaReader(text, None)._other_convention(text.index("$")), text
    text = "if " + "y" * 150 + " $x=1$"
    assert FormulaReader(text, None)._other_convention(text.index("$"))
    text = "Suppose.then $x=1$"  # a full stop without a space after it does not end the sentence
    assert FormulaReader(text, None)._other_convention(text.index("$"))


def test_abbreviations_of_the_vocabulary_are_definitions():
    text = (r"Let $r=\frac{a}{b}$, $g=\sigma$, $h=\mu+1$, $e=\varepsilon$, $k=\epsilon$, $s=\sqrt{2}$, $t=2$, "
            r"$u=\alpha$.")
    defs = FormulaReader(text, None).definitions()
    assert defs == {"r": [(r"\frac{a}{b}", 1)], "g": [(r"\sigma", 1)], "h": [(r"\mu+1", 1)],
                    "e": [(r"\varepsilon", 1)], "k": [(r"\epsilon", 1)], "s": [(r"\sqrt{2}", 1)]}
    plain = FormulaReader(r"<!-- lnsym: z is the input of LN --> $x$", None)
    assert plain.declaration_findings() == [] and plain.declared(0).input_name == "z"


def test_a_function_of_a_function_by_its_jacobian_or_by_the_variable():
    defs = {"y": [("x+G(F(x))", 1)]}
    # dG/dx read as G's Jacobian (the chain written out) or as the total derivative: either is correct
    for right in (r"1+\frac{dG}{dx}\frac{dF}{dx}", r"1+\frac{dG}{dx}"):
        assert _step(DY, right, definitions=defs).verdict == "correct", right
    # a definition that is not read is passed over
    res = _step(DY, "1+J_F", definitions={"y": [("x+F(x", 1), ("x+F(x)", 2)]})
    assert res.reason == "chain rule with x+F(x) (line 2): proved for any F"


def test_only_a_whole_braced_group_is_unwrapped_and_only_ln_is_ln():
    assert _prepared(r"\frac{{dy}{dz}}{dx}")[1] == {}  # {dy}{dz} is two groups, not one in braces
    assert _prepared(r"J_{\text{F}}")[1] == {} and _prepared(r"(J_{\text{F}})_{ab}")[1] == {}
    assert _prepared(r"J_{\text{LN}}")[1] == {"PH0": V.JacEntry(None, None)}


def test_an_unreadable_term_says_why():
    from lnsym.check.parse.grammar import ParseError

    for src in ("1+", "(1", r"\frac{1}"):
        try:
            parse_term(tokenize(src))
        except ParseError as exc:
            expected = str(exc)
        else:
            raise AssertionError(src)
        try:
            V.parse(tokenize(src))
        except V.Unknown as exc:
            assert str(exc) == expected and expected, src
        else:
            raise AssertionError(src)


def test_the_first_mean_written_out_is_the_paragraphs_vector(worker):
    key = r"We have $\mu=\frac{2+4}{2}=3$ and $\mu=\frac{1+3+5}{3}=3$. Deviations: $[-1,1]$."
    assert _findings(key, worker)[-1] == ("correct", "[-1,1]", "", "x - μ with x = [2, 4]")
    # several statements, or an empty side, after a word: not read
    assert len(_findings(r"Take $x=[1,3]$. Deviations: $[-1,1];[1,2]$. Deviations: $=[-1,1]$.", worker)) == 1


def test_still_more_forms_of_the_vocabulary():
    d_ln = r"\frac{\partial \text{LN}(z)_a}{\partial z_b}"
    assert _step(d_ln, d_ln).reason == "both sides are LN's Jacobian (entry by definition)"
    assert _triple(_step(d_ln, r"\frac{\partial \text{LN}(h)_a}{\partial h_b}")) == (
        "unchecked", "", "the Jacobians at two vectors, z and h")  # said "different indices"
    proved = [
        (r"\text{LN}(z)_a", r"\gamma\hat{z}_a+\beta", "LN's output entry"),
        (JE, JAC.replace(r"\delta_{ab}", r"\delta_{a b}"), "the LN Jacobian entry"),
        (r"\mu", r"0.5\cdot 2\frac{1}{d}\sum_{i=1}^{d}x_i", "the mean over the d features"),
        (r"\mu", r"\sum_{i=1}^{d}x_i/d", "the mean over the d features"),
        (r"\hat{z}_{ a }", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}", "the normalized entry"),
    ]
    for left, right, what in proved:
        assert _step(left, right).reason == what + ": proved for all d", right
    vector = (r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\left(I-\frac{1}{d}\mathbf{1}\mathbf{1}^\top-\frac{(z-\mu\mathbf{1})"
              r"(z-\mu\mathbf{1})^\top}{d(\sigma^2+\epsilon)}\right)")
    assert _step(r"J_{\text{LN}}", vector, input_name="z").verdict == "correct"  # z itself, a column
    assert _step(r"J_{\text{LN}}", vector).reason == WHICH
    for left, right in ((r"\mu", r"\hat{z}"), (r"\hat{z}_a", r"\frac{z_d-\mu}{\sqrt{\sigma^2+\epsilon}}"),
                        (r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}x_i\mu_1"), (r"\frac{\partial ()}{\partial x_j}", "1")):
        assert _step(left, right).reason == "formula not read", right
    expected = r"\gamma_{a}\frac{z_{a}-\mu}{\sqrt{\sigma^2+\epsilon}}"
    res = _step(r"\text{LN}(z)_a", r"\gamma_a\frac{z_a-\mu}{\sigma^2+\epsilon}")
    assert (res.expected, res.reason.split(";")[0]) == (
        expected, f"LN's output entry (with β = 0: none written) should be {expected}")
    # equal at the first point (γ = 1): the witness is a later seeded point, at ε = 0 since the key writes no ε
    res = _step(r"\text{LN}(z)_a", r"\gamma_a^2\hat{z}_a+\beta_a")
    assert res.reason.endswith("d = 3, z = [-5, -4, 1], γ = [2, 1, 1], ε = 0: the key gives -3.556, "
                               "the true value is -1.778")
    res = _step(r"\text{LN}(z)_a", r"\gamma_a^2\frac{z_a - \mu}{\sqrt{\sigma^2 + \epsilon}}+\beta_a")
    assert res.reason.endswith("d = 3, z = [-5, -4, 1], γ = [2, 1, 1], ε = 0.2: the key gives -3.50548, "
                               "the true value is -1.75274")  # a key that writes ε is shown ε


def test_a_mean_over_a_bare_index_is_read_as_over_every_feature():
    from lnsym.check import check_text

    text = ("Let $z \\in \\mathbb{R}^d$ be the input of the layer norm and "
            "$\\mu = \\frac{1}{d}\\sum_i z_i$ its mean.\n\n"
            "A slip: $\\mu = \\sum_i z_i$.\n")
    got = {f.source: f.verdict.value for f in check_text(text).findings}
    assert got == {"\\mu = \\frac{1}{d}\\sum_i z_i": "correct", "\\mu = \\sum_i z_i": "wrong"}


def test_a_text_that_never_speaks_of_a_mean_defines_its_own_mu():
    from lnsym.check import check_text

    own = check_text("Consider the weights. Write $\\mu = \\sum_i w_i$ for the total.\n").findings
    assert [(f.verdict.value, f.reason.split(";")[0]) for f in own] == [
        ("unchecked", "defines a name the vocabulary knows (the mean, the variance), in a text that does not say it "
                      "means it")]
    named = check_text("The mean of the weights: $\\mu = \\sum_i w_i$.\n").findings
    assert [f.verdict.value for f in named] == ["wrong"]
    # an entry is a name too: x̂_i = x_i - 2.5 in a text of its own is its centred value, no LayerNorm output
    entry = {f.source: f for f in check_text("Let $x = (1, 2, 3, 4)$ and $\\hat x_i = x_i - 2.5$.\n").findings}
    assert entry["\\hat x_i = x_i - 2.5"].verdict.value == "unchecked"
    assert entry["\\hat x_i = x_i - 2.5"].reason.startswith("defines a name the vocabulary knows")
    normalized = check_text("The normalized entries: $\\hat x_i = x_i - 2.5$ of $x = (1, 2, 3, 4)$.\n").findings
    assert [f.verdict.value for f in normalized if f.source.startswith("\\hat")] == ["wrong"]


def test_a_derivative_written_with_xhat_holds_without_epsilon_where_the_key_writes_none():
    from lnsym.check.pipeline import check_text

    setup = ("Let $x \\in \\mathbb{R}^d$, $\\mu = \\frac1d \\sum_k x_k$, "
             "$\\sigma = \\sqrt{\\frac1d \\sum_k (x_k - \\mu)^2}$ and $\\hat x = (x - \\mu)/\\sigma$.\n\n")
    got = {f.source: (f.verdict.value, f.reason) for f in check_text(
        setup + "Then $\\frac{\\partial \\sigma}{\\partial x_j} = \\frac{\\hat x_j}{d}$ and "
                "$\\frac{\\partial \\sigma}{\\partial x_j} = \\frac{\\hat x_j}{2d}$.\n").findings}
    # x-hat of the vocabulary carries an epsilon this key never writes: true at epsilon = 0, so no false alarm
    right = got["\\frac{\\partial \\sigma}{\\partial x_j} = \\frac{\\hat x_j}{d}"]
    assert right == ("unchecked", "the derivative of sigma: holds only for ε = 0 (the key writes no ε)")
    assert got["\\frac{\\partial \\sigma}{\\partial x_j} = \\frac{\\hat x_j}{2d}"][0] == "wrong"  # wrong at 0 too
