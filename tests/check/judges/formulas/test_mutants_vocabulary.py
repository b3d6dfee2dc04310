"""Rules of the vocabulary of formulas (lnsym/check/judges/formulas/vocabulary.py) that its mutants showed untested:
how a braced argument ends, which letters index an entry, where a notation may start."""

from __future__ import annotations

from lnsym.check.judges.formulas import vocabulary as V
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.nodes import Add, Func, Num


def _prepared(src: str) -> tuple[list, dict]:
    out, holders = V.prepare(tokenize(src))
    return [(t.kind, t.value) for t in out], holders


def test_a_braced_argument_ends_at_its_matching_brace():
    toks = tokenize("{a{b}c}d")
    inner, after = V._group(toks, 0)
    assert [t.value for t in inner] == ["a", "{", "b", "}", "c"] and after == 7
    assert V._group(toks, 8) is None  # past the end
    assert V._group(tokenize("{a{b}"), 0) is None  # never closed
    assert V._group(toks, 7) == ([toks[7]], 8)  # one token is its own argument
    paren = tokenize("(a)")
    assert V._group(paren, 0) == ([paren[0]], 1)  # a bracket other than a brace is one token too


def test_a_notation_cut_off_at_the_end_of_the_term_stays_as_written():
    # each recogniser looks past its first token: at the end of the term there is nothing to read, and no crash
    for src in ("dy/d", "dy/", "d", r"\frac", r"\frac{dy}", r"\frac{dy}{d}", "(J", "(J_", "J", "J_", "(", "x(",
                r"\text{LN}", r"\text{LN}(z)_", r"\mathbf", r"\mathsf", "F", "F+1", r"\text{LN}_a(z", r"\frac{}{dx}"):
        toks = tokenize(src)
        out, holders = V.prepare(toks)
        assert (out, holders) == (toks, {}), src
    # (J_LN without its entry's index is the bracket, then the matrix
    for src in (r"(J_{\text{LN}}", r"(J_{\text{LN}})", r"(J_{\text{LN}})_", r"(J_{\text{LN}}]_{ab"):
        out, holders = V.prepare(tokenize(src))
        assert out[0].value == "(" and out[1].value == "PH0" and holders == {"PH0": V.JacEntry(None, None)}, src


def test_a_transpose_and_a_prime_keep_their_positions():
    out, holders = V.prepare(tokenize(r"x^\top+y^\mathsf{T}+F'"))
    assert [(t.kind, t.value, t.start, t.end) for t in out] == [
        ("LETTER", "x", 0, 1), ("SYM", "^", 1, 2), ("LETTER", "T", 2, 6), ("SYM", "+", 6, 7), ("LETTER", "y", 7, 8),
        ("SYM", "^", 8, 9), ("LETTER", "T", 9, 19), ("SYM", "+", 19, 20), ("TEXT", "PH0", 20, 22)]
    assert holders == {"PH0": V.Prime("F")}
    assert V.prepare(tokenize(r"\mathsf{TT}"))[1] == {} and V.prepare(tokenize(r"\mathsf{TT}"))[0][0].value == "mathsf"


def test_placeholders_are_numbered_in_order_and_hold_what_they_replace():
    out, holders = V.prepare(tokenize(r"\mathbf{1}^\top J_{\text{LN}}\frac{dy}{dx}"))
    assert [t.value for t in out] == ["PH0", "^", "T", "PH1", "PH2"]
    assert holders["PH0"] == "ONES" and holders["PH1"] == V.JacEntry(None, None)
    assert isinstance(holders["PH2"], V.Deriv) and not holders["PH2"].partial


def _holders(src: str) -> dict:
    return V.prepare(tokenize(src))[1]


def test_only_the_notations_of_the_vocabulary_become_placeholders():
    # a fraction, a Jacobian, an output, the ones vector, a prime: each only in its own notation
    for src in (r"\frac{ay}{ax}", r"\frac{Dy}{Dx}", r"\frac{\alpha y}{\alpha x}", r"\binom{dy}{dx}", "ay/dx",
                "dy/2x", "dy+dx", "dy/ax", "dy/d2", r"x-J_{\text{LN}})_{ab}", r"(K_{\text{LN}})_{ab}",
                r"x_{\text{LN}}", r"K_{\text{LN}}", "J_{abc}", r"J_{\ln}", r"(J_{\ln})_{ab}", r"\text{LN}[z]_a",
                r"\text{LN}^a(z)", r"\text{LN}_1(z)", r"\text{LN}_a[z)", r"\text{LN}_a(z]", r"\sqrt{1}", "X'"):
        # no placeholder of these kinds (none at all is the expected answer, stated as such)
        assert [h for h in _holders(src).values() if isinstance(h, (V.Deriv, V.LNOut, V.Prime)) or h == "ONES" or (
            isinstance(h, V.JacEntry) and h.row)] == [], src
    for src in (r"x_{\text{LN}}", r"K_{\text{LN}}", r"(K_{\text{LN}})"):  # only J names a Jacobian
        assert _holders(src) == {}, src
    assert _holders(r"(J_{\text{LN}}X_{ab}") == {"PH0": V.JacEntry(None, None)}  # X_{ab} is not its entry
    assert _holders(r"(J_{\text{LN}})_{a+b}") == {"PH0": V.JacEntry(None, None)}  # a+b is not two indices
    assert _holders(r"x-J_{\text{LN}})_{ab}") == {"PH0": V.JacEntry(None, None)}
    assert _holders(r"\mathrm{softmax}_i(z)") == {"PH0": V.LNOut("z", "i", "softmax")}  # the index first
    assert _holders(r"dy/\text{d}x") == {}  # dy/dx written without spaces: the second d a letter too
    out = V.prepare(tokenize(r"\mathbf{T}"))[0]
    assert [t.kind for t in out] == ["CMD", "SYM", "LETTER", "SYM"]  # not a transpose: not \mathsf


def test_a_derivative_in_braces_or_after_other_terms_is_read():
    for src in (r"\frac{{dy}}{{dx}}", r"\frac{{{dy}}}{dx}"):
        d = _holders(src)["PH0"]
        assert [t.value for t in d.num] == ["y"] and [t.value for t in d.den] == ["x"], src
    out, holders = V.prepare(tokenize("1+2+dy/dx+1"))
    assert [t.value for t in out] == ["1", "+", "2", "+", "PH0", "+", "1"]
    assert [t.value for t in holders["PH0"].num] == ["y"] and not holders["PH0"].partial
    out, holders = V.prepare(tokenize("2F'(x)"))
    assert [t.value for t in out] == ["2", "PH0", "(", "x", ")"] and holders == {"PH0": V.Prime("F")}


def test_the_notations_not_read_say_what_they_are():
    for src, message in ((r"J_{\text{LN}}^2", "a J_LN with a further index or power"),
                         (r"\partial x", "a partial derivative in a form that is not read")):
        try:
            V.prepare(tokenize(src))
        except V.Unknown as exc:
            assert str(exc) == message, src
        else:
            raise AssertionError(src)


def test_every_node_of_a_tree_is_walked_even_past_an_empty_part():
    from lnsym.check.parse.nodes import tree_nodes

    assert list(tree_nodes(Func("f", ()))) == [Func("f", ())]
    assert [n[0] for n in tree_nodes(Add(((), Num("1"))))] == ["add", "num"]
