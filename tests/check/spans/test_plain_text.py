"""Arithmetic written in prose: every rule of lnsym.check.spans.plain_text, each with a case that must be read
and a case that must not, then verdicts, positions and mutations end to end."""

from __future__ import annotations

import pytest
from shared_files import position

from lnsym.check.pipeline import check_text
from lnsym.check.spans.math_spans import find_spans
from lnsym.check.spans.plain_text import find_plain_spans, mask_currency


def runs(text: str) -> list[str]:
    """The prose runs found (as written)."""
    return [s.text for s in find_plain_spans(text, find_spans(mask_currency(text)))]


def values(text: str) -> list[str]:
    """The token values of each run, joined by spaces."""
    return [" ".join(t.value for t in s.tokens) for s in find_plain_spans(text, find_spans(mask_currency(text)))]


def steps(text: str, worker) -> list[tuple[str, str]]:
    return [(f.source, f.verdict.value) for f in check_text(text, "t", worker).findings]


# -- what a run is ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("So 2 + 3 = 5.", ["2 + 3 = 5"]),
    ("We get 7 - 2 * 3 = 1", ["7 - 2 * 3 = 1"]),
    ("is 12 ÷ 4 = 3", ["12 ÷ 4 = 3"]),
    ("is 12 / 4 = 3", ["12 / 4 = 3"]),
    ("is 2^10 = 1024", ["2^10 = 1024"]),
    ("is 2**3 = 8", ["2**3 = 8"]),
    ("is 3.14 × 2 ≈ 6.28", ["3.14 × 2 ≈ 6.28"]),
    ("is 3 · 4 = 12", ["3 · 4 = 12"]),
    ("so (2 + 3) * 4 = 20", ["(2 + 3) * 4 = 20"]),
    ("so -5 + 3 = -2", ["-5 + 3 = -2"]),
    ("so 7 - -7 * 4 = 35", ["7 - -7 * 4 = 35"]),
    ("is 1,200 + 300 = 1,500", ["1,200 + 300 = 1,500"]),
    ("is 1.5e3 = 1500", ["1.5e3 = 1500"]),
])
def test_operators_relations_and_numbers_make_a_run(text, expected):
    assert runs(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("which simplifies to 14 * 71 = 994.", ["14 * 71 = 994"]),
    ("This reduces to 3 * 4 = 12.", ["3 * 4 = 12"]),
    ("is equal to 3 + 4 = 7.", ["3 + 4 = 7"]),
    ("add 3 to 4 = 7.", []),  # after another word "to" may join the expression: 3 + 4, not 4, is the left side
    ("from 3 to 4 = 7.", []),
])
def test_to_opens_a_run_only_after_a_verb_of_equivalence(text, expected):
    assert runs(text) == expected


def test_thousands_separators_are_one_number_and_lists_are_not():
    assert values("is 1,200 + 300 = 1,500") == ["1200 + 300 = 1500"]
    assert runs("the list 1,2,3 = 6") == []  # `1,2,3` is a list, `3 = 6` has no left side


def test_a_chain_is_one_run_and_names_are_letters():
    assert runs("Let's calculate A = (-9 - 5 - 0) = (-9 - 5) = -14.") == ["A = (-9 - 5 - 0) = (-9 - 5) = -14"]
    assert values("so A - B = 1") == ["A - B = 1"]
    assert runs("a 5 + 3 = 8 deal") == []  # the article `a` is not a name; `deal` continues the last term


def test_plain_runs_need_a_relation_and_a_number():
    assert runs("A - B - C, and 3 + 4") == []
    assert runs("so x = y") == []


# -- x as multiplication ------------------------------------------------------------------------------------

def test_x_between_numbers_is_a_multiplication():
    assert values("so 3 x 4 = 12") == ["3 times 4 = 12"]
    assert values("so 3x4 = 12") == ["3 times 4 = 12"]
    assert values("is 3 plates x $6 = $18") == ["3 plate times dollar 6 = dollar 18"]


def test_x_is_not_a_multiplication_where_it_can_be_a_name():
    assert runs("If x = 3, then 2 x 4 = 8.") == []  # the text uses x as a name
    assert runs("so 2x + 3 = 7. Then 4 x 2 = 8.") == ["2x + 3 = 7"]
    assert runs("the x 4 = 8") == []


# -- what is not arithmetic ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "On 2023-10-05 = the day", "so 10/05/2023 = date", "at 3:30 - 1:15 = later", "the ratio 3:2 = fine",
    "Python 3.11.4 = new", "call 555-123-4567 = office", "it took 3-4 days = 72-96 hours.",
    "grew 10–20 = a range", "the 1st + 2nd = 3rd", "v2 + 1 = 3", "on page 5 + 3 = 8", "in section 2 + 1 = 3",
    "the score was 3-2 = win", "at 10am + 2 = noon", "COVID-19 - 1 = 18",
])
def test_dates_times_versions_phones_ranges_ordinals_labels_are_not_arithmetic(text):
    assert runs(text) == []


def test_list_numbers_start_a_line_and_are_not_operands():
    assert runs("1. 3 + 4 = 7\n2) 5 - 1 = 4") == ["3 + 4 = 7", "5 - 1 = 4"]
    assert runs("- 5 + 3 = 8") == ["5 + 3 = 8"]  # a bullet, not a minus


def test_math_code_comments_tags_and_urls_are_not_prose():
    assert runs("So $3 + 4 = 7$.") == []  # math: read by the math path
    assert runs("Here `3 + 4 = 8` and\n```\nx = 2 + 2 = 5\n```\n") == []
    assert runs("<!-- 3 + 4 = 8 --> <b>2 + 2 = 5</b>") == ["2 + 2 = 5"]
    assert runs("see https://example.com/?a=1+2=3") == []
    assert runs("[asy] A = (2 + 3); [/asy] so 3 + 4 = 7") == ["3 + 4 = 7"]


# -- where a run starts and ends whole -----------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("the sum of 3 and 4 = 7", []),  # `4 = 7` is not what is claimed
    ("half of 10 = 5", []),
    ("2 times 4 = 8", []),
    ("from 5 to 8 = 3", []),
    ("it is 3 + 4 = 7", ["3 + 4 = 7"]),
    ("Total: 3 + 4 = 7", ["3 + 4 = 7"]),
    ("Total cost = price * 4 = $3 * 4 = $12.", ["= $3 * 4 = $12"]),  # words on the left: first link skipped
    ("is $100 (Carmen) + $25 = $125.", []),  # the left operand is before the bracket
    ("we get 7 (whole ones) + 6 + 5 = 18", []),
    ("so -5 + 3 = -2", ["-5 + 3 = -2"]),
    ("the price -5 + 3 = -2", []),
])
def test_the_first_number_must_not_be_the_argument_of_a_word(text, expected):
    assert runs(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("is 3 × 500,000 = 1.5 million", []),
    ("so 17 / 5 = 3 remainder 2", []),
    ("so 90 / 60 = 1 hour 30 minutes", []),
    ("so 5 / 2 = 2 and 1/2", []),
    ("so 12 / 2 = 1/2 of 12", []),
    ("so 3 + 4 = 7 and 2 + 2 = 4.", ["3 + 4 = 7"]),  # `and` before a new statement ends the run
    ("so 3 + 4 = 7 apples in total", ["3 + 4 = 7 apples"]),
    ("so 3 + 4 = 7 (rounded)", []),
])
def test_the_last_number_must_not_go_on_in_words(text, expected):
    assert runs(text) == expected


def test_parentheses_of_prose_are_trimmed_and_tuples_are_not_read():
    assert runs("(so 3 + 4 = 7)") == ["3 + 4 = 7"]
    assert runs("so A = (4, 0) is a point") == []
    assert runs("so (2 + 3 = 5) holds") == ["2 + 3 = 5"]
    assert runs("so (48 + -6 + 9) = (51).") == ["(48 + -6 + 9) = (51)"]


def test_markdown_emphasis_is_not_an_operator():
    assert runs("**5 + 3 = 8**") == ["5 + 3 = 8"]
    assert runs("is 2**3 = 8") == ["2**3 = 8"]


# -- units and money ----------------------------------------------------------------------------------------

def test_consistent_units_are_labels():
    assert values("so 12 apples - 5 apples = 7 apples") == ["12 - 5 = 7"]
    assert values("is 3 × 4 = 12 apples.") == ["3 times 4 = 12"]
    assert values("is $3.5 * 4000 = $14,000.") == ["3.5 times 4000 = 14000"]


def test_units_that_differ_or_may_be_converted_stay_symbols():
    assert values("so 1 hour = 60 minutes") == ["1 hour = 60 minute"]
    assert values("is 3 × 20 = 1 hour") == ["3 times 20 = 1 hour"]
    assert values("is 2 checks/month × 12 months/year = 24 checks/year") == [
        "2 check / month times 12 month / year = 24 check / year"]


def test_percent_is_the_percent_token():
    assert values("so 25% × 40 = 10") == ["25 percent times 40 = 10"]
    assert runs("so % of 40 = 10") == []


def test_a_dollar_before_a_digit_is_money_unless_it_closes_math():
    text = "Cost = $3.5 * 4000 = $14,000 and $x$ is math."
    assert [s.text for s in find_spans(mask_currency(text))] == ["x"]
    assert [s.text for s in find_spans(mask_currency("so $5$ and $3 + 4 = 7$"))] == ["5", "3 + 4 = 7"]
    assert runs("$$ 1+1=2") == [] and runs("so $x 1 + 1 = 2") == []  # an unclosed delimiter: not prose
    latex = "\\documentclass{article} costs $5 and $"
    assert mask_currency(latex) == latex  # in LaTeX a dollar is always math



@pytest.mark.parametrize("wrapped", ["he has: 100 -\n12 = 88 left.", "it is 1% of\n50,000 = 500.", "so 2 *\n32 = 64.",
                                     "6 x\n6 = 36.", "a total of\n20 = 10 + 10."])
def test_a_line_wrapped_inside_an_expression_does_not_start_a_new_one(wrapped):
    """A line that ends with an operator or a word like "of" goes on on the next line: the number there is an
    operand, not the whole left side, so that first link is not judged."""
    first, line = wrapped.split("\n")
    # after a line that ends whole, the same second line starts a run of its own ...
    assert [r for r in runs(f"{first}.\n{line}") if r.startswith(line.split(" =")[0] + " =")], runs(f"{first}.\n{line}")
    # ... wrapped, its number is an operand of the line before: no run starts there (none is read across the break)
    assert runs(wrapped) == []


def test_a_line_that_ends_whole_lets_the_next_one_start(worker):
    assert steps("He has 5 apples\n5 + 3 = 9 in all.", worker) == [("5 + 3 = 9", "wrong")]
    # "simplifies to" ends a line and the expression starts on the next: the trial is worked out at once
    got = steps("We get 0 + 14 * 71 = 999, which simplifies to\n14 * 71 = 994.", worker)
    assert got == [("0 + 14 * 71 = 999", "unchecked"), ("14 * 71 = 994", "correct")]
    assert runs("The total is 12.\n12 + 1 = 13") == ["12 + 1 = 13"]


# -- TeX code is not prose ----------------------------------------------------------------------------------

def test_a_number_prefixed_for_a_tex_primitive_is_code():
    """TeX writes a hexadecimal number "2019, an octal one '17, after a primitive with no space between:
    an assignment, not a quotation that starts a sentence's arithmetic."""
    assert runs('set \\sfcode"2019=0 and \\catcode\'17=12 here') == []
    assert runs('He said "2 + 2 = 4" twice.') == ["2 + 2 = 4"]
    assert runs('the code \\sfcode "2 + 2 = 4" here') == ["2 + 2 = 4"]  # a space: a quotation after all


PREAMBLE = "\\documentclass{article}\n\\count255=0\n\\ifnum 0 = 1 \\fi\n"


def test_a_latex_source_has_prose_only_in_its_document_environment(worker):
    """The preamble and a file of macros are TeX code (\\ifnum ... 0 = 1 is a test, not a claim); the body's
    prose and every file's math are read."""
    body = "\\begin{document}\nSo 2 + 2 = 5, and $3 + 4 = 8$.\n\\end{document}\n0 = 1\n"
    source = PREAMBLE + body
    found = find_plain_spans(source, find_spans(source), latex=True)
    assert [s.text for s in found] == ["2 + 2 = 5"]
    assert [s.text for s in find_plain_spans(source, find_spans(source))] == ["2 + 2 = 5"]  # by its content too
    macros = "\\def\\x{1}\n0 = 1\n\\ifnum\\x=1 yes\\fi\n$2 + 2 = 5$\n"
    assert find_plain_spans(macros, find_spans(macros), latex=True) == []
    assert [(f.source, f.verdict.value) for f in check_text(macros, "macros.tex", worker).findings] == [
        ("2 + 2 = 5", "wrong")]  # math is math in any file
    assert ("0 = 1", "wrong") in steps(macros, worker)  # the same lines in Markdown are prose
    assert [(f.source, f.verdict.value) for f in check_text(source, "key.tex", worker).findings] == [
        ("2 + 2 = 5", "wrong"), ("3 + 4 = 8", "wrong")]


# -- GSM8K calculator annotations ---------------------------------------------------------------------------

def test_a_calculator_annotation_is_a_step_and_its_shown_result_is_checked(worker):
    text = "She sold 48/2 = <<48/2=24>>24 clips and <<3*4=12>>13 more."
    assert runs(text) == ["48/2=24", "3*4=12>>13"]
    found = steps(text, worker)
    assert found == [("48/2=24", "correct"), ("3*4=12", "correct"), ("12>>13", "wrong")]


def test_a_wrong_annotation_is_caught(worker):
    assert steps("So <<48/2=23>>23 clips.", worker) == [("48/2=23", "wrong")]


# -- verdicts, positions and mutations end to end ------------------------------------------------------------

CHAIN = "Let's calculate C = ((3 * 4 * 5) * (7 - -7 * 4)) = ((3 * 4 * 5) * (35)) = 2100."


def test_a_slip_that_starts_from_the_left_value_is_not_a_running_computation(worker):
    # BIG-Bench Mistake's `(-7 + -4 - 1) = (-12 - 1)`: the same operation again is a slip, not a next step
    assert [v for _, v in steps("So (6 - 4 + 1) = (3 + 1) = 4.", worker)] == ["wrong", "correct"]
    assert [v for _, v in steps("So $(6 - 4 + 1) = (3 + 1)$.", worker)] == ["wrong"]


def test_a_correct_chain_is_correct(worker):
    assert [v for _, v in steps(CHAIN, worker)] == ["defined", "correct", "correct"]


@pytest.mark.parametrize("old, new, n_wrong", [("2100", "2101", 1), ("(35)", "(-21)", 2), ("- -7", "- 7", 1),
                                               ("3 * 4 * 5) * (35", "3 * 4 * 6) * (35", 2)])
def test_a_wrong_digit_or_sign_is_caught_at_its_position(worker, old, new, n_wrong):
    text = "Intro line.\n\n" + CHAIN.replace(old, new)
    wrong = [f for f in check_text(text, "t", worker).findings if f.verdict.value == "wrong"]
    assert len(wrong) == n_wrong  # the links on either side of the changed term
    for f in wrong:
        assert text.split("\n")[f.line - 1][f.column - 1 : f.end_column - 1] == f.source
        assert new in f.source


def test_findings_point_at_the_prose_step(worker):
    text = "First line.\nThen, we have 3 + 4 = 8 apples."
    (f,) = check_text(text, "t", worker).findings
    assert (f.line, f.column) == position(text, "3 + 4")
    assert (f.end_line, f.end_column) == (2, position(text, " apples")[1])
    assert f.verdict.value == "wrong" and f.expected == "7"


def test_plain_text_can_be_turned_off(worker, tmp_path, capsys):
    assert steps("So 2 + 2 = 5.", worker) == [("2 + 2 = 5", "wrong")]
    assert check_text("So 2 + 2 = 5.", "t", worker, plain_text=False).findings == ()
    from lnsym.cli import main

    key = tmp_path / "key.md"
    key.write_text("So 2 + 2 = 5.\n", encoding="utf-8")
    assert main(["check", str(key)]) == 1
    assert main(["check", "--no-plain-text", str(key)]) == 0
    capsys.readouterr()


def test_money_and_units_are_judged_on_their_numbers(worker):
    assert steps("so 3 plates × $6.00/plate = $18.00.", worker) == [("3 plates × $6.00/plate = $18.00", "correct")]
    assert steps("is $3.5 * 4000 = $14,500.", worker) == [("3.5 * 4000 = $14,500", "wrong")]
    assert [v for _, v in steps("so 1 hour = 60 minutes.", worker)] == ["correct"]  # a conversion
    assert [v for _, v in steps("so 1 hour = 50 minutes.", worker)] == ["wrong"]  # a span of time converted wrong
    assert [v for _, v in steps("is 3 × 20 = 1 hour.", worker)] == ["unchecked"]


def test_a_signed_number_after_an_operand_starts_a_new_expression():
    """`-14 = x + 2 -16 = x`: two equations run together; `2 -16` is not a subtraction (a space before the sign,
    none after it), so the chain is cut there rather than read as one false equation."""
    from lnsym.check import check_record

    r = check_record({"id": "t", "steps": ["Solve: -14 = x + 2 -16 = x. So, x = -16."]})
    assert r["findings"] and all(f["verdict"] != "wrong" for f in r["findings"])
    r = check_record({"id": "t", "steps": ["So 10 - -3 = 13. So 20 - 3 = 16."]})
    assert [f["verdict"] for f in r["findings"] if f["source"].startswith("20")] == ["wrong"]


# -- an ellipsis after a decimal, and the power of a unit ----------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("So 1/3 = 0.333...", ["1 / 3 = 0.333 ldots"]),
    ("So 2/3 = 0.666…\n", ["2 / 3 = 0.666 ldots"]),
    ("So 100 / 3 = 33.3 recurring.", ["100 / 3 = 33.3 ldots"]),
    ("So 20 / 6 = 3.333 and so on.", ["20 / 6 = 3.333 ldots"]),
    ("So 10 / 3 = 3.33 etc.", ["10 / 3 = 3.33 ldots"]),
    ("So 2 + 3 = 5 apples and so on.", ["2 + 3 = 5"]),  # after a whole number, prose
    ("So 10 / 4 = 2.5. Hmm...", ["10 / 4 = 2.5"]),  # an ellipsis after a word is prose
    ("So 6 / 2 = 3...", ["6 / 2 = 3"]),  # after a whole number, a pause
])
def test_an_ellipsis_right_after_a_decimal_belongs_to_it(text, expected):
    assert values(text) == expected


def test_a_decimal_with_an_ellipsis_is_cut_not_rounded(worker):
    assert steps("So 7 / 3 = 2.333...\n", worker) == [("7 / 3 = 2.333...", "correct")]
    assert steps("So 2/3 = 0.666...\n", worker) == [("2/3 = 0.666...", "correct")]
    assert steps("So 100 / 3 = 33.3 recurring.", worker) == [("100 / 3 = 33.3 recurring", "correct")]
    assert steps("So 1/3 = 0.334...\n", worker) == [("1/3 = 0.334...", "wrong")]
    assert steps("So 20 / 6 = 3.333 and so on.", worker) == [("20 / 6 = 3.333 and so on", "correct")]
    assert steps("So 20 / 6 = 3.334 and so on.", worker) == [("20 / 6 = 3.334 and so on", "wrong")]
    assert steps("So 2/3 = 0.666\n", worker) == [("2/3 = 0.666", "imprecise")]  # no ellipsis: cut, not rounded


def test_a_count_before_a_computation_is_converted_not_labelled(worker):
    # a unit on a result labels it; a count with a unit before a term without one is converted by that term
    assert steps("So 4 lessons = 4 * 45 = 180.", worker)[0][1] == "unchecked"
    assert steps("So 4 * 45 = 180 apples.", worker)[0][1] == "correct"
    assert steps("So 4 * 45 = 190 apples.", worker)[0][1] == "wrong"
    assert steps("So 3 apples + 4 apples = 8 apples.", worker)[0][1] == "wrong"  # the same unit everywhere


def test_scientific_notation_is_one_number(worker):
    assert steps("So 5.93e6 / 3.00e8 ≈ 0.0198.", worker)[0][1] == "correct"  # not (5.93e6 / 3.00) × 10^8
    assert steps("So 5.93e6 / 3.00e8 ≈ 0.0298.", worker)[0][1] == "wrong"
    assert steps("So 1.6e-19 * 100 = 1.6e-17.", worker)[0][1] == "correct"  # before a full stop too
    assert steps("So 1.6e-19 * 100 = 1.6e-18.", worker)[0][1] == "wrong"


def test_ratios_and_scale_units_are_not_their_numbers(worker):
    # `2 : 2 = 1 : 1` equates ratios; a colon glued to a label is not one
    assert steps("Mole ratio H2 : H2O = 2 : 2 = 1 : 1.", worker) == []
    assert steps("Step 2: 3 + 4 = 8.", worker)[0][1] == "wrong"
    # ppm, like a percent, scales its number: `3.5 × 10^-6 = 3.5 ppm` is not 3.5e-6 = 3.5
    assert steps("So 3.5 × 10^-6 = 3.5 ppm.", worker)[0][1] == "unchecked"
    assert steps("So 3.5 × 2 = 7 apples.", worker)[0][1] == "correct"


def test_the_power_after_a_unit_is_the_units(worker):
    assert values("So 4 cm * 5 cm = 20 cm^2.") == ["4 times 5 = 20"]
    assert steps("So 4 cm * 5 cm = 20 cm^2.", worker)[0][1] == "correct"
    assert steps("So 2 ft * 3 ft * 4 ft = 24 ft^3.", worker)[0][1] == "correct"
    assert steps("So 4 cm * 5 cm = 21 cm^2.", worker)[0][1] == "wrong"
    assert steps("So 2^3 = 8 apples.", worker)[0][1] == "correct"  # a number's own power stays
    assert steps("So 2^3 = 9 apples.", worker)[0][1] == "wrong"


# -- the decimal mark and the grouping of digits (issue 12, the conventions of other countries) ------------

@pytest.mark.parametrize("text, expected", [
    ("so 2,5 · 4 = 10", ["2.5 cdot 4 = 10"]),  # a comma no thousands group can follow is a decimal comma
    ("so 0,375 · 8 = 3", ["0.375 cdot 8 = 3"]),  # a leading zero groups no thousands
    ("so 1234,5 + 0,5 = 1235", ["1234.5 + 0.5 = 1235"]),
    ("so 6'450 × 2 = 12'900", ["6450 times 2 = 12900"]),  # apostrophes group thousands (Switzerland)
    ("so 5'611.50 × 2 = 11'223", ["5611.50 times 2 = 11223"]),
    ("so 1'250,50 + 1'250,50 = 2'501", ["1250.50 + 1250.50 = 2501"]),
    ("so 12\u202f500 + 500 = 13\u202f000", ["12500 + 500 = 13000"]),  # thin spaces group thousands
    ("so 13.107,20 − 12.500 = 607,20", ["13107.20 - 12500 = 607.20"]),  # points before a decimal comma
    ("so 1,50,000 + 50,000 = 2,00,000", ["150000 + 50000 = 200000"]),  # lakhs
])
def test_each_grouping_of_digits_has_its_one_reading(text, expected):
    assert values(text) == expected


def test_a_text_of_decimal_commas_groups_thousands_with_points_and_leaves_ambiguous_numbers_alone():
    # 1.200 is twelve hundred beside 0,35, and 1,024 is 1.024; 1,000,000 and 0.5 read two ways there
    assert values("Pupils: 1.200 · 0,35 = 420. So 1.000.000 : 4 = 250.000.") == \
        ["1200 cdot 0.35 = 420", "1000000 div 4 = 250000"]
    assert values("Rate 2,4 %: 12.500 · 1,024 = 12.800") == ["12500 cdot 1.024 = 12800"]
    assert values("Rate 2,4 %: so 1,000,000 + 1 = 1,000,001") == []
    assert values("Rate 2,4 %: so 0.5 + 1 = 1.5") == []  # a decimal point in a text of decimal commas


def test_lists_and_pairs_are_not_decimal_commas():
    assert values("the numbers 1,2,3 and so 2.5 + 1 = 3.5") == ["2.5 + 1 = 3.5"]
    assert values("the point (1,5) and so 2.5 + 1 = 3.5") == ["2.5 + 1 = 3.5"]
    # a list written without spaces makes the mark unclear: commas and points before three digits read two ways
    assert values("side lengths 2,2 and 2. So 2 + 2 + 2 = 6 and 1.125 · 8 = 9. Also 2,5 · 4 = 10.") == \
        ["2 + 2 + 2 = 6"]
    # a sentence's comma after a decimal comma is not a list
    assert values("Plus 10 %: 46 · 1,1 = 50,6, so 51 : 8 = 6,375, so 7 boxes.") == \
        ["46 cdot 1.1 = 50.6", "51 div 8 = 6.375"]


def test_money_with_three_digits_after_its_point_is_ambiguous_without_decimal_commas(worker):
    # 5.280 € may be five thousand two hundred and eighty euros: money has two decimals
    assert steps("Rent: 12 · 440 € = 5.280 € a year.", worker) == []
    assert steps("Rent: 12 · 440 € = 5.280,00 €.", worker) == [("12 · 440 € = 5.280,00", "correct")]


def test_the_steps_of_a_solution_share_its_decimal_mark():
    from lnsym.check import check_record

    record = {"steps": ["A ticket costs 2,50 €.", "Rent: 12 · 440 € = 5.280 €", "So 12 · 440 € = 5.290 €"]}
    assert [(f["step"], f["verdict"]) for f in check_record(record, step_seconds=10)["findings"]] == \
        [(1, "correct"), (2, "wrong")]


@pytest.mark.parametrize("text, verdicts", [
    ("Share: 39 : 48 = 0,8125", ["correct"]),
    ("Share: 39 : 48 = 0,8375", ["wrong"]),
    ("One part: 1,5 l : 5 = 0,3 l", ["correct"]),
    ("Each: 94,94 € : 3 ≈ 31,65 €", ["correct"]),
    ("Each: 94,94 € : 3 ≈ 31,75 €", ["wrong"]),
    ("Mixed in the ratio 2 : 3 = 4 : 7", []),  # a ratio's line: the colons are not divisions
    ("They won 3 : 1 = 3", []),
    ("The chance is 3 : 1 = 75 %", []),  # odds turned into a probability, not a quotient
    ("Step 2 : 3 + 4 = 7", []),  # a number a word introduces, then a colon: a label
    ("Step 2: 3 + 4 = 8", ["wrong"]),
    ("at 14:30 = 2.30 pm", []),
])
def test_a_colon_set_apart_between_quantities_is_a_division(worker, text, verdicts):
    assert [v for _, v in steps(text, worker)] == verdicts


@pytest.mark.parametrize("text, verdicts", [
    ("Total: 359,76 € + 39,99 € = 399,75 €", ["correct"]),
    ("Total: 359,76 € + 39,99 € = 389,75 €", ["wrong"]),
    ("Juice: 2 l + 3 l = 5 l", ["correct"]),
    ("Juice: 2 l + 3 l = 6 l", ["wrong"]),
    ("Lap times: 1:05,3 + 1:07,8 = 2:12,1 min", []),  # clock times with tenths are not arithmetic here
])
def test_a_currency_sign_or_a_letter_unit_after_the_amount_labels_it(worker, text, verdicts):
    assert [v for _, v in steps(text, worker)] == verdicts
