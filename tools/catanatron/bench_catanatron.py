"""Catanatron's own engine, timed the way `tools/compare-catanatron.ts` times ours.

Plays GAMES random 4-player games of Catanatron (https://github.com/bcollazo/catanatron, installed from
PyPI: `pip install catanatron`), seeds 0..GAMES-1, each to its end or Catanatron's own turn limit (as `Game.play` does), and prints
one JSON line: decisions (every `play_tick`, i.e. every action a player chose, rolls included), seconds
and decisions per second. Used by tools/compare-catanatron.ts, which runs it and Merlin's engine in turn.

    python tools/catanatron/bench_catanatron.py 200
"""

import json
import sys
import time

from catanatron import Color, Game, RandomPlayer
from catanatron.game import TURNS_LIMIT


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        game = Game([RandomPlayer(c) for c in colors], seed=seed)
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
            game.play_tick()
            decisions += 1
    seconds = time.perf_counter() - t0
    print(json.dumps({"engine": "catanatron", "games": games, "decisions": decisions, "seconds": seconds, "decisions_per_sec": decisions / seconds}))


if __name__ == "__main__":
    main()
