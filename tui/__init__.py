"""roslyn-tui: a terminal explorer for C# solutions, over the shared Roslyn engine."""
