"""A fuzz of the MCP surface through the real server on stdio (hypothesis drives the request maker
of ``mcp_fuzzing``): every request answered, every stdout line JSON-RPC, no byte of a file outside
the solution in any answer, and the server still answers properly afterwards. The 10,000-request run
is ``bench/fuzz_mcp.py``."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import copy_fixture
from .mcp_fuzzing import SECRET, RawServer, expected_id, hostile_shop, request

ids = itertools.count(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    solution = hostile_shop(copy_fixture("Shop", tmp_path_factory.mktemp("fuzz")))
    running = RawServer(solution)
    yield running
    running.close()


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_every_fuzzed_request_is_answered_without_leaking(server, rng):
    line = request(rng, next(ids))
    answers = server.call(line, expected_id(line))
    assert SECRET not in json.dumps(answers), line[:300]


def test_the_server_still_answers_properly_after_the_fuzz(server):
    line = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": "last",
            "method": "tools/call",
            "params": {"name": "find_symbols", "arguments": {"query": "Journal"}},
        }
    )
    answer = server.call(line, "last")[-1]
    assert answer["result"]["content"][0]["text"].startswith("Symbols matching 'Journal': 1")
    assert not [raw for raw in server.written if SECRET.encode() in raw]
