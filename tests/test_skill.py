"""SKILL.md, read as a newcomer would: every tool it names exists, with every argument it passes."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
TOOLS = {
    tool["name"]: set(tool["inputSchema"].get("properties", {}))
    for tool in json.loads((ROOT / "tests" / "snapshots" / "mcp_tools.json").read_text())
}  # the real tool list, pinned by test_mcp_tools
CALL = re.compile(r"`([a-z_]+)\(([^`]*)\)`")


def calls(text: str) -> list[tuple[str, list[str]]]:
    return [(name, re.findall(r"([a-z_]+)=", arguments)) for name, arguments in CALL.findall(text)]


def test_the_skill_has_front_matter_with_a_name_and_a_description():
    text = (ROOT / "SKILL.md").read_text()
    front = text.split("---")[1]
    assert re.search(r"^name: [a-z-]+$", front, re.M) and re.search(r"^description: .{40,}$", front, re.M)


def test_every_tool_and_argument_the_skill_names_exists():
    text = (ROOT / "SKILL.md").read_text()
    named = calls(text)
    assert len(named) > 30
    for name, arguments in named:
        assert name in TOOLS, f"SKILL.md names a tool that does not exist: {name}"
        assert set(arguments) <= TOOLS[name], f"{name} has no {set(arguments) - TOOLS[name]}"


def test_the_readme_snippet_names_only_real_tools():
    readme = (ROOT / "README.md").read_text()
    snippet = readme.split("<!-- agents-snippet -->")[1]
    for name, arguments in calls(snippet):
        assert name in TOOLS and set(arguments) <= TOOLS[name], name
