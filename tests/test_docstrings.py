"""The examples in the public faces' docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["wordkit.hangman.session", "wordkit.wordle.session"])
def test_the_session_examples_hold(module: str) -> None:
    failed, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failed == 0
