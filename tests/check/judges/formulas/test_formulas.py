"""Issue 7: formulas read as claims. The seed's formulas are proved; mutated keys are caught at the right
position with the correct form shown; correct rewrites are never flagged."""

from __future__ import annotations

import pytest
from shared_files import SEED, position

from lnsym.check import Verdict
from lnsym.check.pipeline import check_text
from lnsym.check.spans.declarations import parse_declarations

JAC_STEP = r"\frac{\partial \text{LN}(z{)}_a}{\partial z_b}=\frac{{\gamma }_a}"


@pytest.fixture(scope="module")
def seed_text():
    return SEED.read_text(encoding="utf-8")


def _by_source(report) -> dict:
    return {f.source: f for f in report.findings}


def _wrong(report) -> list:
    return [f for f in report.findings if f.verdict is Verdict.WRONG]


# -- the seed ---------------------------------------------------------------------------------------

def test_the_seed_formulas_are_proved_without_a_false_alarm(worker, seed_text):
    report = check_text(seed_text, "seed", worker)
    assert not _wrong(report), _wrong(report)
    got = {(f.line, f.column): f for f in report.findings}
    expect = {
        r"\frac{dy}{dx}=1+\frac{dF}{dx}": "proved for any F",
        r"\mu =\frac{1}{d}{\sum }_{i=1}^d{x}_i": "proved for all d",
        r"\frac{\partial x_{i+1}}{\partial x_i}=I+": "proved for any F",
        r"{\hat{z}}_a=\frac{z_a-\mu }{\sqrt{{\sigma }^2+ϵ}}": "proved for all d",
        r"(J_{\text{LN}}{)}_{ab}=\frac{\partial": "Jacobian",
        JAC_STEP: "proved for all d",
        r"dy/dx=1+dF/dx": "proved for any F",
    }
    for needle, why in expect.items():
        f = got.get(position(seed_text, needle))
        assert f is not None and f.verdict is Verdict.CORRECT and why in f.reason, (needle, f)
    for needle in ("[-2,0,0,2]", "[4,0,0,4]", "[-0.25,0.25]$. ${"):
        f = got.get(position(seed_text, needle))
        assert f is not None and f.verdict is Verdict.CORRECT, (needle, f)


# -- mutations: (original, mutated, where the wrong step starts, a piece of the correct form) ------------

MUTATIONS = [
    (r"\underbrace{\frac{1}{d}}}-", r"\underbrace{\frac{1}{d-1}}}-", JAC_STEP, r"-\frac{1}{d}-"),
    (r"}}-\underset{\text{variance removal}}", r"}}+\underset{\text{variance removal}}", JAC_STEP,
     r"-\frac{1}{d}\hat{z}_a\hat{z}_b"),
    (r"\frac{{\gamma }_a}{\sqrt{{\sigma }^2+ϵ}}", r"\frac{{\gamma }_a}{{\sigma }^2+ϵ}",
     r"\frac{\partial \text{LN}(z{)}_a}{\partial z_b}=\frac{{\gamma }_a}", r"\sqrt{\sigma^2+\epsilon}"),
    (r"\frac{1}{d}{\hat{z}}_a{\hat{z}}_b}}", r"\frac{1}{d}{\hat{z}}_a{\hat{z}}_a}}", JAC_STEP,
     r"\hat{z}_a\hat{z}_b"),
    (r"{\gamma }_a}{\sqrt{{\sigma }^2+ϵ}}\left(", r"{\gamma }_b}{\sqrt{{\sigma }^2+ϵ}}\left(",
     r"\frac{\partial \text{LN}(z{)}_a}{\partial z_b}=\frac{{\gamma }_b}", r"\gamma_a"),
    (r"\frac{z_a-\mu }{\sqrt{{\sigma }^2+ϵ}}", r"\frac{z_a-\mu }{{\sigma }^2+ϵ}", r"{\hat{z}}_a=\frac{z_a",
     r"\sqrt{\sigma^2+\epsilon}"),
    (r"\mu =\frac{1}{d}{\sum }_{i=1}^d{x}_i", r"\mu =\frac{1}{d-1}{\sum }_{i=1}^d{x}_i", r"\mu =\frac{1}{d-1}",
     r"\frac{1}{d}\sum_{i=1}^{d} x_i"),
    ("Deviations: $[-2,0,0,2]$", "Deviations: $[-2,0,1,2]$", "[-2,0,1,2]", "[-2, 0, 0, 2]"),
    ("Squares: $[4,0,0,4]$", "Squares: $[4,0,0,2]$", "[4,0,0,2]", "[4, 0, 0, 4]"),
    ("Deviations: $[-0.25,0.25]$", "Deviations: $[-0.25,0.35]$", "[-0.25,0.35]", "[-0.25, 0.25]"),
    (r"Mean: $\mu =\frac{1.5+2}{2}=1.75$", r"Mean: $\mu =\frac{1.5+2.5}{2}=2$", r"\mu =\frac{1.5+2.5}{2}",
     "1.75"),
    (r"I+\frac{\partial F}{\partial (\text{LN})}\cdot \frac{\partial \text{LN}}{\partial x_i}",
     r"I+\frac{\partial \text{LN}}{\partial x_i}\cdot \frac{\partial F}{\partial (\text{LN})}",
     r"\frac{\partial x_{i+1}}{\partial x_i}=", r"I+J_{F}\cdot J_{LN}"),
    (r"$\frac{dy}{dx}=1+\frac{dF}{dx}$", r"$\frac{dy}{dx}=\frac{dF}{dx}$", r"\frac{dy}{dx}=\frac{dF}{dx}", "1+J_{F}"),
    (r"Normalize: $\frac{[-0.25,0.25]}{0.25}=[-1,1]$", r"Normalize: $\frac{[-0.25,0.25]}{0.5}=[-0.5,0.5]$",
     "[-0.5,0.5]$. So", "[-1, 1]"),
]


@pytest.mark.parametrize(("original", "mutated", "at", "correct"), MUTATIONS)
def test_a_wrong_formula_is_caught_with_the_correct_form(worker, seed_text, original, mutated, at, correct):
    assert original in seed_text
    text = seed_text.replace(original, mutated, 1)
    report = check_text(text, "mutant", worker)
    wrong = _wrong(report)
    here = [f for f in wrong if (f.line, f.column) == position(text, at)]
    assert here, [(f.line, f.column, f.source) for f in wrong]
    assert correct in here[0].expected, here[0].expected
    assert len(wrong) == 1, [(f.line, f.column, f.source) for f in wrong]


# a slip that the arithmetic also sees downstream (a wrong sigma^2 makes sigma wrong) is reported more than once
MORE_MUTATIONS = [
    (r"{\sigma }^2=\frac{4+0+0+4}{4}", r"{\sigma }^2=\frac{4+0+0+4}{3}", r"{\sigma }^2=\frac{4+0+0+4}{3}", "2"),
    (r"$\mu =5$", r"$\mu =4$", r"\mu =4", "5"),
    (r"\frac{z_a-\mu }", r"\frac{z_b-\mu }", r"{\hat{z}}_a=\frac{z_b", r"\frac{z_a-\mu}"),
    (r"\underbrace{{\delta }_{ab}}", r"\underbrace{{\delta }_{aa}}", JAC_STEP.replace(r"\frac{{\gamma }_a}", ""),
     r"\delta_{ab}"),
    (r"}}-\underset{\text{mean removal}}", r"}}+\underset{\text{mean removal}}", JAC_STEP, r"-\frac{1}{d}-"),
    (r"=I+\frac{\partial F}{\partial (\text{LN})}", r"=\frac{\partial F}{\partial (\text{LN})}",
     r"\frac{\partial x_{i+1}}{\partial x_i}=", r"I+J_{F}\cdot J_{LN}"),
    (r"\frac{{\gamma }_a}{\sqrt{{\sigma }^2+ϵ}}\left(", r"\frac{{\gamma }_a}{\sqrt{{\sigma }^2}+ϵ}\left(",
     r"\frac{\partial \text{LN}(z{)}_a}{\partial z_b}=", r"\sqrt{\sigma^2+\epsilon}"),
    (r"dy/dx=1+dF/dx", r"dy/dx=1-dF/dx", r"dy/dx=1-dF/dx", "1+J_{F}"),
]


@pytest.mark.parametrize(("original", "mutated", "at", "correct"), MORE_MUTATIONS)
def test_more_mutations_are_caught_where_they_are(worker, seed_text, original, mutated, at, correct):
    assert original in seed_text
    text = seed_text.replace(original, mutated, 1)
    wrong = _wrong(check_text(text, "mutant", worker))
    here = [f for f in wrong if (f.line, f.column) == position(text, at)]
    assert here and correct in here[0].expected, [(f.line, f.column, f.expected) for f in wrong]
    assert wrong[0] is here[0]  # the first wrong step is the mutated one


def test_a_counterexample_is_concrete(worker, seed_text):
    text = seed_text.replace(r"\underbrace{\frac{1}{d}}}-", r"\underbrace{\frac{1}{d-1}}}-", 1)
    (f,) = _wrong(check_text(text, "mutant", worker))
    assert "d = 3, z = [1, 2, 4]" in f.reason and "the key gives" in f.reason and "the true value is" in f.reason


def test_the_counterexample_uses_the_declared_epsilon(worker):
    key = ("<!-- lnsym: z is the input of LN; eps = 1e-5 -->\n"
           r"$\frac{\partial \text{LN}(z)_a}{\partial z_b}=\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}"
           r"\left(\delta_{ab}-\frac{1}{d-1}-\frac{1}{d}\hat{z}_a\hat{z}_b\right)$")
    (f,) = check_text(key, "k", worker).findings
    assert f.verdict is Verdict.WRONG and "ε = 1e-05" in f.reason


# -- correct rewrites are never flagged -----------------------------------------------------------------

REWRITES = [
    r"$\frac{\partial \text{LN}(z)_a}{\partial z_b}=\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\delta_{ab}"
    r"-\frac{\gamma_a}{d\sqrt{\sigma^2+\epsilon}}(1+\hat{z}_a\hat{z}_b)$",
    r"$\frac{\partial \mathrm{LayerNorm}(x)_i}{\partial x_j}=\frac{\gamma_i}{\sqrt{\sigma^2+\varepsilon}}"
    r"\left(\delta_{ij}-\frac{1}{d}-\frac{\hat{x}_i\hat{x}_j}{d}\right)$",
    r"$J_{\text{LN}}=\frac{\gamma}{\sqrt{\sigma^2+\epsilon}}\left(I-\frac{1}{d}\mathbf{1}\mathbf{1}^\top"
    r"-\frac{1}{d}\hat{z}\hat{z}^\top\right)$",
    r"$J_{\text{LN}}=\frac{1}{\sqrt{\sigma^2+\epsilon}}\mathrm{diag}(\gamma)\left(I-\frac{\mathbf{1}\mathbf{1}^T}{d}"
    r"-\frac{\hat{z}\hat{z}^T}{d}\right)$",
    r"$\mu=\frac{1}{d}\sum_{i=0}^{d-1}x_i$",
    r"$\sigma^2=\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2$",
    r"$\hat{z}_i=\frac{z_i-\mu}{\sqrt{\sigma^2+\epsilon}}$",
    r"$\frac{\partial \text{LN}(z)_a}{\partial z_b}=\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}"
    r"\left(\delta_{ab}-\frac{1}{d}\right)-\frac{\gamma_a(z_a-\mu)(z_b-\mu)}{d(\sigma^2+\epsilon)^{3/2}}$",
    r"$\frac{\partial \text{LN}(z)_a}{\partial z_b}=\frac{\gamma_a}{d\sqrt{\sigma^2+\epsilon}}\left(d\,\delta_{ab}-1"
    r"-\hat{z}_a\hat{z}_b\right)$",
    r"$J_{\mathrm{LN}}=\frac{\gamma}{\sqrt{\sigma^2+\epsilon}}\left(I-\frac{1}{d}\mathbf 1\mathbf 1^{\top}"
    r"-\frac{1}{d}\hat{z}\hat{z}^{\top}\right)$",
]


@pytest.mark.parametrize("key", REWRITES)
def test_an_equal_form_is_proved(worker, key):
    (f,) = check_text(key, "k", worker).findings
    assert f.verdict is Verdict.CORRECT, f
    assert "proved for all d" in f.reason


def test_the_seed_with_epsilon_spelled_otherwise_is_still_proved(worker, seed_text):
    for eps in (r"\epsilon ", r"\varepsilon "):
        report = check_text(seed_text.replace("ϵ", eps), "k", worker)
        assert not _wrong(report)
        hits = [f for f in report.findings if f.source.startswith(r"\frac{\partial \text{LN}(z{)}_a}")]
        assert hits and all(h.verdict is Verdict.CORRECT for h in hits)


def test_without_epsilon_the_reader_does_not_cry_wolf(worker):
    key = (r"$\hat{x}_i=\frac{x_i-\mu}{\sigma}$ and "
           r"$\frac{\partial \text{LN}(x)_a}{\partial x_b}=\frac{\gamma_a}{\sigma}\left(\delta_{ab}-\frac{1}{d}"
           r"-\frac{1}{d}\hat{x}_a\hat{x}_b\right)$")
    report = check_text(key, "k", worker)
    assert [f.verdict for f in report.findings] == [Verdict.UNCHECKED, Verdict.UNCHECKED]
    assert report.findings and all("ε = 0" in f.reason for f in report.findings)


def test_an_ambiguous_or_unknown_formula_stays_unchecked(worker):
    for key in (r"$J=\frac{\gamma}{s}(I-P)$", r"$\frac{\partial \text{LN}(z)_a}{\partial z_b}=\frac{q_a}{d}$",
                r"$\frac{\partial y}{\partial x}=I+\frac{\partial G}{\partial x}$"):
        report = check_text(key, "k", worker)
        assert not _wrong(report), key


def test_a_convention_spoken_of_in_the_prose_is_not_an_error(worker):
    key = r"The unbiased estimate would be $\sigma^2=\frac{1}{d-1}\sum_{i=1}^{d}(x_i-\mu)^2$."
    (f,) = check_text(key, "k", worker).findings
    assert f.verdict is Verdict.UNCHECKED


def test_post_ln_jacobian_is_proved_for_any_f(worker):
    key = (r"Post-LN: $y=\text{LN}(x+F(x))$, so "
           r"$\frac{\partial y}{\partial x}=\frac{\partial \text{LN}}{\partial x}"
           r"\left(I+\frac{\partial F}{\partial x}\right)$.")
    f = next(f for f in check_text(key, "k", worker).findings if "partial" in f.source)
    assert f.verdict is Verdict.CORRECT and "any F" in f.reason


# -- words ----------------------------------------------------------------------------------------------

def test_words_name_functions_of_the_paragraphs_vector(worker):
    good = "Take $z=[1,2,3,6]$. Mean: $3$. Deviations: $[-2,-1,0,3]$. Squares: $[4,1,0,9]$. Variance: $3.5$."
    report = check_text(good, "k", worker)
    assert [f.verdict.value for f in report.findings] == ["defined"] + ["correct"] * 4
    bad = "Take $z=[1,2,3,6]$. Mean: $3.5$. Variance: $\\frac{14}{3}$. Normalize: $[-1,-0.5,0,1.5]$."
    report = check_text(bad, "k", worker)
    wrong = _wrong(report)
    assert [(f.source, f.expected) for f in wrong[:2]] == [("3.5", "3"), ("\\frac{14}{3}", "3.5")]
    assert wrong[2].source == "[-1,-0.5,0,1.5]"


def test_words_without_a_vector_are_not_checked(worker):
    report = check_text("Deviations: $[-2,0,1,2]$.", "k", worker)
    assert report.findings == ()


# -- declarations ---------------------------------------------------------------------------------------

def test_declarations_are_parsed_and_unknown_clauses_reported(worker):
    decls = parse_declarations("<!-- lnsym: z is the input of LN; n features; eps = 1e-5; frobnicate -->")
    (d,) = decls.items
    assert (d.input_name, d.size_name, float(d.eps), d.unknown) == ("z", "n", 1e-5, ("frobnicate",))
    key = ("<!-- lnsym: z is the input of LN; n features; frobnicate -->\n"
           r"$(J_{\text{LN}})_{ab}=\frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\left(\delta_{ab}-\frac{1}{n}"
           r"-\frac{1}{n}\hat{z}_a\hat{z}_b\right)$")
    first, second = check_text(key, "k", worker).findings
    assert first.verdict is Verdict.UNCHECKED and "frobnicate" in first.reason
    assert second.verdict is Verdict.CORRECT


def test_the_input_is_the_vector_the_formula_names(worker):
    key = (r"$J_{\text{LN}}=\frac{\gamma}{\sqrt{\sigma^2+\epsilon}}\left(I-\frac{1}{d}\mathbf{1}\mathbf{1}^T"
           r"-\frac{1}{d}\hat{h}\hat{h}^T\right)$")
    (f,) = check_text(key, "k", worker).findings
    assert f.verdict is Verdict.CORRECT


def test_a_value_that_fits_another_vector_of_the_paragraph_is_not_wrong(worker):
    key = "Take $x=[1,2,3]$ and $c=[-1,0,1]$. Mean: $2$. Deviations: $[-1,0,1]$."
    report = check_text(key, "k", worker)
    assert not _wrong(report)


def test_words_of_another_quantity_are_not_read(worker):
    key = "Take $z=[1,2,3,6]$. Sample variance: $\\frac{14}{3}$. Batch mean: $5$."
    assert not _wrong(check_text(key, "k", worker))


ALT_KEY = (
    r"# LayerNorm and residual streams — solutions" "\n"
    "\n"
    r"**1.** LayerNorm normalizes each token over its $d$ features. For $h\in\mathbb{R}^d$," "\n"
    r"$$\mu=\frac{1}{d}\sum_{j=1}^{d}h_j,\qquad \sigma^2=\frac{1}{d}\sum_{j=1}^{d}(h_j-\mu)^2,\qquad "
    r"\hat{h}_j=\frac{h_j-\mu}{\sqrt{\sigma^2+\varepsilon}}$$" "\n"
    r"and $\mathrm{LN}(h)_j=\gamma_j\hat{h}_j+\beta_j$." "\n"
    "\n"
    r"**2.** Take $h=[1,2,3,6]$. Mean: $\mu=\frac{1+2+3+6}{4}=3$. Deviations: $[-2,-1,0,3]$. Squares: "
    r"$[4,1,0,9]$. Variance: $\sigma^2=\frac{4+1+0+9}{4}=3.5$. Normalized (with $\varepsilon=0$): $\ha"
    r"t{h}\approx[-1.069,-0.535,0,1.604]$." "\n"
    "\n"
    r"**3.** The Jacobian. Writing $s=\sqrt{\sigma^2+\varepsilon}$," "\n"
    r"$$\frac{\partial \hat{h}_i}{\partial h_j}=\frac{1}{s}\left(\delta_{ij}-\frac{1}{d}-\frac{\hat{h}"
    r"_i\hat{h}_j}{d}\right),$$" "\n"
    r"so $\frac{\partial\,\mathrm{LN}(h)_i}{\partial h_j}=\frac{\gamma_i}{\sqrt{\sigma^2+\varepsilon}}"
    r"\left(\delta_{ij}-\frac{1}{d}-\frac{1}{d}\hat{h}_i\hat{h}_j\right)$. In matrix form," "\n"
    r"$J=\frac{1}{\sqrt{\sigma^2+\varepsilon}}\,\mathrm{diag}(\gamma)\left(I-\frac{1}{d}\mathbf{1}\mat"
    r"hbf{1}^\top-\frac{1}{d}\hat{h}\hat{h}^\top\right)$." "\n"
    r"Useful pieces: $\frac{\partial\mu}{\partial h_j}=\frac{1}{d}$ and $\frac{\partial\sigma^2}{\part"
    r"ial h_j}=\frac{2}{d}(h_j-\mu)$." "\n"
    "\n"
    r"**4.** A residual block computes $y=x+F(x)$, hence $\frac{dy}{dx}=1+F'(x)$ and, for vectors, $\f"
    r"rac{\partial y}{\partial x}=I+J_F(x)$." "\n"
    r"In Pre-LN, $x_{l+1}=x_l+F(\mathrm{LN}(x_l))$, so $\frac{\partial x_{l+1}}{\partial x_l}=I+J_F\,J"
    r"_{\mathrm{LN}}$." "\n"
    r"In Post-LN, $x_{l+1}=\mathrm{LN}(x_l+F(x_l))$ and $\frac{\partial x_{l+1}}{\partial x_l}=J_{\mat"
    r"hrm{LN}}\,(I+J_F)$." "\n"
    "\n"
    r"**5.** RMSNorm drops the mean: $\mathrm{RMSNorm}(x)_i=\frac{x_i}{\sqrt{\frac{1}{d}\sum_j x_j^2+"
    r"\epsilon}}\,g_i$." "\n"
    r"The unbiased estimate would instead use $\frac{1}{d-1}\sum_{j}(h_j-\mu)^2$." "\n"
    r"Softmax: $\mathrm{softmax}(z)_i=\frac{e^{z_i}}{\sum_k e^{z_k}}$ with $\frac{\partial p_i}{\parti"
    r"al z_j}=p_i(\delta_{ij}-p_j)$." "\n"
)


def test_a_key_in_another_notation_is_read_without_a_false_alarm(worker):
    report = check_text(ALT_KEY, "alt", worker)
    assert not _wrong(report), _wrong(report)
    correct = {f.source for f in report.findings if f.verdict is Verdict.CORRECT}
    for step in (r"\frac{dy}{dx}=1+F'(x)", r"\frac{\partial y}{\partial x}=I+J_F(x)",
                 r"\frac{\partial x_{l+1}}{\partial x_l}=I+J_F\,J_{\mathrm{LN}}",
                 r"\frac{\partial x_{l+1}}{\partial x_l}=J_{\mathrm{LN}}\,(I+J_F)",
                 r"\mathrm{LN}(h)_j=\gamma_j\hat{h}_j+\beta_j"):
        assert step in correct, step
    assert any(s.startswith(r"\frac{\partial \hat{h}_i}{\partial h_j}=\frac{1}{s}") for s in correct)  # s = sqrt(..)


def test_post_ln_and_pre_ln_claims_each_follow_from_their_definition(worker):
    for swap in (False, True):
        pre = r"$\frac{\partial x_{l+1}}{\partial x_l}=I+J_F\,J_{\mathrm{LN}}$"
        if swap:
            pre = pre.replace(r"I+J_F\,J_{\mathrm{LN}}", r"I+J_{\mathrm{LN}}\,J_F")
        key = (r"Pre-LN: $x_{l+1}=x_l+F(\mathrm{LN}(x_l))$. Post-LN: $x_{l+1}=\mathrm{LN}(x_l+F(x_l))$. "
               "For Pre-LN, " + pre + ".")
        verdict = check_text(key, "k", worker).findings[-1].verdict
        assert verdict is (Verdict.WRONG if swap else Verdict.CORRECT)


RMS = r"\sqrt{\frac{1}{d}\sum_{j=1}^{d} x_j^2+\epsilon}"
OTHER_NORMS = [
    (r"$\mathrm{RMSNorm}(x)_i=\frac{x_i}{" + RMS + r"}\gamma_i$", Verdict.CORRECT),
    (r"$\mathrm{RMSNorm}(x)_i=\frac{\gamma_i x_i}{\sqrt{\frac{1}{d}\sum_{j=1}^{d} x_j^2}+\epsilon}$", Verdict.CORRECT),
    (r"$\mathrm{RMSNorm}(x)_i=\frac{x_i}{\sqrt{\frac{1}{d-1}\sum_{j=1}^{d} x_j^2+\epsilon}}\gamma_i$", Verdict.WRONG),
    (r"$\mathrm{RMSNorm}(x)_i=\frac{x_i}{\mathrm{RMS}(x)}\gamma_i$", Verdict.UNCHECKED),
    (r"$\frac{\partial\,\mathrm{RMSNorm}(x)_a}{\partial x_b}=\frac{\gamma_a}{" + RMS + r"}\left(\delta_{ab}"
     r"-\frac{x_a x_b}{d\left(\frac{1}{d}\sum_{j=1}^{d} x_j^2+\epsilon\right)}\right)$", Verdict.CORRECT),
    (r"$\frac{\partial\,\mathrm{RMSNorm}(x)_a}{\partial x_b}=\frac{\gamma_a}{" + RMS + r"}\left(\delta_{ab}"
     r"-\frac{x_a x_b}{\frac{1}{d}\sum_{j=1}^{d} x_j^2+\epsilon}\right)$", Verdict.WRONG),
    (r"$\mathrm{softmax}(z)_i=\frac{\exp(z_i)}{\sum_{k=1}^{d}\exp(z_k)}$", Verdict.CORRECT),
    (r"$\mathrm{softmax}(z)_i=\frac{e^{z_i}}{\sum_{j=1}^{d} e^{z_j}+1}$", Verdict.WRONG),
    (r"$\frac{\partial\,\mathrm{softmax}(z)_i}{\partial z_j}=\mathrm{softmax}(z)_i(\delta_{ij}-\mathrm{softmax}(z)_j)$",
     Verdict.CORRECT),
    (r"$\frac{\partial\,\mathrm{softmax}(z)_i}{\partial z_j}=\mathrm{softmax}(z)_i(\delta_{ij}-\mathrm{softmax}(z)_i)$",
     Verdict.WRONG),
]


@pytest.mark.parametrize(("key", "verdict"), OTHER_NORMS)
def test_rmsnorm_and_softmax(worker, key, verdict):
    (f,) = check_text(key, "k", worker).findings
    assert f.verdict is verdict, f
    if verdict is Verdict.WRONG:
        assert f.expected and "the key gives" in f.reason


def test_a_statistic_in_a_sentence_about_the_sample_variance_is_not_wrong(worker):
    key = "Take $x=[2,4,6]$. The sample variance is $\\sigma^2=\\frac{8}{2}=4$."
    assert not _wrong(check_text(key, "k", worker))
    assert _wrong(check_text(key.replace("The sample variance is", "Then"), "k", worker))


def test_bar_x_is_the_mean_and_var_the_population_variance(worker):
    report = check_text(r"Take $x=[2,4,6]$. Then $\bar{x}=\frac{2+4+6}{3}=4$.", "k", worker)
    assert report.findings[1].verdict is Verdict.CORRECT and "μ of x" in report.findings[1].reason
    key = (r"$\mathrm{Var}(x)=\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2$ and "
           r"$\mathrm{Var}(x)=\frac{1}{d-1}\sum_{i=1}^{d}(x_i-\mu)^2$")
    assert [f.verdict for f in check_text(key, "k", worker).findings] == [Verdict.CORRECT, Verdict.WRONG]


def test_an_output_named_by_a_definition_is_ln(worker):
    key = (r"Let $y=\text{LN}(x)$. Then $\frac{\partial y_i}{\partial x_j}=\frac{\gamma_i}{\sqrt{\sigma^2+\epsilon}}"
           r"\left(\delta_{ij}-\frac{1}{d}-\frac{1}{d}\hat{x}_i\hat{x}_j\right)$")
    assert check_text(key, "k", worker).findings[-1].verdict is Verdict.CORRECT
    wrong = key.replace(r"-\frac{1}{d}\hat{x}", r"+\frac{1}{d}\hat{x}")
    assert check_text(wrong, "k", worker).findings[-1].verdict is Verdict.WRONG
    twice = wrong.replace("$. Then", "$ and later $y=x+F(x)$. Then")
    assert check_text(twice, "k", worker).findings[-1].verdict is Verdict.UNCHECKED
