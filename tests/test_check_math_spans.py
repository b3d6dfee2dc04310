"""The reader: math spans with positions, paragraphs and flashcards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnsym.check.spans.math_spans import LineIndex, find_spans


def test_all_delimiters_and_positions():
    text = "a $x=1$ b\n$$y=2$$ \\(z=3\\) \\[w=4\\]\n\\begin{align*}v&=5\\end{align*}"
    spans = find_spans(text)
    assert [s.text for s in spans] == ["x=1", "y=2", "z=3", "w=4", "v&=5"]
    lines = LineIndex(text)
    assert lines.position(spans[0].start) == (1, 4)
    assert lines.position(spans[1].start) == (2, 3)


def test_escaped_dollars_and_code_are_not_math():
    spans = find_spans("It costs \\$5 and \\$6. `$x=1$` is code.\n```\n$y=2$\n```\n$z=3$")
    assert [s.text for s in spans] == ["z=3"]


def test_an_unclosed_dollar_does_not_swallow_the_next_paragraph():
    spans = find_spans("costs $5 today\n\nthen $x=1$")
    assert [s.text for s in spans] == ["x=1"]


def test_paragraphs_end_at_blank_lines_and_list_items():
    text = "$a=1$ $b=2$\n$c=3$\n\n$d=4$\n- $e=5$\n- $f=6$\n1. $g=7$"
    paras = [s.paragraph for s in find_spans(text)]
    assert paras[0] == paras[1] == paras[2]
    assert len(set(paras[3:])) == 4 and paras[3] > paras[2]


def test_flashcards_are_marked():
    spans = find_spans("Q ::: $x=1$\nplain $y=2$")
    assert [s.flashcard for s in spans] == [True, False]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"$\\()[]{}ab1=\n `:-•*", "\\(", "\\)", "$$", "\\begin{align}", "\\end{align}"]),
               max_size=60).map("".join))
def test_reader_never_raises(text):
    for span in find_spans(text):
        assert text[span.start : span.start + len(span.text)] == span.text


def test_dollar_amounts_are_not_math():
    """Pandoc's rule: a `$` that opens inline math has no space after it, one that closes it no space before
    it and no digit after it. Amounts of money in prose open nothing."""
    from lnsym.check.spans.math_spans import find_spans

    assert [s.text for s in find_spans("It costs $80, so with $20 off it is $60.")] == []
    assert [s.text for s in find_spans("Then $x = 5$ and $y$.")] == ["x = 5", "y"]
    assert [s.text for s in find_spans("Pay $ 5 and $ 6.")] == []
    assert [s.text for s in find_spans("So $x=2$3 apples")] == []  # a closer before a digit is money
