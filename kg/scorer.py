"""A learned scorer for capitalised names that no rule claimed.

The rules (gazetteer, acronym definitions, naming patterns) decide most
mentions. What they leave is often still a name: "Conditional Clifford-Steerable
Kernels", "Teacher-Inspired Auxiliary Targets", an acronym used without its
definition ("S-PPO"). This module proposes every capitalised run of words the
rules did not cover, describes it by sparse features (its words, head, shape,
its pieces and the type of a known name among them, neighbours, the words around
it, whether the sentence introduces it) and scores it with a
multinomial logistic regression over NONE / METHOD / MODEL / DATASET, trained
on the development gold (``scripts/train_span_scorer.py``).
The weights ship as data (``kg/patterns/span_scorer.json``); scoring is a few
dictionary lookups per candidate.

Examples
--------
>>> [text for _, _, text, *_ in capitalised_runs("We propose Teacher-Inspired Auxiliary Targets (TIAT) for SGD.")]
['Teacher-Inspired Auxiliary Targets', 'TIAT', 'SGD']
"""
from __future__ import annotations

import json
import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .records import ConceptKind

__all__ = ["CLASSES", "SpanScorer", "capitalised_runs", "uncovered_runs", "span_features", "name_features",
           "phrase_features", "part_features", "window_features", "use_features", "sibling_features", "train",
           "load_scorer"]

#: Output classes, in the order of each weight vector.
CLASSES = ("NONE", "METHOD", "MODEL", "DATASET")
DEFAULT_PATH = Path(__file__).parent / "patterns" / "span_scorer.json"
#: The type scorer's weights (same format; it never predicts NONE and its ``threshold`` is the margin it needs).
TYPE_PATH = Path(__file__).parent / "patterns" / "type_scorer.json"

_TOKEN_RE = re.compile(r"[^\s()\[\]{},;:\"“”]+")
#: Lower-cased words that never start or make a name ("We", "The", "Both").
FUNCTION_WORDS = frozenset("""a an the and or but nor of for to in on at by with from into onto over under via as is are
was were be been being this that these those it its their our we us they them which who whose what when where while how
why than then also both each either every all any some such no not only more most less very much many few can could may
might must shall should will would do does did has have had here there thus hence however moreover furthermore therefore
whereas although though upon across between among within without through during before after above below further once
given unlike like specifically finally first second third next then overall notably""".split())
#: Words that may join capitalised words inside one name ("Probability Proportional to Size Sampling").
_CONNECTORS = frozenset({"of", "for", "to", "via", "the"})
_SENTENCE_END = frozenset(".?!\n")


_DELIMITERS = r"\s()\[\]{},;:\"“”"
_CAPITALISED_WORD = rf"[^{_DELIMITERS}A-Z]*[A-Z][^{_DELIMITERS}]*"
#: Whitespace-separated capitalised tokens, possibly joined by a connector: scanned in C, then cut at punctuation.
_CAPITALISED_RUN_RE = re.compile(  # starts at a capital letter (fast); the token's start is found after
    rf"[A-Z][^{_DELIMITERS}]*(?:[ \t\n]+(?:(?:of|for|to|via|the)[ \t\n]+)?{_CAPITALISED_WORD})*")
_DELIMITER_CHARS = frozenset(" \t\n\r\f\v()[]{},;:\"“”")
_TITLE_WORD_RE = re.compile(r"[A-Z][a-z]+")
#: A dash written as hyphens: "---", or "--" before anything but a capital ("Holmström--Milgrom" is LaTeX's en
#: dash inside a name, "Drop-Muon--a simple method" a dash after one).
ASCII_DASH_RE = re.compile(r"---|--(?![A-Z])")


def _is_capitalised(word: str) -> bool:
    return word != word.lower()


def _tokens(text: str, offset: int = 0) -> list[tuple[int, int, str]]:
    """Whitespace-and-bracket tokens with their offsets; edge quotes, emphasis marks and sentence punctuation trimmed."""
    out = []
    position = 0
    for raw in _TOKEN_RE.findall(text):
        start = text.find(raw, position)
        position = end = start + len(raw)
        word = raw
        if word[-1] in ".!?'’*_":
            word = word.rstrip(".!?'’*_")
            end = start + len(word)
        if word and word[0] in "'‘’*_":  # quotes and Markdown emphasis: *X*, _X_
            stripped = word.lstrip("'‘’*_")
            start += len(word) - len(stripped)
            word = stripped
        if word:
            out.append((start + offset, end + offset, word))
    return out


def _window(text: str, start: int, end: int, before: int = 2, after: int = 1
            ) -> tuple[list[tuple[int, int, str]], int, int]:
    """Tokens of ``text[start:end]`` with ``before`` tokens of left and ``after`` of right context.

    Returns ``(tokens, i, j)`` with ``tokens[i:j + 1]`` the tokens inside the span.
    """
    lo = max(0, start - 24 * before)
    while lo > 0 and not text[lo - 1].isspace():
        lo -= 1
    hi = min(len(text), end + 32 * after)
    while hi < len(text) and not text[hi].isspace():
        hi += 1
    toks = _tokens(text[lo:hi], lo)
    i = 0
    while i < len(toks) and toks[i][0] < start:
        i += 1
    j = i
    while j + 1 < len(toks) and toks[j + 1][1] <= end:
        j += 1
    keep = max(0, i - before)
    return toks[keep:j + 1 + after], i - keep, j - keep


_GAP_CHARS = frozenset("()[]{},;:\"“”.!?'’‘*_")


def _sentence_initial(text: str, start: int) -> bool:
    """Only punctuation and space lie between ``start`` and the end of a sentence (or the text's start)."""
    k = start - 1
    while k >= 0 and (text[k] in _GAP_CHARS or text[k].isspace()):
        if text[k] in _SENTENCE_END:
            return True
        k -= 1
    return k < 0


class _Spans:
    """Covered character spans, for quick "inside one" and "overlaps any" tests."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        spans = sorted(spans)
        self.starts = [s for s, _ in spans]
        self.reach = []  # the furthest end among spans starting at or before each one
        furthest = -1
        for _, e in spans:
            furthest = max(furthest, e)
            self.reach.append(furthest)

    def covers(self, start: int, end: int) -> bool:
        k = bisect_right(self.starts, start) - 1
        return k >= 0 and self.reach[k] >= end

    def overlaps(self, start: int, end: int) -> bool:
        k = bisect_left(self.starts, end) - 1
        return k >= 0 and self.reach[k] > start


def capitalised_runs(text: str, covered: Sequence[tuple[int, int]] = (), skip=None
                     ) -> list[tuple[int, int, str, list[tuple[int, int, str]], int, int, bool]]:
    """Maximal runs of capitalised words (joined by ``of/for/to/via/the``), with their context.

    Each run is ``(start, end, text, tokens, i, j, sentence_initial)`` where
    ``tokens[i:j + 1]`` are its words and the tokens around them their
    context. A sentence-initial function word ("We", "The") starts no run, and
    a sentence-initial plain word ("Recent") is no run.
    """
    runs = []
    covered = _Spans(covered)
    for match in _CAPITALISED_RUN_RE.finditer(text):
        m_start, m_end = match.span()
        while m_start > 0 and text[m_start - 1] not in _DELIMITER_CHARS and not text[m_start - 1].isspace():
            m_start -= 1  # "gp2Scale", "$\\tau$-Bench": the token starts before its first capital
        if "--" in text[m_start:m_end] and (dash := ASCII_DASH_RE.search(text, m_start, m_end)):
            m_end = dash.start()  # a dash written as hyphens ends the run: "Temporal SAE---with"
        group = text[m_start:m_end]
        if covered.covers(m_start, m_end):
            continue  # inside one mention: most acronyms and known names
        if " " not in group and _TITLE_WORD_RE.fullmatch(group.strip(".!?'’‘*_")) \
                and _sentence_initial(text, m_start + len(group) - len(group.lstrip("'‘’*_"))):
            continue  # "Recent", "Experiments": a sentence starts with a capital
        words = _tokens(group, m_start)
        pieces, piece = [], []
        for k, token in enumerate(words):  # punctuation between two tokens ends a run
            piece.append(token)
            if k + 1 == len(words) or text[token[1]:words[k + 1][0]].strip():
                pieces.append(piece)
                piece = []
        for piece in pieces:
            while piece and not _is_capitalised(piece[0][2]):
                piece = piece[1:]  # a connector left at the start by a cut
            while piece and not _is_capitalised(piece[-1][2]):
                piece = piece[:-1]
            if not piece:
                continue
            first = _sentence_initial(text, piece[0][0])
            if first and piece[0][2].lower() in FUNCTION_WORDS:
                piece = piece[1:]
                while piece and not _is_capitalised(piece[0][2]):
                    piece = piece[1:]
                first = False
            elif first and len(piece) > 2 and piece[1][2] in _CONNECTORS and (
                    piece[1][2] == "the" or not _TITLE_WORD_RE.fullmatch(piece[2][2])):
                # "Compared to SOTA", "Results of Foo-Net", "Using the OPC": a sentence-initial word and its
                # preposition are no part of the name after them ("Mixture of Experts" stays whole).
                piece = piece[2:]
                first = False
            if not piece or (first and len(piece) == 1 and _TITLE_WORD_RE.fullmatch(piece[0][2])):
                continue  # "Recent", "Experiments": a sentence starts with a capital
            if len(piece) > 1 and any(t[2].istitle() and t[2].lower() in FUNCTION_WORDS for t in piece):
                continue  # a sentence or heading in Title Case, no name: "The Results Are Clear", "Who Is the Spy"
            if covered.overlaps(piece[0][0], piece[-1][1]) or (skip and skip(text[piece[0][0]:piece[-1][1]])):
                continue
            toks, i, j = _window(text, piece[0][0], piece[-1][1])
            runs.append((toks[i][0], toks[j][1], text[toks[i][0]:toks[j][1]], toks, i, j, first))
    return runs


def uncovered_runs(text: str, covered: Iterable[tuple[int, int]], *, proposed,
                   skip=lambda phrase: False, defined: frozenset[str] = frozenset(),
                   kind_of: Callable[[str], str | None] = lambda piece: None) -> list[tuple[int, int, list[str]]]:
    """``(start, end, features)`` of each capitalised run that overlaps no covered span.

    ``proposed(text, start)`` says whether the sentence introduces what
    starts there, ``skip(phrase)`` drops runs that are never entities (the
    stoplist, names the gazetteer knows), ``defined`` holds the abstract's
    abbreviation definitions (short and long forms); one left uncovered is a
    definition the rules judged to be no entity ("super-resolution (SR)": a task);
    ``kind_of`` gives the type of a known name (the gazetteer), for :func:`part_features`.
    """
    runs = capitalised_runs(text, list(covered), skip)
    counts: dict[str, int] = {}
    for run in runs:
        counts[run[2].lower()] = counts.get(run[2].lower(), 0) + 1
    return [
        (start, end, span_features(text, toks, i, j, first, repeats=counts[phrase.lower()],
                                   proposed=proposed(text, start), kind_of=kind_of)
         + (["rejected-definition"] if phrase in defined else []))
        for start, end, phrase, toks, i, j, first in runs
    ]


@lru_cache(maxsize=65536)
def _shape(word: str) -> str:
    return _DIGITS_RE.sub("0", _LOWERS_RE.sub("a", _UPPERS_RE.sub("A", word)))[:8]


_UPPERS_RE, _LOWERS_RE, _DIGITS_RE = re.compile(r"[A-Z]+"), re.compile(r"[a-z]+"), re.compile(r"[0-9]+")
_CAMEL_RE = re.compile(r"[a-z][A-Z]")


def span_features(text: str, toks: Sequence[tuple[int, int, str]], i: int, j: int, sentence_initial: bool,
                  *, repeats: int, proposed: bool, kind_of: Callable[[str], str | None] = lambda piece: None
                  ) -> list[str]:
    """Sparse binary features of the run ``toks[i:j + 1]`` of ``text``; order is deterministic.

    What its words say (:func:`phrase_features`), its pieces (:func:`part_features`, ``kind_of`` giving the
    type of a known name), its neighbours, the words around it (:func:`window_features`), whether it
    starts a sentence, whether the sentence introduces it and how often the abstract repeats it.

    >>> t = "We propose Shadow Loss, a new objective."
    >>> runs = capitalised_runs(t)
    >>> span_features(t, runs[0][3], runs[0][4], runs[0][5], runs[0][6], repeats=1, proposed=True)[:4]
    ['n=2', 'head=loss', 'first=shadow', 'hk=METHOD']
    """
    start, end = toks[i][0], toks[j][1]
    feats = list(phrase_features(text[start:end]))
    feats.append(f"prev={toks[i - 1][2].lower() if i > 0 else '<s>'}")
    feats.append(f"prev2={toks[i - 2][2].lower() if i > 1 else '<s>'}")
    feats.append(f"next={toks[j + 1][2].lower() if j + 1 < len(toks) else '</s>'}")
    feats.append(f"gb={text[toks[i - 1][1]:start].strip()[:2] if i > 0 else ''}")
    feats.append(f"ga={text[end:toks[j + 1][0]].strip()[:2] if j + 1 < len(toks) else ''}")
    if sentence_initial:
        feats.append("sentence-initial")
    if proposed:
        feats.append("proposed")
    feats.append(f"repeats={min(repeats, 3)}")
    feats.extend(part_features(text[start:end], kind_of))
    feats.extend(sorted(window_features(text, start, end)))
    return list(dict.fromkeys(feats))


_EDGE_PUNCTUATION = "()[]{},;:\"“”.!?'’‘*_"


@lru_cache(maxsize=65536)
def phrase_features(phrase: str) -> tuple[str, ...]:
    """What a phrase's own words say: the part of :func:`span_features` that needs no context.

    >>> phrase_features("PelvicRT")
    ('n=1', 'head=pelvicrt', 'first=pelvicrt', 'hk=None', 'suf=crt', 'w=pelvicrt', 'shape=AaA', 'title', 'camel')
    """
    from .candidates import _HEADS, _NON_HEADS, technique_like

    words = [t[2] for t in _tokens(phrase)]
    if not words:
        return ()
    lower = [w.lower() for w in words]
    head = lower[-1]
    singular = head[:-1] if head.endswith("s") and not head.endswith("ss") and len(head) > 3 else head
    kind = _HEADS.get(head) or _HEADS.get(singular)
    feats = [f"n={min(len(words), 5)}", f"head={singular}", f"first={lower[0]}",
             f"hk={kind.value if kind else None}", f"suf={singular[-3:]}"]
    if head in _NON_HEADS or singular in _NON_HEADS:
        feats.append("nonhead")
    feats.extend(f"w={w}" for w in lower)
    feats.append(f"shape={_shape(words[0])}")
    if len(words) > 1:
        feats.append(f"shapeL={_shape(words[-1])}")
    if any(c.isdigit() for c in phrase):
        feats.append("digit")
    if "-" in phrase:
        feats.append("hyphen")
    if all(w[:1].isupper() for w in words if w.lower() not in _CONNECTORS):
        feats.append("title")
    if any(_CAMEL_RE.search(w) for w in words):
        feats.append("camel")
    if technique_like(phrase):
        feats.append("technique-like")
    if len(phrase) <= 2:
        feats.append("short")
    return tuple(dict.fromkeys(feats))


def _context_words(text: str, start: int, end: int) -> tuple[str, str, str]:
    """The two words before ``text[start:end]`` and the word after it, lower case, edge punctuation trimmed."""
    before = text[max(0, start - 40):start].split()
    if start > 40 and before and not text[start - 41].isspace():
        before = before[1:]  # a word cut by the 40-character window
    after = text[end:end + 40].split(maxsplit=1)
    words = [w.strip(_EDGE_PUNCTUATION).lower() or w for w in before[-2:]]
    words = ["<s>"] * (2 - len(words)) + words
    return words[1], words[0], (after[0].strip(_EDGE_PUNCTUATION).lower() or after[0]) if after else "</s>"


def name_features(text: str, uses: Sequence[tuple[int, int, str, str, str]],
                  kind_of: Callable[[str], str | None] = lambda piece: None) -> list[str]:
    """Sparse features of one name of an abstract, from all its mentions ``(start, end, source, kind, role)``.

    What :func:`span_features` says of its first use (words, head, shape) and :func:`part_features` of its
    pieces (``kind_of`` gives the type a known name has: the gazetteer), then :func:`use_features`: the words
    around each use, the sources that found it, the type the rules gave it and its role. The type scorer
    reads them to retype a name its context types better than the rules did.

    >>> t = "We test on PelvicRT and on the PelvicRT split."
    >>> features = name_features(t, [(11, 19, "coined", "METHOD", "uses"), (31, 39, "coined", "METHOD", "uses")])
    >>> features[9:15], features[-7:]
    (['next=and', 'next=split', 'prev2=on', 'prev2=test', 'prev=on', 'prev=the'], ['src=coined', 'rule=METHOD', 'role=uses', 'rs=METHOD|coined', 'part=pelvic', 'part=rt', 'last=rt'])
    """
    phrase = text[uses[0][0]:uses[0][1]]
    words = phrase_features(phrase)
    return [*words, *use_features(text, uses)[0], *part_features(phrase, kind_of)] if words else []


#: Words of a name's sentence that say what kind of thing it is ("… on the X benchmark", "X outperforms the
#: baselines", "models trained on X").
CUE_WORDS = frozenset("""dataset datasets benchmark benchmarks corpus corpora suite suites data model models backbone
backbones baseline baselines method methods framework frameworks algorithm algorithms trained train training evaluate
evaluated evaluation evaluations finetuned fine-tuned fine-tune tasks task network networks architecture architectures
approach approaches technique techniques split splits images videos samples collected including such outperforms
achieves llm llms vlm vlms encoder decoder agent agents policy policies""".split())
#: The words of a name: "DanceGRPO" → Dance, GRPO; "Geo170K" → Geo, 170K; "Qwen2.5-VL" → Qwen, 2.5, VL.
_PART_RE = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+(?:\.[0-9]+)?[A-Za-z]?")
#: Where a name splits into pieces that may be names themselves: "DanceGRPO", "LLaMA-3.1-8B-IT", "Edit-RRM".
_PIECE_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|[-_ ]")
_SIZE_RE = re.compile(r"[0-9]+(?:\.[0-9]+)?[BM]\b")
_COUNT_RE = re.compile(r"[0-9]+[Kk]\b")
_CUE_RE = re.compile(r"[a-z][a-z-]*")
_WINDOW_RE = re.compile(r"[A-Za-z][A-Za-z-]*")
_SENTENCE_BREAK_RE = re.compile(r"[.?!] ")


@lru_cache(maxsize=65536)
def _parts(phrase: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The lower-cased words of a name (``_PART_RE``) and its pieces (``_PIECE_RE``)."""
    return (tuple(w.lower() for w in _PART_RE.findall(phrase)),
            tuple(p for p in _PIECE_RE.split(phrase) if p))


def part_features(phrase: str, kind_of: Callable[[str], str | None]) -> tuple[str, ...]:
    """What the pieces of a coined name say: its words, its last word, the type of a known name that starts
    or ends it or is a piece of it (``kind_of``: the gazetteer), and a model size or item count in it.

    >>> known = {"grpo": "METHOD", "llama": "MODEL"}.get
    >>> part_features("DanceGRPO", lambda piece: known(piece.lower()))
    ('part=dance', 'part=grpo', 'last=grpo', 'end=METHOD', 'piece=METHOD')
    >>> part_features("LLaMA-3.1-8B-IT", lambda piece: known(piece.lower()))[-2:]
    ('start=MODEL', 'size')
    """
    words, pieces = _parts(phrase)
    feats = [f"part={w}" for w in words]
    if words:
        feats.append(f"last={words[-1]}")
    for k in range(1, len(pieces)):
        for piece, side in (("".join(pieces[:k]), "start"), ("-".join(pieces[:k]), "start"),
                            ("".join(pieces[k:]), "end"), ("-".join(pieces[k:]), "end")):
            if kind := kind_of(piece):
                feats.append(f"{side}={kind}")
    if len(pieces) > 1:
        feats.extend(f"piece={kind}" for piece in pieces if (kind := kind_of(piece)))
    if _SIZE_RE.search(phrase):
        feats.append("size")
    if _COUNT_RE.search(phrase):
        feats.append("count")
    return tuple(dict.fromkeys(feats))


@lru_cache(maxsize=64)
def _sentence_cues(text: str) -> tuple[list[int], list[frozenset[str]]]:
    """Once per abstract: where each sentence ends, and the ``sent=`` features of its cue words."""
    ends = [match.start() + 1 for match in _SENTENCE_BREAK_RE.finditer(text)]
    ends.append(len(text))
    cues, start = [], 0
    for end in ends:
        words = CUE_WORDS.intersection(_CUE_RE.findall(text[start:end].lower()))
        cues.append(frozenset(f"sent={w}" for w in words) if words else frozenset())
        start = end
    return ends, cues


def window_features(text: str, start: int, end: int) -> set[str]:
    """The six words on either side of ``text[start:end]`` within 80 characters (``wl=``, ``wr=``) and the cue
    words of its sentence (``sent=``: "benchmark", "baselines", "trained", …).

    >>> sorted(window_features("Models trained on FooSet beat the baselines. Next.", 18, 24))
    ['sent=baselines', 'sent=models', 'sent=trained', 'wl=models', 'wl=on', 'wl=trained', 'wr=baselines', 'wr=beat', 'wr=next', 'wr=the']
    """
    sentence_ends, cues = _sentence_cues(text)
    feats = {f"wl={w.lower()}" for w in _WINDOW_RE.findall(text, max(0, start - 80), start)[-6:]}
    feats.update(f"wr={w.lower()}" for w in _WINDOW_RE.findall(text, end, end + 80)[:6])
    feats.update(cues[bisect_left(sentence_ends, start + 1)])
    return feats


def use_features(text: str, uses: Sequence[tuple[int, int, str, str, str]]) -> tuple[list[str], str]:
    """The features of a name's uses (see :func:`name_features`) and the type the rules gave it: the type of
    most of its mentions.

    The two words before each use and the word after it, and its :func:`window_features`.
    """
    context = set()
    window: set[str] = set()
    kinds: dict[str, int] = {}
    for start, end, _source, kind, _role in uses:
        prev, prev2, after = _context_words(text, start, end)
        context.update((f"prev={prev}", f"prev2={prev2}", f"next={after}"))
        window |= window_features(text, start, end)
        kinds[kind] = kinds.get(kind, 0) + 1
    rule = max(kinds, key=lambda k: (kinds[k], k))
    sources = sorted({use[2] for use in uses})
    feats = sorted(context)
    feats.extend(sorted(window))
    feats.extend(f"src={source}" for source in sources)
    feats.extend((f"rule={rule}", f"role={uses[0][4]}"))
    feats.extend(f"rs={rule}|{source}" for source in sources)
    return feats, rule


#: What joins two coordinated names: "A, B", "A and B", "A, and B", "A or B", "A/B", "A vs. B".
_COORDINATION_RE = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|vs\.?)\s+|/)\s*")


def sibling_features(text: str, mentions: Sequence[tuple[int, int, str, str]], name: set[int]) -> list[str]:
    """The types of the names coordinated with a name's uses ("models such as scGPT, UCE and X"): ``sib=`` the
    rules' type of each, ``sibg=`` when the gazetteer found it.

    ``mentions`` are the abstract's mentions ``(start, end, source, kind)`` sorted by start; ``name`` the
    indexes of the name's own uses among them.

    >>> t = "Backbones such as Llama-2, FooNet and Mistral."
    >>> ms = [(18, 25, "gazetteer", "MODEL"), (27, 33, "coined", "METHOD"), (38, 45, "gazetteer", "MODEL")]
    >>> sibling_features(t, ms, {1})
    ['sib=MODEL', 'sibg=MODEL']
    """
    feats = set()
    for k in name:
        for other in (k - 1, k + 1):
            if other in name or not 0 <= other < len(mentions):
                continue
            left, right = (mentions[other], mentions[k]) if other < k else (mentions[k], mentions[other])
            if _COORDINATION_RE.fullmatch(text, left[1], right[0]):
                sibling = mentions[other]
                feats.add(f"sib={sibling[3]}")
                if sibling[2] == "gazetteer":
                    feats.add(f"sibg={sibling[3]}")
    return sorted(feats)


@dataclass(frozen=True)
class SpanScorer:
    """Weights of the logistic regression: feature → one weight per class, plus a bias per class."""

    weights: dict[str, tuple[float, ...]]
    bias: tuple[float, ...]
    threshold: float

    def probabilities(self, features: Iterable[str], start: Sequence[float] | None = None) -> list[float]:
        """Class probabilities in ``CLASSES`` order (``start``: the scores of some features already summed with
        the bias, by :meth:`scores`)."""
        z = self.scores(features, start)
        top = max(z)
        exp = [math.exp(v - top) for v in z]
        total = sum(exp)
        return [v / total for v in exp]

    def scores(self, features: Iterable[str], start: Sequence[float] | None = None) -> tuple[float, ...]:
        """``start`` (default: the bias) plus the weights of ``features``, per class (before the softmax)."""
        z0, z1, z2, z3 = start or self.bias
        weights = self.weights
        for feature in features:
            w = weights.get(feature)
            if w is not None:
                z0 += w[0]
                z1 += w[1]
                z2 += w[2]
                z3 += w[3]
        return z0, z1, z2, z3

    def guess(self, features: Iterable[str]) -> tuple[ConceptKind, float]:
        """The likeliest entity type and P(entity), whatever the threshold."""
        p = self.probabilities(features)
        best = max(range(1, len(CLASSES)), key=lambda k: p[k])
        return ConceptKind(CLASSES[best]), 1.0 - p[0]

    def decide(self, features: Iterable[str]) -> tuple[ConceptKind, float] | None:
        """The predicted type and P(entity) when P(entity) reaches the threshold, else None."""
        kind, entity = self.guess(features)
        return (kind, entity) if entity >= self.threshold else None

    def retype(self, p: Sequence[float], rule: str) -> ConceptKind | None:
        """For the type scorer: the likeliest type given class probabilities ``p``, when it is not ``rule`` (the
        rules' type) and is likelier than it by more than the margin (``threshold``); else None."""
        best = max(range(1, len(CLASSES)), key=lambda k: p[k])
        if CLASSES[best] != rule and p[best] - p[CLASSES.index(rule)] > self.threshold:
            return ConceptKind(CLASSES[best])
        return None

    def to_json(self) -> dict:
        return {"classes": list(CLASSES), "threshold": self.threshold, "bias": list(self.bias),
                "weights": {k: list(v) for k, v in sorted(self.weights.items())}}


def load_scorer(path: str | None = None) -> SpanScorer:
    """The scorer stored at ``path`` (default: the shipped span scorer), read once per version of the file."""
    file = Path(path or DEFAULT_PATH).resolve()
    stat = file.stat()
    return _load_scorer(str(file), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _load_scorer(path: str, mtime_ns: int, size: int) -> SpanScorer:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if tuple(data["classes"]) != CLASSES:
        raise ValueError(f"{path}: classes {data['classes']} are not {list(CLASSES)}")
    return SpanScorer({k: tuple(v) for k, v in data["weights"].items()}, tuple(data["bias"]), data["threshold"])


def train(examples: Sequence[tuple[list[str], int]], *, c: float = 1.0, threshold: float = 0.5,
          prune: float = 0.005) -> SpanScorer:
    """Fit a multinomial logistic regression (L2, strength ``1/c``) with L-BFGS on (features, class index) pairs.

    >>> s = train([(["a"], 1), (["b"], 0)] * 5)
    >>> s.decide(["a"])[0].value, s.decide(["b"])
    ('METHOD', None)
    """
    import numpy as np
    import scipy.sparse as sp
    from scipy.optimize import minimize

    vocab: dict[str, int] = {}
    rows, cols = [], []
    for n, (features, _) in enumerate(examples):
        for f in dict.fromkeys(features):
            rows.append(n)
            cols.append(vocab.setdefault(f, len(vocab)))
    x = sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(examples), len(vocab)))
    k, d = len(CLASSES), len(vocab)
    y = np.zeros((len(examples), k))
    y[np.arange(len(examples)), [label for _, label in examples]] = 1.0

    def loss_and_gradient(w):
        weights, bias = w[:d * k].reshape(d, k), w[d * k:]
        z = x @ weights + bias
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        loss = -np.sum(y * np.log(p + 1e-12)) + 0.5 / c * np.sum(weights * weights)
        g = p - y
        return loss, np.concatenate([(x.T @ g + weights / c).ravel(), g.sum(axis=0)])

    result = minimize(loss_and_gradient, np.zeros(d * k + k), jac=True, method="L-BFGS-B",
                      options={"maxiter": 1000})
    weights, bias = result.x[:d * k].reshape(d, k), result.x[d * k:]
    names = sorted(vocab, key=vocab.get)
    kept = {names[i]: tuple(round(float(v), 4) for v in weights[i])
            for i in range(d) if np.abs(weights[i]).max() >= prune}
    return SpanScorer(kept, tuple(round(float(v), 4) for v in bias), threshold)
