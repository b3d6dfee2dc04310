"""The cluster path: the per-record function on a local two-worker Dask cluster gives, byte for byte, what
``check --jsonl`` gives."""

from __future__ import annotations

import json

from missing import skip_or_fail

from lnsym.check.batch.jsonl_run import JsonlOptions, run_jsonl

OPTIONS = JsonlOptions(step_seconds=10)  # generous: the machine may be loaded; a timeout is not a result


def _dask():
    try:
        import dask.bag  # noqa: F401
        from dask.distributed import Client, LocalCluster
    except ImportError:
        skip_or_fail("Dask is not installed", "pip install '.[test]' or 'lnsym[cluster]'")
    return Client, LocalCluster


def _record(k: int) -> str:
    a, b = k % 11 + 2, k % 5 + 1
    slip = 1 if k % 7 == 0 else 0  # every seventh record holds a wrong step
    steps = [f"We need {a} * {b} + {a}.", f"So {a} * {b} = {a * b + slip}.", f"Then {a * b} + {a} = {a * b + a}."]
    if k % 50 == 13:
        return "{this record is not JSON"
    return json.dumps({"id": f"q{k}", "steps": steps} if k % 3 else {"solution": " ".join(steps)})


def test_a_local_two_worker_cluster_matches_jsonl_byte_for_byte(tmp_path):
    Client, LocalCluster = _dask()
    from lnsym.check.batch.dask_bag import check_jsonl_files

    inputs = []
    for part in range(4):  # a partitioned dataset: 4 files, 300 records
        path = tmp_path / "in" / f"part-{part}.jsonl"
        path.parent.mkdir(exist_ok=True)
        path.write_text("".join(_record(k) + "\n" for k in range(part * 75, part * 75 + 75)), encoding="utf-8")
        inputs.append(path)
    expected = []
    for path in inputs:
        out = tmp_path / f"{path.stem}.expected.jsonl"
        run_jsonl(str(path), str(out), OPTIONS, jobs=1, progress=False)
        expected.append(out.read_bytes())
    assert sum(e.count(b"\n") for e in expected) == 300
    assert b'"first_wrong_step": 1' in expected[0] and b'"error": "line 14: not JSON' in expected[0]

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        check_jsonl_files(str(tmp_path / "in" / "*.jsonl"), str(tmp_path / "out" / "*.jsonl"), OPTIONS)
        lines = check_jsonl_files([str(p) for p in inputs], None, OPTIONS)
    written = [(tmp_path / "out" / f"{k}.jsonl").read_bytes() for k in range(4)]
    assert written == expected
    assert "".join(line + "\n" for line in lines).encode("utf-8") == b"".join(expected)
