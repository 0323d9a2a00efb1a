"""Modal screens: symbol search and help."""
