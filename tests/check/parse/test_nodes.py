"""The node types of a term's tree: named fields, ``match``, tuples underneath (equal, hashable, picklable), and
every tree the parser builds made of them."""

from __future__ import annotations

import copy
import pickle

import pytest

from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.matrices import column_vectors
from lnsym.check.parse.nodes import (
    KINDS,
    Add,
    Det,
    Frac,
    Group,
    Matrix,
    Mul,
    Neg,
    Node,
    Norm,
    Num,
    Sum,
    Sym,
    UFunc,
    Vector,
    rebuilt,
)


def test_fields_are_named_and_the_tuple_is_unchanged():
    t = Frac(Group(Num("16")), Group(Num("4")))
    assert t == ("frac", ("group", ("num", "16")), ("group", ("num", "4")))
    assert (t.num.inner.digits, t.den.inner.digits) == ("16", "4")
    assert hash(t) == hash(("frac", ("group", ("num", "16")), ("group", ("num", "4"))))


def test_optional_trailing_fields_are_left_out_when_absent():
    assert Num("2") == ("num", "2") and Num("2").tail is None
    assert Num("0.333", "...") == ("num", "0.333", "...") and Num("0.333", "...").tail == "..."
    assert Group(Num("1"), "[").bracket == "[" and Group(Num("1")).bracket is None
    assert Norm(Sym("x", None), "2").p == "2" and len(Norm(Sym("x", None))) == 2


def test_nodes_of_different_kinds_differ():
    assert Sym("x", None) != Num("x")
    assert Neg(Num("1")) != Group(Num("1"))


def test_match_binds_the_fields():
    match Mul(Num("2"), Sym("x", None), "×"):
        case Mul(Num(digits), Sym(name, None), mark):
            got = (digits, name, mark)
        case _:
            got = None
    assert got == ("2", "x", "×")


@pytest.mark.parametrize("copier", [lambda t: pickle.loads(pickle.dumps(t)), copy.deepcopy, copy.copy])
def test_pickled_and_copied_nodes_keep_their_types(copier):
    t = Add((Num("1"), Neg(UFunc("f", (Sym("x", None),)))))
    got = copier(t)
    assert got == t
    assert type(got) is Add and type(got.terms[1]) is Neg and type(got.terms[1].operand.args[0]) is Sym


def test_rebuilt_keeps_the_kind_type():
    t = Mul(Num("2"), Num("3"), "")
    again = rebuilt(t, ["mul", Num("5"), Num("3"), ""])
    assert type(again) is Mul and again.left == Num("5")
    assert type(rebuilt((Num("1"), Num("2")), [Num("1")])) is tuple  # a plain tuple of terms stays one


def test_every_kind_has_a_type_of_its_own():
    assert len(KINDS) == len(set(KINDS.values())) >= 38 and all(cls.kind == kind for kind, cls in KINDS.items())


def _plain_tuples(tree) -> list:
    """Every tuple of the tree with a kind first that is not a node (a node built as a bare tuple)."""
    out, stack = [], [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple):
            if t and isinstance(t[0], str) and t[0] in KINDS and not isinstance(t, Node):
                out.append(t)
            stack.extend(t)
    return out


TERMS = [
    r"\frac{2+4+4+6}{4}", r"(1+0.02)^{48}", r"0.\overline{3}", r"1011_2", r"\sqrt[3]{8} \cdot 5!", r"\binom{5}{2}",
    r"|{-3}| - \lfloor 2.5 \rfloor", r"\|x\|_2^2", r"\sum_{i=1}^n i^2", r"\prod_i (1 + x_i)", r"\max_i z_i",
    r"\frac{\partial p_i}{\partial z_j}", r"\frac{d}{dx} \tanh(x)", r"\nabla_W L", r"f'(x) \pm 2", r"x^\top W",
    r"\mathbf 1[a > 0]", r"\log_2 8 + \ln 3", r"3 \star 4", r"5 \text{ remainder } 2", r"(1, 2, 3)",
    r"\sigma(x) \sin^2 x", r"0.333\ldots", r"\pi \infty", r"\mathbf 1", r"\sum_{i,j} W_{ij}^2",
]


@pytest.mark.parametrize("src", TERMS)
def test_the_parser_builds_nodes_only(src):
    tree = parse_term(tokenize(src), {"\\sigma": "sigmoid"})
    assert isinstance(tree, Node)
    assert _plain_tuples(tree) == []


def test_the_check_finds_a_bare_tuple():
    assert _plain_tuples(Add((Num("1"), ("num", "2")))) == [("num", "2")]


@pytest.mark.parametrize(("env", "kind"), [("pmatrix", Matrix), ("vmatrix", Det)])
def test_a_matrix_and_a_determinant_are_nodes(env, kind):
    tree = parse_term(column_vectors(tokenize(rf"\begin{{{env}}} 1 & 2 \\ 3 & 4 \end{{{env}}}")))
    assert isinstance(tree, kind) and _plain_tuples(tree) == []



def test_a_vector_is_a_node():
    assert isinstance(parse_term(tokenize("[1, 2]")), Vector)
    assert isinstance(parse_term(tokenize(r"\sum_i p_i")), Sum)
