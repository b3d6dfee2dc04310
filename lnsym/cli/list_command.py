"""``lnsym list``: the claims of the catalogue, one a line (id, family, title)."""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("list", help="list the claims of the catalogue",
                                   description="List the claims: id, family (module) and title.")
    parser.add_argument("--path", action="append", default=[], metavar="DIR",
                        help="also load claim modules from this folder; may be repeated")
    parser.add_argument("--json", action="store_true", help="print id, title, family, depends_on as JSON")
    return parser


def run(args) -> int:
    from lnsym.catalogue import load_catalogue
    from lnsym.terminal_math import prose_text, tolerate_narrow_stdout

    catalogue = load_catalogue(args.path)
    if args.json:
        rows = [{"id": c.id, "title": c.title, "family": c.family, "depends_on": list(c.depends_on),
                 "statement": c.statement} for c in catalogue.claims]
        json.dump(rows, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        tolerate_narrow_stdout()
        width = max([len(c.id) for c in catalogue.claims] + [2])
        for c in catalogue.claims:
            # the title's math as Unicode: a terminal shows LaTeX as its source (--json keeps the LaTeX)
            print(f"{c.id:<{width}}  {c.family:<12}  {prose_text(c.title)}")
    for e in catalogue.errors:
        print(f"load error: {e}", file=sys.stderr)
    return 1 if catalogue.errors else 0
