"""The Ninth Age benchmarks cannot rot silently: the whole-battle bench plays a short prefix of its
battle and gives one sample per command, and ``python -m bench`` runs the Ninth Age figures
(issue #10). No timings are asserted here: targets live in bench/."""

from __future__ import annotations

import importlib

import bench.__main__ as bench_main
from bench import ninth_age


async def test_the_whole_battle_bench_gives_one_sample_per_command_of_a_short_prefix():
    samples = await ninth_age.time_battle_commands(commands=30)
    assert len(samples) == 30
    assert samples[0].line.startswith("/game new ruleset:ninth-age seed:11") and samples[0].seat == "p1"
    assert samples[1].line == "/game join" and samples[1].seat == "p2"
    deploys = [s for s in samples if s.kind == "/deploy"]
    assert deploys and all(s.line.startswith("/deploy unit:") and " x:" in s.line for s in deploys)
    assert all(s.seconds > 0 and 0 <= s.board_seconds <= s.seconds for s in samples)
    assert not any(s.refused for s in samples)
    # the deployment's end posts the table: that command is its own kind, its drawing counted
    boarded = [s for s in samples if s.kind.endswith(" + board")]
    assert boarded and all(s.board_seconds > 0 for s in boarded)
    assert all(s.board_seconds == 0 for s in samples if s not in boarded)
    assert sum(len(group) for group in ninth_age.by_group(samples).values()) == 30


async def test_a_three_command_prefix_stops_after_its_third_command():
    assert len(await ninth_age.time_battle_commands(commands=3)) == 3


def test_python_m_bench_runs_the_ninth_age_table_and_whole_battle_figures():
    named = {(module, function) for _title, module, function in bench_main.NINTH_AGE_FIGURES}
    assert named == {("bench.table", "figures"), ("bench.ninth_age", "figures")}
    for _title, module, function in bench_main.NINTH_AGE_FIGURES:
        assert callable(getattr(importlib.import_module(module), function))
    assert "ninth_age_figures()" in __import__("inspect").getsource(bench_main.main)


def test_python_m_bench_runs_every_ninth_age_figure_in_turn(monkeypatch, capsys):
    ran = []
    for _title, module, function in bench_main.NINTH_AGE_FIGURES:
        monkeypatch.setattr(importlib.import_module(module), function,
                            lambda module=module: ran.append(module) or module != "bench.table")
    assert bench_main.ninth_age_figures() is False  # one figure off target: the whole run says so
    assert ran == ["bench.table", "bench.ninth_age"]
    assert "python -m bench.ninth_age" in capsys.readouterr().out
