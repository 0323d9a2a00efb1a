"""Many overlapping calls while a file changes on disk: every answer is whole and consistent (it
comes from one snapshot, before or after a change, never half of each)."""

from __future__ import annotations

import asyncio
import re
import threading
import time

from .mcp_client import McpClient

EXTRA = "\n    public decimal Doubled => Balance * 2; // added and removed by the test\n}\n"


def test_eight_clients_worth_of_calls_while_a_file_changes(shop_copy):
    orders = shop_copy / "src" / "Shop.Core" / "Customer.Orders.cs"
    original = orders.read_text()
    changed = original.rstrip().removesuffix("}") + EXTRA
    with McpClient({"DOTNET_SOLUTION_PATH": str(shop_copy / "Shop.sln")}) as mcp:
        assert mcp.call("find_references", symbol="Customer.Balance").structured_content["result"]["total"] == 8
        stop = threading.Event()

        def edit() -> None:
            toggle = False
            while not stop.is_set():
                toggle = not toggle
                orders.write_text(changed if toggle else original)
                time.sleep(0.4)
            orders.write_text(original)

        editor = threading.Thread(target=edit)
        editor.start()
        assert mcp.session is not None

        async def client(number: int) -> list[tuple[int, int]]:
            seen = []
            for _ in range(6):
                result = await mcp.session.call_tool("find_references", {"symbol": "Customer.Balance"})
                assert not result.is_error, result.content[0].text
                data = result.structured_content["result"]
                # One line per reference under its file's path: "  21:13  read  ..."
                text_lines = [line for line in result.content[0].text.splitlines() if re.match(r"  \d+:\d+  ", line)]
                seen.append((data["total"], len(text_lines)))
                symbols = await mcp.session.call_tool("find_symbols", {"query": "Doubled"})
                assert not symbols.is_error
            return seen

        async def everyone() -> list[list[tuple[int, int]]]:
            return await asyncio.gather(*(client(n) for n in range(8)))

        try:
            answers = [pair for one in mcp.run(everyone(), timeout=600) for pair in one]
        finally:
            stop.set()
            editor.join()
    assert len(answers) == 48
    for total, lines in answers:
        assert total in (8, 9)  # before or after the edit: the extra property reads Balance once
        assert lines == total  # the text and the structure come from the same snapshot
