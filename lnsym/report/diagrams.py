"""Residual blocks as data: a block's formula as a tiny expression tree, and the graph drawn from it.

A block is one line of data, its formula: Post-LN is ``Apply("LN", Add(X, Apply("F", X)))``, Pre-LN is
``Add(X, Apply("F", Apply("LN", X)))``. :func:`block_graph` reads the tree into a graph whose nodes are
the input, the ``+``, the function boxes and the output, and whose edges each carry the local Jacobian
of the node they enter with respect to the node they leave (``I`` into a ``+``, ``J_F`` into ``F``,
``J_LN`` into ``LN``, ``alpha I`` for a scaled operand), with the id of the catalogue claim that proves
it. The residual path is the walk from the output back to the input that never enters ``F``: its
nodes form the main column, everything else hangs beside it on the branch. The product of the labels
along a path, summed over the paths from input to output, is the block's Jacobian, which
:func:`jacobian_tex` also gets by the chain rule on the tree (a test checks that the two agree).

:func:`layout` places the graph (in cm, y upwards: the stream flows up the page) and routes each
edge as a polyline; :mod:`lnsym.report.diagram_emit` draws that geometry as TikZ and as SVG, so the
two pictures are the same picture. Everything here is pure and deterministic.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

__all__ = [
    "BLOCKS",
    "OPERATORS",
    "Add",
    "Apply",
    "Block",
    "BlockGraph",
    "Edge",
    "Node",
    "Operator",
    "Scale",
    "Var",
    "X",
    "block_graph",
    "claim_ids",
    "formula_tex",
    "formula_text",
    "jacobian_tex",
    "layout",
]


# ----------------------------------------------------------------------------------------- trees
@dataclass(frozen=True)
class Var:
    """The block's input, ``x_l``."""


@dataclass(frozen=True)
class Apply:
    """A function (a key of :data:`OPERATORS`) applied to an expression."""
    fn: str
    arg: object


@dataclass(frozen=True)
class Scale:
    """A constant factor (a key of :data:`FACTORS`) times an expression: DeepNorm's ``alpha x``."""
    factor: str
    arg: object


@dataclass(frozen=True)
class Add:
    left: object
    right: object


X = Var()


@dataclass(frozen=True)
class Operator:
    """A function box: its text, the subscript of its Jacobian, and the claim that proves that Jacobian.

    ``branch`` marks the sublayer (``F``): the residual path is the one that avoids it.
    """
    text: str  # the box's text, plain (escaped by the emitters)
    sub: str  # the Jacobian's subscript, plain: J_{sub}
    claim: str
    sub_italic: bool = False  # J_F (a function's name) is italic, J_LN upright
    branch: bool = False
    fill: str = "#FFF3C4"  # the box's colour (the box is also labelled: colour never carries alone)


#: the functions a block may apply
OPERATORS = {
    "F": Operator("F", "F", "residual-derivative", sub_italic=True, branch=True, fill="#ECEFF1"),
    "LN": Operator("LN", "LN", "layernorm-jacobian"),
    "RMSNorm": Operator("RMSNorm", "RMS", "rmsnorm-jacobian"),
}

#: the operands of ``+`` are passed on unchanged: the local Jacobian is ``I`` (residual-derivative)
ADD_CLAIM = "residual-derivative"

#: constant factors: name -> (LaTeX, text, the claim that gives the constant)
FACTORS = {"alpha": (r"\alpha", "α", "deepnorm-constants")}


@dataclass(frozen=True)
class Block:
    key: str  # a short name, safe as an identifier
    title: str  # plain text
    formula: object  # the tree
    claim: str = ""  # the claim that proves the block's Jacobian ("" when the catalogue has none)


#: The blocks the appendix draws, in order: a new variant is one more line.
BLOCKS = (
    Block("postln", "Post-LN", Apply("LN", Add(X, Apply("F", X))), "postln-jacobian"),
    Block("preln", "Pre-LN", Add(X, Apply("F", Apply("LN", X))), "preln-jacobian"),
    Block("prermsnorm", "Pre-RMSNorm", Add(X, Apply("F", Apply("RMSNorm", X)))),
    Block("deepnorm", "DeepNorm", Apply("LN", Add(Scale("alpha", X), Apply("F", X))), "deepnorm-constants"),
)


def _check(expr) -> None:
    if isinstance(expr, Var):
        return
    if isinstance(expr, Apply):
        if expr.fn not in OPERATORS:
            raise ValueError(f"unknown function {expr.fn!r} in a block; expected one of {', '.join(OPERATORS)}")
        # the name and the Jacobian's subscript go into math as they are: letters and digits only
        if not (expr.fn.isascii() and expr.fn.isalnum() and OPERATORS[expr.fn].sub.isascii()
                and OPERATORS[expr.fn].sub.isalnum()):
            raise ValueError(f"the function {expr.fn!r} and its Jacobian's subscript must be ASCII letters and digits")
        _check(expr.arg)
    elif isinstance(expr, Scale):
        if expr.factor not in FACTORS:
            raise ValueError(f"unknown factor {expr.factor!r} in a block; expected one of {', '.join(FACTORS)}")
        _check(expr.arg)
    elif isinstance(expr, Add):
        _check(expr.left)
        _check(expr.right)
    else:
        raise TypeError(f"a block's formula is built from Var, Apply, Scale and Add, not {type(expr).__name__}")


def _has_branch(expr) -> bool:
    if isinstance(expr, Apply):
        return OPERATORS[expr.fn].branch or _has_branch(expr.arg)
    if isinstance(expr, Scale):
        return _has_branch(expr.arg)
    if isinstance(expr, Add):
        return _has_branch(expr.left) or _has_branch(expr.right)
    return False


# ------------------------------------------------------------------------------------- formulas
def formula_tex(expr, x: str = "x_l") -> str:
    """The block's formula as LaTeX math: ``\\mathrm{LN}(x_l + F(x_l))``."""
    if isinstance(expr, Var):
        return x
    if isinstance(expr, Apply):
        name = expr.fn if OPERATORS[expr.fn].sub_italic else rf"\mathrm{{{expr.fn}}}"
        return rf"{name}({formula_tex(expr.arg, x)})"
    if isinstance(expr, Scale):
        return FACTORS[expr.factor][0] + " " + formula_tex(expr.arg, x)
    return f"{formula_tex(expr.left, x)} + {formula_tex(expr.right, x)}"


def formula_text(expr, x: str = "x") -> str:
    """The block's formula as plain text: ``LN(x + F(x))``."""
    if isinstance(expr, Var):
        return x
    if isinstance(expr, Apply):
        return f"{OPERATORS[expr.fn].text}({formula_text(expr.arg, x)})"
    if isinstance(expr, Scale):
        return FACTORS[expr.factor][1] + formula_text(expr.arg, x)
    return f"{formula_text(expr.left, x)} + {formula_text(expr.right, x)}"


def _jac_symbol_tex(op: Operator) -> str:
    return f"J_{{{op.sub}}}" if op.sub_italic else rf"J_{{\mathrm{{{op.sub}}}}}"


def jacobian_tex(expr) -> str:
    """The block's Jacobian by the chain rule, factored as the formula is: ``J_LN(I + J_F)``."""
    if isinstance(expr, Var):
        return "I"
    if isinstance(expr, Apply):
        inner = jacobian_tex(expr.arg)
        inner = f"({inner})" if isinstance(expr.arg, Add) else ("" if inner == "I" else " " + inner)
        return _jac_symbol_tex(OPERATORS[expr.fn]) + inner
    if isinstance(expr, Scale):
        return FACTORS[expr.factor][0] + " " + jacobian_tex(expr.arg)
    return f"{jacobian_tex(expr.left)} + {jacobian_tex(expr.right)}"


# ----------------------------------------------------------------------------------------- graph
@dataclass(frozen=True)
class Node:
    key: str  # "in", "out", "add1", "LN1", ...
    kind: str  # "input", "output", "add", "box"
    text: str  # plain text: the box's name, "+", or "x" (input and output carry a subscript)
    sub: str = ""  # the subscript of an input or output: "l", "l+1"
    level: int = 0  # longest path from the input
    main: bool = True  # on the residual path (else on the branch)
    fill: str = "#FFFFFF"


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    symbol: str  # "I" or "J" ("" for the edge into the output, which passes the value on)
    sub: str = ""  # J's subscript, plain text
    sub_italic: bool = False
    factor: str = ""  # a key of FACTORS
    claim: str = ""  # the claim that proves the label
    residual: bool = False  # both ends on the residual path

    def text(self) -> str:
        """The label as plain text: ``I``, ``J_LN``, ``αI``."""
        if not self.symbol:
            return ""
        factor = FACTORS[self.factor][1] if self.factor else ""
        return factor + self.symbol + (f"_{self.sub}" if self.sub else "")


@dataclass(frozen=True)
class BlockGraph:
    block: Block
    nodes: tuple[Node, ...]  # input first, output last
    edges: tuple[Edge, ...]

    def node(self, key: str) -> Node:
        return next(n for n in self.nodes if n.key == key)


def block_graph(block: Block) -> BlockGraph:
    """The graph of ``block``'s formula (see the module's docstring)."""
    _check(block.formula)
    nodes: dict[str, dict] = {"in": {"kind": "input", "text": "x", "sub": "l"}}
    edges: list[dict] = []
    counts: dict[str, int] = {}
    main: set[str] = {"in", "out"}

    def visit(expr, on_main: bool) -> list[tuple[str, str]]:
        """Build ``expr``; returns the (node key, factor) pairs whose value flows into its parent
        (a Scale is no node: its factor goes onto the edge)."""
        if isinstance(expr, Var):
            return [("in", "")]
        if isinstance(expr, Scale):
            return [(key, expr.factor) for key, _ in visit(expr.arg, on_main)]
        kind = "add" if isinstance(expr, Add) else expr.fn
        counts[kind] = counts.get(kind, 0) + 1
        key = f"{kind}{counts[kind]}"
        if on_main:
            main.add(key)
        if isinstance(expr, Add):
            nodes[key] = {"kind": "add", "text": "+"}
            # the residual path goes through the operand without a branch (F); with none, the left one
            skip = next((side for side in (expr.left, expr.right) if not _has_branch(side)), expr.left)
            for side in (expr.left, expr.right):
                for source, factor in visit(side, on_main and side is skip):
                    edges.append({"source": source, "target": key, "symbol": "I", "factor": factor,
                                  "claim": FACTORS[factor][2] if factor else ADD_CLAIM})
        else:
            op = OPERATORS[expr.fn]
            nodes[key] = {"kind": "box", "text": op.text, "fill": op.fill}
            for source, factor in visit(expr.arg, on_main and not op.branch):
                edges.append({"source": source, "target": key, "symbol": "J", "sub": op.sub,
                              "sub_italic": op.sub_italic, "factor": factor, "claim": op.claim})
        return [(key, "")]

    for source, factor in visit(block.formula, True):
        edges.append({"source": source, "target": "out", "symbol": "", "factor": factor})
    nodes["out"] = {"kind": "output", "text": "x", "sub": "l+1"}
    level = {"in": 0}
    for _ in range(len(nodes)):  # longest path from the input (the graph is acyclic and small)
        for e in edges:
            if e["source"] in level:
                level[e["target"]] = max(level.get(e["target"], 0), level[e["source"]] + 1)
    node_list = tuple(sorted((Node(key, main=key in main, level=level[key], **fields) for key, fields in nodes.items()),
                             key=lambda n: n.level))  # from the input up (sorted is stable: ties keep their order)
    edge_list = tuple(Edge(residual=e["source"] in main and e["target"] in main, **e) for e in edges)
    return BlockGraph(block, node_list, edge_list)


def claim_ids(graphs) -> list[str]:
    """Every claim id the figures cite (arrows and blocks), in order of first appearance."""
    ids: list[str] = []
    for g in graphs:
        for cid in [e.claim for e in g.edges] + [g.block.claim]:
            if cid and cid not in ids:
                ids.append(cid)
    return ids


# ---------------------------------------------------------------------------------------- layout
#: geometry in cm: the branch column's offset, the distance between levels, node sizes
BRANCH_X = 1.9
LEVEL_DY = 1.3
BOX_HEIGHT = 0.6
ADD_RADIUS = 0.22
IO_HEIGHT = 0.45
LABEL_GAP = 0.12


def _box_width(text: str) -> float:
    return round(max(0.9, 0.3 + 0.19 * len(text)), 3)


@dataclass(frozen=True)
class PlacedNode:
    node: Node
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class PlacedEdge:
    edge: Edge
    points: tuple[tuple[float, float], ...]  # the polyline, ending at the target's border
    label_at: tuple[float, float]  # where the label's text starts (left side: where it ends)
    label_side: str  # "left" (the text ends at label_at) or "right"


@dataclass(frozen=True)
class Placed:
    graph: BlockGraph
    nodes: tuple[PlacedNode, ...]
    edges: tuple[PlacedEdge, ...]
    top: float  # the output's top


def layout(graph: BlockGraph) -> Placed:
    """Positions (cm, y up): the residual path at x = 0, the branch at :data:`BRANCH_X`, one level
    every :data:`LEVEL_DY`. Edges within a column go straight up; an edge from the residual path to
    the branch leaves to the right and turns up; one back turns left into the ``+``. Labels sit left
    of the residual path and right of the branch, beside the vertical part of their edge."""
    placed: dict[str, PlacedNode] = {}
    for n in graph.nodes:
        if n.kind == "box":
            w, h = _box_width(n.text), BOX_HEIGHT
        elif n.kind == "add":
            w = h = 2 * ADD_RADIUS
        else:
            w, h = 0.7, IO_HEIGHT
        placed[n.key] = PlacedNode(n, 0.0 if n.main else BRANCH_X, round(n.level * LEVEL_DY, 3), w, h)
    edges = []
    for e in graph.edges:
        s, t = placed[e.source], placed[e.target]
        if s.node.main == t.node.main:  # straight up
            points = ((s.x, s.y + s.height / 2), (t.x, t.y - t.height / 2))
        elif s.node.main:  # right, then up into the branch
            points = ((s.x + s.width / 2, s.y), (t.x, s.y), (t.x, t.y - t.height / 2))
        else:  # up, then left into the residual path
            points = ((s.x, s.y + s.height / 2), (s.x, t.y), (t.x + t.width / 2, t.y))
        # the vertical segment: the last one going up, and the label beside its middle
        (x0, y0), (_, y1) = next((p, q) for p, q in itertools.pairwise(points) if p[0] == q[0])
        right = not (s.node.main and t.node.main)
        label_at = (round(x0 + (LABEL_GAP if right else -LABEL_GAP), 3), round((y0 + y1) / 2, 3))
        points = tuple((round(px, 3), round(py, 3)) for px, py in points)
        edges.append(PlacedEdge(e, points, label_at, "right" if right else "left"))
    out = placed["out"]
    return Placed(graph, tuple(placed[n.key] for n in graph.nodes), tuple(edges), round(out.y + out.height / 2, 3))
