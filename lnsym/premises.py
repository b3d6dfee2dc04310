"""Premises: what a claim takes as given, kept apart from what SymPy decided.

A step such as ``d + d/2 = 3d/2`` is decided by SymPy; that it is the expected squared norm of a
stream rests on assumptions the algebra never sees (a pre-activation is Gaussian, a weight matrix is
independent of its input, a lemma of a paper). Those are premises: named, stated and cited, attached
to the step (``c.equal(..., premises=[...])``) or to the whole claim (``@claim(..., premises=[...])``).
A claim that rests on one is ``proved from premises``, never plainly ``proved``, and every output
lists them.

>>> p = Premise("$W^2$ independent of $h$", "the FFN's second matrix is drawn independently of its input",
...             "Xiong et al. 2020, proof of Lemma 2")
>>> p.to_json()["source"]
'Xiong et al. 2020, proof of Lemma 2'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Premise", "as_premises", "merge"]


@dataclass(frozen=True)
class Premise:
    """An assumption a claim rests on: a short ``name``, the ``statement`` assumed in full and its
    ``source`` (a paper, a section, "the model's definition"). All three are prose with LaTeX math
    between dollars, as every text field of a claim."""

    name: str
    statement: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        for field_name in ("name", "statement", "source"):
            value = getattr(self, field_name)
            if not isinstance(value, str):
                raise TypeError(f"Premise {field_name} must be text, got {type(value).__name__}: {value!r}")
        if not self.name.strip():
            raise ValueError("a Premise needs a name, such as '$u_p$ is Gaussian given $x$'; got an empty one")

    def to_json(self) -> dict:
        return {"name": self.name, "statement": self.statement, "source": self.source}


def as_premises(values: Iterable[Premise] | None, *, where: str = "") -> tuple[Premise, ...]:
    """``values`` as a tuple of premises; anything else (a bare string, say) is a TypeError that says
    what to write instead."""
    if values is None:
        return ()
    if isinstance(values, (str, Premise)):
        values = (values,)  # one premise given alone: accepted as a Premise, a string is refused below
    found = tuple(values)
    for value in found:
        if not isinstance(value, Premise):
            raise TypeError(
                f"premises{' of ' + where if where else ''} must be lnsym.Premise objects, got "
                f"{type(value).__name__} {value!r}; write Premise(name, statement, source)"
            )
    return found


def merge(*groups: Iterable[Premise]) -> tuple[Premise, ...]:
    """The premises of several groups, each once, in the order first met."""
    return tuple(dict.fromkeys(p for group in groups for p in group))
