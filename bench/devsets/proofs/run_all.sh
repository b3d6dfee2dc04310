#!/bin/sh
# Run every verify script and the slip checker; exit non-zero on any failure.
cd "$(dirname "$0")"
PY=${PY:-/work/venv/bin/python}
fail=0
for f in verify/[0-9]*.py; do
  $PY "$f" >/dev/null 2>/tmp/verr.$$ || { echo "FAIL $f"; tail -3 /tmp/verr.$$; fail=1; }
done
rm -f /tmp/verr.$$
$PY verify/slips_check.py | tail -1 || fail=1
$PY verify/slips_check.py | grep FAIL && fail=1
echo "exit=$fail"; exit $fail
