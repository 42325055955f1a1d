"""Reader for the plain-text listing format of the user's seed samples.

A listing is a sequence of paragraphs separated by blank lines. Each record is
an optional subject-area line (``Area · Subarea``), an optional comma-separated
author line that may end in ``等`` ("et al."), then the abstract. Header lines
such as ``ICLR 2026 论文列表`` are not papers. Area and author lines may also
stand at the top of the abstract's paragraph without a blank line between.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .errors import InputError

__all__ = ["RawRecord", "iter_text_records", "classify_line"]

_CJK_RE = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
_TRUNCATION_RE = re.compile(r"(?:\s*,)?\s*(?:等|et al\.?|…|\.\.\.)\s*$")
_AREA_RE = re.compile(r"^[^·.!?]{2,120}(?:\s+·\s+[^·!?]{2,160})+$")
_VENUE_RE = re.compile(r"\b([A-Z][A-Za-z]{1,15})\s*'?((?:19|20)\d{2})\b")
# A name part: words that start with an upper-case letter (or an initial),
# allowing particles such as "de", "van", "di" between them.
_PARTICLES = {
    "de", "da", "di", "del", "della", "der", "den", "van", "von", "la", "le", "du",
    "dos", "das", "do", "bin", "binti", "al", "el", "y", "zu", "ter", "ten", "st.",
}
_NAME_WORD_RE = re.compile(r"^(?:[^\W\d_][\w'’.\-]*|[^\W\d_]\.)$")


@dataclass(frozen=True, slots=True)
class RawRecord:
    """A record as read from a listing, before normalisation into a Paper."""

    line: int
    abstract: str = ""
    title: str | None = None
    authors: tuple[str, ...] = ()
    authors_truncated: bool = False
    author_ids: tuple[str, ...] | None = None
    area: str | None = None
    keywords: tuple[str, ...] = ()
    id: str | None = None
    venue: str | None = None
    year: int | None = None
    decision: str | None = None


def _is_name(part: str) -> bool:
    words = part.split()
    if not 1 <= len(words) <= 7 or len(part) > 60:
        return False
    capitalised = 0
    for word in words:
        if word.lower() in _PARTICLES:
            continue
        if not _NAME_WORD_RE.match(word) or not word[0].isupper():
            return False
        capitalised += 1
    return capitalised >= 1


def _author_list(line: str) -> tuple[list[str], bool] | None:
    """Split an author line into names, or None when the line is not one."""
    if len(line) > 2000 or line.endswith((".", ":", ";", "?", "!")) and not _TRUNCATION_RE.search(line):
        return None
    truncated = bool(_TRUNCATION_RE.search(line))
    body = _TRUNCATION_RE.sub("", line).strip()
    if not body:
        return None
    parts = [p.strip() for p in body.split(",")]
    if any(not p for p in parts):
        return None
    if not all(_is_name(p) for p in parts):
        return None
    # One name alone must look like a person (two or more words), not a sentence fragment.
    if len(parts) == 1 and not truncated and len(parts[0].split()) < 2:
        return None
    return parts, truncated


def classify_line(line: str) -> str:
    """Say what one line of the text format is: ``area``, ``authors``, ``header`` or ``text``.

    >>> classify_line("Deep Learning · Large Language Models")
    'area'
    >>> classify_line("Haonan Song, Qingchen Xie, Ziheng Li 等")
    'authors'
    >>> classify_line("ICLR 2026 论文列表")
    'header'
    >>> classify_line("We propose a method.")
    'text'
    """
    line = line.strip()
    if _AREA_RE.match(line) and len(line.split()) <= 25:
        return "area"
    if _author_list(line) is not None:
        return "authors"
    if _CJK_RE.search(line):
        return "header"
    return "text"


def _paragraphs(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    start, block = 0, []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            if not block:
                start = number
            block.append(line.rstrip())
        elif block:
            yield start, block
            block = []
    if block:
        yield start, block


def iter_text_records(text: str, path: str) -> Iterator[RawRecord | InputError]:
    """Parse the seed text format into raw records.

    Yields a :class:`RawRecord` per paper, or an :class:`InputError` for a
    defective record (the caller decides whether to raise or skip it).
    """
    venue: str | None = None
    year: int | None = None
    pending_area: tuple[int, str] | None = None
    pending_authors: tuple[int, list[str], bool] | None = None
    seen_record = False

    def dangling() -> InputError:
        line = pending_authors[0] if pending_authors else pending_area[0]  # type: ignore[index]
        what = "author line" if pending_authors else "subject-area line"
        return InputError(
            f"{what} is not followed by an abstract",
            path=path,
            line=line,
            hint="each record is [Area · Subarea] [Author, Author, ...] then the abstract, "
            "in paragraphs separated by blank lines",
        )

    for start, block in _paragraphs(text.splitlines()):
        index = 0
        # Peel area / author / header lines off the top of the paragraph.
        while index < len(block):
            line, number = block[index].strip(), start + index
            kind = classify_line(line)
            if kind == "area":
                if pending_area or pending_authors:
                    yield dangling()
                    pending_authors = None
                pending_area = (number, line)
            elif kind == "authors" and (parsed := _author_list(line)) is not None:
                if pending_authors:
                    yield dangling()
                pending_authors = (number, parsed[0], parsed[1])
            elif kind == "header" and not (pending_area or pending_authors):
                match = _VENUE_RE.search(line)
                if match and not seen_record:
                    venue, year = f"{match.group(1)} {match.group(2)}", int(match.group(2))
            else:
                break
            index += 1
        if index == len(block):
            continue
        abstract = "\n".join(l.strip() for l in block[index:]).strip()
        line_no = min(
            x for x in (
                pending_area[0] if pending_area else None,
                pending_authors[0] if pending_authors else None,
                start + index,
            ) if x is not None
        )
        yield RawRecord(
            line=line_no,
            abstract=abstract,
            authors=tuple(pending_authors[1]) if pending_authors else (),
            authors_truncated=pending_authors[2] if pending_authors else False,
            area=pending_area[1] if pending_area else None,
            venue=venue,
            year=year,
        )
        seen_record = True
        pending_area = pending_authors = None
    if pending_area or pending_authors:
        yield dangling()
