"""The rules of the formula reader stated one by one, on its modules directly (issue 30: each module of
lnsym/check/judges/formulas/ at 90% under mutation): the reading of a word, the vocabulary's placeholders,
the value of a derivative, the exact verdict, expected value and reason of a formula step."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.evaluate import Vec, evaluate
from lnsym.check.judges.formulas import vocabulary as V
from lnsym.check.judges.formulas.derivatives import name_key
from lnsym.check.judges.formulas.formula_claims import make_job
from lnsym.check.judges.formulas.words import check_word, stats, truth, word_before
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize


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
    }
    for prose, kind in cases.items():
        assert word_before(prose) == kind, prose


def test_a_word_inside_a_clause_or_not_at_the_end_names_nothing():
    for prose in ("Sample variance:", "Batch mean:", "Mean: 3 and more", "Variance", "Mean is:", "",
                  "x" * 35 + " Mean:",  # the word starts the 40 characters seen: what is before it is unknown
                  "sample" + " " * 31 + "variance:"):
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
    res = check_word("norm", value, ("sym", "v", None), z, {}, "z", eps)
    assert res.verdict == "correct"
    assert check_word("norm", value, ("sym", "v", None), z, {}, "z").verdict != "correct"


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
    assert (res.verdict, res.reason) == ("unchecked", "the word means x - μ, a vector")
    res = _word("var", "[3,4]", z)
    assert (res.verdict, res.reason) == ("unchecked", "the word means σ², a number")
    res = _word("other", "3", z)
    assert (res.verdict, res.reason) == ("unchecked", "nothing to compare with")


def test_a_word_neither_proved_nor_refuted_is_unchecked():
    # 1.069 rounds -2/sqrt(3.5) to three places: not refuted, but an '=' to a rounding is not a proof here
    res = _word("norm", "[-1.069,-0.535,0,1.604]", _vec(1, 2, 3, 6))
    assert (res.verdict, res.reason) == ("unchecked", "(x - μ)/σ could not be decided")


def test_large_vectors_are_not_compared_in_the_main_process():
    ok = Vec([sp.Integer(k) for k in range(64)])
    mean = sp.Rational(63, 2)
    assert check_word("mean", mean, ("num", "31.5"), ok, {}, "z").verdict == "correct"
    big = Vec([sp.Integer(k) for k in range(128)])
    res = check_word("mean", sp.Integer(64), ("num", "64"), big, {}, "z")
    assert (res.verdict, res.reason) == ("unchecked", "too large to compare here")
    # 64 entries and a vector of 64 values: 128 items, still compared
    res = check_word("dev", Vec([x - mean for x in range(64)]), None, ok, {}, "z")
    assert res.verdict == "correct"
    x = sp.Symbol("x")
    heavy = sum(x**k for k in range(1, 40))
    res = check_word("mean", heavy, ("sym", "x", None), _vec(1, 2), {}, "z")
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
        assert not any(isinstance(h, V.JacEntry) and h.row for h in _prepared(src)[1].values()), src
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
        assert not any(isinstance(h, V.LNOut) for h in _prepared(src)[1].values()), src


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
    assert tree == ("add", (("num", "1"), ("sym", "PH0", None))) and set(holders) == {"PH0"}
    try:
        V.parse(tokenize("1+"))
    except V.Unknown as exc:
        assert str(exc)
    else:
        raise AssertionError("1+ was read")


def test_tree_nodes_walks_every_node_depth_first():
    tree = ("add", (("num", "1"), ("mul", ("sym", "x", None), ("num", "2"))))
    assert [n[0] for n in V.tree_nodes(tree)] == ["add", "mul", "num", "sym", "num"]


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
    assert _step(DY, "1+J_F", definitions=twice).expected == "1+2J_{F}"
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
        ("1+J_F(y)", RESIDUAL, "not read: J_F at a point that is not read"),
        ("1+F'(y)", RESIDUAL, "not read: J_F at a point that is not read"),
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
