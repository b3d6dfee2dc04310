"""Premises in the open: what a claim assumes is listed apart from what SymPy decided, a claim that
rests on premises is ``proved from premises`` (never a bare ``proved``), and ``shown=`` is a reading
shown beside the decided step, never in its place."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lnsym import Premise, claim, size
from lnsym.catalogue import Catalogue
from lnsym.claims import Status
from lnsym.derivation import Derivation
from lnsym.errors import ClaimLoadError
from lnsym.report.appendix import render
from lnsym.runner import verify

GAUSSIAN = Premise("$X$ is Gaussian", r"$X \sim N(0, 1)$", "a textbook")
d = size("d")


@claim("assumed-whole", title="A proof in a setting", statement="d = d", premises=[GAUSSIAN])
def assumed_whole(c):
    c.equal(d + 0, d, "adding 0")


@claim("assumed-step", title="A proof with one assumed step", statement="d = d")
def assumed_step(c):
    c.equal(d + 0, d, "adding 0")
    c.equal(d * 1, d, "the second moment", premises=[GAUSSIAN])


@claim("plain-proof", title="A proof without premises", statement="d = d")
def plain_proof(c):
    c.equal(d + 0, d, "adding 0")


@claim("uses-assumed", title="Uses a claim proved from premises", statement="d = d", depends_on=("assumed-step",))
def uses_assumed(c):
    c.equal(d * 1, d, "times 1")


@claim("misread", title="A reading that is another statement", statement="1 = 1")
def misread(c):
    # SymPy decides d = d; the reading claims something about an expectation it never saw
    c.equal(d, d, "a reading, not a decision", shown=(r"\mathbb{E}[X^2]", "d"))


CATALOGUE = Catalogue((assumed_whole, assumed_step, plain_proof, uses_assumed, misread))


@pytest.fixture(scope="module")
def run():
    return verify(catalogue=CATALOGUE, jobs=1)


def test_a_claim_with_premises_is_never_a_bare_proof(run):
    assert run["assumed-whole"].status is Status.PROVED_FROM_PREMISES
    assert run["assumed-step"].status is Status.PROVED_FROM_PREMISES
    assert run["plain-proof"].status is Status.PROVED
    assert [p.name for p in run["assumed-whole"].premises] == ["$X$ is Gaussian"]
    assert [p.name for p in run["assumed-step"].steps[1].premises] == ["$X$ is Gaussian"]
    assert not run["assumed-step"].steps[0].premises
    # with premises, everything passes (exit 0), it is only not called proved outright
    assert run["assumed-whole"].status.passed and run.summary()["proved_from_premises"] == 3  # with uses-assumed


def test_a_proof_that_uses_a_claim_proved_from_premises_rests_on_them_too(run):
    result = run["uses-assumed"]
    assert result.status is Status.PROVED_FROM_PREMISES
    assert any("assumed-step" in note and "premises" in note for note in result.notes)


def test_shown_reads_beside_the_decided_step_never_instead(run):
    step = run["misread"].steps[0]
    assert (step.lhs, step.rhs) == ("d", "d")  # what SymPy decided
    assert step.reading == (r"\mathbb{E}[X^2]", "d")
    markdown = render(run, "md", date="2000-01-01")
    section = markdown[markdown.index("### misread"):]
    assert section.index("```math\nd = d\n```") < section.index("Read as") < section.index(r"\mathbb{E}[X^2] = d")
    step_json = run["misread"].to_json()["symbolic"]["steps"][0]
    assert (step_json["lhs"], step_json["rhs"]) == ("d", "d")
    assert step_json["read_as"] == {"lhs": r"\mathbb{E}[X^2]", "rhs": "d"}


def test_shown_and_premises_of_the_wrong_kind_are_refused():
    c = Derivation(claim_id="bad")
    with pytest.raises(TypeError, match="pair of LaTeX strings"):
        c.equal(d, d, "typeset", shown=r"\mathbb{E}[X^2] = d")
    with pytest.raises(TypeError, match="Premise"):
        c.equal(d, d, "assumed", premises=["X is Gaussian"])
    with pytest.raises(ValueError, match="needs a name"):
        Premise(" ")
    with pytest.raises(ClaimLoadError, match="Premise"):
        claim("bad-claim", title="t", statement="1 = 1", premises=["X is Gaussian"])(lambda c: None)


def test_the_appendix_lists_the_premises_in_the_claims_section(run):
    markdown = render(run, "md", date="2000-01-01")
    section = markdown[markdown.index("### assumed-step"):markdown.index("### plain-proof")]
    assert "**proved from premises**" in section
    assert "**Premises** (assumed, not decided by SymPy" in section
    assert "- **$X$ is Gaussian**: $X \\sim N(0, 1)$ (a textbook)." in section
    assert "*Premises:* $X$ is Gaussian." in section
    plain = markdown[markdown.index("### plain-proof"):markdown.index("### uses-assumed")]
    assert "Premises" not in plain and "**proved**" in plain


def test_the_catalogue_says_which_claim_rests_on_premises(tmp_path):
    out = subprocess.run([sys.executable, "-m", "lnsym", "verify", "xiong-lemma2-norms", "layernorm-jacobian",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    claims = {c["id"]: c for c in json.loads(out.stdout)["claims"]}
    xiong = claims["xiong-lemma2-norms"]
    assert xiong["status"] == "proved_from_premises"
    names = [p["name"] for p in xiong["premises"]]
    assert names == ["the paper's initialization", "$u_p$ is Gaussian given $x^{(3)}$",
                     "Lemma 1 of Xiong et al. 2020", "$W^2$ independent of $h$"]
    assert xiong["premises"] and all(p["source"].startswith("Xiong et al. 2020") for p in xiong["premises"])
    steps = xiong["symbolic"]["steps"]
    assert [s["index"] for s in steps if s["premises"]] == [2, 3, 4, 5, 6, 8]
    assert claims["layernorm-jacobian"]["status"] == "proved" and claims["layernorm-jacobian"]["premises"] == []
    table = subprocess.run([sys.executable, "-m", "lnsym", "verify", "xiong-lemma2-norms"],
                           capture_output=True, text=True, timeout=300)
    lines = table.stdout.splitlines()
    row = next(k for k, line in enumerate(lines) if line.startswith("xiong-lemma2-norms"))
    assert "proved from premises" in lines[row]
    assert lines[row + 1].split() [:3] == ["premise:", "the", "paper's"]
    assert "premise: W² independent of h (Xiong et al. 2020, proof of Lemma 2)" in table.stdout


def test_the_committed_appendix_shows_the_xiong_premises():
    # the repository's reports/appendix.md (the wheel ships only the templates): beside this tests folder
    text = (Path(__file__).resolve().parents[1] / "reports" / "appendix.md").read_text(encoding="utf-8")
    section = text[text.index("### xiong-lemma2-norms"):text.index("### xiong-theorem1-scaling")]
    assert "**proved from premises**" in section
    for name in ("the paper's initialization", "$u_p$ is Gaussian given $x^{(3)}$", "$W^2$ independent of $h$"):
        assert f"- **{name}**" in section
