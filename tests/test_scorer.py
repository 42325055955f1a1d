"""The learned span and type scorers: candidate runs, features, training, the shipped weights, and the pipeline
components."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from kg import extract
from kg.nlp import PaperAnnotation, annotate
from kg.records import ConceptKind, Paper, Role
from kg.scorer import (
    CLASSES, DEFAULT_PATH, TYPE_PATH, capitalised_runs, load_scorer, name_features, sibling_features,
    span_features, train,
)

ROOT = Path(__file__).resolve().parent.parent


def annotate_one(nlp, text):
    (ann,) = annotate(nlp, [Paper("x", text)])
    return list(ann.mentions)


def scorer_mentions(nlp, text):
    (ann,) = annotate(nlp, [Paper("x", text)])
    return [m for m in ann.mentions if m.source == "scorer"]


def nlp_with_scorer(tmp_path, weights):
    """The default pipeline with a hand-made scorer (NONE unless ``weights`` say otherwise), so that a test pins
    the component's behaviour and not the shipped weights."""
    from kg import nlp as kg_nlp

    path = tmp_path / "scorer.json"
    path.write_text(json.dumps({"classes": list(CLASSES), "threshold": 0.5, "bias": [3.0, 0.0, 0.0, 0.0],
                                "weights": weights}))
    nlp = kg_nlp.build()
    nlp.replace_pipe("kg_span_scorer", "kg_span_scorer", config={"scorer_path": str(path)})
    return nlp


def test_capitalised_runs_join_connectors_and_skip_sentence_initial_function_words():
    text = "The results hold. We use Probability Proportional to Size Sampling and GRPO."
    assert [r[2] for r in capitalised_runs(text)] == ["Probability Proportional to Size Sampling", "GRPO"]


def test_capitalised_runs_strip_markdown_emphasis():
    assert [r[2] for r in capitalised_runs("two innovations: an *SNR Scheduler* and more")] == ["SNR Scheduler"]
    assert [r[2] for r in capitalised_runs("we present _Vid2World_, which")] == ["Vid2World"]


def test_capitalised_runs_drop_a_sentence_initial_word_and_its_preposition():
    runs = lambda text: [r[2] for r in capitalised_runs(text)]  # noqa: E731
    assert runs("Results of Foo-Net are good. Compared to SOTA, we win.") == ["Foo-Net", "SOTA"]
    assert runs("Using the OPC Model, we go.") == ["OPC Model"]
    assert runs("Mixture of Experts helps. Chain of Thought works.") == ["Mixture of Experts", "Chain of Thought"]


def test_capitalised_runs_skip_title_case_sentences():
    assert [r[2] for r in capitalised_runs('However, The Results Are Clear in "Who Is the Spy" games.')] == []


def test_capitalised_runs_skip_sentence_initial_plain_words_and_covered_spans():
    text = "Recent work is slow. Experiments on Big Bench Hard show that Foo Net helps."
    assert [r[2] for r in capitalised_runs(text)] == ["Big Bench Hard", "Foo Net"]
    assert [r[2] for r in capitalised_runs(text, covered=[(36, 50)])] == ["Foo Net"]


def test_features_are_deterministic_and_describe_the_run():
    text = "We propose Shadow Loss, a new objective."
    (run,) = capitalised_runs(text)
    features = span_features(text, run[3], run[4], run[5], run[6], repeats=1, proposed=True)
    assert features == span_features(text, run[3], run[4], run[5], run[6], repeats=1, proposed=True)
    assert {"head=loss", "hk=METHOD", "w=shadow", "proposed", "title", "next=a"} <= set(features)
    assert len(features) == len(set(features))


def test_train_separates_classes_and_round_trips_through_json(tmp_path):
    examples = [(["head=bench", "title"], 3), (["head=net", "title"], 2), (["head=loss", "title"], 1),
                (["head=task"], 0), (["sentence-initial"], 0)] * 8
    scorer = train(examples)
    assert scorer.decide(["head=bench", "title"])[0] is ConceptKind.DATASET
    assert scorer.decide(["head=net", "title"])[0] is ConceptKind.MODEL
    assert scorer.decide(["head=task"]) is None
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(scorer.to_json()))
    again = load_scorer(str(path))
    assert again.probabilities(["head=net"]) == pytest.approx(scorer.probabilities(["head=net"]))


def nlp_with_type_scorer(tmp_path, weights, margin=0.2):
    """The default pipeline with a hand-made type scorer that favours no type unless ``weights`` say so."""
    from kg import nlp as kg_nlp

    path = tmp_path / "types.json"
    path.write_text(json.dumps({"classes": list(CLASSES), "threshold": margin, "bias": [-9.0, 0.0, 0.0, 0.0],
                                "weights": weights}))
    nlp = kg_nlp.build()
    nlp.replace_pipe("kg_type_scorer", "kg_type_scorer", config={"scorer_path": str(path)})
    return nlp


@pytest.mark.parametrize("path", [DEFAULT_PATH, TYPE_PATH], ids=["span", "type"])
def test_shipped_weights_load_and_name_their_training_files(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    scorer = load_scorer(str(path))
    assert tuple(data["classes"]) == CLASSES and scorer.threshold == (0.3 if path == DEFAULT_PATH else 0.2)
    assert len(scorer.weights) > 1000
    for name in data["trained_on"]["files"]:
        assert (ROOT / name).is_file(), name
    kept_aside = [*"tuvw", *"6789", "14", "15", "16", "17", "22", "23", "24", "25", "66", "67", "68", "69",
                  "106", "107", "108", "109", "146", "147", "148", "149", "186", "187", "188", "189",
                  "226", "227", "228", "229", "266", "267", "268", "269", "306", "307", "308", "309",
                  "346", "347", "348", "349", "386", "387", "388", "389", *map(str, range(426, 465))]
    for name in ["test", *(f"dev_{part}" for part in kept_aside)]:  # the held-out parts never train it
        assert f"bench/gold/iclr2026_{name}.jsonl" not in data["trained_on"]["files"]


def test_scorer_adds_an_uncovered_title_case_contribution(nlp):
    text = ("We propose Conditional Clifford-Steerable Kernels, which augment the kernels with equivariant "
            "representations computed from the input feature field.")
    (mention,) = scorer_mentions(nlp, text)
    assert (mention.text, mention.kind, mention.role) == ("Conditional Clifford-Steerable Kernels",
                                                           ConceptKind.METHOD, Role.PROPOSES)
    assert 0.5 <= mention.confidence <= 1.0 and text[mention.start:mention.end] == mention.text


def test_scorer_leaves_sentence_words_and_named_non_entities_alone(nlp):
    assert scorer_mentions(nlp, "However, The Results Are Clear. In Section 3 we discuss it.") == []
    text = "We identify Reasoning-Induced Misalignment (RIM), a phenomenon where models fail."
    assert scorer_mentions(nlp, text) == []


def test_the_title_name_used_in_the_abstract_is_the_papers_entity(tmp_path):
    nlp = nlp_with_scorer(tmp_path, {})  # rejects every run: only the title can make "Tiled Gate" an entity
    text = ("Channel mixing in convolutional networks is rigid. Across multiple backbones, Tiled Gate delivers "
            "consistent improvements on three segmentation datasets.")

    def found(title):
        (ann,) = annotate(nlp, [Paper("x", text, title=title)])
        return [(m.text, m.kind, m.role) for m in ann.mentions]

    assert found(None) == []  # the scorer alone does not take "Tiled Gate"
    assert found("Tiled Gate: Local Gradient Flow Across Channels") == [("Tiled Gate", ConceptKind.METHOD, Role.PROPOSES)]
    assert found("Tiled Gate: A Benchmark for Channel Mixing") == [("Tiled Gate", ConceptKind.DATASET, Role.PROPOSES)]
    assert found("Learning Gates: Local Gradient Flow") == []  # another name
    named = text.replace("Tiled Gate", "Tiled Gate Network")  # the title does not say; the name's head does
    (ann,) = annotate(nlp, [Paper("x", named, title="Tiled Gate Network: Local Gradient Flow")])
    assert [(m.text, m.kind) for m in ann.mentions] == [("Tiled Gate Network", ConceptKind.MODEL)]
    said = text.replace("Tiled Gate delivers", "Tiled Gate, a new task, delivers")
    (ann,) = annotate(nlp, [Paper("x", said, title="Tiled Gate: Local Gradient Flow")])
    assert ann.mentions == ()  # the abstract says it is no entity


def test_the_scorer_types_only_what_no_head_shape_or_context_types(nlp):
    described = nlp.get_pipe("kg_span_scorer")._described_kind
    text = "Then the Gaussian Refinement Network merges them; SoccerBench, a benchmark, and Foo Bar, a model."
    span = lambda name: (text.index(name), text.index(name) + len(name))  # noqa: E731
    assert described(text, *span("Gaussian Refinement Network")) is ConceptKind.MODEL  # head noun
    assert described(text, *span("SoccerBench")) is ConceptKind.DATASET  # shape
    assert described(text, *span("Foo Bar")) is ConceptKind.MODEL  # apposition
    assert described("We use Foo Bar here.", 7, 14) is None  # the scorer's guess decides


def test_every_use_of_a_name_the_scorer_accepts_is_a_mention(tmp_path):
    nlp = nlp_with_scorer(tmp_path, {"proposed": [0.0, 5.0, 0.0, 0.0]})  # accepts only runs a sentence introduces
    text = "We introduce Review Studio, which helps authors. With Review Studio, reviews improve."
    component = nlp.get_pipe("kg_span_scorer")
    with nlp.select_pipes(disable=["kg_span_scorer"]):
        doc = nlp(text)
    decisions = [component.scorer.decide(features) for _, _, features in component.runs(doc)]
    assert decisions[0] is not None and decisions[1] is None  # the second use alone would be left out
    mentions = scorer_mentions(nlp, text)
    assert [(m.start, m.text, m.kind) for m in mentions] == [(13, "Review Studio", ConceptKind.METHOD),
                                                             (54, "Review Studio", ConceptKind.METHOD)]
    assert mentions[0].confidence == mentions[1].confidence == round(decisions[0][1], 3)


def test_an_abbreviations_short_and_long_form_share_one_decision(tmp_path):
    # A scorer that accepts only all-capital words: the long form, rejected on its own, follows its short form.
    nlp = nlp_with_scorer(tmp_path, {"shape=A": [0.0, 5.0, 0.0, 0.0]})
    text = "A leading approach is the Neural Feature Ansatz (NFA). We test the NFA on kernels."
    mentions = scorer_mentions(nlp, text)
    assert [(m.text, m.kind) for m in mentions] == [("Neural Feature Ansatz", ConceptKind.METHOD),
                                                    ("NFA", ConceptKind.METHOD), ("NFA", ConceptKind.METHOD)]
    assert len({m.confidence for m in mentions}) == 1


def test_scorer_never_overrides_rules(nlp):
    text = "We fine-tune Qwen2.5-7B with Direct Preference Optimization (DPO) on GSM8K."
    assert scorer_mentions(nlp, text) == []


def test_the_type_scorer_retypes_every_use_of_a_name_when_it_is_sure(tmp_path):
    text = "Results on PelvicRT improve. PelvicRT holds 300 scans; ScanMixer is fast."
    rules = {m.text: m.kind for m in annotate_one(nlp_with_type_scorer(tmp_path, {}), text)}
    assert rules == {"PelvicRT": ConceptKind.DATASET, "ScanMixer": ConceptKind.METHOD}  # "results on X"; coined
    sure = annotate_one(nlp_with_type_scorer(tmp_path, {"w=pelvicrt": [0.0, 0.0, 3.0, 0.0]}), text)
    assert [(m.text, m.kind) for m in sure] == [("PelvicRT", ConceptKind.MODEL), ("PelvicRT", ConceptKind.MODEL),
                                                ("ScanMixer", ConceptKind.METHOD)]
    # P(MODEL) 0.40 against P(DATASET) 0.30: not by more than the margin, the rules' type stays.
    unsure = annotate_one(nlp_with_type_scorer(tmp_path, {"w=pelvicrt": [0.0, 0.0, 0.3, 0.0]}), text)
    assert {m.text: m.kind for m in unsure} == rules
    # The words around each use count: "next=holds" is read from the second use and retypes both.
    context = annotate_one(nlp_with_type_scorer(tmp_path, {"next=holds": [0.0, 0.0, 3.0, 0.0]}), text)
    assert [m.kind for m in context if m.text == "PelvicRT"] == [ConceptKind.MODEL] * 2


def test_the_type_scorer_reads_the_pieces_of_a_coined_name(tmp_path):
    # "GRPO", a method the gazetteer knows, ends "PelvicGRPO": the piece's type is a feature of the name.
    text = "Results on PelvicGRPO improve. ScanMixer is fast."
    rules = {m.text: m.kind for m in annotate_one(nlp_with_type_scorer(tmp_path, {}), text)}
    assert rules == {"PelvicGRPO": ConceptKind.DATASET, "ScanMixer": ConceptKind.METHOD}  # "results on X"; coined
    pieces = annotate_one(nlp_with_type_scorer(tmp_path, {"end=METHOD": [0.0, 3.0, 0.0, 0.0]}), text)
    assert {m.text: m.kind for m in pieces} == {"PelvicGRPO": ConceptKind.METHOD, "ScanMixer": ConceptKind.METHOD}
    words = annotate_one(nlp_with_type_scorer(tmp_path, {"part=mixer": [0.0, 0.0, 3.0, 0.0]}), text)
    assert {m.text: m.kind for m in words} == {"PelvicGRPO": ConceptKind.DATASET, "ScanMixer": ConceptKind.MODEL}


def test_the_type_scorer_leaves_broad_categories_alone(tmp_path):
    # A scorer that makes every MODEL a METHOD: the coined name is retyped, "LLMs" (generic in the gazetteer) is not.
    text = "We fine-tune LLMs and PelvicNet on scans."
    mentions = annotate_one(nlp_with_type_scorer(tmp_path, {"rule=MODEL": [0.0, 3.0, 0.0, 0.0]}), text)
    assert {m.text: m.kind for m in mentions} == {"LLMs": ConceptKind.MODEL, "PelvicNet": ConceptKind.METHOD}


def test_the_type_scorer_reads_the_cue_words_of_a_names_sentence(tmp_path):
    text = "We run ScanMixer on scans; the benchmark is hard. PelvicRT is slow."
    cue = annotate_one(nlp_with_type_scorer(tmp_path, {"sent=benchmark": [0.0, 0.0, 0.0, 3.0]}), text)
    assert {m.text: m.kind for m in cue} == {"ScanMixer": ConceptKind.DATASET, "PelvicRT": ConceptKind.METHOD}
    near = annotate_one(nlp_with_type_scorer(tmp_path, {"wr=scans": [0.0, 0.0, 3.0, 0.0]}), text)
    assert {m.text: m.kind for m in near} == {"ScanMixer": ConceptKind.MODEL, "PelvicRT": ConceptKind.METHOD}


def test_sibling_features_give_the_types_of_coordinated_names_only():
    text = "Backbones such as Llama-2, FooNet and Mistral; FooNet beats BarSet, or GSM8K vs. MATH/BazNet."
    mentions = [(18, 25, "gazetteer", "MODEL"), (27, 33, "coined", "METHOD"), (38, 45, "gazetteer", "MODEL"),
                (47, 53, "coined", "METHOD"), (60, 66, "coined", "DATASET"), (71, 76, "gazetteer", "DATASET"),
                (81, 85, "gazetteer", "DATASET"), (86, 92, "coined", "METHOD")]
    assert [text[s:e] for s, e, _, _ in mentions] == ["Llama-2", "FooNet", "Mistral", "FooNet", "BarSet", "GSM8K",
                                                      "MATH", "BazNet"]
    # "FooNet" (uses 1 and 3): coordinated with two gazetteer models; "FooNet beats BarSet" is no coordination.
    assert sibling_features(text, mentions, {1, 3}) == ["sib=MODEL", "sibg=MODEL"]
    # ", or", " vs. " and "/" coordinate too.
    assert sibling_features(text, mentions, {5}) == ["sib=DATASET", "sibg=DATASET"]
    assert sibling_features(text, mentions, {4}) == ["sib=DATASET", "sibg=DATASET"]
    assert sibling_features(text, mentions, {7}) == ["sib=DATASET", "sibg=DATASET"]
    assert sibling_features(text, mentions, {0, 2}) == ["sib=METHOD"]
    # A name's other uses are not its siblings.
    repeated = [(0, 6, "coined", "METHOD"), (8, 14, "coined", "METHOD"), (19, 25, "coined", "DATASET")]
    assert sibling_features("FooNet, FooNet and BarSet", repeated, {0, 1}) == ["sib=DATASET"]


def test_the_type_scorer_reads_the_types_of_coordinated_names(tmp_path):
    text = "We compare Llama-2, PelvicRT and Mistral. PelvicRT is fast."
    nlp = nlp_with_type_scorer(tmp_path, {"sibg=MODEL": [0.0, 0.0, 3.0, 0.0]})
    kinds = {m.text: m.kind for m in annotate_one(nlp, text)}
    assert kinds["PelvicRT"] is ConceptKind.MODEL
    alone = {m.text: m.kind for m in annotate_one(nlp, "We compare PelvicRT and its ablations. PelvicRT is fast.")}
    assert alone["PelvicRT"] is ConceptKind.METHOD


def test_a_retyped_name_takes_its_acronym_definition_along(tmp_path):
    nlp = nlp_with_type_scorer(tmp_path, {"w=rewiring": [0.0, 0.0, 3.0, 0.0]})
    (ann,) = annotate(nlp, [Paper("x", "We propose the Graph Rewiring Operator (GRO). GRO is fast.")])
    assert {(m.text, m.kind) for m in ann.mentions} == {("Graph Rewiring Operator", ConceptKind.MODEL),
                                                        ("GRO", ConceptKind.MODEL)}
    assert [(short, kind) for short, _, kind in ann.acronyms] == [("GRO", ConceptKind.MODEL)]


def test_name_features_read_every_use_and_the_rules_type():
    text = "We test on PelvicRT and on the PelvicRT split."
    features = name_features(text, [(11, 19, "coined", "METHOD", "uses"), (31, 39, "evaluation", "DATASET", "uses"),
                                    (31, 39, "coined", "METHOD", "uses")])
    assert {"w=pelvicrt", "prev=on", "prev=the", "prev2=test", "next=and", "next=split", "src=coined",
            "src=evaluation", "rule=METHOD", "rs=METHOD|evaluation", "role=uses"} <= set(features)
    assert features == name_features(text, [(11, 19, "coined", "METHOD", "uses"),
                                            (31, 39, "evaluation", "DATASET", "uses"),
                                            (31, 39, "coined", "METHOD", "uses")])


def test_corpus_definition_of_an_acronym_beats_the_scorer():
    from kg.candidates import Candidate

    guess = Candidate(10, 13, "SRF", ConceptKind.METHOD, "scorer", 0.6, canonical="SRF")
    user = PaperAnnotation("p1", (guess,), (), ((10, 13, "SRF"),))
    definer = PaperAnnotation("p2", (), (("SRF", "Super Resolution Field", ConceptKind.MODEL),), ())
    mentions, _ = extract.mentions_from_annotations([user, definer])
    (m,) = [m for m in mentions if m.paper_id == "p1"]
    assert (m.source, m.canonical, m.kind) == ("corpus-acronym", "Super Resolution Field", ConceptKind.MODEL)
    alone, _ = extract.mentions_from_annotations([user])
    assert [(m.source, m.canonical) for m in alone] == [("scorer", "SRF")]


def training_script_and_dev_gold():
    """scripts/train_span_scorer.py as a module, and the dev gold documents it trains on."""
    spec = importlib.util.spec_from_file_location("train_span_scorer", ROOT / "scripts" / "train_span_scorer.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    from kg.evaluate import load_gold
    from kg.read import read_papers

    corpus = read_papers([script.CORPUS])
    docs = [d for g in script.GROUPS for part in g for d in load_gold(script.GOLD / f"iclr2026_dev_{part}.jsonl",
                                                                    "kg", corpus)]
    return script, docs


@pytest.mark.shared
def test_shipped_weights_are_what_training_on_the_dev_gold_gives_now(shared_data):
    """The weights depend on what the rules leave uncovered: after a rule change, rerun scripts/train_span_scorer.py."""
    from kg import nlp as kg_nlp

    script, docs = training_script_and_dev_gold()
    rows = [ex for doc_rows in script.examples(kg_nlp.build(), docs).values() for ex in doc_rows]
    shipped = load_scorer()
    assert shipped.threshold == script.THRESHOLD
    retrained = train(rows, threshold=shipped.threshold)
    def kind(decision):
        return decision[0] if decision else None

    disagree = [f for f, _ in rows if kind(shipped.decide(f)) != kind(retrained.decide(f))]
    assert not disagree, f"{len(disagree)} decisions differ: retrain with scripts/train_span_scorer.py"


@pytest.mark.shared
def test_shipped_type_weights_are_what_training_on_the_dev_gold_gives_now(shared_data):
    """The type scorer learns from what the rules and the span scorer find: after either changes, rerun
    scripts/train_span_scorer.py."""
    from kg import nlp as kg_nlp

    script, docs = training_script_and_dev_gold()
    rows = script.type_examples(kg_nlp.build(), docs)
    shipped = load_scorer(str(TYPE_PATH))
    retrained = train(rows, threshold=shipped.threshold, c=script.C)

    def decision(scorer, features):
        return scorer.retype(scorer.probabilities(features), next(f[5:] for f in features if f.startswith("rule=")))

    disagree = [f for f, _ in rows if decision(shipped, f) != decision(retrained, f)]
    assert not disagree, f"{len(disagree)} decisions differ: retrain with scripts/train_span_scorer.py"
