"""The warm-up never competes with an answer: it runs at idle priority, and a shared engine nobody is
attached to warms up only what the next start needs (the on-disk index)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import pytest

from engine.workspace import attendance, hooks

from .conftest import copy_fixture


@pytest.fixture
def probes() -> Iterator[dict[str, dict[str, int]]]:
    """Two warm-up steps that record the priority of the thread they ran on: one the next start needs
    (beside the index's), one it does not."""
    ran: dict[str, dict[str, int]] = {}

    def probe(name: str):
        def run(session, operation) -> None:
            thread = threading.get_native_id()
            ran[name] = {"nice": os.getpriority(os.PRIO_PROCESS, thread), "policy": os.sched_getscheduler(thread)}

        return run

    hooks.warm_up_step("probe for the next start", order=85, for_next_start=True)(probe("next start"))
    hooks.warm_up_step("probe for a user", order=86)(probe("user"))
    try:
        yield ran
    finally:
        with hooks._lock:
            hooks._steps.pop("probe for the next start", None)
            hooks._steps.pop("probe for a user", None)
        attendance.attended_when(lambda: True)


def _wait_for(condition, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the warm-up did not get there"
        time.sleep(0.05)


def test_the_warm_up_runs_at_idle_priority(probes, tmp_path):
    from engine import load_solution

    session = load_solution(copy_fixture("Single", tmp_path) / "Single.csproj", watch=False)
    try:
        session.wait_warm(300)
    finally:
        session.close()

    assert probes["user"]["nice"] == 19
    if hasattr(os, "SCHED_IDLE"):
        assert probes["user"]["policy"] == os.SCHED_IDLE
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == 0, "the caller's thread kept its priority"


def test_with_no_front_end_only_what_the_next_start_needs_is_warmed(probes, tmp_path):
    from engine import load_solution

    attached = threading.Event()
    attendance.attended_when(attached.is_set)
    session = load_solution(copy_fixture("Single", tmp_path) / "Single.csproj", watch=False)
    try:
        _wait_for(lambda: "next start" in probes)
        time.sleep(1.0)
        assert "user" not in probes
        assert not session.editing_warm.is_set(), "the editing warm-up ran with nobody attached"

        attached.set()
        session.wait_warm(300)
    finally:
        session.close()

    assert "user" in probes
    assert session.editing_warm.is_set()
