"""Reads a PGN file with python-chess and prints every game as one JSON line: its tags,
its main line in SAN, the [%clk] of every move (seconds, or null), the result tag, the
comments (before the first move, then after each move) and python-chess's own errors.
tests/hall_lichess.rs compares these with the hall's replay of the same games."""

import json
import sys

import chess.pgn

with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        moves, clocks, comments = [], [], [game.comment]
        for node in game.mainline():
            moves.append(node.san())
            clocks.append(node.clock())
            comments.append(node.comment)
        print(json.dumps({
            "tags": dict(game.headers),
            "moves": moves,
            "clocks": clocks,
            "result": game.headers.get("Result"),
            "comments": comments,
            "errors": [str(e) for e in game.errors],
            "variations": sum(len(n.variations) - 1 for n in game.mainline() if n.variations),
        }))
