# Every target creates .venv and installs wordkit into it when needed.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev

.PHONY: run test lint bench data clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/wordkit prepare data_raw/english.csv --min-length 5 --max-length 5 --format tsv | head -n 12

test: $(STAMP)
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check wordkit tests scripts bench
	$(BIN)/ruff format --check wordkit tests scripts bench
	$(BIN)/mypy wordkit

bench: $(STAMP)
	$(BIN)/python bench/run.py

data: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[data]'
	$(BIN)/python scripts/build_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
