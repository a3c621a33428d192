# Two entry points: `make run` starts Meldbook, `make test` runs every test.
# Each builds .venv from requirements.txt first, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test bench system-deps clean

$(VENV)/stamp: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

run: $(VENV)/stamp
	$(PY) app.py $(ARGS)

# Browser tests need Chromium and the PDF tests need poppler's pdftoppm; install them when missing.
system-deps:
	@command -v chromium >/dev/null && command -v pdftoppm >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils; fi; }

test: $(VENV)/stamp system-deps
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(VENV)/stamp
	$(PY) bench/run.py $(ARGS)

clean:
	rm -rf $(VENV)
