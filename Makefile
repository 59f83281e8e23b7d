# `make run` and `make test` do every set-up step themselves, and each step is idempotent.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# make serve: gunicorn worker processes (about two per core), and the threads of each: a worker
# answers others (a cached page, a 429) while one of its threads waits on a slow search.
WORKERS ?= 2
THREADS ?= 4
# make serve: SIGTERM (or `gunicornc -s SOCKET -c "shutdown graceful"`) stops taking connections
# and lets the requests in flight finish, for GRACEFUL_TIMEOUT seconds at most. Each instance on
# a machine has its own control socket, in RUN_DIR, named after the address it binds.
GRACEFUL_TIMEOUT ?= 30
RUN_DIR ?= $(or $(XDG_RUNTIME_DIR),$(HOME)/.gunicorn)

.PHONY: run serve serve-env serve-prepared collectstatic offline-data test test-postgres setup migrate prepare data lint format messages check-python benchmarks clean

run: setup
	$(PY) manage.py runserver $(HOST):$(PORT)

# The production server (docs/deploy.md): DEBUG=0, the static files collected with hashed names
# and compressed, then gunicorn on HOST:PORT with WORKERS workers of THREADS threads (gunicorn's
# gthread workers; THREADS=1: its sync ones). Request lines of up to 8,190 bytes (gunicorn's
# most; its default, 4,094, refused the shared decklist addresses of 6,000 characters
# docs/decks.md promises). It neither migrates nor loads data (make prepare does, once): it
# refuses to start on a database with migrations not applied.
serve: export DEBUG = 0
serve: serve-env $(VENV)/.installed collectstatic serve-prepared offline-data
	$(VENV)/bin/gunicorn config.wsgi --bind $(HOST):$(PORT) --workers $(WORKERS) \
		--threads $(THREADS) --limit-request-line 8190 --access-logfile - \
		--forwarded-allow-ips '*' --graceful-timeout $(GRACEFUL_TIMEOUT) \
		--control-socket '$(RUN_DIR)/oracolo-$(HOST)-$(PORT).ctl'

serve-env:
	@missing=""; \
	[ -n "$$SECRET_KEY" ] || missing="$$missing SECRET_KEY"; \
	[ -n "$$ALLOWED_HOSTS" ] || missing="$$missing ALLOWED_HOSTS"; \
	if [ -n "$$missing" ]; then \
		echo "make serve runs in production mode and needs these environment variables:$$missing" >&2; \
		echo "  SECRET_KEY: a long random string, e.g. from: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'" >&2; \
		echo "  ALLOWED_HOSTS: the host names the site answers to, comma-separated (e.g. oracolo.example.org)" >&2; \
		echo "See docs/deploy.md for every setting." >&2; \
		exit 2; \
	fi

serve-prepared: $(VENV)/.installed
	$(PY) manage.py prepare_data --check

collectstatic: $(VENV)/.installed
	$(PY) manage.py collectstatic --noinput --verbosity 0

# The offline package of the data now (docs/offline.md), which names the collected static files.
offline-data: $(VENV)/.installed collectstatic serve-prepared
	$(PY) manage.py build_offline_data

test: setup
	$(PY) manage.py test --parallel=auto

# The same tests on a throwaway PostgreSQL cluster (needs Debian's postgresql package).
test-postgres: $(VENV)/.installed
	scripts/with-postgres $(PY) manage.py test --parallel=auto

setup: $(VENV)/.installed prepare

check-python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 13) else "Python 3.13 or newer is needed (see .python-version); set PYTHON=python3.13")'

$(VENV)/.installed: requirements.txt requirements-dev.txt | check-python
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

migrate: $(VENV)/.installed
	$(PY) manage.py migrate --verbosity 0

# The migrations, then the bundled data where the database holds none, under a lock: run it once
# before starting instances (any number may run it at once: the others wait, then find it done).
prepare: $(VENV)/.installed
	$(PY) manage.py prepare_data

data: prepare

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) scripts/check_module_lines.py

format: $(VENV)/.installed
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

messages: $(VENV)/.installed
	$(PY) manage.py makemessages --locale it --ignore '.venv/*' --ignore 'staticfiles/*' --ignore 'fixtures/*' --ignore 'benchmarks/*' --ignore 'rulings/tests/data/*'
	$(PY) manage.py compilemessages --locale it --ignore '.venv/*'

# The page benchmark on SQLite, then on PostgreSQL (the same data, copied) when it is installed,
# and the two databases compared request for request (bench_databases.py);
# `make benchmarks BENCH_PAGES_DB=/tmp/all.sqlite3` for the full catalogue.
BENCH_PAGES_DB ?= db.sqlite3
BENCH_PAGES_SAVED := $(or $(TMPDIR),/tmp)/oracolo-bench-pages-sqlite.json

benchmarks: setup
	$(PY) benchmarks/bench_import.py
	$(PY) benchmarks/bench_pages.py --database $(BENCH_PAGES_DB) --save $(BENCH_PAGES_SAVED)
	if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v pg_config >/dev/null 2>&1; then \
	  scripts/with-postgres sh -c '$(PY) benchmarks/bench_pages.py --copy-from $(BENCH_PAGES_DB) --baseline $(BENCH_PAGES_SAVED) && $(PY) benchmarks/bench_databases.py --database $(BENCH_PAGES_DB) --no-copy'; \
	else echo "PostgreSQL is not installed: the page benchmark on PostgreSQL is skipped."; fi
	$(PY) benchmarks/bench_italian_names.py
	$(PY) benchmarks/bench_search.py
	$(PY) benchmarks/bench_autocomplete.py
	$(PY) benchmarks/bench_scryfall_api.py --database $(BENCH_PAGES_DB) --bulk
	$(PY) benchmarks/bench_decks.py --database $(BENCH_PAGES_DB)
	$(PY) benchmarks/bench_rules_import.py
	$(PY) benchmarks/bench_rules.py
	$(PY) benchmarks/bench_link_rules.py
	$(PY) benchmarks/bench_word_diff.py --cpu
	$(PY) benchmarks/load.py

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 db.sqlite3-*
