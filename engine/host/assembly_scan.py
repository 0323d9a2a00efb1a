"""pythonnet scans only the assemblies of the default load context.

pythonnet reads every assembly the process loads for its namespaces (``GetExportedTypes``) inside the
``AssemblyLoad`` event, which .NET raises while the loading context holds its lock. Roslyn loads each
analyzer folder's assemblies (the SDK's source generators among them) into a context of its own, from
whichever thread first builds a compilation; two threads doing so at once deadlocked: one held the
folder context's lock while pythonnet's scan waited for a type load the other had started, and the
other waited for that lock. Seen as a server that never answered its first find_references (the
query's compilation and the warm-up's, both stuck; ``dotnet-stack``: ``AssemblyLoadHandler`` ->
``ScanAssembly`` -> ``GetExportedTypes`` against ``Monitor.Enter`` in ``LoadFromAssemblyPath``).

Python never imports from an analyzer's context (its objects reach Python through Roslyn's APIs, typed
from their runtime types), so pythonnet's handler is kept for the default context alone, behind a
filter compiled from an expression tree: the filter itself never needs the GIL.
"""

from __future__ import annotations

import logging

log = logging.getLogger("roslyn_tui")


def scan_default_context_only() -> None:
    """Put the filter in place of pythonnet's ``AssemblyLoad`` handler (once, as the runtime starts)."""
    import clr  # type: ignore[import-not-found]
    from System import AppDomain, Array, AssemblyLoadEventArgs, AssemblyLoadEventHandler, Object, Type  # type: ignore[import-not-found]
    from System.Linq.Expressions import Expression, ParameterExpression  # type: ignore[import-not-found]
    from System.Reflection import BindingFlags  # type: ignore[import-not-found]
    from System.Runtime.Loader import AssemblyLoadContext  # type: ignore[import-not-found]

    manager = Type.GetType("Python.Runtime.AssemblyManager, Python.Runtime")
    field = manager.GetField("lhandler", BindingFlags.NonPublic | BindingFlags.Static) if manager else None
    scan = field.GetValue(None) if field else None
    if scan is None:  # another pythonnet: its handler is left as it is
        log.warning("pythonnet's assembly load handler was not found; analyzer assemblies are scanned too")
        return
    sender = Expression.Parameter(clr.GetClrType(Object), "sender")
    arguments = Expression.Parameter(clr.GetClrType(AssemblyLoadEventArgs), "arguments")
    context_type = clr.GetClrType(AssemblyLoadContext)
    context = Expression.Call(
        context_type.GetMethod("GetLoadContext"), Expression.Property(arguments, "LoadedAssembly")
    )
    in_default = Expression.ReferenceEqual(context, Expression.Property(None, context_type.GetProperty("Default")))
    body = Expression.IfThen(in_default, Expression.Invoke(Expression.Constant(scan), sender, arguments))
    parameters = Array[ParameterExpression]([sender, arguments])
    filtered = Expression.Lambda(clr.GetClrType(AssemblyLoadEventHandler), body, parameters).Compile()
    event = clr.GetClrType(AppDomain).GetEvent("AssemblyLoad")
    event.AddEventHandler(AppDomain.CurrentDomain, filtered)
    event.RemoveEventHandler(AppDomain.CurrentDomain, scan)
