"""The command line: help, exit codes 0/1/2, one-line errors, atomic outputs."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from kg.cli import cli


@pytest.fixture()
def runner():
    return CliRunner()


def test_cli_help_and_version(runner):
    result = runner.invoke(cli, ["--help"])
    assert result.exit_code == 0 and "build" in result.output
    assert runner.invoke(cli, ["build", "-h"]).exit_code == 0
    assert "paper-kg" in runner.invoke(cli, ["--version"]).output


def test_cli_build_prints_written_paths(runner, tmp_path, data_dir):
    result = runner.invoke(cli, ["build", str(data_dir / "listings.jsonl"), "--out", str(tmp_path)],
                           catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == str(tmp_path / "kg.ttl")
    assert "5 papers" in result.stderr


@pytest.mark.parametrize("name", ["invalid_json.jsonl", "no_abstract.jsonl", "dangling_authors.txt", "extra_cells.csv"])
def test_cli_bad_input_one_line_error_exit_1(runner, tmp_path, data_dir, name):
    result = runner.invoke(cli, ["build", str(data_dir / "bad" / name), "--out", str(tmp_path / "o")])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {data_dir / 'bad' / name}:")
    assert "Traceback" not in result.output
    assert not (tmp_path / "o" / "kg.ttl").exists()


def test_cli_bad_input_keeps_previous_outputs(runner, tmp_path, data_dir):
    good = runner.invoke(cli, ["build", str(data_dir / "listings.jsonl"), "--out", str(tmp_path)])
    assert good.exit_code == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    store = sorted(p.name for p in (tmp_path / "store").iterdir())
    bad = runner.invoke(cli, ["build", str(data_dir / "bad" / "invalid_json.jsonl"), "--out", str(tmp_path)])
    assert bad.exit_code == 1
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before
    assert sorted(p.name for p in (tmp_path / "store").iterdir()) == store
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary leftovers


def test_cli_skip_bad_rows(runner, tmp_path, data_dir):
    result = runner.invoke(cli, ["build", str(data_dir / "bad" / "no_abstract.jsonl"), "--skip-bad-rows",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert "skipped" in result.stderr and "no_abstract.jsonl:2" in result.stderr
    assert "1 rows skipped" in result.stderr


@pytest.mark.parametrize("args, code", [
    (["build", "--format", "pdf"], 2),
    (["build", "--input-format", "xml"], 2),
    (["nonsense"], 2),
    (["build", "missing-file.jsonl"], 1),
    (["build", "--model", "no_such_model_xyz"], 1),
])
def test_cli_exit_codes(runner, tmp_path, args, code):
    result = runner.invoke(cli, [*args, "--out", str(tmp_path)] if args[0] == "build" else args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output


def test_cli_out_is_a_file(runner, tmp_path, data_dir):
    target = tmp_path / "file"
    target.write_text("x")
    result = runner.invoke(cli, ["build", str(data_dir / "listings.jsonl"), "--out", str(target)])
    assert result.exit_code in (1, 2) and "Traceback" not in result.output


def test_cli_missing_model_says_how_to_install(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--model", "en_core_web_sm_missing", "--out", str(tmp_path)])
    assert "pip install" in result.stderr


def test_cli_eval_on_tiny_gold(runner, tmp_path):
    import json

    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "g1", "abstract": "We fine-tune Qwen2.5-7B with Direct Preference Optimization (DPO) on GSM8K.",
                                "entities": [
                                    {"type": "MODEL", "tier": "named", "name": "Qwen2.5-7B", "aliases": ["Qwen2.5-7B"]},
                                    {"type": "METHOD", "tier": "named", "name": "Direct Preference Optimization", "aliases": ["DPO"]},
                                    {"type": "DATASET", "tier": "named", "name": "GSM8K", "aliases": ["GSM8K"]},
                                    {"type": "DATASET", "tier": "named", "name": "MATH", "aliases": ["MATH"]},
                                ]}) + "\n")
    result = runner.invoke(cli, ["eval", "--gold", str(gold), "--json"], catch_exceptions=False)
    assert result.exit_code == 0
    scores = json.loads(result.stdout)
    assert scores["typed"]["ALL"]["gold_named"] == 4 and scores["typed"]["ALL"]["found_named"] == 3
    assert scores["typed"]["ALL"]["precision"] == 1.0
    assert scores["misses"] == [["g1", "DATASET", "MATH"]]


def test_cli_eval_gold_without_abstract_needs_corpus(runner, tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "nope", "entities": []}\n')
    result = runner.invoke(cli, ["eval", "--gold", str(gold)])
    assert result.exit_code == 1 and "gold.jsonl:1: no abstract for id 'nope'" in result.stderr


@pytest.mark.parametrize("line, field", [
    ('{"id": "a", "abstract": "We use GPT-4.", "title": 5, "entities": []}', "title"),
    ('{"id": "a", "abstract": 7, "entities": []}', "abstract"),
])
def test_cli_eval_gold_fields_must_be_strings(runner, tmp_path, line, field):
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "ok", "abstract": "We use GPT-4.", "entities": []}\n' + line + "\n")
    result = runner.invoke(cli, ["eval", "--gold", str(gold)])
    assert result.exit_code == 1 and f'gold.jsonl:2: "{field}" must be a string' in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_cli_viz_export_report_on_a_build(runner, sample_build, tmp_path):
    out = sample_build.out
    viz = runner.invoke(cli, ["viz", "--dir", str(out), "--graph", "coauthor", "-o", str(tmp_path / "m.html")],
                        catch_exceptions=False)
    assert viz.exit_code == 0 and viz.stdout.strip() == str(tmp_path / "m.html")
    assert "89 nodes" in viz.stderr
    export = runner.invoke(cli, ["export", "--dir", str(out), "--to", "gexf", "--graph", "concept", "-o", str(tmp_path)],
                           catch_exceptions=False)
    assert export.exit_code == 0 and export.stdout.strip().endswith("concept.gexf")
    report = runner.invoke(cli, ["report", "--dir", str(out), "--format", "json"], catch_exceptions=False)
    assert report.exit_code == 0 and report.stdout.strip().endswith("report.json")


@pytest.mark.parametrize("args", [["viz", "--graph", "coauthor"], ["export", "--to", "gexf"], ["report"],
                                  ["validate"], ["serve", "--port", "0"]])
def test_cli_commands_on_a_missing_build_fail_in_one_line(runner, tmp_path, args):
    result = runner.invoke(cli, [*args, "--dir", str(tmp_path / "nothing-here")])
    assert result.exit_code == 1, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_cli_every_command_has_help_and_is_in_the_readme(runner):
    from conftest import ROOT

    readme = (ROOT / "README.md").read_text()
    for name, command in cli.commands.items():
        assert command.help, name
        assert runner.invoke(cli, [name, "--help"]).exit_code == 0
        assert f"kg {name}" in readme, f"`kg {name}` is not documented in the README"
