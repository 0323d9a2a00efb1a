"""README.md, the page a newcomer reads first, stays short enough to read: the detail lives elsewhere."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parent.parent
LIMIT = 25_000


def test_the_readme_a_newcomer_reads_stays_under_25000_characters():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    size = len(text.encode("utf-8"))  # bytes, as the checks that read it count: a '·' or '…' is two or three
    assert size < LIMIT, (
        f"README.md has {size:,} characters, over {LIMIT:,}: move detail to ARCHITECTURE.md (how the "
        "engine works), bench/README.md (figures and tables) or SKILL.md (tool guidance for assistants), "
        "and leave a summary with a link"
    )
