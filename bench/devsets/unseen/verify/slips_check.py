"""For every slip row of manifest.jsonl: the slipped file differs from its base in exactly the recorded
line, and the planted relation on that line is false at the recorded witness (via slip_false)."""
import importlib, json, sys, pathlib, collections
sys.path.insert(0, str(pathlib.Path(__file__).parent))
from common import ROOT, Doc

def main():
    rows = [json.loads(l) for l in open(ROOT / 'manifest.jsonl', encoding='utf-8')]
    keys = [r for r in rows if r['correct']]
    slips = [r for r in rows if not r['correct']]
    assert len(keys) == 40 and len(slips) == 40, (len(keys), len(slips))
    kinds = collections.Counter(r['slip_kind'] for r in slips)
    assert max(kinds.values()) <= 4, kinds
    ok = 0
    for r in slips:
        base = (ROOT / r['base']).read_text(encoding='utf-8').split('\n')
        new = (ROOT / r['file']).read_text(encoding='utf-8').split('\n')
        assert len(base) == len(new), r['file']
        diff = [i + 1 for i, (a, b) in enumerate(zip(base, new)) if a != b]
        assert diff == [r['slip_line']], (r['file'], diff, r['slip_line'])
        stem = pathlib.Path(r['base']).stem
        m = importlib.import_module(stem)
        assert m.SLIP['line'] == r['slip_line'] and m.SLIP['kind'] == r['slip_kind']
        w = m.slip_false(Doc(r['file']))
        print(f"PASS {r['file']} line {r['slip_line']} [{r['slip_kind']}] false at: {w}")
        ok += 1
    print(f'slips_check: {ok}/40 slips verified; kinds: {dict(sorted(kinds.items()))}')

if __name__ == '__main__':
    main()
