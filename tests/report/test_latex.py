"""The one-pass escapes (LaTeX and Markdown) and the Jinja environment."""

from __future__ import annotations

import re

import jinja2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from report_support import HOSTILE_MATH

from lnsym.prose import Piece, math_problem, split_prose
from lnsym.report.environment import environment, format_number
from lnsym.report.latex import (
    escape_latex,
    escape_latex_id,
    escape_markdown,
    escape_markdown_with_math,
    escape_text_with_math,
    markdown_math,
    split_math,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\\", r"\textbackslash{}"),
        ("{}", r"\{\}"),
        ("$&#_%", r"\$\&\#\_\%"),
        ("~^", r"\textasciitilde{}\textasciicircum{}"),
        ("a--b", "a-{}-{}b"),
        ("<<>>", r"\textless{}\textless{}\textgreater{}\textgreater{}"),
        ("``x''", r"\textasciigrave{}\textasciigrave{}x\textquotesingle{}\textquotesingle{}"),
        ("line\nbreak\ttab", "line break tab"),
        ("plain words 123", "plain words 123"),
        (None, ""),
        (3.5, "3.5"),
    ],
)
def test_escape_latex_table(text, expected):
    assert escape_latex(text) == expected


def test_backslash_inserted_by_escaping_is_not_escaped_again():
    # one pass: "\" becomes \textbackslash{}, and its braces are not turned into \{ \}
    assert escape_latex(r"\{") == r"\textbackslash{}\{"
    assert escape_latex(r"\input{/etc/passwd}") == r"\textbackslash{}input\{/etc/passwd\}"
    assert escape_latex(r"\write18{rm -rf /}") == r"\textbackslash{}write18\{rm -{}rf /\}"


def test_unicode_maps_to_math_keeps_latin_and_replaces_the_rest():
    out = escape_latex("μ σ ε ϵ γ δ ≈ ≤ ≥ − × · é ß 中 😀 \u200b")
    for command in (r"\mu", r"\sigma", r"\varepsilon", r"\epsilon", r"\gamma", r"\delta", r"\approx", r"\le",
                    r"\ge", r"\times", r"\cdot"):
        assert command in out
    assert "é" in out and "ß" in out
    assert r"\texttt{[U+4E2D]}\allowbreak{}" in out and r"\texttt{[U+1F600]}" in out
    assert "\u200b" not in out
    assert out and all(ord(ch) < 0x80 or ch in "éß" for ch in out)


@given(st.text(max_size=80))
def test_escaped_text_has_no_live_specials(text):
    out = escape_latex(text)
    # no control character survives, and every special char is part of an escape we emitted
    assert not re.search(r"[\x00-\x1f\x7f]", out)
    stripped = re.sub(r"\\(textbackslash|textasciitilde|textasciicircum|textless|textgreater|textbar|"
                      r"textasciigrave|textquotesingle|textquotedbl|textendash|textemdash|textquoteleft|"
                      r"textquoteright|textquotedblleft|textquotedblright|quotedblbase|ldots|textbullet|"
                      r"textdagger|textdaggerdbl|texteuro|pounds|S|P|textcopyright|textregistered|"
                      r"texttrademark|guillemotleft|guillemotright)\{\}", "", out)
    stripped = re.sub(r"\\ensuremath\{[^$%&#~]*?\}(?=[^}]|$)", "", stripped)
    stripped = re.sub(r"\\texttt\{\[U\+[0-9A-F]+\]\}\\allowbreak\{\}", "", stripped)
    stripped = re.sub(r"\\[{}$&#_%,]", "", stripped)
    stripped = stripped.replace("-{}", "").replace("?`", "").replace("!`", "")
    assert not re.search(r"[\\{}$&#_%^]", stripped), (text, out)


@given(st.text(alphabet=st.characters(codec="ascii"), max_size=60))
def test_escape_is_injective_enough_to_round_trip_ascii(text):
    undo = {r"\textbackslash{}": "\\", r"\{": "{", r"\}": "}", r"\$": "$", r"\&": "&", r"\#": "#", r"\_": "_",
            r"\%": "%", r"\textasciitilde{}": "~", r"\textasciicircum{}": "^", r"\textless{}": "<",
            r"\textgreater{}": ">", r"\textbar{}": "|", r"\textasciigrave{}": "`", r"\textquotesingle{}": "'",
            r"\textquotedbl{}": '"', "-{}": "-"}
    pattern = re.compile("|".join(re.escape(k) for k in sorted(undo, key=len, reverse=True)))
    expected = re.sub(r"[\x00-\x1f\x7f]", " ", text)
    assert pattern.sub(lambda m: undo[m.group(0)], escape_latex(text)) == expected


def test_escape_latex_id_adds_break_points_only():
    out = escape_latex_id("layernorm-jacobian/x_y.py")
    assert out.replace(r"\allowbreak{}", "") == escape_latex("layernorm-jacobian/x_y.py")
    assert out.count(r"\allowbreak{}") == 4


def test_text_with_math_keeps_math_and_escapes_the_rest():
    assert escape_text_with_math(r"cap $\gamma/\sqrt{\epsilon}$ (50% & more)") == \
        r"cap $\gamma/\sqrt{\epsilon}$ (50\% \& more)"
    # a lone dollar is text; $$ is not inline math
    assert escape_text_with_math("costs $5") == r"costs \$5"
    assert escape_text_with_math("$$x$$") == r"\$\$x\$\$"
    assert escape_text_with_math("a $x$ b $y$") == "a $x$ b $y$"
    assert split_math(r"where $s = \sqrt{\sigma^2+\epsilon}$") == [
        (False, "where "), (True, r"s = \sqrt{\sigma^2+\epsilon}")]


def test_markdown_escape_cannot_break_a_table_or_inject_html():
    out = escape_markdown("a | b *c* _d_ <script>x</script> `e` $f$ [g](h) &amp; #i ~j\nnew")
    assert "|" not in out.replace(r"\|", "")
    assert "<" not in out and ">" not in out
    for ch in "*_`$[]#~":
        assert ch not in re.sub(r"\\.", "", out)
    assert "&amp;amp;" in out
    assert "\n" not in out
    assert escape_markdown("- item").startswith(r"\-")
    assert escape_markdown("1. item") == r"1\. item"
    assert escape_markdown("12) item") == r"12\) item"


def test_markdown_math_in_tables_has_no_pipes():
    assert markdown_math(r"\|J\|_2 + |x|", table=True) == r"\Vert J\Vert _2 + \vert x\vert"
    assert escape_markdown_with_math(r"$\|J\|$ a|b", table=True) == r"$\Vert J\Vert$ a\|b"
    assert markdown_math("a\n  b") == "a b"


def test_format_number_is_fixed():
    assert format_number(8.02473186507369e-15, ".1e") == "8.0e-15"
    assert format_number(None) == "–"
    assert format_number(float("nan")) == "nan"
    assert format_number(float("inf")) == "inf"
    assert format_number(float("-inf")) == "-inf"


def test_environment_delimiters_filters_and_strictness():
    env = environment()
    assert env is environment()  # cached
    template = env.from_string(r"\BLOCK{for x in xs}\VAR{x|e}\BLOCK{endfor}\#{ a comment }{{ not a variable }}")
    assert template.render(xs=["50%", "a_b"]) == r"50\%a\_b{{ not a variable }}"
    assert env.from_string(r"\VAR{x|tex}|\VAR{x|md}|\VAR{y|texmath}").render(x="*_", y="$a$ %") == \
        r"*\_|\*\_|$a$ \%"
    with pytest.raises(jinja2.UndefinedError):
        env.from_string(r"\VAR{missing}").render()
    # templates come from reports/ of the running lnsym (lnsym/reports in a wheel)
    assert "appendix.tex.j2" in env.list_templates() and "appendix.md.j2" in env.list_templates()


def test_trim_blocks_removes_statement_lines():
    out = environment().from_string("a\n\\BLOCK{if True}\nb\n\\BLOCK{endif}\nc\n").render()
    assert out == "a\nb\nc\n"


def test_safe_id_keeps_valid_ids_and_neutralises_the_rest():
    from lnsym.report.latex import safe_id

    assert safe_id("layernorm-jacobian-2") == "layernorm-jacobian-2"
    out = safe_id('a}b"c]d)e\\')
    assert re.fullmatch(r"[A-Za-z0-9-]+", out)
    assert safe_id("a}") != safe_id("a{")


# ------------------------------------------------------------------ prose with math (lnsym.prose)


@pytest.mark.parametrize("tex", HOSTILE_MATH)
def test_hostile_math_is_shown_as_text(tex):
    assert math_problem(tex)
    text = f"before ${tex}$ after"
    assert split_prose(text) == (Piece(False, text),)
    out = escape_text_with_math(text)
    assert out == escape_latex(text)  # every character literal, the dollars too
    assert "^^" not in out
    assert not re.search(r"\\(input|write|openout|catcode|def|gdef|edef|let|csname|end|begin)(?![a-zA-Z])", out)
    md = escape_markdown_with_math(text)
    assert md == escape_markdown(text) and "$" not in md.replace(r"\$", "")


@pytest.mark.parametrize("tex", [
    r"\sum_{k=1}^{d} (J_F)_{ak}(J_{\mathrm{LN}})_{kb}", r"\|J\|_2 \le \frac{\max_a|\gamma_a|}{\sqrt{\epsilon}}",
    r"\begin{cases} d-2 & \epsilon = 0\\ d-1 & \epsilon > 0\end{cases}", r"\alpha = (2N)^{1/4}", r"\{1, 2\}",
    r"x_{l+1} = x_l + \tfrac{d}{2}", r"\mathbb{E}\|x^{(5)}\|^2 = \tfrac32 d", r"100\%", r"\partial x_a",
])
def test_valid_math_is_kept(tex):
    assert math_problem(tex) == ""
    assert escape_text_with_math(f"so ${tex}$.") == f"so ${tex}$."


def test_math_in_markdown_cannot_open_html_and_text_is_escaped():
    assert escape_markdown_with_math("a <b> & $x < y$") == r"a &lt;b&gt; &amp; $x \lt y$"
    assert escape_markdown_with_math("$<script>x</script>$") == r"$\lt script\gt x\lt /script\gt$"
    assert "<" not in escape_markdown_with_math("$a<b$ <i>x</i> $c>d$")


def test_split_prose_joins_text_and_keeps_order():
    assert split_prose("") == ()
    assert split_prose(None) == ()
    assert split_prose(r"a $x$ $\input{y}$ b $z$") == (
        Piece(False, "a "), Piece(True, "x"), Piece(False, r" $\input{y}$ b "), Piece(True, "z"))


@given(st.lists(st.sampled_from(["$", "\\", "{", "}", "^^", "5c", "input", "write", "catcode", "def", "x",
                                 " ", "%", "#", "&", "begin", "end", "csname", "{document}", "_", "^"]),
                max_size=30))
def test_no_token_soup_yields_live_commands(tokens):
    text = "".join(tokens)
    for out in (escape_text_with_math(text),):
        assert "^^" not in out
        assert not re.search(r"\\(input|write|catcode|def|csname|end|begin)(?![a-zA-Z])", out), (text, out)
    for piece in split_prose(text):
        assert not piece.math or math_problem(piece.text) == ""
