"""Rules of the formula reader (lnsym/check/judges/formulas/formula_reader.py) that its mutants showed untested:
which sentence speaks of another convention, which vectors a paragraph works on, the key's definitions."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.formulas.formula_reader import FormulaReader
from lnsym.check.judges.numbers.evaluate import Vec
from lnsym.check.parse.nodes import Add, Frac, Num, Pow, Sym
from lnsym.check.pipeline import check_text


def _other(text: str) -> bool:
    return FormulaReader(text, None)._other_convention(text.index("$"))


def test_another_convention_is_spoken_of_only_in_the_formulas_own_sentence():
    assert _other(r"With the sample variance, $\sigma^2=2$.")
    assert _other(r"Suppose the mean were $\mu=3$.")
    assert not _other(r"The population variance is $\sigma^2=2$.")
    assert not _other(r"This is not it. The mean is $\mu=3$.")  # an earlier sentence: cut at its full stop
    assert not _other("This is not it.\n\nThe mean is $\\mu=3$.")  # an earlier paragraph
    assert not _other("not " + "a" * 170 + " $\\mu=3$")  # more than 160 characters before the formula
    assert _other("not " + "a" * 150 + " $\\mu=3$")
    assert not _other(r"The notation is standard: $\mu=3$.")  # "not" inside a word is no negation


def test_each_word_of_another_case_or_convention_is_seen_in_any_case():
    for word in ("unbiased", "Sample", "Bessel", "batch norm", "BatchNorm", "instead", "would", "wrong", "incorrect",
                 "mistake", "Not", "if", "suppose", "common error", "error", "typo", "bug"):
        assert _other(f"The {word} form: $\\mu=3$."), word


def test_the_sentence_is_cut_at_the_last_full_stop_or_blank_line():
    assert not _other(r"Fine. If so. The mean is $\mu=3$.")
    assert not _other("Fine\n\nIf so\n\nThe mean is $\\mu=3$.")
    # exactly the 160 characters before the formula are read
    assert not _other("not" + " " * 158 + r"$\mu=3$")
    assert _other("not" + " " * 157 + r"$\mu=3$")
    assert _other(r"not $\mu=3$")


def _vec(*xs) -> Vec:
    return Vec([sp.Integer(x) for x in xs])


def test_a_paragraphs_vector_has_numbers_for_entries_one_or_more():
    r = FormulaReader("", None)
    env = {"one": _vec(5), "none": Vec([]), "n": sp.Integer(3), "s": Vec([sp.Symbol("s")])}
    r.observe(0, env)
    assert r.vectors(0, env) == [("one", _vec(5))]


def test_a_mean_written_out_is_the_data_only_without_a_bound_vector():
    r = FormulaReader("", None)
    r._infer(0, Frac(Add((Num("1"), Num("3"))), Num("2")))
    assert r.vectors(0, {}) == [("x", _vec(1, 3))]
    r.observe(0, {"a": _vec(2, 4)})
    assert r.vectors(0, {"a": _vec(2, 4)}) == [("a", _vec(2, 4))]


def test_a_matrix_is_not_a_paragraphs_vector_and_each_paragraph_keeps_its_own():
    r = FormulaReader("", None)
    m = Vec([_vec(1, 2), _vec(3, 4)])
    r.observe(0, {"m": m})
    assert r.vectors(0, {"m": m}) == []
    r.observe(0, {"a": _vec(1, 2)})
    r.observe(1, {"a": _vec(1, 2)})  # the same vector in the next paragraph is that paragraph's too
    assert r.vectors(1, {"a": _vec(1, 2)}) == [("a", _vec(1, 2))]
    r.step(2, 0, "x", "y", "<", (None, None), {}, 0, {"b": _vec(5, 6)})  # a step shows the paragraph's names
    assert r.vector(2, {"b": _vec(5, 6)}) == ("b", _vec(5, 6))


def test_only_a_fraction_of_a_sum_of_numbers_is_a_mean_written_out():
    r = FormulaReader("", None)
    r._infer(0, Pow(Add((Num("1"), Num("3"))), Num("2")))  # (1+3)^2
    assert r.vectors(0, {}) == []


def test_every_declaration_not_understood_is_listed():
    r = FormulaReader("<!-- lnsym: frob; quux --> $x$", None)
    ((_, _, res),) = r.declaration_findings()
    assert (res.verdict, res.expected) == ("unchecked", "")
    assert res.reason.startswith("lnsym declaration not understood: frob; quux (understood:")


def test_a_definition_written_twice_with_the_same_spacing_is_kept_once():
    r = FormulaReader(r"Let $y = x + F(x)$, so $y = x + F(x)$ and $a=\sigma$, $b=\mu$, $c=\epsilon$, "
                      r"$e=\varepsilon$, $f=\frac{1}{2}$.", None)
    assert r.definitions() == {"y": [("x + F(x)", 1)], "a": [(r"\sigma", 1)], "b": [(r"\mu", 1)],
                               "c": [(r"\epsilon", 1)], "e": [(r"\varepsilon", 1)], "f": [(r"\frac{1}{2}", 1)]}


def test_a_fault_of_the_reader_names_where_it_happened(monkeypatch):
    r = FormulaReader("", None)

    def fault(*args, **kwargs):
        raise AttributeError("a fault")

    monkeypatch.setattr(FormulaReader, "_step", fault)
    res = r.step(0, 0, "x", "y", "=", (None, None), {}, 0, {})
    assert res.verdict == "error" and res.reason.startswith("the formula reading: lnsym failed (AttributeError")
    monkeypatch.setattr(FormulaReader, "_words", fault)
    ((s, e, res),) = r.words(0, "Mean:")  # no span text: the finding covers one character
    assert (s, e) == (0, 1) and res.reason.startswith("the reading of words: lnsym failed")
    ((s, e, _),) = r.words(0, "Mean:", "abcd", env={}, offset=0)
    assert (s, e) == (0, 4)


def test_another_convention_right_after_a_full_stop_at_the_edge_of_what_is_read():
    # the 160 characters read start with ". ": what follows it is the sentence
    assert _other("x" * 50 + ". if" + " " * 156 + r"$\mu=3$")


X = _vec(1, 3)


def _words(prose: str, span: str, env: dict | None = None, text: str = "", offset: int = 0, **kw) -> list:
    r = FormulaReader(text, None)
    env = {"x": X, **(env or {})}
    r.observe(0, env)
    return [(s, e, res.verdict, res.reason) for s, e, res in r.words(0, prose, span, env, offset, **kw)]


def test_a_word_before_a_chain_is_about_its_last_term():
    assert _words("Deviations:", r"x-\mu=[-1,1]=[-1,2]") == [
        (13, 19, "wrong", "x - μ with x = [1, 3]: entry 2 should be 1")]
    assert _words("Deviations:", r"x-\mu=[-1,2]", span_wrong=True) == []  # reported once, by the step
    # a statistic written as a chain is checked as a step
    assert _words("Variance:", r"\frac{4}{2}=2") == [] and _words("Mean:", r"\frac{4}{2}=3") == []


def test_a_word_reads_the_paragraphs_names_and_its_epsilon():
    assert _words("Deviations:", "[-c,c]", {"c": sp.Integer(1)})[0][2] == "correct"
    # a symbolic epsilon is no number: (x - μ)/σ
    assert _words("Normalize:", "[-1,1]", {"\\epsilon": sp.Symbol("e")})[0][2] == "correct"
    text = "<!-- lnsym: eps = 0.75 -->\nTake x. Normalize: $[-0.5,0.5]$."
    half = Vec([sp.Rational(-1, 2), sp.Rational(1, 2)])
    got = _words("Normalize:", "[-0.5,0.5]", {"x": half}, text=text, offset=text.index("$"))
    assert got[0][2] == "correct"


def test_a_formula_of_the_data_needs_a_mean_written_out_in_its_paragraph():
    r = FormulaReader("", None)
    r._infer(0, Frac(Add((Num("1"), Num("3"))), Num("2")))
    assert r._with_vector(1, (Sym("x", None), Num("1")), "=", {}) is None


def _findings(key: str, worker) -> list[tuple[str, str, str, str]]:
    return [(f.verdict.value, f.source, f.expected, f.reason) for f in check_text(key, "k", worker).findings]


MATRIX = (r"\frac{1}{\sqrt{\sigma^2+\epsilon}}\left(I-\frac{1}{d}\mathbf{1}\mathbf{1}^\top"
          r"-\frac{1}{d}\hat{z}\hat{z}^\top\right)")


def test_a_formula_step_uses_the_declared_input_and_keeps_its_own_reason(worker):
    step = f"$J_{{\\text{{LN}}}} = {MATRIX}$"
    assert _findings("<!-- lnsym: z is the input of LN -->\n" + step, worker)[-1][0] == "correct"
    assert _findings("<!-- lnsym: h is the input of LN -->\n" + step, worker)[-1][:3] == (
        "unchecked", f"J_{{\\text{{LN}}}} = {MATRIX}", "")
    # without a declaration the reader says what it needs (not the arithmetic's reason)
    assert _findings(r"$J_{\text{LN}} = \frac{1}{\sqrt{\sigma^2+\epsilon}}I$", worker)[-1][3] == (
        "which vector is LN's input is not clear; declare it (<!-- lnsym: z is the input of LN -->)")


def test_a_wrong_formula_in_a_sentence_about_another_case_is_unchecked_with_the_reason(worker):
    got = _findings(r"Suppose $\hat{z}_a=\frac{z_a-\mu}{\sigma^2+\epsilon}$.", worker)[-1]
    assert got[:3] == ("unchecked", r"\hat{z}_a=\frac{z_a-\mu}{\sigma^2+\epsilon}", "")
    assert got[3].startswith("the prose speaks of another convention; the normalized entry should be ")


def test_a_formula_of_the_data_may_stand_on_the_right(worker):
    got = _findings(r"We have $\mu=\frac{1+3}{2}=2$ and $\sigma=1$. So $[-1,1]=\frac{x-\mu}{\sigma}$.", worker)
    assert got[-1] == ("correct", r"[-1,1]=\frac{x-\mu}{\sigma}", "", "with x = [1, 3], the entries of the mean")
