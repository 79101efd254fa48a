"""Benchmarks: speed targets live here, never as timed assertions in tests."""
