"""`python -m judge` is the `judge` command."""

from .cli import main

main()
