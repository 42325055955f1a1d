"""`python -m kg` runs the command line."""
from .cli import cli

cli()
