# Everything a fresh Debian machine needs, then serve or test.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
SYSSTAMP := .sys-installed
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: serve test screens setup system graphs bench load pagebench lint cards clean

serve: setup
	$(VENV)/bin/judge serve --host $(HOST) --port $(PORT)

test: setup
	$(PY) -m pytest -q

# The committed screenshots in graphs/screens, taken again by the browser tests marked `screens`
# (a plain test run writes its screenshots to the ignored build/screens instead); commit the result.
screens: setup
	JUDGE_SCREENS=$(CURDIR)/graphs/screens $(PY) -m pytest -q -m screens tests

setup: system $(STAMP)

# Debian packages: Graphviz renders the charts, Noto CJK measures and draws Korean labels,
# Chromium runs the browser tests (Playwright drives the system browser, it downloads none).
system:
	@missing=""; \
	command -v dot >/dev/null 2>&1 || missing="$$missing graphviz"; \
	fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing="$$missing fonts-noto-cjk"; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	python3 -c "import venv, ensurepip" 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing fontconfig; \
	fi

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

# Every committed chart and export: structure charts, documentation style, wiki texts, walk-throughs.
graphs: setup
	$(VENV)/bin/judge chart --all -o graphs

bench: setup
	$(PY) benchmarks/start_bench.py
	$(PY) benchmarks/engine_bench.py
	$(PY) benchmarks/explore_bench.py
	$(PY) benchmarks/chart_bench.py

# Many judges at once: a waitress server on 127.0.0.1, 20 clients for 30 s (tests/test_load.py runs 5 x 3 s).
load: setup
	$(PY) benchmarks/load_test.py --clients 20 --seconds 30

# The card catalogue (judge/cards/data/catalogue.json) from ../shared/data/cards/cards.json; commit the result.
cards: setup
	$(PY) -m judge.cards.build

# A step page against /static/app.css, 20 ApacheBench clients each (ab is for measuring only: no
# test needs it, so `system` does not install it).
pagebench: setup
	@command -v ab >/dev/null 2>&1 || { echo "ab is missing: apt-get install apache2-utils"; exit 2; }
	$(PY) benchmarks/page_bench.py | tee benchmarks/page_bench.txt

# ruff; the engine and the scenario format fully typed (mypy --strict); the rest of the package
# held to at most MYPY_BUDGET errors of plain mypy (the count only goes down).
MYPY_BUDGET ?= 50
lint: setup
	$(VENV)/bin/ruff check judge tests benchmarks
	$(VENV)/bin/mypy --strict judge/engine judge/scenario
	@out=$$($(VENV)/bin/mypy judge 2>&1); n=$$(printf '%s\n' "$$out" | grep -c ': error:'); \
	printf '%s\n' "$$out" | tail -n 1 | grep -Eq '^(Success|Found [0-9]+ errors?)' || { printf '%s\n' "$$out"; exit 2; }; \
	echo "mypy judge: $$n errors (at most $(MYPY_BUDGET))"; \
	[ "$$n" -le $(MYPY_BUDGET) ] || { printf '%s\n' "$$out" | grep ': error:'; exit 1; }

clean:
	rm -rf $(VENV) instance .pytest_cache
