"""Naming patterns that no list can know: versioned model names, coined names, introduced names.

Pure functions over text returning :class:`Candidate` records with character
offsets; the spaCy components in :mod:`kg.components` call them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .records import ConceptKind, Role

__all__ = [
    "Candidate",
    "model_names",
    "coined_names",
    "introduced_names",
    "dataset_phrases",
    "emphasised_names",
    "kind_from_context",
    "kind_from_head",
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
        "iteration solver scheme paradigm agent agents system routing caching compression "
        "evaluation verification sharing selection search calibration test splatting field fields "
        "process processes gradient gradients scaling"),
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
    "representation representations space spaces state states function functions".split()
)


def kind_from_head(phrase: str) -> ConceptKind | None:
    """Type of a multi-word name from its head noun, or None when the head says nothing.

    >>> kind_from_head("Direct Preference Optimization")
    <ConceptKind.METHOD: 'METHOD'>
    >>> kind_from_head("state space models")
    <ConceptKind.MODEL: 'MODEL'>
    >>> kind_from_head("attack success rate") is None
    True
    """
    words = re.findall(r"[A-Za-z][A-Za-z-]*", phrase.lower())
    if not words:
        return None
    head = words[-1]
    if head in _NON_HEADS:
        return None
    if head in _HEADS:
        return _HEADS[head]
    if head.endswith("s") and head[:-1] in _HEADS:
        return _HEADS[head[:-1]]
    if head.endswith("ing") and len(head) > 5:
        return M  # reweighting, prompting, pruning: a procedure
    if head.endswith("er") or head.endswith("ers"):
        return D if head.rstrip("s").endswith(("former", "coder", "ifier")) else None
    return None


_NEXT_WORD_RE = re.compile(r"\s*(?:[-–—]\s*)?(?:based\s+)?([A-Za-z-]+)")


def kind_from_context(text: str, start: int, end: int) -> ConceptKind | None:
    """Type a name from the word that follows it ("X benchmark", "X model") or an apposition ("X, a framework")."""
    after = text[end:end + 60]
    match = _NEXT_WORD_RE.match(after)
    if match:
        word = match.group(1).lower().rstrip("s")
        if word in ("benchmark", "dataset", "corpu", "corpora", "suite", "leaderboard", "bench"):
            return T
        if word in ("model", "network", "architecture", "llm", "vlm", "backbone", "encoder", "checkpoint", "famil", "family", "serie", "series"):
            return D
        if word in ("framework", "method", "algorithm", "approach", "technique", "loss", "objective",
                    "strategy", "module", "pipeline", "procedure", "attack", "regularizer", "optimizer"):
            return M
    appos = re.match(r",?\s+(?:which is\s+)?an?\s+(?:[\w-]+\s+){0,4}?(benchmark|dataset|corpus|suite|"
                     r"model|network|architecture|framework|method|algorithm|approach|technique|"
                     r"family|llm|system|pipeline|library|toolkit|agent)\b", after, re.IGNORECASE)
    if appos:
        word = appos.group(1).lower()
        if word in ("benchmark", "dataset", "corpus", "suite"):
            return T
        if word in ("model", "network", "architecture", "family", "llm"):
            return D
        return M
    return None


def kind_from_name(name: str) -> ConceptKind | None:
    """Type a coined name from its own shape: ``*Bench``/``*QA`` → dataset, ``*Net``/``*Former`` → model."""
    if re.search(r"(?:Bench|bench|QA|Eval|Arena|Set|Data|Corpus|Hub)(?:[-\d.]*\w{0,3})?$", name):
        return T
    if re.search(r"(?:Net|Former|former|GPT|LM|BERT|LLM|VLM|ViT|Diffusion|GAN|Coder)(?:[-\d.]*\w{0,3})?$", name):
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
    r"Distill|Omni|Thinking|Preview|Reasoner|Air|Scout|Maverick|It|it|hf|HF|Zero|Audio|Next|"
    r"Image|Embedding|Guard|Reward|RM|DPO|SFT|Deep|Edge|Long|Code|Exp|Research|A\d+(?:\.\d+)?B)"
)
_SIZE = r"\d+(?:\.\d+)?[BMKT](?![A-Za-z])|\d+x\d+(?:\.\d+)?B"
_SIZES = rf"(?:{_SIZE})(?:/(?:{_SIZE}))*"
_VERSION = r"(?:[- ]?v?\d+(?:\.\d+)*[a-z]?(?![\w.]*[A-Za-z]{3}))"


_TAIL_RE = re.compile(
    rf"{_VERSION}?(?:(?:(?:-| |)(?:{_SIZES})|(?:-| ){_SUFFIX}\b))*(?![\w-]*\w)"
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

    def finditer(self, text: str) -> Iterator[tuple[int, int, str]]:
        """(start, end, family) of every model name: a family plus its version, size and variant tail."""
        pos = 0
        for word in _WORD_START_RE.finditer(text):
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


def model_names(text: str, families: FamilyIndex = _DEFAULT_INDEX) -> Iterator[Candidate]:
    """Model names with versions and sizes; coordinated sizes expand into one model each.

    >>> [c.canonical for c in model_names("We test Llama-3.1-8B/70B-Instruct and Qwen2.5-VL-7B.")]
    ['Llama-3.1-8B-Instruct', 'Llama-3.1-70B-Instruct', 'Qwen2.5-VL-7B']
    """
    seen: list[tuple[int, int]] = []
    for start, end, family in families.finditer(text):
        surface = text[start:end]
        bare = surface == family
        seen.append((start, end))
        for name in _expand_sizes(surface):
            yield Candidate(start, end, surface, D, "model-pattern", 0.7 if bare else 0.9,
                            canonical=name, broader=None if bare else family)
    for match in _GENERIC_SIZED_RE.finditer(text):
        start, end = match.span()
        if any(s <= start < e for s, e in seen):
            continue
        for name in _expand_sizes(match.group(0)):
            yield Candidate(start, end, match.group(0), D, "model-pattern", 0.85, canonical=name,
                            broader=match.group("name"))


def _expand_sizes(surface: str) -> list[str]:
    match = re.search(rf"(?:{_SIZE})(?:/(?:{_SIZE}))+", surface)
    if not match:
        return [surface]
    head, tail = surface[: match.start()], surface[match.end():]
    return [head + size + tail for size in match.group(0).split("/")]


# --------------------------------------------------------------------------- coined names

_TOKEN_RE = re.compile(r"(?<![\w$\\])[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*(?![\w])")
_NOT_COINED = frozenset(
    "GitHub PyTorch TensorFlow OpenAI DeepMind HuggingFace YouTube LaTeX JavaScript TypeScript "
    "PhD McKinsey arXiv LinkedIn OpenReview NeurIPS ICLR ICML CVPR EMNLP AAAI IJCAI iOS macOS "
    "iPhone FLOPs TFLOPs GFLOPs PFLOPs MFLOPs mAP mIoU IoU AUROC AUPRC AUC NaN kHz GHz MHz KiB MiB GiB "
    "MB GB TB dB pH mRNA scRNA DNA RNA CoT-style MacBook WeChat TikTok ChatBot IoT AIoT COVID "
    "SciPy NumPy JAX sklearn ImageMagick ArXiv DeFi NVIDIA AMD eBay PubMed WikiData OpenCV".split()
)


def is_coined(token: str) -> bool:
    """A coined name: CamelCase or letters mixed with digits, e.g. ``ScoreMatchingRiesz``, ``Trust3R``.

    >>> [is_coined(t) for t in ("ScoreMatchingRiesz", "Trust3R", "LagLLM", "Transformer", "DPO", "3D")]
    [True, True, True, False, False, False]
    """
    if token in _NOT_COINED or len(token) < 3 or not token[0].isalpha():
        return False
    core = token.split("-")[0]
    upper = sum(c.isupper() for c in core)
    lower = sum(c.islower() for c in core)
    digits = sum(c.isdigit() for c in core)
    if upper >= 2 and lower >= 1 and re.search(r"[a-z][A-Z]|[A-Z]{2}[a-z]", core):
        return True
    return digits >= 1 and upper >= 1 and (lower >= 1 or upper >= 2) and core[0].isupper() and len(core) >= 4


def coined_names(text: str) -> Iterator[Candidate]:
    """Coined names typed by their shape or context; untyped ones default to METHOD."""
    for match in _TOKEN_RE.finditer(text):
        token = match.group(0).rstrip(".")
        if not is_coined(token):
            continue
        start, end = match.start(), match.start() + len(token)
        if token.endswith("s") and token[:-1].isupper():
            continue
        kind = kind_from_context(text, start, end) or kind_from_name(token)
        yield Candidate(start, end, token, kind or M, "coined", 0.75 if kind else 0.6)


# --------------------------------------------------------------------------- introduced names

_NAME = r"(?:[A-Z][\w.+-]*[A-Za-z0-9+]|[a-z]+[A-Z][\w-]*)(?:\s+(?:[A-Z][\w.+-]*[A-Za-z0-9]|of|for|and|with|in|to|via)){0,5}"
_INTRO_RE = re.compile(
    r"\b(?:[Ww]e|[Tt]his (?:paper|work)|[Oo]ur work)\s+(?:first\s+|further\s+|then\s+|also\s+)?"
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


def _name_like(name: str) -> bool:
    words = name.split()
    if not words or len(name) < 2:
        return False
    if words[0] in ("A", "An", "The", "This", "These", "Our", "We", "It", "In", "To", "Such"):
        return False
    # Title Case phrase, or a single coined / capitalised token.
    return all(w[0].isupper() or w[0].isdigit() or w in ("of", "for", "and", "with", "in", "to", "via") or is_coined(w)
               for w in words)


def introduced_names(text: str) -> Iterator[Candidate]:
    """Names a paper introduces: "we propose X, a …", "called X".

    >>> [(c.text, c.kind.value) for c in introduced_names(
    ...     "We introduce Jet Expansions, a framework for expanding graphs.")]
    [('Jet Expansions', 'METHOD')]
    """
    for regex in (_INTRO_RE, _CALLED_RE):
        for match in regex.finditer(text):
            name = _clean_name(match.group("name"))
            if not _name_like(name):
                continue
            start = match.start("name")
            end = start + len(name)
            kind = kind_from_context(text, start, end) or kind_from_name(name) or kind_from_head(name) or M
            yield Candidate(start, end, name, kind, "introduced", 0.85, role=Role.PROPOSES)


def emphasised_names(text: str) -> Iterator[Candidate]:
    """Names set in bold, italics or typewriter (``\\textbf{X}``, ``*X*``) that look like names."""
    for match in _EMPH_RE.finditer(text):
        group = "a" if match.group("a") is not None else "b"
        name = match.group(group).strip()
        if not _name_like(name) or len(name.split()) > 5:
            continue
        start = match.start(group) + match.group(group).index(name)
        end = start + len(name)
        kind = kind_from_context(text, match.end(), match.end()) or kind_from_name(name) or kind_from_head(name) or M
        yield Candidate(start, end, name, kind, "emphasis", 0.7, role=Role.PROPOSES)


_DATASET_RE = re.compile(
    rf"(?<![\w-])(?P<name>(?:[A-Z][\w.+-]*[A-Za-z0-9]|[a-z]+[A-Z][\w-]*)(?:[ -][A-Z][\w.+-]*[A-Za-z0-9]){{0,3}})"
    r"\s+(?:benchmark|dataset|corpus|suite|leaderboard)s?\b"
)


def dataset_phrases(text: str) -> Iterator[Candidate]:
    """"the X benchmark/dataset/corpus/suite" → X is a dataset."""
    for match in _DATASET_RE.finditer(text):
        name = match.group("name")
        if not _name_like(name) or name.split()[0] in ("New", "Novel", "Existing", "Standard", "Real", "Synthetic"):
            continue
        yield Candidate(match.start("name"), match.end("name"), name, T, "dataset-pattern", 0.8)
