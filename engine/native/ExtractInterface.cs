using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>Roslyn's own Extract Interface (Microsoft.CodeAnalysis.Features), with the answers its dialog
/// would ask for given here (engine/editing/interface.py): the members, the interface's name and file. The
/// service and its option types are internal to Roslyn, so they are reached by reflection.</summary>
public static class ExtractInterface
{
    static readonly BindingFlags Any = RoslynInternals.Any;

    static Type Features(string name) => RoslynInternals.Features("Microsoft.CodeAnalysis.ExtractInterface." + name);

    static object? Member(object owner, string name) => RoslynInternals.Member(owner, name);

    /// <summary>The members the type can give its interface, as documentation IDs.</summary>
    public static async Task<string[]> ExtractableAsync(Document document, int position, CancellationToken token)
    {
        var (_, analysis) = await AnalyzedAsync(document, position, token).ConfigureAwait(false);
        return [.. ((ImmutableArray<ISymbol>)Member(analysis, "ExtractableMembers")!).Select(Symbols.DocumentationId)];
    }

    /// <summary>The solution with the interface extracted: <paramref name="members"/> by documentation ID,
    /// into <paramref name="fileName"/> (a new file beside the type's) or, when null, the type's own file.</summary>
    public static async Task<Solution> ExtractAsync(
        Document document, int position, string[] members, string interfaceName, string? fileName, CancellationToken token)
    {
        var (service, analysis) = await AnalyzedAsync(document, position, token).ConfigureAwait(false);
        var extractable = (ImmutableArray<ISymbol>)Member(analysis, "ExtractableMembers")!;
        var wanted = new HashSet<string>(members, StringComparer.Ordinal);
        var included = extractable.Where(m => wanted.Contains(Symbols.DocumentationId(m))).ToImmutableArray();
        var locationType = Features("ExtractInterfaceOptionsResult+ExtractLocation");
        var location = Enum.Parse(locationType, fileName is null ? "SameFile" : "NewFile");
        var options = Activator.CreateInstance(Features("ExtractInterfaceOptionsResult"), Any, null,
            [false, included, interfaceName, fileName ?? document.Name, location], null)!;
        var result = await RoslynInternals.Invoke(service, "ExtractInterfaceFromAnalyzedTypeAsync", [analysis, options, token], 3);
        if (Member(result, "Succeeded") is not true || Member(result, "UpdatedSolution") is not Solution solution)
            throw new InvalidOperationException("Roslyn did not extract the interface");
        return solution;
    }

    static async Task<(object Service, object Analysis)> AnalyzedAsync(Document document, int position, CancellationToken token)
    {
        var service = RoslynInternals.Service(document, Features("AbstractExtractInterfaceService"), "Extract Interface");
        var rule = Enum.Parse(Features("TypeDiscoveryRule"), "TypeDeclaration");
        var analysis = await RoslynInternals.Invoke(service, "AnalyzeTypeAtPositionAsync", [document, position, rule, token]);
        if (Member(analysis, "CanExtractInterface") is not true)
            throw new InvalidOperationException((string?)Member(analysis, "ErrorMessage") ?? "no interface can be extracted here");
        return (service, analysis);
    }
}
