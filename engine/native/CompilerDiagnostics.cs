using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>A compilation's own diagnostics (every method body bound) as a task on the thread pool. A
/// solution's errors ask this of every target of every project: asked one after another from Python,
/// each took one core while the others waited (engine/diagnostics/report.py).</summary>
public static class CompilerDiagnostics
{
    public static Task<ImmutableArray<Diagnostic>> Of(Compilation compilation, CancellationToken token) =>
        Task.Run(() => compilation.GetDiagnostics(token), token);
}
