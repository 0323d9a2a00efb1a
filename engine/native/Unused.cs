using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace RoslynTuiNative;

/// <summary>Which of many symbols something refers to (engine/analysis/unused.py chooses them and keeps the
/// rules). Asking Roslyn's find references for each costs a few ms a symbol, a minute for the thousands of
/// members of a large solution; so every name of the searched projects (generated code included) that
/// spells a candidate's is bound once, as find references binds them. The uses no name spells (a foreach's
/// GetEnumerator, a deconstruction) are of members the rules never ask about. A use inside the symbol's own
/// declaration (recursion, a type naming itself) is no use; nor is a doc comment's cref (trivia, not walked).</summary>
public static class Unused
{
    /// <summary>One flag per candidate: true when it is used. The files of a project are read in parallel;
    /// a name is no longer bound once every candidate it spells is known to be used.</summary>
    public static async Task<bool[]> UsedAsync(ISymbol[] candidates, Project[] searched, CancellationToken token)
    {
        var used = new int[candidates.Length];
        var index = new Dictionary<ISymbol, int>(SymbolEqualityComparer.Default);
        var slots = new Dictionary<string, int>(StringComparer.Ordinal);
        var spellings = new int[candidates.Length][];
        var own = new (SyntaxTree Tree, TextSpan Span)[candidates.Length][];
        for (var i = 0; i < candidates.Length; i++)
        {
            var candidate = candidates[i].OriginalDefinition;
            index.TryAdd(candidate, i);
            // [Obsolete] names ObsoleteAttribute.
            var name = candidate.Name;
            spellings[i] = candidate is INamedTypeSymbol && name.EndsWith("Attribute", StringComparison.Ordinal)
                ? [Slot(slots, name), Slot(slots, name[..^"Attribute".Length])]
                : [Slot(slots, name)];
            own[i] = [.. candidate.DeclaringSyntaxReferences.Select(r => (r.SyntaxTree, r.Span))];
        }
        var waiting = new int[slots.Count];  // per spelled name: its candidates not yet known to be used
        foreach (var each in spellings.SelectMany(s => s)) waiting[each]++;

        void Mark(ISymbol? bound, SyntaxTree tree, int position)
        {
            if (bound is null) return;
            var symbol = Symbols.Normalize(bound);
            if (symbol is IMethodSymbol { MethodKind: MethodKind.Constructor or MethodKind.StaticConstructor } constructor)
                symbol = constructor.ContainingType.OriginalDefinition;
            if (symbol is IMethodSymbol { PartialDefinitionPart: { } definition }) symbol = definition;
            if (!index.TryGetValue(symbol, out var i) || Inside(own[i], tree, position)) return;
            if (Interlocked.Exchange(ref used[i], 1) == 0)
            {
                foreach (var slot in spellings[i]) Interlocked.Decrement(ref waiting[slot]);
            }
        }

        var options = new ParallelOptions { CancellationToken = token, MaxDegreeOfParallelism = Environment.ProcessorCount };
        foreach (var project in searched)
        {
            var compilation = await project.GetCompilationAsync(token).ConfigureAwait(false);
            if (compilation is null) continue;
            Parallel.ForEach(compilation.SyntaxTrees, options, tree =>
            {
                SemanticModel? model = null;
                foreach (var name in tree.GetRoot(token).DescendantNodes().OfType<SimpleNameSyntax>())
                {
                    if (!slots.TryGetValue(name.Identifier.ValueText, out var slot) || Volatile.Read(ref waiting[slot]) <= 0) continue;
                    model ??= compilation.GetSemanticModel(tree);
                    var info = model.GetSymbolInfo(name, token);
                    Mark(info.Symbol, tree, name.SpanStart);
                    foreach (var candidate in info.CandidateSymbols) Mark(candidate, tree, name.SpanStart);
                }
            });
        }
        return [.. used.Select(flag => flag != 0)];
    }

    static int Slot(Dictionary<string, int> slots, string name)
    {
        if (!slots.TryGetValue(name, out var slot)) slots[name] = slot = slots.Count;
        return slot;
    }

    static bool Inside((SyntaxTree Tree, TextSpan Span)[] declarations, SyntaxTree tree, int position)
    {
        foreach (var (declaredIn, span) in declarations)
        {
            if (declaredIn == tree && span.Contains(position)) return true;
        }
        return false;
    }
}
