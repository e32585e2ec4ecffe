"""Decision trees you can read, export and check.

A tree is what a strategy played over every answer: a guess, then one subtree per feedback
it got. It is built from the records of a stats run and written as

- `.json`: nested `{"guess", "answers", "total", "next": {"GBBYB": subtree, ...}}` (the
  optimal search's cached trees, keyed by 0/1/2 digits, read back too);
- `.txt`: one line per answer with its path, the format exact solvers publish:
  `salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4` (each feedback followed by its turn);
- `.dot` (Graphviz), and `.svg`/`.png` rendered by Graphviz's `dot` when it is installed.

A tree read back (`read_tree`) is played by `TreeGuesser` through the one game loop over
every answer and checked: every answer solved, and every `.txt` path replays to its answer
with the feedback written.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from wordkit import outputs, runner, tables
from wordkit.errors import GameStateError, InputFileError, OutputPathError, shortened
from wordkit.runner import GameRecord, Summary
from wordkit.wordle.guessers.base import Decision, PartitionGuesser, decision
from wordkit.wordle.lists import Wordle
from wordkit.wordle.rules import (
    HardModeError,
    Pattern,
    Rules,
    State,
    all_green,
    parse_feedback,
    pattern_str,
)

FORMATS = (".json", ".txt", ".dot", ".svg", ".png")
RENDERED = (".svg", ".png")
"""Formats drawn by Graphviz's `dot` program from the `.dot` text."""


class GraphvizMissingError(OutputPathError):
    """Rendering a tree as an image needs Graphviz's `dot` program, which is not installed."""


@dataclass(eq=False)
class Node:
    """A guess and the subtree after each feedback it can get (the win has none)."""

    guess: str
    next: dict[Pattern, Node] = field(default_factory=dict)
    answers: int = 0
    """Answers whose game reaches this node (0 when unknown: a tree read from JSON)."""
    total: int = 0
    """Guesses those answers take from this node on, summed (the root's: the tree's total,
    as in the optimal search's trees)."""


# ---------------------------------------------------------------------------------------
# Building a tree from what a strategy played


def tree_of(records: Sequence[GameRecord], length: int) -> Node:
    """The tree of a stats run: every record's moves and feedback, merged from the root."""
    if not records:
        raise GameStateError("no games were played, so there is no tree to write")
    root: Node | None = None
    for record in records:
        if not record.moves:
            continue
        if root is None:
            root = Node(record.moves[0])
        node = root
        for turn, (guess, marks) in enumerate(zip(record.moves, record.feedback, strict=True)):
            if node.guess != guess:
                raise GameStateError(
                    f"the strategy did not play one tree: after the same feedback it played "
                    f"{node.guess.upper()} for one answer and {guess.upper()} for "
                    f"{record.secret.upper()} (guess {turn + 1})"
                )
            node.answers += 1
            node.total += len(record.moves) - turn
            pattern = parse_feedback(marks, length)
            if pattern == all_green(length):
                break
            if turn + 1 < len(record.moves):
                node = node.next.setdefault(pattern, Node(record.moves[turn + 1]))
    if root is None:
        raise GameStateError("no games were played, so there is no tree to write")
    return root


# ---------------------------------------------------------------------------------------
# Writing


def path_line(record: GameRecord) -> str:
    """One answer's path: `salet BBBBB1 courd BBBBB2 ... whiff GGGGG4`."""
    return " ".join(
        f"{guess} {marks}{turn}"
        for turn, (guess, marks) in enumerate(zip(record.moves, record.feedback, strict=True), 1)
    )


def text_lines(records: Iterable[GameRecord]) -> list[str]:
    """The `.txt` tree: one line per answer, sorted as exact solvers publish them."""
    return sorted(path_line(r) + "\n" for r in records if r.moves)


def as_json(node: Node, length: int) -> dict[str, Any]:
    """A node as nested JSON, feedback keys as G/Y/B letters."""
    return {
        "guess": node.guess,
        "answers": node.answers,
        "total": node.total,
        "next": {
            pattern_str(p, length, "letters"): as_json(child, length)
            for p, child in sorted(node.next.items())
        },
    }


def as_dot(root: Node, length: int) -> str:
    """The tree as a Graphviz digraph: a box per guess (with its answers), an edge per
    feedback."""
    lines = [
        "digraph wordle {",
        "  rankdir=LR;",
        '  node [shape=box, fontname="monospace"];',
        '  edge [fontname="monospace"];',
    ]
    stack = [(root, "n0")]
    count = 1
    while stack:
        node, name = stack.pop()
        label = node.guess.upper() + (f"\\n{node.answers}" if node.answers else "")
        lines.append(f'  {name} [label="{label}"];')
        for p, child in sorted(node.next.items(), reverse=True):
            child_name = f"n{count}"
            count += 1
            lines.append(f'  {name} -> {child_name} [label="{pattern_str(p, length, "letters")}"];')
            stack.append((child, child_name))
    lines.append("}")
    return "\n".join(lines) + "\n"


def tree_format(dest: str) -> str:
    """The format a tree destination asks for (`-` is text), checked before any game is
    played; a missing `dot` program for images is named here too."""
    if dest == "-":
        return ".txt"
    suffix = Path(dest).suffix.lower()
    if suffix not in FORMATS:
        raise OutputPathError(
            f"cannot tell the tree format of {dest!r}: end it in "
            + ", ".join(FORMATS)
            + " (or give - to print the text)"
        )
    if suffix in RENDERED and shutil.which("dot") is None:
        raise GraphvizMissingError(
            f"writing {suffix} needs Graphviz's dot program, which is not installed "
            f"(install graphviz, or write a .dot file)"
        )
    return suffix


def write_tree(records: Sequence[GameRecord], dest: str, length: int) -> None:
    """Write the tree the records played to `dest` in the format its suffix names."""
    fmt = tree_format(dest)
    if fmt == ".txt":
        tree_of(records, length)  # the records must form one tree
        outputs.write(text_lines(records), dest)
        return
    root = tree_of(records, length)
    if fmt == ".json":
        outputs.write(json.dumps(as_json(root, length), indent=1) + "\n", dest)
        return
    dot = as_dot(root, length)
    if fmt == ".dot":
        outputs.write(dot, dest)
        return
    outputs.write(render_dot(dot, fmt[1:]), dest)  # an image as Graphviz drew it


def render_dot(dot: str, kind: str) -> bytes:
    """The image Graphviz's `dot` draws from the text (svg or png)."""
    program = shutil.which("dot")
    if program is None:
        raise GraphvizMissingError(
            f"writing .{kind} needs Graphviz's dot program, which is not installed "
            "(install graphviz, or write a .dot file)"
        )
    try:
        done = subprocess.run(
            [program, f"-T{kind}"], input=dot.encode(), capture_output=True, check=False
        )
    except OSError as exc:
        raise GraphvizMissingError(f"cannot run Graphviz's dot: {exc.strerror}") from exc
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip().splitlines()
        raise OutputPathError(f"Graphviz's dot failed: {why[0] if why else done.returncode}")
    return done.stdout


# ---------------------------------------------------------------------------------------
# Reading


@dataclass(frozen=True)
class Tree:
    """A tree read from a file, and the paths its `.txt` lines promise (answer → turns)."""

    root: Node
    paths: dict[str, tuple[tuple[str, Pattern], ...]]
    source: str


def read_tree(path: str, game: Wordle) -> Tree:
    """A tree from a `.json` or `.txt` file (the format told by the content), every guess
    checked against the game's lists; a bad file raises InputFileError naming the problem."""
    if path.lower().endswith(DRAWINGS):  # a picture need not be read to be told apart
        raise InputFileError(DRAWN.format(path))
    text, name = tables.read_text(path)
    stripped = text.lstrip()
    if not stripped:
        raise InputFileError(f"{name} is empty: no decision tree in it")
    if is_drawing(stripped):
        raise InputFileError(DRAWN.format(name))
    if name.lower().endswith(".json") and not stripped.startswith(("{", "[")):
        raise InputFileError(f"{name} is not a decision tree: JSON trees are objects")
    try:
        if stripped.startswith(("{", "[")):
            try:
                data = json.loads(text, object_pairs_hook=_unique_keys)
            except _DuplicateKey as exc:
                raise InputFileError(
                    f"{name}: not a decision tree: {exc.args[0]!r} appears twice in one object"
                ) from None
            except ValueError as exc:
                raise InputFileError(f"{name} is not valid JSON: {exc}") from exc
            except RecursionError:
                raise InputFileError(TOO_DEEP.format(name)) from None
            try:
                return Tree(node_of(data, game, "the root"), {}, name)
            except InputFileError as exc:
                raise InputFileError(f"{name}: {exc}") from exc
        return tree_of_lines(text, game, name)
    except RecursionError:
        raise InputFileError(TOO_DEEP.format(name)) from None
    except GameStateError as exc:
        raise InputFileError(f"{name}: {exc}") from exc


class _DuplicateKey(ValueError):
    """A JSON object with a key twice (json keeps the last in silence: a branch lost)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict, _DuplicateKey when a key comes twice."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


TOO_DEEP = "{} is nested too deeply to be a decision tree"
GRAPHVIZ = re.compile(r"(strict\s+)?(di)?graph\b[^{]*\{", re.IGNORECASE)
"""The head of a Graphviz file: `digraph NAME {` (a text tree holds no brace)."""
DRAWINGS = (".dot", ".gv", ".svg", ".png", ".pdf")
"""The names of the drawings --tree writes for people, never read back."""
DRAWN = "{} is a drawing: --tree-in reads the .json or .txt tree --tree writes"


def is_drawing(text: str) -> bool:
    """Whether a tree file's text is a drawing (a Graphviz or SVG head), whatever its name."""
    return text.startswith(("//", "/*", "<?xml", "<svg")) or GRAPHVIZ.match(text) is not None


def node_of(data: object, game: Wordle, where: str) -> Node:
    """A node from nested JSON (`guess` and `next`; keys as G/Y/B, 0/1/2 or squares)."""
    if not isinstance(data, dict):
        raise InputFileError(f"not a decision tree: {where} is not an object")
    guess, nxt = data.get("guess"), data.get("next", {})
    if guess is None:
        raise InputFileError(f"not a decision tree: {where} has no guess")
    if not isinstance(guess, str):
        raise InputFileError(
            f"not a decision tree: {where} has a guess that is not a word: {guess!r:.40}"
        )
    if not isinstance(nxt, dict):
        raise InputFileError(f"not a decision tree: {where} has a 'next' that is not an object")
    word = known_guess(game, guess, where)
    node = Node(word)
    for key, child in nxt.items():
        try:
            pattern = parse_feedback(str(key), game.length)
        except GameStateError as exc:
            raise InputFileError(f"not a decision tree: after {word.upper()}: {exc}") from exc
        if pattern in node.next:
            raise InputFileError(f"not a decision tree: {word.upper()} has {key!r} twice")
        node.next[pattern] = node_of(child, game, f"the guess after {word.upper()} {key}")
    return node


def known_guess(game: Wordle, guess: str, where: str) -> str:
    """The guess, if the game allows it."""
    word = guess.strip().lower()
    if word not in game.guess_index:
        raise InputFileError(f"{where}: {guess!r} is not an allowed guess of these lists")
    return word


def tree_of_lines(text: str, game: Wordle, name: str) -> Tree:
    """A tree from `.txt` lines `guess FEEDBACK1 guess FEEDBACK2 ...` (turn numbers after the
    feedback optional); each line must end in the win and agree with the lines before it."""
    root: Node | None = None
    paths: dict[str, tuple[tuple[str, Pattern], ...]] = {}
    win = game.win
    for number, line in enumerate(tables.lines_of(text), 1):
        tokens = line.split("#", 1)[0].split()
        if not tokens:
            continue
        where = f"line {number}"
        if len(tokens) % 2:
            raise InputFileError(f"{name} {where}: expected pairs of guess and feedback")
        turns = []
        for i in range(0, len(tokens), 2):
            word = known_guess(game, tokens[i], f"{name} {where}")
            # Letters or squares may carry the turn number after them, which must be the turn's
            marks = tokens[i + 1].rstrip("0123456789") or tokens[i + 1][: game.length]
            turn = tokens[i + 1][len(marks) :]  # compared as text: digits of any length
            if turn and turn.lstrip("0") != str(i // 2 + 1):
                raise InputFileError(
                    f"{name} {where}: {shortened(tokens[i + 1], 40)} is numbered turn "
                    f"{shortened(turn, 20)}, but it is turn {i // 2 + 1} of its path"
                )
            try:
                pattern = parse_feedback(marks, game.length)
            except GameStateError as exc:
                raise InputFileError(f"{name} {where}: {exc}") from exc
            turns.append((word, pattern))
        if turns[-1][1] != win or any(p == win for _, p in turns[:-1]):
            raise InputFileError(f"{name} {where}: the path must end, and only end, all green")
        answer = turns[-1][0]
        if answer in paths:
            raise InputFileError(f"{name} {where}: {answer.upper()} has a path already")
        paths[answer] = tuple(turns)
        if root is None:
            root = Node(turns[0][0])
        node = root
        for i, (word, pattern) in enumerate(turns):
            if node.guess != word:
                raise InputFileError(
                    f"{name} {where}: plays {word.upper()} where an earlier line plays "
                    f"{node.guess.upper()} after the same feedback"
                )
            if pattern == win:
                break
            node = node.next.setdefault(pattern, Node(turns[i + 1][0]))
    if root is None:
        raise InputFileError(f"{name} has no path: no decision tree in it")
    return Tree(root, paths, name)


# ---------------------------------------------------------------------------------------
# Playing and checking


@dataclass(eq=False)
class TreeGuesser(PartitionGuesser):
    """Plays a decision tree: the guess of the node the game has reached (None off the tree,
    which the game loop takes as giving up)."""

    name: str = "tree"
    root: Node | None = None

    def __call__(self, state: State) -> Decision | None:  # type: ignore[override]
        """The tree's guess in this state."""
        node = self.root
        for _, pattern in state.turns:
            node = None if node is None else node.next.get(pattern)
        if node is None:
            return None
        return decision(state.game, state.game.guess_index[node.guess], float("nan"), "tree")

    def first_guess(self, game: Wordle) -> str:
        """The root's guess."""
        if self.root is None:
            raise GameStateError("the tree is empty")
        return self.root.guess


@dataclass(frozen=True)
class TreeCheck:
    """A tree played over every answer: the stats, the records and what was checked."""

    summary: Summary
    records: list[GameRecord]
    total: int
    """Guesses over every answer."""
    paths_checked: int
    """`.txt` paths that replayed to their answer with the feedback written."""
    other_paths: int
    """`.txt` paths ending on a word that is not an answer of these lists (not played)."""
    source: str
    unreached: int = 0
    """Nodes of the tree no answer's game reaches (a tree made for other lists, or dead
    branches: a feedback no answer gives)."""


def check_tree(
    game: Wordle,
    path: str,
    rules: Rules,
    *,
    jobs: int = 1,
    progress: runner.Progress | None = None,
) -> TreeCheck:
    """Read a tree, play it over every answer through the game loop and check it: every
    answer solved (within the rules' limit or not) and every written path replayed exactly;
    the first failures raise GameStateError."""
    from wordkit.wordle.play import run_stats

    tree = read_tree(path, game)
    guesser = TreeGuesser(root=tree.root)
    try:
        summary, records = run_stats(
            game, guesser, rules, jobs=jobs, table=f"tree {tree.source}", progress=progress
        )
    except HardModeError as exc:  # a guess hard mode refuses: name the tree it is in
        raise HardModeError(f"the tree in {tree.source} breaks {exc}") from None
    lost = [r.secret for r in records if not r.ended_solved]
    if lost:
        shown = ", ".join(w.upper() for w in lost[:5]) + (" …" if len(lost) > 5 else "")
        raise GameStateError(
            f"the tree in {tree.source} does not solve {len(lost):,} of the "
            f"{len(records):,} answers: {shown}"
        )
    checked = 0
    for record in records:
        promised = tree.paths.get(record.secret)
        if promised is None:
            continue
        played = tuple(
            (g, parse_feedback(f, game.length))
            for g, f in zip(record.moves, record.feedback, strict=True)
        )
        if played != promised:
            raise GameStateError(
                f"the path written for {record.secret.upper()} in {tree.source} does not "
                f"replay: the game goes {path_line(record)}"
            )
        checked += 1
    total = sum(r.guesses for r in records)
    other = len(set(tree.paths) - set(game.answers))
    unreached = unreached_nodes(tree.root, records, game.length)
    figures = {"source": tree.source, "total": total, "paths_checked": checked}
    figures |= {"other_paths": other, "unreached_nodes": unreached}
    summary = replace(summary, extra={**summary.extra, "tree": figures})
    return TreeCheck(summary, records, total, checked, other, tree.source, unreached)


def unreached_nodes(root: Node, records: Sequence[GameRecord], length: int) -> int:
    """How many nodes of the tree no record's game passes through."""
    reached: set[int] = set()
    for record in records:
        node: Node | None = root
        for marks in record.feedback:
            if node is None:
                break
            reached.add(id(node))
            node = node.next.get(parse_feedback(marks, length))
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += id(node) not in reached
        stack.extend(node.next.values())
    return count
