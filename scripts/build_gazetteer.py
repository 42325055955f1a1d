#!/usr/bin/env python3
"""Regenerate kg/patterns/gazetteer.jsonl from the curated list plus the ../shared sources.

Sources, in priority order (an earlier source wins every conflict):

1. ``kg/patterns/curated.jsonl`` -- hand-written entries (same format as the output).
2. Papers with Code methods (``data/pwc-methods-2022/methods.json.gz``): ``name`` vs
   ``full_name`` give alias pairs, ``collections`` give the type (MODEL for architectures
   and trained model families, METHOD otherwise). Generic building blocks and ordinary
   words are dropped or kept as tier "generic".
3. Hugging Face Transformers model types (``data/hf-transformers-model-types``): library
   ids mapped to the spelling papers use (``HF_NAMES`` below); sub-model types and
   unrecognised ids are dropped.
4. TDMSci / NLP-TDMS dataset KB (``data/tdmsci/nlp-tdms/datasetKB.tsv``), with names
   normalised through ``TDMSCI_NAMES``.

Merging: entries are keyed by (type, normalised name); the normalisation follows
``kg.normalize.concept_key`` (case-folded, dashes/underscores as spaces, LaTeX
stripped, last word singular). A derived entry whose name is a surface form of an
entry of the same type, or one of whose surface forms is the name of such an entry,
is merged into it (its extra aliases are added). A surface form claimed by two
entries keeps the higher-priority claim; the loser drops the alias (or, when the
clash is on its name, the whole entry). Cross-type clashes are reported on stderr.
Derived surface forms listed in ``kg/patterns/not_entities.txt`` are dropped too.

Usage (stdlib only)::

    python scripts/build_gazetteer.py [--shared ../shared] [--out kg/patterns/gazetteer.jsonl]
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import re
import sys
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TYPES = ("METHOD", "MODEL", "DATASET")

# --------------------------------------------------------------------------- normalisation

_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"
_DASH_RE = re.compile(f"[{_DASHES}]")
_LATEX_CMD_RE = re.compile(r"\\(?:textbf|texttt|textit|emph|mathrm|mathbf|mathcal|text|textsc)\s*\{([^{}]*)\}")
_LATEX_CHARS_RE = re.compile(r"[$\\{}*_^]")


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies") and word[:-3].isalpha():
        return word[:-3] + "y"
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def key(text: str) -> str:
    """Same key as ``kg.normalize.concept_key`` (copied so this script needs only the stdlib)."""
    text = _LATEX_CMD_RE.sub(r"\1", _DASH_RE.sub("-", unicodedata.normalize("NFKC", text)))
    text = _LATEX_CHARS_RE.sub("", text)
    text = text.casefold().replace("-", " ").replace("_", " ")
    words = re.sub(r"\s+", " ", text).strip().split(" ")
    if words and words[-1]:
        words[-1] = _singular(words[-1])
    return " ".join(words)


_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "via", "with"}


def title_case(phrase: str) -> str:
    """Title-case an all-lower-case long form ("weighted finite state transducer")."""
    if phrase != phrase.lower():
        return phrase
    words = phrase.split(" ")
    out = []
    for i, w in enumerate(words):
        if i and w in _SMALL_WORDS:
            out.append(w)
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))
    return " ".join(out)


def is_acronym(text: str) -> bool:
    """Mostly capitals ("GCN", "BiLSTM", "cVAE", "TD3"), not a CamelCase word ("ResNet", "GraphSAINT")."""
    letters = [c for c in text if c.isalpha()]
    upper = sum(c.isupper() for c in letters)
    return (len(text) <= 12 and " " not in text and upper >= 2 and upper * 2 >= len(letters)
            and not re.search(r"[a-z]{3}", text))


def is_plain_phrase(text: str) -> bool:
    """Ordinary words only: no digits, no internal capitals, no acronym ("Layer Normalization")."""
    return bool(re.fullmatch(r"[A-Za-z]+(?:[ -][A-Za-z]+)*", text)) and not any(
        re.search(r"[a-z][A-Z]|^[A-Z]{2,}", w) for w in re.split(r"[ -]", text))


# --------------------------------------------------------------------------- Papers with Code

# Collections whose members are architectures / trained model families -> MODEL.
PWC_MODEL_COLLECTIONS = {
    "Convolutional Neural Networks", "Transformers", "Autoencoding Transformers",
    "Autoregressive Transformers", "Vision Transformers", "Generative Adversarial Networks",
    "Recurrent Neural Networks", "Bidirectional Recurrent Neural Networks", "Q-Learning Networks",
    "Backbone Architectures", "Graph Models", "Language Models", "Image Models",
    "Contextualized Word Embeddings", "Vision and Language Pre-Trained Models",
    "Code Generation Transformers", "Twin Networks", "Working Memory Models", "RL Transformers",
    "Board Game Models", "Generative Models", "Likelihood-Based Generative Models",
    "Generative Audio Models", "Generative Video Models",
}
# "... Models" collections that hold statistical techniques rather than trained models.
PWC_NOT_MODEL_COLLECTIONS = {"Generalized Linear Models", "Generalized Additive Models"}
# Collections of building blocks: plain-worded members are generic (or dropped when rare).
PWC_BLOCK_COLLECTIONS = {
    "Activation Functions", "Normalization", "Pooling Operations", "Regularization", "Convolutions",
    "Attention Mechanisms", "Attention Modules", "Attention Patterns", "Attention",
    "Image Model Blocks", "Skip Connection Blocks", "Skip Connections", "Feedforward Networks",
    "Loss Functions", "Learning Rate Schedules", "Initialization", "Output Functions",
    "Position Embeddings", "Image Data Augmentation", "Proposal Filtering", "RoI Feature Extractors",
    "Miscellaneous Components", "Clustering", "Dimensionality Reduction", "Generalized Linear Models",
    "Non-Parametric Classification", "Non-Parametric Regression", "Parameter Norm Penalties",
    "Feature Extractors", "Feature Pyramid Blocks", "Semantic Segmentation Modules",
    "Instance Segmentation Modules", "Image Feature Extractors", "Audio Model Blocks",
    "Video Model Blocks", "Sequential Blocks", "Speech Synthesis Blocks", "Pose Estimation Blocks",
    "Action Recognition Blocks", "Affinity Functions", "Fourier-related Transforms", "Distributions",
    "Hyperparameter Search", "Optimization", "Stochastic Optimization", "Large Batch Optimization",
    "Replay Memory", "Value Function Estimation", "Eligibility Traces", "Temporal Convolutions",
    "Input Embedding Factorization", "Language Model Components", "Copy Mechanisms",
    "Span Representations", "Downsampling", "Whitening", "Image Representations",
    "Latent Variable Sampling", "Prioritized Sampling", "Negative Sampling", "Parameter Sharing",
    "Anchor Generation Modules", "Mask Branches", "Output Heads", "Object Detection Modules",
    "Detection Assignment Rules", "Discriminators", "Bijective Transformation", "Time Series Modules",
    "Global Context Modules", "Long-Range Interaction Layers", "Momentum Rules", "Video Sampling",
    "Multi-Scale Training", "Image Scaling Strategies", "Feature Upsampling",
}
# A plain-worded building block is kept (tier generic) only when this many papers use it.
PWC_MIN_PAPERS_GENERIC_BLOCK = 30
# Any other plain-worded name ("Local Augmentation") needs this many papers to count as a name.
PWC_MIN_PAPERS_PLAIN = 10
# Long forms of more than this many words are backronyms; the short name stays canonical.
PWC_MAX_LONG_FORM_WORDS = 6
# An acronym alias of 4 letters or fewer is kept only when this many papers use the method.
PWC_MIN_PAPERS_SHORT_ACRONYM = 20

# Never entities, ordinary words, or too generic to be useful as a gazetteer entry.
PWC_DROP = {
    "Convolution", "Softmax", "Dense Connections", "Residual Connection", "Linear Layer", "Attention",
    "Sigmoid Activation", "Tanh Activation", "ReLU", "1x1 Convolution", "Position-Wise Feed-Forward Layer",
    "Absolute Position Encodings", "Average Pooling", "Max Pooling", "Global Average Pooling",
    "Residual Block", "Concatenated Skip Connection", "Bottleneck Residual Block", "Feedforward Network",
    "Scaled Dot-Product Attention", "Dot-Product Attention", "Additive Attention", "Attention Dropout",
    "Linear Warmup With Linear Decay", "Linear Warmup With Cosine Annealing", "Linear Warmup",
    "Heatmap", "Inpainting", "Colorization", "Jigsaw", "Adapter", "Self-Learning", "Causal Inference",
    "Gravity", "Electric", "Ontology", "Procrustes", "Blender", "Parrot", "Grab", "Demon", "Synthesizer",
    "Primer", "Chimera", "Parallax", "Involution", "Coresets", "Bridge-net", "Ensemble Clustering",
    "Low-resolution input", "High-resolution input", "Laplacian Pyramid", "Temporal attention",
    "Visual Attention", "Channel attention", "Spatial Attention Module", "Channel Attention Module",
    "Auxiliary Classifier", "Affine Operator", "Hierarchical Feature Fusion", "Symbolic rule learning",
    "Distributional Generalization", "Large-scale spectral clustering", "Contrastive Learning",
    "TS", "BASE", "HOC", "GPS", "NON", "AWARE", "USE", "GER", "SIG", "ARCH", "Scholar",
    "CARLA", "RAG", "Neural Architecture Search", "Natural Gradient Descent",
    "Style Transfer Module", "Composite Fields", "Feature-Centric Voting", "Multi-Attention Network",
    "Spatial Broadcast Decoder", "Window-based Discriminator", "Residual Normal Distribution",
    "Semantic Reasoning Network", "Singular Value Clipping", "Source Hypothesis Transfer",
    "Gradual Self-Training", "Denoised Smoothing", "Teacher-Tutor-Student Knowledge Distillation",
    "Collaborative Distillation", "Neural Cache", "Image Scale Augmentation", "Fawkes",
    "Accuracy-Robustness Area", "Instances-Pixels Balance Index", "Policy Similarity Metric", "PyTorch DDP",
    "Harris Hawks optimization", "Canvas Method", "Hydra", "Herring", "Accordion", "Crossbow", "Macaw",
    "Estimation Statistics", "An Easier Data Augmentation", "KNN and IOU based verification",
    "Low Rank Tensor Learning Paradigms", "Explanation vs Attention", "Matching The Statements",
    "Enhanced Fusion Framework", "Enhanced-Multimodal Fuzzy Framework", "Mobile Neural Network",
    "Aggregated Learning", "Local Augmentation", "Self-adaptive Training", "Transformer Decoder",
    "Segmentation Transformer", "Vision-Language pretrained Model", "Neural network for graphs",
    "Symbolic Deep Learning", "Visual Parsing", "Joint Learning Architecture", "HRI pipeline",
    "Optimal Transport Modeling", "Cross-View Training", "Co-Correcting", "Label Quality Model",
    "Learning to Match", "Mechanism Transfer", "Computation Redistribution", "Categorical Modularity",
    "Revision Network", "Drafting Network", "Auto-Classifier", "Random Mutation Search",
    "Confidence Calibration with an Auxiliary Class", "Path Planning and Motion Control",
    "Blue River Controls", "Generative Emotion Estimator", "Meta Face Recognition", "Negative Face Recognition",
    "Review-guided Answer Helpfulness Prediction", "Informative Sample Mining Network", "Models Genesis",
}
# Canonical-name fixes: PwC name -> (canonical name, extra aliases).
PWC_RENAME = {
    "Detr": ("DETR", ["Detection Transformer"]),
    "AE": ("Autoencoder", []),
    "EBM": ("Energy-Based Model", []),
    "SNN": ("Self-Normalizing Neural Network", []),
    "DCNN": ("Diffusion-Convolutional Neural Network", []),
    "MAS": ("Mixing Adam and SGD", []),
    "MIM": ("Mutual Information Machine", []),
    "CAM": ("Class Activation Mapping", []),
    "Channel Squeeze and Spatial Excitation": ("Channel Squeeze and Spatial Excitation", ["sSE"]),
    "TinyNet": ("TinyNet", []),
    "DE-GAN": ("DE-GAN", []),
    "NetMF": ("NetMF", ["Network Embedding as Matrix Factorization"]),
    "Gradient-Based Subword Tokenization": ("Gradient-Based Subword Tokenization", ["GBST"]),
    "SMOTE": ("Synthetic Minority Over-sampling Technique", ["SMOTE"]),
    "CARLA": ("CARLA", []),
    "Soft Actor Critic": ("Soft Actor-Critic", []),
    "Monte-Carlo Tree Search": ("Monte Carlo Tree Search", []),
    "k-NN": ("k-Nearest Neighbors", ["k-NN"]),
    "Skip-gram Word2Vec": ("word2vec", ["Skip-gram Word2Vec"]),
    "CBoW Word2Vec": ("word2vec", ["CBoW Word2Vec", "Continuous Bag-of-Words Word2Vec"]),
    "GloVe": ("GloVe", ["GloVe Embeddings"]),
}
# Type fixes (PwC name -> type).
PWC_TYPE = {
    "DQN": "MODEL", "Double DQN": "METHOD", "Dueling Network": "METHOD", "Ape-X DQN": "METHOD",
    "Seq2Seq": "METHOD", "AutoEncoder": "MODEL", "AE": "MODEL", "VAE": "MODEL", "EBM": "MODEL",
    "Normalizing Flows": "MODEL", "Restricted Boltzmann Machine": "MODEL", "Deep Belief Network": "MODEL",
    "Denoising Autoencoder": "MODEL", "Gaussian Process": "METHOD", "Contrastive Predictive Coding": "METHOD",
    "Highway Network": "MODEL", "HyperNetwork": "MODEL", "Siamese Network": "MODEL",
    "Memory Network": "MODEL", "Neural Turing Machine": "MODEL", "Pointer Network": "MODEL",
    "Dynamic Memory Network": "MODEL", "AlphaFold": "MODEL", "CheXNet": "MODEL", "TabNet": "MODEL",
    "Wide&Deep": "MODEL", "NAM": "MODEL", "SNN": "MODEL", "Inpainting": "METHOD",
    "Sparse Autoencoder": "METHOD", "Switch Transformer": "MODEL", "Universal Transformer": "MODEL",
    "Set Transformer": "MODEL", "Graph Transformer": "MODEL", "Performer": "MODEL", "Linformer": "MODEL",
    "Reformer": "MODEL", "Longformer": "MODEL", "Synthesizer": "MODEL", "ConvLSTM": "MODEL",
    "DEQ": "MODEL", "PointNet": "MODEL", "NeRF": "METHOD", "CLIP": "MODEL", "ALIGN": "MODEL",
    "word2vec": "METHOD", "GloVe": "METHOD", "fastText": "METHOD", "node2vec": "METHOD",
    "MPNet": "MODEL", "TabTransformer": "MODEL", "SAINT": "MODEL", "FT-Transformer": "MODEL",
    "TabNet": "MODEL", "Perceiver IO": "MODEL", "Class-activation map": "METHOD",
}
# Tier fixes (PwC name -> tier).
PWC_TIER = {
    "Transformer": "generic", "GAN": "generic", "AutoEncoder": "generic", "AE": "generic",
    "Normalizing Flows": "generic", "EBM": "generic", "Gaussian Process": "generic",
    "Knowledge Distillation": "generic", "Logistic Regression": "generic", "Linear Regression": "generic",
    "Variational Inference": "generic", "Spectral Clustering": "generic", "Random Search": "generic",
    "Early Stopping": "generic", "Weight Decay": "generic", "Dropout": "generic", "Label Smoothing": "generic",
    "Q-Learning": "generic", "Feedforward Network": "generic", "Adapter": "generic",
    "Deep Ensembles": "named", "Focal Loss": "named", "Triplet Loss": "named", "InfoNCE": "named",
    "Cycle Consistency Loss": "named", "Mixup": "named", "Cutout": "named", "Random Erasing": "named",
    "Sharpness-Aware Minimization": "named", "Stochastic Weight Averaging": "named",
    "Population Based Training": "named", "Monte Carlo Dropout": "named", "HyperNetwork": "generic",
}
# Names that are also ordinary capitalised words or other common acronyms: kept, flagged ambiguous.
PWC_AMBIGUOUS = {"SSD", "OASIS", "MATE", "PULSE", "SCARF", "STAC", "DANCE", "SNIP", "ALIGN", "SEER", "PAUSE",
                 "PREDATOR", "SCARLET", "CRISS", "ENIGMA", "BLANC", "VEGA", "SOHO", "Meena"}
HF_AMBIGUOUS = {"bark", "mimi", "dac", "granite", "falcon", "phi", "glm", "ernie", "chameleon", "janus", "moshi",
                "splinter", "funnel", "hiera", "moonshine", "apertus"}
# Acronyms too ambiguous in ML abstracts to be an alias from a derived source.
BLOCKED_ACRONYMS = {
    "GA", "FA", "TS", "AE", "CAM", "EBM", "SNN", "RAN", "HOC", "BASE", "GPS", "NON", "USE", "ABC",
    "PGM", "RAM", "DAC", "MAS", "AMP", "MIM", "ALS", "SLR", "SRM", "ESP", "REM", "ETC", "PNP",
    "CRN", "TAM", "CSL", "RAE", "LCC", "DPG", "EVM", "HTC", "KP", "GTS", "SCN", "ELR", "ALI",
    "RGA", "NAM", "NCL", "DMA", "GBO", "HGS", "TPN", "PAA", "GIC", "CAG", "NFR", "CHM", "TDN",
    "BAM", "DPN", "LAMA", "VERSE", "SSE", "VOS", "SAC", "LDA", "SOM", "FCN", "DCNN", "ARCH",
    "PCB", "LMU", "SRN", "SAM", "DFA", "MDL", "FFN", "MLP", "SAE", "VI", "EM", "MAP", "UDA",
    "DAN", "SCL", "PE", "MI", "CL", "PC", "MC", "CD", "RL", "AR", "ID", "DG", "DA", "TTA", "MAD",
    "DNC", "NTM", "EDM", "GAE", "PER", "SE", "SA", "CA", "PA", "SPP", "MHA",
}


def _clean_pwc_name(name: str) -> tuple[str, list[str]] | None:
    """Split "Long Form (ACR)" and "NAME - description"; None for names that are not names."""
    name = re.sub(r"\s+", " ", name).strip()
    if "\u2014" in name or " + " in name or len(name.split()) >= 8 or name.count("(") != name.count(")"):
        return None
    if len(name.split()) > 3 and name.upper() == name:
        return None
    extra: list[str] = []
    m = re.fullmatch(r"(.*\S)\s*\(([^()]+)\)", name)
    if m:
        name = m.group(1)
        if is_acronym(m.group(2)):
            extra.append(m.group(2))
    if " - " in name:
        name = name.split(" - ")[0].strip()
    return name, extra


def _pwc_type(m: dict) -> str:
    name = m["name"]
    if name in PWC_TYPE:
        return PWC_TYPE[name]
    colls = {c["collection"] for c in m.get("collections") or []}
    if colls & PWC_MODEL_COLLECTIONS or any(c.endswith(" Models") and c not in PWC_NOT_MODEL_COLLECTIONS
                                              for c in colls):
        return "MODEL"
    return "METHOD"


def iter_pwc(path: Path, report: list[str]):
    """Papers with Code methods -> candidate entries."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        methods = json.load(fh)
    for m in methods:
        name = (m.get("name") or "").strip()
        full = re.sub(r"\s+", " ", (m.get("full_name") or "").strip()).rstrip(".").strip()
        papers = int(m.get("num_papers") or 0)
        colls = {c["collection"] for c in m.get("collections") or []}
        if not name or name in PWC_DROP:
            continue
        typ = _pwc_type(m)
        cleaned = _clean_pwc_name(name)
        if cleaned is None or cleaned[0] in PWC_DROP:
            report.append(f"pwc: dropped {name!r} (not a usable name)")
            continue
        short, aliases = cleaned
        if full and (_clean_pwc_name(full) is None or "," in full or ":" in full or len(full) > 80):
            full = ""
        elif full:
            full = _clean_pwc_name(full)[0]  # type: ignore[index]
        if name in PWC_RENAME:
            canonical, extra = PWC_RENAME[name]
            aliases = [a for a in (name, *extra, *aliases) if a != canonical]
        elif full and key(full) != key(short):
            if is_acronym(short) and 2 <= len(full.split()) <= PWC_MAX_LONG_FORM_WORDS:
                canonical, aliases = title_case(full), [short, *aliases]
            else:
                canonical, aliases = short, [full, *aliases]
        else:
            canonical = short
        plain = is_plain_phrase(canonical)
        block = bool(colls & PWC_BLOCK_COLLECTIONS)
        defined_by_acronym = any(is_acronym(a) for a in aliases)
        tier = "generic" if (plain and block and not defined_by_acronym) else "named"
        tier = PWC_TIER.get(name, tier)
        if typ == "METHOD" and name not in PWC_TYPE and re.search(r"\bNetworks?$", canonical):
            typ = "MODEL"  # "Feature Pyramid Network", "Highway Network": architectures
        if name not in PWC_TIER and plain and (
                papers < PWC_MIN_PAPERS_PLAIN or (block and papers < PWC_MIN_PAPERS_GENERIC_BLOCK)):
            continue  # a rare, plainly named technique or building block: not a name worth matching
        kept = []
        for a in aliases:
            acro = re.sub(r"[^A-Za-z0-9]", "", a).upper()
            if is_acronym(a) and (acro in BLOCKED_ACRONYMS or
                                  (len(acro) <= 4 and papers < PWC_MIN_PAPERS_SHORT_ACRONYM)):
                report.append(f"pwc: dropped ambiguous/rare acronym alias {a!r} of {canonical!r}")
                continue
            kept.append(a)
        if is_acronym(canonical) and re.sub(r"[^A-Za-z0-9]", "", canonical).upper() in BLOCKED_ACRONYMS:
            report.append(f"pwc: dropped entry named by an ambiguous acronym {canonical!r}")
            continue
        entry = {"name": canonical, "type": typ, "aliases": kept, "tier": tier, "source": "pwc"}
        if name in PWC_AMBIGUOUS:
            entry["ambiguous"] = True
        yield entry


# --------------------------------------------------------------------------- Hugging Face

# model_type -> (name as papers spell it, aliases, broader family). Anything not listed
# (sub-model types such as "clip_text_model", unfamiliar ids) is dropped.
HF_NAMES: dict[str, tuple[str, list[str], str | None]] = {
    "aimv2": ("AIMv2", ["AIM v2"], None),
    "albert": ("ALBERT", [], "BERT"),
    "align": ("ALIGN", [], None),
    "altclip": ("AltCLIP", [], "CLIP"),
    "apertus": ("Apertus", [], None),
    "audio-spectrogram-transformer": ("Audio Spectrogram Transformer", ["AST"], None),
    "audioflamingo3": ("Audio Flamingo 3", ["AudioFlamingo3", "Audio Flamingo"], None),
    "autoformer": ("Autoformer", [], None),
    "aya_vision": ("Aya Vision", [], "Aya"),
    "bamba": ("Bamba", ["Bamba-9B"], None),
    "bark": ("Bark", [], None),
    "bart": ("BART", [], None),
    "beit": ("BEiT", [], None),
    "bert": ("BERT", [], None),
    "big_bird": ("BigBird", [], None),
    "bigbird_pegasus": ("BigBird-Pegasus", [], None),
    "biogpt": ("BioGPT", [], "GPT"),
    "bit": ("BiT", ["Big Transfer"], None),
    "bitnet": ("BitNet", [], None),
    "blenderbot": ("BlenderBot", ["Blender Bot"], None),
    "blip": ("BLIP", [], None),
    "blip-2": ("BLIP-2", [], "BLIP"),
    "bloom": ("BLOOM", [], None),
    "blt": ("Byte Latent Transformer", ["BLT"], None),
    "bridgetower": ("BridgeTower", [], None),
    "camembert": ("CamemBERT", [], "BERT"),
    "canine": ("CANINE", [], None),
    "chameleon": ("Chameleon", [], None),
    "chinese_clip": ("Chinese-CLIP", ["Chinese CLIP"], "CLIP"),
    "clap": ("CLAP", [], None),
    "clip": ("CLIP", [], None),
    "clipseg": ("CLIPSeg", [], "CLIP"),
    "codegen": ("CodeGen", ["CodeGen2"], None),
    "cohere": ("Command R", [], None),
    "colpali": ("ColPali", [], None),
    "colqwen2": ("ColQwen2", [], None),
    "conditional_detr": ("Conditional DETR", [], "DETR"),
    "convbert": ("ConvBERT", [], "BERT"),
    "convnext": ("ConvNeXt", [], None),
    "convnextv2": ("ConvNeXt V2", [], "ConvNeXt"),
    "cpmant": ("CPM-Ant", [], None),
    "ctrl": ("CTRL", [], None),
    "cvt": ("CvT", ["Convolutional vision Transformer"], None),
    "cwm": ("Code World Model", [], None),
    "d_fine": ("D-FINE", [], "DETR"),
    "dab-detr": ("DAB-DETR", [], "DETR"),
    "dac": ("DAC", [], None),
    "dbrx": ("DBRX", [], None),
    "deberta": ("DeBERTa", [], "BERT"),
    "deberta-v2": ("DeBERTa", ["DeBERTa-v2"], "BERT"),
    "decision_transformer": ("Decision Transformer", [], None),
    "deepseek_v2": ("DeepSeek-V2", [], "DeepSeek"),
    "deepseek_v3": ("DeepSeek-V3", [], "DeepSeek"),
    "deepseek_v32": ("DeepSeek-V3.2", [], "DeepSeek"),
    "deepseek_v4": ("DeepSeek-V4", ["DeepSeek V4"], "DeepSeek"),
    "deepseek_vl": ("DeepSeek-VL", [], "DeepSeek"),
    "deformable_detr": ("Deformable DETR", [], "DETR"),
    "deit": ("DeiT", [], "Vision Transformer"),
    "depth_anything": ("Depth Anything", [], None),
    "depth_pro": ("Depth Pro", [], None),
    "detr": ("DETR", [], None),
    "dinat": ("DiNAT", ["Dilated Neighborhood Attention Transformer"], None),
    "dinov2": ("DINOv2", [], None),
    "dinov3_vit": ("DINOv3", [], None),
    "distilbert": ("DistilBERT", [], "BERT"),
    "donut-swin": ("Donut", ["Document Understanding Transformer"], None),
    "dpr": ("DPR", [], None),
    "dpt": ("DPT", [], None),
    "edgetam": ("EdgeTAM", [], None),
    "efficientloftr": ("EfficientLoFTR", ["Efficient LoFTR"], None),
    "efficientnet": ("EfficientNet", [], None),
    "electra": ("ELECTRA", [], None),
    "emu3": ("Emu3", [], None),
    "encodec": ("EnCodec", [], None),
    "eomt": ("EoMT", ["Encoder-only Mask Transformer"], None),
    "ernie": ("ERNIE", [], None),
    "ernie4_5": ("ERNIE", ["ERNIE 4.5"], None),
    "esm": ("ESM", [], None),
    "eurobert": ("EuroBERT", [], "BERT"),
    "exaone": ("EXAONE", [], None),
    "exaone4": ("EXAONE", ["EXAONE 4.0"], None),
    "falcon": ("Falcon", [], None),
    "falcon_h1": ("Falcon-H1", [], "Falcon"),
    "falcon_mamba": ("Falcon Mamba", [], "Falcon"),
    "fastspeech2_conformer": ("FastSpeech 2", [], "FastSpeech"),
    "flaubert": ("FlauBERT", [], "BERT"),
    "flava": ("FLAVA", [], None),
    "flex_olmo": ("FlexOlmo", [], "OLMo"),
    "florence2": ("Florence-2", [], "Florence"),
    "fnet": ("FNet", [], None),
    "focalnet": ("FocalNet", [], None),
    "funnel": ("Funnel Transformer", [], None),
    "fuyu": ("Fuyu", [], None),
    "gemma": ("Gemma", [], None),
    "gemma2": ("Gemma 2", [], "Gemma"),
    "gemma3": ("Gemma 3", [], "Gemma"),
    "gemma3n": ("Gemma 3n", [], "Gemma"),
    "gemma4": ("Gemma 4", ["Gemma-4", "Gemma4"], "Gemma"),
    "glm": ("GLM", [], None),
    "glm4": ("GLM-4", [], "GLM"),
    "glm4_moe": ("GLM-4.5", [], "GLM"),
    "glm4v": ("GLM-4V", [], "GLM"),
    "glm4v_moe": ("GLM-4.5V", [], "GLM"),
    "glm46v": ("GLM-4.6V", ["GLM 4.6V"], "GLM"),
    "glpn": ("GLPN", ["Global-Local Path Networks"], None),
    "got_ocr2": ("GOT-OCR2.0", ["GOT-OCR 2.0", "GOT-OCR2", "GOT-OCR"], None),
    "gpt2": ("GPT-2", [], "GPT"),
    "gpt_neo": ("GPT-Neo", [], None),
    "gpt_neox": ("GPT-NeoX", [], None),
    "gpt_oss": ("gpt-oss", [], "GPT"),
    "gptj": ("GPT-J", [], None),
    "granite": ("Granite", [], None),
    "grounding-dino": ("Grounding DINO", [], None),
    "groupvit": ("GroupViT", [], None),
    "hiera": ("Hiera", [], None),
    "hubert": ("HuBERT", [], None),
    "ibert": ("I-BERT", [], "BERT"),
    "idefics": ("Idefics", [], None),
    "idefics2": ("Idefics2", [], "Idefics"),
    "idefics3": ("Idefics3", [], "Idefics"),
    "imagegpt": ("ImageGPT", ["iGPT", "Image GPT"], "GPT"),
    "informer": ("Informer", [], None),
    "instructblip": ("InstructBLIP", [], "BLIP"),
    "internlm3": ("InternLM3", [], "InternLM"),
    "internvl": ("InternVL", [], None),
    "jamba": ("Jamba", [], None),
    "janus": ("Janus", [], "DeepSeek"),
    "jetmoe": ("JetMoE", [], None),
    "kimi_k25": ("Kimi K2.5", ["Kimi-K2.5"], "Kimi"),
    "kimi_linear": ("Kimi Linear", [], "Kimi"),
    "kosmos-2": ("Kosmos-2", [], None),
    "kosmos-2.5": ("Kosmos-2", ["Kosmos-2.5"], None),
    "layoutlm": ("LayoutLM", [], None),
    "layoutlmv2": ("LayoutLM", ["LayoutLMv2"], None),
    "layoutlmv3": ("LayoutLM", ["LayoutLMv3"], None),
    "layoutxlm": ("LayoutLM", ["LayoutXLM"], None),
    "levit": ("LeViT", [], None),
    "lfm2": ("LFM2", ["Liquid Foundation Model 2", "LFM-2"], None),
    "lfm2_vl": ("LFM2-VL", [], None),
    "lightglue": ("LightGlue", [], None),
    "lilt": ("LiLT", ["Language-independent Layout Transformer"], None),
    "llama": ("Llama", [], None),
    "llama4": ("Llama-4", [], "Llama"),
    "llava": ("LLaVA", [], None),
    "llava_next": ("LLaVA-NeXT", [], "LLaVA"),
    "llava_next_video": ("LLaVA-Video", ["LLaVA-NeXT-Video"], "LLaVA"),
    "llava_onevision": ("LLaVA-OneVision", [], "LLaVA"),
    "longcat_flash": ("LongCat-Flash", ["LongCat-Flash-Chat"], None),
    "longformer": ("Longformer", [], None),
    "longt5": ("LongT5", [], "T5"),
    "luke": ("LUKE", [], None),
    "lxmert": ("LXMERT", [], None),
    "m2m_100": ("M2M-100", ["M2M100"], None),
    "mamba": ("Mamba", [], None),
    "mamba2": ("Mamba-2", [], "Mamba"),
    "marian": ("MarianMT", ["Marian"], None),
    "markuplm": ("MarkupLM", [], None),
    "mask2former": ("Mask2Former", [], None),
    "maskformer": ("MaskFormer", [], None),
    "mbart": ("mBART", [], None),
    "megatron-bert": ("Megatron-BERT", [], "BERT"),
    "mgp-str": ("MGP-STR", [], None),
    "mimi": ("Mimi", [], None),
    "minimax": ("MiniMax-01", [], "MiniMax"),
    "minimax_m2": ("MiniMax-M2", [], "MiniMax"),
    "minicpm3": ("MiniCPM", ["MiniCPM3"], None),
    "ministral": ("Ministral", [], "Mistral"),
    "mistral": ("Mistral", [], None),
    "mistral3": ("Mistral Small", [], "Mistral"),
    "mixtral": ("Mixtral", [], "Mistral"),
    "mllama": ("Llama-3.2-Vision", [], "Llama"),
    "mobilebert": ("MobileBERT", [], "BERT"),
    "mobilenet_v1": ("MobileNetV1", ["MobileNet-V1", "MobileNet V1"], "MobileNet"),
    "mobilenet_v2": ("MobileNetV2", [], "MobileNet"),
    "mobilevit": ("MobileViT", [], None),
    "modernbert": ("ModernBERT", [], "BERT"),
    "moonshine": ("Moonshine", [], None),
    "moshi": ("Moshi", [], None),
    "mpnet": ("MPNet", [], None),
    "mpt": ("MPT", [], None),
    "mt5": ("mT5", [], "T5"),
    "musicgen": ("MusicGen", [], None),
    "nemotron": ("Nemotron", [], None),
    "nemotron_h": ("Nemotron", ["Nemotron-H"], None),
    "nllb-moe": ("NLLB", ["NLLB-MoE"], None),
    "nougat": ("Nougat", [], None),
    "nystromformer": ("Nyströmformer", [], None),
    "olmo": ("OLMo", [], None),
    "olmo2": ("OLMo 2", [], "OLMo"),
    "olmo3": ("OLMo 3", [], "OLMo"),
    "olmoe": ("OLMoE", [], "OLMo"),
    "omdet-turbo": ("OmDet-Turbo", [], None),
    "oneformer": ("OneFormer", [], None),
    "openai-gpt": ("GPT", [], None),
    "opt": ("OPT", [], None),
    "ovis2": ("Ovis", ["Ovis2"], None),
    "owlv2": ("OWL-ViT", ["OWLv2"], None),
    "owlvit": ("OWL-ViT", [], None),
    "paddleocr_vl": ("PaddleOCR-VL", [], None),
    "paligemma": ("PaliGemma", [], "Gemma"),
    "patchtsmixer": ("PatchTSMixer", [], None),
    "patchtst": ("PatchTST", [], None),
    "pegasus": ("Pegasus", [], None),
    "pegasus_x": ("PEGASUS-X", [], None),
    "perceiver": ("Perceiver", [], None),
    "perception_lm": ("PerceptionLM", ["Perception LM", "PLM-8B"], None),
    "persimmon": ("Persimmon", [], None),
    "phi": ("Phi", [], None),
    "phi3": ("Phi-3", [], "Phi"),
    "phi4_multimodal": ("Phi-4-multimodal", [], "Phi"),
    "phimoe": ("Phi-3.5-MoE", [], "Phi"),
    "pi0": ("π0", [], None),
    "pix2struct": ("Pix2Struct", [], None),
    "pixtral": ("Pixtral", [], "Mistral"),
    "plbart": ("PLBART", [], None),
    "poolformer": ("PoolFormer", [], None),
    "prophetnet": ("ProphetNet", [], None),
    "pvt": ("PVT", [], None),
    "pvt_v2": ("PVT", ["PVTv2"], None),
    "qwen2": ("Qwen2", [], "Qwen"),
    "qwen2_5_omni": ("Qwen2.5-Omni", [], "Qwen"),
    "qwen2_5_vl": ("Qwen2.5-VL", [], "Qwen"),
    "qwen2_audio": ("Qwen2-Audio", [], "Qwen"),
    "qwen2_vl": ("Qwen2-VL", [], "Qwen"),
    "qwen3": ("Qwen3", [], "Qwen"),
    "qwen3_5": ("Qwen3.5", ["Qwen-3.5", "Qwen 3.5"], "Qwen"),
    "qwen3_next": ("Qwen3-Next", [], "Qwen"),
    "qwen3_omni_moe": ("Qwen3-Omni", [], "Qwen"),
    "qwen3_vl": ("Qwen3-VL", [], "Qwen"),
    "recurrent_gemma": ("RecurrentGemma", [], "Gemma"),
    "reformer": ("Reformer", [], None),
    "regnet": ("RegNet", [], None),
    "rembert": ("RemBERT", [], "BERT"),
    "resnet": ("ResNet", [], None),
    "rf_detr": ("RF-DETR", [], "DETR"),
    "roberta": ("RoBERTa", [], "BERT"),
    "roformer": ("RoFormer", [], None),
    "rt_detr": ("RT-DETR", [], "DETR"),
    "rt_detr_v2": ("RT-DETR", ["RT-DETRv2"], "DETR"),
    "rwkv": ("RWKV", [], None),
    "sam": ("Segment Anything Model", [], None),
    "sam2": ("Segment Anything Model 2", [], "Segment Anything Model"),
    "sam3": ("Segment Anything Model 3", [], "Segment Anything Model"),
    "sam_hq": ("HQ-SAM", [], "Segment Anything Model"),
    "seamless_m4t": ("SeamlessM4T", [], None),
    "seed_oss": ("Seed-OSS", [], None),
    "segformer": ("SegFormer", [], None),
    "seggpt": ("SegGPT", [], None),
    "sew": ("SEW", ["Squeezed and Efficient Wav2vec"], None),
    "shieldgemma2": ("ShieldGemma", ["ShieldGemma 2"], "Gemma"),
    "siglip": ("SigLIP", [], None),
    "siglip2": ("SigLIP 2", [], "SigLIP"),
    "smollm3": ("SmolLM3", [], "SmolLM"),
    "smolvlm": ("SmolVLM", [], None),
    "speecht5": ("SpeechT5", [], None),
    "splinter": ("Splinter", [], None),
    "squeezebert": ("SqueezeBERT", [], "BERT"),
    "stablelm": ("StableLM", [], None),
    "starcoder2": ("StarCoder2", [], "StarCoder"),
    "superglue": ("SuperGlue", ["SuperGlue matcher"], None),
    "superpoint": ("SuperPoint", [], None),
    "swiftformer": ("SwiftFormer", [], None),
    "swin": ("Swin Transformer", [], "Vision Transformer"),
    "swin2sr": ("Swin2SR", [], None),
    "swinv2": ("Swin Transformer V2", [], "Vision Transformer"),
    "switch_transformers": ("Switch Transformer", [], None),
    "t5": ("T5", [], None),
    "t5gemma": ("T5Gemma", [], "T5"),
    "table-transformer": ("Table Transformer", ["TATR"], None),
    "tapas": ("TAPAS", [], None),
    "timesfm": ("TimesFM", [], None),
    "timesformer": ("TimeSformer", [], None),
    "trocr": ("TrOCR", [], None),
    "udop": ("UDOP", [], None),
    "umt5": ("UMT5", [], "T5"),
    "unispeech": ("UniSpeech", [], None),
    "univnet": ("UnivNet", [], None),
    "upernet": ("UperNet", ["UPerNet"], None),
    "vaultgemma": ("VaultGemma", [], "Gemma"),
    "video_llava": ("Video-LLaVA", [], "LLaVA"),
    "videomae": ("VideoMAE", [], None),
    "vilt": ("ViLT", ["Vision-and-Language Transformer"], None),
    "vipllava": ("ViP-LLaVA", [], "LLaVA"),
    "visual_bert": ("VisualBERT", [], "BERT"),
    "vit": ("Vision Transformer", [], None),
    "vitdet": ("ViTDet", [], None),
    "vitmatte": ("ViTMatte", [], None),
    "vitpose": ("ViTPose", [], None),
    "vivit": ("ViViT", [], None),
    "vjepa2": ("V-JEPA", ["V-JEPA 2"], None),
    "voxtral": ("Voxtral", [], "Mistral"),
    "wav2vec2": ("wav2vec 2.0", [], None),
    "wavlm": ("WavLM", [], None),
    "whisper": ("Whisper", [], None),
    "xclip": ("X-CLIP", [], None),
    "xglm": ("XGLM", [], None),
    "xlm": ("XLM", [], None),
    "xlm-roberta": ("XLM-RoBERTa", [], "BERT"),
    "xlnet": ("XLNet", [], None),
    "xlstm": ("xLSTM", [], None),
    "yolos": ("YOLOS", [], None),
    "zamba": ("Zamba", [], None),
    "zamba2": ("Zamba", ["Zamba2"], None),
    "zoedepth": ("ZoeDepth", [], None),
}


def iter_hf(path: Path, report: list[str]):
    """Hugging Face model types -> MODEL entries (only ids with a known paper spelling)."""
    unknown = 0
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            mt = json.loads(line)["model_type"]
            if mt not in HF_NAMES:
                unknown += 1
                continue
            name, aliases, broader = HF_NAMES[mt]
            entry = {"name": name, "type": "MODEL", "aliases": list(aliases), "tier": "named", "source": "hf"}
            if broader:
                entry["broader"] = broader
            if mt in HF_AMBIGUOUS:
                entry["ambiguous"] = True
            yield entry
    report.append(f"hf: {unknown} model types skipped (sub-models or no known paper spelling)")


# --------------------------------------------------------------------------- TDMSci

# datasetKB name -> (canonical, aliases), or None to drop (too vague or ambiguous).
TDMSCI_NAMES: dict[str, tuple[str, list[str]] | None] = {
    "CNN / Daily Mail (Non-anonymized version)": ("CNN/DailyMail", ["CNN / Daily Mail"]),
    "CNN / Daily Mail (Anonymized version)": ("CNN/DailyMail", ["CNN / Daily Mail"]),
    "CNN / Daily Mail": ("CNN/DailyMail", ["CNN / Daily Mail"]),
    "SearchQA": ("SearchQA", []),
    "Ontonotes v5 (English)": ("OntoNotes", ["OntoNotes 5.0", "OntoNotes v5"]),
    "OntoNotes": ("OntoNotes", []),
    "SUBJ": ("SUBJ", []),
    "PNT": None,
    "CoNLL-2014 Shared Task Restricted": ("CoNLL-2014", ["CoNLL-2014 Shared Task", "CoNLL 2014"]),
    "CoNLL-2014 Shared Task Unrestricted": ("CoNLL-2014", ["CoNLL-2014 Shared Task", "CoNLL 2014"]),
    "CoNLL-2014 10 Annotations Restricted": ("CoNLL-2014", []),
    "CoNLL-2014 10 Annotations Unrestricted": ("CoNLL-2014", []),
    "SST-2": ("SST-2", []),
    "SST-5": ("SST-5", []),
    "LDC2015E86": ("LDC2015E86", ["AMR LDC2015E86"]),
    "LDC2014T12": ("LDC2014T12", ["AMR 1.0"]),
    "LDC2016E25": ("LDC2016E25", []),
    "Senseval 3": ("Senseval-3", ["Senseval 3", "SensEval-3"]),
    "Senseval 2": ("Senseval-2", ["Senseval 2", "SensEval-2"]),
    "Multi-Domain Sentiment Dataset": ("Multi-Domain Sentiment Dataset", []),
    "LexNorm": ("LexNorm", []),
    "LexNorm2015": ("LexNorm2015", ["LexNorm 2015"]),
    "AG News": ("AG News", []),
    "WN18RR": ("WN18RR", []),
    "1B Words / Google Billion Word benchmark": ("One Billion Word", ["Google Billion Word benchmark"]),
    "VLSP 2016 NER shared task": ("VLSP 2016 NER", ["VLSP 2016"]),
    "VLSP 2013 POS tagging shared task": ("VLSP 2013", []),
    "VLSP 2013 word segmentation shared task": ("VLSP 2013", []),
    "Google Dataset": None,
    "AS": None,
    "MSR": None,
    "PKU": None,
    "CityU": None,
    "Scholar": None,
    "Advising": None,
    "SemEval 2018": None,
    "SemEval 2015": None,
    "SemEval 2013": None,
    "SemEval 2007": None,
    "Smaller Datasets": None,
    "Social media": None,
    "Wizard-of-Oz": None,
    "WikiText-2": ("WikiText-2", []),
    "WikiText-103": ("WikiText-103", []),
    "ICSI Meeting Recorder Dialog Act (MRDA) corpus": ("ICSI Meeting Recorder Dialog Act Corpus", ["MRDA", "ICSI MRDA"]),
    "The IWSLT 2015 Evaluation Campaign": ("IWSLT 2015", ["IWSLT15", "IWSLT'15"]),
    "SemEval-2010 Task 8": ("SemEval-2010 Task 8", []),
    "MultiNLI": ("MNLI", ["MultiNLI"]),
    "Quora Question Pairs": ("QQP", ["Quora Question Pairs"]),
    "Text8": ("text8", []),
    "SICK-R": ("SICK", ["SICK-R", "Sentences Involving Compositional Knowledge"]),
    "SICK-E": ("SICK", ["SICK-E"]),
    "GeoQuery": ("GeoQuery", ["Geo880"]),
    "TempEval-3": ("TempEval-3", []),
    "SemEval-2017 Task 4 subtask A Tweet Sentiment Classification dataset": ("SemEval-2017 Task 4", []),
    "Gigaword": ("Gigaword", []),
    "MOSI": ("CMU-MOSI", ["MOSI"]),
    "CCGBank": ("CCGbank", ["CCGBank"]),
    "DUC 2004 Task 1": ("DUC 2004", ["DUC-2004", "DUC2004"]),
    "SciTail": ("SciTail", []),
    "Switchboard corpus": ("Switchboard", ["Switchboard corpus"]),
    "Hutter Prize": ("enwik8", ["Hutter Prize"]),
    "WMT 2014 EN-DE": ("WMT14", ["WMT 2014 EN-DE"]),
    "WMT 2014 EN-FR": ("WMT14", ["WMT 2014 EN-FR"]),
    "SQuAD": ("SQuAD", []),
    "ATIS": ("ATIS", ["Airline Travel Information System"]),
    "DBpedia": ("DBpedia", []),
    "CliCR": ("CliCR", []),
    "NarrativeQA": ("NarrativeQA", []),
    "UD": ("Universal Dependencies", []),
    "Story Cloze Test": ("StoryCloze", ["Story Cloze Test"]),
    "Sentihood": ("SentiHood", []),
    "AIDA CoNLL-YAGO Dataset": ("AIDA CoNLL-YAGO", ["AIDA-CoNLL", "AIDA CoNLL-YAGO Dataset"]),
    "Event2Mind": ("Event2Mind", []),
    "CoNLL 2012": ("CoNLL-2012", []),
    "Yelp": ("Yelp", []),
    "Chinese Treebank 6": ("Chinese Treebank", ["CTB6", "Chinese Treebank 6"]),
    "Chinese Treebank 7": ("Chinese Treebank", ["CTB7", "Chinese Treebank 7"]),
    "WikiSQL": ("WikiSQL", []),
    "NewsQA": ("NewsQA", []),
    "SWAG": ("SWAG", ["Situations With Adversarial Generations"]),
    "TREC": ("TREC", []),
    "FB15K-237": ("FB15k-237", []),
    "TimeBank": ("TimeBank", []),
    "Penn Treebank": ("Penn Treebank", []),
    "Winograd Schema Challenge": ("Winograd Schema Challenge", []),
    "RumourEval": ("RumourEval", []),
    "Ubuntu Corpus": ("Ubuntu Dialogue Corpus", ["Ubuntu Corpus"]),
    "SemEval-2014 Task 4 subtask 2 Aspect Term Polarity": ("SemEval-2014 Task 4", ["SemEval 2014 Task 4"]),
    "IMDb": ("IMDb", []),
    "Second dialogue state tracking challenge": ("Dialog State Tracking Challenge 2", ["DSTC2", "DSTC 2"]),
    "JFLEG Unrestricted": ("JFLEG", []),
    "Quasar": ("Quasar-T", ["Quasar"]),
    "IEMOCAP": ("IEMOCAP", []),
    "RACE": ("RACE", []),
    "benchmark Vietnamese dependency treebank VnDT": ("VnDT", ["Vietnamese dependency treebank"]),
    "Long-tail emerging entities": ("WNUT 2017", ["WNUT17", "WNUT-17"]),
    "CoNLL 2003 (English)": ("CoNLL-2003", []),
    "New York Times Corpus": ("New York Times Annotated Corpus", ["New York Times Corpus", "NYT corpus"]),
}


def iter_tdmsci(path: Path, report: list[str]):
    """NLP-TDMS dataset KB -> DATASET entries."""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 2 or not parts[1].strip():
                continue
            raw = parts[1].strip()
            if raw in TDMSCI_NAMES:
                mapped = TDMSCI_NAMES[raw]
                if mapped is None:
                    continue
                name, aliases = mapped
            else:
                name, aliases = re.sub(r"\s*\(.*?\)\s*", " ", raw).strip(), []
                report.append(f"tdmsci: no mapping for {raw!r}; kept as {name!r}")
            yield {"name": name, "type": "DATASET", "aliases": list(aliases), "tier": "named", "source": "tdmsci"}


# --------------------------------------------------------------------------- merging

def load_jsonl(path: Path) -> list[dict]:
    out = []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as err:
                sys.exit(f"{path}:{number}: invalid JSON ({err.msg})")
            if not isinstance(obj, dict) or not isinstance(obj.get("name"), str) or obj.get("type") not in TYPES:
                sys.exit(f'{path}:{number}: each line must be {{"name": ..., "type": "METHOD"|"MODEL"|"DATASET", ...}}')
            obj.setdefault("aliases", [])
            obj.setdefault("tier", "named")
            obj.setdefault("source", "curated")
            out.append(obj)
    return out


def load_stoplist(path: Path) -> set[str]:
    if not path.is_file():
        return set()
    with open(path, encoding="utf-8") as fh:
        return {key(l.strip()) for l in fh if l.strip() and not l.startswith("#")}


def same_long_form(a: str, b: str) -> bool:
    """Two names that share an acronym and spell the same thing ("Auto Encoder" vs "Autoencoder")?"""
    ka, kb = key(a).replace(" ", ""), key(b).replace(" ", "")
    return ka == kb or ka.startswith(kb) or kb.startswith(ka)


class Merger:
    """Accumulates entries in priority order; the first claim on a surface form wins."""

    def __init__(self, stoplist: set[str]) -> None:
        self.entries: list[dict] = []
        self.by_name: dict[tuple[str, str], dict] = {}   # (type, key(name)) -> entry
        self.claims: dict[str, dict] = {}                # key(form) -> entry
        self.stoplist = stoplist
        self.conflicts: list[str] = []
        self.notes: list[str] = []

    def _claim(self, entry: dict, form: str) -> bool:
        k = key(form)
        owner = self.claims.get(k)
        if owner is None:
            self.claims[k] = entry
            return True
        return owner is entry

    def _forms(self, entry: dict) -> list[str]:
        return [entry["name"], *entry.get("aliases", [])]

    def add(self, cand: dict) -> None:
        src = cand["source"]
        derived = src != "curated"
        forms = [f for f in dict.fromkeys(self._forms(cand)) if f and f.strip()]
        if derived:
            stopped = [f for f in forms if key(f) in self.stoplist]
            for f in stopped:
                self.notes.append(f"{src}: {f!r} is in not_entities.txt; dropped")
            forms = [f for f in forms if key(f) not in self.stoplist]
            if not forms or key(forms[0]) != key(cand["name"]):
                return
        # Same concept already present? Merge into it.
        target = self.by_name.get((cand["type"], key(cand["name"])))
        if target is None:
            for f in forms:
                owner = self.claims.get(key(f))
                if owner is not None and owner["type"] == cand["type"] and (
                        key(owner["name"]) == key(f) or f == forms[0] or
                        (is_acronym(f) and same_long_form(owner["name"], cand["name"]))):
                    target = owner
                    break
        if target is not None:
            for f in forms:
                if key(f) == key(target["name"]):
                    continue
                owner = self.claims.get(key(f))
                if owner is None:
                    self.claims[key(f)] = target
                    if f not in target["aliases"]:
                        target["aliases"].append(f)
                elif owner is not target:
                    self._conflict(f, owner, cand)
                elif f not in target["aliases"] and f != target["name"]:
                    target["aliases"].append(f)  # a case variant ("KNN" beside "kNN"): short forms match exactly
            if "broader" not in target and cand.get("broader") and key(cand["broader"]) != key(target["name"]):
                target["broader"] = cand["broader"]
            return
        # A new entry: its name must be free.
        owner = self.claims.get(key(cand["name"]))
        if owner is not None:
            self._conflict(cand["name"], owner, cand, whole=True)
            return
        entry = {k: v for k, v in cand.items() if k != "aliases"}
        entry["aliases"] = []
        self.claims[key(cand["name"])] = entry
        for f in forms[1:]:
            if key(f) == key(entry["name"]):
                if f != entry["name"] and f not in entry["aliases"]:
                    entry["aliases"].append(f)  # a spelling variant of the name itself
                continue
            owner = self.claims.get(key(f))
            if owner is None:
                self.claims[key(f)] = entry
                entry["aliases"].append(f)
            elif owner is not entry:
                self._conflict(f, owner, cand)
            elif f not in entry["aliases"]:
                entry["aliases"].append(f)  # a case variant ("KNN" beside "kNN"): short forms match exactly
        self.by_name[(entry["type"], key(entry["name"]))] = entry
        self.entries.append(entry)

    def _conflict(self, form: str, owner: dict, loser: dict, whole: bool = False) -> None:
        what = "entry" if whole else "alias"
        line = (f"{form!r}: kept on {owner['type']} {owner['name']!r} ({owner['source']}); "
                f"dropped {what} of {loser['type']} {loser['name']!r} ({loser['source']})")
        if owner["type"] != loser["type"]:
            self.conflicts.append("CROSS-TYPE " + line)
        else:
            self.conflicts.append("same-type " + line)


def check_curated(entries: list[dict], stoplist: set[str]) -> list[str]:
    """Problems inside the curated list itself (duplicates, dangling broader, stoplisted forms)."""
    problems = []
    names = {(e["type"], key(e["name"])) for e in entries}
    all_names = {key(e["name"]) for e in entries}
    seen: dict[str, dict] = {}
    for e in entries:
        if e.get("tier") not in ("named", "generic"):
            problems.append(f"curated: {e['name']!r} has tier {e.get('tier')!r}")
        b = e.get("broader")
        if b and key(b) not in all_names:
            problems.append(f"curated: {e['name']!r} has broader {b!r}, which is not an entry")
        for f in [e["name"], *e["aliases"]]:
            k = key(f)
            if k in seen and seen[k] is not e:
                problems.append(f"curated: {f!r} claimed by {seen[k]['name']!r} and {e['name']!r}")
            seen.setdefault(k, e)
            if k in stoplist:
                problems.append(f"curated: {f!r} ({e['name']!r}) is also in not_entities.txt")
    if len(names) != len(entries):
        problems.append("curated: duplicate (type, name) entries")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared",
                        help="the shared data directory (default: ../shared next to the repository)")
    parser.add_argument("--curated", type=Path, default=REPO / "kg" / "patterns" / "curated.jsonl")
    parser.add_argument("--stoplist", type=Path, default=REPO / "kg" / "patterns" / "not_entities.txt")
    parser.add_argument("--out", type=Path, default=REPO / "kg" / "patterns" / "gazetteer.jsonl")
    parser.add_argument("-v", "--verbose", action="store_true", help="also list same-type alias clashes and notes")
    args = parser.parse_args(argv)

    data = args.shared / "data"
    sources = {
        "pwc": data / "pwc-methods-2022" / "methods.json.gz",
        "hf": data / "hf-transformers-model-types" / "model_types.jsonl",
        "tdmsci": data / "tdmsci" / "nlp-tdms" / "datasetKB.tsv",
    }
    if not sources["tdmsci"].is_file():  # older layout: nlp-tdms/kb/datasetKB.tsv
        sources["tdmsci"] = data / "tdmsci" / "nlp-tdms" / "kb" / "datasetKB.tsv"
    for name, path in sources.items():
        if not path.is_file():
            print(f"error: {path}: missing {name} source; pass --shared DIR (the directory holding data/)",
                  file=sys.stderr)
            return 1

    stoplist = load_stoplist(args.stoplist)
    curated = load_jsonl(args.curated)
    report: list[str] = check_curated(curated, stoplist)
    merger = Merger(stoplist)
    for entry in curated:
        merger.add({**entry, "aliases": list(entry.get("aliases", [])), "source": "curated"})
    for iterator in (iter_pwc(sources["pwc"], report), iter_hf(sources["hf"], report),
                     iter_tdmsci(sources["tdmsci"], report)):
        for cand in iterator:
            merger.add(cand)

    # Drop dangling broader links, then write sorted by type then name.
    names = {key(e["name"]) for e in merger.entries}
    for e in merger.entries:
        if e.get("broader") and key(e["broader"]) not in names:
            report.append(f"{e['source']}: {e['name']!r}: broader {e['broader']!r} is not an entry; removed")
            del e["broader"]
    entries = sorted(merger.entries, key=lambda e: (e["type"], e["name"].casefold(), e["name"]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".jsonl.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        for e in entries:
            obj = {"name": e["name"], "type": e["type"], "aliases": e["aliases"]}
            if e.get("broader"):
                obj["broader"] = e["broader"]
            obj["tier"] = e.get("tier", "named")
            obj["source"] = e["source"]
            if e.get("ambiguous"):
                obj["ambiguous"] = True
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
    tmp.replace(args.out)

    counts = collections.Counter((e["type"], e.get("tier", "named"), e["source"]) for e in entries)
    print(f"wrote {len(entries)} entries to {args.out}", file=sys.stderr)
    for (t, tier, src), n in sorted(counts.items()):
        print(f"  {t:8} {tier:8} {src:8} {n}", file=sys.stderr)
    cross = [c for c in merger.conflicts if c.startswith("CROSS")]
    print(f"alias conflicts: {len(cross)} cross-type, {len(merger.conflicts) - len(cross)} same-type",
          file=sys.stderr)
    for line in cross:
        print("  " + line, file=sys.stderr)
    problems = [r for r in report if r.startswith("curated:")]
    for line in problems:
        print("  " + line, file=sys.stderr)
    if args.verbose:
        for line in [c for c in merger.conflicts if not c.startswith("CROSS")] + merger.notes + \
                [r for r in report if not r.startswith("curated:")]:
            print("  " + line, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
