"""Build slips/ and manifest.jsonl from keys/ and the SLIP/META records in verify/NNN_*.py.
Each slipped copy = the key with exactly one substring replaced on exactly one line."""
import importlib, json, pathlib, sys
sys.path.insert(0, str(pathlib.Path(__file__).parent))
from common import ROOT

def modules():
    for f in sorted((ROOT / 'verify').glob('[0-9][0-9][0-9]_*.py')):
        yield f.stem, importlib.import_module(f.stem)

def main():
    rows_k, rows_s = [], []
    for stem, m in modules():
        key = ROOT / m.KEY
        lines = key.read_text(encoding='utf-8').split('\n')
        s = m.SLIP
        L = lines[s['line'] - 1]
        assert L.count(s['old']) == 1, (stem, 'old text must occur exactly once on the slip line', s['old'])
        lines[s['line'] - 1] = L.replace(s['old'], s['new'])
        slip_rel = f"slips/{key.stem}__s1{key.suffix}"
        (ROOT / slip_rel).write_text('\n'.join(lines), encoding='utf-8')
        rows_k.append(dict(file=m.KEY, kind=m.META['kind'], correct=True, base=None, slip_line=None, slip=None,
                           topic=m.META['topic']))
        rows_s.append(dict(file=slip_rel, kind=m.META['kind'], correct=False, base=m.KEY, slip_line=s['line'],
                           slip=s['desc'], slip_kind=s['kind'], topic=m.META['topic']))
    with open(ROOT / 'manifest.jsonl', 'w', encoding='utf-8') as fh:
        for r in rows_k + rows_s:
            fh.write(json.dumps(r, ensure_ascii=False) + '\n')
    print('wrote', len(rows_k), 'keys and', len(rows_s), 'slips to manifest.jsonl')

if __name__ == '__main__':
    main()
