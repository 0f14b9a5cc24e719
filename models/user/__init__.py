"""The user's own firmware: any ELF, any function, priced as the binary runs (cli.py)."""
