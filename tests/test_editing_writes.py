"""Writing edits: atomic, encoding and line endings kept, refused when a file changed since its
preview or lies outside the solution, all-or-nothing, and visible to the very next query."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from engine import SymbolRef, editing, load_solution
from engine.editing.changes import FileChange
from engine.editing.writer import fingerprint, write_changes
from engine.errors import EditFailed, FilesChangedSincePreview, OutsideSolution
from engine.queries import diagnostics, find_symbols

from .conftest import copy_fixture


@pytest.fixture
def workbench(tmp_path):
    """A fresh copy per test: these tests write files."""
    root = copy_fixture("Workbench", tmp_path)
    clock = root / "Workbench.Core" / "Clock.cs"
    # A BOM and CRLF line endings, which a write must keep.
    clock.write_bytes(codecs.BOM_UTF8 + clock.read_text(encoding="utf-8").replace("\n", "\r\n").encode())
    session = load_solution(root / "Workbench.slnx", watch=False)
    yield session
    session.close()


def fix(session, title):
    listed = editing.code_actions(session, "Workbench.Core/Clock.cs", 5, 12)
    return next(item for item in listed.items if item.title == title)


def test_apply_writes_the_previewed_edit_keeps_bom_and_crlf_and_the_next_query_sees_it(workbench):
    clock = workbench.root / "Workbench.Core" / "Clock.cs"
    assert "CS0246" in {d.id for d in workbench.run(diagnostics, file=str(clock), severity="error").items}
    action = fix(workbench, "using System.Diagnostics;")
    preview = editing.apply_code_action(workbench, action.id)
    applied = editing.apply_code_action(workbench, apply=True, preview_token=preview.preview_token)
    assert applied.applied and [f.path for f in applied.files] == [str(clock)]
    raw = clock.read_bytes()
    assert raw.startswith(codecs.BOM_UTF8)
    assert raw.count(b"\r\n") == raw.count(b"\n")  # every line still ends in CRLF
    assert b"using System.Diagnostics;\r\n" in raw
    # No watcher here: the write itself published the new text.
    errors = workbench.run(diagnostics, file=str(clock), severity="error")
    assert "CS0246" not in {d.id for d in errors.items}
    assert not list(clock.parent.glob(".*.tmp"))  # no temporary file left behind


def test_apply_after_the_file_changed_on_disk_is_refused_and_writes_nothing(workbench):
    clock = workbench.root / "Workbench.Core" / "Clock.cs"
    preview = editing.apply_code_action(workbench, fix(workbench, "using System.Diagnostics;").id)
    clock.write_bytes(clock.read_bytes() + b"// edited by the user\r\n")
    before = clock.read_bytes()
    with pytest.raises(FilesChangedSincePreview, match=r"Workbench.Core/Clock.cs changed on disk since the preview"):
        editing.apply_code_action(workbench, apply=True, preview_token=preview.preview_token)
    assert clock.read_bytes() == before


def test_an_edit_computed_from_text_older_than_the_disk_is_refused(workbench):
    clock = workbench.root / "Workbench.Core" / "Clock.cs"
    action = fix(workbench, "using System.Diagnostics;")
    clock.write_text("namespace Workbench.Core;\n\npublic class Clock { }\n")  # the engine has not seen it yet
    with pytest.raises(FilesChangedSincePreview, match="changed on disk after the engine last read it"):
        editing.apply_code_action(workbench, action.id, apply=True)
    assert clock.read_text() == "namespace Workbench.Core;\n\npublic class Clock { }\n"


def test_rename_with_the_file_renames_the_file_and_every_reference(workbench):
    core = workbench.root / "Workbench.Core"
    preview = editing.rename_symbol(
        workbench, SymbolRef(name="Inventory"), "Stock", editing.RenameOptions(file=True), apply=True
    )
    assert preview.applied and preview.problems == ()
    assert not (core / "Inventory.cs").exists() and (core / "Stock.cs").exists()
    assert "public class Stock" in (core / "Stock.cs").read_text()
    found = workbench.run(find_symbols, "Stock", "class")
    assert [workbench.snapshot().relative(s.location.path) for s in found.items] == ["Workbench.Core/Stock.cs"]


def test_organize_usings_and_format_are_idempotent(workbench):
    inventory, messy = "Workbench.Core/Inventory.cs", "Workbench.Core/Messy.cs"
    organized = editing.organize_usings(workbench, inventory, apply=True)
    assert organized.applied and len(organized.files) == 1
    text = (workbench.root / inventory).read_text()
    assert text.startswith("using System; ") and "using System.Text;" not in text
    assert editing.organize_usings(workbench, inventory).files == ()
    assert editing.format_document(workbench, messy, apply=True).applied
    assert "    public int Add(int a, int b) { return a + b; }" in (workbench.root / messy).read_text()
    assert editing.format_document(workbench, messy).files == ()


def test_format_a_line_range_only(workbench):
    preview = editing.format_document(workbench, "Workbench.Core/Messy.cs", start_line=5, end_line=5)
    changed = [
        line for line in preview.render().splitlines() if line.startswith(("+ ", "- ", "+\t", "-\t", "+p", "-p"))
    ]
    assert preview.files and all("Add" in line for line in changed), preview.render()


def test_writes_outside_the_solution_are_refused(tmp_path):
    root = tmp_path / "solution"
    root.mkdir()
    outside = tmp_path / "elsewhere.cs"
    outside.write_text("class A { }\n")
    (root / "link.cs").symlink_to(outside)
    for target in (outside, root / "link.cs"):
        change = FileChange(str(target), "class A { }\n", "class B { }\n")
        with pytest.raises(OutsideSolution, match="outside the solution directory"):
            write_changes(root, [change], {str(target): fingerprint(str(target))})
    assert outside.read_text() == "class A { }\n"


def test_a_failed_write_puts_every_file_back(tmp_path):
    first, blocker = tmp_path / "First.cs", tmp_path / "Blocker.cs"
    first.write_text("class First { }\n")
    blocker.write_text("class Blocker { }\n")
    changes = [
        FileChange(str(first), "class First { }\n", "class First2 { }\n"),
        FileChange(str(blocker / "Inside.cs"), None, "class Inside { }\n"),  # its directory is a file
    ]
    fingerprints = {str(first): fingerprint(str(first)), str(blocker / "Inside.cs"): None}
    with pytest.raises(EditFailed, match="every file was put back"):
        write_changes(tmp_path, changes, fingerprints)
    assert first.read_text() == "class First { }\n"
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["Blocker.cs", "First.cs"]


def test_a_utf16_file_is_edited_and_stays_utf16(workbench):
    messy = workbench.root / "Workbench.Core" / "Messy.cs"
    messy.write_bytes(codecs.BOM_UTF16_LE + messy.read_text(encoding="utf-8").encode("utf-16-le"))
    from engine.workspace.watcher import apply_source_changes

    workbench.publish(lambda snapshot: apply_source_changes(snapshot, [str(messy)]))
    assert editing.format_document(workbench, "Workbench.Core/Messy.cs", apply=True).applied
    raw = messy.read_bytes()
    assert raw.startswith(codecs.BOM_UTF16_LE)
    assert "    public int Add(int a, int b) { return a + b; }" in raw[2:].decode("utf-16-le")
    from engine.queries import read_file

    # The write was published, read back through its BOM: the next query sees the formatted text.
    assert "public int Add(int a, int b) { return a + b; }" in "\n".join(workbench.run(read_file, str(messy)).lines)
