"""The gazetteer: well-known methods, models and datasets with canonical names and aliases (data in patterns/)."""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from .errors import InputError
from .normalize import concept_key
from .records import ConceptKind

__all__ = ["GazetteerEntry", "Gazetteer", "load_gazetteer", "load_stoplist", "is_case_sensitive"]


@dataclass(frozen=True, slots=True)
class GazetteerEntry:
    """One known concept."""

    name: str
    kind: ConceptKind
    aliases: tuple[str, ...] = ()
    broader: str | None = None
    tier: str = "named"
    ambiguous: bool = False

    @property
    def surface_forms(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


def is_case_sensitive(alias: str) -> bool:
    """Short or all-capital aliases must match case exactly ("MATH" is a dataset, "math" is not).

    >>> is_case_sensitive("DPO"), is_case_sensitive("Direct Preference Optimization")
    (True, False)
    """
    letters = [c for c in alias if c.isalpha()]
    return len(alias) <= 5 or not any(c.islower() for c in letters) or bool(re.search(r"[a-z][A-Z]", alias)) and len(alias) <= 8


@dataclass(frozen=True)
class Gazetteer:
    """Entries plus a lookup from concept key to entry."""

    entries: tuple[GazetteerEntry, ...]

    def __post_init__(self) -> None:
        index: dict[str, GazetteerEntry] = {}
        compact: dict[str, GazetteerEntry | None] = {}
        for entry in self.entries:
            for form in entry.surface_forms:
                key = concept_key(form)
                index.setdefault(key, entry)
                if entry.tier == "named":
                    squeezed = key.replace(" ", "")
                    compact[squeezed] = entry if compact.get(squeezed, entry) is entry else None
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_compact", {k: e for k, e in compact.items() if e is not None and len(k) >= 6})

    def lookup(self, text: str) -> GazetteerEntry | None:
        """The entry one of whose names or aliases ``text`` is (after concept-key normalisation)."""
        return self._index.get(concept_key(text))  # type: ignore[attr-defined]

    def named_kind(self, text: str) -> str | None:
        """The type (``"METHOD"``, ``"MODEL"``, ``"DATASET"``) of the named-tier entry ``text`` names, else None
        (the scorers ask it of every piece of a coined name: "GRPO" in "DanceGRPO")."""
        entry = self.lookup(text)
        return entry.kind.value if entry is not None and entry.tier == "named" else None

    def lookup_compact(self, text: str) -> GazetteerEntry | None:
        """Like :meth:`lookup`, but with the spaces and hyphens between words ignored: "BigBenchHard" is
        "BIG-Bench Hard". Named entries only, and only keys of six or more letters that one entry owns."""
        return self._compact.get(concept_key(text).replace(" ", ""))  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.entries)


def _parse_entry(obj: object, path: str, line: int) -> GazetteerEntry:
    hint = 'each line must be {"name": ..., "type": "METHOD"|"MODEL"|"DATASET", "aliases": [...]}'
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        raise InputError("gazetteer entry without a \"name\"", path=path, line=line, hint=hint)
    try:
        kind = ConceptKind(obj.get("type"))
    except ValueError:
        raise InputError(f"unknown type {obj.get('type')!r}", path=path, line=line, hint=hint) from None
    aliases = obj.get("aliases") or []
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise InputError("\"aliases\" must be a list of strings", path=path, line=line, hint=hint)
    return GazetteerEntry(
        name=obj["name"],
        kind=kind,
        aliases=tuple(a for a in aliases if a and a != obj["name"]),
        broader=obj.get("broader") or None,
        tier=obj.get("tier", "named"),
        ambiguous=bool(obj.get("ambiguous", False)),
    )


@functools.lru_cache(maxsize=8)
def load_gazetteer(path: str | Path | None = None) -> Gazetteer:
    """Load a gazetteer JSONL file (default: the one shipped in ``kg/patterns``)."""
    if path is None:
        source = resources.files("kg").joinpath("patterns/gazetteer.jsonl")
        label = "kg/patterns/gazetteer.jsonl"
        text = source.read_text(encoding="utf-8") if source.is_file() else ""
    else:
        label = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise InputError(f"cannot read gazetteer ({err.strerror})", path=label) from None
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise InputError(f"invalid JSON ({err.msg})", path=label, line=number) from None
        entries.append(_parse_entry(obj, label, number))
    return Gazetteer(tuple(entries))


@functools.lru_cache(maxsize=8)
def load_stoplist(path: str | Path | None = None) -> frozenset[str]:
    """Concept keys of phrases that are never entities (tasks, metrics, fields, generic phrases)."""
    if path is None:
        source = resources.files("kg").joinpath("patterns/not_entities.txt")
        text = source.read_text(encoding="utf-8") if source.is_file() else ""
    else:
        text = Path(path).read_text(encoding="utf-8")
    return frozenset(
        concept_key(line) for line in (l.strip() for l in text.splitlines())
        if line and not line.startswith("#")
    )
