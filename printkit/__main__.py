"""python -m printkit: the same as the printkit command."""

from .cli import main

main()
