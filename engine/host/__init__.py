"""Hosting .NET: find dotnet, the SDK and its Roslyn; start CoreCLR; wait on tasks with timeouts and
cancellation; build the C# helpers; start child processes; keep the process's memory in check."""
