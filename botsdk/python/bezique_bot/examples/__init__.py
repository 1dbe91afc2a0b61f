"""Example bots, each runnable as ``python3 -m bezique_bot.examples.NAME --server HOST:PORT
--table ID --seat N --token T``."""
