"""Work done ahead of the first queries: the compiler warmed while MSBuild evaluates, compilations in
the order a user needs them, Roslyn's syntax indexes, and the rest of the background warm-up."""
