"""The last check on math before TeX: TeX's ^^ notation decoded, control sequences whitelisted."""

from __future__ import annotations

import pytest

from lnsym.check.emit.tex_guard import decode_carets, markdown_safe_math, tex_refusal


@pytest.mark.parametrize(("written", "read"), [
    ("^^5c", "\\"), ("^^5cinput", "\\input"), ("^^7b^^7d", "{}"), ("^^M", "\r"), ("^^?", "\x7f"),
    ("^^5e^5c", "\\"),  # a decoded ^ forms a new ^^ with the next: TeX decodes again
    ("^^5C", "uC"),  # upper-case is not hex to TeX: ^^5 is chr(ord('5') + 64), then C
    ("x^2", "x^2"), ("x^{^2}", "x^{^2}"),
])
def test_carets_are_decoded_as_tex_decodes_them(written, read):
    assert decode_carets(written) == read


@pytest.mark.parametrize("tex", [
    "^^5cgdef^^5cstepbad^^231^^232{^^5cstepok{1}}",  # the spoof of issue 15: green ticks on wrong steps
    "^^5cdef^^5cx{^^5cx}^^5cx",  # the loop of issue 15
    "x^^32",  # even a harmless-looking use
])
def test_the_caret_notation_never_passes(tex):
    assert tex_refusal(tex, {"frac", "def", "gdef", "x", "stepok", "stepbad"}) == "TeX's ^^ notation"


def test_control_sequences_outside_the_whitelist_are_refused():
    assert tex_refusal(r"\frac{1}{2}", {"frac"}) is None
    assert tex_refusal(r"\frac{1}{2}\input{x}", {"frac"}) == "the control sequence \\input"
    assert tex_refusal("\\catcode`\\^=12", {"frac"}) == "the control sequence \\catcode"
    assert tex_refusal("x\x00", {"frac"}) == "a control character"
    assert tex_refusal(r"\%\{", {"%", "{"}) is None


def test_markdown_math_opens_no_tag_nor_comment():
    out = markdown_safe_math("<svg/onload=alert(1)> <!-- \\text{a &amp; b}")
    assert "<" not in out and ">" not in out
    assert "&amp;" not in out and "& amp;" in out
    assert markdown_safe_math("a\n\nb") == "a b"  # one line: a blank line would end the math
