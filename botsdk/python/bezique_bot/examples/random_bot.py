"""random_bot plays a seat by choosing uniformly among the legal actions."""

import sys

from bezique_bot.examples._cli import main
from bezique_bot.strategy import random_bot

if __name__ == "__main__":
    sys.exit(main("random_bot", random_bot))
