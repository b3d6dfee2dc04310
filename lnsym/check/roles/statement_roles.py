"""What a statement claims, decided before its arithmetic is judged.

Each step gets a role:

==============  =====================================================================  ================
role            what it is                                                             may be ``wrong``
==============  =====================================================================  ================
``assertion``   a value asserted: ``\\frac{16}{4} = 4``                                 yes
``identity``    a rewriting in a chain ``NAME = a = b``, or a closed form of a sum or     yes
                product with a symbolic limit, claimed for all values
``equation``    an equation or inequality with unknowns, or a condition: ``x + 3 = 0``  no (it may follow
                                                                                       from earlier ones)
``definition``  ``NAME = ...`` binding a name (each of ``m_0 = v_0 = 0``)              no
``hypothesis``  a case or a trial the text is testing: "try", "suppose", "if $...$"    no
``rejected``    a statement the text itself says is false: "$0 = 5$, a contradiction"   no
==============  =====================================================================  ================

A hypothesis that is false is the text's business (it is testing it): ``unchecked``. A rejected
statement that is false agrees with the text: ``correct`` when it compares two written values
(``0 = 5``), ``unchecked`` otherwise (the rejection may be about something else in the sentence).
"""

from __future__ import annotations

from dataclasses import replace

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import Judgement
from lnsym.check.reasons import Reason
from lnsym.check.roles.context import is_literal

__all__ = ["ROLES", "apply_role", "role_of"]

ROLES = ("assertion", "identity", "equation", "definition", "hypothesis", "rejected")


def role_of(*, defines: bool, trial: bool, rejected: bool, unknowns: bool, in_chain: bool) -> str:
    """The role of one step, from what the prose says (``trial``, ``rejected``) and its form."""
    if rejected:
        return "rejected"
    if trial:
        return "hypothesis"
    if defines:
        return "definition"
    if unknowns:
        return "identity" if in_chain else "equation"
    return "assertion"


def apply_role(res: Judgement, role: str, trees: tuple) -> Judgement:
    """The verdict a step's role allows: only assertions and identities can be ``wrong``."""
    if res.verdict is not Verdict.WRONG or res.code in (Reason.NOT_FOLLOWING, Reason.REGION_FALSE, Reason.REGION_POINT):
        # an equation that loses every solution of the one it is derived from is wrong whatever it is, and so is one
        # asserted under a hypothesis on its one variable that no point of the hypothesis's region satisfies, or a
        # bound asserted there that fails at a point of it
        return res
    if role in ("equation", "identity", "assertion") and res.code is Reason.DEFINITIONS:
        return res  # false for every value once the paragraph's definitions are put in: no equation to solve
    if role == "equation" and res.code not in (Reason.NO_COMMON_SOLUTION, Reason.MATRIX_ORDER):
        # (false under either reading; an identity as numbers whose order of products changed: no equation to solve)
        return Judgement("unchecked", "", f"an equation with unknowns is not wrong on its own ({res.reason})")
    if role == "hypothesis":
        return Judgement("unchecked", "", "a case or a trial the text is testing ('try', 'suppose', 'if ...'): "
                                           f"it does not hold ({res.reason})")
    if role == "rejected":
        if all(t is not None and is_literal(t) for t in trees):
            return replace(Judgement("correct", "", "false, as the text says"), left=res.left, right=res.right)
        return Judgement("unchecked", "", f"the text rejects a statement here; it does not hold ({res.reason})")
    return res
