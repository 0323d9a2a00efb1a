using System.Collections.Immutable;
using System.Text.Json.Nodes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace RoslynTuiNative;

/// <summary>Projects as MSBuild evaluated them, written down and made again without MSBuild (see
/// engine/project_cache): each C# project's options, documents, references, analyzers and outputs as
/// JSON, and from that JSON the same <see cref="ProjectInfo"/>s in a workspace. References and analyzers
/// go through the workspace's own metadata cache and analyzer loader, as MSBuildWorkspace's do, so a
/// project made here compiles, runs its generators and analyzes as the evaluated one.</summary>
public static class ProjectCache
{
    /// <summary>Every project of <paramref name="solution"/> as a JSON array; null when one of them cannot be
    /// written down (not C#, a reference that is not a file).</summary>
    public static string? Describe(Solution solution)
    {
        var projects = new JsonArray();
        foreach (var project in solution.Projects)
        {
            var record = Record(project);
            if (record is null) return null;
            projects.Add(record);
        }
        return projects.ToJsonString();
    }

    /// <summary>A solution of <paramref name="workspace"/> at <paramref name="solutionPath"/> holding the projects
    /// of <paramref name="records"/> (from <see cref="Describe"/>), under new ids; the workspace itself is left
    /// as it is (its CurrentSolution stays empty, as MSBuildWorkspace's own would be before an open).</summary>
    public static Solution Build(Workspace workspace, string records, string? solutionPath)
    {
        var projects = Parse(records);
        var ids = projects.ToDictionary(Key, record => ProjectId.CreateNewId(Text(record, "name")));
        var infos = projects.Select(record => Info(workspace, record, ids[Key(record)], ids)).ToList();
        var info = SolutionInfo.Create(SolutionId.CreateNewId(solutionPath), VersionStamp.Create(), solutionPath);
        // Workspace.CreateSolution(SolutionInfo) is protected: the one way to a solution with a file path
        // that the workspace does not hold. It takes the info's attributes only; the projects follow.
        var create = typeof(Workspace).GetMethod("CreateSolution", RoslynInternals.Any, [typeof(SolutionInfo)]);
        var solution = create?.Invoke(workspace, [info]) as Solution ?? workspace.CurrentSolution;
        foreach (var project in infos)
            solution = solution.AddProject(project);
        return solution;
    }

    /// <summary><paramref name="solution"/> brought to <paramref name="records"/>: a project whose record
    /// differs is updated in place (its id, and so every reference to it, kept; only what changed is
    /// replaced), a project new in the records added, one no longer in them removed. Projects that did not
    /// change are the same objects, with the compilations already made.</summary>
    public static Solution Update(Workspace workspace, Solution solution, string records)
    {
        var projects = Parse(records);
        var current = solution.Projects.ToDictionary(Key, project => project.Id);
        var ids = projects.ToDictionary(Key, record => current.GetValueOrDefault(Key(record)) ?? ProjectId.CreateNewId(Text(record, "name")));
        var wanted = ids.Values.ToHashSet();
        foreach (var gone in solution.ProjectIds.Where(id => !wanted.Contains(id)).ToList())
            solution = solution.RemoveProject(gone);
        foreach (var record in projects)
        {
            var id = ids[Key(record)];
            var info = Info(workspace, record, id, ids);
            var existing = solution.GetProject(id);
            if (existing is null)
                solution = solution.AddProject(info);
            else if (!JsonNode.DeepEquals(Record(existing), record))
                solution = Replaced(solution, existing, info, (string?)record["default_namespace"]);
        }
        return solution;
    }

    static List<JsonObject> Parse(string records) =>
        JsonNode.Parse(records)!.AsArray().Select(node => node!.AsObject()).ToList();

    static string Key(Project project) => $"{project.FilePath}|{project.Name}";

    static string Key(JsonObject record) => $"{Text(record, "path")}|{Text(record, "name")}";

    static string Text(JsonObject record, string name) => (string?)record[name] ?? "";

    // -- writing down -------------------------------------------------------------------------------

    static JsonObject? Record(Project project)
    {
        if (project.Language != LanguageNames.CSharp
            || project.CompilationOptions is not CSharpCompilationOptions options
            || project.ParseOptions is not CSharpParseOptions parsing)
            return null;
        var references = new JsonArray();
        foreach (var reference in project.MetadataReferences)
        {
            if (reference is not PortableExecutableReference { FilePath: { } path } file) return null;
            references.Add(new JsonArray(path, file.Properties.Kind.ToString(), Strings(file.Properties.Aliases), file.Properties.EmbedInteropTypes));
        }
        var analyzers = new JsonArray();
        foreach (var analyzer in project.AnalyzerReferences)
        {
            if (analyzer.FullPath is null) return null;
            analyzers.Add(analyzer.FullPath);
        }
        var solution = project.Solution;
        var projectReferences = new JsonArray();
        foreach (var reference in project.AllProjectReferences)
        {
            if (solution.GetProject(reference.ProjectId) is not { } referenced) continue;
            projectReferences.Add(new JsonArray(Key(referenced), Strings(reference.Aliases), reference.EmbedInteropTypes));
        }
        return new JsonObject
        {
            ["name"] = project.Name,
            ["path"] = project.FilePath,
            ["assembly"] = project.AssemblyName,
            ["output"] = project.OutputFilePath,
            ["output_ref"] = project.OutputRefFilePath,
            ["compilation_output"] = project.CompilationOutputInfo.AssemblyPath,
            ["generated_output"] = project.CompilationOutputInfo.GeneratedFilesOutputDirectory,
            ["default_namespace"] = project.DefaultNamespace,
            ["options"] = Options(options),
            ["parse"] = Parsing(parsing),
            ["documents"] = Documents(project.Documents),
            ["additional"] = Documents(project.AdditionalDocuments),
            ["analyzer_config"] = Documents(project.AnalyzerConfigDocuments),
            ["references"] = references,
            ["projects"] = projectReferences,
            ["analyzers"] = analyzers,
        };
    }

    // Every option csc takes from the command line. The resolvers are not written: they are the
    // workspace's, made again on the way back (the metadata resolver only serves #r in scripts).
    static JsonObject Options(CSharpCompilationOptions options) => new()
    {
        ["output_kind"] = options.OutputKind.ToString(),
        ["module_name"] = options.ModuleName,
        ["main_type"] = options.MainTypeName,
        ["script_class"] = options.ScriptClassName,
        ["usings"] = Strings(options.Usings),
        ["optimization"] = options.OptimizationLevel.ToString(),
        ["checked"] = options.CheckOverflow,
        ["unsafe"] = options.AllowUnsafe,
        ["key_container"] = options.CryptoKeyContainer,
        ["key_file"] = options.CryptoKeyFile,
        ["public_key"] = Convert.ToBase64String(options.CryptoPublicKey.ToArray()),
        ["delay_sign"] = options.DelaySign,
        ["platform"] = options.Platform.ToString(),
        ["general_diagnostic"] = options.GeneralDiagnosticOption.ToString(),
        ["warning_level"] = options.WarningLevel,
        ["specific_diagnostics"] = new JsonObject(options.SpecificDiagnosticOptions
            .OrderBy(pair => pair.Key, StringComparer.Ordinal)
            .Select(pair => KeyValuePair.Create(pair.Key, (JsonNode?)pair.Value.ToString()))),
        ["concurrent"] = options.ConcurrentBuild,
        ["deterministic"] = options.Deterministic,
        ["public_sign"] = options.PublicSign,
        ["metadata_import"] = options.MetadataImportOptions.ToString(),
        ["nullable"] = options.NullableContextOptions.ToString(),
        ["report_suppressed"] = options.ReportSuppressedDiagnostics,
        ["resolvers"] = new JsonArray(
            options.XmlReferenceResolver?.GetType().Name,
            options.SourceReferenceResolver?.GetType().Name,
            options.AssemblyIdentityComparer.GetType().Name,
            options.StrongNameProvider?.GetType().Name),
    };

    static JsonObject Parsing(CSharpParseOptions parsing) => new()
    {
        ["language_version"] = parsing.SpecifiedLanguageVersion.ToString(),
        ["documentation"] = parsing.DocumentationMode.ToString(),
        ["kind"] = parsing.Kind.ToString(),
        ["symbols"] = Strings(parsing.PreprocessorSymbolNames),
        ["features"] = new JsonObject(parsing.Features
            .OrderBy(pair => pair.Key, StringComparer.Ordinal)
            .Select(pair => KeyValuePair.Create(pair.Key, (JsonNode?)pair.Value))),
    };

    static JsonArray Documents(IEnumerable<TextDocument> documents) => new(documents
        .Select(document => (JsonNode?)new JsonArray(
            document.Name,
            document.FilePath,
            Strings(document.Folders),
            document is Document { SourceCodeKind: SourceCodeKind.Script },
            IsGenerated(document)))
        .ToArray());

    // Not public on a document: MSBuildWorkspace marks the files under obj/ as generated.
    static bool IsGenerated(TextDocument document) =>
        RoslynInternals.Member(document, "State") is { } state
        && RoslynInternals.Member(state, "Attributes") is { } attributes
        && RoslynInternals.Member(attributes, "IsGenerated") is true;

    static JsonArray Strings(IEnumerable<string> values) => new(values.Select(value => (JsonNode?)value).ToArray());

    // -- making again -------------------------------------------------------------------------------

    static ProjectInfo Info(Workspace workspace, JsonObject record, ProjectId id, Dictionary<string, ProjectId> ids)
    {
        var directory = Path.GetDirectoryName(Text(record, "path")) ?? "";
        var metadata = RoslynInternals.WorkspaceService(workspace, "Microsoft.CodeAnalysis.Host.IMetadataService", "GetReference");
        var loader = RoslynInternals.WorkspaceService(workspace, "Microsoft.CodeAnalysis.Host.IAnalyzerService", "GetLoader")?.Invoke([])
            as IAnalyzerAssemblyLoader ?? throw new InvalidOperationException("this Roslyn has no analyzer loader service");
        var references = record["references"]!.AsArray().Select(node =>
        {
            var item = node!.AsArray();
            var path = (string)item[0]!;
            var properties = new MetadataReferenceProperties(
                Enum.Parse<MetadataImageKind>((string)item[1]!), Strings(item[2]!), (bool)item[3]!);
            return metadata?.Invoke([path, properties]) as MetadataReference ?? MetadataReference.CreateFromFile(path, properties);
        }).ToList();
        var projectReferences = record["projects"]!.AsArray()
            .Select(node => node!.AsArray())
            .Where(item => ids.ContainsKey((string)item[0]!))
            .Select(item => new ProjectReference(ids[(string)item[0]!], Strings(item[1]!), (bool)item[2]!))
            .ToList();
        var analyzers = record["analyzers"]!.AsArray()
            .Select(node => (AnalyzerReference)new AnalyzerFileReference((string)node!, loader))
            .ToList();
        return ProjectInfo.Create(
                id,
                VersionStamp.Create(),
                Text(record, "name"),
                Text(record, "assembly"),
                LanguageNames.CSharp,
                filePath: (string?)record["path"],
                outputFilePath: (string?)record["output"],
                compilationOptions: CompilationOptions(
                    record["options"]!.AsObject(), directory, KeyFileSearchPaths(directory, record)),
                parseOptions: ParseOptions(record["parse"]!.AsObject()),
                documents: Documents(id, record["documents"]!.AsArray()),
                projectReferences: projectReferences,
                metadataReferences: references,
                analyzerReferences: analyzers,
                additionalDocuments: Documents(id, record["additional"]!.AsArray()),
                outputRefFilePath: (string?)record["output_ref"])
            .WithCompilationOutputInfo(default(CompilationOutputInfo)
                .WithAssemblyPath((string?)record["compilation_output"])
                .WithGeneratedFilesOutputDirectory((string?)record["generated_output"]))
            .WithDefaultNamespace((string?)record["default_namespace"])
            .WithAnalyzerConfigDocuments(Documents(id, record["analyzer_config"]!.AsArray()));
    }

    /// <summary>Where a relative key file (<c>AssemblyOriginatorKeyFile</c>) is looked for, as the compiler's
    /// command line an MSBuild load makes says: the project's directory, then the compilation's output
    /// directory. Without them a signed project's relative key is "not found" (CS7027).</summary>
    static string[] KeyFileSearchPaths(string directory, JsonObject record) =>
        Path.GetDirectoryName((string?)record["compilation_output"] ?? "") is { Length: > 0 } output
            ? [directory, output]
            : [directory];

    static CSharpCompilationOptions CompilationOptions(JsonObject options, string directory, string[] keySearch) => new(
        Enum.Parse<OutputKind>((string)options["output_kind"]!),
        reportSuppressedDiagnostics: (bool)options["report_suppressed"]!,
        moduleName: (string?)options["module_name"],
        mainTypeName: (string?)options["main_type"],
        scriptClassName: (string?)options["script_class"],
        usings: Strings(options["usings"]!),
        optimizationLevel: Enum.Parse<OptimizationLevel>((string)options["optimization"]!),
        checkOverflow: (bool)options["checked"]!,
        allowUnsafe: (bool)options["unsafe"]!,
        cryptoKeyContainer: (string?)options["key_container"],
        cryptoKeyFile: (string?)options["key_file"],
        cryptoPublicKey: [.. Convert.FromBase64String((string)options["public_key"]!)],
        delaySign: (bool?)options["delay_sign"],
        platform: Enum.Parse<Platform>((string)options["platform"]!),
        generalDiagnosticOption: Enum.Parse<ReportDiagnostic>((string)options["general_diagnostic"]!),
        warningLevel: (int)options["warning_level"]!,
        specificDiagnosticOptions: options["specific_diagnostics"]!.AsObject()
            .Select(pair => KeyValuePair.Create(pair.Key, Enum.Parse<ReportDiagnostic>((string)pair.Value!))),
        concurrentBuild: (bool)options["concurrent"]!,
        deterministic: (bool)options["deterministic"]!,
        xmlReferenceResolver: new XmlFileResolver(directory),
        sourceReferenceResolver: new SourceFileResolver([], directory),
        metadataReferenceResolver: null,
        assemblyIdentityComparer: DesktopAssemblyIdentityComparer.Default,
        strongNameProvider: new DesktopStrongNameProvider([.. keySearch]),
        publicSign: (bool)options["public_sign"]!,
        metadataImportOptions: Enum.Parse<MetadataImportOptions>((string)options["metadata_import"]!),
        nullableContextOptions: Enum.Parse<NullableContextOptions>((string)options["nullable"]!));

    static CSharpParseOptions ParseOptions(JsonObject parsing) => new CSharpParseOptions(
            Enum.Parse<LanguageVersion>((string)parsing["language_version"]!),
            Enum.Parse<DocumentationMode>((string)parsing["documentation"]!),
            Enum.Parse<SourceCodeKind>((string)parsing["kind"]!),
            Strings(parsing["symbols"]!))
        .WithFeatures(parsing["features"]!.AsObject().Select(pair => KeyValuePair.Create(pair.Key, (string)pair.Value!)));

    static List<DocumentInfo> Documents(ProjectId project, JsonArray documents) => documents
        .Select(node =>
        {
            var item = node!.AsArray();
            var path = (string?)item[1];
            return DocumentInfo.Create(
                DocumentId.CreateNewId(project, path),
                (string)item[0]!,
                Strings(item[2]!),
                (bool)item[3]! ? SourceCodeKind.Script : SourceCodeKind.Regular,
                path is null ? null : new FileTextLoader(path, defaultEncoding: null),
                path,
                isGenerated: (bool)item[4]!);
        })
        .ToList();

    static ImmutableArray<string> Strings(JsonNode node) => [.. node.AsArray().Select(value => (string)value!)];

    static Solution Replaced(Solution solution, Project existing, ProjectInfo info, string? defaultNamespace)
    {
        var id = existing.Id;
        solution = solution
            .WithProjectAssemblyName(id, info.AssemblyName)
            .WithProjectOutputFilePath(id, info.OutputFilePath)
            .WithProjectOutputRefFilePath(id, info.OutputRefFilePath)
            .WithProjectCompilationOutputInfo(id, info.CompilationOutputInfo)
            .WithProjectDefaultNamespace(id, defaultNamespace)
            .WithProjectCompilationOptions(id, info.CompilationOptions!)
            .WithProjectParseOptions(id, info.ParseOptions!)
            .WithProjectMetadataReferences(id, info.MetadataReferences)
            .WithProjectAnalyzerReferences(id, info.AnalyzerReferences)
            .WithProjectReferences(id, info.ProjectReferences);
        solution = Documents(solution, existing.Documents, info.Documents, (s, d) => s.AddDocument(d), (s, d) => s.RemoveDocument(d));
        solution = Documents(solution, existing.AdditionalDocuments, info.AdditionalDocuments,
            (s, d) => s.AddAdditionalDocument(d), (s, d) => s.RemoveAdditionalDocument(d));
        return Documents(solution, existing.AnalyzerConfigDocuments, info.AnalyzerConfigDocuments,
            (s, d) => s.AddAnalyzerConfigDocuments([d]), (s, d) => s.RemoveAnalyzerConfigDocument(d));
    }

    /// <summary>The documents of one kind brought to <paramref name="wanted"/>: those whose path, name and
    /// folders are unchanged stay (with their text and trees), the others are removed or added.</summary>
    static Solution Documents(Solution solution, IEnumerable<TextDocument> existing, IReadOnlyList<DocumentInfo> wanted,
        Func<Solution, DocumentInfo, Solution> add, Func<Solution, DocumentId, Solution> remove)
    {
        static string Shape(string? path, string name, IEnumerable<string> folders) =>
            $"{path}|{name}|{string.Join('/', folders)}";
        var kept = existing.ToDictionary(document => Shape(document.FilePath, document.Name, document.Folders), document => document.Id);
        var wantedShapes = wanted.Select(info => Shape(info.FilePath, info.Name, info.Folders)).ToHashSet();
        foreach (var (shape, id) in kept)
            if (!wantedShapes.Contains(shape)) solution = remove(solution, id);
        foreach (var info in wanted)
            if (!kept.ContainsKey(Shape(info.FilePath, info.Name, info.Folders))) solution = add(solution, info);
        return solution;
    }
}
