"""The only place IRIs are minted: records plus a base IRI to URIRef, stable across rebuilds."""
from __future__ import annotations

import re
from urllib.parse import quote

from rdflib import URIRef

from .normalize import short_hash, slug
from .records import Author, Paper
from .vocab import DEFAULT_BASE

__all__ = ["Minter"]

_SAFE_ID_RE = re.compile(r"^[A-Za-z0-9._~-]+$")


def _id_part(value: str) -> str:
    """An id as an IRI path segment: kept when already safe, else percent-encoded."""
    return value if _SAFE_ID_RE.match(value) else quote(value, safe="")


def _slug_with_hash(key: str) -> str:
    """Readable slug, plus a short hash of the key whenever the slug alone could collide."""
    base = slug(key)
    if base.replace("-", " ") == key.replace("-", " "):
        return base
    return f"{base}-{short_hash(key, 8)}"


class Minter:
    """Mints IRIs under one base (``kg build --base``).

    Examples
    --------
    >>> m = Minter("https://example.org/")
    >>> str(m.entity("direct preference optimization"))
    'https://example.org/entity/direct-preference-optimization'
    >>> m.author_key("carlton zdanski") == m.author_key("carlton zdanski")
    True
    """

    def __init__(self, base: str = DEFAULT_BASE) -> None:
        if not base.endswith(("/", "#")):
            base += "/"
        self.base = base

    def _iri(self, *parts: str) -> URIRef:
        return URIRef(self.base + "/".join(parts))

    def paper(self, paper: Paper | str) -> URIRef:
        return self._iri("paper", _id_part(paper if isinstance(paper, str) else paper.id))

    def author_key(self, key: str) -> URIRef:
        if key.startswith("id:"):
            return self._iri("author", "id", _id_part(key[3:]))
        return self._iri("author", f"{slug(key, 60)}-{short_hash(key, 8)}")

    def author(self, author: Author) -> URIRef:
        return self.author_key(author.key)

    def authorship(self, paper: Paper, position: int) -> URIRef:
        return self._iri("paper", _id_part(paper.id), "author", str(position))

    def area(self, label: str) -> URIRef:
        parts = [slug(p) for p in label.split("·")]
        return self._iri("area", *parts)

    def area_scheme(self) -> URIRef:
        return self._iri("area")

    def venue(self, name: str) -> URIRef:
        return self._iri("venue", slug(name))

    def entity(self, key: str) -> URIRef:
        """IRI of the entity with this concept key (keys are already normalised: never normalise them again,
        "dinos" (from the acronym DINOS) and "dino" are different entities)."""
        return self._iri("entity", _slug_with_hash(key))

    def annotation(self, paper_id: str, start: int, end: int, entity_key: str) -> URIRef:
        # Coordinated names ("Llama-3.1-8B/70B") put two entities on one span: the key's hash tells them apart.
        return self._iri("paper", _id_part(paper_id), "mention", f"{start}-{end}-{short_hash(entity_key, 6)}")

    def annotation_part(self, annotation: URIRef, part: str) -> URIRef:
        return URIRef(f"{annotation}/{part}")

    def coauthorship(self, key_a: str, key_b: str) -> URIRef:
        a, b = sorted((key_a, key_b))
        return self._iri("coauthorship", short_hash(a + "\x00" + b))

    def cooccurrence(self, key_a: str, key_b: str) -> URIRef:
        a, b = sorted((key_a, key_b))
        return self._iri("cooccurrence", short_hash(a + "\x00" + b))

    def build(self, digest: str) -> URIRef:
        return self._iri("build", digest)

    def listing(self, sha256: str) -> URIRef:
        return self._iri("listing", sha256[:16])

    def dataset(self) -> URIRef:
        return self._iri("dataset")
