"""roslyn-mcp: the engine's answers as MCP tools over stdio. A thin adapter: logic lives in ``engine``."""
