"""The hostile keys of issue 15, each on the command line: bounded time, valid JSON, a documented exit code,
never a traceback. Time bounds are generous (the machine may be loaded); the figures are in the README."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from lnsym.check.pipeline import check_text

EXIT_CODES = {0, 1, 4}

CASES = {
    "recursion": "$x" + "^2" * 989 + "=1$\n",
    "unclosed \\(": "\\(" * 20_000,
    "unclosed environments": "\\begin{equation}" * 6_000,
    "inline code": "`a` " * 200_000,
    "declarations": "<!-- lnsym:" * 20_000,
    "a huge epsilon": "<!-- lnsym: eps = 1e-30000000 -->\n$1=1$\n",
    "decimal powers": "$1.01^{99999}=1$\n" * 10,
    "a long paragraph": " ".join(f"$a+{i}b=k$" for i in range(1_000)) + "\n",
}


def run(path, *extra):
    t = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "lnsym", "check", "--json", *extra, str(path)],
                            capture_output=True, text=True, timeout=300)
    return result, time.monotonic() - t


@pytest.mark.parametrize("name", list(CASES))
def test_each_hostile_key_is_answered_in_bounded_time(tmp_path, name):
    key = tmp_path / "key.md"
    key.write_text(CASES[name], encoding="utf-8")
    result, seconds = run(key)
    assert "Traceback" not in result.stderr
    assert result.returncode in EXIT_CODES, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"summary", "files"}
    assert seconds < 60, seconds  # 20 s to minutes before; under 8 s on an idle machine


def test_deep_input_is_unchecked_too_deeply_nested(tmp_path):
    key = tmp_path / "key.md"
    key.write_text(CASES["recursion"], encoding="utf-8")
    result, _ = run(key)
    (finding,) = json.loads(result.stdout)["files"][0]["findings"]
    assert finding["verdict"] == "unchecked" and "too deeply nested" in finding["reason"]
    assert result.returncode == 0


def test_a_long_paragraph_follows_from_its_equations_at_a_flat_cost(tmp_path):
    def seconds(n: int) -> float:
        key = tmp_path / f"p{n}.md"
        key.write_text(" ".join(f"$a+{i}b=k$" for i in range(n)) + "\n", encoding="utf-8")
        # no file budget: on a loaded machine the default one ended the run's last steps (unchecked)
        result, took = run(key, "--file-seconds", "0", "--run-seconds", "0")
        assert json.loads(result.stdout)["summary"]["correct"] >= n - 2  # a+ib=k follows from two before it
        return took

    small, large = seconds(100), seconds(800)
    assert large - small < 8 * (small + 1)  # 8 times the steps: about 8 times the cost of the steps


def test_a_fault_in_one_span_is_an_error_there_and_the_rest_goes_on(worker, monkeypatch):
    import lnsym.check.pipeline as pipeline

    real = pipeline.split_statements

    def broken(toks):
        if any(t.value == "7" for t in toks):
            raise KeyError("a bug")
        return real(toks)

    monkeypatch.setattr(pipeline, "split_statements", broken)
    report = check_text("$1+1=2$\n\n$3+4=7$\n\n$2+2=5$", "k.md", worker)
    assert [(f.line, f.verdict.value) for f in report.findings] == [(1, "correct"), (3, "error"), (5, "wrong")]
    assert "lnsym failed (KeyError" in report.findings[1].reason


def test_a_recursion_error_anywhere_is_too_deeply_nested_not_a_traceback(worker, monkeypatch):
    import lnsym.check.spans.key_spans as key_spans
    import lnsym.check.statement_check as statement_check

    def deep(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(statement_check, "hypothetical", deep)
    report = check_text("$1+1=2$", "k.md", worker)
    (f,) = report.findings
    assert f.verdict.value == "unchecked" and f.reason == "checking this span: too deeply nested"
    monkeypatch.setattr(key_spans, "find_spans", deep)
    (g,) = check_text("$1+1=2$", "k.md", worker).findings
    assert g.verdict.value == "unchecked" and "too deeply nested" in g.reason and (g.line, g.column) == (1, 1)


def test_a_crash_outside_the_files_still_prints_json_and_exits_4(tmp_path, monkeypatch, capsys):
    import lnsym.check.emit.json_report as json_report
    from lnsym.cli import main

    key = tmp_path / "k.md"
    key.write_text("$1+1=2$", encoding="utf-8")

    def boom(report):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(json_report, "render_json", boom)
    assert main(["check", "--json", str(key)]) == 4
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["summary"]["error"] == 1 and data["files"] == [] and "RecursionError" in data["error"]
    assert err.count("\n") == 1 and "please report this" in err
