"""Benchmark: extraction quality on our ICLR 2026 gold (dev and held-out test) and reference gold sets.

    python bench/eval_extraction.py [--errors]

The ICLR gold files hold ids and annotations only; the abstracts come from
../shared/data/iclr2026-openreview. Dev = bench/gold/iclr2026_dev_*.jsonl except the kept-aside parts, in the
groups they were annotated in (scripts/train_span_scorer.py GROUPS): a+b (70 abstracts), c+d+e (120), f+g (80),
h+i (80), j+k+l+m (160), n+o (80), p+q+r+s (160), x+y+z (120), 1-5 (200), 10-13 (160), then groups of four
40-abstract batches (18-21, 26-65, 70-105, 110-145, 150-185, 190-225, 230-265, 270-305, 310-345, 350-385,
390-425), each first scored untouched (a fresh estimate), then used while developing and for training the span
scorer.
Kept aside (never tuned or trained on, errors never listed, scored at the end of a session): dev_{t,u,v,w}
(160, annotated in the fourth session), dev_{6,7,8,9} (160, fifth session) and dev_{14..17} (160, sixth
session; annotated with 10-13 and scored untouched with them first), dev_{22..25} (160, seventh session) and
dev_{66..69}, dev_{106..109} and dev_{146..149} (160 each, eighth session; annotated with 70-105, 110-145 and
150-185), dev_{186..189}, dev_{226..229}, dev_{266..269}, dev_{306..309}, dev_{346..349} and dev_{386..389} (160
each, ninth session; annotated with 190-225, 230-265, 270-305, 310-345, 350-385 and 390-425), and dev_{426..464}
(1,552, the ninth session's last round, held out whole: scored once, untouched, at the end of that session).
Test = bench/gold/iclr2026_test.jsonl (40 abstracts, annotated independently, never tuned on; its errors are
never listed).
"""
from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from kg import nlp as kg_nlp
from kg.evaluate import evaluate, format_report, load_gold, predict
from kg.read import read_papers

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
#: The dev sets of the annotation rounds of forty batches, keyed by their first dev batch k (1,440 abstracts:
#: batches k to k+35), with their ordinal as a dev set; each round's first four batches, k-4 to k-1, are kept aside.
ROUNDS = {70: "sixteenth", 110: "seventeenth", 150: "eighteenth", 190: "nineteenth", 230: "twentieth",
          270: "twenty-first", 310: "twenty-second", 350: "twenty-third", 390: "twenty-fourth"}
#: The kept-aside sets (never tuned or trained on), in the order they were annotated: name → gold parts.
KEPT_ASIDE = {
    "t+u+v+w": list("tuvw"), "6+7+8+9": list("6789"),
    **{f"{k}-{k + 3}": [str(n) for n in range(k, k + 4)] for k in (14, 22, *(first - 4 for first in ROUNDS))},
}
#: A whole annotation round held out (never tuned or trained on, errors never listed).
HELD_OUT_ROUND = [str(n) for n in range(426, 465)]


def kept_parts(*names: str) -> list[str]:
    """The gold parts of the named kept-aside sets."""
    return [part for name in names for part in KEPT_ASIDE[name]]


def _dev_groups() -> tuple:
    """The dev groups the span scorer trains on (scripts/train_span_scorer.py GROUPS): one list of what dev is."""
    spec = importlib.util.spec_from_file_location("train_span_scorer", ROOT / "scripts" / "train_span_scorer.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script.GROUPS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--errors", action="store_true", help="also list misses and false positives (dev only)")
    args = parser.parse_args()
    corpus = read_papers([SHARED / "iclr2026-openreview" / "iclr2026_submissions.jsonl.gz"])
    nlp = kg_nlp.build()

    def dev(parts: str | list[str]) -> list:
        """Gold of the named parts: "abc" is parts a, b and c; ["10", "11"] parts 10 and 11."""
        return [d for part in parts for d in load_gold(ROOT / f"bench/gold/iclr2026_dev_{part}.jsonl", "kg", corpus)]

    dev_all = dev([part for group in _dev_groups() for part in group])
    sets = {
        "ICLR 2026 dev a+b (70, first dev set)": (dev("ab"), None),
        "ICLR 2026 dev c+d+e (120, second dev set)": (dev("cde"), None),
        "ICLR 2026 dev f+g (80, third dev set)": (dev("fg"), None),
        "ICLR 2026 dev h+i (80, fourth dev set)": (dev("hi"), None),
        "ICLR 2026 dev j+k+l+m (160, fifth dev set)": (dev("jklm"), None),
        "ICLR 2026 dev n+o (80, sixth dev set)": (dev("no"), None),
        "ICLR 2026 dev p+q+r+s (160, seventh dev set)": (dev("pqrs"), None),
        "ICLR 2026 dev x+y+z+1-5 (320, eighth dev set)": (dev("xyz12345"), None),
        "ICLR 2026 dev 10-13 (160, ninth dev set)": (dev(["10", "11", "12", "13"]), None),
        "ICLR 2026 dev 18-21 (160, tenth dev set)": (dev(["18", "19", "20", "21"]), None),
        "ICLR 2026 dev 26-33 (320, eleventh dev set)": (dev([str(n) for n in range(26, 34)]), None),
        "ICLR 2026 dev 34-41 (320, twelfth dev set)": (dev([str(n) for n in range(34, 42)]), None),
        "ICLR 2026 dev 42-49 (320, thirteenth dev set)": (dev([str(n) for n in range(42, 50)]), None),
        "ICLR 2026 dev 50-57 (320, fourteenth dev set)": (dev([str(n) for n in range(50, 58)]), None),
        "ICLR 2026 dev 58-65 (320, fifteenth dev set)": (dev([str(n) for n in range(58, 66)]), None),
        **{f"ICLR 2026 dev {k}-{k + 35} (1440, {nth} dev set)": (dev([str(n) for n in range(k, k + 36)]), None)
           for k, nth in ROUNDS.items()},
        f"ICLR 2026 dev, all ({len(dev_all)})": (dev_all, None),
        **{f"ICLR 2026 {name} (160, kept aside: never tuned or trained on)": (dev(parts), None)
           for name, parts in KEPT_ASIDE.items()},
        "ICLR 2026 kept aside, the seven sets of sessions 4-8 (1120)": (dev(kept_parts(*list(KEPT_ASIDE)[:7])), None),
        "ICLR 2026 kept aside, the six sets of the ninth session (960)": (dev(kept_parts(*list(KEPT_ASIDE)[7:])), None),
        "ICLR 2026 kept aside, all thirteen sets (2080)": (dev(kept_parts(*KEPT_ASIDE)), None),
        "ICLR 2026 426-464 (1552, a whole round held out: never tuned or trained on)": (dev(HELD_OUT_ROUND), None),
        "ICLR 2026 held out, the thirteen sets and 426-464 (3632)": (dev(kept_parts(*KEPT_ASIDE) + HELD_OUT_ROUND),
                                                                      None),
        "ICLR 2026 test (40, held out)": (load_gold(ROOT / "bench/gold/iclr2026_test.jsonl", "kg", corpus), None),
        "SciERC test (Method→METHOD/MODEL, Material→DATASET)": (load_gold(SHARED / "scierc/test.json", "scierc"), None),
        "TDMSci test (DATASET only)": (load_gold(SHARED / "tdmsci/test_500_v2.conll", "tdmsci"), frozenset({"DATASET"})),
    }
    for title, (docs, only) in sets.items():
        report = evaluate(docs, predict(docs, nlp), count_kinds=only)
        show = 400 if args.errors and title.startswith("ICLR 2026 dev, all") else 0  # never the test's errors
        text = format_report(report, show_errors=show)
        print(f"## {title}\n")
        print(text if show else "\n".join(text.splitlines()[:8]))
        print()


if __name__ == "__main__":
    main()
