"""Building a kit: the artefacts a game declares, drawn or taken from the cache, written into one whole folder."""
