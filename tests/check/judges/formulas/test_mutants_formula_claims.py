"""Rules of the formula claims (lnsym/check/judges/formulas/formula_claims.py) that its mutants showed untested:
which terms may be formulas of the vocabulary, and how a claim is decided."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.formulas.formula_claims import mentions_vocabulary
from lnsym.check.parse.lexer import tokenize


def test_a_term_may_be_a_formula_when_it_names_the_vocabulary():
    for src in (r"\partial y", r"\hat{z}_a", r"\widehat{z}", r"\delta_{ab}", r"\gamma_a", r"\epsilon",
                r"\varepsilon", r"\sigma^2", r"\mu", r"\sum_i x_i", r"\text{LN}(z)", r"\mathrm{RMSNorm}(x)",
                r"\text{softmax}(x)", "J", "F(x)", "I-A"):
        assert mentions_vocabulary(tokenize(src)), src
    for src in ("x+y", r"\alpha_1", r"\frac{1}{2}", r"\text{Batch Norm}", "K", "x_j", ""):
        assert not mentions_vocabulary(tokenize(src)), src


# -- the numeric comparison, the last resort when SymPy decides nothing: 20 seeded points ----------------

def test_the_numeric_comparison_agrees_on_equal_forms_of_the_jacobian():
    from lnsym import symbols as S
    from lnsym.check.judges.formulas.formula_claims import _numerically_equal

    # every letter the catalogue knows varies (d, the entry a, b, x, gamma, epsilon): each must be given a value
    written = S.gamma[S.a] * (S.var + S.eps) ** sp.Rational(-1, 2) * (
        sp.KroneckerDelta(S.a, S.b) - 1 / S.d - (S.x[S.a] - S.mu) * (S.x[S.b] - S.mu) / (S.d * (S.var + S.eps)))
    assert _numerically_equal(written, S.LN_JACOBIAN, True) is True
    assert _numerically_equal(written, S.LN_JACOBIAN + S.beta[S.a], True) is True  # beta is 0 at every point
    assert _numerically_equal(2 * written, S.LN_JACOBIAN, True) is False
    assert _numerically_equal(written, -S.LN_JACOBIAN, True) is False


def test_the_numeric_comparison_has_a_tolerance_relative_to_the_true_value():
    from lnsym.check.judges.formulas.formula_claims import _numerically_equal

    tiny = sp.Rational(15, 10**13)  # 1.5e-12: above the tolerance 1e-12 * (1 + |true|) at 0
    assert _numerically_equal(tiny, sp.Integer(0), False) is False
    assert _numerically_equal(sp.Rational(1, 2), sp.Integer(0), False) is False
    assert _numerically_equal(sp.Integer(0), sp.Integer(0), False) is True
    big = sp.Integer(1000)  # 1e-10 is below 1e-12 * 1001
    assert _numerically_equal(big + sp.Rational(1, 10**10), big, False) is True
    assert _numerically_equal(big + sp.Rational(1, 10**8), big, False) is False
    assert _numerically_equal(-big, big, False) is False


def test_the_numeric_comparison_is_false_when_a_side_has_no_value():
    from lnsym import symbols as S
    from lnsym.check.judges.formulas.formula_claims import _numerically_equal

    free = sp.Symbol("y")  # a name no point gives a value: not a number, never "equal"
    assert _numerically_equal(S.mu + free, S.mu + free, False) is False
    assert _numerically_equal(S.mu, S.mu + free, False) is False


def test_the_numeric_points_range_over_sizes_entries_and_values():
    from lnsym import symbols as S
    from lnsym.check.judges.formulas.formula_claims import _numerically_equal

    delta = sp.KroneckerDelta
    zero = sp.Integer(0)
    # sizes 2 to 6: a key wrong only at d = 2 (or d = 6) is seen, one wrong only at d = 7 is not
    assert _numerically_equal(delta(S.d, 2), zero, False) is False
    assert _numerically_equal(delta(S.d, 6), zero, False) is False
    assert _numerically_equal(delta(S.d, 7), zero, False) is True
    # an entry's indices range over 1..d when the key has indices, else the entry is (1, 1)
    assert _numerically_equal(delta(S.a, 1), sp.Integer(1), True) is False
    assert _numerically_equal(delta(S.b, 1), sp.Integer(1), True) is False
    assert _numerically_equal(delta(S.a, 1), zero, True) is False
    assert _numerically_equal(delta(S.b, 1), zero, True) is False
    assert _numerically_equal(delta(S.a, 1) * delta(S.b, 1), sp.Integer(1), False) is True
    # the entries of x (and of gamma) differ from each other; epsilon is small and positive
    assert _numerically_equal(S.x[1], S.x[2], False) is False
    assert _numerically_equal(S.gamma[1], S.gamma[2], False) is False
    assert _numerically_equal(sp.Min(S.eps, sp.Rational(1, 5)), S.eps, False) is True
    assert _numerically_equal(sp.Abs(S.x[1]), S.x[1], False) is False  # some entries are negative
    assert _numerically_equal(sp.Abs(S.gamma[1]), S.gamma[1], False) is True  # gamma is positive
    # and they are fractions, not whole numbers only (the counterexample's points are)
    assert _numerically_equal(sp.floor(S.x[1]), S.x[1], False) is False
    assert _numerically_equal(sp.floor(S.gamma[1]), S.gamma[1], False) is False


# -- deciding a claim when SymPy cannot prove it for symbolic d ------------------------------------------

def _undecided_for_symbolic_d(monkeypatch):
    """SymPy's equality made unable to decide anything of symbolic size d (as for a form it cannot simplify);
    with concrete sizes it decides as always."""
    from lnsym import decide
    from lnsym import symbols as S
    from lnsym.claims import Truth

    real = decide.equal

    def equal(lhs, rhs, given=()):
        if sp.sympify(lhs).has(S.d) or sp.sympify(rhs).has(S.d):
            return decide.Decision(Truth.UNKNOWN, "not decided (test)")
        return real(lhs, rhs, given)

    monkeypatch.setattr(decide, "equal", equal)


def _decided(key, true, has_indices: bool):
    from lnsym.check.judges.formulas.formula_claims import _decide

    res = _decide(key, true, has_indices, "x", "E", "the claim")
    return res.verdict, res.expected, res.reason


def test_a_claim_sympy_cannot_prove_for_every_d_is_checked_for_each_size_and_entry(monkeypatch):
    from lnsym import symbols as S

    _undecided_for_symbolic_d(monkeypatch)
    delta = sp.KroneckerDelta
    entry = S.x[S.a] * S.x[S.b] + S.mu
    checked = ("correct", "", "the claim: checked for d = 2..6")
    numerically = ("correct", "", "the claim: numerically at 20 points (not proved)")
    assert _decided(entry, entry, True) == checked
    # an index past d is no entry: never compared
    assert _decided(entry + delta(S.a, S.d + 1), entry, True) == checked
    assert _decided(entry + delta(S.b, S.d + 1), entry, True) == checked
    # a key wrong only at d = 6 (never a point of the counterexample, d = 2..5) in its last or first entry: the
    # sizes see it, and the 20 random points do not (they are no proof, and say so)
    assert _decided(entry + delta(S.d, 6) * delta(S.a, 6) * delta(S.b, 6), entry, True) == numerically
    assert _decided(entry + delta(S.d, 6) * delta(S.a, 1) * delta(S.b, 1), entry, True) == numerically
    # without indices only the entry (1, 1) is compared: a key wrong elsewhere is not seen, one wrong at
    # (1, 1) of d = 6 is, and the points (d = 6 among them) do not agree either: not decided
    assert _decided(S.mu + delta(S.d, 6) * delta(S.a, 2), S.mu, False) == checked
    assert _decided(S.mu + delta(S.d, 6) * delta(S.b, 2), S.mu, False) == checked
    not_decided = ("unchecked", "", "the claim: not decided")
    assert _decided(S.mu + delta(S.d, 6) * delta(S.a, 1) * delta(S.b, 1), S.mu, False) == not_decided
    assert _decided(S.mu + delta(S.d, 6), S.mu, False) == not_decided


def test_a_claim_wrong_only_at_a_size_no_counterexample_tries_is_not_decided():
    from lnsym import symbols as S

    # SymPy refutes it (at d = 6), but no point d = 2..5 of the counterexample shows it: not "wrong" without a
    # witness a reader can check, and not correct either
    assert _decided(S.mu + sp.KroneckerDelta(S.d, 6), S.mu, False) == ("unchecked", "", "the claim: not decided")
    assert _decided(S.mu + sp.KroneckerDelta(S.d, 2), S.mu, False)[:2] == ("wrong", "E")


def test_a_double_sum_of_the_variance_is_checked_for_each_size():
    from lnsym.check.judges.formulas.formula_claims import make_job

    job = make_job(r"\sigma^2", r"\frac{1}{2d^2}\sum_{i=1}^{d}\sum_{j=1}^{d}(x_i-x_j)^2", None, {})
    out: dict = {}
    job.run(lambda key, value: out.__setitem__(key, value))
    assert (out[0].verdict, out[0].expected, out[0].reason) == (
        "correct", "", "the population variance over the d features: checked for d = 2..6")


# -- what stays unchecked, and why: the verdict, no expected form, the reason ------------------------------

def _step(left: str, right: str, input_name=None, size_name=None):
    from lnsym.check.judges.formulas.formula_claims import make_job

    out: dict = {}
    job = make_job(left, right, input_name, {})
    job.size_name = size_name
    job.run(lambda key, value: out.__setitem__(key, value))
    return out[0].verdict, out[0].expected, out[0].reason


def test_a_jacobian_that_is_not_read_stays_unchecked_with_its_reason():
    d_rms = r"\frac{\partial\,\mathrm{RMSNorm}(x)_a}{\partial x_b}"
    d_soft = r"\frac{\partial\,\mathrm{softmax}(z)_i}{\partial z_j}"
    cases = [
        (r"\frac{\partial\,\mathrm{RMSNorm}(x)}{\partial x}", "I", None,
         "the RMSNorm Jacobian in matrix form is not read"),
        (r"\frac{\partial\,\mathrm{softmax}(x)}{\partial x}", "I", None,
         "the softmax Jacobian in matrix form is not read"),
        (d_rms, "x_a", "z", "x is not the declared input z"),
        (d_rms, "x_a h_b", None, "the formula mentions h, not only x"),
        (d_rms, r"x_a \hat{h}_b w_a", None, "the formula mentions h, w, not only x"),
        (d_soft, r"\mathrm{softmax}(z)_i!", None, "not read as a formula: fact is not read as a formula"),
        (d_soft, r"\mathrm{softmax}(z)_i\hat{z}", None, "the other side is not read as an entry of indices ij"),
        (d_soft, r"z_k", None, "the other side is not read as an entry of indices ij"),  # a stray index
        (r"(J_{\text{LN}})_{ab}", r"\hat{z}_a\hat{h}_b", "z", "the formula mentions h, not only z"),
        (r"\frac{\partial \hat{z}_a}{\partial z_b}", r"\hat{h}_a", None, "the formula mentions h, not only z"),
        (r"\frac{\partial \hat{z}_a}{\partial z_b}", r"\hat{z}_a!", None,
         "not read as a formula: fact is not read as a formula"),
    ]
    for left, right, name, reason in cases:
        assert _step(left, right, name) == ("unchecked", "", reason), right
    assert _step(d_rms, r"\gamma_a\delta_{ab}", "x")[0] == "wrong"  # the declared input itself is read


# -- reading the names of a term: LN's output, the variable of a derivative, the Jacobian, the quantity -------

def _ln_of(src: str):
    from lnsym.check.judges.formulas.formula_claims import _ln_of

    return _ln_of(tuple(tokenize(src)))


def test_an_output_of_ln_rmsnorm_or_softmax_is_its_vector_its_entry_and_the_function():
    assert _ln_of(r"\text{LN}(z)_a") == ("z", "a", "LN")
    assert _ln_of(r"\text{LN}_a(z)") == ("z", "a", "LN")
    assert _ln_of(r"{\text{LN}}(z)_{a}") == ("z", "a", "LN")
    assert _ln_of(r"\text{LN}(z)") == ("z", None, "LN")
    assert _ln_of(r"\mathrm{RMSNorm}(x)_i") == ("x", "i", "RMSNorm")
    assert _ln_of(r"\mathrm{softmax}(x)") == ("x", None, "softmax")
    for src in (r"\text{LN}_a(z)_b", r"\text{LN}", r"\text{LN}_a", r"\text{LN}(z", r"\text{LN}(2)", r"\text{LN}_2(z)",
                r"\text{LN}(z)_2", r"\text{LN}(z)_a b", r"\text{LN}(z)_a_b", r"\text{foo}(x)", "x", "", r"\text{LN}[z]",
                r"\text{LN}(z+h)", r"\text{LN}z"):
        assert _ln_of(src) is None, src


def test_the_variable_of_a_derivative_is_a_letter_or_a_letter_with_a_letter_index():
    from lnsym.check.judges.formulas.formula_claims import _var_index

    def var(src: str):
        return _var_index(tuple(tokenize(src)))

    assert var("x") == ("x", None)
    assert var("x_j") == ("x", "j")
    assert var("{x}_{j}") == ("x", "j")
    for src in ("x_1", "2", "x_{jk}", "xy", "x_", r"\mu", "x^j", "1_j", "x_j_k", ""):
        assert var(src) is None, src


def _meaning(src: str, definitions=None):
    from lnsym.check.judges.formulas.formula_claims import _jacobian_meaning, _Term

    return _jacobian_meaning(_Term(src), definitions)


def test_the_jacobian_of_ln_in_its_notations_and_by_a_name_the_key_defines_once():
    assert _meaning(r"(J_{\text{LN}})_{ab}") == (None, "a", "b", "LN")
    assert _meaning(r"J_{\text{LN}}") == (None, None, None, "LN")
    assert _meaning(r"\frac{\partial \text{LN}(z)_a}{\partial z_b}") == ("z", "a", "b", "LN")
    assert _meaning(r"\frac{\partial \text{LN}(z)}{\partial z}") == ("z", None, None, "LN")
    # an entry by a matrix, a matrix by an entry, another vector: no Jacobian of LN
    for src in (r"\frac{\partial \text{LN}(z)_a}{\partial z}", r"\frac{\partial \text{LN}(z)}{\partial z_b}",
                r"\frac{\partial \text{LN}(z)}{\partial h}", r"\frac{\partial \text{LN}(z)_a}{\partial h_b}", "x"):
        assert _meaning(src) is None, src
    dy = r"\frac{\partial y_i}{\partial x_j}"
    assert _meaning(dy, {"y": [(r"\text{LN}(x)", 1)]}) == ("x", "i", "j", "LN")
    assert _meaning(dy, {"y": [(r"\mathrm{softmax}(x)", 1)]}) == ("x", "i", "j", "softmax")
    assert _meaning(r"\frac{\partial y}{\partial x}", {"y": [(r"\text{LN}(x)", 1)]}) == ("x", None, None, "LN")
    for defs in ({"y": [(r"\text{LN}(x)", 1), (r"\text{LN}(x)", 2)]},  # defined twice: which one is not known
                 {"y": [(r"\text{LN}(x)_k", 1)]}, {"y": [("x+1", 1)]}, {"h": [(r"\text{LN}(x)", 1)]}, {}, None):
        assert _meaning(dy, defs) is None, defs
    for src in (r"\frac{\partial y_i}{\partial x}", r"\frac{\partial y_i}{\partial h_j}"):
        assert _meaning(src, {"y": [(r"\text{LN}(x)", 1)]}) is None, src


def test_the_vectors_a_term_uses_are_hatted_or_indexed_letters():
    from lnsym.check.judges.formulas.formula_claims import _input_candidates, _Term

    def used(src: str) -> set:
        return _input_candidates(_Term(src).tree)

    # d (the size), I (the identity), J (a Jacobian) with an index are no vectors; nor a letter without one
    assert used(r"\hat{z}_a+\widehat{h}+x_i+d_i+I_a+J_b+\mu_k+y") == {"z", "h", "x"}
    assert used(r"\hat{z}") == {"z"}
    assert used("y+1") == set()


def test_the_quantity_a_term_names():
    from lnsym.check.judges.formulas.formula_claims import _defined_name, _Term

    names = {r"\hat{z}_a": ("zhat", "a"), r"\widehat{h}_{b}": ("zhat", "b"), r"\mu": ("mu", None),
             r"\sigma": ("sigma", None), r"\sigma^2": ("var", None), r"{\sigma}^{2}": ("var", None),
             r"\mathrm{Var}(x)": ("var", None), r"\mathrm{variance}(x)": ("var", None),
             r"\text{LN}(z)_a": ("ln", "a"), r"\mathrm{RMSNorm}(z)_a": ("rms", "a"),
             r"\mathrm{softmax}(z)_i": ("softmax", "i")}
    for src, named in names.items():
        assert _defined_name(_Term(src)) == named, src
    for src in (r"\hat{z}", r"\hat{z}_{ab}", r"\hat{z}_1", r"\mu_1", r"\sigma^3", r"\sigma_1^2", r"\mathrm{Var}(2)",
                r"\mathrm{Mean}(x)", r"\sigma_1", "x"):
        assert _defined_name(_Term(src)) is None, src


def test_a_term_of_numbers_only():
    from lnsym.check.judges.formulas.formula_claims import _numeric_only, _Term

    for src in ("1+2", r"\frac{1}{2}", r"\exp(1)", "2^3", r"\sqrt{2}", "-(3)"):
        assert _numeric_only(_Term(src).tree), src
    for src in ("x", r"\sum_{i=1}^{2} 1", "f(2)", "1+x", r"\frac{1}{y}", r"\prod_{i=1}^{2} 2"):
        assert not _numeric_only(_Term(src).tree), src


# -- the translation of a term onto the catalogue's symbols: its value, its shape, what it wrote ------------

def _translated(src: str, index=None, size=None, v="z"):
    """(expression, shape, wrote ε, wrote γ, wrote β, a stray index) of ``src`` with the entry (a, b)."""
    from lnsym import symbols as S
    from lnsym.check.judges.formulas.formula_claims import _Translator
    from lnsym.check.judges.formulas.vocabulary import Unknown, parse

    tree, holders = parse(tokenize(src))
    tr = _Translator(v, {"a": S.a, "b": S.b} if index is None else index, holders, size)
    try:
        expr, shape = tr.ev(tree)
    except Unknown as exc:
        return str(exc)
    return expr, shape, tr.wrote_eps, tr.wrote_gamma, tr.wrote_beta, tr.stray


def test_the_letters_of_layernorm_are_the_catalogues():
    from lnsym import symbols as S

    x, g, b = S.x, S.gamma, S.beta
    plain = (False, False, False, False)
    cases = {
        r"\gamma": (g[S.a], "s", False, True, False, False), r"\gamma_b": (g[S.b], "s", False, True, False, False),
        r"\beta": (b[S.a], "s", False, False, True, False), r"\beta_b": (b[S.b], "s", False, False, True, False),
        r"\mu": (S.mu, "s", *plain), r"\sigma": (sp.sqrt(S.var), "s", *plain),
        r"\epsilon": (S.eps, "s", True, False, False, False), "d": (S.d, "s", *plain),
        r"\delta_{ab}": (sp.KroneckerDelta(S.a, S.b), "s", *plain),
        r"\hat{z}": (S.zhat(S.a), "c", *plain), r"\hat{z}_b": (S.zhat(S.b), "s", *plain),
        r"\widehat{z}_a": (S.zhat(S.a), "s", *plain), r"\widehat{z}": (S.zhat(S.a), "c", *plain),
        "z": (x[S.a], "c", *plain), "z_b": (x[S.b], "s", *plain),
        "I": (sp.KroneckerDelta(S.a, S.b), "m", *plain), r"\mathbf{1}": (1, "c", *plain),
        r"\text{LN}(z)_b": (S.layer_norm(S.b), "s", False, True, True, False),
        r"\mathrm{softmax}(z)_b": (sp.exp(x[S.b]) / sp.Sum(sp.exp(x[S.j]), (S.j, 1, S.d)), "s", *plain),
        r"\mathrm{RMSNorm}(z)_a": (g[S.a] * x[S.a] / sp.sqrt(sp.Sum(x[S.j] ** 2, (S.j, 1, S.d)) / S.d + S.eps), "s",
                                   *plain),
        "e": (sp.E, "s", *plain), "e^2": (sp.exp(2), "s", *plain),
        "z_c": (x[sp.Symbol("c", integer=True, positive=True)], "s", False, False, False, True),
        r"\mathrm{rms}(z)": (sp.sqrt(sp.Sum(x[S.j] ** 2, (S.j, 1, S.d)) / S.d), "s", *plain),
        r"\mathrm{RMS}(z)": (sp.sqrt(sp.Sum(x[S.j] ** 2, (S.j, 1, S.d)) / S.d), "s", *plain),
        r"\mathrm{diag}(\gamma)": (g[S.a], "s", False, True, False, False),
        r"\exp(z_a)": (sp.exp(x[S.a]), "s", *plain), r"\sqrt{4}": (2, "s", *plain),
        "2^{-1}": (sp.Rational(1, 2), "s", *plain), "1.5": (sp.Rational(3, 2), "s", *plain),
        "-z_a": (-x[S.a], "s", *plain), "z_a z_b": (x[S.a] * x[S.b], "s", *plain),
        r"\frac{z_a}{2}": (x[S.a] / 2, "s", *plain), "z_a/2": (x[S.a] / 2, "s", *plain), "d(2)": (2 * S.d, "s", *plain),
        r"\hat{z}^T": (S.zhat(S.b), "r", *plain), r"\hat{z}^\top": (S.zhat(S.b), "r", *plain),
        r"\hat{z}\hat{z}^T": (S.zhat(S.a) * S.zhat(S.b), "m", *plain),
        r"I+\hat{z}\hat{z}^T": (sp.KroneckerDelta(S.a, S.b) + S.zhat(S.a) * S.zhat(S.b), "m", *plain),
        r"d(\sigma^2+\epsilon)^{3/2}": (S.d * (S.var + S.eps) ** sp.Rational(3, 2), "s", True, False, False, False),
    }
    for src, want in cases.items():
        got = _translated(src)
        assert got[1:] == want[1:] and sp.simplify(got[0] - want[0]) == 0, src
    assert _translated(r"\mathbf{1}^T") == (1, "r", *plain)
    assert _translated("n", size="n") == (S.d, "s", *plain)  # the letter the key declares for the size
    assert _translated(r"\hat{e}_a", v="e")[0] == S.zhat(S.a)  # e is the vector here, not Euler's number


def _at_d3(expr):
    from lnsym import symbols as S

    return sp.expand(expr.subs(S.d, 3).doit())


def test_the_sums_of_the_catalogue_run_over_the_d_features():
    from lnsym import symbols as S

    for src in (r"\sum_{i=1}^{d} z_i", r"\sum_{i=0}^{d-1} z_i", r"\sum_i z_i", r"\sum_{a=1}^{d} z_a",
                r"\sum_{\alpha=1}^{d} z_\alpha"):
        expr, shape = _translated(src)[:2]
        assert shape == "s" and _at_d3(expr - S.d * S.mu) == 0, src
    # the index of a sum is its own inside it, and the entry's again after it
    expr, shape = _translated(r"z_a+\sum_{a=1}^{d}z_a+z_a")[:2]
    assert _at_d3(expr - 2 * S.x[S.a] - S.d * S.mu) == 0
    assert _at_d3(_translated(r"\sum_{i=1}^{d}\sum_{i=1}^{d} z_i")[0] - 3 * S.d * S.mu) == 0
    assert _at_d3(_translated(r"\sum_{i=1}^{d}z_i\sum_{j=1}^{d}z_j")[0] - (S.d * S.mu) ** 2) == 0
    for src in (r"\sum_{i=2}^{d} z_i", r"\sum_{i=1}^{d+1} z_i", r"\sum_{i=0}^{d} z_i", r"\sum_{i=1}^{d-1} z_i"):
        assert _translated(src) == "a sum whose limits are not 1..d", src
    assert _translated(r"\sum_{i=1}^{d}\hat{z}") == "a sum of vectors"


def test_what_the_translation_does_not_read():
    from lnsym import symbols as S

    cases = {
        "n": "n is not in the vocabulary here", "q": "q is not in the vocabulary here",
        r"\mu_1": r"\mu is not in the vocabulary here", r"\sigma_a": r"\sigma is not in the vocabulary here",
        r"\epsilon_a": r"\epsilon is not in the vocabulary here",
        r"\delta_{abc}": r"\delta is not in the vocabulary here",
        r"\delta": r"\delta is not in the vocabulary here", "I_a": "I is not in the vocabulary here",
        r"\text{LN}(h)_a": "PH0 is not in the vocabulary here", "e_a": "e is not in the vocabulary here",
        "z_d": "the index 'd' is not known", r"\hat{z}_a^T": "a transpose of a matrix",
        r"\gamma^T": "a transpose of a matrix", r"\mathrm{rms}(h)": "ufunc is not read as a formula",
        r"\mathrm{diag}(\beta)": "ufunc is not read as a formula", r"\hat{z}+1": "a sum of a matrix and a scalar",
        r"\hat{z}^T\hat{z}": "a matrix product that is not an outer product",
        r"I\hat{z}": "a matrix product that is not an outer product",
        r"\exp(\hat{z})": "exp of a vector", r"\sqrt{I}": "a root of a vector", r"2^{\hat{z}}": "a power of a vector",
        r"\frac{1}{I}": "a division by a vector", r"\sqrt[3]{2}": "a root other than the square root",
        r"d(\hat{z})": "a product of vectors",
    }
    for src, why in cases.items():
        assert _translated(src) == why, src
    assert _translated("z_a", index={}) == "the index 'a' is not known"  # no entry: no stray index either
    assert _translated("z_d", size="n")[-1] is True  # d is a stray index when the size is n
    # a stray index is a fresh one: b when the entry has only a, else c
    assert _translated("z_q", index={"a": S.a})[0] == S.x[S.b]
    assert _translated("z_q z_r", index={"a": S.a})[0] == S.x[S.b] * S.x[sp.Symbol("c", integer=True, positive=True)]


def test_which_vector_a_claim_is_about():
    mean = r"\frac{1}{d}\sum_{i=1}^{d} x_i"
    # the declared input is the vector of a term that names none; without a declaration it is not known
    assert _step(r"\mu", r"\sigma", "x") == (
        "wrong", mean, f"the mean over the d features should be {mean}; d = 3, x = [1, 2, 4]: the key gives 1.24722, "
        "the true value is 2.33333")
    assert _step(r"\mu", r"\sigma") == ("unchecked", "", "formula not read")
    assert _step(r"(J_{\text{LN}})_{ab}", "I", "z") == ("unchecked", "", "the other side is not read as an entry")
    # the vector of the term is the one meant, even when another is declared; two vectors: not clear
    assert _step(r"\text{LN}(z)_a", r"\hat{z}_a", "h")[0] == "correct"
    assert _step(r"\hat{z}_a", r"\frac{x_a-\mu}{\sqrt{\sigma^2+\epsilon}}", "x") == (
        "unchecked", "", "which vector is meant is not clear")
    assert _step(r"\hat{z}_a", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}", "z")[0] == "correct"
    # a number is no formula of the mean
    assert _step(r"\mu", "3", "x") == ("unchecked", "", "formula not read")


def test_the_normalization_without_epsilon_is_a_convention_the_statistics_have_none():
    held = ("unchecked", "")
    assert _step(r"\text{LN}(z)_a", r"\gamma_a\frac{z_a-\mu}{\sigma}+\beta_a") == (
        *held, "LN's output entry: holds only for ε = 0 (the key writes no ε)")
    matrix = r"\frac{1}{\sigma}\left(I-\frac{1}{d}\mathbf{1}\mathbf{1}^\top-\frac{1}{d}\hat{z}\hat{z}^\top\right)"
    assert _step(r"J_{\text{LN}}", matrix) == (
        *held, "the LN Jacobian (with γ = 1: none written): holds only for ε = 0 (the key writes no ε)")
    # an epsilon in a statistic or its derivative is an error
    variance = r"\frac{1}{d}\sum_{i=1}^{d} (x_i-\mu)^2"
    assert _step(r"\sigma^2", r"\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2+\epsilon") == (
        "wrong", variance, f"the population variance over the d features should be {variance}; d = 3, x = [1, 2, 4], "
        "ε = 0.1: the key gives 1.65556, the true value is 1.55556")
    assert _step(r"\frac{\partial\sigma^2}{\partial x_j}", r"\frac{2}{d}(x_j-\mu)+\epsilon") == (
        "wrong", r"\frac{2}{d}(x_j-\mu)", r"the derivative of the variance should be \frac{2}{d}(x_j-\mu); d = 3, "
        "x = [1, 2, 4], ε = 0.1, entry (1, 1): the key gives -0.788889, the true value is -0.888889")


def test_derivatives_by_the_declared_size_and_by_a_whole_vector():
    assert _step(r"\frac{\partial\mu}{\partial x_j}", r"\frac{1}{d}")[0] == "correct"
    # by a whole vector (no entry): not the derivative of a quantity by an entry
    assert _step(r"\frac{\partial\mu}{\partial x}", r"\frac{1}{d}") == ("unchecked", "", "formula not read")
    dx = r"\frac{\partial\hat{x}_i}{\partial x_j}"
    body = r"\frac{1}{\sqrt{\sigma^2+\epsilon}}(\delta_{ij}-\frac{1}{d}-\frac{1}{d}\hat{x}_i\hat{x}_j)"
    assert _step(dx, body) == ("correct", "", "the derivative of the normalized entry: proved for all d")
    assert _step(dx, body.replace(r"-\frac{1}{d}-", "-"))[1] == (
        r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ij}-\frac{1}{d}-\frac{1}{d}\hat{x}_i\hat{x}_j\right)")
    assert _step(r"\frac{\partial\mu}{\partial x_j}", r"\frac{1}{d-1}")[1] == r"\frac{1}{d}"
    assert _step(r"\frac{\partial\sigma}{\partial x_k}", r"\frac{x_k-\mu}{\sigma}")[1] == r"\frac{x_k-\mu}{d\sigma}"
    assert _step(r"\frac{\partial\mu}{\partial x_j}", r"\frac{1}{n}", None, "n")[0] == "correct"
    assert _step(r"\frac{\partial\mu}{\partial x_j}", r"\frac{1}{n}")[0] == "unchecked"


def test_a_side_that_is_a_single_entry_is_refuted_at_a_point():
    # x_j alone, gamma_a alone: a point gives the entry a number (the counterexample once failed on it, and the slip
    # stayed "not decided")
    slips = [
        (r"\hat{z}_a", "z_a", r"\frac{z_a-\mu}{\sqrt{\sigma^2+\epsilon}}",
         "the normalized entry", "d = 3, z = [1, 2, 4], ε = 0: the key gives 1, the true value is -1.06904"),
        (r"\frac{\partial\mu}{\partial x_j}", "x_j", r"\frac{1}{d}",
         "the derivative of the mean",
         "d = 3, x = [1, 2, 4], entry (1, 1): the key gives 1, the true value is 0.333333"),
        (r"\mathrm{softmax}(z)_i", "z_i", r"\frac{e^{z_{i}}}{\sum_{j=1}^{d} e^{z_j}}",
         "the softmax entry", "d = 3, z = [1, 2, 4]: the key gives 1, the true value is 0.0420101"),
    ]
    for left, right, expected, what, witness in slips:
        assert _step(left, right) == ("wrong", expected, f"{what} should be {expected}; {witness}"), left
    assert _step(r"(J_{\text{LN}})_{ab}", "z_b", "z")[0] == "wrong"
    assert _step(r"\text{LN}(z)_a", r"\beta_a")[0] == "wrong"


def test_a_point_value_is_a_number_even_for_a_single_entry():
    from lnsym import symbols as S
    from lnsym.check.judges.formulas.formula_claims import _point_value

    assert _point_value(S.x[S.b], 3, [1, 2, 4], [1, 1, 1], sp.Rational(1, 10), 1, 2) == 2
    assert _point_value(S.gamma[S.a], 3, [1, 2, 4], [5, 6, 7], sp.Rational(1, 10), 3, 1) == 7
    assert _point_value(S.beta[S.a] + S.eps * S.d, 2, [1, 2], [1, 1], sp.Rational(1, 10), 1, 1) == sp.Rational(1, 5)
    assert _point_value(S.mu, 3, [1, 2, 4], [1, 1, 1], 0, 1, 1) == sp.Rational(7, 3)


def test_the_declared_size_is_read_in_every_jacobian():
    d_soft = r"\frac{\partial\,\mathrm{softmax}(z)_i}{\partial z_j}"
    soft = r"\frac{e^{z_i}}{\sum_{k=1}^{n}e^{z_k}}\delta_{ij}-\frac{e^{z_i}e^{z_j}}{(\sum_{k=1}^{n}e^{z_k})^2}"
    assert _step(d_soft, soft, None, "n") == ("correct", "", "the softmax Jacobian entry: proved for all d")
    assert _step(d_soft, soft)[0] == "unchecked"
    jac = r"\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ab}-\frac{1}{n}-\frac{1}{n}\hat{z}_a\hat{z}_b\right)"
    assert _step(r"(J_{\text{LN}})_{ab}", jac, None, "n") == ("correct", "", "the LN Jacobian entry: proved for all d")
    assert _step(r"\hat{z}_a", r"\frac{z_a-\frac{1}{n}\sum_{i=1}^{n}z_i}{\sqrt{\sigma^2+\epsilon}}", None, "n")[0] == (
        "correct")


def test_the_jacobian_is_read_on_either_side_and_compared_off_the_diagonal():
    je = r"(J_{\text{LN}})_{ab}"
    jac = r"\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ab}-\frac{1}{d}-\frac{1}{d}\hat{z}_a\hat{z}_b\right)"
    assert _step(jac, je) == ("correct", "", "the LN Jacobian entry: proved for all d")
    # a slip only off the diagonal (delta_ab as 1) is refuted at the entry (1, 2)
    res = _step(jac.replace(r"\delta_{ab}", "1"), je)
    assert res == ("wrong", jac, f"the LN Jacobian entry should be {jac}; d = 3, z = [1, 2, 4], γ = 1, ε = 0.1, "
                   "entry (1, 2): the key gives 0.44858, the true value is -0.328611")
    body = r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ab}-\frac{1}{d}-\frac{1}{d}\hat{z}_a\hat{z}_b\right)"
    res = _step(r"\frac{\partial \hat{z}_a}{\partial z_b}", body.replace(r"\delta_{ab}", "1"))
    assert res[0] == "wrong" and res[2].endswith(
        "entry (1, 2): the key gives 0.44858, the true value is -0.328611")
    # the matrix and an entry are two notations; a derivative of the whole vector is the matrix
    assert _step(je, r"J_{\text{LN}}") == ("unchecked", "", "two notations of the Jacobian with different indices")
    assert _step(r"\frac{\partial \text{LN}(z)}{\partial z}", r"J_{\text{LN}}")[0] == "correct"


def test_both_sides_the_same_jacobian_name_its_function():
    d_soft = r"\frac{\partial\,\mathrm{softmax}(z)_i}{\partial z_j}"
    assert _step(d_soft, d_soft) == ("correct", "", "both sides are softmax's Jacobian (entry by definition)")
    d_rms = r"\frac{\partial\,\mathrm{RMSNorm}(z)_i}{\partial z_j}"
    assert _step(d_rms, r"\frac{\partial\,\mathrm{RMSNorm}(z)_i}{\partial z_j}")[2] == (
        "both sides are RMSNorm's Jacobian (entry by definition)")
    # the Jacobians of two functions are not the same
    assert _step(d_soft, r"(J_{\text{LN}})_{ij}")[0] == "unchecked"
    assert _step(d_rms, d_soft)[0] == "unchecked"


def test_an_inner_sum_over_the_same_index_gives_it_back_to_the_outer_one():
    from lnsym import symbols as S

    expr, shape, *_, stray = _translated(r"\sum_{i=1}^{d}\left(\sum_{i=1}^{d}z_i\right)z_i")
    assert shape == "s" and stray is False
    assert _at_d3(expr - (S.d * S.mu) ** 2) == 0


def test_a_step_that_is_no_formula_of_the_vocabulary_says_so_with_its_code():
    from lnsym.check.judges.formulas.formula_claims import make_job
    from lnsym.check.reasons import Reason

    out: dict = {}
    make_job(r"\mu", "3", None, {}).run(lambda key, value: out.__setitem__(key, value))
    assert (out[0].verdict, out[0].reason, out[0].code) == ("unchecked", "formula not read", Reason.FORMULA_NOT_READ)
    assert out[-1] == {}


# -- the counterexample: d = 3 first, then six seeded points; every entry when the key has indices ---------

def test_the_counterexample_tries_each_entry_and_the_points_in_their_order(monkeypatch):
    from lnsym import symbols as S
    from lnsym.check.judges.formulas import formula_claims as FC

    delta = sp.KroneckerDelta
    mu = S.mu
    monkeypatch.setattr(FC, "_EPS", None)  # no declared ε: 0.1 at d = 3
    assert FC._counterexample(mu + delta(S.a, 3) * delta(S.b, 3) * delta(S.d, 3), mu, True, "z") == (
        "d = 3, z = [1, 2, 4], entry (3, 3): the key gives 3.33333, the true value is 2.33333")
    # entries run from 1 to d: an index past d, or one other than (1, 1) without indices, is never compared
    assert FC._counterexample(mu + delta(S.a, S.d + 1), mu, True, "z") == ""
    assert FC._counterexample(mu + delta(S.b, S.d + 1), mu, True, "z") == ""
    assert FC._counterexample(mu + delta(S.a, 2), mu, False, "z") == ""
    assert FC._counterexample(mu + delta(S.b, 2), mu, False, "z") == ""
    # sizes 2 to 5 after d = 3
    assert FC._counterexample(mu + delta(S.d, 2), mu, False, "z") == (
        "d = 2, z = [-2, -5]: the key gives -2.5, the true value is -3.5")
    assert FC._counterexample(mu + delta(S.d, 5), mu, False, "z") == (
        "d = 5, z = [-5, 4, -4, -2, 5]: the key gives 0.6, the true value is -0.4")
    assert FC._counterexample(mu + delta(S.d, 6), mu, False, "z") == ""
    # a point where a side has no value (x_4 when d = 3) or none defined (1/0) is passed over, not the end
    assert FC._counterexample(mu + S.x[4], mu, False, "z") == (
        "d = 4, z = [-3, 1, 5, -5]: the key gives -5.5, the true value is -0.5")
    assert FC._counterexample(mu + 1 / (S.x[1] - 1), mu, False, "z") == (
        "d = 4, z = [-3, 1, 5, -5]: the key gives -0.75, the true value is -0.5")


def test_the_counterexample_names_gamma_and_epsilon_when_either_side_has_them(monkeypatch):
    from lnsym import symbols as S
    from lnsym.check.judges.formulas import formula_claims as FC

    monkeypatch.setattr(FC, "_EPS", None)  # no declared ε: 0.1 at d = 3
    x, g = S.x[S.a], S.gamma[S.a]
    at = "d = 3, z = [-5, -4, 1], γ = [2, 1, 1]: the key gives "
    assert FC._counterexample(g * x, x, False, "z") == at + "-10, the true value is -5"
    assert FC._counterexample(x, g * x, False, "z") == at + "-5, the true value is -10"
    assert FC._counterexample(x, x + S.eps, False, "z") == (
        "d = 3, z = [1, 2, 4], ε = 0.1: the key gives 1, the true value is 1.1")
    assert FC._counterexample(x + S.eps, x, False, "z") == (
        "d = 3, z = [1, 2, 4], ε = 0.1: the key gives 1.1, the true value is 1")


def test_a_value_is_shown_as_a_short_decimal_or_as_written():
    from lnsym.check.judges.formulas.formula_claims import _fmt

    assert [_fmt(v) for v in (sp.Rational(1, 3), sp.Integer(10) ** 7, sp.sqrt(2), sp.Integer(-2))] == [
        "0.333333", "1e+07", "1.41421", "-2"]
    assert _fmt(sp.Symbol("q")) == "q" and _fmt(sp.I) == "I"


def test_the_jacobians_vector_and_indices_are_the_derivatives_own():
    from lnsym.check.judges.formulas.formula_claims import _latex_jacobian

    # no vector in the other side, none declared: the derivative names it; its indices name the expected form
    cases = ((r"\frac{\partial \text{LN}(z)_a}{\partial z_b}", r"\gamma_a\delta_{ab}", "z", "a", "b"),
             (r"\frac{\partial \text{LN}(x)_i}{\partial x_j}", r"\gamma_i\delta_{ij}", "x", "i", "j"))
    for left, right, v, r, c in cases:
        expected = _latex_jacobian(v, r, c)
        assert _step(left, right) == ("wrong", expected, f"the LN Jacobian entry should be {expected}; d = 3, {v} = "
                                      "[1, 2, 4], γ = 1, ε = 0, entry (1, 1): the key gives 1, the true value is "
                                      "0.229081"), left  # the key writes no ε: refuted at ε = 0
    assert _step(r"\frac{\partial \text{LN}(z)_a}{\partial z_b}", r"\gamma_a\delta_{ab}", "h")[0] == "wrong"
    # the matrix has no entry's indices: a letter index in it is not known
    assert _step(r"J_{\text{LN}}", r"\hat{z}\hat{z}^T z_c") == (
        "unchecked", "", "not read as a formula: the index 'c' is not known")


def test_an_output_whose_formula_names_no_vector_is_about_the_outputs_own():
    rms = r"\gamma_{i}\frac{x_{i}}{\sqrt{\frac{1}{d}\sum_{j=1}^{d} x_j^2+\epsilon}}"
    assert _step(r"\mathrm{RMSNorm}(x)_i", r"\gamma_i") == (
        "wrong", rms, f"RMSNorm's output entry should be {rms}; d = 3, x = [1, 2, 4], γ = 1, ε = 0: the key gives 1, "
        "the true value is 0.377964")
    soft = r"\frac{e^{z_{i}}}{\sum_{j=1}^{d} e^{z_j}}"
    assert _step(r"\mathrm{softmax}(z)_i", r"\frac{1}{d}") == (
        "wrong", soft, f"the softmax entry should be {soft}; d = 3, z = [1, 2, 4]: the key gives 0.333333, "
        "the true value is 0.0420101")
    ln = r"\frac{z_{a}-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta_{a}"
    assert _step(r"\text{LN}(z)_a", r"\beta_a") == (
        "wrong", ln, f"LN's output entry (with γ = 1: none written) should be {ln}; d = 3, z = [1, 2, 4], ε = 0: "
        "the key gives 0, the true value is -1.06904")
    # a statistic has no entry: an index in its formula is not known
    assert _step(r"\mu", "x_k") == ("unchecked", "", "formula not read")


def test_abbreviations_expand_four_deep_at_most():
    from lnsym.check.judges.formulas.formula_claims import make_job

    def zhat(definitions: dict) -> str:
        out: dict = {}
        make_job(r"\hat{z}_a", r"\frac{z_a-\mu}{s}", None, definitions).run(lambda k, v: out.__setitem__(k, v))
        return out[0].verdict

    root = [(r"\sqrt{\sigma^2+\epsilon}", 1)]
    # s -> t -> u -> v -> the root: four names expanded
    four = {c: [(n, 1)] for c, n in zip("stu", "tuv", strict=True)} | {"v": root}
    assert zhat(four) == "correct"
    # s -> t -> u -> v -> w -> the root: a fifth is not expanded
    five = {c: [(n, 1)] for c, n in zip("stuv", "tuvw", strict=True)} | {"w": root}
    assert zhat(five) == "unchecked"


def test_derivatives_that_are_no_claim_of_the_vocabulary_are_not_read():
    # the Jacobian entry on the right, the derivative's vector on the left: the same Jacobian
    assert _step(r"\frac{\partial \text{LN}(z)_a}{\partial z_b}", r"(J_{\text{LN}})_{ab}") == (
        "correct", "", "both sides are LN's Jacobian (entry by definition)")
    # by a number or a sum, or LN's output by another vector: nothing the vocabulary says
    for left in (r"\frac{\partial\mu}{\partial 2}", r"\frac{\partial\mu}{\partial (x+y)}",
                 r"\frac{\partial \text{LN}(z)_a}{\partial h_b}"):
        assert _step(left, r"\frac{1}{d}") == ("unchecked", "", "formula not read"), left


def test_a_formula_step_past_the_files_deadline_is_unchecked_with_the_deadlines_reason():
    from lnsym.check.budget import Deadline
    from lnsym.check.judges.formulas.formula_claims import make_job
    from lnsym.check.judges.worker import Worker

    now = [0.0]
    worker = Worker()
    worker.deadline = Deadline(5, None, clock=lambda: now[0])
    now[0] = 6.0  # the file's 5 s have passed: the step is never decided
    results, values = worker._run(make_job(r"\mu", r"\frac{1}{d}\sum_{i=1}^{d}x_i", None, {}))
    assert list(results) == [0] and values == {}
    assert (results[0].verdict, results[0].reason) == ("unchecked", worker.deadline.reason())
    assert results[0].reason


def test_a_vector_times_a_number_is_a_vector_in_either_order():
    from lnsym import symbols as S

    for src in (r"\hat{z}\frac{1}{d}", r"\frac{1}{d}\hat{z}", r"\hat{z}^T 2"):
        assert _translated(src)[1] == ("r" if "^T" in src else "c"), src
    assert _translated(r"\hat{z}\frac{1}{d}")[0] == S.zhat(S.a) / S.d
