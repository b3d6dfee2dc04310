"""The LayerNorm Jacobian as a picture: the matrix at a concrete input and its three parts, as data.

``J_ab = s_a (δ_ab − 1/d − ẑ_a ẑ_b / d)`` with ``s_a = γ_a / √(σ² + ε)`` (the claim
``layernorm-jacobian``). :func:`jacobian_panels` takes an input and returns four matrices: ``J`` itself,
read from :func:`lnsym.layer_norm_jacobian` (the function the numeric checks test, so the picture shows
what was checked), and the three parts times the common scale, ``s δ_ab`` (the identity), ``−s/d``
(mean removal) and ``−s ẑ_a ẑ_b / d`` (variance removal), computed here from the input's statistics;
the parts add up to ``J`` (a test checks it). :data:`INPUTS` are the inputs the appendix draws: the
worked example's ``x = (2, 4, 4, 6)`` at ``ε = 0`` (as the answer key computes it) and a seeded random
input at ``d = 16``.

All the panels of a figure share ONE diverging colour scale, symmetric about 0 (:func:`colour_scale`),
so that a colour means the same number in every panel; :func:`colour` maps a value to a hex colour
(blue for negative, white for 0, red for positive). :func:`layout` places the panels (cm, y down) for
:mod:`lnsym.report.heatmap_emit`, which draws them as TikZ and as SVG. Pure and deterministic.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

__all__ = [
    "INPUTS",
    "PARTS",
    "HeatInput",
    "Panel",
    "colour",
    "colour_scale",
    "jacobian_panels",
    "layout",
    "statistics_text",
]

#: the seed of the random input (fixed: the figure is the same on every run)
RANDOM_SEED = 0
RANDOM_D = 16


@dataclass(frozen=True)
class HeatInput:
    key: str  # a short name, safe as an identifier
    title: str  # plain text
    title_tex: str  # the same as LaTeX (trusted: written here)
    x: tuple[float, ...]
    eps: float
    numbers: bool  # write the values in the cells (small matrices only: colour never carries alone)


def _random_input() -> tuple[float, ...]:
    return tuple(float(v) for v in np.round(np.random.default_rng(RANDOM_SEED).standard_normal(RANDOM_D), 3))


#: the inputs the appendix draws, in order
INPUTS = (
    HeatInput("worked", "the worked example, x = (2, 4, 4, 6), ε = 0",
              r"the worked example, $x = (2, 4, 4, 6)$, $\epsilon = 0$", (2.0, 4.0, 4.0, 6.0), 0.0, True),
    HeatInput("random", f"a random input, d = {RANDOM_D} (seed {RANDOM_SEED}), ε = 10⁻⁵",
              rf"a random input, $d = {RANDOM_D}$ (seed {RANDOM_SEED}), $\epsilon = 10^{{-5}}$", _random_input(), 1e-5,
              False),
)


@dataclass(frozen=True)
class Part:
    key: str
    tex: str  # the panel's title as LaTeX math
    runs: tuple[tuple[str, str], ...]  # the same title as text runs: (text, "" | "it" | "sub")
    words: str  # what the part is, plain text


#: the four panels, in order: the matrix, then its parts (s = γ/√(σ² + ε), the common scale)
PARTS = (
    Part("J", r"J_{ab}\ \text{(the sum)}", (("J", "it"), ("ab", "sub"), (" (the sum)", "")), "the Jacobian"),
    Part("delta", r"s\,\delta_{ab}", (("s", "it"), ("δ", "it"), ("ab", "sub")), "the identity (diagonal)"),
    Part("mean", r"-s/d", (("−", ""), ("s", "it"), ("/", ""), ("d", "it")), "mean removal"),
    Part("variance", r"-s\,\hat z_a \hat z_b/d", (("−", ""), ("s", "it"), ("ẑ", "it"), ("a", "sub"), ("ẑ", "it"),
                                                   ("b", "sub"), ("/", ""), ("d", "it")), "variance removal"),
)


@dataclass(frozen=True)
class Panel:
    part: Part
    values: np.ndarray  # d x d


def jacobian_panels(inp: HeatInput) -> tuple[Panel, ...]:
    """The Jacobian at ``inp`` (from ``layer_norm_jacobian``, γ = 1) and its three parts times the scale."""
    from lnsym.ln_numpy import layer_norm_jacobian

    x = np.asarray(inp.x, dtype=float)
    d = x.size
    centred = x - x.mean()
    root = math.sqrt(float(centred @ centred) / d + inp.eps)
    zhat, s = centred / root, 1.0 / root
    values = {
        "J": layer_norm_jacobian(x, eps=inp.eps),
        "delta": s * np.eye(d),
        "mean": np.full((d, d), -s / d),
        "variance": -s * np.outer(zhat, zhat) / d,
    }
    return tuple(Panel(p, values[p.key]) for p in PARTS)


def statistics_text(inp: HeatInput) -> str:
    """The input's common scale ``s = 1/√(σ² + ε)``, for the caption: ``s = 0.7071``."""
    x = np.asarray(inp.x, dtype=float)
    centred = x - x.mean()
    return f"s = {1.0 / math.sqrt(float(centred @ centred) / x.size + inp.eps):.4f}"


# ---------------------------------------------------------------------------------- colour scale
#: the diverging scale's stops, from -1 to 1 (ColorBrewer RdBu, 5 classes): blue, white, red
STOPS = ((-1.0, (33, 102, 172)), (-0.5, (146, 197, 222)), (0.0, (247, 247, 247)), (0.5, (244, 165, 130)),
         (1.0, (178, 24, 43)))


def colour_scale(panels) -> float:
    """The ONE bound of the shared scale, ``[-v, v]``: the largest magnitude in all ``panels``, rounded
    up to a tenth (so the colour bar's ends are round numbers and no cell falls outside)."""
    largest = max(float(np.max(np.abs(p.values))) for p in panels)
    return max(0.1, math.ceil(largest * 10 - 1e-9) / 10)


def colour(value: float, bound: float) -> str:
    """``value`` on the scale ``[-bound, bound]`` as ``#RRGGBB`` (clipped at the ends)."""
    t = max(-1.0, min(1.0, value / bound))
    for (t0, c0), (t1, c1) in itertools.pairwise(STOPS):
        if t <= t1:
            w = (t - t0) / (t1 - t0)
            return "#" + "".join(f"{round(a + (b - a) * w):02X}" for a, b in zip(c0, c1, strict=True))
    raise AssertionError("unreachable: t is clipped to [-1, 1]")


def ink(fill: str) -> str:
    """Black or white text on ``fill``, whichever reads better (relative luminance)."""
    r, g, b = (int(fill[k:k + 2], 16) / 255 for k in (1, 3, 5))
    return "#000000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "#FFFFFF"


# ---------------------------------------------------------------------------------------- layout
#: geometry in cm: a panel's side, the gap between panels, a row's title and the colour bar
PANEL_SIDE = 2.9
PANEL_GAP = 0.55
TITLE_SPACE = 0.75  # above a panel for its title
ROW_TITLE = 0.55  # above a row for the input's description
ROW_GAP = 0.45
BAR_WIDTH = 0.35
BAR_GAP = 0.5
BAR_STEPS = 21  # the colour bar is drawn as this many cells (no gradient: SVG would need url(...))


@dataclass(frozen=True)
class Cell:
    x: float  # top-left, cm, y down
    y: float
    w: float
    h: float
    value: float
    fill: str


@dataclass(frozen=True)
class PlacedPanel:
    panel: Panel
    x: float  # top-left of the matrix
    y: float
    side: float
    cells: tuple[Cell, ...]  # row by row


@dataclass(frozen=True)
class PlacedRow:
    inp: HeatInput
    title_y: float
    panels: tuple[PlacedPanel, ...]


@dataclass(frozen=True)
class Placed:
    rows: tuple[PlacedRow, ...]
    bound: float
    bar: tuple[Cell, ...]  # from the top (+bound) down (-bound)
    width: float
    height: float


def layout(inputs=INPUTS) -> Placed:
    """One row per input (its title, then its four panels), the colour bar at the right, full height."""
    rows_panels = [(inp, jacobian_panels(inp)) for inp in inputs]
    bound = colour_scale([p for _inp, panels in rows_panels for p in panels])
    rows, y = [], 0.0
    for inp, panels in rows_panels:
        title_y = y + ROW_TITLE * 0.6
        top = y + ROW_TITLE + TITLE_SPACE
        placed = []
        for k, p in enumerate(panels):
            x0 = k * (PANEL_SIDE + PANEL_GAP)
            d = p.values.shape[0]
            side = PANEL_SIDE / d
            cells = tuple(Cell(round(x0 + b * side, 4), round(top + a * side, 4), round(side, 4), round(side, 4),
                               float(p.values[a, b]),
                               colour(float(p.values[a, b]), bound)) for a in range(d) for b in range(d))
            placed.append(PlacedPanel(p, x0, top, PANEL_SIDE, cells))
        rows.append(PlacedRow(inp, round(title_y, 4), tuple(placed)))
        y = top + PANEL_SIDE + ROW_GAP
    height = round(y - ROW_GAP, 4)
    bar_x = 4 * PANEL_SIDE + 3 * PANEL_GAP + BAR_GAP
    bar_top = ROW_TITLE + TITLE_SPACE
    step = (height - bar_top) / BAR_STEPS
    bar = tuple(Cell(round(bar_x, 4), round(bar_top + k * step, 4), BAR_WIDTH, round(step, 4), v, colour(v, bound))
                for k in range(BAR_STEPS) for v in [bound * (1 - 2 * (k + 0.5) / BAR_STEPS)])
    return Placed(tuple(rows), bound, bar, round(bar_x + BAR_WIDTH + 1.3, 4), height)
