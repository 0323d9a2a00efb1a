"""A branch switch under a watching session: ``git checkout`` of another revision (files changed, added
and removed, a project file changed) with the session open, then the same questions asked of it and of
a fresh load of the same working tree. Every answer must be the fresh load's."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from engine import SymbolRef, load_solution, queries, review
from engine.errors import SymbolNotFound

from .conftest import copy_fixture

LIB = "src/Review.Lib"
HEARING_SECONDS = 0.5


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True)


@pytest.fixture
def switched(tmp_path: Path) -> Path:
    """A repository of the Review fixture at ``main``, with a branch ``other`` that adds a file, deletes
    one, edits one and leaves one out of its project (a project file change)."""
    root = copy_fixture("Review", tmp_path)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "ada@example.com")
    git(root, "config", "user.name", "Ada")
    (root / ".gitignore").write_text("bin/\nobj/\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "main")
    git(root, "checkout", "-q", "-b", "other")
    (root / LIB / "Meter.cs").write_text("namespace Review.Lib;\n\npublic sealed class Meter\n{\n    public int Value { get; init; }\n}\n")
    (root / LIB / "Ledger.Totals.cs").unlink()
    calc = root / LIB / "Calc.cs"
    calc.write_text(calc.read_text().replace("public int Old() => 0;", "public int Older() => 0;"))
    project = root / LIB / "Review.Lib.csproj"
    project.write_text(project.read_text().replace("</Project>", '  <ItemGroup><Compile Remove="Shapes.cs" /></ItemGroup>\n</Project>'))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "other")
    git(root, "checkout", "-q", "main")
    return root


def _answers(session) -> dict[str, object]:
    def exists(name: str) -> bool:
        try:
            session.run(queries.symbol_info, SymbolRef(name=name))
            return True
        except SymbolNotFound:
            return False

    structure = session.run(queries.project_structure, True, include_generated=False)
    errors = session.run(queries.diagnostics, timeout=300)
    changes = session.run(review.review_changes, "main", None)
    return {
        "documents": sorted(Path(d).name for p in structure.items for d in p.documents),
        "symbols": {name: exists(name) for name in ("Review.Lib.Meter", "Review.Lib.Shape", "Review.Lib.Calc.Older", "Review.Lib.Calc.Old")},
        "errors": sorted((d.id, Path(d.location.path).name, d.location.line) for d in errors.items if d.severity == "error" and d.location),
        "review": sorted((item.change, item.display) for item in changes.items),
        "review errors": changes.errors_total,
    }


def test_answers_after_a_branch_switch_are_a_fresh_loads(switched: Path) -> None:
    session = load_solution(switched / "Review.slnx", watch=True)
    try:
        before = _answers(session)
        assert before["symbols"]["Review.Lib.Calc.Old"] and not before["symbols"]["Review.Lib.Meter"]
        git(switched, "checkout", "-q", "other")
        # The watcher hears of the files within a fraction of a second; from then on queries wait until
        # what it heard is applied (the project reload included), however long that takes.
        time.sleep(HEARING_SECONDS)
        after = _answers(session)
    finally:
        session.close()
    fresh_session = load_solution(switched / "Review.slnx", watch=False)
    try:
        fresh = _answers(fresh_session)
    finally:
        fresh_session.close()
    assert fresh["symbols"] == {"Review.Lib.Meter": True, "Review.Lib.Shape": False, "Review.Lib.Calc.Older": True, "Review.Lib.Calc.Old": False}
    assert after == fresh
