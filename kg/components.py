"""spaCy pipeline components of paper-kg; each writes only ``doc._.kg_*`` attributes.

Registered factories (also exposed through the ``spacy_factories`` entry point):
``kg_abbreviations``, ``kg_gazetteer``, ``kg_naming_patterns``, ``kg_concept_resolver``, ``kg_span_scorer``,
``kg_type_scorer``.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from .abbrev import Abbreviation, find_abbreviations
from .candidates import (
    _DEFAULT_FAMILIES, _NON_HEADS, _SUFFIX, MODIFIER_SUFFIX_RE, Candidate, FamilyIndex, _sentence_start,
    apposition_names, coined_names, dataset_phrases, emphasised_names, eponymous_methods, evaluation_datasets,
    exemplified_names, explicit_head_kind, introduced_names, kind_from_context, kind_from_head, kind_from_name,
    kind_then_names, latex_names, list_siblings, model_names, name_shaped, named_techniques, non_entity_context,
    noun_acronyms, technique_like, title_case_names, title_name,
)
from .gazetteer import Gazetteer, is_case_sensitive, load_gazetteer, load_stoplist
from .normalize import concept_key, matching_text
from .records import ConceptKind, Role
from .scorer import (ASCII_DASH_RE, TYPE_PATH, load_scorer, part_features, phrase_features, uncovered_runs,
                     sibling_features, use_features)

__all__ = ["AbbreviationDetector", "GazetteerMatcher", "NamingPatterns", "ConceptResolver", "SpanScoring",
           "TypeScoring"]

_ACRONYM_RE = re.compile(r"(?<![\w-])(?=[a-z0-9-]*[A-Z][a-z0-9-]*[A-Z])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?![\w-])")


def _set_extension(name: str, default: Any) -> None:
    Doc.set_extension(name, default=default, force=True)


def _text(doc: Doc) -> str:
    """The text components match on: the abstract with Unicode hyphens as ``-`` and × as ``x``, read once per document.

    (``doc.text`` joins every token each time it is read.) The original is kept in
    ``doc.user_data["kg_original_text"]`` for the mentions' exact text.
    """
    text = doc.user_data.get("kg_text")
    if text is None:
        original = doc.text
        text = doc.user_data["kg_text"] = matching_text(original)
        doc.user_data["kg_original_text"] = original
    return text


def _original_text(doc: Doc) -> str:
    return doc.user_data.get("kg_original_text") or _text(doc)


class AbbreviationDetector:
    """Schwartz–Hearst abbreviation definitions → ``doc._.kg_abbreviations``."""

    def __init__(self, nlp: Language, name: str) -> None:
        _set_extension("kg_abbreviations", None)

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_abbreviations = find_abbreviations(_text(doc))
        return doc


_WORD_HYPHEN_RE = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")


class GazetteerMatcher:
    """PhraseMatcher over the gazetteer's names and aliases → ``doc._.kg_candidates``.

    Short and all-capital aliases match case-sensitively (ORTH), the rest on LOWER; a hyphenated name
    also matches written with spaces when the text capitalises it ("Kolmogorov Arnold Networks").
    """

    def __init__(self, nlp: Language, name: str, gazetteer_path: str | None = None) -> None:
        _set_extension("kg_candidates", None)
        self.gazetteer: Gazetteer = load_gazetteer(gazetteer_path)
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.folded = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.entries = []
        self.spaced = PhraseMatcher(nlp.vocab, attr="LOWER")
        exact: dict[str, list[Doc]] = {}
        folded: dict[str, list[Doc]] = {}
        spaced: dict[str, list[Doc]] = {}
        for index, entry in enumerate(self.gazetteer.entries):
            self.entries.append(entry)
            for form in entry.surface_forms:
                target = exact if is_case_sensitive(form) else folded
                target.setdefault(str(index), []).append(nlp.make_doc(form))
                if target is folded and _WORD_HYPHEN_RE.search(form) and not form.islower():
                    # "Kolmogorov Arnold Networks": a hyphenated name is also written with a space.
                    spaced.setdefault(str(index), []).append(nlp.make_doc(_WORD_HYPHEN_RE.sub(" ", form)))
                if target is exact and _acronym_like(form) and form[-1].isupper():
                    # "CNNs", "LSTMs": the plural of an acronym is written with a lower-case s.
                    target[str(index)].append(nlp.make_doc(form + "s"))
        for key, docs in exact.items():
            self.exact.add(key, docs)
        for key, docs in folded.items():
            self.folded.add(key, docs)
        for key, docs in spaced.items():
            self.spaced.add(key, docs)

    def __call__(self, doc: Doc) -> Doc:
        found: list[Candidate] = list(doc._.kg_candidates or [])
        for matcher in (self.exact, self.folded, self.spaced):
            for match_id, start, end in matcher(doc):
                entry = self.entries[int(doc.vocab.strings[match_id])]
                span = doc[start:end]
                if matcher is self.spaced and span.text.islower():
                    continue  # "do not answer" is a phrase; "Do Not Answer", like "Do-Not-Answer", a name
                found.append(Candidate(
                    span.start_char, span.end_char, span.text, entry.kind, "gazetteer",
                    0.6 if entry.ambiguous else (0.95 if entry.tier == "named" else 0.8),
                    canonical=entry.name, broader=entry.broader, tier=entry.tier,
                ))
        doc._.kg_candidates = found
        return doc


class NamingPatterns:
    """Versioned model names, coined, introduced and emphasised names, variants of known names → ``doc._.kg_candidates``."""

    def __init__(self, nlp: Language, name: str, gazetteer_path: str | None = None) -> None:
        _set_extension("kg_candidates", None)
        gazetteer = load_gazetteer(gazetteer_path)
        families = set(_DEFAULT_FAMILIES)
        for entry in gazetteer.entries:
            if entry.kind is ConceptKind.MODEL and entry.tier == "named":
                families.update(f for f in entry.surface_forms
                                if re.fullmatch(r"[A-Z][A-Za-z]+(?:[- ][A-Z][A-Za-z]+)?", f) and len(f) >= 3)
        self.families = FamilyIndex(families)
        self.gazetteer = gazetteer

    def __call__(self, doc: Doc) -> Doc:
        text = _text(doc)
        found: list[Candidate] = list(doc._.kg_candidates or [])
        found.extend(model_names(text, self.families))
        found.extend(introduced_names(text))
        found.extend(emphasised_names(text))
        found.extend(dataset_phrases(text))
        found.extend(apposition_names(text))
        found.extend(kind_then_names(text))
        found.extend(evaluation_datasets(text))
        found.extend(exemplified_names(text))
        found.extend(coined_names(text))
        found.extend(latex_names(text) if "$" in text else ())
        found.extend(title_case_names(text))
        found.extend(named_techniques(text))
        found.extend(noun_acronyms(text))
        found.extend(eponymous_methods(text))
        found.extend(self._variants(text, found))
        found.extend(self._dataset_variants(text, found, self.gazetteer))
        found.extend(self._versions(text, found, self.gazetteer))
        doc._.kg_candidates = found
        return doc

    @staticmethod
    def _dataset_variants(text: str, found: list[Candidate], gazetteer) -> list[Candidate]:
        """A known benchmark with a split or edition suffix is that variant: "Global-MMLU-Lite", "SWE-bench Verified",
        "Gym-Robotics", "Atari-5", "iNaturalist-C", "AMOS 2022"."""
        out = []
        for cand in found:
            if cand.kind is not ConceptKind.DATASET or cand.tier != "named":
                continue
            base = cand.canonical or cand.text
            # A dataset found by its context only takes an edition year: "AMOS 2022", "MRQA 2019".
            known = cand.source == "gazetteer"
            other = _WORD_SIBLING_RE.match(text, cand.end) if known and "-" in cand.text else None
            entry = gazetteer.lookup(f"{cand.text.rsplit('-', 1)[0]}-{other.group(1)}") if other else None
            if entry is not None and entry.kind is ConceptKind.DATASET:
                # "ARC-Easy/Challenge": ARC-Easy and ARC-Challenge, when both are known.
                out.extend(replace(cand, end=other.end(), text=text[cand.start:other.end()], canonical=name,
                                   source="variant", broader=broader)
                           for name, broader in ((base, cand.broader), (entry.name, entry.broader)))
                continue
            siblings = _NUMBER_SIBLINGS_RE.match(text, cand.end) if known and base[-1:].isdigit() else None
            if siblings:
                # "CIFAR-10/100": CIFAR-10 and CIFAR-100.
                stem = base.rstrip("0123456789")
                number = base[len(stem):]
                century = number[:2] if len(number) == 4 and number[:2] in ("19", "20") else ""
                # "AIME 2024/25": the second edition is 2025, not 25
                names = [base] + [stem + (century if len(n) == 2 else "") + n for n in siblings.group(0).split("/") if n]
                end = siblings.end()
                shared = _SHARED_SUFFIX_RE.match(text, end)
                if shared:  # "CIFAR-10/100-C": CIFAR-10-C and CIFAR-100-C
                    end = shared.end()
                    names = [name + shared.group(0) for name in names]
                out.extend(replace(cand, end=end, text=text[cand.start:end], canonical=name, source="variant",
                                   broader=base if shared else cand.broader)
                           for name in names)
                continue
            match = _DATASET_SUFFIX_RE.match(text, cand.end)
            if not match or not (known or match.group("years")):
                continue
            if match.group("years"):
                names = _editions(base, match)
            elif match.group("part"):
                part = gazetteer.lookup(match.group("part")[1:])
                if part is not None and part.kind is not ConceptKind.DATASET:
                    continue  # "GRF-LLM": a model or method built on the benchmark, not a part of it
                names = [text[cand.start:match.end()]]  # as written: "Atari-5", not "Arcade Learning Environment-5"
            else:
                names = [base + match.group(0)]
            out.extend(replace(cand, end=match.end(), text=text[cand.start:match.end()], canonical=name,
                               broader=base, source="variant") for name in names)
        return out

    @staticmethod
    def _versions(text: str, found: list[Candidate], gazetteer) -> Iterator[Candidate]:
        """A name with a version or edition written after it, a known model with a variant suffix, or a
        dimension before a known model, is that variant: "FourCastNet v2", "PaddleOCR 3.0", "DiffRhythm 2,",
        "GSM-Symbolic+", "GPT-o3-mini", "3D U-Net"."""
        for cand in found:
            if cand.source not in ("gazetteer", "coined") or cand.tier != "named":
                continue
            start, end = cand.start, cand.end
            after = _VERSION_AFTER_RE.match(text, end)
            if after:
                end = after.end()
            elif cand.kind is ConceptKind.MODEL and cand.source == "gazetteer" and \
                    (tail := _SUFFIX_AFTER_RE.match(text, end)) and \
                    not any(c.source == "model-pattern" and c.start <= start and c.end >= tail.end() for c in found):
                end = tail.end()  # a variant suffix no family pattern took: "GPT-o3-mini"
            if cand.kind is ConceptKind.MODEL and cand.source == "gazetteer" and \
                    (before := _DIMENSION_BEFORE_RE.search(text, max(0, start - 4), start)):
                start = before.start()
            if (start, end) == (cand.start, cand.end):
                continue
            name = text[start:end]
            entry = gazetteer.lookup(cand.text) if cand.source == "coined" else None
            yield Candidate(start, end, name, entry.kind if entry else cand.kind, "variant",
                            max(cand.confidence, 0.75), canonical=name,
                            broader=entry.name if entry else cand.canonical or cand.text, role=cand.role)

    @staticmethod
    def _variants(text: str, found: list[Candidate]) -> Iterator[Candidate]:
        """Capitalised modifiers before a known or coined name make a variant of it: "Clipped Stochastic
        Gradient Descent", "Region Mixup", "Intelligent Go-Explore", "Dual ReferenceNet" (named, with
        the shorter name as ``broader``)."""
        for cand in found:
            if cand.source not in ("gazetteer", "coined") or cand.tier != "named" or cand.start < 2:
                continue
            match = _VARIANT_PREFIX_RE.search(text, max(0, cand.start - 60), cand.start)
            if match is None:
                continue
            words = match.group(0).split()
            while words and (words[0] in _NOT_VARIANT_WORDS or any(MODIFIER_SUFFIX_RE.search(w) for w in words)):
                words = words[1:]  # "Mamba-based U-Net" is a U-Net built on Mamba, not a variant named so
            if not words:
                continue
            start = cand.start - len(" ".join(words)) - 1
            if text[start:cand.start].rstrip() != " ".join(words):
                continue
            before = text[:start].rstrip()
            if not before or before.endswith((".", ":", ";", "!", "?")):
                continue  # a capital at a sentence start says nothing
            if re.match(r"[ -][A-Z]", text[cand.end:cand.end + 2]):
                continue  # inside a longer name: "Frechet Inception Distance"
            name = text[start:cand.end]
            yield Candidate(start, cand.end, name, cand.kind, "variant", 0.8, canonical=name,
                            broader=cand.canonical or cand.text)


def _editions(base: str, match: re.Match) -> list[str]:
    """The editions a year suffix names: "AIME 2024/2025" two, "AIME24" is written "AIME 2024", "AIME'24/'25"."""
    years = match.group("years").replace("'", "").split("/")
    return [f"{base} {y if len(y) == 4 else (years[0][:2] if len(years[0]) == 4 else '20') + y}" for y in years]


#: A version after a name: "+", "v2", "V3.1", " 3.0" (not a score: "CIDEr 108.4"), or one digit that ends
#: the phrase ("DiffRhythm 2,").
_VERSION_AFTER_RE = re.compile(
    r"\+\+?(?![\w+])|[ -]?[vV]\d+(?:\.\d+)*(?![\w.-]|\.\d)|"
    r" \d(?:\.\d+)+(?![\w.%-]|\.\d)| \d(?=[,;:)]|\.(?!\d)| \(| (?:and|or)\b)")
#: A description that makes a paper's own system a trained model: "X is post-trained from …", "X is trained
#: as a masked language model".
_TRAINED_AFTER_RE = re.compile(
    r",?\s+(?:is|was)\s+(?:then\s+|further\s+|first\s+)?(?:post-|pre-?)?(?:trained|fine-?tuned|finetuned)\s+"
    r"(?:from|on|as|with|via|using)\b")
#: A measured quantity, no entity: "number of reward evaluations (NREs)".
_QUANTITY_RE = re.compile(r"(?:[Nn]umber|[Aa]mount|[Ff]raction|[Pp]roportion|[Pp]ercentage|[Dd]egree) of\b")
#: Variant suffixes after a known model: "-mini" in "GPT-o3-mini".
_SUFFIX_AFTER_RE = re.compile(rf"(?:-{_SUFFIX})+(?![\w.-]*\w)")
#: A dimension written before a known model: "3D U-Net", "2D-CNN".
_DIMENSION_BEFORE_RE = re.compile(r"(?<![\w-])[1-4]D[ -]$")
_METRIC_AFTER_RE = re.compile(
    r"[ -](?:[Dd]istance|[Ss]core|[Ss]cores(?! (?:\d|only\b|just\b|about\b|over\b))|(?P<measured>[Aa]ccuracy|[Ee]rror|[Rr]ate)|"
    r"[Dd]ivergence)\b")
#: A name with an edition number: "ChEMBL35", "ImageNet-32" (the stem is looked up).
_NUMBERED_RE = re.compile(r"([A-Za-z][\w-]{2,}?[A-Za-z])-?(\d+)")
_PARENTHESIS_RE = re.compile(r"\s*\([^()]{1,30}\)")
_URL_RE = re.compile(r"(?:https?://|www\.)\S+")
_WORD_SIBLING_RE = re.compile(r"/([A-Z][A-Za-z0-9]*)(?![\w-])")
_NUMBER_SIBLINGS_RE = re.compile(r"(?:/\d+)+(?![\w])")
_SHARED_SUFFIX_RE = re.compile(r"-[A-Z](?![\w-])")
_DATASET_SUFFIX_RE = re.compile(
    r"(?:-| )(?:Lite|Pro|Verified|Hard|Mini|Plus|Full|Extended|Diamond|Redux|Live|Multilingual)(?![\w-])|"
    r"[- ]?(?P<years>(?:19|20)\d\d(?:/(?:(?:19|20)?\d\d))*|'[0-3]\d(?:/'[0-3]\d)*)(?![\w-])|"
    r"(?P<part>-(?:[A-Z][a-z]+|\d+|[A-Z]{1,3}))(?![\w-]|\.\d)")  # "Gym-Robotics", "Atari-5", "iNaturalist-C"
_VARIANT_PREFIX_RE = re.compile(r"(?:(?<![A-Za-z0-9-])[A-Z][a-z]+(?:-[A-Za-z]+)*\s){1,2}$")
#: Capitalised words that describe rather than name a variant ("Standard Transformer", "Vanilla PPO").
_NOT_VARIANT_WORDS = frozenset(
    "Standard Vanilla Classic Classical Original Existing Large Small Modern Traditional Conventional Deep "
    "Recent Popular Common Typical Naive Simple Basic Full Base Baseline Prior Previous Current "
    "The A An This That These Those Our Its Their Both Each Using With Unlike Like Beyond From Across In On "
    "For And Or Of To By Via Then While When Although However Moreover Here Thus Also Only Even Instead "
    "Pretrained Pre-trained Fine-tuned Finetuned Trained Open Open-source Closed Proprietary Frontier "
    "State-of-the-art Strong Weak Multiple Several Many Various Different Other Same Two Three".split()
)


_INTRO_BEFORE_RE = re.compile(
    r"\b(?:we|this paper|this work)\s+(?:\w+\s+){0,2}(?:propose|introduce|present|develop|design|"
    r"release|construct|curate|call|name|term|dub)s?\b|\bour\s+(?:\w+\s+){0,2}$|\bcalled\s+$|\bdubbed\s+$",
    re.IGNORECASE,
)


def _proposed_here(text: str, start: int) -> bool:
    """True when the sentence before ``start`` says the paper introduces what follows."""
    before = text[_sentence_start(text, start):start]
    return bool(_INTRO_BEFORE_RE.search(before)) and len(before) < 200


class ConceptResolver:
    """Combine abbreviation definitions and candidates into typed, non-overlapping mentions.

    Writes ``doc._.kg_mentions`` (Candidate records with canonical names and
    roles), ``doc._.kg_acronyms`` ((short, canonical, kind) definitions made in
    this document) and ``doc._.kg_acronym_uses`` (acronym-like tokens no
    mention covers, for corpus-wide resolution).
    """

    def __init__(self, nlp: Language, name: str, gazetteer_path: str | None = None,
                 stoplist_path: str | None = None) -> None:
        for ext in ("kg_mentions", "kg_acronyms", "kg_acronym_uses", "kg_candidates", "kg_abbreviations"):
            _set_extension(ext, None)
        self.gazetteer = load_gazetteer(gazetteer_path)
        self.stoplist = load_stoplist(stoplist_path)

    def _list_siblings(self, text: str, chosen: list[Candidate]) -> list[Candidate]:
        """Datasets and models coordinated with a known one ("on GSM8K, SVAMP and FooQA") share its type."""
        out: list[Candidate] = []
        taken = {(c.start, c.end) for c in chosen}
        untyped = {(c.start, c.end): c for c in chosen if c.source in ("coined", "latex") and c.confidence <= 0.6}
        for cand in chosen:
            if cand.kind not in (ConceptKind.DATASET, ConceptKind.MODEL) or cand.confidence < 0.8:
                continue
            for start, end, name in list_siblings(text, cand.start, cand.end):
                if (start, end) in untyped:  # "on OmniBench, DailyOmni, and MMAR": a coined name no context typed
                    out.append(replace(untyped.pop((start, end)), kind=cand.kind, source="list", confidence=0.65))
                    continue
                if (start, end) in taken or concept_key(name) in self.stoplist or len(name) < 3 \
                        or MODIFIER_SUFFIX_RE.search(name):
                    continue  # "CNN-based" in "CLIP-based, CNN-based models" names a kind, not a sibling
                if not name_shaped(name):
                    continue
                entry = self.gazetteer.lookup(name)
                if entry is not None:
                    out.append(Candidate(start, end, name, entry.kind, "gazetteer", 0.9, canonical=entry.name,
                                         broader=entry.broader, tier=entry.tier))
                else:
                    out.append(Candidate(start, end, name, cand.kind, "list", 0.65))
                taken.add((start, end))
        return out

    def _typed_as_described(self, text: str, chosen: list[Candidate],
                            title: tuple[str, ConceptKind | None] | None = None) -> list[Candidate]:
        """A paper's own name takes the type the text gives it, over the type its shape suggests.

        ANNOTATION.md: a named system a paper introduces is a METHOD unless the text calls it a model or
        network; so "RoboPARA, a dual-mode planning framework" is a METHOD though "PARA" reads like a
        name, and "our baseline model, YearCLIP" a MODEL. The description is the noun after a mention
        ("X framework", "X, a framework for …") or before it ("the model X"), at any of its mentions; "X is
        post-trained from …" calls X a model.

        ``title`` is the name a title gives the paper's system and the type the title's description
        gives it (:func:`kg.candidates.title_name`): that name is proposed, and takes that type when
        neither the abstract nor the name itself says what it is ("HSG-12M: A Large-Scale Dataset …").
        """
        if title is not None:
            title_key = concept_key(title[0])
            chosen = [replace(c, role=Role.PROPOSES) if c.role is Role.USES and c.source != "gazetteer" and
                      title_key in (concept_key(c.canonical or c.text), concept_key(c.text)) else c for c in chosen]
        described: dict[str, ConceptKind | None] = {}
        for cand in chosen:
            if cand.role is not Role.PROPOSES or cand.source in _SHAPE_TRUSTED or \
                    self.gazetteer.lookup(cand.canonical or cand.text) is not None:
                continue
            key = concept_key(cand.canonical or cand.text)
            if explicit_head_kind(cand.canonical or cand.text) is not None:
                described[key] = None  # the name says what it is: "Ranked Confidence Net", "X Benchmark"
            if key not in described:
                after = cand.end + 1 if text[cand.end:cand.end + 1] == ")" else cand.end
                if _VERB_AFTER_RE.match(text, after):
                    continue  # "TVM models the transition …": a verb, not a description
                kind = kind_from_context(text, cand.start, after)
                if kind is None and _TRAINED_AFTER_RE.match(text, after):
                    kind = ConceptKind.MODEL  # "X is post-trained from Qwen3-14B": the text calls X a model
                if kind is not None:
                    described[key] = kind
        by_title = None
        if title is not None and title[1] is not None and title_key not in described and \
                explicit_head_kind(title[0]) is None:
            by_title = title_key
            described[title_key] = title[1]
        described = {k: v for k, v in described.items() if v is not None}
        if not described:
            return chosen
        out = []
        for c in chosen:
            k = concept_key(c.canonical or c.text)
            if c.role is Role.PROPOSES and k in described and described[k] is not c.kind and (
                    c.source not in _SHAPE_TRUSTED or k == by_title and c.source != "gazetteer"):
                c = replace(c, kind=described[k])
            out.append(c)
        return out

    # -- abbreviation definitions ------------------------------------------------
    def _from_abbreviation(self, text: str, abbr: Abbreviation) -> tuple[list[Candidate], tuple[str, str, ConceptKind] | None]:
        if concept_key(abbr.long) in self.stoplist or concept_key(abbr.short) in self.stoplist:
            return [], None
        entry = self.gazetteer.lookup(abbr.long)
        if entry is None:
            short_entry = self.gazetteer.lookup(abbr.short)
            if short_entry is not None and not short_entry.ambiguous and \
                    concept_key(short_entry.name) == concept_key(abbr.long):
                entry = short_entry
        role = Role.PROPOSES if _proposed_here(text, abbr.long_start) else Role.USES
        kind = entry.kind if entry else self._definition_kind(text, abbr, role)
        if kind is None:
            return [], None
        canonical = entry.name if entry else _singular_long_form(abbr.long, abbr.short)
        confidence = 0.95 if entry else 0.85 if abbr.exact else 0.75
        out = [
            Candidate(abbr.long_start, abbr.long_end, text[abbr.long_start:abbr.long_end], kind, "abbreviation", confidence,
                      canonical=canonical, role=role, broader=entry.broader if entry else None),
            Candidate(abbr.short_start, abbr.short_end, abbr.short, kind, "abbreviation", confidence,
                      canonical=canonical, role=role, broader=entry.broader if entry else None),
        ]
        # Later uses of the short form in the same abstract (a plain search: compiling a regex per acronym
        # overflowed re's cache and cost more than the rest of the resolver).
        for start, end in _later_uses(text, abbr.short.rstrip("s"), abbr.short_end):
            out.append(Candidate(start, end, text[start:end], kind, "abbreviation",
                                 confidence - 0.05, canonical=canonical, role=role,
                                 broader=entry.broader if entry else None))
        return out, (abbr.short, canonical, kind)

    def _definition_kind(self, text: str, abbr: Abbreviation, role: Role) -> ConceptKind | None:
        """Type of an acronym definition the gazetteer does not know, or None when it is no entity.

        In order: the head noun of the long form, a known name at its end
        ("Dynamic Parametric RAG" is a kind of RAG), the noun after the definition
        ("Foo Bar (FB) framework", "FB, a benchmark"), then the shape of the long
        form: a technique-like phrase, or any Title Case name the paper proposes,
        is a METHOD unless its head names a task, metric or phenomenon.
        """
        long = abbr.long
        after = abbr.short_end + 1 if text[abbr.short_end:abbr.short_end + 1] == ")" else abbr.short_end
        if abbr.long_start > abbr.short_start:  # "SF (long form)": what follows the parenthesis
            after = abbr.long_end + 1 if text[abbr.long_end:abbr.long_end + 1] == ")" else abbr.long_end
        if non_entity_context(text, after) or _QUANTITY_RE.match(long):
            return None
        kind = explicit_head_kind(long)
        if kind is not None:
            return kind
        words = re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", long)
        for size in (3, 2, 1):
            if len(words) > size:
                tail_entry = self.gazetteer.lookup(" ".join(words[-size:]))
                if tail_entry is not None and not tail_entry.ambiguous:
                    return tail_entry.kind
        kind = kind_from_context(text, after, after) or kind_from_head(long)  # then "-ing": a procedure
        if kind is not None:
            return kind
        head = words[-1].lower() if words else ""
        if len(words) < 2 or head in _NON_HEADS or head.rstrip("s") in _NON_HEADS:
            return None
        if technique_like(long) and (role is Role.PROPOSES or _title_case(long) or long.islower()):
            # "large eddy simulation (LES)": a technique named with an acronym.
            return ConceptKind.METHOD
        if role is Role.PROPOSES and not re.search(r"(?:ity|ness|ism)$", head):
            # "we propose Adaptive Task Vectors (ATV)", "our contact Wasserstein geodesic (CWG)": a paper's
            # named contribution is a METHOD unless the text calls it a model or dataset (ANNOTATION.md).
            return ConceptKind.METHOD
        return None

    def __call__(self, doc: Doc) -> Doc:
        text = _text(doc)
        original = _original_text(doc)
        pool: list[Candidate] = []
        acronyms = []
        for abbr in doc._.kg_abbreviations or []:
            abbr = _without_quotes(text, abbr)
            candidates, definition = self._from_abbreviation(text, abbr)
            pool.extend(candidates)
            if definition:
                acronyms.append(definition)
        for cand in doc._.kg_candidates or []:
            if "--" in cand.text and ASCII_DASH_RE.search(cand.text):  # "Drop-Muon--a simple framework"
                cand = _before_dash(cand)
                if cand is None:
                    continue
            if cand.text[:1] in "_*" or cand.text[-1:] in "_*":  # Markdown emphasis: "_Online Probe Profiling Scheme_"
                cand = _without_marks(cand)
                if cand is None:
                    continue
            if cand.source == "coined" and "–" in original[cand.start:cand.end]:
                continue  # an en dash joins two things, not the parts of a coined name: "EEG–fMRI", "SQL–Cypher"
            key = concept_key(cand.text)
            if cand.source != "gazetteer" and (key in self.stoplist or concept_key(cand.canonical or cand.text) in self.stoplist
                                               or (cand.source == "variant" and cand.broader
                                                   and concept_key(cand.broader) in self.stoplist)):
                continue  # never an entity, nor a variant of one ("ChrF++")
            if cand.source == "gazetteer" and (uses := _METRIC_ACRONYMS.get(cand.text.rstrip("s"))) and \
                    uses.search(text):
                continue  # "improves MAE by 6.6%", "an MAE of 0.55": mean absolute error, not Masked Autoencoders
            if cand.source == "gazetteer" and cand.tier == "generic" and not _acronym_like(cand.text):
                continue  # broad categories in words (transformer, supervised learning) only count when defined
            if cand.source == "gazetteer" and cand.start > 1 and text[cand.start - 1] == "-" and \
                    text[cand.start - 2].isalnum() and original[cand.start - 1] not in "–—":
                continue  # the tail of a hyphenated name: "SAM" in "MST-SAM" (not after a dash: "models–Qwen3-32B")
            if cand.kind is not ConceptKind.DATASET and (metric := _METRIC_AFTER_RE.match(text, cand.end)) and not (
                    cand.kind is ConceptKind.MODEL and metric.group("measured")):
                # part of a metric's name: "Frechet Inception Distance", "CLIP score" (not what a model is
                # measured by: "ResNet-50 accuracy"; not the verb: "GPT-4.1 scores 25.8%")
                continue
            if cand.source in _PATTERN_SOURCES and (suffix := MODIFIER_SUFFIX_RE.search(cand.text)):
                # "RWKV-inspired", "CLIP-based": the name before the modifier suffix, if it is one.
                stem = cand.text[:suffix.start()]
                if self.gazetteer.lookup(stem) is None and (
                        not name_shaped(stem) or cand.source not in ("coined", "named-technique", "emphasis")):
                    continue  # "GPU-parallelized benchmarks": the stem is not what the pattern named
                cand = replace(cand, end=cand.start + len(stem), text=stem, canonical="")
            if cand.source in _PATTERN_SOURCES:
                entry = self.gazetteer.lookup(cand.canonical if cand.source == "latex" else cand.text)
                if entry is None and " " not in cand.text:
                    entry = self.gazetteer.lookup_compact(cand.text)  # "BigBenchHard" is BIG-Bench Hard
                if entry is None and cand.source == "coined":
                    stem = _NUMBERED_RE.fullmatch(cand.text)
                    known = self.gazetteer.lookup(stem.group(1)) if stem else None
                    if known is not None and known.tier == "named":
                        # "ChEMBL35", "ScanNet200", "ImageNet-32": a numbered edition of a known name
                        pool.append(replace(cand, kind=known.kind, canonical=cand.text, confidence=0.8,
                                            broader=known.name, source="variant"))
                        continue
                if entry is not None and cand.source == "title" and entry.tier == "generic":
                    continue  # "Large Language Models" in Title Case is still a broad category
                if entry is not None:
                    cand = replace(cand, kind=entry.kind, canonical=entry.name, confidence=max(cand.confidence, 0.9),
                                   broader=entry.broader)
            pool.append(cand)
        urls = _url_spans(text)
        if urls:  # a repository link (anonymous.4open.science/r/TimeFlow-59E4) names no method
            pool = [c for c in pool if not any(s <= c.start < e for s, e in urls)]
        chosen = _non_overlapping(pool)
        chosen = _non_overlapping(chosen + self._list_siblings(text, chosen))
        chosen = _consistent_kinds(chosen)
        chosen = _repeated(text, chosen)
        # Role: anything introduced in this abstract is proposed wherever it is mentioned, even
        # when another extractor (say the gazetteer) won the span.
        proposing = [c for c in pool if c.role is Role.PROPOSES]
        proposed = {concept_key(c.canonical or c.text) for c in proposing} | {concept_key(c.text) for c in proposing}
        proposed_spans = {(c.start, c.end) for c in proposing}
        for index, cand in enumerate(chosen):
            if cand.role is Role.USES and (
                concept_key(cand.canonical or cand.text) in proposed or (cand.start, cand.end) in proposed_spans or
                (cand.source in ("coined", "latex", "model-pattern", "dataset-pattern", "named-technique", "title") and
                 _proposed_here(text, cand.start))
            ):
                chosen[index] = replace(cand, role=Role.PROPOSES)
        chosen = self._typed_as_described(text, chosen, title_name(doc.user_data.get("kg_title")))
        if original != text:  # mentions quote the abstract as written
            chosen = [replace(c, text=original[c.start:c.end]) for c in chosen]
        doc._.kg_mentions = chosen
        doc._.kg_acronyms = acronyms
        covered = {position for c in chosen for position in range(c.start, c.end)}
        doc._.kg_acronym_uses = [
            (m.start(), m.end(), original[m.start():m.end()]) for m in _ACRONYM_RE.finditer(text)
            if m.start() not in covered
        ]
        return doc


class SpanScoring:
    """Add capitalised names no rule claimed when the learned scorer (``kg.scorer``) calls them entities.

    Runs after ``kg_concept_resolver`` and adds to ``doc._.kg_mentions``
    (source ``scorer``, confidence = the scorer's P(entity)). Undefined
    acronyms it types stay in ``doc._.kg_acronym_uses`` too, so that a
    definition elsewhere in the corpus still wins.
    """

    def __init__(self, nlp: Language, name: str, scorer_path: str | None = None, gazetteer_path: str | None = None,
                 stoplist_path: str | None = None) -> None:
        _set_extension("kg_mentions", None)
        self.scorer = load_scorer(scorer_path)
        self.gazetteer = load_gazetteer(gazetteer_path)
        self.stoplist = load_stoplist(stoplist_path)

    def _skip(self, phrase: str) -> bool:
        # Never an entity (stoplist), or a name the gazetteer knows and the rules chose not to emit here:
        # broad categories ("Large Language Models"), a metric's part, the tail of a hyphenated name; also
        # such a name after a word that describes it ("Standard Transformer", "Vanilla Transformers").
        if concept_key(phrase) in self.stoplist or self.gazetteer.lookup(phrase) is not None:
            return True
        first, _, rest = phrase.partition(" ")
        return bool(rest) and first in _NOT_VARIANT_WORDS and self.gazetteer.lookup(rest) is not None

    @staticmethod
    def _said_not_entity(text: str, end: int) -> bool:
        """"X (RIM), a phenomenon …", "X, a new task": the abstract says what X is, and it is no entity."""
        parenthesis = _PARENTHESIS_RE.match(text, end)
        return non_entity_context(text, parenthesis.end() if parenthesis else end)

    def runs(self, doc: Doc) -> list[tuple[int, int, list[str]]]:
        """``(start, end, features)`` of the capitalised runs no mention covers (what the scorer judges).

        A run that is the name the paper's title gives its system ("NEO: Test-Time Adaptation …")
        carries the feature ``title-name``: :meth:`__call__` takes it without asking the scorer.
        """
        text = _text(doc)
        urls = _url_spans(text)
        mentions = doc._.kg_mentions or []
        defined = frozenset(form for a in doc._.kg_abbreviations or () for form in (a.short, a.long))
        runs = uncovered_runs(text, [(m.start, m.end) for m in mentions] + urls, proposed=_proposed_here,
                              skip=self._skip, defined=defined, kind_of=self.gazetteer.named_kind)
        title = title_name(doc.user_data.get("kg_title"))
        if title is not None:
            key = concept_key(title[0])
            runs = [(s, e, f + ["title-name"] if concept_key(text[s:e]) == key else f) for s, e, f in runs]
        return runs

    @staticmethod
    def _described_kind(text: str, start: int, end: int) -> ConceptKind | None:
        """The type the name's head, its shape or its context gives ("… Network", "FooBench", "X, a model"),
        which the scorer's own guess of the type only stands in for (it typed 16 of 108 dev names wrongly
        in cross-validation; these rules fixed 5 of them and broke none)."""
        name = text[start:end]
        return explicit_head_kind(name) or kind_from_name(name) or kind_from_context(text, start, end)

    def _decide(self, text: str, title: tuple[str, ConceptKind | None] | None, start: int, end: int,
                features: list[str]) -> tuple[ConceptKind, float] | None:
        """Type and confidence of a run, or None when it is no entity.

        A run that is the name the paper's title gives its system (``title``, from
        :func:`kg.candidates.title_name`) is an entity (dev gold: 32 such runs, of 14 names, were named
        entities and 1 run was not), with the scorer's P(entity), at least 0.5, as confidence; any other
        run is an entity when the scorer says so. The type is what the title calls the name ("X: A
        Benchmark for …"), else what its head, shape or context says, else the scorer's guess.
        """
        named = title if "title-name" in features else None
        guess, entity = self.scorer.guess(features)
        if named is not None:
            entity = max(entity, 0.5)
        elif entity < self.scorer.threshold:
            return None
        kind = (named[1] if named is not None else None) or self._described_kind(text, start, end) or guess
        return kind, entity

    def __call__(self, doc: Doc) -> Doc:
        text = _text(doc)
        mentions = list(doc._.kg_mentions or [])
        original = _original_text(doc)
        title = title_name(doc.user_data.get("kg_title"))
        # One name, one decision per abstract: the scorer judges each use by its context, and the use it is
        # surest of decides for all of them (type and confidence), so no use of an accepted name is left out.
        # An abbreviation's short and long form are one name ("Neural Feature Ansatz (NFA) … the NFA").
        same = {concept_key(a.short): concept_key(a.long) for a in doc._.kg_abbreviations or ()}
        judged = []
        best: dict[str, tuple[ConceptKind, float]] = {}
        for start, end, features in self.runs(doc):  # runs never overlap each other or a mention
            if self._said_not_entity(text, end):
                continue
            key = concept_key(text[start:end])
            key = same.get(key, key)
            decision = self._decide(text, title, start, end, features)
            if decision is not None and (key not in best or decision[1] > best[key][1]):
                best[key] = decision
            judged.append((start, end, features, key))
        added = []
        for start, end, features, key in judged:
            decision = best.get(key)
            if decision is None:
                continue
            kind, probability = decision
            added.append(Candidate(start, end, original[start:end], kind, "scorer", round(probability, 3),
                                   canonical=text[start:end],
                                   role=Role.PROPOSES if "proposed" in features or "title-name" in features
                                   else Role.USES))
        if added:
            proposed = {concept_key(m.canonical or m.text) for m in mentions + added if m.role is Role.PROPOSES}
            added = [replace(c, role=Role.PROPOSES) if concept_key(c.canonical) in proposed else c for c in added]
            doc._.kg_mentions = sorted(mentions + added, key=lambda c: (c.start, c.end, c.canonical))
        return doc


class TypeScoring:
    """Retype a name when its context says more clearly than the rules what it is (``kg.scorer.name_features``).

    Runs last. For each name of the abstract (its mentions grouped by concept key), a multinomial logistic
    regression over METHOD / MODEL / DATASET, trained on the development gold's named entities
    (``scripts/train_span_scorer.py``), reads the name's words and pieces (with the type of a known name among
    them: "GRPO" in "DanceGRPO"), the words around its uses and the cue words of their sentences, the types of
    the names coordinated with it ("models such as scGPT, UCE and X"), the sources that found it and the type
    the rules gave it. When it gives another type a probability higher than the rules' type by more than its
    margin (``threshold`` in the weights file), every mention of the name takes that type, and so does its
    acronym definition. Cross-validated on the dev gold (10 folds of annotation groups, 38,826 names): margin
    0.2 fixed 708 types and broke 191 ("Honey-Data-15M" and "WildFeedback" used as data are DATASET,
    "DanceGRPO" a METHOD); without the coordinated names' types, 664 and 183. A broad category the gazetteer
    lists as generic ("LLMs", "GNNs") is never retyped: the gold rarely names one, so the scorer has hardly
    seen them (over the first 6,000 ICLR abstracts it had made 372 mentions of "LLM(s)" and "large language
    models" METHODs; in cross-validation, 2 fixes among 711 such names are lost).
    """

    def __init__(self, nlp: Language, name: str, scorer_path: str | None = None,
                 gazetteer_path: str | None = None) -> None:
        _set_extension("kg_mentions", None)
        _set_extension("kg_acronyms", None)
        self.scorer = load_scorer(scorer_path or str(TYPE_PATH))
        self.gazetteer = load_gazetteer(gazetteer_path)
        self._scores: dict[str, tuple[float, ...] | None] = {}

    @staticmethod
    def names(doc: Doc) -> Iterator[tuple[str, list[Candidate], list[str]]]:
        """Each name of the abstract: its concept key, its mentions in text order and the types of the names
        coordinated with it (``kg.scorer.sibling_features``). What the scorer judges, here and in training."""
        text = _text(doc)
        ordered = sorted(doc._.kg_mentions or (), key=lambda m: m.start)
        spans = [(m.start, m.end, m.source, m.kind.value) for m in ordered]
        uses: dict[str, list[int]] = {}
        for n, mention in enumerate(ordered):
            uses.setdefault(concept_key(mention.canonical or mention.text), []).append(n)
        for key, indexes in uses.items():
            yield key, [ordered[n] for n in indexes], sibling_features(text, spans, set(indexes))

    def retyped(self, doc: Doc) -> dict[str, ConceptKind]:
        """The new type of each name (concept key) the scorer retypes."""
        text = _text(doc)
        out = {}
        for key, mentions, siblings in self.names(doc):
            first = mentions[0]
            known = self.gazetteer.lookup(first.canonical or first.text)
            if known is not None and known.tier == "generic":
                continue  # a broad category keeps the type ANNOTATION.md gives it ("LLMs" are models)
            scores = self._phrase_scores(text[first.start:first.end])
            if scores is None:
                continue
            features, rule = use_features(text, [(m.start, m.end, m.source, m.kind.value, m.role.value)
                                                 for m in mentions])
            features += siblings
            kind = self.scorer.retype(self.scorer.probabilities(features, scores), rule)
            if kind is not None:
                out[key] = kind
        return out

    def _phrase_scores(self, phrase: str) -> tuple[float, ...] | None:
        """The bias plus the weights of what the name's words and pieces say (``kg.scorer.phrase_features``,
        ``kg.scorer.part_features``), once per phrase."""
        scores = self._scores.get(phrase, False)
        if scores is False:
            if len(self._scores) > 200_000:
                self._scores.clear()
            features = phrase_features(phrase)
            scores = self._scores[phrase] = self.scorer.scores(
                (*features, *part_features(phrase, self.gazetteer.named_kind))) if features else None
        return scores

    def __call__(self, doc: Doc) -> Doc:
        retyped = self.retyped(doc)
        if retyped:
            doc._.kg_mentions = [
                replace(m, kind=kind) if (kind := retyped.get(concept_key(m.canonical or m.text))) else m
                for m in doc._.kg_mentions
            ]
            doc._.kg_acronyms = [
                (short, canonical, retyped.get(concept_key(canonical), kind))
                for short, canonical, kind in doc._.kg_acronyms or ()
            ]
        return doc


def _url_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the links in ``text`` (a repository link names no method)."""
    return [m.span() for m in _URL_RE.finditer(text)] if "://" in text or "www." in text else []


def _later_uses(text: str, short: str, start: int) -> Iterator[tuple[int, int]]:
    """Spans of ``short`` (or ``short`` + "s") from ``start`` on, not inside a longer word or hyphenated name.

    >>> list(_later_uses("DPO; DPOs beat SimDPO and DPO-based X.", "DPO", 0))
    [(0, 3), (5, 9)]
    """
    position = text.find(short, start)
    while position != -1:
        end = position + len(short)
        if end < len(text) and text[end] == "s":
            end += 1
        before = text[position - 1] if position else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_-"):
            yield position, end
        position = text.find(short, position + 1)


def _repeated(text: str, chosen: list[Candidate]) -> list[Candidate]:
    """Later uses of a name the rules found by its context are mentions of it too, with its type and name.

    "We introduce RRNCO, a novel architecture … RRNCO achieves …": the second RRNCO has no context of its own.
    """
    added = []
    spans = [(c.start, c.end) for c in chosen]
    for cand in chosen:
        if cand.source not in _FOUND_ONCE or len(cand.text) < 3 or "\n" in cand.text:
            continue
        for start, end in _later_uses(text, cand.text, cand.end):
            if any(start < e and s < end for s, e in spans):
                continue
            added.append(replace(cand, start=start, end=end, text=text[start:end]))
            spans.append((start, end))
    return sorted(chosen + added, key=lambda c: (c.start, c.end, c.canonical)) if added else chosen


def _acronym_like(text: str) -> bool:
    """"CNNs", "LSTM", "MoE": a single token with two or more capitals."""
    return " " not in text and sum(c.isupper() for c in text) >= 2


_MINOR_WORDS = frozenset("a an and as at by for from in of on or the to via with".split())


def _title_case(phrase: str) -> bool:
    """Every content word capitalised: "Temporal Semantic Entropy", "Square-Root Velocity Representation"."""
    words = [w for w in re.split(r"[\s]+", phrase) if w]
    content = [w for w in words if w.lower() not in _MINOR_WORDS]
    return len(content) >= 2 and all(w[0].isupper() or w[0].isdigit() for w in content)


def _singular_long_form(long: str, short: str) -> str:
    """"sparse autoencoders (SAEs)" names the concept "sparse autoencoder"."""
    if short.endswith("s") and not short[:-1].endswith("s") and long.endswith("s") and not long.endswith("ss"):
        if long.endswith("ies"):
            return long[:-3] + "y"
        return long[:-1]
    return long


_WEAK_SOURCES = frozenset({"coined", "latex", "list", "evaluation", "emphasis", "title", "named-technique", "eponym"})


def _consistent_kinds(chosen: list[Candidate]) -> list[Candidate]:
    """One name, one type per abstract: weakly typed mentions take the type of the most trusted mention."""
    best: dict[str, Candidate] = {}
    for cand in chosen:
        key = concept_key(cand.canonical or cand.text)
        if key not in best or cand.confidence > best[key].confidence:
            best[key] = cand
    return [
        replace(c, kind=best[k].kind) if c.source in _WEAK_SOURCES and c.kind is not best[k].kind else c
        for c in chosen for k in (concept_key(c.canonical or c.text),)
    ]


#: "TVM models the transition": a plural kind noun used as a verb.
_VERB_AFTER_RE = re.compile(r"\s+(?:models|networks|benchmarks)\s+(?:the|a|an|how|each|this|these|both|its|their)\b")
#: Sources whose type a paper's description does not override: known names and model names with sizes.
_SHAPE_TRUSTED = frozenset({"gazetteer", "variant", "model-pattern"})
#: Candidate sources in order of trust when two candidates share a span.
_SOURCE_RANK = {"abbreviation": 5, "gazetteer": 4, "variant": 4, "model-pattern": 3, "introduced": 3,
                "apposition": 3, "examples": 3, "dataset-pattern": 2, "emphasis": 2, "evaluation": 2,
                "noun-acronym": 2, "list": 1, "coined": 1, "latex": 1, "title": 1, "named-technique": 1, "eponym": 1}
#: Sources whose names are looked up in the gazetteer (its name and type win when it knows them).
_PATTERN_SOURCES = frozenset({"coined", "latex", "introduced", "emphasis", "dataset-pattern", "apposition",
                              "evaluation", "examples", "title", "named-technique", "noun-acronym", "eponym"})
#: Sources that find a name once (by its context); the gazetteer and the model pattern find every use themselves.
_FOUND_ONCE = _PATTERN_SOURCES | {"list", "variant", "dataset-pattern"}


#: Acronyms of known models or methods that abstracts also use for a metric, with the uses that say "metric":
#: a number or a change follows or precedes it, or the abstract spells the metric out. Dev gold: of 56 abstracts
#: that write "MAE", 43 meant mean absolute error; this finds 27 of them and 1 of the 16 Masked Autoencoders.
_METRIC_ACRONYMS = {
    "MAE": re.compile(
        r"(?<![\w-])MAEs?(?:\s*(?:of|=|:|\()\s*[\d$]|\s+(?:reduction|improvement|loss|score|decrease|increase)s?\b)|"
        r"(?:reduc\w*|improv\w*|lower\w*|decreas\w*|increas\w*|minimi\w*|average|worsening|energy|relative|"
        r"metrics such as|,)\s+(?:the\s+)?(?:in\s+)?MAEs?(?![\w-])|[Mm]ean[ -][Aa]bsolute[ -][Ee]rror"),
}
_OPENING_MARKS, _CLOSING_MARKS = "*_\"“‘", "*_\"”’~"


def _without_quotes(text: str, abbr: Abbreviation) -> Abbreviation:
    """An abbreviation whose long form is set in quotes or emphasis marks, without them: "*High-Frequency
    Trading* (HFT)", "“less discriminatory algorithms” (LDAs)", "procedures~(TTP)" (LaTeX's fixed space)."""
    long = abbr.long.lstrip(_OPENING_MARKS).rstrip(_CLOSING_MARKS).strip()
    if long == abbr.long or not long:
        return abbr
    span = text[abbr.long_start:abbr.long_end]
    offset = span.find(long)
    if offset < 0:
        return replace(abbr, long=long)
    return replace(abbr, long=long, long_start=abbr.long_start + offset, long_end=abbr.long_start + offset + len(long))


def _without_marks(cand: Candidate) -> Candidate | None:
    """A candidate without the Markdown emphasis marks at its edges, or None when nothing is left."""
    inner = cand.text.lstrip("_*")
    start = cand.start + len(cand.text) - len(inner)
    inner = inner.rstrip("_*")
    if len(inner) < 2:
        return None
    canonical = cand.canonical.strip("_*") if cand.canonical else cand.canonical
    return replace(cand, start=start, end=start + len(inner), text=inner, canonical=canonical)


def _before_dash(cand: Candidate) -> Candidate | None:
    """The part of a candidate before a dash written as hyphens (``ASCII_DASH_RE``), or None when nothing is left."""
    text = cand.text[:ASCII_DASH_RE.search(cand.text).start()].rstrip(" -")
    if len(text) < 2:
        return None
    dash = ASCII_DASH_RE.search(cand.canonical or "")
    canonical = cand.canonical[:dash.start()].rstrip(" -") if dash else cand.canonical
    return replace(cand, end=cand.start + len(text), text=text, canonical=canonical)


def _non_overlapping(pool: list[Candidate]) -> list[Candidate]:
    """Keep the longest, then most trusted candidates; candidates sharing one span all stay (coordinated names)."""
    ordered = sorted(pool, key=lambda c: (-(c.end - c.start), -_SOURCE_RANK.get(c.source, 0), -c.confidence, c.start))
    taken: list[Candidate] = []
    spans: dict[tuple[int, int], str] = {}
    for cand in ordered:
        span = (cand.start, cand.end)
        if span in spans:
            if spans[span] == cand.source and cand.source in ("model-pattern", "variant") and \
                    all(t.canonical != cand.canonical for t in taken if (t.start, t.end) == span):
                taken.append(cand)
            continue
        if any(cand.start < e and s < cand.end for s, e in spans):
            continue
        spans[span] = cand.source
        taken.append(cand)
    return sorted(taken, key=lambda c: (c.start, c.end, c.canonical))


@Language.factory("kg_abbreviations")
def make_abbreviations(nlp: Language, name: str) -> AbbreviationDetector:
    return AbbreviationDetector(nlp, name)


@Language.factory("kg_gazetteer", default_config={"gazetteer_path": None})
def make_gazetteer(nlp: Language, name: str, gazetteer_path: str | None) -> GazetteerMatcher:
    return GazetteerMatcher(nlp, name, gazetteer_path)


@Language.factory("kg_naming_patterns", default_config={"gazetteer_path": None})
def make_naming_patterns(nlp: Language, name: str, gazetteer_path: str | None) -> NamingPatterns:
    return NamingPatterns(nlp, name, gazetteer_path)


@Language.factory("kg_span_scorer", default_config={"scorer_path": None, "gazetteer_path": None,
                                                   "stoplist_path": None})
def make_span_scorer(nlp: Language, name: str, scorer_path: str | None, gazetteer_path: str | None,
                     stoplist_path: str | None) -> SpanScoring:
    return SpanScoring(nlp, name, scorer_path, gazetteer_path, stoplist_path)


@Language.factory("kg_type_scorer", default_config={"scorer_path": None, "gazetteer_path": None})
def make_type_scorer(nlp: Language, name: str, scorer_path: str | None, gazetteer_path: str | None) -> TypeScoring:
    return TypeScoring(nlp, name, scorer_path, gazetteer_path)


@Language.factory("kg_concept_resolver", default_config={"gazetteer_path": None, "stoplist_path": None})
def make_concept_resolver(nlp: Language, name: str, gazetteer_path: str | None,
                          stoplist_path: str | None) -> ConceptResolver:
    return ConceptResolver(nlp, name, gazetteer_path, stoplist_path)
