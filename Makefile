# Two commands for a fresh machine:
#   make run    set up, load the real cases into SQLite (when it holds none), serve
#               http://127.0.0.1:8000/
#   make test   lint, check migrations, run the suite on PostgreSQL and on SQLite, the
#               production checks and the benchmark's smoke run; the last line is the verdict
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Database names of this run's own (two runs on one server never share one); pytest
# drops its test databases at the end, the production and bench scripts theirs.
RUN_ID := $(shell od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
PG_URL ?= postgres://postgres@127.0.0.1:5432/incident_library_$(RUN_ID)
# The suite runs in two processes, each with its own test database (pytest-xdist);
# tests of one module or class stay in one process.
PYTEST_WORKERS ?= 2
PYTEST := $(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadscope
# Tests run with DEBUG off, as in production; settings then need these two.
TEST_ENV := SECRET_KEY=test-only ALLOWED_HOSTS=localhost,127.0.0.1

.PHONY: run setup load test test-postgres test-sqlite test-production bench-smoke bench lint postgres browser clean

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

setup: $(BIN)/.installed

load: setup
	DEBUG=true $(BIN)/python manage.py migrate --noinput
	DEBUG=true $(BIN)/python manage.py load_library

# The development server's port: `make run PORT=8001` when 8000 is taken.
PORT ?= 8000

run: load
	DEBUG=true $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Start the local PostgreSQL cluster when it is down (Debian's pg_ctlcluster).
postgres:
	@pg_isready -q -h 127.0.0.1 -p 5432 || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@for i in 1 2 3 4 5 6 7 8 9 10; do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done

# Debian's Chromium for the browser tests (Playwright drives it; no browser download).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	DEBUG=true $(BIN)/python manage.py makemigrations --check --dry-run

test-postgres: setup postgres browser
	$(TEST_ENV) DATABASE_URL=$(PG_URL) $(PYTEST) $(PYTEST_ARGS)

test-sqlite: setup browser
	env -u DATABASE_URL $(TEST_ENV) $(PYTEST) $(PYTEST_ARGS)

# The production path: scripts/start (gunicorn, DEBUG off) on PostgreSQL, tested over HTTP.
test-production: setup postgres
	RUN_ID=$(RUN_ID) scripts/ci-production

# The benchmark at 1,000 cases as a smoke test: it must complete, list pages must keep one
# SQL query count across chips, OR, depth; no 5xx. One line out; the detail goes to
# .test-results/bench-smoke.json. The full run (1k, 10k, 100k; about 25 minutes) is
# `make bench`; it rewrites the tables in bench/RESULTS.md.
bench-smoke: setup postgres
	$(BIN)/python bench/run.py --cases 1000 --smoke --database incident_library_bench_$(RUN_ID)_{n}

bench: setup postgres
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null)
	$(BIN)/python bench/run.py --cases 1000 10000 100000

# Each step runs even when one before it failed; scripts/test prints the verdict last.
test: setup
	@$(BIN)/python scripts/test

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .test-results
