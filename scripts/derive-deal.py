#!/usr/bin/env python3
"""Re-derive a bezique deal from its seed, independently of the referee (docs/DEALING.md).

Usage: derive-deal.py SEED DEAL [CARDS]
  SEED      the seed a game record reveals: 64 hex digits, or the base64 of the record's JSON
            "seed" field (protojson writes bytes in base64)
  DEAL      the deal number, from 1 (0 is the cut for the first dealer)
  CARDS     deck size: 64 (two-handed), 96 (three-handed) or 128 (four-handed); default 64
Prints the SHA-256 commitment, the first dealer for 2, 3 and 4 players, and the shuffled deck
from the top, in the card text form (rank, suit, copy letter: QSa, THb, 7Cc).
"""
import base64
import hashlib
import sys

RANKS = "789JQKTA"
SUITS = "SHDC"


def stream(seed: bytes, deal: int):
    block = 0
    while True:
        digest = hashlib.sha256(b"bezique/v1" + seed + deal.to_bytes(4, "big") + block.to_bytes(8, "big")).digest()
        for i in range(4):
            yield int.from_bytes(digest[8 * i:8 * i + 8], "big")
        block += 1


def uniform(words, m: int) -> int:
    limit = ((2**64 - 1) // m) * m
    while True:
        v = next(words)
        if v < limit:
            return v % m


def card_text(card: int) -> str:
    face, copy = card % 32, card // 32
    return RANKS[face % 8] + SUITS[face // 8] + "abcd"[copy]


def main() -> None:
    try:
        seed = bytes.fromhex(sys.argv[1])
    except ValueError:
        seed = base64.b64decode(sys.argv[1], validate=True)
    deal = int(sys.argv[2])
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    assert len(seed) == 32, "a seed is 32 bytes (64 hex digits)"
    print("commitment", hashlib.sha256(seed).hexdigest())
    for players in (2, 3, 4):
        print(f"first dealer ({players} players)", uniform(stream(seed, 0), players))
    deck = list(range(n))
    words = stream(seed, deal)
    for i in range(n - 1, 0, -1):
        j = uniform(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    print("deck", " ".join(card_text(c) for c in deck))


if __name__ == "__main__":
    main()
