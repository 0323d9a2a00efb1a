"""Calls that outlive an assistant's time limit (``mcp_server.jobs``), over stdio on a copy of Loop with
a call budget of 2 s: a test run answers with a job to follow, its answer comes from job_result, a
cancelled job stops, and a quick call still answers at once."""

from __future__ import annotations

import pytest

from .conftest import copy_fixture
from .mcp_client import McpClient


@pytest.fixture(scope="module")
def mcp(tmp_path_factory):
    root = copy_fixture("Loop", tmp_path_factory.mktemp("jobs"))
    env = {"DOTNET_SOLUTION_PATH": str(root / "Loop.slnx"), "ROSLYN_CALL_BUDGET_SECONDS": "2"}
    with McpClient(env) as client:
        client.text("find_symbols", query="Cart")  # loaded and warm: a quick call fits the budget
        yield client


def test_a_long_call_answers_with_a_job_and_its_answer_comes_later(mcp):
    started = mcp.call("run_tests")
    assert not started.is_error, started.content[0].text
    job = started.structured_content["job"]
    text = started.content[0].text
    assert text.startswith(f"Still running after 2 s: job {job} (run_tests): running after ")
    assert f'job_result(job_id="{job}")' in text and f'cancel_job(job_id="{job}")' in text
    status = mcp.call("job_status", job_id=job)
    assert status.structured_content["job"] == job and status.structured_content["state"] in ("running", "finished")
    answered = None
    for _ in range(20):
        answered = mcp.call("job_result", job_id=job, wait_seconds=30)
        if "job" not in (answered.structured_content or {}):
            break
    assert answered is not None and not answered.is_error, answered.content[0].text
    assert answered.content[0].text.startswith("Tests of Loop.slnx (every test) FAILED")
    assert answered.structured_content["result"]["failed"] == 3
    gone = mcp.call("job_result", job_id=job)
    assert gone.is_error and f"No job is called '{job}'" in gone.content[0].text  # read once, kept until then


def test_a_job_can_be_cancelled(mcp):
    started = mcp.call("run_build")
    job = started.structured_content["job"]
    stopped = mcp.call("cancel_job", job_id=job)
    assert not stopped.is_error and stopped.structured_content["state"] == "cancelled"
    assert mcp.call("job_status", job_id=job).is_error  # a cancelled job is gone


def test_a_quick_call_answers_at_once(mcp):
    answer = mcp.call("find_references", symbol="Loop.Core.Cart.Total")
    assert "job" not in answer.structured_content and answer.content[0].text.startswith("References to")
