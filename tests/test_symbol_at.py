"""The symbol at a position, found in one crossing (``SymbolAt.cs``) and by the Python walk: the same
symbol at every identifier of the Shop solution, the same errors for positions that name none."""

import re

import pytest

from engine.errors import EngineError
from engine.host.interop import Operation
from engine.native import DISABLE_VARIABLE
from engine.symbols.describe import documentation_id
from engine.symbols.naming import symbol_at

FILES = [
    "src/Shop.Core/Customer.cs",
    "src/Shop.Core/CustomerExtensions.cs",
    "src/Shop.Core/Journal.cs",
    "src/Shop.Data/InMemoryRepository.cs",
    "src/Shop.App/Workflow.cs",
]
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def _answers(shop, monkeypatch, walked: bool, places: list[tuple[str, int, int]]) -> list[str]:
    """For each place, the symbol's documentation ID and kind, or the error's words."""
    if walked:
        monkeypatch.setenv(DISABLE_VARIABLE, "1")
    else:
        monkeypatch.delenv(DISABLE_VARIABLE, raising=False)
    snapshot, operation = shop.snapshot(), Operation("test", 60)
    answers = []
    for file, line, column in places:
        try:
            symbol = symbol_at(snapshot, operation, file, line, column)
            answers.append(f"{documentation_id(symbol)} {symbol.Kind}")
        except EngineError as error:
            answers.append(f"{type(error).__name__}: {error.describe()}")
    return answers


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


def test_every_identifier_names_the_same_symbol_either_way(shop, monkeypatch):
    places = _identifier_places(shop.root)
    assert len(places) > 1000
    native = _answers(shop, monkeypatch, False, places)
    walked = _answers(shop, monkeypatch, True, places)
    assert native == walked
    found = [answer for answer in native if not answer.startswith(("SymbolNotFound", "PositionOutOfRange"))]
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
def test_positions_that_name_no_symbol_are_refused_in_the_same_words(shop, monkeypatch, line, column, error):
    place = [("src/Shop.Core/Customer.cs", line, column)]
    native = _answers(shop, monkeypatch, False, place)
    assert native == _answers(shop, monkeypatch, True, place)
    assert native[0].startswith(error), native[0]
