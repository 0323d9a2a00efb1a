"""The arguments and annotations tools share: the same name means the same thing in every tool."""

from typing import Annotated

from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import Field

from engine import EngineError, SymbolRef

WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False)
RUNS = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

Symbol = Annotated[
    str | None,
    Field(
        description="A name, qualified as needed (Customer.GetById(int) picks an overload), or a "
        "documentation ID (M:Shop.Customer.GetById(System.Int32)); or give file, line, column."
    ),
]
File = Annotated[str | None, Field(description="A .cs file, absolute or relative to the solution directory.")]
RequiredFile = Annotated[
    str, Field(description="A .cs file of the solution, absolute or relative to the solution directory.")
]
Line = Annotated[int | None, Field(description="1-based line of the symbol's position (with file, column).")]
Column = Annotated[int | None, Field(description="1-based column, with file and line.")]
Limit = Annotated[int, Field(description="Most items per answer; the cursor gets the rest.")]
Cursor = Annotated[str | None, Field(description="The cursor of the previous answer, for the next page.")]

Apply = Annotated[
    bool,
    Field(description="Write it (atomically, inside the solution). Default: only preview the diff."),
]
PreviewToken = Annotated[
    str | None,
    Field(description="With apply=true: the token of the preview you reviewed, to write exactly that edit."),
]
DiffLimit = Annotated[int, Field(description="Most diff hunks per answer; the cursor gets the rest.")]


def symbol_ref(symbol: str | None, file: str | None, line: int | None, column: int | None) -> SymbolRef:
    """The symbol a call names; a name and a position both, or neither, is the caller's error."""
    try:
        return SymbolRef(name=symbol, file=file, line=line, column=column)
    except EngineError as error:
        raise ToolError(error.describe()) from error
