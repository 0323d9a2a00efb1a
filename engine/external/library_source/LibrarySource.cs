using System.IO.Compression;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Text;
using System.Text.Json;
using ICSharpCode.Decompiler;
using ICSharpCode.Decompiler.CSharp;
using ICSharpCode.Decompiler.CSharp.OutputVisitor;
using ICSharpCode.Decompiler.CSharp.Syntax;
using ICSharpCode.Decompiler.Documentation;
using ICSharpCode.Decompiler.Metadata;
using ICSharpCode.Decompiler.TypeSystem;

namespace RoslynTuiLibrarySource;

/// <summary>The source of a type of a compiled assembly, as engine/external/library.py asks for it: the
/// assembly's PDB (embedded in it, or beside it) with the file's text embedded, else the SourceLink
/// address of that file (fetched by the caller only where the network is allowed), else the type
/// decompiled by ICSharpCode.Decompiler. A type forwarded to another assembly (System.Runtime's String to
/// System.Private.CoreLib) is followed there first. Every answer is one JSON object: route ("embedded",
/// "sourcelink" or "decompiled"), the assembly read (path, name, version), the text (not for sourcelink),
/// the 1-based line of each member by documentation ID (the type's own included) where it is known, the
/// file's name in the PDB and the SourceLink address.</summary>
public static class LibrarySource
{
    static readonly Guid EmbeddedSourceKind = new("0E8A571B-6926-466E-B4AD-8AB04611F5FE");
    static readonly Guid SourceLinkKind = new("CC110556-A091-4D38-9FEC-25AB9A351A6A");

    public static string Find(string assemblyPath, string typeName)
    {
        var path = Forwarded(assemblyPath, typeName);
        return FromPdb(path, typeName) ?? Decompiled(path, typeName);
    }

    /// <summary>The type decompiled, whatever the PDB says: what a SourceLink address that cannot be
    /// fetched falls back to.</summary>
    public static string Decompiled(string assemblyPath, string typeName)
    {
        var path = Forwarded(assemblyPath, typeName);
        var (decompiler, file) = DecompilerOf(path);
        SyntaxTree tree;
        lock (decompiler) tree = decompiler.DecompileType(new FullTypeName(typeName));
        var writer = new StringWriter();
        tree.AcceptVisitor(new CSharpOutputVisitor(
            TokenWriter.CreateWriterThatSetsLocationsInAST(writer, "    "), FormattingOptionsFactory.CreateAllman()));
        var lines = new Dictionary<string, int>();
        foreach (var declaration in tree.Descendants.OfType<EntityDeclaration>())
        {
            if (declaration.GetSymbol() is not IEntity entity) continue;
            // An operator's or an accessor's declaration has no name token: its own start then.
            var name = declaration.NameToken;
            var line = name is not null && name.StartLocation.Line > 0 ? name.StartLocation.Line : declaration.StartLocation.Line;
            lines.TryAdd(IdStringProvider.GetIdString(entity), line);
        }
        return Answer("decompiled", file, writer.ToString(), lines, "", "");
    }

    // A decompiler per assembly file: its type system (every referenced assembly read) is most of the cost
    // of a first decompilation, and the next type of the same assembly reuses it. It holds ~70 MB for
    // System.Private.CoreLib, so only the last few assemblies' are kept.
    const int KeptDecompilers = 3;
    static readonly Dictionary<string, (CSharpDecompiler, PEFile)> decompilers = [];
    static readonly List<string> lastUsed = [];

    static (CSharpDecompiler, PEFile) DecompilerOf(string path)
    {
        lock (decompilers)
        {
            if (decompilers.TryGetValue(path, out var known))
            {
                lastUsed.Remove(path);
                lastUsed.Add(path);
                return known;
            }
            if (decompilers.Count >= KeptDecompilers)
            {
                decompilers.Remove(lastUsed[0]);
                lastUsed.RemoveAt(0);
            }
            var file = new PEFile(path, PEStreamOptions.Default);
            var resolver = new UniversalAssemblyResolver(
                path, false, file.DetectTargetFrameworkId(), null, PEStreamOptions.PrefetchMetadata, MetadataReaderOptions.None);
            var settings = new DecompilerSettings(ICSharpCode.Decompiler.CSharp.LanguageVersion.Latest)
            {
                ThrowOnAssemblyResolveErrors = false,
            };
            lastUsed.Add(path);
            return decompilers[path] = (new CSharpDecompiler(file, resolver, settings), file);
        }
    }

    /// <summary>The assembly that defines the type: ``assemblyPath``, or the one a forwarder there names
    /// (in the same folder, as the shared runtime and a package's lib/ folder keep them).</summary>
    static string Forwarded(string assemblyPath, string typeName)
    {
        for (var hop = 0; hop < 4; hop++)
        {
            using var pe = new PEReader(File.OpenRead(assemblyPath));
            var metadata = pe.GetMetadataReader();
            if (!FindType(metadata, typeName).IsNil) return assemblyPath;
            var target = metadata.ExportedTypes
                .Select(metadata.GetExportedType)
                .Where(e => e.IsForwarder && ExportedName(metadata, e) == typeName && e.Implementation.Kind == HandleKind.AssemblyReference)
                .Select(e => metadata.GetString(metadata.GetAssemblyReference((AssemblyReferenceHandle)e.Implementation).Name))
                .FirstOrDefault();
            var next = target is null ? null : Path.Combine(Path.GetDirectoryName(assemblyPath)!, target + ".dll");
            if (next is null || !File.Exists(next)) return assemblyPath;
            assemblyPath = next;
        }
        return assemblyPath;
    }

    static string ExportedName(MetadataReader metadata, ExportedType exported)
    {
        var space = metadata.GetString(exported.Namespace);
        var name = metadata.GetString(exported.Name);
        return space.Length == 0 ? name : space + "." + name;
    }

    static string? FromPdb(string assemblyPath, string typeName)
    {
        using var pe = new PEReader(File.OpenRead(assemblyPath));
        if (!pe.HasMetadata) return null;
        var provider = OpenPdb(pe, assemblyPath);
        if (provider is null) return null;
        using (provider)
        {
            var pdb = provider.GetMetadataReader();
            var file = new PEFile(assemblyPath, PEStreamOptions.PrefetchMetadata);
            var metadata = file.Metadata;
            var type = FindType(metadata, typeName);
            if (type.IsNil) return null;
            var (document, lines) = LinesOf(file, pdb, type);
            if (document.IsNil) return null;
            var name = pdb.GetString(pdb.GetDocument(document).Name);
            if (EmbeddedText(pdb, document) is { } text) return Answer("embedded", file, text, lines, name, "");
            if (SourceLinkAddress(pdb, name) is { } address) return Answer("sourcelink", file, "", lines, name, address);
            return null;
        }
    }

    static MetadataReaderProvider? OpenPdb(PEReader pe, string assemblyPath)
    {
        foreach (var entry in pe.ReadDebugDirectory())
        {
            if (entry.Type == DebugDirectoryEntryType.EmbeddedPortablePdb) return pe.ReadEmbeddedPortablePdbDebugDirectoryData(entry);
        }
        // A PDB beside the assembly (a package's lib/ folder), read only, never one found elsewhere.
        return pe.TryOpenAssociatedPortablePdb(
            assemblyPath,
            path => File.Exists(path) && Path.GetDirectoryName(path) == Path.GetDirectoryName(assemblyPath) ? File.OpenRead(path) : null,
            out var found, out _) ? found : null;
    }

    static TypeDefinitionHandle FindType(MetadataReader metadata, string typeName)
    {
        foreach (var handle in metadata.TypeDefinitions)
        {
            if (FullName(metadata, handle) == typeName) return handle;
        }
        return default;
    }

    static string FullName(MetadataReader metadata, TypeDefinitionHandle handle)
    {
        var type = metadata.GetTypeDefinition(handle);
        var name = metadata.GetString(type.Name);
        var declaring = type.GetDeclaringType();
        if (!declaring.IsNil) return FullName(metadata, declaring) + "+" + name;
        var space = metadata.GetString(type.Namespace);
        return space.Length == 0 ? name : space + "." + name;
    }

    /// <summary>The document holding the type's first method body, and the line where each member's body
    /// starts in it (a property or event at its first accessor's), by documentation ID.</summary>
    static (DocumentHandle, Dictionary<string, int>) LinesOf(PEFile file, MetadataReader pdb, TypeDefinitionHandle type)
    {
        var metadata = file.Metadata;
        var definition = metadata.GetTypeDefinition(type);
        var byMethod = new Dictionary<MethodDefinitionHandle, int>();
        DocumentHandle document = default;
        foreach (var method in definition.GetMethods())
        {
            foreach (var point in pdb.GetMethodDebugInformation(method.ToDebugInformationHandle()).GetSequencePoints())
            {
                if (point.IsHidden) continue;
                if (document.IsNil) document = point.Document;
                if (point.Document == document) byMethod[method] = point.StartLine;
                break;
            }
        }
        var lines = byMethod.ToDictionary(pair => IdStringProvider.GetIdString(file, pair.Key), pair => pair.Value);
        foreach (var handle in definition.GetProperties())
        {
            var accessors = metadata.GetPropertyDefinition(handle).GetAccessors();
            if ((LineOf(byMethod, accessors.Getter) ?? LineOf(byMethod, accessors.Setter)) is { } line)
                lines[IdStringProvider.GetIdString(file, handle)] = line;
        }
        foreach (var handle in definition.GetEvents())
        {
            var accessors = metadata.GetEventDefinition(handle).GetAccessors();
            if ((LineOf(byMethod, accessors.Adder) ?? LineOf(byMethod, accessors.Remover)) is { } line)
                lines[IdStringProvider.GetIdString(file, handle)] = line;
        }
        return (document, lines);
    }

    static int? LineOf(Dictionary<MethodDefinitionHandle, int> lines, MethodDefinitionHandle method) =>
        !method.IsNil && lines.TryGetValue(method, out var line) ? line : null;

    static string? EmbeddedText(MetadataReader pdb, DocumentHandle document)
    {
        foreach (var handle in pdb.GetCustomDebugInformation(document))
        {
            var information = pdb.GetCustomDebugInformation(handle);
            if (pdb.GetGuid(information.Kind) != EmbeddedSourceKind) continue;
            var blob = pdb.GetBlobBytes(information.Value);
            var size = BitConverter.ToInt32(blob, 0);
            if (size == 0) return Decode(blob.AsSpan(4).ToArray());
            using var inflated = new DeflateStream(new MemoryStream(blob, 4, blob.Length - 4), CompressionMode.Decompress);
            var buffer = new MemoryStream(size);
            inflated.CopyTo(buffer);
            return Decode(buffer.ToArray());
        }
        return null;
    }

    static string Decode(byte[] bytes)
    {
        using var reader = new StreamReader(new MemoryStream(bytes), Encoding.UTF8, detectEncodingFromByteOrderMarks: true);
        return reader.ReadToEnd();
    }

    static string? SourceLinkAddress(MetadataReader pdb, string documentName)
    {
        foreach (var handle in pdb.GetCustomDebugInformation(EntityHandle.ModuleDefinition))
        {
            var information = pdb.GetCustomDebugInformation(handle);
            if (pdb.GetGuid(information.Kind) != SourceLinkKind) continue;
            using var json = JsonDocument.Parse(pdb.GetBlobBytes(information.Value));
            if (!json.RootElement.TryGetProperty("documents", out var documents)) return null;
            foreach (var rule in documents.EnumerateObject())
            {
                var pattern = rule.Name;
                var target = rule.Value.GetString() ?? "";
                if (pattern.EndsWith('*') && documentName.StartsWith(pattern[..^1], StringComparison.OrdinalIgnoreCase))
                    return target.Replace("*", documentName[(pattern.Length - 1)..].Replace('\\', '/'));
                if (string.Equals(pattern, documentName, StringComparison.OrdinalIgnoreCase)) return target;
            }
        }
        return null;
    }

    static string Answer(string route, PEFile file, string text, Dictionary<string, int> lines, string document, string address)
    {
        var assembly = file.Metadata.IsAssembly ? file.Metadata.GetAssemblyDefinition() : default;
        return JsonSerializer.Serialize(new Dictionary<string, object>
        {
            ["route"] = route,
            ["path"] = file.FileName,
            ["assembly"] = file.Metadata.IsAssembly ? file.Metadata.GetString(assembly.Name) : file.Name,
            ["version"] = file.Metadata.IsAssembly ? assembly.Version.ToString() : "",
            ["text"] = text,
            ["lines"] = lines,
            ["document"] = document,
            ["address"] = address,
        });
    }
}
