using System.Collections;
using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace RoslynTuiNative;

/// <summary>Roslyn's own Change Signature (Microsoft.CodeAnalysis.Features), with the parameter list the IDE
/// would ask for in its dialog given here instead (engine/editing/signature.py parses it). The service and
/// its option types are internal to Roslyn, so they are reached by reflection; where a Roslyn lacks them the
/// answer says so. Each new parameter: [type, name, default value or "", call-site value or ""]; an existing
/// one by its name. The declarations of every override and implementation, and every call site (named
/// arguments, extension calls, attributes, delegate invocations) are updated by the service.</summary>
public static class ChangeSignature
{
    static readonly BindingFlags Any = RoslynInternals.Any;

    static Type Features(string name) => RoslynInternals.Features("Microsoft.CodeAnalysis.ChangeSignature." + name);

    static object? Member(object owner, string name) => RoslynInternals.Member(owner, name);

    /// <summary>The changed solution, or throws with the service's reason.</summary>
    public static async Task<Solution> ChangeAsync(
        Document document, int position, string[] kept, string[][] added, int[] order, CancellationToken token)
    {
        var service = RoslynInternals.Service(document, Features("AbstractChangeSignatureService"), "Change Signature");
        var context = await RoslynInternals.Invoke(service, "GetChangeSignatureContextAsync", [document, position, false, token]);
        if (context.GetType().Name != "ChangeSignatureAnalysisSucceededContext")
        {
            var reason = Member(context, "CannotChangeSignatureReason");
            throw new InvalidOperationException($"the signature here cannot be changed ({reason})");
        }
        var original = Member(context, "ParameterConfiguration")!;
        var configurationType = original.GetType();
        var existing = (IEnumerable)configurationType.GetMethod("ToListOfParameters", Any)!.Invoke(original, null)!;
        var byName = new Dictionary<string, object>();
        var thisParameter = Member(original, "ThisParameter");
        foreach (var parameter in existing)
        {
            if (ReferenceEquals(parameter, thisParameter)) continue;
            var symbol = (IParameterSymbol)Member(parameter, "Symbol")!;
            byName[symbol.Name] = parameter;
        }

        var model = await document.GetSemanticModelAsync(token).ConfigureAwait(false);
        var parameterType = Features("Parameter");
        var addedType = Features("AddedParameter");
        var callSiteKind = Features("CallSiteKind");
        var chosen = new List<object>();
        if (thisParameter is not null) chosen.Add(thisParameter);
        // order: each entry >= 0 an index into kept, < 0 (-1 - i) the i-th added parameter.
        foreach (var index in order)
        {
            if (index >= 0)
            {
                chosen.Add(byName.TryGetValue(kept[index], out var found)
                    ? found
                    : throw new ArgumentException($"no parameter named '{kept[index]}'"));
                continue;
            }
            var (typeName, name, defaultValue, callSite) = (added[-1 - index][0], added[-1 - index][1], added[-1 - index][2], added[-1 - index][3]);
            var typeSyntax = SyntaxFactory.ParseTypeName(typeName);
            var type = model!.GetSpeculativeTypeInfo(position, typeSyntax, SpeculativeBindingOption.BindAsTypeOrNamespace).Type;
            if (type is null or IErrorTypeSymbol)
                throw new ArgumentException($"no type '{typeName}' where the method is declared (a using may be missing)");
            var kind = Enum.Parse(callSiteKind, callSite.Length > 0 ? "Value" : defaultValue.Length > 0 ? "Omitted" : "Todo");
            chosen.Add(Activator.CreateInstance(addedType, Any, null,
                [type, typeName, name, kind, callSite, defaultValue.Length == 0, defaultValue, true], null)!);
        }
        var parameters = Array.CreateInstance(parameterType, chosen.Count);
        for (var i = 0; i < chosen.Count; i++) parameters.SetValue(chosen[i], i);
        var immutable = typeof(ImmutableArray).GetMethods()
            .First(m => m.Name == nameof(ImmutableArray.Create) && m.GetParameters() is [{ ParameterType.IsArray: true }])
            .MakeGenericMethod(parameterType).Invoke(null, [parameters])!;
        var updated = configurationType.GetMethod("Create", Any)!.Invoke(null, [immutable, thisParameter is not null, 0])!;
        var change = Activator.CreateInstance(Features("SignatureChange"), Any, null, [original, updated], null)!;
        var options = Activator.CreateInstance(Features("ChangeSignatureOptionsResult"), Any, null, [change, false], null)!;
        var result = await RoslynInternals.Invoke(service, "ChangeSignatureWithContextAsync", [context, options, token]);
        var solution = Member(result, "UpdatedSolution") as Solution;
        if (solution is null || Member(result, "Succeeded") is not true)
        {
            var message = Member(result, "ChangeSignatureFailureKind") ?? Member(result, "ConfirmationMessage");
            throw new InvalidOperationException($"Roslyn did not change the signature ({message ?? "no reason given"})");
        }
        return solution;
    }
}
