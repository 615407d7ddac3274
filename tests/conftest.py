"""Shared fixtures: where the official corpus lives, the golden-update flag, and the
hypothesis profile."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# No per-example deadline: property tests check behaviour, and a deadline is a timed
# assertion that fails on a loaded machine (speed is measured by `make bench`).
settings.register_profile("project", deadline=None)
settings.load_profile("project")

PythonForks = Callable[[Sequence[str]], list[str]]

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "mcp-spec"
REVISIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28")
SPECS = ROOT.parent / "shared" / "specs"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite the golden snapshots under tests/golden/ instead of comparing",
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    # Under mutmut each mutant's run is a fork of the clean run: what that run cached
    # would answer for the mutant (tests/mutation_caches.py).
    from tests.mutation_caches import clear_project_caches, mutant_under_test

    if mutant_under_test() is not None:
        clear_project_caches()


def pytest_configure(config: pytest.Config) -> None:
    # Under pytest-xdist each worker rewrites a share of the test modules' asserts for all
    # (tests/rewrite_cache.py).
    from tests.rewrite_cache import share_rewriting

    share_rewriting(config, ROOT)


# The name of a test's ``record_property`` line printed at the end of the run (the fuzz
# test's seed): a report's properties reach the controller from pytest-xdist's workers,
# where a module-level list stayed in the worker.
SUMMARY = "summary"


def summary_lines(stats: dict[str, list[Any]]) -> list[str]:
    """Each ``SUMMARY`` property of the run's reports, once, in the order met."""
    lines: dict[str, None] = {}
    for reports in stats.values():
        for report in reports:
            for name, value in getattr(report, "user_properties", ()):
                if name == SUMMARY:
                    lines[str(value)] = None
    return list(lines)


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    for line in summary_lines(terminalreporter.stats):
        terminalreporter.write_line(line)
    # pytest-randomly puts its seed in the header, which `-q` (addopts) hides.
    # Under pytest-xdist this runs in the controller, whose seed pytest-randomly hands to
    # every worker: each shuffles the same way, and the workers take tests from that order
    # as they free up, so `-n 0` replays the whole order in one process.
    seed = getattr(config.option, "randomly_seed", None)
    if config.pluginmanager.has_plugin("randomly") and isinstance(seed, int):
        workers = getattr(config.option, "numprocesses", None)
        one_process = " -n 0" if workers else ""
        terminalreporter.write_line(
            f"random order seed {seed}: rerun with --randomly-seed={seed}{one_process}"
        )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def require_corpus(revision: str | None = None) -> Path:
    """The corpus folder (or one revision of it); skips the test when it is absent."""
    path = CORPUS / revision if revision else CORPUS
    if not path.is_dir():
        pytest.skip(f"official MCP corpus not found at {path}: conformance tests skipped")
    return path


def require_specs() -> Path:
    if not SPECS.is_dir():
        pytest.skip(f"specs not found at {SPECS}: spec-example tests skipped")
    return SPECS


@pytest.fixture
def corpus_dir() -> Path:
    return require_corpus()


@pytest.fixture(autouse=True)
def _forget_process_wide_memos() -> None:
    """Each test starts with no warning logged yet and no declaration cached.

    The runtime logs each distinct problem once per process; without this a test that
    expects a warning would pass alone and fail after another test logged the same one.
    """
    from negotiation import content, features

    content.forget_warnings()
    features.clear_cache()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A private redis-server for the whole session (tests/redis_server.py); each test
    uses its own key prefix, so tests stay independent in any order."""
    from tests.redis_server import redis_server

    with redis_server() as url:
        yield url


@pytest.fixture(scope="session")
def python_forks() -> Iterator[PythonForks]:
    """``command(args)``: the argv that runs ``python *args`` (a server over stdio) as a
    fork of one warm interpreter per worker, which has imported the SDK and the runtime
    once (tests/forkserver.py): a conformance-kit run starts about 13 servers."""
    import tempfile

    from tests.e2e.servers import REPO, subprocess_env
    from tests.forkserver import fork_server

    # A short folder of its own: a Unix socket's path is limited to about 100 bytes.
    with tempfile.TemporaryDirectory(prefix="forks") as folder:
        with fork_server(Path(folder) / "s", subprocess_env(), REPO) as server:
            yield server.command
