"""Naming patterns that no list can know: versioned model names, coined names, introduced names.

Pure functions over text returning :class:`Candidate` records with character
offsets; the spaCy components in :mod:`kg.components` call them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from .normalize import GREEK_COMMANDS, plain_latex
from .records import ConceptKind, Role
from .scorer import FUNCTION_WORDS

__all__ = [
    "Candidate",
    "apposition_names",
    "evaluation_datasets",
    "exemplified_names",
    "list_siblings",
    "model_names",
    "name_shaped",
    "coined_names",
    "introduced_names",
    "kind_then_names",
    "latex_names",
    "dataset_phrases",
    "emphasised_names",
    "eponymous_methods",
    "explicit_head_kind",
    "named_techniques",
    "noun_acronyms",
    "title_case_names",
    "title_name",
    "kind_from_context",
    "non_entity_context",
    "kind_from_head",
    "technique_like",
    "is_coined",
]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A possible mention before filtering and merging."""

    start: int
    end: int
    text: str
    kind: ConceptKind | None
    source: str
    confidence: float
    canonical: str = ""
    role: Role = Role.USES
    broader: str | None = None
    tier: str = "named"

    def __reduce__(self):
        # Workers send candidates to the parent by pickle: plain values and a dictionary lookup for the
        # enums unpickle several times faster than the dataclass's field-by-field state and Enum calls.
        return _candidate, (self.start, self.end, self.text, self.kind.value if self.kind else None, self.source,
                            self.confidence, self.canonical, self.role.value, self.broader, self.tier)


_KIND_BY_VALUE = {k.value: k for k in ConceptKind}
_ROLE_BY_VALUE = {r.value: r for r in Role}


def _candidate(start, end, text, kind, source, confidence, canonical, role, broader, tier) -> Candidate:
    return Candidate(start, end, text, _KIND_BY_VALUE[kind] if kind else None, source, confidence, canonical,
                     _ROLE_BY_VALUE[role], broader, tier)


M, D, T = ConceptKind.METHOD, ConceptKind.MODEL, ConceptKind.DATASET

# --------------------------------------------------------------------------- typing

_HEADS: dict[str, ConceptKind] = {}
for _kind, _words in (
    (T, "benchmark benchmarks dataset datasets corpus corpora suite bench database "
        "collection leaderboard arena testbed bank treebank"),
    (D, "model network net transformer transformers autoencoder encoder decoder machine "
        "architecture llm lm vlm mllm gpt bert backbone classifier gan unet diffuser "
        "experts expert perceptron automaton"),
    (M, "optimization optimisation algorithm method methods framework approach technique training "
        "tuning finetuning fine-tuning search sampling sampler decoding attention regularization "
        "distillation estimation estimator inference descent propagation encoding augmentation "
        "alignment lens prompting patching pruning quantization adaptation merging scheduling "
        "guidance matching objective loss mechanism module strategy pipeline protocol procedure "
        "principle bottleneck transform expansion steering unlearning editing embedding embeddings "
        "attack defense defence policy planning sketching filtering mixing normalization "
        "initialization retrieval generation learning analysis correction modeling modelling "
        "iteration solver scheme paradigm agent agents system routing caching compression simulation "
        "interpolation identification quantization tokenization sparsification factorization decomposition "
        "evaluation verification sharing selection search calibration test splatting field fields "
        "process processes gradient gradients scaling theorem"),
):
    for _w in _words.split():
        _HEADS.setdefault(_w, _kind)

# Heads that name tasks, metrics, phenomena or fields: never an entity on their own.
_NON_HEADS = frozenset(
    "rate rates score scores accuracy error errors metric metrics distance divergence ratio "
    "answering detection recognition classification segmentation translation summarization "
    "understanding reasoning prediction forecasting processing vision intelligence problem "
    "problems task tasks generalization generalisation robustness hallucination hallucinations "
    "distribution distributions data information index value values coefficient area curve "
    "precision recall length size time cost loss? quality performance efficiency capability "
    "capabilities behavior behaviour phenomenon effect effects failure failures bias biases "
    "representation representations space spaces state states function functions retrieval generation "
    "language languages captioning tracking connecting grounding parsing tagging oversharing misalignment "
    "fidelity optimality similarity faithfulness editing completion navigation restoration assessment "
    "interaction interactions".split()
)


_TECHNIQUE_SUFFIX_RE = re.compile(r"(?:tion|sion|ment|ing|ance|ence|ity|ness|ism|sis|py|ty|ure|ics|ol|al)s?$")


def technique_like(phrase: str) -> bool:
    """Head noun with a technique-like suffix and not a task, metric or phenomenon word.

    >>> technique_like("Temporal Semantic Entropy"), technique_like("Southeast Asian"), technique_like("Attack Success Rate")
    (True, False, False)
    """
    words = re.findall(r"[A-Za-z][A-Za-z\u00b2\u00b3\u00b9\u2070-\u2079-]*", phrase.lower())  # "PT²-LLM" is one word
    if not words or words[-1] in _NON_HEADS:
        return False
    head = words[-1].split("-")[-1]
    return bool(_TECHNIQUE_SUFFIX_RE.search(head)) and head not in ("proposal", "animal", "signal", "journal", "portal")


def _head(phrase: str) -> str:
    """The head word of a name: its last word, before any "for/via/with …" complement."""
    phrase = re.split(r"\s(?:for|via|with|using|in|on)\s", phrase, maxsplit=1)[0]
    words = re.findall(r"[A-Za-z][A-Za-z\u00b2\u00b3\u00b9\u2070-\u2079-]*", phrase.lower())  # "PT²-LLM" is one word
    return words[-1] if words else ""


def explicit_head_kind(phrase: str) -> ConceptKind | None:
    """Type from a head noun that names a kind ("… Optimization", "… Networks", "… Benchmark"), else None.

    A hyphenated last word names a dataset by its last part ("FLAT-Bench"); a model or method word there
    does not decide ("Uni4D-LLM, a unified framework" is a METHOD, as ANNOTATION.md asks).

    >>> explicit_head_kind("REwriting Conversations for Agent Planning") is None, explicit_head_kind("FLAT-Bench").value
    (True, 'DATASET')
    >>> explicit_head_kind("LiveSearchBench").value
    'DATASET'
    """
    head = _head(phrase)
    kind = _head_kind(head)
    if kind is None and "-" in head and _head_kind(head.rsplit("-", 1)[1]) is T:
        return T
    if kind is None and _CAMEL_BENCH_RE.search(phrase.rstrip()):
        return T  # "LiveSearchBench, an automated pipeline for constructing benchmarks" is still a benchmark
    return kind


_CAMEL_BENCH_RE = re.compile(r"[a-z0-9](?:Bench|Arena)$")


def _head_kind(head: str) -> ConceptKind | None:
    if not head or head in _NON_HEADS:
        return None
    if head in _HEADS:
        return _HEADS[head]
    if head.endswith("s") and head[:-1] in _HEADS:
        return _HEADS[head[:-1]]
    return None


def kind_from_head(phrase: str) -> ConceptKind | None:
    """Type of a multi-word name from its head noun, or None when the head says nothing.

    >>> kind_from_head("Direct Preference Optimization")
    <ConceptKind.METHOD: 'METHOD'>
    >>> kind_from_head("state space models")
    <ConceptKind.MODEL: 'MODEL'>
    >>> kind_from_head("attack success rate") is None
    True
    """
    head = _head(phrase)
    kind = _head_kind(head)
    if kind is not None or head in _NON_HEADS:
        return kind
    if head.endswith("ing") and len(head) > 5:
        return M  # reweighting, prompting, pruning: a procedure
    if head.endswith("er") or head.endswith("ers"):
        return D if head.rstrip("s").endswith(("former", "coder", "ifier")) else None
    return None


_APPOSITION_KINDS: dict[str, ConceptKind] = {
    **{w: T for w in ("benchmark", "dataset", "corpu", "suite", "testbed", "collection", "leaderboard",
                      "environment", "subset")},
    **{w: D for w in ("model", "network", "architecture", "family", "famil", "llm", "vlm", "mllm", "codec",
                      "transformer", "autoencoder", "encoder", "decoder", "backbone", "foundation model")},
    **{w: M for w in ("framework", "method", "algorithm", "approach", "technique", "system", "pipeline",
                      "library", "toolkit", "agent", "strategy", "procedure", "paradigm", "protocol", "scheme",
                      "objective", "loss", "mechanism", "module", "attack", "defense", "metric-free method",
                      "recipe", "regularizer", "optimizer", "estimator", "sampler", "solver", "policy", "constraint",
                      "representation", "denoiser", "reformulation", "formulation", "kernel", "heuristic")},
}
_APPOSITION_START_RE = re.compile(  # after a name's closing emphasis too: "**EucliFold**, a … benchmark"
    r"(?:\*\*?|_|\})?,?\s+(?:which is\s+)?(?:an?|the(?:\s+(?:first|new|novel|proposed))?|our(?:\s+new)?)\s+", re.IGNORECASE)
# Words that end the noun phrase of an apposition ("X, a module *that* …", "X, an attack *targeting* …").
_NP_END_RE = re.compile(
    r"\.(?!\w)|[;:()]|,\s+(?:and|or|but|while|which|where|whereas|as|enabling|allowing)\b|"
    r"(?<![\w-])(?:that|which|who|whose|for|to|with|of|in|on|from|by|via|using|and\s+(?:a|an|the)|where|"
    r"designed|based|built|capable|trained|tailored|aimed|targeting|leveraging|combining|integrating|enabling|"
    r"specifically)(?![\w-])", re.IGNORECASE)
_NP_WORD_RE = re.compile(r"[A-Za-z][\w-]*")
_FOR_EVALUATING_RE = re.compile(r"for\s+(?:evaluating|benchmarking)\b", re.IGNORECASE)
_TEST_BEDS = frozenset({"framework", "platform", "environment", "system", "toolkit"})


def _apposition_kind(after: str) -> ConceptKind | None:
    """Type from an apposition: the last kind noun of "X, a <adjectives> <noun> …" ("a model poisoning attack": METHOD)."""
    start = _APPOSITION_START_RE.match(after)
    if not start:
        return None
    phrase = after[start.end():start.end() + 90]
    stop = _NP_END_RE.search(phrase)
    words = _NP_WORD_RE.findall(phrase[:stop.start()] if stop else phrase)[:7]
    if any(w.lower().startswith("benchmark") for w in words) or \
            stop and _FOR_EVALUATING_RE.match(phrase, stop.start()) and words and words[-1].lower() in _TEST_BEDS:
        return T  # "a benchmarking framework", "a platform for evaluating LVLMs": a benchmark (ANNOTATION.md)
    for word in reversed(words):
        word = word.lower()
        for form in (word, word[:-1], word[:-2], word.rstrip("s"), word.split("-")[-1]):
            if form in _APPOSITION_KINDS:
                return _APPOSITION_KINDS[form]
    return None


#: A title that names the paper's system before a colon: "HSG-12M: A Large-Scale Dataset of Spatial Multigraphs".
_TITLE_NAME_RE = re.compile(r"\s*(?P<name>[^\s:][^:]{0,39}?)\s*:\s+(?P<description>\S.*)", re.DOTALL)
_TITLE_SERIES_RE = re.compile(r"(?:an?|the)\s+(?:[\w-]+\s+){0,2}?(?:series|family|collection|set)\s+of\s+",
                              re.IGNORECASE)


def title_name(title: str | None) -> tuple[str, ConceptKind | None] | None:
    """The name a title gives the paper's own system, and the type its description gives it.

    >>> [(n, k and k.value) for n, k in map(title_name, (
    ...     "HSG-12M: A Large-Scale Dataset of Spatial Multigraphs",
    ...     "MMWebGen: Benchmarking Multimodal Webpage Generation",
    ...     "OpenHA: A Series of Open-Source Hierarchical Agentic Models in Minecraft",
    ...     "StepORLM: A Self-Evolving Framework With Generative Process Supervision",
    ...     "TimeExpert: Boosting Long Time Series Forecasting"))]
    [('HSG-12M', 'DATASET'), ('MMWebGen', 'DATASET'), ('OpenHA', 'MODEL'), ('StepORLM', 'METHOD'), ('TimeExpert', None)]
    >>> title_name("Learning to Reason over Long Contexts: An Empirical Study") is None
    True
    """
    match = _TITLE_NAME_RE.match(title or "")
    if not match:
        return None
    name, description = match.group("name"), match.group("description")
    if len(name.split()) > 3 or not name_shaped(name.replace(" ", ""), capitals=2) and not is_coined(name):
        return None  # "Learning to Reason over Long Contexts: …" is a phrase, not a name
    if re.match(r"Benchmark(?:s|ing)?\b", description):
        return name, T
    description = _TITLE_SERIES_RE.sub("a ", description, count=1)
    return name, _apposition_kind(", " + description) if re.match(r"(?:an?|the)\s", description, re.IGNORECASE) \
        else None


_NEXT_WORD_RE = re.compile(r"\s*(?:[-–—]\s*)?(?:based\s+)?([A-Za-z-]+)")


def _next_word_kind(text: str, end: int) -> ConceptKind | None:
    """The kind noun right after ``end`` ("X framework"), or None."""
    match = _NEXT_WORD_RE.match(text, end)
    return _NEXT_WORD_KINDS.get(match.group(1).lower().rstrip("s")) if match else None


def _proposed_before(text: str, start: int) -> bool:
    """The sentence before ``start`` says the paper proposes what follows ("we propose a", "our")."""
    return bool(_PROPOSE_BEFORE_RE.search(text, max(0, start - 60), start))


_PROPOSE_BEFORE_RE = re.compile(
    r"(?:\b(?:we|this paper|this work)\s+(?:\w+\s+)?(?:propose|introduce|present|develop|design)s?|\bour)\s+"
    r"(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,3}$", re.IGNORECASE)
_NEXT_WORD_KINDS = {
    **{w: T for w in ("benchmark", "dataset", "corpu", "corpora", "suite", "leaderboard", "bench")},
    **{w: D for w in ("model", "network", "architecture", "llm", "vlm", "backbone", "encoder", "checkpoint", "famil",
                      "family", "serie", "series", "codec", "tokenizer", "transformer", "autoencoder", "decoder")},
    **{w: M for w in ("framework", "method", "algorithm", "approach", "technique", "loss", "objective",
                      "strategy", "module", "pipeline", "procedure", "attack", "regularizer", "optimizer")},
}


def kind_from_context(text: str, start: int, end: int) -> ConceptKind | None:
    """Type a name from the word that follows it ("X benchmark", "X model") or an apposition ("X, a framework")."""
    return _next_word_kind(text, end) or _apposition_kind(text[end:end + 100]) or _preceding_kind(text, start, end)


_PRECEDING_KIND_RE = re.compile(
    r"\b(?P<noun>model|network|llm|vlm|benchmark|dataset|corpus|environment)s?,?\s+"
    r"(?:(?:called|named|dubbed|termed)\s+)?(?:\*\*|\\textbf\{)?$",
    re.IGNORECASE)


def _preceding_kind(text: str, start: int, end: int | None = None) -> ConceptKind | None:
    """Type from the kind noun right before a name: "the open-source model Search-R1", "the benchmark, X",
    "a model called CounterTwin".

    Not across a clause boundary: in "evaluated on two benchmarks, Mem4Nav improves …" the
    name after the comma is the subject of a new clause (``end`` given, a lower-case word follows).
    """
    match = _PRECEDING_KIND_RE.search(text, max(0, start - 30), start)
    if not match or (end is not None and "," in match.group(0) and _CLAUSE_GO_ON_RE.match(text, end)):
        return None
    return D if match.group("noun").lower() in ("model", "network", "llm", "vlm") else T


_NON_ENTITY_APPOSITION_RE = re.compile(
    r",?\s+(?:which is\s+)?an?\s+(?:[\w-]+,?\s+){0,4}?(?:task|problem|setting|metric|score|measure|phenomenon|"
    r"challenge|question|scenario|capability|property|quantity|criterion|paradigm shift)s?\b", re.IGNORECASE)


def non_entity_context(text: str, end: int) -> bool:
    """True when an apposition says the name is a task, metric or phenomenon ("X, an innovative task")."""
    return bool(_NON_ENTITY_APPOSITION_RE.match(text, end))


#: Datasets named "...Net": their variants ("FG-ImageNet", "ImageNet-S", "ShapeNetV2") are no networks.
_NET_DATASET_RE = re.compile(r"(?:Image|Shape|Scan|Model|Word|Concept|Object)Net(?![a-z])")


def kind_from_name(name: str) -> ConceptKind | None:
    """Type a coined name from its own shape.

    ``*Bench``/``*Benchmark``/``*QA``, a count of examples (``JailbreakV-28K``) or a variant of a "...Net" dataset
    (``FG-ImageNet``) → dataset; ``*Net``/``*Former`` or an architecture family (``KleinVAE``, ``MVMoE``,
    ``ThinkPRM``) → model.
    """
    if re.search(r"(?:Bench|bench|Benchmark|benchmark|QA|Eval|Arena|Set|Data|Corpus|Hub)(?:[-\d.]*\w{0,3})?$|-\d+(?:\.\d+)?[kK]$", name) or \
            _NET_DATASET_RE.search(name):
        return T
    if re.search(r"(?:Net|Former|former|GPT|LM|BERT|LLM|VLM|ViT|Diffusion|GAN|Coder|CNN|VAE|PRM|KAN|MoE|Mamba)(?:[-\d.]*\w{0,3})?$", name):
        return D
    return None


# --------------------------------------------------------------------------- model names

_DEFAULT_FAMILIES = (
    "GPT", "ChatGPT", "Llama", "LLaMA", "Qwen", "QwQ", "Gemma", "Gemini", "Claude", "Mistral", "Mixtral",
    "Phi", "DeepSeek", "OLMo", "Pythia", "Falcon", "BLOOM", "OPT", "T5", "Flan-T5", "BERT",
    "RoBERTa", "DeBERTa", "ViT", "CLIP", "SigLIP", "DINOv2", "DINO", "Stable Diffusion", "SDXL",
    "InternVL", "InternLM", "LLaVA", "Vicuna", "Yi", "GLM", "ChatGLM", "Baichuan", "MiniCPM",
    "SmolLM", "Granite", "Grok", "Kimi", "Sora", "Whisper", "ResNet", "EfficientNet", "Swin",
    "ConvNeXt", "Codex", "StarCoder", "CodeLlama", "Code Llama", "Wan", "HunyuanVideo", "FLUX",
    "GPT-NeoX", "GPT-J", "Galactica", "PaLM", "Chinchilla", "Gopher", "Alpaca", "Zephyr",
    "TinyLlama", "Nemotron", "Command R", "o1", "o3", "o4", "DALL-E", "Imagen", "SAM", "ESM",
)
_SUFFIX = (
    r"(?:Instruct|instruct|Chat|chat|Base|base|VL|Vision|Coder|Math|Mini|mini|Pro|Flash|Turbo|"
    r"Large|Small|Medium|XL|XXL|Tiny|Nano|Ultra|Opus|Sonnet|Haiku|Max|Plus|Lite|R1|V[1-9](?:\.\d)?|"
    r"Distill|Omni|Thinking|Preview|Reasoner|Air|Scout|Maverick|It|it|IT|hf|HF|Zero|Audio|Next|"
    r"Image|Embedding|Guard|Reward|RM|DPO|SFT|Deep|Edge|Long|Code|Exp|Research|A\d+(?:\.\d+)?B|"
    r"[α-ωΣΔΩ]|\$\\(?:alpha|beta|gamma|delta|sigma|Sigma|mu|pi|Delta|Omega)\$)"
)
_SIZE = r"\d+(?:\.\d+)?[BMKT](?![A-Za-z])|\d+x\d+(?:\.\d+)?B"
_SIZES = rf"(?:{_SIZE})(?:/(?:{_SIZE}))*"
_VERSION = r"(?:[- ]?v?\d+(?:\.\d+)*[a-z]?(?![\w.]*[A-Za-z]{3}))"


_TAIL_RE = re.compile(
    # a version may follow a tier name ("Claude Opus-4.1"), not the size it starts ("Qwen2.5-Math-1.5B");
    # "-it" is Gemma's instruction tuning, " it" a pronoun ("for Llama-3.1-8B it achieves")
    rf"{_VERSION}?(?:(?:(?:-| |)(?:{_SIZES})|"
    rf"(?:-| (?!it\b)){_SUFFIX}(?:(?:-\d+(?:\.\d+)*| \d+\.\d+)(?!\w|\.\d))?(?!\w)))*(?![\w-]*\w|\.\d)"
)
_WORD_START_RE = re.compile(r"(?<![\w-])[A-Za-z]+")


class FamilyIndex:
    """Model family names indexed by their leading letters, so that one pass over the words finds them.

    A regex alternation of a thousand names is slow at every text position; a
    dictionary lookup per word is not.
    """

    def __init__(self, families: Iterable[str]) -> None:
        index: dict[str, list[str]] = {}
        for family in set(families):
            match = re.match(r"[A-Za-z]+", family)
            if match:
                index.setdefault(match.group(), []).append(family)
        self.index = {k: sorted(v, key=len, reverse=True) for k, v in index.items()}
        # Most family names start with a capital; the few that do not ("o1", "o3") are listed exactly,
        # so that the regex engine skips ordinary lower-case words without a dictionary lookup.
        lower = sorted((re.escape(k) for k in self.index if not k[0].isupper()), key=len, reverse=True)
        pattern = r"(?<![\w-])(?:[A-Z][A-Za-z]*" + "".join(f"|{k}(?![a-z])" for k in lower) + ")"
        self.word_re = re.compile(pattern)

    def finditer(self, text: str) -> Iterator[tuple[int, int, str]]:
        """(start, end, family) of every model name: a family plus its version, size and variant tail."""
        pos = 0
        for word in self.word_re.finditer(text):
            start = word.start()
            if start < pos:
                continue
            for family in self.index.get(word.group(), ()):
                if not text.startswith(family, start):
                    continue
                tail = _TAIL_RE.match(text, start + len(family))
                if tail is None:
                    continue
                end = tail.end()
                while end > start and text[end - 1] in " -":
                    end -= 1
                yield start, end, family
                pos = end
                break


_DEFAULT_INDEX = FamilyIndex(_DEFAULT_FAMILIES)


_GENERIC_SIZED_RE = re.compile(
    rf"(?<![\w-])(?P<name>[A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*?)-(?P<size>{_SIZES})(?P<rest>(?:-[A-Za-z]+)*)(?![\w-])"
)
#: "Efficient-DLM 4B": a size in billions after a space (not "FineWeb 100B tokens") …
_SPACED_SIZE_RE = re.compile(
    r" \d+(?:\.\d+)?B(?![\w-])"  # (no look-behind for the name's last character: five times as fast)
    r"(?! (?:tokens|words|samples|examples|images|pairs|sequences|characters|instances|trajectories)\b)")
#: … after a mixed-case name (not an acronym: "GRPO 7B"; not a modifier: "DSPO-trained 7B").
_MIXED_NAME_BEFORE_RE = re.compile(
    r"(?<![\w-])(?=[\w-]*[a-z])[A-Z][a-z0-9]*[A-Z][A-Za-z0-9]*(?:-(?!trained\b|tuned\b|based\b)[A-Za-z0-9]+)*$")


def model_names(text: str, families: FamilyIndex = _DEFAULT_INDEX) -> Iterator[Candidate]:
    """Model names with versions and sizes; coordinated sizes expand into one model each.

    >>> [c.canonical for c in model_names("We test Llama-3.1-8B/70B-Instruct and Qwen2.5-VL-7B.")]
    ['Llama-3.1-8B-Instruct', 'Llama-3.1-70B-Instruct', 'Qwen2.5-VL-7B']
    >>> [c.canonical for c in model_names("We pretrain 410M/1B Pythia models.")]
    ['Pythia-410M', 'Pythia-1B']
    """
    seen: list[tuple[int, int]] = []
    for start, end, family in families.finditer(text):
        surface = text[start:end]
        bare = surface == family
        seen.append((start, end))
        sizes = _SIZES_BEFORE_RE.search(text, max(0, start - 40), start) if bare else None
        if sizes:  # "410M/1B/2.8B Pythia": one model per size
            for size in sizes.group("sizes").split("/"):
                yield Candidate(sizes.start("sizes"), end, text[sizes.start("sizes"):end], D, "model-pattern", 0.85,
                                canonical=f"{family}-{size}", broader=family)
            continue
        siblings = None if bare else _VERSION_SIBLINGS_RE.match(text, end)
        version = re.fullmatch(r"([- ]?)(\d+(?:\.\d+)*[a-z]?)", surface[len(family):]) if siblings else None
        if version:  # "GPT-4o/o1/4.5": GPT-4o, o1 and GPT-4.5
            whole = text[start:siblings.end()]
            yield Candidate(start, siblings.end(), whole, D, "model-pattern", 0.9, canonical=surface, broader=family)
            for sibling in siblings.group(0).split("/")[1:]:
                name = sibling if sibling[0] == "o" else f"{family}{version.group(1)}{sibling}"
                yield Candidate(start, siblings.end(), whole, D, "model-pattern", 0.9, canonical=name,
                                broader=None if sibling[0] == "o" else family)
            continue
        for name in _expand_sizes(surface):
            yield Candidate(start, end, surface, D, "model-pattern", 0.7 if bare else 0.9,
                            canonical=name, broader=None if bare else family)
    for match in _GENERIC_SIZED_RE.finditer(text):
        start, end = match.span()
        if any(s <= start < e for s, e in seen):
            continue
        if re.fullmatch(r"[\d.]+K", match.group("size")) and not match.group("rest"):
            # "VTAB-1K", "SynthVis-30K": a count of examples names a dataset, not a model size.
            yield Candidate(start, end, match.group(0), T, "dataset-pattern", 0.75)
            continue
        for name in _expand_sizes(match.group(0)):
            yield Candidate(start, end, match.group(0), D, "model-pattern", 0.85, canonical=name,
                            broader=match.group("name"))
    for match in _SPACED_SIZE_RE.finditer(text):
        name = _MIXED_NAME_BEFORE_RE.search(text, max(0, match.start() - 60), match.start()) \
            if text[match.start() - 1:match.start()].isalnum() else None
        if name is None or any(s <= name.start() < e for s, e in seen):
            continue
        surface = text[name.start():match.end()]
        yield Candidate(name.start(), match.end(), surface, D, "model-pattern", 0.85, canonical=surface,
                        broader=name.group(0))


_SIZES_BEFORE_RE = re.compile(rf"(?<![\w./-])(?P<sizes>{_SIZES})[ -]$")
#: Versions coordinated after a model name: "/o1/4.5" in "GPT-4o/o1/4.5".
_VERSION_SIBLINGS_RE = re.compile(r"(?:/(?:\d+(?:\.\d+)*[a-z]?|o\d+)(?![\w.-]|\.\d))+")


def _expand_sizes(surface: str) -> list[str]:
    match = re.search(rf"(?:{_SIZE})(?:/(?:{_SIZE}))+", surface)
    if not match:
        return [surface]
    head, tail = surface[: match.start()], surface[match.end():]
    return [head + size + tail for size in match.group(0).split("/")]


# --------------------------------------------------------------------------- coined names

# Only tokens with a capital or digit after their first letter can be coined names: the rest are skipped by the regex.
_TOKEN_RE = re.compile(r"(?<![\w$\\-])[A-Za-z][a-z]*-?[A-Z0-9][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*(?![\w])")
_NOT_COINED = frozenset(
    "GitHub PyTorch TensorFlow OpenAI DeepMind HuggingFace YouTube LaTeX JavaScript TypeScript "
    "PhD McKinsey arXiv LinkedIn OpenReview NeurIPS ICLR ICML CVPR EMNLP AAAI IJCAI iOS macOS "
    "iPhone FLOPs TFLOPs GFLOPs PFLOPs MFLOPs mAP mIoU IoU AUROC AUPRC AUC NaN kHz GHz MHz KiB MiB GiB "
    "MB GB TB dB pH mRNA scRNA DNA RNA CoT-style MacBook WeChat TikTok ChatBot IoT AIoT COVID "
    "SciPy NumPy JAX sklearn ImageMagick ArXiv DeFi NVIDIA AMD eBay PubMed WikiData OpenCV".split()
)


def name_shaped(name: str, capitals: int = 2) -> bool:
    """Coined, or with ``capitals`` capital letters, or with a digit: "CelebV-HQ", "RAVDESS", "IoT23".

    >>> [name_shaped(n) for n in ("CelebV-HQ", "RAVDESS", "IoT23", "Sokoban", "US")], name_shaped("US", capitals=3)
    ([True, True, True, False, True], False)
    """
    return is_coined(name) or sum(c.isupper() for c in name) >= capitals or any(c.isdigit() for c in name)


@lru_cache(maxsize=1 << 16)
def is_coined(token: str) -> bool:
    """A coined name: CamelCase or letters mixed with digits, e.g. ``ScoreMatchingRiesz``, ``Trust3R``.

    >>> [is_coined(t) for t in ("ScoreMatchingRiesz", "Trust3R", "LagLLM", "gp2Scale", "OPV-Bench", "H-CoT", "Transformer",
    ...                         "DPO", "3D", "Zero-Shot", "e2e", "Top-K")]
    [True, True, True, True, True, True, False, False, False, False, False, False]
    """
    rest = token[1:]
    if rest.islower() and "-" not in rest or len(token) < 3:
        return False  # the common case, an ordinary word: decided without counting
    if token in _NOT_COINED or not token[0].isalpha():
        return False
    core = token.split("-")[0]
    upper = sum(c.isupper() for c in core)
    lower = sum(c.islower() for c in core)
    digits = sum(c.isdigit() for c in core)
    if upper >= 2 and lower >= 1 and re.search(r"[a-z][A-Z]|[A-Z]{2}[a-z]", core):
        return True
    if "-" in token and re.fullmatch(r"[A-Z]{2,}[0-9]*(?:-[A-Z][a-z]+[0-9]*)+", token):
        return True  # an acronym with a name part: "OPV-Bench", "MMLU-Redux"
    if "-" in token and not token.isupper() and token[0].isupper() and \
            any(re.fullmatch(r"[A-Z]{2,}[0-9]*|[A-Z][a-z]*[A-Z][A-Za-z0-9]*", part) for part in token.split("-")[1:]):
        return True  # a prefix before an acronym: "H-CoT", "Aug-PE" (all-capital "ZS-CIR" names settings as often)
    if digits >= 1 and upper >= 1 and not core[0].isupper() and re.search(r"[a-z][0-9]+[A-Z][a-z]", core):
        return True  # "gp2Scale"
    return digits >= 1 and upper >= 1 and (lower >= 1 or upper >= 2) and core[0].isupper() and len(core) >= 4


#: A modifier suffix turns a name into a description: "CLIP-based", "RWKV-inspired", "DEMONet-predicted".
MODIFIER_SUFFIX_RE = re.compile(
    r"-(?:(?-i:[a-z]{3,}ed)|based|trained|guided|generated|sized|enhanced|powered|inspired|derived|augmented|tuned|"
    r"finetuned|distilled|induced|conditioned|style|like|specific|aware|only|free|level|scale|centric|friendly|"
    r"compatible|native|driven|wise|oriented)$", re.IGNORECASE)


_VIT_SIZE_RE = re.compile(r"/(?:Ti|S|B|L|H|G)(?:/\d+)?(?![\w/])")


def coined_names(text: str) -> Iterator[Candidate]:
    """Coined names typed by their shape or context; untyped ones default to METHOD."""
    for match in _TOKEN_RE.finditer(text):
        token = MODIFIER_SUFFIX_RE.sub("", match.group(0).rstrip("."))
        if not is_coined(token):
            continue
        start, end = match.start(), match.start() + len(token)
        if token.endswith("s") and token[:-1].isupper():
            continue
        kind = kind_from_name(token)
        variant = _VIT_SIZE_RE.match(text, end) if token.endswith("ViT") else None
        if variant:  # "DPAL-ViT/Ti": the ViT size is part of the name
            end = variant.end()
            token = text[start:end]
        kind = kind or kind_from_context(text, start, end)
        yield Candidate(start, end, token, kind or M, "coined", 0.75 if kind else 0.6)


#: What makes a math run part of a name: a super- or subscript, a Greek letter, a hyphen set in text
#: mode, or a one-letter variable ("$f$-DP", "$k$NN"); bold initials ("$\\textbf{A}$uto") are not.
_LATEX_NAME_MATH_RE = re.compile(
    rf"[\^_]|\\(?:{'|'.join(GREEK_COMMANDS)})(?![A-Za-z])|\\(?:text|mbox)\{{-\}}|^\$[A-Za-z]\$$")
_LATEX_PLAIN_RE = re.compile(r"[^\W\d_][\w+\-.'\u00b2\u00b3\u00b9\u2070-\u207a\u2202\u221e]*")
#: One math segment of a name, without spaces: "$^2$", "$\\nu$".
_MATH_SEGMENT_RE = re.compile(r"\$[^$\s]{1,40}\$")


def latex_names(text: str) -> Iterator[Candidate]:
    r"""Names written partly in LaTeX math, read as plain text (``canonical``): "PT$^2$-LLM" is PT²-LLM,
    "$\nu$GRPO" νGRPO, "COCO-20$^i$" COCO-20i. Typed by their shape or context, like coined names.

    The letters outside the math must make a name: "Best-of-$N$", "Top-$K$", "$L$-Lipschitz" and
    "CO$_2$" are not one.

    >>> [(c.text, c.canonical, c.kind.value) for c in latex_names(
    ...     r"We propose PT$^2$-LLM, a post-training quantization framework, and test on COCO-20$^i$ "
    ...     r"with Best-of-$N$.")]
    [('PT$^2$-LLM', 'PT²-LLM', 'MODEL'), ('COCO-20$^i$', 'COCO-20i', 'METHOD')]
    """
    for run_start, run_end in _latex_runs(text):
        run = text[run_start:run_end].rstrip("-+.")
        maths = _MATH_SEGMENT_RE.findall(run)  # a run is made of these segments and word characters
        if not any(_LATEX_NAME_MATH_RE.search(m) for m in maths):
            continue
        plain = plain_latex(run)
        if plain is None or not _LATEX_PLAIN_RE.fullmatch(plain) or sum(c.isalpha() for c in plain) < 2:
            continue
        outside = _MATH_SEGMENT_RE.sub("", run)
        capitals = sum(c.isupper() for c in outside)
        if outside:
            script_digit = any(re.search(r"[\^_]\{?\s*[0-9+]", m) for m in maths)
            if capitals < 2 and not (capitals and (script_digit or any(c.isdigit() for c in outside))) and \
                    kind_from_name(plain) is None:
                continue  # "Best-of-$N$", "$L$-Lipschitz"
            if re.fullmatch(r"[A-Z]{1,3}", outside) and not any("^" in m for m in maths):
                continue  # a chemical formula: "CO$_2$"
        elif not (re.search(r"\\(?:text|mathrm|mbox)", run) and name_shaped(plain)):
            continue  # math alone is a formula unless it sets a name in text mode: "${AutoDrive\text{-}P^3}$"
        if MODIFIER_SUFFIX_RE.search(plain):
            continue  # "$\mathsf{RoPE}$-based"
        start, end = run_start, run_start + len(run)
        kind = kind_from_name(plain) or kind_from_context(text, start, end)
        yield Candidate(start, end, run, kind or M, "latex", 0.75 if kind else 0.6, canonical=plain)


_RUN_TAIL_RE = re.compile(r"[\w+-]*")


def _latex_runs(text: str) -> Iterator[tuple[int, int]]:
    """Spans of words written partly in math: each math segment with the word characters glued to it and the
    math segments those reach ("PT$^2$-LLM", "S$^2$R$^2$"). Found from the "$" signs, not by trying
    every word (a regex scan from every word start cost ten times more)."""
    done = 0
    for segment in _MATH_SEGMENT_RE.finditer(text):
        if segment.start() < done:
            continue
        start = segment.start()
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_+-"):
            start -= 1
        while start < segment.start() and not (text[start].isascii() and text[start].isalnum()):
            start += 1  # a name starts with a letter or digit
        if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_$\\^"):
            continue
        end = _RUN_TAIL_RE.match(text, segment.end()).end()
        while (more := _MATH_SEGMENT_RE.match(text, end)) is not None:
            end = _RUN_TAIL_RE.match(text, more.end()).end()
        done = end
        yield start, end


# --------------------------------------------------------------------------- introduced names

_NAME = r"(?:[A-Z][\w.+-]*[A-Za-z0-9+]|[a-z]+[A-Z][\w-]*)(?:\s+(?:[A-Z][\w.+-]*[A-Za-z0-9]|of|for|and|with|in|to|via)){0,5}"
# "\b(?:[Ww]e|[Tt]his (?:paper|work)|[Oo]ur work)" written to start with a character class, which lets
# the regex engine skip to candidate letters: twice as fast over whole abstracts, same matches.
_WE_OR_THIS_PAPER = r"[WwTt](?<![\w][WwTt])(?:(?<=[Ww])e|(?<=[Tt])his (?:paper|work))"
_WE_OR_THIS_WORK = r"[WwTtOo](?<![\w][WwTtOo])(?:(?<=[Ww])e|(?<=[Tt])his (?:paper|work)|(?<=[Oo])ur work)"
_INTRO_RE = re.compile(
    rf"{_WE_OR_THIS_WORK}\s+(?:first\s+|further\s+|then\s+|also\s+)?"
    r"(?:propose|introduce|present|develop|design|build|release|construct|curate|contribute|offer)s?\s+"
    r"(?:(?:a|an|the)\s+)?(?:(?:new|novel|simple|unified|general|scalable|principled)\s+)?"
    rf"(?P<name>{_NAME})(?=\s*(?:,|:|\(|—|–|\s-\s|\.|\s(?:a|an|which|that|to|for|as|with)\s))"
)
_CALLED_RE = re.compile(
    rf"\b(?:called|named|dubbed|termed|coined)\s+[\"“']?(?P<name>{_NAME})[\"”']?"
)
_EMPH_RE = re.compile(r"(?:\\textbf|\\texttt|\\textsc|\\emph|\\textit)\{(?P<a>[^{}\n]{2,50})\}|(?<!\*)\*\*?(?P<b>[A-Za-z][^*\n]{1,48}?)\*\*?(?!\*)")


def _clean_name(name: str) -> str:
    # A trailing connective is not part of the name ("X for" in "X for long videos").
    words = name.split()
    while words and words[-1] in ("of", "for", "and", "with", "in", "to", "via"):
        words.pop()
    return " ".join(words)


_APPOSITION_AFTER_RE = re.compile(r"\s*(?:,|—|–|\s-)\s*(?:a|an)\s")


def _name_like(name: str) -> bool:
    words = name.split()
    if not words or len(name) < 2:
        return False
    if words[0] in ("A", "An", "The", "This", "These", "Our", "We", "It", "In", "To", "Such", "On", "For", "With",
                    "Across", "From", "By", "Using", "Under", "Over", "At", "As", "Unlike", "Like", "All", "Both"):
        return False
    # Title Case phrase, or a single coined / capitalised token.
    return all(w[0].isupper() or w[0].isdigit() or w in ("of", "for", "and", "with", "in", "to", "via") or is_coined(w)
               for w in words)


#: "We propose", "this paper also introduces": the start of a sentence that presents a lower-case contribution.
_WE_PROPOSE = (rf"{_WE_OR_THIS_PAPER}\s+(?:(?:also|further|then|first|additionally)\s+)?"
               r"(?:propose|introduce|present|develop|design|devise)s?\s+")
_INTRO_LOWER_RE = re.compile(
    rf"{_WE_PROPOSE}(?:the\s+)?"
    r"(?P<name>[a-z][\w-]*(?:\s+[a-z][\w-]*){1,4})(?=,\s+(?:a|an)\s)")


#: "we propose inoculation prompting: modifying …": a lower-case name a colon defines.
_INTRO_LOWER_COLON_RE = re.compile(
    rf"{_WE_PROPOSE}(?P<name>[a-z][\w-]*(?:\s+[a-z][\w-]*){1,3}):\s+(?:an?\s|[a-z]+ing\b)")
#: "we propose random padding to augment …", "we also introduce a masked Fourier space loss to penalize …": a
#: lower-case technique a paper proposes, named by a technique head noun (a trailing kind noun is dropped:
#: "a channel-aware bit reallocation strategy" proposes "channel-aware bit reallocation").
_INTRO_TECHNIQUE_RE = re.compile(
    rf"{_WE_PROPOSE}(?:(?:a|an)\s+)?(?:(?:novel|new|unique)\s+)?"
    r"(?P<name>[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\s+(?:[a-z][a-z0-9]*|[A-Z][a-z]+)(?:-[a-z0-9]+)*){1,4}?)"
    r"(?:\s+(?:strategy|mechanism|scheme|approach|framework|method|technique|process|procedure))?"
    r"(?=\s+(?:to|that|which|for|as|with|in|on|by|and)\b|\s*[,—:;(.]|\s+-{1,2}\s)")
_TECHNIQUE_HEADS = frozenset("""
loss distillation regularization regularizer attention decoding padding correction supervision prompting sampling
tokenization alignment augmentation masking pruning quantization initialization normalization embedding encoding
pooling routing scheduling guidance reweighting calibration fine-tuning tuning merging matching reallocation
partitioning fuzzification filtering selection reflection consistency objective penalty dropout aggregation fusion
steering replay transformation projection rebalancing weighting""".split())
#: Words that describe rather than name: "an improved alignment", "a simple regularization".
_DESCRIPTIVE_FIRST = frozenset(
    "improved principled simple unified general efficient effective alternative fast iterative tailored lightweight "
    "standard the two three several multiple both each our this these architectural".split())
_CALL_KINDS = {**{w: M for w in ("method", "approach", "framework", "technique", "algorithm", "procedure",
                                 "strategy", "objective", "loss", "paradigm", "pipeline", "scheme")},
               **{w: D for w in ("model", "architecture", "network")},
               **{w: T for w in ("dataset", "benchmark", "corpus", "suite")}}
#: "We term the method Distribution Classification", "we call this approach gradient routing".
_CALL_THE_RE = re.compile(
    r"\b[Ww]e\s+(?:call|term|name|dub)\s+(?:this|the|our|it)\s+(?:(?:new|proposed|resulting)\s+)?"
    rf"(?P<noun>{'|'.join(_CALL_KINDS)})\s+[\"“']?"
    r"(?P<name>[A-Za-z][\w-]*(?:\s+(?!(?:for|with|in|on|of|to|by|as|its|their|and|which|that)\s)[A-Za-z][\w-]*){0,3}?)"
    r"[\"”']?(?=\s*[,.;:(]|\s+(?:which|that|and|to|for)\s)")


_COLON_RE = re.compile(r":\s")


def introduced_names(text: str) -> Iterator[Candidate]:
    """Names a paper introduces: "we propose X, a …", "called X".

    >>> [(c.text, c.kind.value) for c in introduced_names(
    ...     "We introduce Jet Expansions, a framework for expanding graphs.")]
    [('Jet Expansions', 'METHOD')]
    """
    called = "call" in text or "named" in text or "dubbed" in text or "termed" in text or "coined" in text
    for matches in (_INTRO_RE.finditer(text), _CALLED_RE.finditer(text) if called else ()):
        for match in matches:
            name = _clean_name(match.group("name"))
            if not _name_like(name):
                continue
            start = match.start("name")
            end = start + len(name)
            if non_entity_context(text, end) or (len(name.split()) > 1 and not technique_like(name)
                                                 and kind_from_head(name) is None and kind_from_context(text, start, end) is None
                                                 and not _APPOSITION_AFTER_RE.match(text, end)):
                continue  # ("we introduce Guard Vector, a safety task vector": the apposition says it is a name)
            kind = kind_from_name(name) or kind_from_context(text, start, end) or kind_from_head(name) or M
            yield Candidate(start, end, name, kind, "introduced", 0.85, role=Role.PROPOSES)
    # "we introduce radiometric consistency, a physical constraint that …": lower case, typed by the apposition.
    for match in _INTRO_LOWER_RE.finditer(text):
        name = _clean_name(match.group("name"))
        start = match.start("name")
        end = start + len(name)
        if name.split()[0] in ("new", "novel", "several", "two", "three", "both", "our", "this", "these", "each") or \
                non_entity_context(text, end):
            continue
        kind = _apposition_kind(text[end:end + 120])
        if kind is not None:
            yield Candidate(start, end, name, kind, "introduced", 0.7, role=Role.PROPOSES)
    for match in _matches_before(_INTRO_LOWER_COLON_RE, _COLON_RE, text, reach=120, after=20) if ":" in text else ():
        name = match.group("name")
        if name.split()[0] in ("new", "novel", "several", "two", "three", "both", "our", "this", "these", "each",
                               "a", "an") or not technique_like(name):
            continue
        yield Candidate(match.start("name"), match.end("name"), name, M, "introduced", 0.7, role=Role.PROPOSES)
    for match in _INTRO_TECHNIQUE_RE.finditer(text):
        words = match.group("name").split()
        start = match.start("name")
        if len(words) > 2 and words[0] in ("approach", "method", "technique", "framework"):
            start += len(words[0]) + 1  # "an approach self-discriminated filtering"
            words = words[1:]
        if words[0] in _DESCRIPTIVE_FIRST or words[0].endswith("ing") and "-" not in words[0] or \
                any(w in FUNCTION_WORDS for w in words) or \
                any(w in _CALL_KINDS for w in words[:-1]) or \
                words[-1] not in _TECHNIQUE_HEADS and words[-1][:-1] not in _TECHNIQUE_HEADS:
            continue
        name = " ".join(words)
        if text[start:start + len(name)] == name:
            yield Candidate(start, start + len(name), name, M, "introduced", 0.65, role=Role.PROPOSES)
    for match in _CALL_THE_RE.finditer(text) if "e call" in text or "e term" in text or "e name" in text or \
            "e dub" in text else ():
        name = match.group("name")
        if name.split()[0].lower() in ("a", "an", "the", "it", "this", "them"):
            continue
        yield Candidate(match.start("name"), match.end("name"), name, _CALL_KINDS[match.group("noun")],
                        "introduced", 0.8, role=Role.PROPOSES)


_LIST_MARK_RE = re.compile(r"^\(?(?:\d|[ivx]{1,3})\)\s*")


def emphasised_names(text: str) -> Iterator[Candidate]:
    """Names set in bold, italics or typewriter (``\\textbf{X}``, ``*X*``) that look like names."""
    for match in _EMPH_RE.finditer(text):
        group = "a" if match.group("a") is not None else "b"
        name = match.group(group).strip()
        if name.endswith(".") and " " not in name:
            continue  # a section label: "**Findings.** On a range of …"
        # A listed contribution set off with its colon and number: "\textbf{1) MoE-Linear Attention Module:}".
        name = _LIST_MARK_RE.sub("", name).rstrip(":").rstrip()
        if not name or name.split()[-1].lower() in _NON_HEADS:
            continue  # a metric or phenomenon set off for emphasis: "\textbf{semantic similarity}"
        if not _name_like(name) or len(name.split()) > 5:
            # "a **gradient denoising** framework": a lower-case phrase the paper sets off and types as its own.
            # "we propose **conditioned initialization**, a scheme": a lower-case phrase set off in a sentence
            # that introduces the paper's own contribution (ANNOTATION.md: an emphasised contribution).
            if 2 <= len(name.split()) <= 5 and re.fullmatch(r"[A-Za-z][a-z-]*(?: [a-z][a-z-]*)+", name) \
                    and not (match.start() and text[match.start() - 1].isalpha()) \
                    and not text[match.end():match.end() + 1].isalpha() and not non_entity_context(text, match.end()) \
                    and name.split()[0].lower() not in FUNCTION_WORDS:
                kind = _next_word_kind(text, match.end())
                if (kind is not None and _proposed_before(text, match.start())) or \
                        _CONTRIBUTION_SENTENCE_RE.search(text, _sentence_start(text, match.start()), match.start()) or \
                        (_ENUMERATED_BEFORE_RE.search(text, max(0, match.start() - 6), match.start())
                         and text[match.end():match.end() + 1] == ":"):  # "1) **Subproblem decomposition**: …"
                    start = match.start(group) + match.group(group).index(name)
                    yield Candidate(start, start + len(name), name, kind or M, "emphasis", 0.65, role=Role.PROPOSES)
            continue
        start = match.start(group) + match.group(group).index(name)
        end = start + len(name)
        if non_entity_context(text, match.end()):
            continue
        after = match.end()
        while text[after:after + 1] in ("$", "}") and after < len(text):
            after += 1  # "$\textbf{SimuHome}$, a … environment": the context starts after the math
        if _PROPERTY_HEAD_RE.search(name):
            continue  # a property or phenomenon set off for emphasis: "*Ambiguity*:", "low **Reward Density**"
        kind = kind_from_name(name) or kind_from_context(text, match.start(), after) or kind_from_head(name)
        if kind is None and (is_coined(name) or technique_like(name)) and not name.isupper():
            kind = M
        if kind is None and match.group(0).startswith("\\texttt") and name_shaped(name) and len(name.split()) == 1:
            # typewriter type sets off a system's name: "While prior $\texttt{M-Attack}$ demonstrated …"
            proposed = _CONTRIBUTION_SENTENCE_RE.search(text, _sentence_start(text, match.start()), match.start())
            yield Candidate(start, end, name, M, "emphasis", 0.65, role=Role.PROPOSES if proposed else Role.USES)
            continue
        if kind is None:
            continue
        yield Candidate(start, end, name, kind, "emphasis", 0.7, role=Role.PROPOSES)


#: A property or phenomenon, no technique: "Task Diversity", "Robustness", "Interference".
_PROPERTY_HEAD_RE = re.compile(r"(?:^[A-Z]?[a-z]+(?:ence|ance)|[a-z](?:ity|ness))$")


#: A sentence that presents the paper's own contribution, up to an emphasised phrase.
_CONTRIBUTION_SENTENCE_RE = re.compile(
    r"\b(?:we|this paper|this work)\b[^.;]*\b(?:propose|introduce|present|develop|design|devise|call|term|dub)s?\b|"
    r"\b(?:key|core|main|two|three)\s+(?:\w+\s+)?(?:ideas?|components?|innovations?|contributions?|techniques?)\b",
    re.IGNORECASE)


_ENUMERATED_BEFORE_RE = re.compile(r"(?:^|[\s(])(?:\d|[ivx]{1,3})[).]\s*$")


def _sentence_start(text: str, position: int) -> int:
    return max(text.rfind(". ", 0, position), text.rfind("\n", 0, position)) + 1


_DATASET_RE = re.compile(
    r"(?<![\w-])(?P<name>(?:[A-Z][\w.+-]*[A-Za-z0-9]|[a-z]+[A-Z][\w-]*)(?:[ -][A-Z][\w.+-]*[A-Za-z0-9]){0,3})"
    r"\s+(?:benchmark|dataset|corpus|suite|leaderboard)s?\b"
)


_ADJECTIVE_RE = re.compile(r"(?:ese|ish|ian|an|ic|al|ous|ive|ary|ed|ing)$")


def _sentence_starts_at(text: str, start: int, ends: str = ".:;!?") -> bool:
    """True at the start of ``text`` or right after one of ``ends`` (spaces between allowed).

    Walks back over the spaces instead of stripping a copy of everything before ``start``.

    >>> _sentence_starts_at("Done.  Next", 7), _sentence_starts_at("a Next", 2), _sentence_starts_at(" Next", 1)
    (True, False, False)
    """
    if start == 0:
        return True
    k = start
    while k > 0 and text[k - 1].isspace():
        k -= 1
    return k > 0 and text[k - 1] in ends


# An acronym- or coined-looking name: "CAER-S", "SwissTest", "GSM8K".
_EVAL_NAME = r"[A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9]*(?:-[A-Za-z0-9]+|\.\d+)*"
_DATASET_BEFORE_RE = re.compile(
    r"\b(?:benchmark|dataset|test set|corpus|suite|testbed)s?,?\s+(?:called\s+|named\s+|dubbed\s+|termed\s+)?"
    rf"(?P<name>{_EVAL_NAME})(?=[\s,.;:)])")


#: A word after a name that goes on with the sentence: the name is a subject, not an apposition.
_CLAUSE_GO_ON_RE = re.compile(r"\s+(?!and\b|or\b)[a-z]")
_DATASET_WORD_RE = re.compile(r"\s(?:benchmark|dataset|corpus|suite|leaderboard)")


def _matches_before(regex: re.Pattern, anchor: re.Pattern, text: str, reach: int = 150,
                    after: int = 12) -> Iterator[re.Match]:
    """``regex`` matches that end in a rare ``anchor`` word, searched only within ``reach`` before each anchor.

    Several patterns end in a kind noun ("… benchmark", "… optimizer"); scanning the whole
    abstract for their long prefixes cost 4x more than finding the nouns first.
    """
    done = 0
    for word in anchor.finditer(text):
        if word.start() < done:
            continue
        for match in regex.finditer(text, max(done, word.start() - reach), word.end() + after):
            yield match
            done = match.end()


def _dataset_matches(text: str) -> Iterator[re.Match]:
    return _matches_before(_DATASET_RE, _DATASET_WORD_RE, text)


def dataset_phrases(text: str) -> Iterator[Candidate]:
    """"the X benchmark/dataset/corpus/suite", "a new test set, X" → X is a dataset.

    >>> [c.text for c in dataset_phrases("we introduce a new test set, SwissTest, and the MMLU benchmark")]
    ['SwissTest', 'MMLU']
    """
    for match in _DATASET_BEFORE_RE.finditer(text):
        name = match.group("name")
        if "," in text[match.start():match.start("name")] and _CLAUSE_GO_ON_RE.match(text, match.end("name")):
            continue  # "evaluated on the X benchmarks, Mem4Nav improves …": a clause ends, no apposition
        if name_shaped(name):
            yield Candidate(match.start("name"), match.end("name"), name, T, "dataset-pattern", 0.75)
    for match in _dataset_matches(text):
        name = match.group("name")
        if len(name) < 3 or not _name_like(name) or name.split()[0] in ("New", "Novel", "Existing", "Standard", "Real", "Synthetic"):
            continue
        if " " not in name and not name_shaped(name):
            # One ordinary capitalised word: a sentence start ("Across benchmarks, …") or a language
            # ("Chinese benchmarks") far more often than a dataset name.
            start = match.start("name")
            if _sentence_starts_at(text, start) or _ADJECTIVE_RE.search(name):
                continue
        yield Candidate(match.start("name"), match.end("name"), name, T, "dataset-pattern", 0.8)
        if match.group(0).endswith("s"):  # "the Touchdown and Map2Seq benchmarks": the plural noun types the list
            yield from _coordinated_before(text, match.start("name"))
    if "Dataset" in text or "Benchmark" in text or "Corpus" in text or "Suite" in text or "Arena" in text:
        # "the Natural Scenes Dataset", "WebDev Arena": the head is part of the name
        for match in _TITLED_DATASET_RE.finditer(text):
            words = match.group("name").split()
            while words and words[0].lower() in FUNCTION_WORDS:
                words = words[1:]
            if len(words) < 2:
                continue
            name = " ".join(words)
            start = match.end("name") - len(name)
            if text[start:match.end("name")] == name:
                yield Candidate(start, match.end("name"), name, T, "dataset-pattern", 0.75)


_TITLED_DATASET_RE = re.compile(
    r"(?<![\w-])(?P<name>(?:[A-Z][\w'’-]*[A-Za-z0-9] ){1,4}(?:Dataset|Benchmark|Corpus|Suite|Arena))(?![\w-])")
_COORDINATED_BEFORE_RE = re.compile(
    r"(?<![\w-])(?P<name>[A-Z][\w.+-]*[A-Za-z0-9+])(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$")


def _coordinated_before(text: str, start: int) -> Iterator[Candidate]:
    """The names coordinated before a dataset name that a plural noun follows: "(the) X, Y and <name> datasets"."""
    while True:
        match = _COORDINATED_BEFORE_RE.search(text, max(0, start - 60), start)
        if not match:
            return
        name = match.group("name")
        if name.lower() in FUNCTION_WORDS or _ADJECTIVE_RE.search(name) or _sentence_starts_at(text, match.start()):
            return  # "Both X and Y benchmarks", "English and Chinese benchmarks", a sentence's first word
        yield Candidate(match.start("name"), match.end("name"), name, T, "dataset-pattern", 0.75)
        start = match.start()


_TITLE_NAME = (r"(?:[A-Z][\w'’-]*[A-Za-z0-9])(?:\s+(?:[A-Z][\w'’-]*[A-Za-z0-9]|of|for|and|with|in|to|via|on|the)){0,6}"
               r"|[a-z]+[A-Z][\w-]*")
_APPOSITIVE_NAME_RE = re.compile(rf"(?<![\w-])(?P<name>{_TITLE_NAME})(?=,\s+(?:which is\s+)?(?:an?|the)\s)")
#: Where an apposition can start; the name before it is searched only there (a third of the cost).
_APPOSITION_COMMA_RE = re.compile(r",\s+(?:which is\s+)?(?:an?|the)\s")


def apposition_names(text: str) -> Iterator[Candidate]:
    """"X, a <adjectives> framework/model/benchmark …" → X, typed by the noun.

    >>> [(c.text, c.kind.value) for c in apposition_names(
    ...     "1) Temporal Self-Consistency Voting, a training-free, test-time decoding strategy.")]
    [('Temporal Self-Consistency Voting', 'METHOD')]
    """
    for match in _matches_before(_APPOSITIVE_NAME_RE, _APPOSITION_COMMA_RE, text, reach=250, after=0):
        name = _clean_name(match.group("name"))
        start = match.start("name")
        words = name.split()
        if not _name_like(name) or words[0] in ("The", "Our", "However", "Specifically", "Moreover", "Finally"):
            continue
        sentence_start = _sentence_starts_at(text, start, ".:;)!?")
        if sentence_start and len(words) == 1 and not is_coined(name) and not name.isupper():
            continue
        end = start + len(name)
        kind = kind_from_context(text, start, end)
        if kind is None:
            continue
        tail = text[end:end + 80].lower()
        role = Role.PROPOSES if re.match(r",\s+an?\s+(?:\w+\s+){0,2}?(?:novel|new|simple|unified|our)\b", tail) else Role.USES
        yield Candidate(start, end, name, kind, "apposition", 0.75, role=role)


#: A name right after the kind noun that types it: "the open-source solver SCIP", "an algorithm LAMIR that",
#: "our method, FL-DDPG,".
_KIND_THEN_NAME_RE = re.compile(
    r"(?<![\w-])(?P<det>[Tt]he|[Aa]n?|[Oo]ur)\s+(?:[\w-]+\s+){0,2}?"
    r"(?P<noun>method|algorithm|framework|approach|solver|optimizer|model|network|architecture)s?,?\s+"
    rf"(?P<name>{_EVAL_NAME})(?=[\s,.;:)])")
_KIND_THEN_NAME_ANCHOR_RE = re.compile(
    r"(?:method|algorithm|framework|approach|solver|optimizer|model|network|architecture)s?,?\s+[A-Z]")


def kind_then_names(text: str) -> Iterator[Candidate]:
    """Acronym-like names right after the kind noun that types them.

    >>> [(c.text, c.kind.value, c.role.value) for c in kind_then_names(
    ...     "integrated into the open-source solver SCIP. The simulation shows that our method, FL-DDPG, works.")]
    [('SCIP', 'METHOD', 'uses'), ('FL-DDPG', 'METHOD', 'proposes')]
    """
    for match in _matches_before(_KIND_THEN_NAME_RE, _KIND_THEN_NAME_ANCHOR_RE, text, reach=60, after=40):
        name = match.group("name")
        if not name_shaped(name) or name.endswith("s") and name[:-1].isupper():
            continue  # "the model GPUs": a plural, no name
        kind = _APPOSITION_KINDS.get(match.group("noun"), M)
        own = match.group("det").lower() == "our" or _proposed_before(text, match.start())
        yield Candidate(match.start("name"), match.end("name"), name, kind, "apposition", 0.75,
                        role=Role.PROPOSES if own else Role.USES)


_EVAL_SENTENCE_RE = re.compile(
    r"\b(?:accuracy|benchmarks?|datasets?|experiments?|evaluat\w*|outperform\w*|achiev\w*|results?|"
    r"state-of-the-art|SOTA|performance|scores?|tested|test on)\b|%", re.IGNORECASE)
_EVAL_TARGET_RE = re.compile(rf"\b(?:[Oo]n|[Aa]cross|[Oo]ver)\s+(?:the\s+)?(?P<name>{_EVAL_NAME})(?![\w-])")
_LIST_NEXT_RE = re.compile(rf"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?:the\s+)?(?P<name>{_EVAL_NAME})(?![\w-])")


_SENTENCE_END_RE = re.compile(r"[.!?](?=\s+[A-Z(\d])")


def _sentence_around(text: str, pos: int) -> str:
    """The sentence that contains ``pos`` (ends are ". " before a capital, digit or parenthesis)."""
    start = 0
    for end in _SENTENCE_END_RE.finditer(text, 0, pos):
        start = end.end()
    stop = _SENTENCE_END_RE.search(text, pos)
    return text[start: stop.end() if stop else len(text)]


def evaluation_datasets(text: str) -> Iterator[Candidate]:
    """Acronym- or coined-looking names evaluated on: "… 88.8% accuracy on CAER-S, and … on HECO".

    >>> [c.text for c in evaluation_datasets("We obtain 37.9 mAP on EMOTIC and 88.8% accuracy on CAER-S.")]
    ['EMOTIC', 'CAER-S']
    """
    for match in _EVAL_TARGET_RE.finditer(text):
        if not _EVAL_SENTENCE_RE.search(_sentence_around(text, match.start())):
            continue
        name = match.group("name")
        if not name_shaped(name, capitals=3):
            continue
        if kind_from_context(text, match.start("name"), match.end("name")) not in (None, T):
            continue
        yield Candidate(match.start("name"), match.end("name"), name, T, "evaluation", 0.65)
        # "… on HDTF, CelebV-HQ, and RAVDESS": the rest of the list.
        for start, end, sibling in list_siblings(text, match.start("name"), match.end("name")):
            if start < match.start("name") or not name_shaped(sibling):
                continue
            if kind_from_context(text, start, end) not in (None, T):
                break
            yield Candidate(start, end, sibling, T, "evaluation", 0.65)


def list_siblings(text: str, start: int, end: int) -> Iterator[tuple[int, int, str]]:
    """Names coordinated with the span [start, end): "X, Y, and Z" → the spans of Y and Z (and of X for Y)."""
    pos = end
    while True:
        match = _LIST_NEXT_RE.match(text, pos)
        if not match:
            break
        yield match.start("name"), match.end("name"), match.group("name")
        pos = match.end()
    # Walk left: "A, B, and <span>"
    before = text[max(0, start - 200):start]
    while True:
        match = re.search(rf"(?<![\w-])(?P<name>{_EVAL_NAME})(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?:the\s+)?$", before)
        if not match:
            break
        offset = start - len(before)
        yield offset + match.start("name"), offset + match.end("name"), match.group("name")
        before = before[: match.start()]
        start = offset + match.start()


_EXAMPLE_KINDS = {
    **{w: T for w in ("benchmark", "dataset", "corpora", "corpus", "suite", "testbed", "environment", "task")},
    **{w: D for w in ("model", "llm", "vlm", "mllm", "architecture", "backbone", "network", "family", "families")},
    **{w: M for w in ("baseline", "method", "algorithm", "approach", "technique", "optimizer", "attack", "defense",
                      "framework", "agent", "component", "module")},
}
_EXAMPLES_RE = re.compile(
    r"\b(?P<noun>benchmarks?|datasets?|corpora|corpus|suites?|testbeds?|environments?|models?|LLMs|VLMs|MLLMs|"
    r"architectures?|backbones?|networks?|famil(?:y|ies)|baselines?|methods?|algorithms?|approaches|techniques?|"
    r"optimizers?|attacks?|defenses?|frameworks?|agents?|components?|modules?)"
    r"(?:\s*,)?\s*(?:such as|including|like|e\.g\.,?|namely|\(e\.g\.,?|\(|:|-{2,3}|—|–)\s*")
_EXAMPLES_COMMA_RE = re.compile(
    r"\b(?P<noun>benchmarks|datasets|models|LLMs|architectures|baselines|methods|algorithms|approaches|"
    r"techniques|frameworks|agents),\s+(?=[A-Z][A-Za-z0-9]*[A-Z][\w-]*\s*(?:,|and|or))")


def _iter_examples(text: str) -> Iterator[re.Match]:
    """"benchmarks such as X, Y", and "two algorithms, LK-GP-UCB and LK-GP-TS": a list of names after a kind noun."""
    yield from _EXAMPLES_RE.finditer(text)
    yield from _EXAMPLES_COMMA_RE.finditer(text)


_ITEM = r"(?:the\s+)?(?P<item>[A-Z][\w.+’'-]*[A-Za-z0-9+](?:\s[A-Z0-9][\w.+-]*[A-Za-z0-9+]){0,3}|[a-z]+[A-Z][\w.+-]*)"
_ITEM_RE = re.compile(_ITEM)
_SEP_RE = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|/)\s*")


_NOUN_ACRONYM_WORD_RE = re.compile(r"\((?=[A-Z][A-Za-z0-9]*[A-Z])")
_NOUN_ACRONYM_RE = re.compile(
    r"\b(?P<noun>framework|method|algorithm|approach|system|module|model|network|architecture|benchmark|dataset|"
    r"suite|corpus|pipeline|agent|technique|strategy|mechanism|optimizer|estimator|loss|objective)s?\s*"
    r"\((?P<acr>[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)\)")


def noun_acronyms(text: str) -> Iterator[Candidate]:
    """"an execution system (KGSRS)": an acronym in parentheses after a kind noun is a name of that kind,
    even when its letters do not spell the words before it (Schwartz–Hearst pairs take precedence).

    >>> [(c.text, c.kind.value) for c in noun_acronyms("a retrieval plan and an execution system (KGSRS) with")]
    [('KGSRS', 'METHOD')]
    """
    for match in _matches_before(_NOUN_ACRONYM_RE, _NOUN_ACRONYM_WORD_RE, text, reach=40, after=60):
        noun = match.group("noun")
        kind = _EXAMPLE_KINDS.get(noun) or _APPOSITION_KINDS.get(noun) or kind_from_head(noun)
        if kind is None:
            continue
        acr = match.group("acr")
        yield Candidate(match.start("acr"), match.end("acr"), acr, kind, "noun-acronym", 0.7)


def exemplified_names(text: str) -> Iterator[Candidate]:
    """Names listed as examples of a kind: "benchmarks, including CIRCO, CIRR, and FashionIQ".

    >>> [(c.text, c.kind.value) for c in exemplified_names("baselines such as AIDE and ML-Master, and")]
    [('AIDE', 'METHOD'), ('ML-Master', 'METHOD')]
    """
    for match in _iter_examples(text):
        noun = match.group("noun").lower()
        noun = noun if noun in _EXAMPLE_KINDS else noun.rstrip("s") if noun.rstrip("s") in _EXAMPLE_KINDS else noun[:-2] if noun.endswith("es") else noun
        kind = _EXAMPLE_KINDS.get(noun) or _EXAMPLE_KINDS.get(noun.rstrip("s"))
        if kind is None or (noun == "task" and True):
            continue
        pos = match.end()
        for _ in range(12):
            item = _ITEM_RE.match(text, pos)
            if not item:
                break
            name = item.group("item")
            if name.split()[0] in ("We", "Our", "These", "This", "In", "The", "A", "An", "They", "It", "Its", "Their",
                                   "Such", "Each", "All", "Both") or name.endswith("."):
                break
            if noun in ("component", "module") and " " not in name and not name_shaped(name):
                break  # "four modules—Perception, Memory, …": parts described by plain words, not names
            if re.match(r" [A-Z]", text[item.end():item.end() + 2]):
                break  # a longer name than the item pattern reaches: "the Relevance-Prior Guided Feature Aggregation Module"
            # "baselines (CM-BERT, IndicBERT)": a baseline's own shape says more than the noun.
            own = kind_from_name(name) if noun in ("baseline", "method", "approach", "technique") else None
            yield Candidate(item.start("item"), item.end("item"), name, own or kind, "examples", 0.75)
            sep = _SEP_RE.match(text, item.end())
            if not sep:
                break
            pos = sep.end()


# --------------------------------------------------------------------------- Title Case names

_CAP_WORD = r"(?:[A-Z][\w’]*[\w](?:-[\w’]+)*|[a-z]+(?:-[A-Z][\w’]*)+)"
_TITLE_RUN_RE = re.compile(
    rf"(?<![\w&-])(?P<name>{_CAP_WORD}(?:\s+(?:(?:of|for)\s+)?{_CAP_WORD}){{1,6}})(?![\w&-])")
_ADJECTIVE_HEAD_RE = re.compile(r"(?:al|ive|ic|ous|ed|able|ible|ary)$")
_SENTENCE_OPENERS = frozenset(
    "A An The This These That Those Our We It In To Such On For With Across From By Using Under Over At As Unlike "
    "Like All Both However Moreover Furthermore Finally Specifically Additionally Notably Recent Existing Current "
    "Most Many Some Each When While Although Despite Here Then Thus Therefore Extensive Experiments Empirically "
    "Experimental Overall Compared Building Based Inspired Motivated Given Second First Third Lastly Importantly "
    "Prior Previous Traditional Conventional Standard Modern".split()
)


_TITLE_INTRO_RE = re.compile(
    r"(?:\b(?:we|this paper|this work)\s+(?:\w+\s+){0,2}(?:propose|introduce|present|develop|design|call|name|term)s?|"
    r"\bpropos(?:e|es|ing)|\bintroduc(?:e|es|ing)|\bour|\bcalled|\btermed|\bnamed|\(\s*(?:\d|i{1,3}|iv|v)\s*\)|"
    r"(?:^|\s)(?:\d|i{1,3}|iv|v)\))(?:\s+[\w-]+){0,3}\s+(?:(?:a|an|the)\s+)?(?:novel\s+|new\s+)?$", re.IGNORECASE)


def title_case_names(text: str) -> Iterator[Candidate]:
    """Multi-word Title Case names a paper proposes, typed by their head noun: "(1) a Gradient-Confidence Aware Loss".

    >>> [(c.text, c.kind.value) for c in title_case_names(
    ...     "We propose a Gradient-Confidence Aware Loss and (2) Logits Adversarial Perturbation for Dense Captioning. "
    ...     "Parking Optimization is hard.")]
    [('Gradient-Confidence Aware Loss', 'METHOD'), ('Logits Adversarial Perturbation', 'METHOD')]
    """
    for match in _TITLE_RUN_RE.finditer(text):
        name = _clean_name(match.group("name"))
        start, end = match.start("name"), match.start("name") + len(name)
        words = name.split()
        while len(words) > 2 and (words[0] in _SENTENCE_OPENERS or words[0].lower() == "state-of-the-art"):
            start = text.index(words[1], start + len(words[0]))
            words = words[1:]
        name = text[start:end]
        if len(words) < 2 or words[0] in _SENTENCE_OPENERS or all(w.isupper() for w in words):
            continue
        at_sentence_start = _sentence_starts_at(text, start)
        if at_sentence_start and len(words) < 3:
            continue
        if non_entity_context(text, end):
            continue
        if words[0].isupper() and len(words) > 1 and words[1] in ("of", "for"):
            continue  # "RL for LLMs"
        if " for " in name and kind_from_head(name) is None:
            # "Logits Adversarial Perturbation for Dense Captioning": the name ends before the purpose.
            name = name[:name.index(" for ")]
            end = start + len(name)
            words = name.split()
            if len(words) < 2:
                continue
        kind = kind_from_head(name)
        if kind is D and words[-1].endswith("s") and not words[-1].endswith("ss"):
            continue  # "Graph Neural Networks", "Diffusion Models": a class of models, not one model
        if kind is None and technique_like(name) and not _ADJECTIVE_HEAD_RE.search(words[-1]) and \
                not re.search(r"(?:ity|ness|ism|ics|ty|py)$", words[-1]):
            kind = M
        if kind is None:
            continue
        before = text[max(0, start - 120):start]
        if not _TITLE_INTRO_RE.search(before):
            continue  # without a proposing context, Title Case phrases were headings and topics as often as names
        yield Candidate(start, end, name, kind, "title", 0.6, role=Role.PROPOSES)


# --------------------------------------------------------------------------- "the X optimizer"

_TECHNIQUE_NOUNS = ("method|technique|optimizer|mechanism|algorithm|strategy|regularizer|estimator|sampler|"
                    "procedure|protocol|objective|loss|module|operator|scheme|heuristic")
_NAMED_TECHNIQUE_WORD_RE = re.compile(rf"\b(?:{_TECHNIQUE_NOUNS})s?\b")
_NAMED_TECHNIQUE_RE = re.compile(
    r"\b(?:[Tt]he|[Aa]n?|[Oo]ur|[Tt]his)\s+(?:(?:novel|new|proposed|simple|lightweight|efficient|effective|"
    r"principled|unified)\s+)?"
    r"(?P<name>[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)?)(?:\s+[a-z]+)?"
    rf"\s+(?P<noun>{_TECHNIQUE_NOUNS})s?\b")
_NOT_NAMES = frozenset(
    "two-stage multi-stage two-step single-step end-to-end plug-and-play training-free state-of-the-art "
    "model-agnostic data-driven data-efficient gradient-based gradient-free learning-based search-based "
    "rule-based llm-based sampling-based optimization-based attention-based off-the-shelf fine-tuning "
    "self-supervised semi-supervised".split())


def named_techniques(text: str) -> Iterator[Candidate]:
    """A capitalised name before a technique noun: "the Frankenstein optimizer", "a Reflect mechanism".

    Lower-case modifiers ("a two-stage strategy", "an anisotropy-aware sampling strategy") are
    left alone: on the dev gold they were descriptions far more often than names.

    >>> [c.text for c in named_techniques("we propose the Frankenstein optimizer and a two-stage training strategy")]
    ['Frankenstein optimizer']
    >>> [c.text for c in named_techniques("it introduces a Reflect mechanism for revision")]
    ['Reflect']
    """
    for match in _matches_before(_NAMED_TECHNIQUE_RE, _NAMED_TECHNIQUE_WORD_RE, text, reach=120):
        name = match.group("name")
        first = name.split()[0]
        if first.lower().strip("$") in _NOT_NAMES or first in _SENTENCE_OPENERS or first.isupper() or \
                re.match(r"[\d$\\]|\w+-(?:based|free|driven|aware|level|wise|agnostic|specific|guided|style|like|"
                         r"stage|step|scale|grained|order|shot|time|tuning|training)$", first, re.IGNORECASE) and len(name.split()) == 1:
            continue
        noun = match.group("noun")
        start = match.start("name")
        # "the Frankenstein optimizer" is named with its noun; "anisotropy-aware sampling strategy" without.
        end = match.end("noun") if noun in ("optimizer", "regularizer", "estimator", "sampler", "operator") and \
            first[0].isupper() else match.end("name")
        yield Candidate(start, end, text[start:end], M, "named-technique", 0.6, role=Role.USES)


_EPONYM_NOUNS = ("method|algorithm|test|sampling|filter|estimator|sampler|descent|iteration|optimizer|attack|search|"
                 "machine|scheduler|loss")
_EPONYM_WORD_RE = re.compile(rf"\s(?:{_EPONYM_NOUNS})\b")
_EPONYM_RE = re.compile(
    r"(?<![\w-])(?P<name>[A-Z][a-zäöüéèáíóúñ]+(?:['’]s?)?(?:[- ][A-Z][a-zäöüéèáíóúñ]+(?:['’]s?)?)?\s+"
    rf"(?:{_EPONYM_NOUNS}))\b")
_NOT_EPONYMS = frozenset(
    "Standard Vanilla Classic Classical Original Existing Simple Basic Naive Novel New Proposed Our Their "
    "This That These Those The A An Each Both Such Any Some All Most Many Several Various Different Other "
    "Same Random Greedy Iterative Adaptive Efficient Robust Stochastic Deterministic Approximate Exact "
    "Gradient Policy Beam Tree Graph Local Global Linear Nonlinear Gaussian Bayesian Markov Binary Hard "
    "Soft Full Fast Slow Online Offline Final First Second Third Unified General Generic Optimal Hybrid "
    "Statistical Hypothesis Significance Ablation Evaluation Training Inference Sampling Search Language "
    "Diffusion Kernel Neural Deep Learning Reinforcement Monte Carlo Data Model".split()
)


def eponymous_methods(text: str) -> Iterator[Candidate]:
    """Techniques named after a person or thing: "Newton's method", "the Turing test", "Gibbs sampling".

    Mathematical tools named so ("Dirichlet distribution", "Lipschitz bound") are not techniques (ANNOTATION.md).

    >>> [c.text for c in eponymous_methods("Prior work applied Newton's method, and the Turing test. Standard method.")]
    ["Newton's method", 'Turing test']
    """
    for match in _matches_before(_EPONYM_RE, _EPONYM_WORD_RE, text, reach=80):
        name = match.group("name")
        first = re.split(r"['’\s-]", name)[0]
        if first in _NOT_EPONYMS or first in _SENTENCE_OPENERS or first in _NOT_COINED:
            continue
        start = match.start("name")
        if _sentence_starts_at(text, start):
            continue
        yield Candidate(start, match.end("name"), name, M, "eponym", 0.6)
