"""printkit: print-ready PDF kits and a referee calculator for tabletop games."""

__version__ = "0.1.0"

__all__ = ["__version__", "build_kit", "load_session"]


def __getattr__(name: str) -> object:
    # Keep `import printkit` cheap: the CLI's start-up time depends on it.
    if name == "build_kit":
        from .kit import build_kit

        return build_kit
    if name == "load_session":
        from .config import load_session

        return load_session
    raise AttributeError(name)
