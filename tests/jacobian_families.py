"""Derivatives in index notation, true as written and with one slip: families of the gradients and Jacobians of a
deep-learning course (softmax, log-softmax, log-sum-exp, cross-entropy, norms, the mean, a linear layer, an
entrywise sigmoid), each written as an answer key writes it, with the right side changed the ways people slip (an
index swapped, a Kronecker delta dropped, a sign, a factor, a power).

It knows nothing of lnsym and does not use SymPy: whether a right side is true is decided with numpy, by
comparing it with a finite-difference-free closed form of the derivative written here independently, at random
inputs of sizes 2 to 4 (every entry i, j). A right side that differs anywhere is *false*: a checker that calls it
``correct`` tells an instructor to publish a slip.

Used by ``tests/check/test_derivation_soundness.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


def _softmax(z):
    e = np.exp(z - z.max())
    return e / e.sum()


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


@dataclass(frozen=True)
class Family:
    """A setup paragraph, the left side (a derivative by an entry), the true derivative as a function of the
    inputs (an array over the free indices), and right sides written in LaTeX with their values."""

    name: str
    setup: str
    lhs: str
    inputs: Callable[[np.random.Generator, int], dict]
    truth: Callable[[dict], np.ndarray]
    sides: dict[str, Callable[[dict], np.ndarray]]


def _delta(n):
    return np.eye(n)


def _vec(rng, n):
    return {"x": rng.uniform(-1.5, 1.5, n), "n": n}


FAMILIES = (
    Family(
        "softmax",
        "Let $z \\in \\mathbb{R}^n$ and $p = \\operatorname{softmax}(z)$, that is $p_i = \\frac{e^{z_i}}{\\sum_{k=1}^n "
        "e^{z_k}}$.",
        "\\frac{\\partial p_i}{\\partial z_j}",
        lambda rng, n: {"p": _softmax(rng.uniform(-2, 2, n)), "n": n},
        lambda v: np.diag(v["p"]) - np.outer(v["p"], v["p"]),
        {
            "p_i(\\delta_{ij} - p_j)": lambda v: v["p"][:, None] * (_delta(v["n"]) - v["p"][None, :]),
            "p_j(\\delta_{ij} - p_i)": lambda v: v["p"][None, :] * (_delta(v["n"]) - v["p"][:, None]),
            "p_i \\delta_{ij} - p_i p_j": lambda v: np.diag(v["p"]) - np.outer(v["p"], v["p"]),
            "p_i(1 - p_j)": lambda v: v["p"][:, None] * (1 - v["p"][None, :]),
            "p_i(\\delta_{ij} + p_j)": lambda v: v["p"][:, None] * (_delta(v["n"]) + v["p"][None, :]),
            "-p_i p_j": lambda v: -np.outer(v["p"], v["p"]),
            "p_j(\\delta_{ij} - p_j)": lambda v: v["p"][None, :] * (_delta(v["n"]) - v["p"][None, :]),
        },
    ),
    Family(
        "log-softmax",
        "Let $z \\in \\mathbb{R}^n$ and $p_i = \\frac{e^{z_i}}{\\sum_{k=1}^n e^{z_k}}$.",
        "\\frac{\\partial \\log p_i}{\\partial z_j}",
        lambda rng, n: {"p": _softmax(rng.uniform(-2, 2, n)), "n": n},
        lambda v: _delta(v["n"]) - v["p"][None, :],
        {
            "\\delta_{ij} - p_j": lambda v: _delta(v["n"]) - v["p"][None, :],
            "\\delta_{ij} - p_i": lambda v: _delta(v["n"]) - v["p"][:, None],
            "1 - p_j": lambda v: 1 - v["p"][None, :] + 0 * _delta(v["n"]),
            "p_j - \\delta_{ij}": lambda v: v["p"][None, :] - _delta(v["n"]),
            "\\delta_{ij} + p_j": lambda v: _delta(v["n"]) + v["p"][None, :],
        },
    ),
    Family(
        "quadratic",
        "Let $x \\in \\mathbb{R}^n$, $a \\in \\mathbb{R}^n$ and $f(x) = \\sum_{i=1}^n a_i x_i^2$.",
        "\\frac{\\partial f}{\\partial x_j}",
        lambda rng, n: {"x": rng.uniform(-1.5, 1.5, n), "a": rng.uniform(-2, 2, n), "n": n},
        lambda v: 2 * v["a"] * v["x"],
        {
            "2 a_j x_j": lambda v: 2 * v["a"] * v["x"],
            "a_j x_j": lambda v: v["a"] * v["x"],
            "2 a_j x_j^2": lambda v: 2 * v["a"] * v["x"] ** 2,
            "2 x_j": lambda v: 2 * v["x"],
            "-2 a_j x_j": lambda v: -2 * v["a"] * v["x"],
        },
    ),
    Family(
        "squared norm",
        "Let $x \\in \\mathbb{R}^n$ and $f(x) = \\sum_{i=1}^n x_i^2$.",
        "\\frac{\\partial f}{\\partial x_j}",
        _vec,
        lambda v: 2 * v["x"],
        {
            "2 x_j": lambda v: 2 * v["x"],
            "x_j": lambda v: v["x"],
            "2 x_j^2": lambda v: 2 * v["x"] ** 2,
            "2": lambda v: 2 + 0 * v["x"],
        },
    ),
    Family(
        "mean",
        "Let $x \\in \\mathbb{R}^n$ and $\\mu = \\frac{1}{n}\\sum_{i=1}^n x_i$.",
        "\\frac{\\partial \\mu}{\\partial x_j}",
        _vec,
        lambda v: np.full(v["n"], 1 / v["n"]),
        {
            "\\frac{1}{n}": lambda v: np.full(v["n"], 1 / v["n"]),
            "1": lambda v: np.ones(v["n"]),
            "\\frac{x_j}{n}": lambda v: v["x"] / v["n"],
            "n": lambda v: np.full(v["n"], float(v["n"])),
        },
    ),
    Family(
        "log-sum-exp",
        "Let $z \\in \\mathbb{R}^n$ and $f(z) = \\log \\sum_{k=1}^n e^{z_k}$.",
        "\\frac{\\partial f}{\\partial z_j}",
        lambda rng, n: {"z": rng.uniform(-2, 2, n), "n": n},
        lambda v: _softmax(v["z"]),
        {
            "\\frac{e^{z_j}}{\\sum_{k=1}^n e^{z_k}}": lambda v: _softmax(v["z"]),
            "e^{z_j}": lambda v: np.exp(v["z"]),
            "\\frac{1}{\\sum_{k=1}^n e^{z_k}}": lambda v: np.full(v["n"], 1 / np.exp(v["z"]).sum()),
            "\\frac{e^{z_j}}{\\left(\\sum_{k=1}^n e^{z_k}\\right)^2}":
                lambda v: np.exp(v["z"]) / np.exp(v["z"]).sum() ** 2,
            "-\\frac{e^{z_j}}{\\sum_{k=1}^n e^{z_k}}": lambda v: -_softmax(v["z"]),
        },
    ),
    Family(
        "linear layer",
        "Let $x \\in \\mathbb{R}^n$, $W \\in \\mathbb{R}^{n \\times n}$ and $y = Wx$, so "
        "$y_i = \\sum_{k=1}^n W_{ik} x_k$.",
        "\\frac{\\partial y_i}{\\partial x_j}",
        lambda rng, n: {"W": rng.uniform(-2, 2, (n, n)), "x": rng.uniform(-1, 1, n), "n": n},
        lambda v: v["W"],
        {
            "W_{ij}": lambda v: v["W"],
            "W_{ji}": lambda v: v["W"].T,
            "W_{ii}": lambda v: np.repeat(np.diag(v["W"])[:, None], v["n"], axis=1),
            "W_{jj}": lambda v: np.repeat(np.diag(v["W"])[None, :], v["n"], axis=0),
        },
    ),
    Family(
        "sigmoid",
        "The logistic sigmoid $\\sigma$ is applied to each entry: for $x \\in \\mathbb{R}^n$, $s_i = \\sigma(x_i)$.",
        "\\frac{\\partial s_i}{\\partial x_j}",
        _vec,
        lambda v: np.diag(_sigmoid(v["x"]) * (1 - _sigmoid(v["x"]))),
        {
            "\\delta_{ij} s_i (1 - s_i)": lambda v: np.diag(_sigmoid(v["x"]) * (1 - _sigmoid(v["x"]))),
            "s_i (1 - s_i)": lambda v: np.repeat((_sigmoid(v["x"]) * (1 - _sigmoid(v["x"])))[:, None], v["n"], 1),
            "\\delta_{ij} s_i (1 + s_i)": lambda v: np.diag(_sigmoid(v["x"]) * (1 + _sigmoid(v["x"]))),
            "\\delta_{ij} s_i^2": lambda v: np.diag(_sigmoid(v["x"]) ** 2),
        },
    ),
)


@dataclass(frozen=True)
class IndexCase:
    family: str
    text: str
    statement: str
    true: bool


def holds(family: Family, side: str, seed: int = 0) -> bool:
    """Is the right side ``side`` the derivative, at every entry, at random inputs of sizes 2, 3 and 4?"""
    rng = np.random.default_rng(seed)
    for n in (2, 3, 4):
        for _ in range(3):
            v = family.inputs(rng, n)
            want, got = family.truth(v), family.sides[side](v)
            if want.shape != got.shape or not np.allclose(want, got, rtol=1e-9, atol=1e-12):
                return False
    return True


def index_cases() -> list[IndexCase]:
    """Every right side of every family as a paragraph, with its truth."""
    out = []
    for f in FAMILIES:
        for side in f.sides:
            statement = f"{f.lhs} = {side}"
            out.append(IndexCase(f.name, f"{f.setup} Then ${statement}$.", statement, holds(f, side)))
    return out
