"""The symbol at a position, found in one crossing (``SymbolAt.cs``): at every identifier of the Shop
solution, the symbol Roslyn's own ``SymbolFinder.FindSymbolAtPositionAsync`` finds there (or just before
it); for positions that name none, errors that say so."""

import re

import pytest

from engine.errors import EngineError
from engine.host.interop import Operation
from engine.symbols.describe import documentation_id, normalize
from engine.symbols.naming import symbol_at

FILES = [
    "src/Shop.Core/Customer.cs",
    "src/Shop.Core/CustomerExtensions.cs",
    "src/Shop.Core/Journal.cs",
    "src/Shop.Data/InMemoryRepository.cs",
    "src/Shop.App/Workflow.cs",
]
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def _answers(shop, places: list[tuple[str, int, int]]) -> list[str]:
    """For each place, the symbol's documentation ID and kind, or the error's words."""
    snapshot, operation = shop.snapshot(), Operation("test", 60)
    answers = []
    for file, line, column in places:
        try:
            symbol = symbol_at(snapshot, operation, file, line, column)
            answers.append(f"{documentation_id(symbol)} {symbol.Kind}")
        except EngineError as error:
            answers.append(f"{type(error).__name__}: {error.describe()}")
    return answers


def _roslyns(shop, places: list[tuple[str, int, int]]) -> list[str | None]:
    """For each place, what Roslyn's finder names at the position or the character before it (``None``
    where it names nothing)."""
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder

    snapshot, operation = shop.snapshot(), Operation("test", 60)
    found: list[str | None] = []
    for file, line, column in places:
        document = snapshot.document(file)
        text = operation.wait(document.GetTextAsync(operation.token))
        model = operation.wait(document.GetSemanticModelAsync(operation.token))
        if line > text.Lines.Count:
            found.append(None)
            continue
        start = text.Lines[line - 1].Start
        answer = None
        for offset in (start + column - 1, start + column - 2):
            if offset < start or offset > text.Lines[line - 1].End:
                continue
            symbol = operation.wait(
                SymbolFinder.FindSymbolAtPositionAsync(
                    model, offset, document.Project.Solution.Workspace, operation.token
                )
            )
            if symbol is not None:
                symbol = normalize(symbol)
                answer = f"{documentation_id(symbol)} {symbol.Kind}"
                break
        found.append(answer)
    return found


def _identifier_places(root) -> list[tuple[str, int, int]]:
    """The first and last character of every identifier, and the column just after it."""
    places = []
    for file in FILES:
        for number, text in enumerate((root / file).read_text(encoding="utf-8").splitlines(), 1):
            if text.lstrip().startswith("//"):
                continue
            for match in _IDENTIFIER.finditer(text):
                start, end = match.start() + 1, match.end()
                places.extend((file, number, column) for column in sorted({start, end, end + 1}))
    return places


def test_every_identifier_names_what_roslyns_finder_names(shop):
    places = _identifier_places(shop.root)
    assert len(places) > 1000
    ours = _answers(shop, places)
    roslyn = _roslyns(shop, places)
    mismatched = [
        (place, answer, expected)
        for place, answer, expected in zip(places, ours, roslyn, strict=True)
        if answer != expected and not (expected is None and answer.startswith(("SymbolNotFound", "PositionOutOfRange")))
    ]
    assert mismatched == []  # where Roslyn names nothing, ours is a refusal that says so
    found = [answer for answer in ours if not answer.startswith(("SymbolNotFound", "PositionOutOfRange"))]
    assert len(set(found)) > 60  # keywords and places between names name none
    # an extension method called as one is its declaration, a constructed generic its definition
    assert any(answer.startswith("M:Shop.Core.CustomerExtensions.") for answer in found)


@pytest.mark.parametrize(
    ("line", "column", "error"),
    [
        (0, 1, "PositionOutOfRange: Line 0 is outside"),
        (10_000, 1, "PositionOutOfRange: Line 10000 is outside"),
        (1, 0, "PositionOutOfRange: Column 0 is outside line 1"),
        (1, 500, "PositionOutOfRange: Column 500 is outside line 1"),
        (2, 1, "SymbolNotFound: No symbol at src/Shop.Core/Customer.cs:2:1"),
    ],
)
def test_positions_that_name_no_symbol_are_refused_saying_why(shop, line, column, error):
    [answer] = _answers(shop, [("src/Shop.Core/Customer.cs", line, column)])
    assert answer.startswith(error), answer
