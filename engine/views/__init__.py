"""The panels as data plus their plain-text rendering, shared by the TUI and the MCP server.

Conventions of every view:

- A frozen dataclass with a ``root`` field (the solution directory) so ``render()`` can print paths
  relative to it; items hold absolute paths (the MCP server's structured content makes them relative
  to ``root`` again, ``mcp_server.lean``).
- ``render() -> str``: a header line with the totals, then one line per item, locations as
  ``relative/path.cs:line:col``, kinds as words. Compact and stable: tests compare it exactly.
- A list view has ``items`` (a tuple), ``total`` (the count before paging) and ``offset``; a front
  end pages it with ``views.paging.page(view, offset, limit)`` and the header says which slice it is.
"""
