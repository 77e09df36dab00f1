#!/usr/bin/env python3
"""Run a Python bot for the 2011 AI Challenge with Python's `random` seeded.

The official sample bots draw from `random` without seeding it, so two runs of the same game
differ. Seeded, a bot answers the same input with the same orders, which is what lets Curio's
engine replay an official game exactly with the same bots.

    ants-seeded-bot.py SEED BOT.py [--fix-python3]

RandomBot shuffles `AIM.keys()`, which Python 3 cannot do in place, so it crashes on its first
turn (the official games of tests/fixtures/ants keep that crash). With --fix-python3 the sample
bots' `AIM` is replaced by a dict whose keys come as a list, the one fix they need to run under
Python 3.
"""
import os
import random
import runpy
import sys

seed, path = int(sys.argv[1]), sys.argv[2]
fix = "--fix-python3" in sys.argv[3:]
random.seed(seed)
sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
sys.argv = [path]


class ListKeys(dict):
    def keys(self):
        return list(super().keys())


if fix:
    import ants  # noqa: E402  (the sample bots' own module, beside them)

    ants.AIM = ListKeys(ants.AIM)
runpy.run_path(path, run_name="__main__")
