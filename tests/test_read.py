"""Readers: seed text format, JSONL, JSON, CSV, gzip; identity and merging; errors with file:line."""
from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from kg.errors import InputError
from kg.read import ReadReport, detect_format, read_papers
from kg.seedtext import classify_line, iter_text_records


def test_read_seed_text_with_header_truncation_and_missing_area(data_dir):
    papers = read_papers([data_dir / "seeds_small.txt"])
    assert len(papers) == 3
    first, second, third = papers
    assert first.area == "Deep Learning · Large Language Models"
    assert [a.name for a in first.authors] == ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
    assert first.authors_truncated is True
    assert all(a.name != "等" for p in papers for a in p.authors)
    assert first.venue == "ICLR 2026" and first.year == 2026
    assert second.area is None and [a.name for a in second.authors] == ["Ada LOVELACE", "Charles Babbage"]
    assert second.authors_truncated is False
    assert third.authors == () and third.area is None
    assert third.abstract.startswith("Sparse autoencoders (SAEs)")
    assert first.sources == (f"{data_dir / 'seeds_small.txt'}:3",)


def test_read_abstracts_only_text(data_dir):
    papers = read_papers([data_dir / "abstracts_only.txt"])
    assert [p.abstract[:5] for p in papers] == ["Large", "We pr"]
    assert all(p.authors == () and p.id_derived for p in papers)


def test_read_same_author_key_ignores_case(data_dir):
    papers = read_papers([data_dir / "seeds_small.txt"])
    assert papers[0].authors[0].key == papers[1].authors[0].key == "ada lovelace"


@pytest.mark.parametrize("name", ["listings.jsonl", "listings.csv", "listings.json"])
def test_read_structured_formats(data_dir, name):
    papers = read_papers([data_dir / name])
    assert papers and all(p.abstract and p.title and not p.id_derived for p in papers)


def test_read_jsonl_fields(data_dir):
    papers = {p.id: p for p in read_papers([data_dir / "listings.jsonl"])}
    assert [a.name for a in papers["p2"].authors] == ["Alan Turing", "Grace Hopper"]  # "a; b" string
    assert papers["p2"].keywords == ("arithmetic", "reasoning")
    assert papers["p2"].year == 2026 and papers["p2"].area.startswith("Deep Learning")
    assert papers["p1"].decision == "Poster" and papers["p1"].venue == "TestConf 2026"
    assert papers["p4"].authors_truncated and len(papers["p4"].authors) == 2
    assert papers["p5"].authors == ()


def test_read_csv_fields(data_dir):
    papers = {p.id: p for p in read_papers([data_dir / "listings.csv"])}
    assert [a.name for a in papers["c1"].authors] == ["Ada Lovelace", "Charles Babbage"]
    assert papers["c1"].keywords == ("rl", "alignment") and papers["c1"].decision == "Oral"
    assert papers["c2"].area is None


def test_read_gzip_and_forced_format(tmp_path, data_dir):
    target = tmp_path / "copy.jsonl.gz"
    target.write_bytes(gzip.compress((data_dir / "listings.jsonl").read_bytes()))
    assert len(read_papers([target])) == 5
    odd = tmp_path / "listing.dat"
    shutil.copy(data_dir / "listings.csv", odd)
    assert len(read_papers([odd], input_format="csv")) == 2


def test_read_identity_same_paper_in_two_inputs_is_one(tmp_path, data_dir):
    again = tmp_path / "again.jsonl"
    again.write_text('{"abstract": "We study DPO on arithmetic benchmarks such as GSM8K and MATH."}\n')
    report = ReadReport()
    papers = read_papers([data_dir / "listings.jsonl", again], report=report)
    assert len(papers) == 5 and report.merged == 1
    p2 = next(p for p in papers if p.id == "p2")
    assert len(p2.sources) == 2 and p2.sources[1].endswith("again.jsonl:1")


def test_read_derived_id_is_stable_and_whitespace_insensitive(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("An abstract about   things.\n")
    b.write_text("an abstract about things.\n")
    assert read_papers([a])[0].id == read_papers([b])[0].id
    assert read_papers([a])[0].id.startswith("h")


def test_read_distinct_source_ids_with_same_abstract_stay_apart(tmp_path):
    f = tmp_path / "x.jsonl"
    f.write_text('{"id": "a", "abstract": "Same."}\n{"id": "b", "abstract": "Same."}\n')
    assert [p.id for p in read_papers([f])] == ["a", "b"]


def test_read_source_id_wins_over_derived_one(tmp_path):
    text, jsonl = tmp_path / "x.txt", tmp_path / "y.jsonl"
    text.write_text("Same abstract.\n")
    jsonl.write_text('{"id": "src1", "title": "T", "abstract": "Same abstract."}\n')
    (paper,) = read_papers([text, jsonl])
    assert paper.id == "src1" and paper.title == "T" and not paper.id_derived


@pytest.mark.parametrize("name, message", [
    ("invalid_json.jsonl", "invalid_json.jsonl:2: invalid JSON"),
    ("no_abstract.jsonl", 'no_abstract.jsonl:2: record has neither "abstract" nor "title"'),
    ("authors_type.jsonl", 'authors_type.jsonl:1: field "authors" must be a list or a string, got int'),
    ("dangling_authors.txt", "dangling_authors.txt:3: author line is not followed by an abstract"),
    ("extra_cells.csv", "extra_cells.csv:3: row has more cells than the header"),
    ("title_type.json", 'title_type.json:2: field "title" must be a string, got list'),
])
def test_read_errors_name_file_and_line(data_dir, name, message):
    with pytest.raises(InputError) as info:
        read_papers([data_dir / "bad" / name])
    assert message in str(info.value)
    assert "; " in str(info.value)  # says what to do


def test_read_skip_bad_rows_counts(data_dir):
    report = ReadReport()
    papers = read_papers([data_dir / "bad" / "no_abstract.jsonl"], skip_bad_rows=True, report=report)
    assert len(papers) == 1
    assert report.skipped == [(f"{data_dir / 'bad' / 'no_abstract.jsonl'}:2",
                               'record has neither "abstract" nor "title"')]


def test_read_not_utf8_and_empty(tmp_path):
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("caf\xe9\n".encode("latin-1"))
    with pytest.raises(InputError, match=r"latin1.txt:1: not UTF-8"):
        read_papers([bad])
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(InputError, match="no papers found"):
        read_papers([empty])


@pytest.mark.parametrize("line, kind", [
    ("Social Aspects · Accountability, Transparency, and Interpretability", "area"),
    ("Applications · Health / Medicine", "area"),
    ("Masahiro Kato", "authors"),
    ("Maria Emilia Russo, Federico Di Valerio, Alessia Borghini", "authors"),
    ("Daniela de Albuquerque, Caroline L Wang, Oana-Maria Camburu", "authors"),
    ("Yining Jiao, Carlton ZDANSKI, William Dunn 等", "authors"),
    ("论文检索", "header"),
    ("Large language models are becoming general knowledge engines.", "text"),
    ("However, this fails.", "text"),
])
def test_seedtext_classify_line(line, kind):
    assert classify_line(line) == kind


def test_detect_format():
    assert detect_format(Path("a.JSONL"), "") == "jsonl"
    assert detect_format(Path("a.json"), '{"a": 1}\n{"a": 2}') == "jsonl"
    assert detect_format(Path("a.csv.gz"), "") == "csv"
    assert detect_format(Path("noext"), "Plain abstract.") == "text"


@given(st.text(max_size=400))
def test_read_text_any_input_gives_records_or_input_errors(text):
    for item in iter_text_records(text, "x.txt"):
        assert isinstance(item, InputError) or item.abstract.strip()


@given(st.text(max_size=200))
def test_read_jsonl_any_input_never_crashes(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("h") / "x.jsonl"
    path.write_text(text, encoding="utf-8")
    try:
        papers = read_papers([path])
    except InputError as err:
        assert str(err).startswith(str(path))
    else:
        assert papers


def test_read_anonymous_placeholder_is_not_a_person(tmp_path):
    """ICLR 2025's author lists say "Anonymous" for authors without a profile: not one prolific person."""
    f = tmp_path / "x.jsonl"
    f.write_text('{"title": "A", "authors": ["Ada Lovelace", "Anonymous"]}\n{"title": "B", "authors": ["anonymous"]}\n')
    a, b = read_papers([f])
    assert [x.name for x in a.authors] == ["Ada Lovelace"] and a.authors_truncated
    assert b.authors == () and b.authors_truncated
