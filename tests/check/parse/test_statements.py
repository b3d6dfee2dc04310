"""Splitting a span into statements (lnsym.check.parse.statements)."""

from __future__ import annotations

import ast
from pathlib import Path

import lnsym.check.parse
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.statements import split_statements


def terms(tex: str) -> list[list[str]]:
    return [["".join(t.value for t in term) for term in st.terms] for st in split_statements(tokenize(tex))]


def test_a_row_after_an_implication_is_a_new_statement_even_with_a_sign():
    rows = (r"9\cdot5^2-4(5-a)^2&=3\cdot63\quad\Rightarrow\\"
            r"-4(5-a)^2&=9\cdot21-9\cdot25\quad\Rightarrow\\&=9(-4)\quad\Rightarrow\\(5-a)^2&=9")
    assert terms(rows) == [["9cdot5^2-4(5-a)^2", "3cdot63"], ["-4(5-a)^2", "9cdot21-9cdot25", "9(-4)"],
                           ["(5-a)^2", "9"]]


def test_a_row_that_starts_with_an_operator_continues_the_term_above():
    assert terms(r"a &= 1 + 2 \\ &\quad + 3 \\ - 4 &= 2") == [["a", "1+2+3-4", "2"]]


def test_a_statement_that_starts_with_a_binary_operator_skips_its_first_step():
    """`12 apples $+ 3 = 15$`: the left operand is in the prose, as with a leading `=`; a leading minus is a sign."""
    for tex in ("+ 3 = 15", r"\times 4 = 12", r"\cdot 4 = 12", r"\div 2 = 3", "/ 2 = 3", "* 4 = 12"):
        assert terms(tex)[0][0] == "", tex
    assert terms("+ 3 = 15 = 5 + 10") == [["", "15", "5+10"]]
    assert terms("-3 + 5 = 2") == [["-3+5", "2"]]


def test_a_capital_letter_in_roman_is_a_name_not_the_article():
    assert terms(r"2000 + 200\mathrm{A} + \mathrm{E} = 2030") == [["2000+200A+E", "2030"]]
    assert terms(r"x = 1 \text{ a } y = 2") == [["x", "1"], ["y", "2"]]  # the article separates statements


def test_of_after_a_percent_is_a_product_and_a_connective_elsewhere():
    assert terms(r"25\% \text{ of } 80 = 20") == [["25percenttimes80", "20"]]
    assert terms(r"x = 2 \text{ and } y = 3") == [["x", "2"], ["y", "3"]]


def test_parse_imports_nothing_from_the_stages_after_it():
    """parse is the lowest stage of check: judges and roles import it, never the reverse (no import circle)."""
    imported = {}
    for path in sorted(Path(lnsym.check.parse.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.setdefault(path.name, set()).add(node.module)
            elif isinstance(node, ast.Import):
                imported.setdefault(path.name, set()).update(a.name for a in node.names)
    assert "lnsym.check.parse.lexer" in imported["statements.py"]  # the walk sees the imports
    later = {name: sorted(m for m in mods if m.startswith(("lnsym.check.judges", "lnsym.check.roles")))
             for name, mods in imported.items()}
    assert {name: mods for name, mods in later.items() if mods} == {}
