"""Plain, immutable records passed between the stages: papers, authors, mentions, entities."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

__all__ = [
    "ConceptKind",
    "Role",
    "Author",
    "Paper",
    "Mention",
    "Entity",
    "Acronym",
    "Corpus",
]


class ConceptKind(str, enum.Enum):
    """The three kinds of concept paper-kg extracts (see ANNOTATION.md)."""

    METHOD = "METHOD"
    MODEL = "MODEL"
    DATASET = "DATASET"


class Role(str, enum.Enum):
    """How a paper relates to a concept it mentions."""

    PROPOSES = "proposes"
    USES = "uses"


@dataclass(frozen=True, slots=True)
class Author:
    """One person.

    ``key`` identifies the person across papers: the source author id when the
    listing gives one, otherwise the normalised name key (NFC, case-folded,
    single spaces), so "Carlton ZDANSKI" and "Carlton Zdanski" are one author.
    """

    key: str
    name: str
    author_id: str | None = None


@dataclass(frozen=True, slots=True)
class Paper:
    """One paper of a listing.

    ``id`` is the source id when the listing has one, otherwise a stable hash of
    the normalised abstract (``id_derived`` is then true). ``sources`` holds
    ``file:line`` of every record that produced this paper.
    """

    id: str
    abstract: str = ""
    title: str | None = None
    authors: tuple[Author, ...] = ()
    authors_truncated: bool = False
    area: str | None = None
    keywords: tuple[str, ...] = ()
    venue: str | None = None
    year: int | None = None
    decision: str | None = None
    sources: tuple[str, ...] = ()
    id_derived: bool = False


@dataclass(frozen=True, slots=True)
class Mention:
    """A span of a paper's abstract that names a concept.

    ``start``/``end`` are ``str`` indices into the abstract (Unicode code
    points); ``entity_key`` is the concept key of ``canonical``, the key of the
    entity the mention resolves to.
    """

    paper_id: str
    text: str
    kind: ConceptKind
    start: int
    end: int
    role: Role = Role.USES
    confidence: float = 0.5
    source: str = "pattern"
    canonical: str = ""
    entity_key: str = ""
    field: str = "abstract"


@dataclass(frozen=True, slots=True)
class Entity:
    """A method, model or dataset, merged across the corpus by alias."""

    key: str
    name: str
    kind: ConceptKind
    aliases: tuple[str, ...] = ()
    broader: str | None = None
    paper_ids: tuple[str, ...] = ()
    proposed_in: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Acronym:
    """A short form and the long forms the corpus defines for it."""

    short: str
    long_forms: tuple[str, ...]
    papers: tuple[str, ...]
    ambiguous: bool = False


@dataclass(frozen=True, slots=True)
class Corpus:
    """Everything one build produced, as plain tuples."""

    papers: tuple[Paper, ...]
    mentions: tuple[Mention, ...] = ()
    entities: tuple[Entity, ...] = ()
    acronyms: tuple[Acronym, ...] = ()
    skipped: tuple[tuple[str, str], ...] = field(default=())

    @property
    def authors(self) -> tuple[Author, ...]:
        """Distinct authors, in order of first appearance."""
        seen: dict[str, Author] = {}
        for paper in self.papers:
            for author in paper.authors:
                seen.setdefault(author.key, author)
        return tuple(seen.values())
