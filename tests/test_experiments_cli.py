"""``lnsym experiment depth``: table, JSON, exit codes, usage errors, reproducibility; and the claims."""

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
    assert ("DISAGREES" in out) == (code == 1)


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
    assert status["xiong-lemma2-norms"] is Status.PROVED
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
    assert all(isinstance(r["learned"], bool) for r in runs)
