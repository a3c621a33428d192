# Two entry points: `make run` starts Meldbook, `make test` runs every test.
# Each builds .venv from requirements.txt first, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test bench mutants system-deps bench-deps clean catalogs catalogs-update catalog-init

$(VENV)/stamp: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# `make run` serves the table: on the whole network, so phones on the same Wi-Fi can join (a later --host in ARGS
# wins); `python app.py` alone keeps API.md's default, this computer only.
run: $(VENV)/stamp catalogs
	$(PY) app.py --host 0.0.0.0 $(ARGS)

# The gettext catalogs (translations/<lang>/LC_MESSAGES/messages.po) compiled to .mo, as the app reads them.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard translations/*/LC_MESSAGES/messages.po))
catalogs: $(CATALOGS)
translations/%.mo: translations/%.po $(VENV)/stamp
	$(VENV)/bin/pybabel compile --statistics -D messages -i $< -o $@

# After a template or a message in the code changed: extract every marked text and merge it into each catalog
# (new texts come untranslated, changed ones fuzzy: the suite fails until a translator has seen them).
KEYWORDS := -k L_ -k N_ -k Nn_:1,2 -k lazy_pgettext:1c,2 -k say -k say_n -k said -k said_n -k say_of -k R_
catalogs-update: $(VENV)/stamp
	PYTHONPATH=. $(VENV)/bin/pybabel extract --sort-output --add-comments=TRANSLATORS: -F babel.cfg $(KEYWORDS) -o translations/messages.pot .
	$(VENV)/bin/pybabel update --ignore-obsolete --previous -i translations/messages.pot -d translations -D messages

# A new language: make catalog-init NEW=fr, translate translations/fr/LC_MESSAGES/messages.po, add one line
# to lang.LANGUAGES.
catalog-init: $(VENV)/stamp
	$(VENV)/bin/pybabel init -i translations/messages.pot -d translations -D messages -l $(NEW)

# Browser tests need Chromium and the PDF tests need poppler's pdftoppm; install them when missing.
system-deps:
	@command -v chromium >/dev/null && command -v pdftoppm >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils; fi; }

# The suite runs on every core (pytest-xdist): each test has its own database and server port, so they share nothing.
test: $(VENV)/stamp system-deps catalogs
	$(PY) -m pytest -n auto $(PYTEST_ARGS)

# The requests/s figures use wrk (a load generator in C) when it is there; install it when missing.
bench-deps:
	@command -v wrk >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; fi; } || \
	  echo "wrk could not be installed: the requests/s figures use Python clients instead"

bench: $(VENV)/stamp bench-deps
	$(PY) bench/run.py $(ARGS)

# Mutation testing of the rules engine (scoring/) with mutmut against the fast engine and API tests
# only (which ones: setup.cfg [mutmut]); every mutant, from scratch. MUTMUT_CHILDREN caps the parallel
# workers (the machine is shared); MUTANTS="scoring.deck54*" runs only the mutants matching a pattern.
MUTMUT_CHILDREN ?= 2
mutants: $(VENV)/stamp
	rm -rf mutants
	$(VENV)/bin/mutmut run --max-children $(MUTMUT_CHILDREN) $(MUTANTS)
	$(VENV)/bin/mutmut export-cicd-stats
	@cat mutants/mutmut-cicd-stats.json
	@$(VENV)/bin/mutmut results

clean:
	rm -rf $(VENV)
