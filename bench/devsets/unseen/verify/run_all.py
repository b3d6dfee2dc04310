"""Run every key verifier, rebuild nothing, then check the slips.  Exit status 0 iff all pass."""
import importlib, sys, pathlib, subprocess, json
HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
from common import ROOT, Doc

def main():
    fails = 0
    rows = [json.loads(l) for l in open(ROOT / 'manifest.jsonl', encoding='utf-8')]
    keyfiles = sorted(r['file'] for r in rows if r['correct'])
    assert len(keyfiles) == 40 and sorted(str(p.relative_to(ROOT)) for p in (ROOT / 'keys').iterdir()) == keyfiles
    for f in sorted(HERE.glob('[0-9][0-9][0-9]_*.py')):
        m = importlib.import_module(f.stem)
        try:
            nl = len((ROOT / m.KEY).read_text().rstrip('\n').split('\n'))
            assert 6 <= nl <= 25, (m.KEY, nl, 'lines')
            d = Doc(m.KEY); n = m.check(d)
            pc = getattr(d, 'point_checked', 0)
            print(f'PASS {m.KEY}: {n} checks ({pc} identities confirmed by 50-digit point evaluation), {nl} lines')
        except Exception as e:
            fails += 1
            print(f'FAIL {m.KEY}: {e}')
    r = subprocess.run([sys.executable, str(HERE / 'slips_check.py')])
    if r.returncode:
        fails += 1
    print('ALL PASS' if not fails else f'{fails} FAILURES')
    sys.exit(1 if fails else 0)

if __name__ == '__main__':
    main()
