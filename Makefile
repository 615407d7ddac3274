# Everything a fresh clone needs: `make generate`, `make test`.
PY_BOOT ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

NODE_DIR := .e2e-node
HARNESS_DIR := .conformance-node
LINT_PATHS := codegen negotiation demos examples tests bench conformance tools hatch_build.py

.PHONY: generate templates test test-all check bench bench-record bench-load bench-replicas bench-corpus bench-scale bench-generality clean venv e2e-node conformance-node redis-server docs conformance mutation

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PY_BOOT) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

generate: templates
	$(PY) -m codegen generate --strict

# The jinja templates precompiled to Python (codegen/templates_compiled); see codegen/templating.py.
templates: $(STAMP)
	$(PY) -m codegen.templating

# One pytest-xdist worker per core plus one (TEST_WORKERS=0 runs in this process): a third
# of the suite's wall time is tests waiting on the processes they start (servers, node,
# type checkers), which the extra worker fills (2 cores: 4:29 with 3 workers, 6:13 with 2,
# fresh clone, idle). Random order;
# the seed is printed last (tests/conftest.py): rerun one order with --randomly-seed=N.
# --dist worksteal: a worker that runs out of tests takes the ones still queued on the
# other, so the run does not end waiting on tests queued behind a slow one.
# `make test` leaves out the tests marked full_corpus (whole-corpus oracle runs, minutes);
# `make test-all` runs every test, and CI (.ci/run) runs it.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
PYTEST := $(PY) -m pytest -p randomly -n $(TEST_WORKERS) --dist worksteal

test: $(STAMP) e2e-node conformance-node redis-server
	$(PYTEST) -m "not full_corpus"

test-all: $(STAMP) e2e-node conformance-node redis-server
	$(PYTEST)

# The official TypeScript SDK client for the end-to-end tests, and typescript-json-schema
# (the oracle of tests/compiler/build_stage/test_protocol_corpus.py). Without node or the npm
# registry those tests skip with a message, so a failure here does not stop `make test`.
e2e-node: $(NODE_DIR)/.installed

$(NODE_DIR)/.installed: tests/e2e/ts/package.json
	@if command -v npm >/dev/null 2>&1; then \
	  mkdir -p $(NODE_DIR) && cp tests/e2e/ts/package.json $(NODE_DIR)/ && \
	  npm install --prefix $(NODE_DIR) --no-audit --no-fund --loglevel=error && touch $@ \
	  || echo "npm install failed: the TypeScript client tests will skip"; \
	else echo "npm not found: the TypeScript client tests will skip"; fi

# MCP's official conformance harness (npm @modelcontextprotocol/conformance, at the version
# the official Python SDK's CI pins) for tests/conformance/test_official_harness.py. On
# Node < 22 its one `fs.globSync` import is shimmed (docs/conformance.md). Without node or
# the npm registry those tests skip with a message, so a failure here does not stop `make test`.
conformance-node: $(HARNESS_DIR)/.installed

$(HARNESS_DIR)/.installed: tests/conformance/harness/package.json tests/conformance/harness/shim-globsync.mjs
	@if command -v npm >/dev/null 2>&1; then \
	  mkdir -p $(HARNESS_DIR) && cp tests/conformance/harness/package.json $(HARNESS_DIR)/ && \
	  npm install --prefix $(HARNESS_DIR) --no-audit --no-fund --loglevel=error && \
	  node tests/conformance/harness/shim-globsync.mjs $(HARNESS_DIR)/node_modules && touch $@ \
	  || echo "npm install of the conformance harness failed: the official-harness tests will skip"; \
	else echo "npm not found: the official-harness tests will skip"; fi

# A private redis-server for the backplane tests (tests/redis_server.py starts and stops
# one per session on a free loopback port), and redis-sentinel for the chaos suite's
# failover (tests/backplane/chaos.py). Installed with apt-get when missing; without them
# those tests skip with a message, so a failure here does not stop `make test`.
redis-server:
	@{ command -v redis-server && command -v redis-sentinel; } >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -q && apt-get install -y -q --no-install-recommends redis-server redis-sentinel) >/dev/null \
	    || echo "apt-get could not install redis-server and redis-sentinel: the Redis tests will skip"; \
	  else echo "redis-server or redis-sentinel not found and no apt-get: the Redis tests will skip"; fi; }

check: $(STAMP)
	$(PY) -m ruff check $(LINT_PATHS)
	$(PY) -m ruff format --check $(LINT_PATHS)
	$(PY) -m mypy
	$(PY) -m codegen.templating --check
	$(PY) -m codegen generate --check --strict

# The conformance kit against both demos, stdio and HTTP, both eras (docs/conformance.md).
conformance: $(STAMP)
	$(PY) -m tests.conformance.demos

# Medians over interleaved rounds, under 90 s on an idle machine; prints the table and
# writes nothing. bench-record also writes it to the tracked bench/RESULTS.md.
bench: $(STAMP)
	$(PY) -m bench

bench-record: $(STAMP)
	$(PY) -m bench --results bench/RESULTS.md

# Notification latency and the shared limiter's cost across replicas over one Redis
# (minutes; not part of `make bench`): writes bench/RESULTS-replicas.md.
bench-replicas: $(STAMP) redis-server
	$(PY) -m bench.replicas --results bench/RESULTS-replicas.md

# Mutation testing (minutes per module; not part of `make test`). One module:
# make mutation MODULES=negotiation/cursors.py; JOBS sets mutmut's parallelism.
MODULES ?=
JOBS ?= 1
mutation: $(STAMP)
	$(PY) tools/mutation.py --jobs $(JOBS) $(MODULES)

# The HTTP load test (minutes): concurrent sessions against the demo servers.
bench-load: $(STAMP)
	$(PY) -m bench --only load --results bench/RESULTS-load.md

# Cold compile CPU time on the three largest corpus typings vs typescript-json-schema +
# datamodel-codegen, alone (also a section of `make bench`; the peer takes minutes).
bench-corpus: $(STAMP)
	$(PY) -m bench --only corpus --results bench/RESULTS-corpus.md

# The compiler's cost by typing size, a synthetic series up to 80k lines, beside
# typescript-json-schema (minutes; 1k, 5k and 20k lines alone are a section of `make bench`).
bench-scale: $(STAMP)
	$(PY) -m bench --only scale --scale-full --results bench/RESULTS-scale.md

# A sweep of 100+ real typings from npm (issue #33; an hour or more, not part of `make test`):
# each compiled unmodified, imported under -W error and compared with typescript-json-schema;
# writes bench/GENERALITY.md. Packages and TJS's output are cached outside the repository
# ($XDG_CACHE_HOME/mcp-negotiation/generality). One typing: make bench-generality ONLY=@types/hast@3.0.4
ONLY ?=
bench-generality: $(STAMP) e2e-node
	nice -n 10 $(PY) -m bench.generality $(foreach t,$(ONLY),--only $(t))

# The guides and the API reference (from the docstrings) into site/; not part of `make test`.
DOCS_STAMP := $(VENV)/.docs-installed

$(DOCS_STAMP): pyproject.toml
	$(PY) -m pip install -q -e '.[dev,docs]'
	touch $(DOCS_STAMP)

docs: $(STAMP) $(DOCS_STAMP)
	$(PY) -m mkdocs build --strict --site-dir site

clean:
	rm -rf $(VENV) .bench $(NODE_DIR) .codegen-cache site mutants
