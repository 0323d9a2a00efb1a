"""MCP prompts: short starting points that show an assistant which tools fit a task."""

from mcp.server.mcpserver import MCPServer


def register(server: MCPServer) -> None:
    """Add the prompts to ``server``."""

    @server.prompt(title="Get to know this C# solution")
    def quick_start() -> str:
        """Find your way around the loaded solution and try the REPL."""
        return (
            "Get to know the loaded C# solution. Call project_structure for the projects and their references, "
            "list_namespaces for the main areas, and find_symbols for the types named in my question; read them with "
            "symbol_info and get_source. Then check one assumption by running code: evaluate_csharp with "
            "reference_solution=true can construct the solution's own types. Summarize what you learned in a few "
            "bullet points, naming files as path:line."
        )

    @server.prompt(title="Fix compile errors")
    def fix_compile_errors(file: str = "") -> str:
        """Find and fix the compiler errors of the solution (or of one file)."""
        scope = f"in {file}" if file else "in the solution"
        return (
            f"Fix the compile errors {scope}. Call diagnostics (severity error) to list them. For each, read the code "
            "around it (get_source), then ask code_actions at its position for Roslyn's fixes; preview the best with "
            "apply_code_action and apply it when the diff is right. Where no fix is offered, check your change with "
            "validate_csharp or evaluate_csharp before editing. Finish by calling diagnostics again: it should list none."
        )

    @server.prompt(title="Try a NuGet package")
    def try_package(package_id: str, task: str = "") -> str:
        """Look at a NuGet package and try it in the REPL."""
        goal = f" to {task}" if task else ""
        return (
            f"Try the NuGet package {package_id}{goal}. Read nuget_readme for its README and nuget_versions for the "
            f'newest stable version. Load it with load_nuget_package (or #r "nuget: {package_id}, VERSION" in the code), '
            "look up the types you need with get_documentation (package_id set), then write a small example with "
            "evaluate_csharp and show its output. Say which version you used."
        )

    @server.prompt(title="Write a small C# program")
    def write_csharp_app(task: str, path: str = "tools/app.cs") -> str:
        """Try code in the REPL, then hand over one runnable file (a .NET 10 file-based app)."""
        return (
            f"Write a small C# program that will {task}. Work it out in the REPL first: evaluate_csharp a step at a "
            "time in one context (packages with #:package Id@Version or load_nuget_package), reading each result "
            f"before the next. When it works, export_app the context to {path}: it writes one file with its "
            "#:package lines and checks it with dotnet build; fix what it reports (by submission and line). Then "
            f"run_app {path} and compare its output with the REPL's. Give the user the file and the command "
            f"'dotnet run {path}'."
        )

    @server.prompt(title="Review my change")
    def review_my_change(base: str = "HEAD") -> str:
        """Check a change by its symbols: what it changed, what it breaks, and the tests it reaches."""
        return (
            f"Review the change since {base} (the working tree included). Call review_changes with base={base!r}: "
            "read the public API breaks first and decide for each whether it is intended; for every changed signature "
            "look at the places it left as they were (the not-updated call sites, overrides and implementations) and "
            "update them, or say why not. Fix the errors it lists as new (diagnostics, code_actions). Read the body "
            "changes of the members it names with get_source. Then run_tests with changed_since="
            f"{base!r} and read each failure's expected and actual values and source line. Finish with a short "
            "review: what changed by project, what breaks for whom, what the tests say, and what is left to do."
        )
