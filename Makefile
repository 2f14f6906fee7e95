# The README's commands: `make run`, `make test` and `make play`.  Each makes the
# virtual environment .venv inside the repo (once; again when pyproject.toml
# changes) and can be run again.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run play test test-extras lint typecheck unit bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV) || { apt-get update && apt-get install -y python3-venv && $(PY) -m venv $(VENV); }
	$(BIN)/python -m pip install -q --upgrade pip

# The README's test command installs the `test` extra: every edge and the test tools.
$(VENV)/.installed: pyproject.toml setup.py $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

# PyTorch and Ray, for the PPO example and distributed arenas only.  torch first, pinned (the
# `train` extra's version): pip then takes the CPU build on the machine's disk, and sb3-contrib
# does not pull in another torch.
$(VENV)/.installed-extras: $(VENV)/.installed
	$(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e '.[all]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/liars serve

play: $(VENV)/.installed
	$(BIN)/liars play liars-dice --bots strong,strong,strong

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

# The package, its tests, the benchmarks and the examples (bench/ is on mypy_path: its scripts
# import each other).
typecheck: $(VENV)/.installed
	$(BIN)/mypy src/liars tests bench examples

# The browser tests drive Debian's Chromium (never a downloaded browser).
/usr/bin/chromium:
	apt-get update && apt-get install -y chromium

unit: $(VENV)/.installed /usr/bin/chromium
	$(BIN)/python -m pytest -n 2 -m "not extras" tests

# The tests that need the train or ray extra (the masked-PPO example, arenas on Ray).
test-extras: $(VENV)/.installed-extras
	$(BIN)/python -m pytest -m extras tests

test: lint typecheck unit

bench: $(VENV)/.installed
	$(BIN)/python bench/playouts.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
