using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>Roslyn's per-document syntax index (the identifiers, literals and constructs a document
/// holds), which find references, implementations and callers read for every document they might
/// search, built ahead of the first such query. Roslyn keeps it per document and builds it on first
/// use; the first references at 25 projects spent half of its second there. The builder is internal
/// to Roslyn, so it is found by reflection: where a Roslyn has none, nothing is built here and the
/// first query builds them as it always did.</summary>
public static class SyntaxIndexes
{
    static readonly MethodInfo? Build = typeof(SymbolFinder).Assembly
        .GetType("Microsoft.CodeAnalysis.FindSymbols.SyntaxTreeIndex")
        ?.GetMethod("GetRequiredIndexAsync", BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static,
            [typeof(Document), typeof(CancellationToken)]);

    // What Build returns, a ValueTask<SyntaxTreeIndex> of a type this assembly cannot name, awaited as its Task.
    static readonly MethodInfo? AsTask = Build?.ReturnType.GetMethod("AsTask", Type.EmptyTypes);

    public static bool Available => Build is not null && AsTask is not null;

    /// <summary>Build the index of every document of <paramref name="project"/>; the number built.</summary>
    public static async Task<int> BuildAsync(Project project, CancellationToken token)
    {
        if (Build is null || AsTask is null) return 0;
        var built = 0;
        foreach (var document in project.Documents)
        {
            token.ThrowIfCancellationRequested();
            var pending = Build.Invoke(null, [document, token])!;
            await ((Task)AsTask.Invoke(pending, null)!).ConfigureAwait(false);
            built++;
        }
        return built;
    }
}
