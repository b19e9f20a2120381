"""The games printkit ships, each a plug-in registered through the printkit.games entry points."""
