"""The long fuzz of roslyn-mcp: N random requests (tests/mcp_fuzzing.py makes them) through the real
server on stdio, against a Shop copy with a symlink and a Compile item pointing at secret files
outside it. Counts what came back, how long it took, the server's resident memory, and any leak.

    python bench/fuzz_mcp.py [--requests 10000] [--seed 0] [--out bench/results/fuzz_mcp.json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conftest import copy_fixture
from tests.mcp_fuzzing import SECRET, RawServer, expected_id, hostile_shop, request


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("bench/results/fuzz_mcp.json"))
    arguments = parser.parse_args()

    solution = hostile_shop(copy_fixture("Shop", Path(tempfile.mkdtemp(prefix="roslyn-tui-fuzz-"))))
    server = RawServer(solution)
    rng = random.Random(arguments.seed)
    outcomes: Counter[str] = Counter()
    latencies: list[float] = []
    resident = [server.resident_kib()]
    leaks = 0
    started = time.perf_counter()
    for number in range(1, arguments.requests + 1):
        line = request(rng, number)
        sent = time.perf_counter()
        answer = server.call(line, expected_id(line), timeout=120)[-1]
        latencies.append((time.perf_counter() - sent) * 1000)
        leaks += SECRET in json.dumps(answer)
        if "error" in answer:
            outcomes[f"JSON-RPC error {answer['error']['code']}"] += 1
        elif answer["result"].get("isError"):
            text = answer["result"]["content"][0]["text"]
            outcomes["tool error: " + ("engine failed" if "failed inside the engine" in text else "named")] += 1
        else:
            outcomes["answer"] += 1
        if number % 500 == 0:
            resident.append(server.resident_kib())
    elapsed = time.perf_counter() - started
    alive = server.call('{"jsonrpc": "2.0", "id": "end", "method": "ping"}', "end")[-1]
    server.close()
    ordered = sorted(latencies)
    results = {
        "requests": arguments.requests,
        "seed": arguments.seed,
        "answered": sum(outcomes.values()),
        "outcomes": dict(outcomes.most_common()),
        "leaks": leaks,
        "stdout_lines_not_json_rpc": 0,  # RawServer.call asserts every line; reaching here means none
        "alive_after": "result" in alive,
        "seconds": round(elapsed, 1),
        "latency_ms": {
            "median": round(statistics.median(ordered), 1),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 1),
            "max": round(ordered[-1], 1),
        },
        "resident_mib": {
            "start": resident[0] // 1024,
            "end": resident[-1] // 1024,
            "max": max(resident) // 1024,
            "every_500_requests": [kib // 1024 for kib in resident],
        },
    }
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
