"""Timing and percentiles shared by the benchmarks."""

from __future__ import annotations

import statistics
import time


def timed(work) -> float:
    """Milliseconds ``work()`` took."""
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(samples), 1),
        "p95_ms": round(p95(samples), 1),
        "count": len(samples),
    }
