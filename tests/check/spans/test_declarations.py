"""`lnsym:` declarations: found in one pass, numbers read with the key's limits."""

from __future__ import annotations

import time
from fractions import Fraction

from lnsym.check.spans.declarations import MAX_EXPONENT, parse_declarations


def _seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):  # the best of three: a loaded machine only adds time
        t = time.process_time()
        parse_declarations(text)
        best = min(best, time.process_time() - t)
    return best


def test_declarations_are_found_in_order_with_their_clauses():
    text = "<!-- lnsym: z is the input of LN -->\n% lnsym: n features\n<!-- lnsym: eps = 0.5; frob -->"
    decls = parse_declarations(text).items
    assert [d.input_name for d in decls] == ["z", None, None]
    assert [d.size_name for d in decls] == [None, "n", None]
    assert decls[2].eps == Fraction(1, 2) and decls[2].unknown == ("frob",)
    assert text[decls[0].offset : decls[0].end] == "<!-- lnsym: z is the input of LN -->"


def test_the_declaration_in_force_merges_the_earlier_ones():
    text = "<!-- lnsym: z is the input -->\n" + "x " * 50 + "\n<!-- lnsym: eps = 1e-5 -->\n" + "y " * 50
    decls = parse_declarations("\n" + text)
    assert decls.at(0).input_name is None  # nothing before the first
    decls = parse_declarations(text)
    first = decls.at(text.index("x"))
    assert (first.input_name, first.eps) == ("z", None)  # the second does not hold before it
    late = decls.at(len(text) - 1)
    assert (late.input_name, late.eps) == ("z", Fraction(1, 100_000))
    assert decls.at(0).input_name == "z"  # a declaration holds from its own offset on


def test_a_comment_inside_another_is_part_of_it():
    decls = parse_declarations("<!-- lnsym: eps = 2\n% lnsym: eps = 3 -->").items
    assert len(decls) == 1 and decls[0].unknown == ("eps = 2\n% lnsym: eps = 3",)


def test_an_epsilon_beyond_the_limits_is_not_understood_and_not_built():
    # 1e-30000000 was built as an exact fraction in the main process: 32 s, outside every time limit
    t = time.process_time()  # CPU time: a loaded machine does not make it fail
    (d,) = parse_declarations("<!-- lnsym: eps = 1e-30000000 -->").items
    assert time.process_time() - t < 0.5
    assert d.eps is None and d.unknown and "too large or too small" in d.unknown[0]
    (ok,) = parse_declarations(f"<!-- lnsym: eps = 1e-{MAX_EXPONENT} -->").items
    assert ok.eps == Fraction(1, 10**MAX_EXPONENT)
    (long,) = parse_declarations("<!-- lnsym: eps = 0." + "1" * 5000 + " -->").items
    assert long.eps is None


def test_unclosed_openers_take_linear_time():
    # 20,000 `<!-- lnsym:` without `-->` took 20 s (each opener searched the rest of the file)
    for unit in ("<!-- lnsym:", "<!-- lnsym: eps = 1" + "1" * 30):
        small, large = _seconds(unit * 5_000), _seconds(unit * 20_000)
        assert large < 2.0 and large < 10 * small + 0.1, (unit, small, large)
    many = "".join(f"<!-- lnsym: eps = {k} -->\n" for k in range(1, 20_001))
    decls = parse_declarations(many)
    assert len(decls.items) == 20_000
    t = time.process_time()
    values = [decls.at(d.offset).eps for d in decls.items[::100]]
    assert time.process_time() - t < 0.5
    assert values == [Fraction(k) for k in range(1, 20_001, 100)]


def test_a_long_run_of_digits_does_not_backtrack():
    t = time.process_time()
    (d,) = parse_declarations("<!-- lnsym: eps = " + "1" * 50_000 + "x -->").items
    assert time.process_time() - t < 0.5 and d.eps is None
