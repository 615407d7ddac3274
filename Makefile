# Everything a fresh clone needs: `make generate`, `make test`.
PY_BOOT ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: generate test check bench clean venv

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PY_BOOT) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

generate: $(STAMP)
	$(PY) -m codegen generate

test: $(STAMP)
	$(PY) -m pytest

check: $(STAMP)
	$(PY) -m ruff check codegen negotiation tests bench
	$(PY) -m ruff format --check codegen negotiation tests bench
	$(PY) -m mypy
	$(PY) -m codegen generate --check

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .bench
