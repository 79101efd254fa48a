"""The suite runs on every core (pytest-xdist, asked for in pyproject's addopts), except where
the command line names only test files or single tests: those run in the one process."""

import importlib.util
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _conftest():
    spec = importlib.util.spec_from_file_location("parallel_runs_conftest", ROOT / "tests" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _workers(*args, source=pytest.Config.ArgsSource.ARGS):
    config = SimpleNamespace(args=list(args), args_source=source, invocation_params=SimpleNamespace(dir=ROOT))
    return _conftest().pytest_xdist_auto_num_workers(config)


def test_the_readme_command_asks_for_a_worker_per_core_and_the_test_extra_brings_xdist():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "--numprocesses=auto" in project["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert any(req.startswith("pytest-xdist") for req in project["project"]["optional-dependencies"]["test"])


def test_files_and_single_tests_run_in_this_process():
    assert _workers("tests/test_readme.py") == 0
    assert _workers("tests/test_readme.py::test_every_command_is_documented", "tests/bot/test_store.py") == 0


def test_folders_and_the_whole_suite_get_xdists_own_count():
    assert _workers(source=pytest.Config.ArgsSource.TESTPATHS) is None
    assert _workers("tests") is None
    assert _workers("tests/bot", "tests/test_readme.py") is None
    assert _workers("tests/no_such_folder") is None
