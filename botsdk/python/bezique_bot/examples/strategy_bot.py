"""strategy_bot plays a seat with the SDK's simple greedy strategy (bezique_bot.strategy)."""

import sys

from bezique_bot.examples._cli import main
from bezique_bot.strategy import strategy_bot

if __name__ == "__main__":
    sys.exit(main("strategy_bot", lambda _seed: strategy_bot))
