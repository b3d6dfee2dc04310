"""End to end: the seed key, mutations that must be caught at their position, context, hostile input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_files import SEED, position

from lnsym.check import Verdict, check_answer_key
from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text


@pytest.fixture(scope="module")
def seed_text():
    return SEED.read_text(encoding="utf-8")


def verdicts(report):
    return [(f.line, f.column, f.verdict.value) for f in report.findings]


def wrong_at(report):
    return [(f.line, f.column) for f in report.findings if f.verdict is Verdict.WRONG]


def test_seed_key_has_no_wrong_step_and_checks_all_arithmetic(worker, seed_text):
    report = check_text(seed_text, "seed", worker)
    assert report.summary["wrong"] == 0, [f for f in report.findings if f.verdict is Verdict.WRONG]
    assert report.summary["correct"] >= 42
    sources = {f.source: f.verdict for f in report.findings}
    for step in [
        r"\frac{2+4+4+6}{4}=\frac{16}{4}", r"\frac{16}{4}=4", r"\sqrt{2}\approx 1.4142",
        r"\frac{2}{1/3}=2\times 3", r"2\times 3=6", r"\sqrt{10^{-5}}\approx 0.003162",
        r"(1+0.02{)}^{48}=1.02^{48}", r"1.02^{48}\approx 2.587", r"\frac{[0,0,0,0]}{0.003162}=[0,0,0,0]",
        r"\frac{[-0.25,0.25]}{0.25}=[-1,1]", r"\sigma =0.25", r"\sigma =1.1", r"x_1=x_2", r"x_i+0=x_i",
        r"{\prod }_{i=1}^n(1+\delta )=(1+\delta {)}^n", r"\frac{1}{3}\approx 0.333", r"x-\mu =[0,0,0,0]",
    ]:
        assert sources.get(step) is Verdict.CORRECT, step
    # every unchecked step is either a definition or has symbols/forms arithmetic cannot decide
    for f in report.findings:
        if f.verdict is Verdict.UNCHECKED:
            assert f.reason, f


MUTATIONS = [
    # (original, mutated, the step that must be wrong starts at the mutated text's left side)
    (r"\frac{16}{4}=4", r"\frac{16}{4}=5", r"\frac{16}{4}=5"),
    (r"\sqrt{2}\approx 1.4142", r"\sqrt{2}\approx 1.4124", r"\sqrt{2}\approx 1.4124"),
    (r"\frac{1}{3}\approx 0.333", r"\frac{1}{3}\approx 0.334", r"\frac{1}{3}\approx 0.334"),
    (r"[1,3]+[0.5,-1]=[1.5,2]", r"[1,3]+[0.5,-1]=[1.5,-2]", r"[1,3]+[0.5,-1]=[1.5,-2]"),
    (r"=2\times 3=6", r"=2\times 3=7", r"2\times 3=7"),
    (r"1.02^{48}\approx 2.587", r"1.02^{48}\approx 2.578", r"1.02^{48}\approx 2.578"),
    (r"\approx 0.003162", r"\approx 0.003126", r"\sqrt{10^{-5}}\approx 0.003126"),
    (r"\frac{0.0625+0.0625}{2}=0.0625", r"\frac{0.0625+0.0625}{2}=0.625", r"\frac{0.0625+0.0625}{2}=0.625"),
    (r"$\sigma =0.25$", r"$\sigma =0.5$", r"\sigma =0.5"),
    (r"$x_1=x_2=[1,-1]$", r"$x_1=x_2=[1,1]$", r"x_2=[1,1]"),
    (r"x_i+0=x_i", r"x_i+0=2x_i", r"x_i+0=2x_i"),
    (r"\frac{[-0.25,0.25]}{0.25}=[-1,1]", r"\frac{[-0.25,0.25]}{0.25}=[-1,1,0]", r"\frac{[-0.25,0.25]}{0.25}=[-1,1,0]"),
    (r"=\frac{1}{0.5}=2", r"=\frac{1}{0.5}=-2", r"\frac{1}{0.5}=-2"),
    (r"\sigma =\sqrt{2}\approx 1.4142", r"\sigma =\sqrt{3}\approx 1.7321", r"\sigma =\sqrt{3}"),
    (r"$\sigma =1.1$", r"$\sigma =1.2$", r"\sigma =1.2"),
    (r"\frac{[0,0,0,0]}{0.003162}=[0,0,0,0]", r"\frac{[0,0,0,0]}{0.003162}=[0,0,1,0]",
     r"\frac{[0,0,0,0]}{0.003162}=[0,0,1,0]"),
    (r"x_{i+1}=[1,3]+[0,0]=[1,3]", r"x_{i+1}=[1,3]+[0,0]=[1,-3]", r"[1,3]+[0,0]=[1,-3]"),
]


@pytest.mark.parametrize(("original", "mutated", "at"), MUTATIONS)
def test_a_mutated_seed_is_caught_at_its_position(worker, seed_text, original, mutated, at):
    assert original in seed_text
    text = seed_text.replace(original, mutated, 1)
    report = check_text(text, "mutant", worker)
    assert position(text, at) in wrong_at(report), verdicts(report)
    assert report.summary["wrong"] == 1


def test_the_wrong_value_is_stated(worker):
    report = check_text(r"Then $\frac{1}{3}\approx 0.334$.", "k", worker)
    (f,) = report.findings
    assert f.verdict is Verdict.WRONG
    assert f.expected == "0.333"
    assert "0.33333" in f.reason and "rounds to 0.333" in f.reason


def test_decimal_literals_are_exact(worker):
    report = check_text("$0.1+0.2=0.3$ and $0.1+0.2=0.31$", "k", worker)
    assert [f.verdict.value for f in report.findings] == ["correct", "wrong"]


def test_equals_for_a_rounding_is_imprecise_with_a_note(worker):
    """'=' for a rounding: the value is right, the relation is not (severity imprecise, not wrong)."""
    (f,) = check_text(r"$\sqrt{2}=1.414$", "k", worker).findings
    assert f.verdict is Verdict.IMPRECISE
    assert "≈" in f.reason
    (g,) = check_text(r"$\sqrt{2}=1.415$", "k", worker).findings
    assert g.verdict is Verdict.WRONG


def test_context_binds_within_a_paragraph_and_a_computed_value_refutes_in_the_next(worker):
    text = "Let $\\mu=\\frac{2+4}{2}=3$. Then $\\mu+1=4$ and $\\mu+1=5$.\n\nHere $\\mu+1=5$."
    report = check_text(text, "k", worker)
    got = [(f.source, f.verdict.value) for f in report.findings]
    assert ("\\mu+1=4", "correct") in got
    assert got.count(("\\mu+1=5", "wrong")) == 2  # (the next paragraph's: with the value computed, line 1)
    assert "bound in an earlier paragraph" in report.findings[-1].reason
    bare = check_text(text.replace("\\frac{2+4}{2}=", ""), "k", worker)  # a bare value: a case or a candidate
    assert [(f.source, f.verdict.value) for f in bare.findings][-1] == ("\\mu+1=5", "unchecked")


def test_recomputation_is_not_a_contradiction(worker):
    text = "$z=[1,2]+[1,1]=[2,3]$. Layer 2: $z=[2,3]+[1,1]=[3,4]$. So $z=[3,4]$."
    report = check_text(text, "k", worker)
    assert report.summary["wrong"] == 0
    assert ("z=[3,4]", "unchecked") not in [(f.source, f.verdict.value) for f in report.findings if f.reason == "x"]


def test_alternatives_are_not_contradictions(worker):
    text = "So $x^2=4$, hence $x=2$ or $x=-2$. If $x=2$, then $x+1=3$. If $x=-2$, then $x+1=-1$."
    report = check_text(text, "k", worker)
    assert report.summary["wrong"] == 0


def test_sigma_from_sigma_squared(worker):
    text = r"${\sigma }^2=\frac{0.0625+0.0625}{2}=0.0625$, $\sigma =0.5$."
    report = check_text(text, "k", worker)
    assert wrong_at(report) == [position(text, r"\sigma =0.5")]
    assert report.findings[-1].expected == "0.25"


def test_symbolic_steps(worker):
    ok = check_text(r"$y=(x+1)^2=x^2+2x+1$", "k", worker)
    assert [f.verdict.value for f in ok.findings] == ["unchecked", "correct"]
    bad = check_text(r"$y=(x+1)^2=x^2+1$", "k", worker)
    assert [f.verdict.value for f in bad.findings] == ["unchecked", "wrong"]
    equation = check_text(r"$3x+2=x+6$", "k", worker)  # an equation to solve, not an identity
    assert [f.verdict.value for f in equation.findings] == ["unchecked"]


def test_prose_math_is_never_wrong(worker):
    text = (
        r"$x_i +$ and $\text{LN}$ and $\prod (I+\text{small})$, $F(\cdot )\equiv 0$, $\sigma \to 0$, "
        r"$2.6\times$, $\frac{0}{0}$, $\frac{dF}{dx}\approx 0$, $=1$ if $a=b$ else $0$." "\n"
        r"Q ::: $dy/dx=1+dF/dx$ A ::: $\gamma /\sqrt{ϵ}$"
    )
    report = check_text(text, "k", worker)
    assert report.summary["wrong"] == 0


HOSTILE = [
    r"$__import__('os').system('echo hi')=1$",
    r"$9^{9^{9^9}}=1$",
    r"$(10^{10})!=1$",
    "$" + "{" * 5000 + "1" + "}" * 5000 + "=1$",
    "$" + "(" * 3000 + "1" + ")" * 3000 + "=1$",
    "$" + "-" * 5000 + "1=1$",
    "$1=" + "1+" * 200_000 + "1$",
    "",
    "$$",
    "$0^{-1}=1$ $\\infty=\\infty$ $\\frac{1}{0}=\\infty$ $\\frac{0}{0}$",
    "$\\input{/etc/passwd}=1$ $\\write18{rm -rf /}=1$",
    "$10^{10^{10}}=1$ $2^{-10^{9}}=0$ $\\binom{10^{9}}{3}=1$ $\\sum_{i=1}^{10^{9}} i=1$",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_input_becomes_unchecked(worker, text):
    report = check_text(text, "hostile", worker)
    assert report.summary["wrong"] == 0
    if text.strip("$") == "":  # no statement at all: nothing to report
        assert report.findings == ()
    else:
        assert report.findings and all(f.verdict is not Verdict.CORRECT or "=" in f.source for f in report.findings)


def test_a_runaway_step_times_out_and_the_rest_is_checked():
    with Worker(step_seconds=0.5) as w:
        # ten thousand products of radicals: about 9 s here, far past 0.5 s on any machine
        report = check_text(r"$\sum_{i=1}^{10000} \sqrt{i}\sqrt{i+1} = 5$ and $1+1=3$", "t", w)
        first, last = report.findings
        assert first.verdict is Verdict.UNCHECKED and "timed out" in first.reason
        assert last.verdict is Verdict.WRONG  # the worker was restarted
        assert check_text("$1+1=2$", "t", w).findings[0].verdict is Verdict.CORRECT


def test_check_answer_key_accepts_text_and_paths(tmp_path):
    key = tmp_path / "key.md"
    key.write_text("$2+2=5$\n", encoding="utf-8")
    by_path = check_answer_key(key)
    by_str = check_answer_key(str(key))
    by_text = check_answer_key("$2+2=5$\n")
    assert by_path.findings == by_str.findings == by_text.findings
    assert by_path.findings[0].verdict is Verdict.WRONG
    assert (by_path.findings[0].line, by_path.findings[0].column) == (1, 2)


def test_check_answer_key_names_a_key_it_cannot_read(tmp_path):
    from lnsym.errors import InputError

    for missing in (tmp_path / "gone.md", str(tmp_path / "gone.md"), str(tmp_path / "gone.ipynb")):
        with pytest.raises(InputError, match="gone"):
            check_answer_key(missing)
    # one line that names no file is the key's text (read as plain-text arithmetic here)
    assert [f.source for f in check_answer_key("x = 3").findings] == ["x = 3"]


def test_earlier_roundings_may_be_used_either_way(worker):
    text = (r"$\sqrt{2} \approx 1.41$, so $2 \times 1.41 \approx 2.83$ and $2 \times 1.41 = 2.82$; "
            r"$\frac{1}{3}\approx 0.333$, $3 \times 0.333 \approx 1.000$ but $3 \times 0.333 \approx 1.2$.")
    report = check_text(text, "k", worker)
    assert [f.verdict.value for f in report.findings] == ["correct"] * 5 + ["wrong"]


def test_euler_percent_degrees(worker):
    report = check_text(r"$e^{0.5}\approx 1.6487$, $50\% = 0.5$, $\cos 60^\circ = 0.5$, $e^{1}\approx 2.8$",
                        "k", worker)
    assert report.summary == {"correct": 3, "wrong": 1, "imprecise": 0, "unchecked": 0, "defined": 0, "error": 0}


def test_a_step_that_follows_from_the_previous_equation(worker):
    text = "We solve $2x + 3 = 7$, so $2x = 7 - 3 = 4$ and $x = 2$. Then $x^2=4$ gives $x=-2$ or $x = 2$."
    got = [(f.source, f.verdict.value) for f in check_text(text, "k", worker).findings]
    assert ("2x = 7 - 3", "correct") in got and ("x = 2", "correct") in got
    assert ("x=-2", "unchecked") in got  # a root is chosen: not implied by x^2=4, never wrong
    wrong_step = check_text("We solve $2x + 3 = 7$, so $2x = 10$ and $x = 5$.", "k", worker)
    # 2x = 10 does not follow (unchecked, never wrong); x = 5 does follow from 2x = 10
    assert [f.verdict.value for f in wrong_step.findings] == ["unchecked", "unchecked", "correct"]


_KEY_PIECES = ["1", "0.5", "x", "x_1", "^", "{", "}", "(", ")", "[", "]", ",", "+", "-", "=", "\\approx", "\\frac",
               "\\sqrt", "\\left", "\\right", "\\sigma", "\\text{ if }", "|", "!", "ϵ", "≈", "\\", " ", "\\mu", "$",
               "$$", "\n", "\n\n", "if ", "or ", "2", "10^{-5}", "<", "\\begin{align}", "\\end{align}", "\\(",
               "\\)", ":::", "- ", "&", "\\\\", "e", "^\\circ", "\\sum_{i=1}^n", "{,}", "\\overline"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_KEY_PIECES), max_size=40).map(lambda p: "$" + "".join(p) + "$"))
def test_no_exception_escapes_the_engine(text):
    with Worker(step_seconds=1.0) as w:
        report = check_text(text, "fuzz", w)
    for f in report.findings:
        assert f.line >= 1 and f.column >= 1


def test_conditions_use_computed_values_only(worker):
    text = r"$\mu = \frac{2+4}{2} = 3$ so $\mu > 2$ and $\mu < 2$. Let $x=5$; we need $x<3$."
    got = [(f.source, f.verdict.value) for f in check_text(text, "k", worker).findings]
    assert ("\\mu > 2", "correct") in got and ("\\mu < 2", "wrong") in got
    assert ("x<3", "unchecked") in got


def test_everyday_notation_is_not_a_false_alarm(worker):
    text = (r"$1/3 = 33\%$. $\frac{3}{4} = 0.75 = 75\%$. $\$12.50 \times 4 = \$50$. $(-8)^{1/3} = -2$. "
            r"$180^\circ - 30^\circ - 60^\circ = 90^\circ$. $\frac{1}{7} = 0.\overline{142857}$. "
            r"$\$1,000 \times 3 = \$3,000$. $\frac{2}{3} \approx 66.7\%$. $\log_2 8 = 3$. "
            r"$\sin^2 30^\circ + \cos^2 30^\circ = 1$.")
    report = check_text(text, "k", worker)
    assert report.summary["wrong"] == 0 and report.summary["unchecked"] == 0
    assert check_text(r"$\frac{2}{3} \approx 66.5\%$", "k", worker).findings[0].verdict is Verdict.WRONG
    # 66.6 is 66.66... truncated, not rounded: the value is right, its last digit is not
    assert check_text(r"$\frac{2}{3} \approx 66.6\%$", "k", worker).findings[0].verdict is Verdict.IMPRECISE


def test_division_by_zero_and_constant_differences(worker):
    text = (r"$\frac{16}{0}=4$, $\frac{1}{0}=\infty$, $\frac{0}{0}=\text{undefined}$, $y=x_i+3=x_i$, "
            r"$\frac{[0.1,-0.1]}{0.9}=[1,-1]$, $100/7=14$.")
    got = [(f.source, f.verdict.value) for f in check_text(text, "k", worker).findings]
    assert got == [("\\frac{16}{0}=4", "wrong"), ("\\frac{1}{0}=\\infty", "unchecked"),
                   ("\\frac{0}{0}=\\text{undefined}", "unchecked"), ("y=x_i+3", "unchecked"),
                   ("x_i+3=x_i", "wrong"), ("\\frac{[0.1,-0.1]}{0.9}=[1,-1]", "wrong"), ("100/7=14", "unchecked")]


@pytest.mark.parametrize("joined", [r"so $\frac23$ of $27 = 18$.", "3 times $4 = 12$.", "12 divided by $4 = 3$ each.",
                                    "half of\n$20 = 10$.", "twice $4 = 8$", r"\(3\) times \(4 = 12\)",
                                    r"\(50\%\) of \(80 = 40\)", "5 plus $3 = 8$"])
def test_math_after_a_word_that_joins_an_operand_skips_its_first_step(worker, joined):
    """"2/3 of $27 = 18$": a quantity and a word joining it begin the left side; the math's first term is not all
    of it."""
    assert [f.source for f in check_text(joined, "k", worker).findings if f.relation == "="] == []


def test_math_after_other_words_is_judged_whole(worker):
    for text in ("the proof: $27 = 18$.", "thereof $27 = 18$.", r"a \of $27 = 18$.", "Then $27 = 18$.",
                 "the sum of $20 + 7 = 18$.", "divided by $27 = 18$.",  # after a noun, or no quantity: whole
                 r"the roots \(r\) of \(27 = 18\)", r"substituting $c = 3$ into $27 = 18$",
                 r"the divisibility of $\binom{2k}{k}$ by $27 = 18$"):
        assert [f.verdict.value for f in check_text(text, "k", worker).findings][-1:] == ["wrong"], text
    (f,) = check_text("3 times $4 = 12 = 6 + 7$", "k", worker).findings  # only the first step is skipped
    assert (f.source, f.verdict.value) == ("12 = 6 + 7", "wrong")


def test_a_derivative_is_not_proved_as_a_quotient_of_the_values():
    """dy/dx is not y/x: with y = 6 and x = 3, ``\\frac{dy}{dx} = 2`` was marked correct."""
    report = check_text("Let $x = 3$ and $y = 6$. Then $\\frac{dy}{dx} = 2$ and $\\frac{dy}{dx} = \\frac{y}{x}$.\n")
    steps = [f for f in report.findings if "dy" in f.source]
    assert len(steps) == 2 and all(f.verdict.value == "unchecked" and "a derivative of y" in f.reason for f in steps)


def test_a_ratio_of_changes_is_not_a_ratio_of_the_values():
    report = check_text("Let $x = 3$ and $y = 6$. Then $\\frac{\\Delta y}{\\Delta x} = 2$ "
                        "and $\\Delta y = 2\\Delta x$.\n")
    steps = [f for f in report.findings if "Delta" in f.source]
    assert len(steps) == 2 and all(f.verdict.value == "unchecked" for f in steps)
