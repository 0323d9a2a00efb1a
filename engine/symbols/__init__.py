"""Naming and describing symbols: a symbol by name, documentation ID or position (with did-you-mean),
what every list shows of one (summaries), every declaration of a solution, and name matching."""
