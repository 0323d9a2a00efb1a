"""Reviewing a change by symbols (issue 41) on a real git repository made from ``tests/fixtures/Review``:
two commits against each other, then a breaking change in the working tree against ``HEAD``; the public
API breaks held to what ``Microsoft.DotNet.ApiCompat.Tool`` reports for the two sides' assemblies; the
tests a change reaches found and run; a symbol's history from git."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import SymbolRef, load_solution, review
from engine.errors import InvalidArgument
from engine.review.git import Repository
from engine.review.sides import sides
from engine.workspace.watcher import apply_source_changes

from .conftest import copy_fixture
from .mcp_client import McpClient

LIB = "src/Review.Lib"


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def edit(root: Path, path: str, *replacements: tuple[str, str]) -> str:
    file = root / path
    text = file.read_text()
    for old, new in replacements:
        assert old in text, f"{old!r} is not in {path}"
        text = text.replace(old, new)
    file.write_text(text)
    return str(file)


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    root = copy_fixture("Review", tmp_path_factory.mktemp("review"))
    git(root.parent, "init", "-q", "-b", "main")  # the solution in a folder of the repository, as is common
    git(root, "config", "user.email", "ada@example.com")
    git(root, "config", "user.name", "Ada")
    (root / ".gitignore").write_text("bin/\nobj/\n")
    git(root.parent, "add", "-A")
    git(root, "commit", "-qm", "The first version")
    edit(
        root,
        f"{LIB}/Calc.cs",
        ("return value * 2;", "return value + value;"),
        ("    public int Add", "    /// <summary>The sum.</summary>\n    public int Add"),
    )
    edit(
        root,
        f"{LIB}/Ledger.cs",
        ("where T : class => items.FirstOrDefault();", "where T : class =>\n        items.FirstOrDefault();"),
    )
    edit(root, "tests/Review.Tests/CalcTests.cs",
         ("Assert.Equal(8, Quadruple(2));", "Assert.Equal(12, Quadruple(3));"),
         ("    private static", "    [Fact]\n    public void DoublesZero() => Assert.Equal(0, new Calc().Twice(0));\n\n    private static"))  # fmt: skip
    edit(
        root,
        "src/Review.App/Review.App.csproj",
        ("  <ItemGroup>\n", '  <ItemGroup>\n    <PackageReference Include="Newtonsoft.Json" Version="13.0.3" />\n'),
    )
    git(root, "commit", "-qam", "Twice adds; a test of zero")
    return root


@pytest.fixture(scope="module")
def session(repo):
    opened = load_solution(repo / "Review.slnx", watch=False, warm_up=False)
    yield opened
    opened.close()


def by_name(view, name: str):
    found = [item for item in view.items if item.display.startswith(name)]
    assert len(found) == 1, [item.display for item in view.items]
    return found[0]


def test_two_commits_are_read_by_symbols(session):
    view = session.run(review.review_changes, "HEAD~1", "HEAD")
    assert view.head.startswith("HEAD (") and view.base.startswith("HEAD~1 (")
    assert by_name(view, "Calc.Twice").aspects == ("body",)
    assert by_name(view, "Calc.Add").aspects == ("doc comment",)
    assert by_name(view, "Ledger.First").aspects == ("formatting only",)
    added = by_name(view, "CalcTests.DoublesZero")
    assert (added.change, added.test) == ("added", True)
    assert by_name(view, "CalcTests.Doubles()").test
    assert view.breaking == 0 and view.not_updated == 0 and view.errors_total == 0
    assert [(f.path, f.details) for f in view.project_files] == [
        ("src/Review.App/Review.App.csproj", ("package Newtonsoft.Json 13.0.3 added",))
    ]
    reached = {reach.test.qualified_name: reach.depth for reach in view.tests}
    assert reached == {
        "Review.Tests.CalcTests.Doubles": 0,
        "Review.Tests.CalcTests.DoublesZero": 0,
    }, "Twice's body reaches Doubles (edited) and DoublesZero (added), each at depth 0"
    text = view.render()
    assert "~ method Calc.Twice(int)  body" in text and "Newtonsoft.Json 13.0.3 added" in text


def test_the_tests_a_change_reaches_run(session):
    run = review.run_changed_tests(session, "HEAD~1")
    assert run.selection == "the 2 tests reaching the change since HEAD~1"
    assert {(item.name, item.outcome) for item in run.items} == {
        ("Review.Tests.CalcTests.Doubles", "passed"),
        ("Review.Tests.CalcTests.DoublesZero", "passed"),
    }


def test_a_symbols_history_is_its_commits(session, repo):
    history = session.run(review.symbol_history, SymbolRef(name="Review.Lib.Calc.Twice"))
    subjects = [commit.subject for commit in history.items]
    assert subjects == ["Twice adds; a test of zero", "The first version"]
    assert history.items[0].author == "Ada" and not history.uncommitted
    untouched = session.run(review.symbol_history, SymbolRef(name="Review.Lib.Calc.Old"))
    assert [c.subject for c in untouched.items] == ["The first version"]


def test_a_branch_against_its_merge_base_recognises_renames_moves_and_new_types(session, repo, tmp_path):
    """Commits on a branch (made in a worktree of its own: the main working tree is left alone), reviewed
    against ``main...``: the merge base of main and HEAD."""
    tree = tmp_path / "feature" / "Review"
    git(repo, "worktree", "add", "-q", "-b", "feature", str(tree.parent))
    edit(
        tree,
        f"{LIB}/Calc.cs",
        ("public int Twice(int value)", "public int Double(int value)"),
        ("public int Add(int a, int b) => a + b;", "public long Add(int a, int b) => a + b;"),
    )
    edit(tree, f"{LIB}/Money.cs", ("namespace Review.Lib;", "namespace Review.Lib.Finance;"))
    git(tree, "commit", "-qam", "Double, a long sum, money in Finance")
    view = session.run(review.review_changes, "main...", "feature")
    assert view.base.startswith("main... (") and view.head.startswith("feature (")
    found = {item.display: (item.change, item.aspects[0], item.breaking) for item in view.items}
    assert found == {
        "Calc.Double(int)": ("renamed", "renamed from Twice to Double", "binary and source"),
        "Calc.Add(int, int)": ("changed", "signature: type int -> long", "binary and source"),
        "Money": ("moved", "moved from namespace Review.Lib to Review.Lib.Finance", "binary and source"),
        "MoneyExtensions": ("moved", "moved from namespace Review.Lib to Review.Lib.Finance", "binary and source"),
    }  # fmt: skip
    calls = (repo / "tests/Review.Tests/CalcTests.cs").read_text().splitlines()
    twice = {("CalcTests.cs", number) for number, text in enumerate(calls, 1) if ".Twice(" in text}
    assert len(twice) == 2 and {(Path(p.path).name, p.line) for p in by_name(view, "Calc.Double").not_updated} == twice


BREAKING = [
    (f"{LIB}/Calc.cs", [
        ("public const int Limit = 100;", "public const int Limit = 50;"),
        ("public int Add(int a, int b) => a + b;", "public int Add(int a, int b, int c) => a + b + c;"),
        ("public int Twice(int value)\n    {\n        return value + value;", "public int Twice(int number)\n    {\n        return number + number;"),
        ("    public int Scale(int value, int factor = 2)", "    [Obsolete(\"Use Twice\")]\n    public int Scale(int value, int factor = 3)"),
        ("public virtual string Describe()", "public string Describe()"),
        ("    public int Old() => 0;\n\n", ""),
        ("internal int Hidden(int x) => x;", "private int Hidden(int x) => x;\n\n    public int Half(int x) => x / 2;"),
        ("public int Offset { get; set; }", "public int Offset { get; private set; }"),
    ]),
    (f"{LIB}/Shapes.cs", [
        ("    double Area();\n", "    double Area();\n\n    double Perimeter();\n"),
        ("    public abstract double Area();\n", "    public abstract double Area();\n\n    public abstract double Perimeter();\n"),
        ("    public override double Area() => side * side;\n", "    public override double Area() => side * side;\n\n    public override double Perimeter() => 4 * side;\n"),
        ("public class Circle", "public sealed class Circle"),
        ("    public override double Area() => Math.PI * radius * radius;\n", "    public override double Area() => Math.PI * radius * radius;\n\n    public override double Perimeter() => 2 * Math.PI * radius;\n"),
    ]),
    (f"{LIB}/Money.cs", [("MoneyExtensions", "MoneyHelpers")]),
    (f"{LIB}/Ledger.cs", [("where T : class =>", "where T : class, new() =>")]),
]  # fmt: skip


@pytest.fixture(scope="module")
def broken(session, repo):
    """The working tree with a breaking change to Review.Lib (not committed), published to the session as
    the file watcher would."""
    paths = [edit(repo, path, *replacements) for path, replacements in BREAKING]
    session.publish(lambda snapshot: apply_source_changes(snapshot, paths))
    return session.run(review.review_changes, "HEAD", None)


def test_each_kind_of_change_is_classified(broken):
    expected = {
        "Calc.Limit": ("changed", ("constant value: 100 -> 50",), "behaviour"),
        "Calc.Add(int, int, int)": ("changed", ("signature: parameters (int, int) -> (int, int, int)", "body"), "binary and source"),
        "Calc.Twice(int)": ("changed", ("parameter names: value -> number", "body"), "source"),
        "Calc.Scale(int, int)": ("changed", ("default value of factor: 2 -> 3", 'attributes: +[System.ObsoleteAttribute("Use Twice")]'), "behaviour"),
        "Calc.Describe()": ("changed", ("modifiers: -virtual",), "binary and source"),
        "Calc.Old()": ("removed", (), "binary and source"),
        "Calc.Hidden(int)": ("changed", ("accessibility: internal -> private",), ""),
        "Calc.Half(int)": ("added", (), ""),
        "Calc.Offset": ("changed", ("accessors: get, set -> get, private set",), "binary and source"),
        "IShape.Perimeter()": ("added", (), "binary and source"),
        "Shape.Perimeter()": ("added", (), "binary and source"),
        "Square.Perimeter()": ("added", (), ""),
        "Circle": ("changed", ("modifiers: +sealed",), "binary and source"),
        "Circle.Perimeter()": ("added", (), ""),
        "MoneyHelpers": ("renamed", ("probably renamed from MoneyExtensions",), "binary and source"),
        "Ledger.First<T>(IEnumerable<T>)": ("changed", ("signature: type parameters <T: class> -> <T: class, new()>",), "source"),
    }  # fmt: skip
    found = {item.display: (item.change, item.aspects, item.breaking) for item in broken.items}
    assert found == expected
    assert broken.by_project == (("Review.Lib", len(expected)),)
    breaking = [item.display for item in broken.items if item.breaking]
    assert breaking == [item.display for item in broken.items][: len(breaking)], "breaking changes come first"


def test_a_changed_signature_names_the_callers_it_left(broken, repo):
    add = by_name(broken, "Calc.Add")
    assert {(Path(p.path).name, p.line) for p in add.not_updated} == {("Program.cs", 5), ("CalcTests.cs", 9)}
    describe = by_name(broken, "Calc.Describe")
    assert {(Path(p.path).name, p.line) for p in describe.not_updated} == {("Program.cs", 20)}
    perimeter = by_name(broken, "IShape.Perimeter")
    assert [(Path(p.path).name, p.line) for p in perimeter.not_updated] == [("Program.cs", 13)], (
        "Triangle implements IShape and lacks Perimeter; Shape declares it; Square and Circle inherit Shape's"
    )
    old = by_name(broken, "Calc.Old")
    assert [(Path(p.path).name, p.line) for p in old.not_updated] == [("Program.cs", 7)]
    errors = {(e.id, Path(e.location.path).name, e.location.line, e.new) for e in broken.errors}
    assert errors == {
        ("CS7036", "Program.cs", 5, True),
        ("CS7036", "CalcTests.cs", 9, True),
        ("CS1061", "Program.cs", 7, True),
        ("CS0535", "Program.cs", 13, True),
        ("CS0506", "Program.cs", 20, True),
    }


def test_the_public_api_breaks_agree_with_apicompat(session, broken, tmp_path):
    tool = _apicompat(tmp_path)
    assemblies = session.run(_emit_both_sides, tmp_path)
    finished = subprocess.run(
        [tool, "-l", assemblies[0], "-r", assemblies[1], "--enable-rule-cannot-change-parameter-name"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    reported = {
        _apicompat_member(line)
        for line in (finished.stdout + finished.stderr).splitlines()
        if re.search(r"\bCP\d{4}:", line)
    }
    assert reported, finished.stdout + finished.stderr
    ours = {_our_member(item) for item in broken.items if item.breaking and item.breaking != "behaviour"}
    assert ours == reported


def test_bad_revisions_are_named(session, tmp_path):
    with pytest.raises(InvalidArgument, match="git knows no revision 'no-such-branch'"):
        session.run(review.review_changes, "no-such-branch", None)
    with pytest.raises(InvalidArgument, match="not inside a git repository"):
        Repository(tmp_path)


def _emit_both_sides(snapshot, operation, directory: Path) -> list[str]:
    from System.IO import File

    two = sides(snapshot, "HEAD", None)
    written = []
    for name, side in (("left", two.before), ("right", two.after)):
        project = next(p for p in side.projects if str(p.Name) == "Review.Lib")
        path = directory / name / "Review.Lib.dll"
        path.parent.mkdir()
        stream = File.Create(str(path))
        try:
            assert side.compilation(project, operation).Emit(stream).Success
        finally:
            stream.Dispose()
        written.append(str(path))
    return written


def _apicompat(directory: Path) -> str:
    tools = directory / "tools"
    installed = subprocess.run(
        ["dotnet", "tool", "install", "Microsoft.DotNet.ApiCompat.Tool", "--tool-path", str(tools)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if installed.returncode != 0 or shutil.which("apicompat", path=str(tools)) is None:
        pytest.skip(f"ApiCompat could not be installed from the package feed: {installed.stdout[-300:]}")
    return str(tools / "apicompat")


def _apicompat_member(line: str) -> str:
    """``Review.Lib.Calc.Add`` from ApiCompat's message about ``int Review.Lib.Calc.Add(int, int)``."""
    quoted = [q for q in re.findall(r"'([^']*)'", line) if "Review.Lib." in q]
    name = quoted[0].split("(")[0].split(" ")[-1]
    return re.sub(r"<[^>]*>|\.(get|set)$", "", name)


def _our_member(item) -> str:
    key = item.previous_id or item.documentation_id
    return re.sub(r"``\d+", "", key[2:].split("(")[0])


def test_over_mcp_a_review_pages_and_names_its_tests(broken, repo):
    with McpClient({"DOTNET_SOLUTION_PATH": str(repo / "Review.slnx"), "ROSLYN_TOOLSETS": "review,testing"}) as mcp:
        first = mcp.call("review_changes", base="HEAD", limit=5)
        assert not first.is_error, first.content[0].text
        text = first.content[0].text
        assert text.startswith("Change from HEAD (") and "(showing 1-5 of 16)" in text
        assert "Breaking the public API (12):" in text and "not updated (2):" in text
        structured = first.structured_content
        result = structured["result"]
        assert result["total"] == broken.total and len(result["items"]) == 5
        assert [item["id"] for item in result["items"]] == [item.documentation_id for item in broken.items[:5]]
        rest = mcp.call("review_changes", base="HEAD", limit=5, cursor=structured["next_cursor"])
        assert "(showing 6-10 of 16)" in rest.content[0].text
        diff = mcp.text("symbol_diff", symbol="Calc.Add")
        assert diff.splitlines()[0].startswith("Calc.Add(int, int, int) from HEAD (")
        assert "-    public int Add(int a, int b) => a + b;" in diff.splitlines()
        unknown = mcp.call("symbol_diff", symbol="Calc.Nothing")
        assert unknown.is_error and "does not change Calc.Nothing" in unknown.content[0].text
        history = mcp.text("symbol_history", symbol="Review.Lib.Calc.Twice")
        assert "Twice adds; a test of zero" in history and "uncommitted changes to it" in history
        refused = mcp.call("run_tests", changed_since="HEAD", symbol="Calc.Add")
        assert refused.is_error and "changed_since chooses the tests itself" in refused.content[0].text


async def test_the_changes_screen_shows_the_breaks_a_diff_and_runs_the_tests(broken, repo, tmp_path, monkeypatch):
    from tui.app import RoslynTui
    from tui.screens.changes import ChangesScreen
    from tui.widgets.panels import ListPanel
    from tui.widgets.tests_panel import TestsPanel

    from .test_tui_app import SIZE, loaded, settle

    monkeypatch.setenv("ROSLYN_TUI_CONFIG_DIR", str(tmp_path / "config"))
    app = RoslynTui(repo / "Review.slnx")
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ChangesScreen)
        panel = screen.query_one("#changes-panel", ListPanel)
        rows = broken.rows()
        assert panel.plain_text() == "\n".join([broken.render().splitlines()[0], *(text for text, _ in rows)])
        panel.focus()
        panel.highlighted = next(
            i
            for i, (_, item) in enumerate(rows)
            if item is not None and broken.items[item].display.startswith("Calc.Add")
        )
        await pilot.press("enter")
        await settle(pilot)
        diff = str(screen.query_one("#diff-text").render())
        assert (
            "-    public int Add(int a, int b) => a + b;" in diff
            and "+    public int Add(int a, int b, int c) => a + b + c;" in diff
        )
        await pilot.press("t")
        await settle(pilot)
        assert not isinstance(app.screen, ChangesScreen)
        run = app.query_one("#tests-panel", TestsPanel).view
        assert run is not None and run.selection == f"the {broken.tests_total} tests reaching the change since HEAD"
        assert run.problems, "the working tree does not build: the run says so"


CASES_SETUP = [
    (f"{LIB}/Calc.cs", [("    public int Offset { get; set; }", "    public int Offset { get; set; }\n\n    public int Helper() => 1;\n\n    public int Other() => 2;\n\n    public int Total => Helper() + Other();")]),
    (f"{LIB}/Meter.cs", None, "namespace Review.Lib;\n\npublic class Meter\n{\n    public Meter(int value) :this(value, \"m\") { }\n\n    public Meter(int value, string unit) => (Value, Unit) = (value, unit);\n\n    public int Value { get; }\n\n    public string Unit { get; }\n}\n"),
]  # fmt: skip
CASES_CHANGE = [
    (f"{LIB}/Ledger.cs", [("    public void Record(", "    public int Count => 0;\n\n    public void Record(")]),
    ("src/Review.App/Program.cs", [("Console.WriteLine(calc.Add(1, 2));", "Console.WriteLine(calc.Add(2, 2));")]),
    (f"{LIB}/Calc.cs", [("public int Helper() => 1;", "private int Helper() => 1;"), ("public int Other() => 2;", "private int Other() => 2;")]),
    (f"{LIB}/Meter.cs", [(":this(value", ": this(value")]),
    (f"{LIB}/Ledger.Audit.cs", None, "namespace Review.Lib;\n\npublic partial class Ledger\n{\n    public int Audited => 1;\n}\n"),
    (f"{LIB}/Usings.cs", None, "global using System.Text;\n"),
]  # fmt: skip


def _apply(tree: Path, changes: list) -> None:
    for path, replacements, *created in changes:
        if replacements is None:
            (tree / path).write_text(created[0])
        else:
            edit(tree, path, *replacements)


@pytest.fixture(scope="module")
def cases(session, repo, tmp_path_factory):
    """A branch whose last commit makes the changes that real repositories showed the review reading wrong:
    a member that clashes with another part of a partial class, top-level statements rewritten, members
    made private whose uses are all in their class, a constructor changed only by a space, a new file
    holding a part of a partial class, and a file of global usings."""
    tree = tmp_path_factory.mktemp("cases") / "Review"
    git(repo, "worktree", "add", "-q", "-b", "cases", str(tree.parent), "main")
    _apply(tree, CASES_SETUP)
    git(tree, "add", "-A")
    git(tree, "commit", "-qm", "Helpers, a meter")
    _apply(tree, CASES_CHANGE)
    git(tree, "add", "-A")
    git(tree, "commit", "-qm", "The cases")
    return tree, session.run(review.review_changes, "cases~1", "cases")


def test_a_review_names_the_errors_the_change_causes_where_the_build_reports_them(cases):
    tree, view = cases
    built = subprocess.run(
        ["dotnet", "build", str(tree / "Review.slnx"), "-nologo", "-v", "q", "-p:UseSharedCompilation=false"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert built.returncode != 0
    reported = {
        (code, Path(file).name, int(line))
        for file, line, code in re.findall(r"^\s*(\S+\.cs)\((\d+),\d+\): error (CS\d+)", built.stdout, re.M)
    }
    ours = {(e.id, Path(e.location.path).name, e.location.line) for e in view.errors}
    assert reported and ours == reported
    assert all(error.new for error in view.errors) and view.errors_total == len(reported)
    assert "CS0102" in {code for code, _, _ in reported}  # reported in a file of Ledger the change did not touch


def test_a_review_accounts_for_every_changed_file(cases):
    _, view = cases
    top = by_name(view, "top-level statements of Program.cs")
    assert (top.change, top.aspects) == ("changed", ("body",))
    assert view.file_notes == (("src/Review.Lib/Usings.cs", "added, declaring no type or member"),)
    files_with_symbols = {item.location.path for item in view.items if item.location}
    assert len(files_with_symbols) + len(view.file_notes) + len(view.project_files) == view.files
    assert "Files changed with no symbol changed:" in view.render()


def test_a_review_names_no_false_places_and_reads_layout_as_layout(cases):
    _, view = cases
    for name in ("Calc.Helper", "Calc.Other"):
        helper = by_name(view, name)
        assert helper.aspects == ("accessibility: public -> private",) and helper.not_updated == (), name
    constructor = by_name(view, "Meter.Meter(int)")
    assert constructor.aspects == ("formatting only",)
    [ledger] = [item for item in view.items if item.display == "Ledger"]
    assert ledger.aspects == ("parts: +Ledger.Audit.cs",)
    assert by_name(view, "Ledger.Audited").change == "added"
    reached = {reach.test.qualified_name for reach in view.tests}
    assert not any("Meter" in name for name in reached), "a space is no change a test can see"


def test_an_abstract_member_overridden_in_the_same_change_leaves_no_place(broken):
    assert by_name(broken, "Shape.Perimeter").not_updated == ()


def test_tests_too_many_for_one_filter_run_by_class_then_namespace():
    from engine.testing.run import _MOST_FILTER_CHARACTERS, _combined

    names = [f"Company.Product.Tests.Area{n // 40}.Feature{n // 10}Tests.Method_{n}_does_what_it_says" for n in range(4000)]
    expression, widened = _combined(names, None)
    assert len(expression) <= _MOST_FILTER_CHARACTERS
    assert widened == "a filter naming each of the 4000 tests is too long for one run: ran the 400 classes holding them"
    assert "FullyQualifiedName~Company.Product.Tests.Area0.Feature0Tests." in expression
    many = [f"N{n}.Some.Long.Namespace.Name.For.Tests.C{n}.Test" for n in range(30_000)]
    expression, widened = _combined(many, "Category=Fast")
    assert expression == "Category=Fast" and widened.endswith("ran every test of the project")


def test_every_page_of_a_review_is_as_lean_as_its_text(broken):
    """The errors, tests and project files come with the first page, in the text and in the structured
    content alike: a later page carries its own rows, each within twice its text and a kilobyte."""
    import json

    from engine.views.paging import page
    from mcp_server.lean import lean

    for offset in range(0, broken.total, 5):
        shown = page(broken, offset, 5)
        text, structured = shown.render(), json.dumps(lean(shown), separators=(",", ":"))
        assert len(structured) <= 2 * len(text) + 1024, (offset, len(text), len(structured))
        assert bool(shown.tests) == (offset == 0 and broken.tests_total > 0)
