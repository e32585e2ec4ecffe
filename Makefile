# Every target creates .venv and installs wordkit into it when needed.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev

.PHONY: run test test-full lint wheel-check bench data clean

$(STAMP): pyproject.toml wordkit/wordle/_kernels.c
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/wordkit stats hangman --words categories
	$(BIN)/wordkit stats wordle

# The fast tier: everything but the tests marked `full` (the full tables, ../shared/data and the
# slower variants of the signal tests), on every core (pytest-xdist).
test: $(STAMP)
	$(BIN)/python -m pytest -q -m "not full" -n auto

test-full: $(STAMP)
	$(BIN)/python -m pytest -q -m full

lint: $(STAMP)
	$(BIN)/ruff check wordkit tests scripts bench
	$(BIN)/ruff format --check wordkit tests scripts bench
	$(BIN)/mypy wordkit

# The wheel, installed into a fresh venv, plays both games from outside the repository.
wheel-check: $(STAMP)
	PYTHON=$(BIN)/python bash scripts/check_wheel.sh

bench: $(STAMP)
	$(BIN)/python bench/run.py

# english and wordle read Debian's SCOWL word lists (package `scowl`), portuguese its `wportuguese`
# list; both are installed here when root.
data: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[data]'
	{ test -d /usr/share/dict/scowl && test -f /usr/share/dict/portuguese; } \
	  || { [ "$$(id -u)" = 0 ] && apt-get update -q && apt-get install -y -q scowl wportuguese; } \
	  || { echo "Error: install Debian's scowl and wportuguese packages first"; exit 1; }
	$(BIN)/python scripts/build_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
