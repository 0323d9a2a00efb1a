using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace RoslynTuiNative;

/// <summary>Roslyn's inline hints service (Microsoft.CodeAnalysis.Features, internal), with Visual Studio's
/// defaults once "display inline hints" is on: parameter names at literal arguments (not where the name
/// says it already), the types of <c>var</c>, lambda parameters and target-typed <c>new()</c>. The service and its options are internal, so they are reached by reflection.</summary>
public static class InlayHints
{
    static Type Features(string name) => RoslynInternals.Features("Microsoft.CodeAnalysis.InlineHints." + name);

    /// <summary>Each hint in <paramref name="start"/>..+<paramref name="length"/> as "position\tkind\ttext",
    /// kind being <c>parameter</c> or <c>type</c>, in the order of their positions.</summary>
    public static async Task<string[]> InSpanAsync(Document document, int start, int length, CancellationToken token)
    {
        var service = RoslynInternals.Service(document, Features("IInlineHintsService"), "inline hints");
        var parameters = With(Features("InlineParameterHintsOptions"), new()
        {
            ["EnabledForParameters"] = true, ["ForLiteralParameters"] = true, ["ForIndexerParameters"] = false,
            ["ForObjectCreationParameters"] = false, ["ForOtherParameters"] = false,
            ["SuppressForParametersThatDifferOnlyBySuffix"] = true, ["SuppressForParametersThatMatchMethodIntent"] = true,
            ["SuppressForParametersThatMatchArgumentName"] = true,
        });
        var types = With(Features("InlineTypeHintsOptions"), new()
        {
            ["EnabledForTypes"] = true, ["ForImplicitVariableTypes"] = true, ["ForLambdaParameterTypes"] = true,
            ["ForImplicitObjectCreation"] = true, ["ForCollectionExpressions"] = false,
        });
        var options = With(Features("InlineHintsOptions"), new() { ["ParameterOptions"] = parameters, ["TypeOptions"] = types });
        var found = await RoslynInternals.Invoke(
            service, "GetInlineHintsAsync", [document, new TextSpan(start, length), options, false, token], 5).ConfigureAwait(false);
        var rows = new List<(int Start, string Text)>();
        foreach (var hint in (System.Collections.IEnumerable)found)
        {
            var span = (TextSpan)RoslynInternals.Member(hint, "Span")!;
            var parts = (System.Collections.IEnumerable)RoslynInternals.Member(hint, "DisplayParts")!;
            rows.Add((span.Start, string.Concat(parts.Cast<object>().Select(p => (string?)RoslynInternals.Member(p, "Text")))));
        }
        // A parameter's hint is its name and a colon ("n: "); every other hint names a type.
        return [.. rows.OrderBy(r => r.Start).Select(r => $"{r.Start}\t{(r.Text.EndsWith(": ") ? "parameter" : "type")}\t{r.Text}")];
    }

    /// <summary>A new options record of an internal type with the given properties set (their setters are init-only).</summary>
    static object With(Type type, Dictionary<string, object> values)
    {
        var made = Activator.CreateInstance(type, nonPublic: true)!;
        foreach (var (name, value) in values)
            type.GetProperty(name, RoslynInternals.Any)?.SetValue(made, value);
        return made;
    }
}
