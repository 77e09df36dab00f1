#!/usr/bin/env python3
"""Time the official 2011 AI Challenge engine re-simulating a replay's orders.

    ants-engine-bench.py AICHALLENGE_CHECKOUT REPLAY ROUNDS

Loads the official `ants.py` from the checkout and plays the replay's game again as the
official `engine.py` runs one, without bot processes (its shuffle of the living bots each turn
included, which draws from the game's generator): each turn every living player's state
is rendered (what would be sent to its bot), the recorded orders are given as order lines, and
crashed or timed-out players are put out on their turn. The food comes from the official
engine's own generator with the replay's engine seed (the same draws as the original game), and
the outcome is checked against the replay. Prints one JSON line: the turns, each round's
seconds, and the median.
"""
import json
import random
import statistics
import sys
import time

checkout, replay_path, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, checkout + "/ants")
from ants import Ants  # noqa: E402

result = json.load(open(replay_path))
data = result.get("replaydata", result)
rows, cols = data["map"]["rows"], data["map"]["cols"]
grid = [["%" if ch == "%" else "." for ch in line] for line in data["map"]["data"]]
for row, col, owner, _ in data["hills"]:
    grid[row][col] = str(owner)
map_text = "rows %d\ncols %d\nplayers %d\n" % (rows, cols, data["players"])
map_text += "".join("m " + "".join(line) + "\n" for line in grid)

AIM = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
orders = {}
for row, col, spawn, _, owner, moves in data["ants"]:
    for step, move in enumerate(moves):
        turn = spawn + step + 1
        if move != "-":
            orders.setdefault(turn, {}).setdefault(owner, []).append("o %d %d %s" % (row, col, move))
            row, col = (row + AIM[move][0]) % rows, (col + AIM[move][1]) % cols
crashes = {}
for player, (status, turn) in enumerate(zip(result.get("status", []), result.get("playerturns", []))):
    if status.startswith("crashed") or status.startswith("timeout"):
        crashes.setdefault(turn, []).append(player)

options = {
    "map": map_text, "turns": data["turns"], "loadtime": data["loadtime"], "turntime": data["turntime"],
    "viewradius2": data["viewradius2"], "attackradius2": data["attackradius2"],
    "spawnradius2": data["spawnradius2"], "engine_seed": data["engine_seed"],
    "player_seed": data["player_seed"], "food": "symmetric",
}


def play():
    game = Ants(dict(options))
    for player in crashes.get(0, []):
        game.kill_player(player)
    game.start_game()
    for player in range(game.num_players):
        if game.is_alive(player):
            game.get_player_start(player)
    # engine.py shuffles the living bots each turn with the game's own generator.
    random.shuffle([p for p in range(game.num_players) if game.is_alive(p)])
    turn = 0
    for turn in range(1, game.turns + 1):
        for player in range(game.num_players):
            if game.is_alive(player):
                game.get_player_state(player)
        game.start_turn()
        random.shuffle([p for p in range(game.num_players) if game.is_alive(p)])
        for player in crashes.get(turn, []):
            game.kill_player(player)
        if not game.game_over():
            for player in range(game.num_players):
                if game.is_alive(player):
                    game.do_moves(player, orders.get(turn, {}).get(player, []))
        game.finish_turn()
        if game.game_over():
            break
    game.finish_game()
    return game, turn


seconds = []
for _ in range(rounds):
    start = time.perf_counter()
    game, turns = play()
    seconds.append(time.perf_counter() - start)
replayed = game.get_replay()
if "--debug" in sys.argv[4:]:
    print(replayed["scores"], data["scores"], replayed["food"][:5], data["food"][:5], file=sys.stderr)
if replayed["scores"] != data["scores"] or [a[:5] for a in replayed["ants"]] != [a[:5] for a in data["ants"]]:
    sys.exit("the official engine did not reproduce the replay (was it played with its default food?)")
print(json.dumps({"turns": turns, "seconds": seconds, "median_seconds": statistics.median(seconds)}))
