"""The unrolled stream above the measured per-layer gradient norms, on one layer axis: the geometry.

When the report has ``depth-gradient-profile``'s plot (the gradient norm of each layer's ``W^2``, Pre-LN and
Post-LN, at two depths), the stream figure draws each placement's chain with one box per layer at the same x
as that layer on the plot below it (every k-th layer when the stack is deep, so that the boxes do not
overlap), then the plot, with a log y axis, the layers as x ticks. Both come from one map ``layer -> x``
(:meth:`Axis.x`), so the chain and the plot line up by construction, in TikZ and in SVG alike.

Everything is in cm, y down. Placement is told by colour, marker shape (circle Post-LN, square Pre-LN) and
the legend; depth by fill (open: the shallow stack, filled: the deep one). Pure and deterministic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from lnsym.report.stream import CHAINS, Chain

__all__ = ["PROFILE_CLAIM", "PROFILE_PLOT", "ProfileFigure", "drawn_layers", "profile_layout", "series_from_plot"]

PROFILE_CLAIM = PROFILE_PLOT = "depth-gradient-profile"
#: at most this many boxes per chain: past it, every k-th layer
MAX_BOXES = 9
#: plot area (cm): the axis from X0 to X1, the chains' rows above it
X0, X1 = 1.7, 15.2
ROW_H = 2.6
PLOT_H = 4.3
BOX_W, BOX_H = 0.98, 0.84
COLOURS = {"Pre-LN": "#1565C0", "Post-LN": "#C62828"}  # lnplot0 and lnplot1 of the other plots
SHAPES = {"Pre-LN": "square", "Post-LN": "circle"}


@dataclass(frozen=True)
class Measured:
    """One measured series: a placement at one depth, ``(layer, norm)`` pairs."""

    placement: str
    depth: int
    points: tuple[tuple[int, float], ...]

    def text(self) -> str:
        return f"{self.placement}, L = {self.depth}"


@dataclass(frozen=True)
class Axis:
    left: float
    right: float
    top: float
    bottom: float
    layers: int  # the axis runs from layer 0.5 to layers + 0.5
    ylo: int  # log10 of the bottom and top of the y range
    yhi: int

    def x(self, layer: float) -> float:
        return round(self.left + (layer - 0.5) / self.layers * (self.right - self.left), 3)

    def y(self, value: float) -> float:
        frac = (math.log10(value) - self.ylo) / (self.yhi - self.ylo)
        return round(self.bottom - frac * (self.bottom - self.top), 3)


@dataclass(frozen=True)
class Box:
    layer: int
    x: float


@dataclass(frozen=True)
class Row:
    chain: Chain
    y: float  # the chain's axis
    boxes: tuple[Box, ...]


@dataclass(frozen=True)
class Mark:
    series: int  # index into ProfileFigure.series
    layer: int
    value: float
    x: float
    y: float


@dataclass(frozen=True)
class ProfileFigure:
    axis: Axis
    rows: tuple[Row, ...]
    series: tuple[Measured, ...]
    marks: tuple[Mark, ...]
    xticks: tuple[tuple[int, float], ...]  # (layer, x)
    yticks: tuple[tuple[float, float], ...]  # (value, y)
    step: int  # a box every ``step`` layers (1: every layer)
    width: float
    height: float


def series_from_plot(plot: dict) -> tuple[Measured, ...]:
    """The measured series of the claim's plot context (``_plot_context``): the placement from the label's
    start, the depth from the last layer; a series of no placement drawn here is left out."""
    out = []
    for s in plot["series"]:
        placement = next((c.title for c in CHAINS if s["label"].startswith(c.title + ",")), None)
        if placement is None or not s["points"]:
            continue
        points = tuple((round(x), float(y)) for x, y in s["points"])
        out.append(Measured(placement, max(layer for layer, _ in points), points))
    return tuple(out)


def drawn_layers(layers: int) -> tuple[int, ...]:
    """Every layer when there are few, else 1 and every k-th (k the smallest step with at most MAX_BOXES)."""
    step = _step(layers)
    return tuple(sorted({1, *range(step, layers + 1, step), layers}))


def _step(layers: int) -> int:
    return 1 if layers <= MAX_BOXES else math.ceil(layers / (MAX_BOXES - 1))


def _yticks(ylo: int, yhi: int) -> tuple[float, ...]:
    mantissas = (1, 2, 5) if yhi - ylo <= 2 else (1,)
    return tuple(m * 10.0 ** e for e in range(ylo, yhi + 1) for m in mantissas if m * 10.0 ** e <= 10.0 ** yhi)


def profile_layout(series: tuple[Measured, ...], chains=CHAINS) -> ProfileFigure:
    if not series:
        raise ValueError("no measured series to draw under the stream")
    layers = max(s.depth for s in series)
    values = [v for s in series for _, v in s.points]
    ylo, yhi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    yhi = max(yhi, ylo + 1)
    top = len(chains) * ROW_H + 0.75
    axis = Axis(X0, X1, top, top + PLOT_H, layers, ylo, yhi)
    drawn = drawn_layers(layers)
    rows = tuple(Row(c, round(k * ROW_H + 0.95, 3), tuple(Box(layer, axis.x(layer)) for layer in drawn))
                 for k, c in enumerate(chains))
    marks = tuple(Mark(k, layer, value, axis.x(layer), axis.y(value))
                  for k, s in enumerate(series) for layer, value in s.points)
    return ProfileFigure(axis, rows, series, marks, tuple((layer, axis.x(layer)) for layer in drawn),
                         tuple((v, axis.y(v)) for v in _yticks(ylo, yhi)), _step(layers), X1 + 1.3,
                         round(axis.bottom + 1.75, 3))
