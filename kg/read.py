"""Read paper listings (seed text, JSONL, JSON, CSV; optionally gzip-compressed) into Papers."""
from __future__ import annotations

import csv
import gzip
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from .errors import InputError
from .normalize import abstract_hash, clean_space, name_key
from .records import Author, Paper
from .seedtext import RawRecord, iter_text_records

__all__ = [
    "FORMATS",
    "InputFormat",
    "ReadReport",
    "detect_format",
    "iter_records",
    "read_papers",
]

InputFormat = Literal["text", "jsonl", "json", "csv"]
#: Input formats ``--input-format`` accepts (``auto`` detects).
FORMATS: tuple[str, ...] = ("auto", "text", "jsonl", "json", "csv")

_FIELD_ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "paper_id", "forum", "openreview_id"),
    "title": ("title",),
    "abstract": ("abstract",),
    "authors": ("authors", "author"),
    "author_ids": ("author_ids", "authorids"),
    "keywords": ("keywords",),
    "area": ("primary_area", "area", "subject_area"),
    "venue": ("venue",),
    "year": ("year",),
    "decision": ("decision", "status"),
}
_TYPE_HINT = "fix the value (see the README's input formats)"
_STRUCTURED_HINT = (
    "each record needs an \"abstract\" or \"title\" (fields: id, title, authors, abstract, "
    "keywords, primary_area, venue, year, decision, author_ids)"
)


@dataclass
class ReadReport:
    """What reading saw: records per input and the rows skipped with reasons."""

    records: dict[str, int] = field(default_factory=dict)
    formats: dict[str, str] = field(default_factory=dict)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    merged: int = 0


def _open_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read file ({err.strerror})", path=str(path),
                          hint="check the path and permissions") from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as err:
            raise InputError(f"corrupt gzip data ({err})", path=str(path),
                              hint="re-download or re-compress the file") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise InputError("not UTF-8 text", path=str(path), line=line,
                          hint="convert the file to UTF-8") from None


def detect_format(path: Path, text: str) -> InputFormat:
    """Pick the reader from the file name (``.gz`` stripped), else from the content.

    >>> detect_format(Path("x.jsonl.gz"), "")
    'jsonl'
    >>> detect_format(Path("x.dat"), '[{"abstract": "a"}]')
    'json'
    """
    suffixes = [s.lower() for s in path.suffixes if s.lower() != ".gz"]
    ext = suffixes[-1] if suffixes else ""
    by_ext: dict[str, InputFormat] = {
        ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json",
        ".csv": "csv", ".tsv": "csv", ".txt": "text", ".md": "text",
    }
    if ext == ".json":
        # Many ".json" files are really JSON lines.
        stripped = text.lstrip()
        return "jsonl" if stripped.startswith("{") and "\n{" in stripped else "json"
    if ext in by_ext:
        return by_ext[ext]
    stripped = text.lstrip()
    if stripped.startswith("["):
        return "json"
    if stripped.startswith("{"):
        return "jsonl"
    return "text"


def _as_str(value: Any, name: str, where: tuple[str, int]) -> str | None:
    if value is None:
        return None
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        text = clean_space(str(value)) if name != "abstract" else str(value).strip()
        return text or None
    raise InputError(f"field \"{name}\" must be a string, got {type(value).__name__}",
                     path=where[0], line=where[1], hint=_TYPE_HINT)


def _as_list(value: Any, name: str, where: tuple[str, int]) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        sep = ";" if ";" in value else ","
        return [clean_space(v) for v in value.split(sep) if clean_space(v)]
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, dict):
                item = item.get("name") or item.get("id")
            if item is None:
                continue
            if not isinstance(item, (str, int)):
                raise InputError(f"field \"{name}\" must be a list of strings",
                                 path=where[0], line=where[1], hint=_TYPE_HINT)
            if clean_space(str(item)):
                out.append(clean_space(str(item)))
        return out
    raise InputError(f"field \"{name}\" must be a list or a string, got {type(value).__name__}",
                     path=where[0], line=where[1], hint=_TYPE_HINT)


_ETAL_RE = re.compile(r"^(?:等|et al\.?|others|\.\.\.|…)$", re.IGNORECASE)


def record_from_mapping(obj: Any, path: str, line: int) -> RawRecord:
    """Turn one JSON object / CSV row into a RawRecord, checking field types."""
    if not isinstance(obj, dict):
        raise InputError(f"expected a JSON object, got {type(obj).__name__}", path=path,
                         line=line, hint=_STRUCTURED_HINT)
    where = (path, line)

    def get(name: str) -> Any:
        for key in _FIELD_ALIASES[name]:
            if key in obj and obj[key] not in (None, ""):
                return obj[key]
        return None

    abstract = _as_str(get("abstract"), "abstract", where) or ""
    title = _as_str(get("title"), "title", where)
    if not abstract and not title:
        raise InputError("record has neither \"abstract\" nor \"title\"", path=path, line=line,
                         hint=_STRUCTURED_HINT)
    authors = _as_list(get("authors"), "authors", where)
    truncated = bool(authors) and bool(_ETAL_RE.match(authors[-1]))
    if truncated:
        authors = authors[:-1]
    author_ids_raw = _as_list(get("author_ids"), "author_ids", where)
    author_ids = tuple(author_ids_raw) if author_ids_raw and len(author_ids_raw) == len(authors) else None
    year_raw = get("year")
    year = None
    if year_raw is not None:
        try:
            year = int(str(year_raw).strip())
        except ValueError:
            raise InputError(f"field \"year\" must be a whole number, got {year_raw!r}",
                             path=path, line=line, hint=_TYPE_HINT) from None
    decision = get("decision")
    if decision is None and obj.get("withdrawn") is True:
        decision = "Withdrawn"
    return RawRecord(
        line=line,
        abstract=abstract,
        title=title,
        authors=tuple(authors),
        authors_truncated=truncated,
        author_ids=author_ids,
        area=_as_str(get("area"), "area", where),
        keywords=tuple(_as_list(get("keywords"), "keywords", where)),
        id=_as_str(get("id"), "id", where),
        venue=_as_str(get("venue"), "venue", where),
        year=year,
        decision=_as_str(decision, "decision", where),
    )


def _iter_jsonl(text: str, path: str) -> Iterator[RawRecord | InputError]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            yield InputError(f"invalid JSON: {err.msg} (column {err.colno})", path=path,
                             line=number, hint="each line must be one JSON object")
            continue
        try:
            yield record_from_mapping(obj, path, number)
        except InputError as err:
            yield err


def _iter_json(text: str, path: str) -> Iterator[RawRecord | InputError]:
    decoder = json.JSONDecoder()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"invalid JSON: {err.msg} (column {err.colno})", path=path,
                         line=err.lineno, hint="the file must be a JSON array of paper objects") from None
    if isinstance(data, dict):
        for key in ("papers", "data", "records", "items"):
            if isinstance(data.get(key), list):
                data = data[key]
                break
    if not isinstance(data, list):
        raise InputError("expected a JSON array of paper objects", path=path, line=1,
                         hint="wrap the records in [...] or use JSON lines (.jsonl)")
    # Find where each element starts so that errors can name its line.
    starts: list[int] = []
    pos = text.index("[") + 1 if "[" in text else 0
    if len(data) and text.lstrip().startswith("["):
        for _ in data:
            while pos < len(text) and text[pos] in " \t\r\n,":
                pos += 1
            starts.append(text.count("\n", 0, pos) + 1)
            _, pos = decoder.raw_decode(text, pos)
    for index, obj in enumerate(data):
        line = starts[index] if index < len(starts) else 1
        try:
            yield record_from_mapping(obj, path, line)
        except InputError as err:
            yield err


def _iter_csv(text: str, path: str) -> Iterator[RawRecord | InputError]:
    dialect: type[csv.Dialect] | csv.Dialect = csv.excel
    if path.lower().removesuffix(".gz").endswith(".tsv"):
        dialect = csv.excel_tab
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    if not reader.fieldnames:
        raise InputError("empty CSV file", path=path, line=1, hint="the first row must name the columns")
    line = 1
    for row in reader:
        if None in row:
            yield InputError("row has more cells than the header", path=path, line=line + 1,
                             hint="quote cells that contain the delimiter")
        else:
            try:
                yield record_from_mapping(row, path, line + 1)
            except InputError as err:
                yield err
        line = reader.line_num


_READERS: dict[str, Callable[[str, str], Iterable[RawRecord | InputError]]] = {
    "text": iter_text_records,
    "jsonl": _iter_jsonl,
    "json": _iter_json,
    "csv": _iter_csv,
}


def iter_records(
    path: Path, input_format: str = "auto", *, label: str | None = None,
) -> tuple[InputFormat, Iterator[RawRecord | InputError]]:
    """Open a listing and return its format and an iterator over its records.

    Errors about single records come out of the iterator as InputError values;
    errors about the whole file are raised.
    """
    text = _open_text(path)
    fmt: InputFormat = detect_format(path, text) if input_format == "auto" else input_format  # type: ignore[assignment]
    if fmt not in _READERS:
        raise InputError(f"unknown input format {fmt!r}", path=str(path),
                         hint=f"use one of {', '.join(FORMATS)}")
    return fmt, iter(_READERS[fmt](text, label or str(path)))


#: Placeholders some listings put where an author has no profile; never a person.
_PLACEHOLDER_RE = re.compile(r"^(?:anonymous|anon\.?|unknown|n/?a|tba|tbd)$", re.IGNORECASE)


def _authors(raw: RawRecord) -> tuple[Author, ...]:
    authors = []
    for index, name in enumerate(raw.authors):
        name = clean_space(name)
        if _ETAL_RE.match(name) or _PLACEHOLDER_RE.match(name):
            continue
        author_id = raw.author_ids[index] if raw.author_ids else None
        key = f"id:{author_id}" if author_id else name_key(name)
        authors.append(Author(key=key, name=name, author_id=author_id))
    return tuple(authors)


def paper_from_record(raw: RawRecord, source: str) -> Paper:
    """Normalise a raw record into a Paper with its identity."""
    paper_id = raw.id
    placeholders = any(_PLACEHOLDER_RE.match(clean_space(n)) for n in raw.authors)
    return Paper(
        id=paper_id or abstract_hash(raw.abstract, raw.title),
        abstract=raw.abstract,
        title=raw.title,
        authors=_authors(raw),
        authors_truncated=raw.authors_truncated or placeholders,
        area=clean_space(raw.area) if raw.area else None,
        keywords=raw.keywords,
        venue=raw.venue,
        year=raw.year,
        decision=raw.decision,
        sources=(source,),
        id_derived=paper_id is None,
    )


def _merge(old: Paper, new: Paper) -> Paper:
    """One paper seen twice: keep the first values, fill gaps from the second, remember both sources.

    A source id wins over a derived one.
    """
    keep_new_id = old.id_derived and not new.id_derived
    return replace(
        old,
        id=new.id if keep_new_id else old.id,
        id_derived=old.id_derived and new.id_derived,
        abstract=old.abstract or new.abstract,
        title=old.title or new.title,
        authors=old.authors or new.authors,
        authors_truncated=old.authors_truncated if old.authors else new.authors_truncated,
        area=old.area or new.area,
        keywords=old.keywords or new.keywords,
        venue=old.venue or new.venue,
        year=old.year or new.year,
        decision=old.decision or new.decision,
        sources=old.sources + tuple(s for s in new.sources if s not in old.sources),
    )


def read_papers(
    paths: Iterable[Path],
    *,
    input_format: str = "auto",
    skip_bad_rows: bool = False,
    labels: dict[Path, str] | None = None,
    report: ReadReport | None = None,
) -> list[Paper]:
    """Read listings into de-duplicated papers, in order of first appearance.

    The same paper in two inputs (same source id, or same normalised abstract)
    becomes one paper that remembers all its sources.

    Raises
    ------
    InputError
        For the first bad record, unless ``skip_bad_rows`` (then it is counted
        in ``report.skipped``), and for unreadable files.
    """
    report = report if report is not None else ReadReport()
    papers: dict[str, Paper] = {}
    slots: dict[str, str] = {}  # any id a paper has had -> its key in ``papers``
    by_abstract: dict[str, str] = {}
    for path in paths:
        label = (labels or {}).get(path, str(path))
        fmt, records = iter_records(path, input_format, label=label)
        report.formats[label] = fmt
        count = 0
        for item in records:
            if isinstance(item, InputError):
                if not skip_bad_rows:
                    raise item
                report.skipped.append((item.location, item.message))
                continue
            count += 1
            paper = paper_from_record(item, f"{label}:{item.line}")
            abstract_key = abstract_hash(paper.abstract) if paper.abstract else None
            slot = slots.get(paper.id)
            if slot is None and abstract_key in by_abstract:
                # Same abstract: the same paper, unless both carry different source ids.
                candidate = by_abstract[abstract_key]
                if papers[candidate].id_derived or paper.id_derived:
                    slot = candidate
            if slot is None:
                slot = paper.id
                papers[slot] = paper
            else:
                papers[slot] = _merge(papers[slot], paper)
                report.merged += 1
            slots[papers[slot].id] = slot
            slots[paper.id] = slot
            if abstract_key:
                by_abstract.setdefault(abstract_key, slot)
        report.records[label] = count
        if count == 0 and not any(loc.startswith(label + ":") for loc, _ in report.skipped):
            raise InputError("no papers found", path=label,
                             hint="check the file and --input-format (text, jsonl, json or csv)")
    return list(papers.values())
