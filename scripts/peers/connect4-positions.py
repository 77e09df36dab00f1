#!/usr/bin/env python3
"""Connect-4 test positions from random games, one a line, the columns played (1-based).

    scripts/peers/connect4-positions.py SEED MIN_MOVES MAX_MOVES COUNT > positions.txt

Each game plays uniformly random moves among those that do not win (so no position is won
already) for a length drawn between MIN_MOVES and MAX_MOVES, and is kept when the side to move
cannot win with its next stone either (those positions are trivial). Distinct positions only.
Curio's test sets (crates/connect4/tests/data/) are seeds 1, 2 and 3: end game 28-40 moves (200),
middle game 14-27 (200), beginning 8-13 (30), each then scored by Pascal Pons's solver
(`c4solver < positions.txt`) and checked against Curio's.
"""
import random, sys
W, H = 7, 6
def wins(board, col, row, p):
    for dc, dr in ((1,0),(0,1),(1,1),(1,-1)):
        n = 1
        for s in (1,-1):
            c, r = col + s*dc, row + s*dr
            while 0 <= c < W and 0 <= r < H and board[c][r] == p:
                n += 1; c += s*dc; r += s*dr
        if n >= 4: return True
    return False
def game(rng, length):
    board = [[0]*H for _ in range(W)]
    heights = [0]*W; seq = ''
    for m in range(length):
        p = 1 + m % 2
        options = [c for c in range(W) if heights[c] < H and not wins(board, c, heights[c], p)]
        if not options: return None
        c = rng.choice(options)
        board[c][heights[c]] = p; heights[c] += 1; seq += str(c+1)
    # the side to move must not be able to win at once either
    p = 1 + length % 2
    if any(heights[c] < H and wins(board, c, heights[c], p) for c in range(W)): return None
    return seq
rng = random.Random(int(sys.argv[1])); lo, hi, count = map(int, sys.argv[2:5])
seen = set()
while len(seen) < count:
    s = game(rng, rng.randint(lo, hi))
    if s and s not in seen:
        seen.add(s); print(s)
