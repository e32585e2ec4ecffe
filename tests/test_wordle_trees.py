"""Decision trees: export (.json, .txt, .dot, images), read back, play and check."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import shared_file
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.errors import GameStateError, InputFileError, OutputPathError
from wordkit.wordle import trees
from wordkit.wordle.lists import load_wordle, make_wordle
from wordkit.wordle.play import run_stats
from wordkit.wordle.rules import Rules
from wordkit.wordle.search import TreeSearch

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "wordle_small.txt"


@pytest.fixture(scope="module")
def played():
    """The optimal strategy over the 40-word fixture: the game and its records."""
    game = load_wordle(FIXTURE, use_disk=False)
    summary, records = run_stats(game, "optimal", Rules())
    return game, records


def test_round_trips(played, tmp_path):
    game, records = played
    total = sum(r.guesses for r in records)
    assert total == TreeSearch(game).total_with(records[0].moves[0])
    for fmt in ("json", "txt"):
        path = tmp_path / f"tree.{fmt}"
        trees.write_tree(records, str(path), game.length)
        check = trees.check_tree(game, str(path), Rules())
        assert check.total == total
        assert [r.moves for r in check.records] == [r.moves for r in records]
        assert check.paths_checked == (len(records) if fmt == "txt" else 0)


def test_text_format(played, tmp_path):
    game, records = played
    path = tmp_path / "tree.txt"
    trees.write_tree(records, str(path), game.length)
    lines = path.read_text().splitlines()
    assert lines == sorted(lines) and len(lines) == len(game.answers)
    record = records[0]
    expected = " ".join(
        f"{g} {f}{i}" for i, (g, f) in enumerate(zip(record.moves, record.feedback, strict=True), 1)
    )
    assert expected in lines
    assert all(line.split()[-1].startswith("GGGGG") for line in lines)


def test_json_shape(played, tmp_path):
    game, records = played
    path = tmp_path / "tree.json"
    trees.write_tree(records, str(path), game.length)
    data = json.loads(path.read_text())
    assert data["guess"] == records[0].moves[0]
    assert data["answers"] == len(records)
    assert data["total"] == sum(r.guesses for r in records)
    child = next(iter(data["next"].values()))
    assert set(child) == {"guess", "answers", "total", "next"}
    assert all(set(key) <= set("GYB") for key in data["next"])


def test_dot_and_images(played, tmp_path, monkeypatch):
    game, records = played
    trees.write_tree(records, str(tmp_path / "tree.dot"), game.length)
    dot = (tmp_path / "tree.dot").read_text()
    assert dot.startswith("digraph wordle {") and dot.rstrip().endswith("}")
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    with pytest.raises(trees.GraphvizMissingError, match="Graphviz's dot program"):
        trees.write_tree(records, str(tmp_path / "tree.svg"), game.length)
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "dot").write_text("#!/bin/sh\ncat > /dev/null\necho '<svg/>'\n")
    (fake / "dot").chmod(0o755)
    monkeypatch.setenv("PATH", str(fake))
    trees.write_tree(records, str(tmp_path / "tree.svg"), game.length)
    assert (tmp_path / "tree.svg").read_text() == "<svg/>\n"


def test_unknown_format(played, tmp_path):
    game, records = played
    with pytest.raises(OutputPathError, match="cannot tell the tree format"):
        trees.write_tree(records, str(tmp_path / "tree.xml"), game.length)


BAD = {
    "empty.json": ("", "empty"),
    "broken.json": ("{not json", "not valid JSON"),
    "noguess.json": ('{"next": {}}', "has no guess"),
    "unknown.json": ('{"guess": "zzzzz", "next": {}}', "not an allowed guess"),
    "badkey.json": ('{"guess": "apple", "next": {"BBXBB": {"guess": "baker"}}}', "feedback"),
    "odd.txt": ("apple BBBBB1 baker\n", "pairs of guess and feedback"),
    "nowin.txt": ("apple BBBBB1 baker BBBBB2\n", "all green"),
    "array.json": ("[1, 2]", "the root is not an object"),
    # json kept the last of two equal keys in silence: a branch lost
    "twice.json": (
        '{"guess": "apple", "next": {"BBBBB": {"guess": "baker"}, "BBBBB": {"guess": "apple"}}}',
        "'BBBBB' appears twice in one object",
    ),
    "intguess.json": ('{"guess": 5}', "the root has a guess that is not a word: 5"),
    "steps.txt": ("apple BBBBB1 baker GGGGG3\n", "GGGGG3 is numbered turn 3, but it is turn 2"),
    # int() refuses over 4,300 digits: it was a traceback
    "longturn.txt": ("apple BBBBB" + "1" * 5000 + " baker GGGGG2\n", "but it is turn 1"),
    "notallowed.txt": ("zzzzz BBBBB1 apple GGGGG2\n", "notallowed.txt line 1: 'zzzzz' is not"),
    "null.json": ("null\n", "is not a decision tree: JSON trees are objects"),
    "tree.dot": ("digraph wordle {\n  rankdir=LR;\n}\n", "is a drawing: --tree-in reads"),
    "named.dot": ("strict digraph {\n}\n", "is a drawing"),
    "graphviz.txt": ("digraph\n{\n}\n", "is a drawing"),
    "commented.txt": ("// a tree\ndigraph t {\n}\n", "is a drawing"),
    "drawn.txt": ('<?xml version="1.0"?>\n<svg></svg>\n', "is a drawing"),
    "tree.svg": ("<svg></svg>\n", "is a drawing"),
    "tree.PNG": ("\x00\x89PNG binary", "tree.PNG is a drawing"),
    "deep.json": ("[" * 100_000 + "]" * 100_000, "nested too deeply to be a decision tree"),
    "deeptree.json": (
        '{"guess": "apple", "next": {"BBBBB": ' * 3_000 + '{"guess": "apple"}' + "}}" * 3_000,
        "nested too deeply to be a decision tree",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_files(played, tmp_path, name):
    game, _ = played
    text, message = BAD[name]
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(InputFileError, match=message):
        trees.read_tree(str(path), game)


def test_a_text_tree_opening_with_graph_is_no_drawing(tmp_path):
    game = make_wordle(["graph", "grape"], ["graph", "grape"])
    path = tmp_path / "tree.txt"
    path.write_text("graph GGGGG1\ngraph GGGBB1 grape GGGGG2\n")
    assert trees.read_tree(str(path), game).root.guess == "graph"


def test_check_finds_holes_and_bad_paths(played, tmp_path):
    game, records = played
    path = tmp_path / "tree.txt"
    trees.write_tree(records, str(path), game.length)
    lines = path.read_text().splitlines()
    # A missing line leaves its answer off the tree.
    (tmp_path / "hole.txt").write_text("\n".join(lines[1:]) + "\n")
    with pytest.raises(GameStateError, match="does not solve 1 of the 40 answers"):
        trees.check_tree(game, str(tmp_path / "hole.txt"), Rules())
    # Two lines that disagree after the same feedback are not one tree.
    first = lines[0].split()
    other = next(w for w in game.guesses if w != first[0])
    clash = [" ".join([other, *first[1:]]), *lines[1:]]
    (tmp_path / "clash.txt").write_text("\n".join(clash) + "\n")
    with pytest.raises(InputFileError, match="where an earlier line plays"):
        trees.read_tree(str(tmp_path / "clash.txt"), game)


def test_guesses_no_answer_reaches_are_counted(played, tmp_path):
    # A tree for other lists (or with dead branches) checked out without a word about it.
    game, records = played
    path = tmp_path / "tree.json"
    trees.write_tree(records, str(path), game.length)
    assert trees.check_tree(game, str(path), Rules()).unreached == 0
    fewer = [r.secret for r in records][:5]
    small = make_wordle(game.guesses, fewer, use_disk=False)
    check = trees.check_tree(small, str(path), Rules())
    nodes, stack = 0, [trees.read_tree(str(path), small).root]
    while stack:
        node = stack.pop()
        nodes += 1
        stack.extend(node.next.values())
    reached = {m for r in check.records for m in r.moves[:-1]}  # the guesses before each win
    assert 0 < check.unreached < nodes and nodes - check.unreached >= len(reached)


def test_cli_tree_export_and_check(tmp_path):
    runner = CliRunner()
    base = ["stats", "wordle", "--answers", str(FIXTURE), "--strategy", "optimal"]
    out = tmp_path / "tree.json"
    result = runner.invoke(app, [*base, "--tree", str(out)])
    assert result.exit_code == 0, result.output
    total = json.loads(out.read_text())["total"]
    result = runner.invoke(app, [*base, "--tree", "-", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert result.output.count("GGGGG") == 40
    result = runner.invoke(
        app, ["stats", "wordle", "--answers", str(FIXTURE), "--tree-in", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert f"total {total:,}" in result.output and "every answer solved" in result.output
    result = runner.invoke(
        app, ["stats", "wordle", "--answers", str(FIXTURE), "--tree-in", str(out), "--json"]
    )
    checked = json.loads(result.output)
    assert checked["tree"]["total"] == total
    # a list's games name their sample and seed, null when nothing was drawn (it had neither)
    assert (checked["sample"], checked["seed"]) == (None, None)
    for args in (["--tree", str(tmp_path / "t.xml")], ["--tree-in", str(tmp_path / "none.json")]):
        result = runner.invoke(app, [*base, *args])
        assert result.exit_code == 1
        assert result.output.startswith("Error:") and len(result.output.splitlines()) == 1


@pytest.mark.full
def test_salet_tree_totals_7920(tmp_path):
    game = load_wordle(shared_file("wordle", "answers.txt"), shared_file("wordle", "allowed.txt"))
    summary, records = run_stats(game, "optimal", Rules(), opener="salet")
    path = tmp_path / "salet.txt"
    trees.write_tree(records, str(path), game.length)
    assert path.read_text().splitlines()[0] == "salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4"
    check = trees.check_tree(game, str(path), Rules())
    assert check.total == 7920 and check.paths_checked == 2315
    trees.write_tree(records, str(tmp_path / "salet.json"), game.length)
    assert trees.check_tree(game, str(tmp_path / "salet.json"), Rules()).total == 7920
    assert os.path.getsize(tmp_path / "salet.json") > 0
