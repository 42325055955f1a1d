"""kg eval scoring rules (ANNOTATION.md) and the gold readers, on hand-made cases and the shared gold sets."""
from __future__ import annotations

import pytest

from kg.evaluate import GoldDoc, GoldEntity, Prediction, evaluate, load_gold

DOC = GoldDoc("d", "text", (
    GoldEntity("Direct Preference Optimization", frozenset({"METHOD"}), aliases=("DPO",)),
    GoldEntity("Large Language Model", frozenset({"MODEL"}), tier="generic", aliases=("LLMs",)),
    GoldEntity("Best-of-N", frozenset({"METHOD"}), aliases=("Best-of-$N$",)),
))


def test_evaluate_matching_normalises_case_plural_dash_latex():
    preds = {"d": [Prediction("dpo", "METHOD", ("DPO",)), Prediction("LLM", "MODEL", ("LLM",)),
                   Prediction("Best‑of‑N", "METHOD", ("Best‑of‑N",))]}
    report = evaluate([DOC], preds)
    assert report.typed["ALL"].recall == 1.0  # generic gold is not required…
    assert report.typed["ALL"].gold_named == 2
    assert report.typed["ALL"].precision == 1.0  # …but matching it is not penalised


def test_evaluate_wrong_type_counts_untyped_only():
    report = evaluate([DOC], {"d": [Prediction("DPO", "MODEL", ("DPO",))]})
    assert report.untyped["ALL"].tp_recall == 1 and report.typed["ALL"].tp_recall == 0
    assert report.wrong_type == [("d", "Direct Preference Optimization", "MODEL", "METHOD")]


def test_evaluate_false_positive_and_miss():
    report = evaluate([DOC], {"d": [Prediction("Adam", "METHOD", ("Adam",))]})
    assert report.false_positives == [("d", "METHOD", "Adam")]
    assert len(report.misses) == 2 and report.typed["ALL"].precision == 0.0


@pytest.mark.shared
def test_evaluate_reads_shared_gold_sets(shared_data):
    scierc = load_gold(shared_data / "scierc" / "dev.json", "scierc")
    assert len(scierc) == 50 and any(e.kinds == {"METHOD", "MODEL"} for d in scierc for e in d.entities)
    tdmsci = load_gold(shared_data / "tdmsci" / "test_500_v2.conll", "tdmsci")
    assert len(tdmsci) > 400 and all(e.kinds == {"DATASET"} for d in tdmsci for e in d.entities)


def test_load_gold_takes_abstract_and_title_from_the_corpus(tmp_path):
    from kg.records import Paper

    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "p1", "entities": [{"name": "HSG-12M", "type": "DATASET", "tier": "named", '
                    '"aliases": ["HSG-12M"]}]}\n', encoding="utf-8")
    corpus = [Paper("p1", "Graphs from HSG-12M reveal spectra.", title="HSG-12M: A Large-Scale Dataset")]
    (doc,) = load_gold(gold, "kg", corpus)
    assert (doc.text, doc.title) == ("Graphs from HSG-12M reveal spectra.", "HSG-12M: A Large-Scale Dataset")
