"""The default load context's resolver for the Roslyn folder, compiled from an expression tree.

deps.json is not consulted inside pythonnet, so an assembly of the Roslyn folder that the default
context does not find is looked up by name here. The handler is a .NET delegate that never calls
Python: .NET runs it holding its loader lock, and a Python handler then needed the GIL, which a thread
inside pythonnet's type lookup held while waiting for that very lock (the process hung so when the
syntax view started beside a load's imports).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def install_resolver(paths: dict[str, Path]) -> Any:
    """Resolve an assembly name in ``paths`` (simple name -> file) from the default context; the handler
    (kept by the caller for the life of the process)."""
    import clr  # type: ignore[import-not-found]
    from System import Array, Func, String  # type: ignore[import-not-found]
    from System.Collections.Generic import Dictionary  # type: ignore[import-not-found]
    from System.Linq.Expressions import Expression, ParameterExpression  # type: ignore[import-not-found]
    from System.Reflection import Assembly, AssemblyName  # type: ignore[import-not-found]
    from System.Runtime.Loader import AssemblyLoadContext  # type: ignore[import-not-found]

    files = Dictionary[String, String]()
    for name, path in paths.items():
        files[name] = str(path)
    context_type, name_type = clr.GetClrType(AssemblyLoadContext), clr.GetClrType(AssemblyName)
    context = Expression.Parameter(context_type, "context")
    name = Expression.Parameter(name_type, "name")
    path = Expression.Variable(clr.GetClrType(String), "path")
    found = Expression.Call(
        Expression.Constant(files), files.GetType().GetMethod("TryGetValue"), Expression.Property(name, "Name"), path
    )
    load = Expression.Call(context, context_type.GetMethod("LoadFromAssemblyPath"), path)
    nothing = Expression.Constant(None, clr.GetClrType(Assembly))
    body = Expression.Block(
        Array[ParameterExpression]([path]), Expression.Condition(found, load, nothing, clr.GetClrType(Assembly))
    )
    handler_type = clr.GetClrType(Func[AssemblyLoadContext, AssemblyName, Assembly])
    handler = Expression.Lambda(handler_type, body, Array[ParameterExpression]([context, name])).Compile()
    event = context_type.GetEvent("Resolving")
    event.AddEventHandler(AssemblyLoadContext.Default, handler)
    return handler
