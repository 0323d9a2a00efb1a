"""The store type a column gets from the database provider the app uses, where the code names one
(``UseSqlServer``, ``UseSqlite``, ``UseNpgsql``), as the provider's type mapping source gives it for
the property's CLR type and facets: ``nvarchar(60)`` for a SQL Server ``string`` of max length 60,
``decimal(18,2)`` for a ``decimal``, ``date`` for a ``DateOnly``; SQLite's ``TEXT``, ``INTEGER``...
A store type the code configures (``HasColumnType``, ``[Column(TypeName)]``) is kept as written.
"""

from __future__ import annotations

from typing import Any

from ..host.interop import Operation

PROVIDERS = {
    "UseSqlServer": "SQL Server",
    "UseAzureSql": "SQL Server",
    "UseSqlite": "SQLite",
    "UseNpgsql": "PostgreSQL",
    "UseInMemoryDatabase": "in-memory",
}
"""The options builder's calls that choose a provider, and the provider each chooses."""
KNOWN = ("SQL Server", "SQLite", "PostgreSQL")

_SQL_SERVER = {
    "int": "int",
    "long": "bigint",
    "short": "smallint",
    "byte": "tinyint",
    "bool": "bit",
    "double": "float",
    "float": "real",
    "DateTime": "datetime2",
    "DateTimeOffset": "datetimeoffset",
    "DateOnly": "date",
    "TimeOnly": "time",
    "TimeSpan": "time",
    "Guid": "uniqueidentifier",
    "char": "nchar(1)",
    "sbyte": "smallint",
    "ushort": "int",
    "uint": "bigint",
    "ulong": "decimal(20,0)",
}
_SQLITE = {
    "string": "TEXT",
    "int": "INTEGER",
    "long": "INTEGER",
    "short": "INTEGER",
    "byte": "INTEGER",
    "bool": "INTEGER",
    "sbyte": "INTEGER",
    "ushort": "INTEGER",
    "uint": "INTEGER",
    "ulong": "INTEGER",
    "char": "TEXT",
    "double": "REAL",
    "float": "REAL",
    "decimal": "TEXT",
    "DateTime": "TEXT",
    "DateTimeOffset": "TEXT",
    "DateOnly": "TEXT",
    "TimeOnly": "TEXT",
    "TimeSpan": "TEXT",
    "Guid": "TEXT",
    "byte[]": "BLOB",
}
_POSTGRES = {
    "int": "integer",
    "long": "bigint",
    "short": "smallint",
    "byte": "smallint",
    "bool": "boolean",
    "double": "double precision",
    "float": "real",
    "DateTime": "timestamp with time zone",
    "DateTimeOffset": "timestamp with time zone",
    "DateOnly": "date",
    "TimeOnly": "time without time zone",
    "TimeSpan": "interval",
    "Guid": "uuid",
    "byte[]": "bytea",
    "char": "character(1)",
}


def providers(compilations: list[Any], operation: Operation) -> dict[str, str]:
    """The provider each context uses, by the context's name (``""``: a call tied to no context), from the
    ``Use...`` calls in the code: inside an ``AddDbContext<T>``-like call's arguments, or in ``T``'s own
    ``OnConfiguring``."""
    from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
        InvocationExpressionSyntax,
        MemberAccessExpressionSyntax,
    )
    from System.Linq import Enumerable  # type: ignore[import-not-found]

    found: dict[str, str] = {}
    for compilation in compilations:
        for tree in compilation.SyntaxTrees:
            operation.check()
            text = str(tree.GetText(operation.token))
            if not any(f".{name}(" in text for name in PROVIDERS):
                continue
            model = compilation.GetSemanticModel(tree)
            for node in Enumerable.OfType[InvocationExpressionSyntax](tree.GetRoot(operation.token).DescendantNodes()):
                access = node.Expression
                if not isinstance(access, MemberAccessExpressionSyntax):
                    continue
                name = str(access.Name.Identifier.ValueText)
                if name in PROVIDERS:
                    found.setdefault(_context_of(node, model, operation), PROVIDERS[name])
    return found


def _context_of(node: Any, model: Any, operation: Operation) -> str:
    """The context a provider call configures: the type argument of the registration call around it, or
    the type whose ``OnConfiguring`` it is in; ``""`` when neither says."""
    from Microsoft.CodeAnalysis.CSharp.Syntax import InvocationExpressionSyntax  # type: ignore[import-not-found]

    around = model.GetEnclosingSymbol(node.SpanStart, operation.token)
    if around is not None and str(around.Name) == "OnConfiguring" and around.ContainingType is not None:
        return str(around.ContainingType.Name)
    current = node.Parent
    while current is not None:
        if isinstance(current, InvocationExpressionSyntax):
            symbol = model.GetSymbolInfo(current, operation.token).Symbol
            arguments = getattr(symbol, "TypeArguments", None)
            if arguments is not None and arguments.Length and str(symbol.Name).startswith("Add"):
                return str(arguments[arguments.Length - 1].Name)
        current = current.Parent
    return ""


def store_type(
    provider: str,
    clr: str,
    max_length: int | None,
    precision: int | None,
    scale: int | None,
    concurrency_token: bool,
    generated: str,
) -> str:
    """The provider's store type for a property of CLR type ``clr`` (``string``, ``decimal``, ``byte[]``,
    an enum's underlying type...), nullable marks removed."""
    clr = clr.removesuffix("?")
    if provider == "SQLite":
        return _SQLITE.get(clr, "")
    if provider == "SQL Server":
        if clr == "string":
            return f"nvarchar({max_length})" if max_length is not None and max_length <= 4000 else "nvarchar(max)"
        if clr == "decimal":
            return f"decimal({precision if precision is not None else 18},{scale if scale is not None else 2})"
        if clr == "byte[]":
            if concurrency_token and generated == "on add or update":
                return "rowversion"
            return f"varbinary({max_length})" if max_length is not None and max_length <= 8000 else "varbinary(max)"
        return _SQL_SERVER.get(clr, "")
    if provider == "PostgreSQL":
        if clr == "string":
            return f"character varying({max_length})" if max_length is not None else "text"
        if clr == "decimal":
            return f"numeric({precision},{scale if scale is not None else 0})" if precision is not None else "numeric"
        return _POSTGRES.get(clr, "")
    return ""
