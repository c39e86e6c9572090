# The two commands a player needs: `make play` and `make test`.
# Python 3.11 is wanted; plain python3 is used when no python3.11 is on the PATH.
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3 2>/dev/null || echo python3.11)
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: play test bench fuzz lint clean

# The virtual environment is rebuilt whenever requirements.txt is newer than it.
$(VENV)/.installed: requirements.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "make: $(PYTHON) not found; install Python 3.11 or run 'make PYTHON=python3 ...'"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

play: $(VENV)/.installed
	$(PY) main.py play $(ARGS)

test: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -n auto -q

# At least 1,000 broken or hostile inputs of each kind (maps, saves, data files, command lines); prints the counts.
fuzz: $(VENV)/.installed
	$(PY) tests/fuzz/run.py --count $(or $(COUNT),1000)

bench: $(VENV)/.installed
	$(PY) bench/run.py

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache
