"""Score extraction against gold annotations (our JSONL, SciERC, TDMSci) by the ANNOTATION.md rules."""
from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .normalize import concept_key
from .records import ConceptKind, Paper

__all__ = ["GoldEntity", "GoldDoc", "Prediction", "Score", "EvalReport", "load_gold", "predict", "evaluate",
           "format_report", "GOLD_FORMATS"]

GOLD_FORMATS = ("auto", "kg", "scierc", "tdmsci")
_KINDS = tuple(k.value for k in ConceptKind)


@dataclass(frozen=True, slots=True)
class GoldEntity:
    """One gold concept of one abstract; ``kinds`` holds every type that counts as right."""

    name: str
    kinds: frozenset[str]
    tier: str = "named"
    aliases: tuple[str, ...] = ()
    introduced: bool = False

    @property
    def keys(self) -> set[str]:
        return {concept_key(f) for f in (self.name, *self.aliases)}


@dataclass(frozen=True, slots=True)
class GoldDoc:
    id: str
    text: str
    entities: tuple[GoldEntity, ...]
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Prediction:
    """One predicted concept of one abstract: its canonical name, type and surface forms there."""

    name: str
    kind: str
    forms: tuple[str, ...]

    @property
    def keys(self) -> set[str]:
        return {concept_key(f) for f in (self.name, *self.forms)}


@dataclass
class Score:
    tp_recall: int = 0
    gold_named: int = 0
    tp_precision: int = 0
    predicted: int = 0

    @property
    def precision(self) -> float:
        return self.tp_precision / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.tp_recall / self.gold_named if self.gold_named else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {"precision": round(self.precision, 4), "recall": round(self.recall, 4), "f1": round(self.f1, 4),
                "predicted": self.predicted, "correct_predictions": self.tp_precision,
                "gold_named": self.gold_named, "found_named": self.tp_recall}


@dataclass
class EvalReport:
    """Typed and untyped scores, overall and per type, with the errors behind them."""

    docs: int = 0
    typed: dict[str, Score] = field(default_factory=lambda: defaultdict(Score))
    untyped: dict[str, Score] = field(default_factory=lambda: defaultdict(Score))
    misses: list[tuple[str, str, str]] = field(default_factory=list)  # (doc, kind, name)
    false_positives: list[tuple[str, str, str]] = field(default_factory=list)
    wrong_type: list[tuple[str, str, str, str]] = field(default_factory=list)  # (doc, name, predicted, gold)

    def as_dict(self) -> dict[str, object]:
        return {
            "docs": self.docs,
            "typed": {k: v.as_dict() for k, v in sorted(self.typed.items())},
            "untyped": {k: v.as_dict() for k, v in sorted(self.untyped.items())},
            "misses": self.misses, "false_positives": self.false_positives, "wrong_type": self.wrong_type,
        }


# ------------------------------------------------------------------------------------------ loading

def _open(path: Path) -> str:
    raw = path.read_bytes()
    return (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8")


def _load_kg(path: Path, corpus: dict[str, Paper]) -> list[GoldDoc]:
    docs = []
    for number, line in enumerate(_open(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            paper = corpus.get(obj["id"])
            for field in ("abstract", "title"):
                if obj.get(field) is not None and not isinstance(obj[field], str):
                    raise InputError(f"\"{field}\" must be a string", path=str(path), line=number,
                                     hint=f"write the {field} as a JSON string or leave the field out")
            text = obj.get("abstract") or (paper.abstract if paper else None)
            title = obj.get("title") or (paper.title if paper else None)
            if text is None:
                raise InputError(f"no abstract for id {obj['id']!r}", path=str(path), line=number,
                                 hint="add an \"abstract\" field or pass the listing that has it with --corpus")
            entities = tuple(
                GoldEntity(name=e["name"], kinds=frozenset({e["type"]}), tier=e.get("tier", "named"),
                           aliases=tuple(e.get("aliases", ())), introduced=bool(e.get("introduced", False)))
                for e in obj["entities"]
            )
        except (json.JSONDecodeError, KeyError, TypeError) as err:
            raise InputError(f"not a gold record ({err})", path=str(path), line=number,
                             hint='each line must be {"id": ..., "entities": [{"name", "type", "tier", "aliases"}]}') from None
        docs.append(GoldDoc(obj["id"], text, entities, title))
    return docs


def _load_scierc(path: Path) -> list[GoldDoc]:
    """SciERC: Method → METHOD or MODEL, Material → DATASET (Material also covers other resources)."""
    mapping = {"Method": frozenset({"METHOD", "MODEL"}), "Material": frozenset({"DATASET"})}
    docs = []
    for line in _open(path).splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        tokens = [t for sentence in obj["sentences"] for t in sentence]
        tokens = [{"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]"}.get(t, t) for t in tokens]
        entities: dict[str, GoldEntity] = {}
        for sentence in obj["ner"]:
            for start, end, label in sentence:
                if label not in mapping:
                    continue
                surface = " ".join(tokens[start:end + 1])
                key = concept_key(surface)
                if key not in entities:
                    entities[key] = GoldEntity(surface, mapping[label])
        docs.append(GoldDoc(obj["doc_key"], " ".join(tokens), tuple(entities.values())))
    return docs


def _load_tdmsci(path: Path) -> list[GoldDoc]:
    """TDMSci CoNLL: one sentence per block; only DATASET spans are ours."""
    docs: list[GoldDoc] = []
    for index, block in enumerate(_open(path).split("\n\n")):
        rows = [line.split("\t") for line in block.splitlines() if line.strip()]
        if not rows:
            continue
        tokens = [r[0] for r in rows]
        tags = [r[-1] for r in rows]
        entities: dict[str, GoldEntity] = {}
        current: list[str] = []
        for token, tag in [*zip(tokens, tags), ("", "O")]:
            if current and not tag.startswith("I-DATASET"):
                surface = " ".join(current)
                entities.setdefault(concept_key(surface), GoldEntity(surface, frozenset({"DATASET"})))
                current = []
            if tag.startswith("B-DATASET") or (tag.startswith("I-DATASET") and current):
                current.append(token)
        docs.append(GoldDoc(f"s{index}", " ".join(tokens), tuple(entities.values())))
    return docs


def load_gold(path: str | Path, fmt: str = "auto", corpus: Iterable[Paper] = ()) -> list[GoldDoc]:
    """Read gold annotations; ``corpus`` supplies abstracts for gold records that carry only ids."""
    path = Path(path)
    if not path.is_file():
        raise InputError("no such file", path=str(path), hint="check the --gold path")
    if fmt == "auto":
        name = path.name.lower()
        fmt = "tdmsci" if name.endswith(".conll") else "scierc" if "scierc" in str(path).lower() else "kg"
    if fmt == "kg":
        return _load_kg(path, {p.id: p for p in corpus})
    if fmt == "scierc":
        return _load_scierc(path)
    if fmt == "tdmsci":
        return _load_tdmsci(path)
    raise InputError(f"unknown gold format {fmt!r}", path=str(path), hint=f"use one of {', '.join(GOLD_FORMATS)}")


# ------------------------------------------------------------------------------------------ scoring

def predict(docs: list[GoldDoc], nlp) -> dict[str, list[Prediction]]:
    """Run the extraction (pipeline + corpus-wide acronyms + entity merging) over the gold abstracts."""
    from . import extract
    from .nlp import annotate

    papers = [Paper(id=d.id, abstract=d.text, title=d.title) for d in docs]
    mentions, _ = extract.mentions_from_annotations(list(annotate(nlp, papers)))
    mentions, entities = extract.resolve_entities(mentions)
    by_key = {e.key: e for e in entities}
    forms: dict[tuple[str, str], set[str]] = defaultdict(set)
    for m in mentions:
        forms[(m.paper_id, m.entity_key)].add(m.text)
    out: dict[str, list[Prediction]] = defaultdict(list)
    for (paper_id, key), surface in sorted(forms.items()):
        entity = by_key[key]
        out[paper_id].append(Prediction(entity.name, entity.kind.value, tuple(sorted(surface))))
    return out


def evaluate(docs: list[GoldDoc], predictions: dict[str, list[Prediction]],
             count_kinds: frozenset[str] | None = None) -> EvalReport:
    """Score predictions per ANNOTATION.md.

    Recall counts named-tier gold entities found; precision counts predictions
    that match any gold entity (either tier). Typed scores also need the type.
    ``count_kinds`` limits precision to predictions of those types (for gold
    sets that annotate only some of our types, e.g. TDMSci: DATASET).
    """
    report = EvalReport(docs=len(docs))
    for doc in docs:
        preds = [p for p in predictions.get(doc.id, []) if count_kinds is None or p.kind in count_kinds]
        for gold in doc.entities:
            if gold.tier != "named":
                continue
            match = [p for p in preds if p.keys & gold.keys]
            typed = [p for p in match if p.kind in gold.kinds]
            for kind in (*sorted(gold.kinds)[:1], "ALL"):
                report.untyped[kind].gold_named += 1
                report.typed[kind].gold_named += 1
                report.untyped[kind].tp_recall += bool(match)
                report.typed[kind].tp_recall += bool(typed)
            if not match:
                report.misses.append((doc.id, "/".join(sorted(gold.kinds)), gold.name))
            elif not typed:
                report.wrong_type.append((doc.id, gold.name, match[0].kind, "/".join(sorted(gold.kinds))))
        for pred in preds:
            match = [g for g in doc.entities if pred.keys & g.keys]
            typed = [g for g in match if pred.kind in g.kinds]
            for kind in (pred.kind, "ALL"):
                report.untyped[kind].predicted += 1
                report.typed[kind].predicted += 1
                report.untyped[kind].tp_precision += bool(match)
                report.typed[kind].tp_precision += bool(typed)
            if not match:
                report.false_positives.append((doc.id, pred.kind, pred.name))
    return report


def format_report(report: EvalReport, *, show_errors: int = 20) -> str:
    """A plain-text table of scores, then the first misses, type errors and false positives."""
    lines = [f"{report.docs} documents", "",
             f"{'':8} {'typed P':>8} {'typed R':>8} {'typed F1':>8}   {'untyped P':>9} {'untyped R':>9} {'untyped F1':>10}"
             f"   {'pred':>5} {'gold':>5}"]
    for kind in (*_KINDS, "ALL"):
        t, u = report.typed.get(kind, Score()), report.untyped.get(kind, Score())
        if not (t.predicted or t.gold_named):
            continue
        lines.append(f"{kind:8} {t.precision:8.3f} {t.recall:8.3f} {t.f1:8.3f}   {u.precision:9.3f} "
                     f"{u.recall:9.3f} {u.f1:10.3f}   {t.predicted:5d} {t.gold_named:5d}")
    for title, rows in (("misses (named gold not found)", report.misses),
                        ("wrong type (predicted / gold)", report.wrong_type),
                        ("false positives", report.false_positives)):
        lines += ["", f"{title}: {len(rows)}"]
        lines += ["  " + " | ".join(row) for row in rows[:show_errors]]
        if len(rows) > show_errors:
            lines.append(f"  … {len(rows) - show_errors} more")
    return "\n".join(lines)
