using System.Collections.Immutable;
using System.Text.Json.Nodes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Scripting;

namespace ReplWorker;

/// <summary>Resolves <c>#r "nuget: Id, Version"</c> to the assemblies the engine restored for it
/// (sent with the request); every other <c>#r</c> goes to Roslyn's script resolver.</summary>
sealed class NuGetResolver : MetadataReferenceResolver
{
    readonly Dictionary<string, ImmutableArray<PortableExecutableReference>> restored = new(StringComparer.OrdinalIgnoreCase);
    readonly ScriptMetadataResolver fallback = ScriptMetadataResolver.Default;

    public IEnumerable<string> Packages => restored.Keys;

    public void Add(JsonObject? packages)
    {
        if (packages is null) return;
        foreach (var (key, paths) in packages)
        {
            restored[Key(key)] = (paths as JsonArray ?? [])
                .Select(p => MetadataReference.CreateFromFile((string)p!))
                .ToImmutableArray();
        }
    }

    public override ImmutableArray<PortableExecutableReference> ResolveReference(
        string reference, string? baseFilePath, MetadataReferenceProperties properties)
    {
        if (reference.StartsWith("nuget:", StringComparison.OrdinalIgnoreCase))
        {
            return restored.TryGetValue(Key(reference), out var references) ? references : [];
        }
        return fallback.ResolveReference(reference, baseFilePath, properties);
    }

    public override bool ResolveMissingAssemblies => fallback.ResolveMissingAssemblies;

    public override PortableExecutableReference? ResolveMissingAssembly(MetadataReference definition, AssemblyIdentity referenceIdentity)
        => fallback.ResolveMissingAssembly(definition, referenceIdentity);

    public override bool Equals(object? other) => ReferenceEquals(this, other);

    public override int GetHashCode() => 0;

    /// <summary>"nuget: Newtonsoft.Json, 13.0.3" and "nuget:newtonsoft.json,13.0.3" are the same.</summary>
    static string Key(string reference) => new(reference.Where(c => !char.IsWhiteSpace(c)).ToArray());
}
