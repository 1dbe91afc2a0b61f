#!/usr/bin/env python3
"""Re-derive a bezique deal from its seed, independently of the referee (docs/DEALING.md).

Usage: derive-deal.py [--salt SALT] SEED DEAL [CARDS]
       derive-deal.py --record FILE [DEAL]
  SEED      the seed a game record reveals: 64 hex digits, or the base64 of the record's JSON
            "seed" field (protojson writes bytes in base64), or a decimal number below 2^64 as
            "--seed 7" takes it (the seed whose last 8 bytes are the number, big-endian, the
            others zero)
  DEAL      the deal number, from 1 (0 is the cut for the first dealer); default 1 with --record
  CARDS     deck size: 64 (two-handed), 96 (three-handed), 63 (three-handed with deck=63: two
            packs without 8Cb, RULES.md §8.17), 128 (four-handed, Rubicon) or 192 (six-pack);
            default 64
  --salt    the salt the record reveals with the seed ("seedSalt"), hex or base64; the commitment
            is then SHA-256(salt || seed), else SHA-256(seed) (records made before salts)
  --record  a GameRecord in protojson (GetRecord, "bezique records export"): takes the seed, the
            salt and the deck size from it and checks its "seedCommitment"; exits 1 on a mismatch.
            A record whose first deal was stacked ("stackedDeal") is said so: deal 1 is the
            record's cards, deals 2 on the seed's
Prints the commitment, the first dealer for 2, 3 and 4 players, and the shuffled deck from the
top, in the card text form (rank, suit, copy letter: QSa, THb, 7Cc).
"""
import base64
import binascii
import hashlib
import json
import sys

RANKS = "789JQKTA"
SUITS = "SHDC"
CARDS = {"VARIANT_TWO_HANDED": 64, "VARIANT_THREE_HANDED": 96, "VARIANT_FOUR_HANDED": 128,
         "VARIANT_FOUR_HANDED_INDIVIDUAL": 128, "VARIANT_RUBICON": 128, "VARIANT_SIX_PACK": 192}


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
    return RANKS[face % 8] + SUITS[face // 8] + "abcdef"[copy]


def decode_seed(text: str) -> bytes:
    """A seed written as decode reads it, or as a decimal number below 2^64 ("--seed 7")."""
    if text.isdigit() and len(text) < 64:
        return int(text).to_bytes(32, "big") if int(text) < 1 << 64 else b""
    return decode(text)


def decode(text: str) -> bytes:
    """Bytes written as hex digits or, as protojson writes them, base64."""
    try:
        return bytes.fromhex(text)
    except ValueError:
        return base64.b64decode(text, validate=True)


def commitment(seed: bytes, salt: bytes) -> str:
    """SHA-256(salt || seed) in lowercase hex; SHA-256(seed) when the salt is empty."""
    return hashlib.sha256(salt + seed).hexdigest()


def main() -> None:
    args = sys.argv[1:]
    salt, record = b"", None
    while args and (args[0].startswith("--") or args[0] == "-h"):
        flag = args.pop(0)
        if flag == "--salt":
            salt = decode(args.pop(0))
        elif flag == "--record":
            with open(args.pop(0)) as f:
                record = json.load(f)
        elif flag in ("--help", "-h"):  # the usage, exit status 0 (it said "unknown flag --help")
            print(__doc__)
            return
        else:
            sys.exit(f"derive-deal: unknown flag {flag}\n{__doc__}")
    if record is not None:
        seed = decode(record.get("seed", ""))
        salt = decode(record.get("seedSalt", ""))
        deal = int(args[0]) if args else 1
        n = int(record["rules"].get("effectiveOptions", {}).get("deck", CARDS[record["rules"]["variant"]]))
    else:
        if len(args) < 2:
            sys.exit(__doc__)
        seed = decode_seed(args[0])
        deal = int(args[1])
        n = int(args[2]) if len(args) > 2 else 64
    assert len(seed) == 32, "a seed is 32 bytes (64 hex digits, base64) or a decimal number below 2^64"
    assert len(salt) in (0, 32), "a salt is 32 bytes (64 hex digits)"
    c = commitment(seed, salt)
    print("commitment", c, "= SHA-256(salt || seed)" if salt else "= SHA-256(seed), no salt")
    if record is not None:
        stated = record.get("seedCommitment", "")
        if stated != c:
            print(f"MISMATCH: the record states seedCommitment {stated}")
            sys.exit(1)
        print("commitment matches the record's seedCommitment")
    stacked = record is not None and "stackedDeal" in record
    if stacked:
        # Deal 1 was stacked by the table's creator: its cards are the record's, not the seed's
        # (it printed a shuffled deal 1 and exit status 0 for such a record: a bot author's trial).
        print("deal 1 was stacked (the record's stackedDeal, dealer", record["stackedDeal"].get("dealer", 0), end="")
        print("): deals 2 on are the seed's, the deal passing from that dealer")
        if deal == 1:
            return
    else:
        for players in (2, 3, 4):
            print(f"first dealer ({players} players)", uniform(stream(seed, 0), players))
    deck = list(range(n)) if n != 63 else [c for c in range(64) if c != 32 + 3 * 8 + 1]  # without 8Cb
    words = stream(seed, deal)
    for i in range(n - 1, 0, -1):
        j = uniform(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    print("deck", " ".join(card_text(c) for c in deck))


if __name__ == "__main__":
    try:
        main()
    except (binascii.Error, ValueError, KeyError, IndexError, AssertionError) as e:
        sys.exit(f"derive-deal: {e}")
