"""The soundness of inequality checking as a property (issue 28, fast profile): generated answer-key paragraphs with
one claimed inequality or chain each, true or with one planted slip (``tests/inequality_generator.py``, which knows
nothing of lnsym and decides truth with mpmath, with a witness inside the hypotheses for every false claim). A false
link is never ``correct``, a true one never ``wrong``. The large profile is ``python bench/soundness.py
--inequalities N``."""

from __future__ import annotations

import inequality_generator
import pytest

from lnsym.check.pipeline import check_text


@pytest.fixture(scope="module")
def verdicts(worker) -> list[tuple[inequality_generator.Case, list[str]]]:
    # generated here, not at import: deciding the cases' truth takes seconds, and every collection (each xdist
    # worker's, each of the install tests') imports this module
    out = []
    for case in inequality_generator.generate(80, 11):
        got: dict[str, str] = {}
        for f in check_text(case.text + "\n", worker=worker).findings:
            got.setdefault("".join(f.source.split()), f.verdict.value)
        out.append((case, [got.get("".join(link.split()), "none") for link in inequality_generator.links(case.claim)]))
    return out


def test_a_false_link_is_never_correct_and_a_true_one_never_wrong(verdicts):
    # (`imprecise` flags the link: '=' between a value and what lnsym reads as its rounding, `10^6 = 1000003`)
    passed = [(c.text, j) for c, vs in verdicts for j, v in enumerate(vs) if j == c.link and v == "correct"]
    alarms = [(c.text, j) for c, vs in verdicts for j, v in enumerate(vs) if j != c.link and v == "wrong"]
    assert passed == [] and alarms == []


def test_the_profile_decides_enough_to_mean_something(verdicts):
    # (a checker that decides nothing passes the test above: this one fails then)
    true_links = [v for c, vs in verdicts for j, v in enumerate(vs) if j != c.link]
    refuted = [vs[c.link] for c, vs in verdicts if not c.true]
    assert len(true_links) >= 40 and len(refuted) >= 30
    assert true_links.count("correct") >= 0.4 * len(true_links)
    assert refuted.count("wrong") >= 5
