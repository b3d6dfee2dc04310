"""``lnsym experiment depth``: table, JSON, exit codes, usage errors, reproducibility; and the claims."""

import dataclasses
import json

import pytest

from lnsym.claims import Status
from lnsym.cli import main

TINY = ["experiment", "depth", "--layers", "2,4", "--width", "8", "--tokens", "3", "--seeds", "3"]


def test_table_shows_paper_and_measured(capsys):
    code = main(TINY)
    out = capsys.readouterr().out
    assert code in (0, 1)
    for text in ("Lemma 2", "Theorem 1", "Figure 3", "Lemma 3", "(1 + delta)^n", "seed 0", "paper"):
        assert text in out
    assert ("something changed" in out) == (code == 1)
    assert ("reproduced as documented" in out) == (code == 0)


def test_json_is_reproducible_and_the_seed_matters(capsys):
    main([*TINY, "--json"])
    first = json.loads(capsys.readouterr().out)
    main([*TINY, "--json"])
    second = json.loads(capsys.readouterr().out)
    main([*TINY, "--json", "--seed", "5"])
    third = json.loads(capsys.readouterr().out)
    strip = lambda d: {k: v for k, v in d.items() if k != "seconds"}  # noqa: E731
    assert strip(first) == strip(second)
    assert first["comparisons"] != third["comparisons"]
    assert third["config"]["seed"] == 5
    assert first["theorem1"]["depths"] == [2, 4]
    assert first["passed"] == all(c["passed"] for c in first["comparisons"]) and first["passed"] is not None
    for row in first["comparisons"]:
        documented = row["section"] == "Figure 3"
        assert (row["documented_disagreement"] is not None) == documented
        assert row["outcome"] == ("agrees" if row["passed"] else
                                  "documented disagreement" if documented else "disagrees")


@pytest.mark.parametrize("bad", [
    ["--layers", "0,3"], ["--layers", "six"], ["--layers", ","], ["--width", "2"], ["--seeds", "1"],
    ["--tokens", "0"], ["--seed", "-1"],
])
def test_bad_usage_exits_2_with_one_line(bad, capsys):
    assert main([*TINY, *bad]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("lnsym experiment: error:") and "\n" not in err


def test_unknown_experiment_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["experiment", "width"])
    assert exc.value.code == 2


def test_claims_status():
    from lnsym.runner import verify

    run = verify(["xiong-lemma2-norms", "xiong-theorem1-scaling", "depth-gradient-profile",
                  "layernorm-jacobian-norm-exact", "depth-product-bound"])
    status = {r.id: r.status for r in run}
    assert status["xiong-lemma2-norms"] is Status.PROVED_FROM_PREMISES  # Gaussianity, independence: premises
    assert status["xiong-theorem1-scaling"] is Status.CHECKED
    assert status["depth-gradient-profile"] is Status.FAILED  # Figure 3 does not reproduce here
    assert status["layernorm-jacobian-norm-exact"].passed
    assert status["depth-product-bound"].passed
    plots = {p.name for r in run for p in r.plots}
    assert {"xiong-lemma2", "xiong-theorem1", "depth-gradient-profile"} <= plots


def test_train_option_reports_the_runs(capsys, monkeypatch):
    from lnsym.cli import experiment_command as experiment

    monkeypatch.setitem(experiment.TRAIN, "steps", 20)
    monkeypatch.setitem(experiment.TRAIN, "width", 8)
    main([*TINY, "--train", "--json"])
    out = json.loads(capsys.readouterr().out)
    runs = out["training"]["runs"]
    assert [(r["arrangement"], r["depth"]) for r in runs] == [("post", 2), ("post", 2), ("pre", 2),
                                                              ("post", 4), ("post", 4), ("pre", 4)]
    assert runs and all(isinstance(r["learned"], bool) for r in runs)


# ------------------------------------------------------------------ one rule for disagreements
DOCUMENTED_RUN = ["experiment", "depth", "--layers", "2,8", "--width", "16", "--tokens", "8", "--seeds", "4"]


def test_the_documented_figure3_disagreement_exits_0(capsys):
    assert main([*DOCUMENTED_RUN, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["as_documented"] is True and out["unexpected"] == [] and out["passed"] is False
    assert out["documented_disagreements"] == [{"section": "Figure 3", "reason": out["documented_disagreements"][0]
                                                ["reason"], "disagrees": True}]
    outcomes = {(c["section"], c["outcome"]) for c in out["comparisons"]}
    assert ("Figure 3", "documented disagreement") in outcomes
    others = [c for c in out["comparisons"] if c["section"] != "Figure 3"]
    assert others and all(c["outcome"] == "agrees" for c in others)
    assert main(DOCUMENTED_RUN) == 0
    assert "Figure 3 disagrees, as documented" in capsys.readouterr().out


def _all_agree(real):
    def profile(*args, **kwargs):
        result = real(*args, **kwargs)
        return dataclasses.replace(result, comparisons=tuple(dataclasses.replace(c, passed=True)
                                                             for c in result.comparisons))
    return profile


def test_figure3_agreeing_after_all_is_a_change_and_exits_1(capsys, monkeypatch):
    from lnsym.experiments import measure

    monkeypatch.setattr(measure, "profile", _all_agree(measure.profile))
    assert main([*DOCUMENTED_RUN, "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["as_documented"] is False and out["passed"] is True
    assert out["documented_disagreements"][0]["disagrees"] is False
    assert out["unexpected"] == ["Figure 3 agrees with the paper, but is documented to disagree"]


def test_an_undocumented_disagreement_exits_1(capsys, monkeypatch):
    from lnsym.experiments import measure

    real = measure.lemma3

    def lemma3(*args, **kwargs):
        result = real(*args, **kwargs)
        return dataclasses.replace(result, comparisons=(dataclasses.replace(result.comparisons[0], passed=False),
                                                        *result.comparisons[1:]))

    monkeypatch.setattr(measure, "lemma3", lemma3)
    assert main([*DOCUMENTED_RUN, "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert [u.split(":")[0] for u in out["unexpected"]] == ["Lemma 3"]
    assert next(c["outcome"] for c in out["comparisons"] if c["section"] == "Lemma 3") == "disagrees"
    assert main(DOCUMENTED_RUN) == 1
    assert "something changed (exit 1): Lemma 3" in capsys.readouterr().out


def test_judge_is_the_rule():
    from lnsym.cli.experiment_command import judge
    from lnsym.experiments.measure import Comparison

    def row(section, passed):
        return section, Comparison(f"{section} row", "p", 1.0, 0.0, passed)

    as_documented = judge([row("Lemma 2", True), row("Figure 3", False), row("Figure 3", True)], True)
    assert as_documented.as_documented and as_documented.outcomes == ("agrees", "documented disagreement", "agrees")
    assert not judge([row("Lemma 2", False), row("Figure 3", False)], True).as_documented
    assert not judge([row("Lemma 2", True), row("Figure 3", True)], True).as_documented
    assert not judge([row("Lemma 2", True), row("Figure 3", False)], False).as_documented
    assert judge([row("Lemma 2", True)], True, documented={}).as_documented
