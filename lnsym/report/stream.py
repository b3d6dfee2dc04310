"""The residual stream unrolled over n layers, as data: the chain the gradient multiplies through.

Each placement is drawn as a chain ``x_0 -> [factor_1] -> x_1 -> [factor_2] -> x_2 -> [factor_3] -> x_3 -> ...
-> [factor_n] -> x_n`` whose boxes are the layers' Jacobians ``∂x_i/∂x_{i-1}``. The factor is read from the
block's own graph (:func:`lnsym.report.diagrams.block_graph`): when a norm box sits on the residual path
(Post-LN) every factor carries that norm's Jacobian outside the sum, ``J_LN^(i)(I + B_i)``; when it sits on
the branch only (Pre-LN) the factor is ``I + B_i``. Under each chain: the product ``∂x_n/∂x_0`` and what
bounds it, with the claim that proves it (``residual-product-bound`` for ``∏(I + B_i) ≤ (1 + δ)^n``,
``postln-jacobian-product`` for the Post-LN product, which no such bound covers).

Labels are pairs of LaTeX (trusted: written here) and text runs ``(text, "" | "it" | "sub" | "sup")``
for SVG. :func:`layout` places everything (cm, y down) for :mod:`lnsym.report.stream_emit`. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from lnsym.report.diagrams import BLOCKS, OPERATORS, block_graph

__all__ = ["CHAINS", "LAYERS", "Chain", "chain_for", "layout"]

#: the layers drawn before the ellipsis
LAYERS = 3
#: the claim that bounds Pre-LN's product, and the one that states Post-LN's
BOUND_CLAIM = "residual-product-bound"
POSTLN_PRODUCT_CLAIM = "postln-jacobian-product"


@dataclass(frozen=True)
class Label:
    tex: str
    runs: tuple[tuple[str, str], ...]

    def text(self) -> str:
        """The label as plain text (``x_n``, ``J_LN^(i)``): for the text alternative and to size a box."""
        return "".join({"sub": "_", "sup": "^"}.get(style, "") + t for t, style in self.runs)


@dataclass(frozen=True)
class Chain:
    key: str
    title: str  # plain text: the block's title
    norm_outside: bool  # the norm's Jacobian multiplies the whole factor (the norm is on the residual path)
    norm_sub: str  # the norm's Jacobian's subscript ("LN")
    claim: str  # the claim that states or bounds the product

    def factor(self, i: str) -> Label:
        """The Jacobian of layer ``i`` (``"1"``, ``"n"``)."""
        inner_tex, inner_runs = rf"I + B_{{{i}}}", (("I + B", "it"), (i, "sub"))
        if not self.norm_outside:
            return Label(inner_tex, inner_runs)
        return Label(rf"J_{{\mathrm{{{self.norm_sub}}}}}^{{({i})}}({inner_tex})",
                     (("J", "it"), (self.norm_sub, "sub"), (f"({i})", "sup"), ("(", ""), *inner_runs, (")", "")))

    def product(self) -> Label:
        lhs = ((("∂", ""), ("x", "it"), ("n", "sub"), ("/∂", ""), ("x", "it"), ("0", "sub"), (" = ∏", "")),
               ("i = n…1", "sub"))
        runs = (*lhs[0], lhs[1], (" ", ""))
        if self.norm_outside:
            f = self.factor("i")
            return Label(r"\partial x_n/\partial x_0 = \prod_{i=n}^{1} " + f.tex, runs + f.runs)
        return Label(r"\partial x_n/\partial x_0 = \prod_{i=n}^{1} (I + B_i)",
                     (*runs, ("(I + B", ""), ("i", "sub"), (")", "")))

    def bound(self) -> Label:
        """What bounds the product, in words and math."""
        if self.norm_outside:
            return Label(rf"\text{{each }} J_{{\mathrm{{{self.norm_sub}}}}}^{{(i)}} \text{{ scales by }} "
                         r"\gamma/\sqrt{\sigma_i^2+\epsilon}\text{: no } (1+\delta)^n \text{ bound}",
                         (("each ", ""), ("J", "it"), (self.norm_sub, "sub"), ("(i)", "sup"), (" scales by γ/√(σ", ""),
                          ("i", "sub"), ("² + ε): no (1 + δ)", ""), ("n", "sup"), (" bound", "")))
        return Label(r"\|B_i\| \le \delta \;\Rightarrow\; \|\partial x_n/\partial x_0\| \le (1+\delta)^n",
                     (("‖B", ""), ("i", "sub"), ("‖ ≤ δ ⇒ ‖∂x", ""), ("n", "sub"), ("/∂x", ""), ("0", "sub"),
                      ("‖ ≤ (1 + δ)", ""), ("n", "sup")))

    def definition(self) -> Label:
        """What ``B_i`` is in this placement."""
        if self.norm_outside:
            return Label(r"B_i = J_{F}^{(i)}", (("B", "it"), ("i", "sub"), (" = ", ""), ("J", "it"), ("F", "sub"),
                                                 ("(i)", "sup")))
        return Label(rf"B_i = J_{{F}}^{{(i)}} J_{{\mathrm{{{self.norm_sub}}}}}^{{(i)}}",
                     (("B", "it"), ("i", "sub"), (" = ", ""), ("J", "it"), ("F", "sub"), ("(i)", "sup"), ("J", "it"),
                      (self.norm_sub, "sub"), ("(i)", "sup")))


def chain_for(block) -> Chain:
    """The chain of ``block``: where its norm sits is read from its graph, not assumed."""
    graph = block_graph(block)
    by_text = {op.text: op for op in OPERATORS.values()}
    norms = [n for n in graph.nodes if n.kind == "box" and not by_text[n.text].branch]
    if not norms:
        raise ValueError(f"the block {block.title!r} has no norm box: nothing to unroll")
    outside = any(n.main for n in norms)
    sub = by_text[norms[0].text].sub
    return Chain(block.key, block.title, outside, sub, POSTLN_PRODUCT_CLAIM if outside else BOUND_CLAIM)


#: Pre-LN first, then Post-LN (the order the issue and the answer key compare them in)
CHAINS = tuple(chain_for(b) for key in ("preln", "postln") for b in BLOCKS if b.key == key)


# ---------------------------------------------------------------------------------------- layout
NODE_W = 0.7
DOTS_W = 0.6
GAP = 0.42  # an arrow between two items
BOX_H = 0.62
ROW_H = 3.45  # one chain: title, chain, backward arrow, product, bound
#: cm per character of a label at the box's font size: a letter, a sub- or superscript's, a space
CHAR_W, SCRIPT_W, SPACE_W = 0.175, 0.105, 0.08


@dataclass(frozen=True)
class Item:
    kind: str  # "node", "box", "dots"
    label: Label
    x: float  # centre, cm
    width: float


@dataclass(frozen=True)
class PlacedChain:
    chain: Chain
    y: float  # the chain's axis (cm, y down)
    items: tuple[Item, ...]
    left: float
    right: float


def _node(index: str) -> Label:
    return Label(f"x_{{{index}}}", (("x", "it"), (index, "sub")))


def _label_width(label: Label) -> float:
    """The box around ``label`` (cm): an estimate from its characters, the same for TikZ and SVG."""
    width = 0.35
    for text, style in label.runs:
        for ch in text:
            width += SPACE_W if ch == " " else SCRIPT_W if style in ("sub", "sup") else CHAR_W
    return round(width, 3)


def _items(chain: Chain) -> list[tuple[str, Label, float]]:
    out: list[tuple[str, Label, float]] = [("node", _node("0"), NODE_W)]
    for i in [str(k) for k in range(1, LAYERS + 1)]:
        f = chain.factor(i)
        out += [("box", f, _label_width(f)), ("node", _node(i), NODE_W)]
    f = chain.factor("n")
    dots = Label(r"\cdots", (("⋯", ""),))
    out += [("dots", dots, DOTS_W), ("box", f, _label_width(f)), ("node", _node("n"), NODE_W)]
    return out


def layout(chains=CHAINS) -> tuple[PlacedChain, ...]:
    """One chain under the other; the items of each from the left, separated by arrows of length GAP."""
    placed = []
    for k, chain in enumerate(chains):
        x, items = 0.0, []
        for kind, label, width in _items(chain):
            items.append(Item(kind, label, round(x + width / 2, 3), width))
            x += width + GAP
        placed.append(PlacedChain(chain, round(k * ROW_H + 0.95, 3), tuple(items), 0.0, round(x - GAP, 3)))
    return tuple(placed)
