package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
)

// Seed is the 32-byte secret from which every deal of a game is derived. The referee publishes
// its salted SHA-256 digest ([Seed.SaltedCommitment]) before play (docs/DEALING.md).
type Seed [32]byte

// SeedFromUint64 returns the seed whose last 8 bytes are n in big-endian order and whose other
// bytes are zero: a convenience for tests and reproducible examples.
func SeedFromUint64(n uint64) Seed {
	var s Seed
	binary.BigEndian.PutUint64(s[24:], n)
	return s
}

// ParseSeed reads a seed written as 64 hexadecimal digits.
func ParseSeed(s string) (Seed, error) {
	var seed Seed
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(seed) {
		return seed, fmt.Errorf("bezique: seed must be 64 hexadecimal digits, got %q", s)
	}
	copy(seed[:], b)
	return seed, nil
}

// String returns the seed as 64 hexadecimal digits.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// SaltSize is the length in bytes of the salt a referee draws for every table and mixes into the
// seed's commitment ([Seed.SaltedCommitment]).
const SaltSize = 32

// Commitment returns SHA-256(seed), as 64 hexadecimal digits: the unsalted commitment of records
// made before salts (docs/DEALING.md). A guessable seed (a small integer) is found from it by
// trying every candidate, so a referee publishes [Seed.SaltedCommitment] instead.
func (s Seed) Commitment() string {
	return s.SaltedCommitment(nil)
}

// SaltedCommitment returns SHA-256(salt || seed), as 64 hexadecimal digits: the commitment a
// referee publishes before play (docs/DEALING.md). The salt ([SaltSize] random bytes) stays secret
// with the seed until the record reveals both, so no seed, however guessable, can be found from
// its commitment. With an empty salt it equals [Seed.Commitment].
func (s Seed) SaltedCommitment(salt []byte) string {
	h := sha256.New()
	h.Write(salt)
	h.Write(s[:])
	return hex.EncodeToString(h.Sum(nil))
}

// stream is the deterministic random source of docs/DEALING.md: block i of deal d is
// SHA-256("bezique/v1" || seed || uint32be(d) || uint64be(i)), read as four big-endian uint64 words.
type stream struct {
	seed  Seed
	deal  uint32
	block uint64
	words [4]uint64
	next  int
}

func newStream(seed Seed, deal int) *stream {
	return &stream{seed: seed, deal: uint32(deal), next: 4}
}

func (s *stream) uint64() uint64 {
	if s.next == 4 {
		var buf [10 + 32 + 4 + 8]byte
		copy(buf[:], "bezique/v1")
		copy(buf[10:], s.seed[:])
		binary.BigEndian.PutUint32(buf[42:], s.deal)
		binary.BigEndian.PutUint64(buf[46:], s.block)
		sum := sha256.Sum256(buf[:])
		for i := range s.words {
			s.words[i] = binary.BigEndian.Uint64(sum[8*i:])
		}
		s.block++
		s.next = 0
	}
	v := s.words[s.next]
	s.next++
	return v
}

// uniform returns a uniform integer in [0, m) by rejection sampling: draws at or above the largest
// multiple of m that fits in 64 bits are discarded.
func (s *stream) uniform(m uint64) uint64 {
	limit := (^uint64(0) / m) * m
	for {
		if v := s.uint64(); v < limit {
			return v % m
		}
	}
}

// shuffledDeck shuffles deck, the deck's card ids in ascending order (Rules.deckIDs: 0..n-1 for
// full packs), into the deck of deal number deal (1-based), by Fisher–Yates from the last
// position down (docs/DEALING.md). Index 0 is the top card.
func shuffledDeck(seed Seed, deal int, deck []Card) {
	st := newStream(seed, deal)
	for i := len(deck) - 1; i > 0; i-- {
		j := st.uniform(uint64(i + 1))
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// firstDealer returns the seat of the first dealer, drawn from the stream of deal 0 (the cut).
func firstDealer(seed Seed, players int) int {
	return int(newStream(seed, 0).uniform(uint64(players)))
}

// StackedDeal is a deal given explicitly instead of shuffled, for tests, scenarios and rule
// disputes: every seat's dealt cards ([Variant.HandSize]), the turn-up, and the face-down stock
// from the top, each card with its copy ("QSb"). Every card of the variant's deck appears exactly
// once.
type StackedDeal struct {
	// Dealer is the dealing seat. It is used for the first deal of a game; for later deals it must
	// equal the seat the dealer rotation gives.
	Dealer int
	// Hands is every seat's dealt cards, by seat.
	Hands [][]Card
	// TurnUp is the turn-up card; its suit is trumps. [NoCard] when the rules have no turn-up
	// (Rubicon, six-pack, turn_up_trump=false).
	TurnUp Card
	// Stock is the face-down stock, the first card drawn first.
	Stock []Card
}

// Dealing says where a game's deals come from: Stacked deals first, in order, then shuffles of
// Seed (deal k uses the seed's stream for k). Without stacked deals the first dealer is cut from
// the seed.
type Dealing struct {
	Seed    Seed
	Stacked []StackedDeal
	// Deals, when above 0, is the number of deals the game holds: it ends after deal Deals
	// whatever the totals, won by the side with the highest total, or by no side ([Game.Winner]
	// [NoSide]) on a tie. A scenario or record of one stacked deal sets Deals to 1 so that no second
	// deal is shuffled from the seed. 0 plays deals until a side reaches the target (RULES.md
	// §3.1.11).
	Deals int
	// Totals, when not nil, are every side's game totals carried into the first deal from deals
	// played before it (a position at the start of a deal: the RULES.md §6 vectors 39 and 40 as
	// scenarios). [NewGame] refuses a length other than the number of sides, a negative total and
	// a total that reaches the target (the game would already be over).
	Totals []int
}

// check validates a stacked deal against rules r: the dealer is a seat, every hand has its cards,
// the stock the rest, and every card of the deck appears exactly once. It returns an error naming
// the card that is missing, repeated or outside the deck (of r.Deck cards).
func (d *StackedDeal) check(r *Rules) error {
	n, ncards := r.Variant.Players(), r.Deck
	if d.Dealer < 0 || d.Dealer >= n {
		return fmt.Errorf("bezique: stacked deal: dealer %d is not a seat of %s", d.Dealer, r.Variant)
	}
	if len(d.Hands) != n {
		return fmt.Errorf("bezique: stacked deal: %d hands, want %d", len(d.Hands), n)
	}
	var seen [MaxCards]string // where each card is: "the stock", "the turn-up", "seat 1's hand"
	see := func(c Card, where string) error {
		if !r.inDeck(c) {
			if r.Deck == Deck63 && c == SuppressedEight {
				return fmt.Errorf("bezique: stacked deal: %s is not in the 63-card deck (deck=63 leaves it out, RULES.md §8.17)", c)
			}
			if c < MaxCards {
				return fmt.Errorf("bezique: stacked deal: %s: more than %d copies of %s", c, r.Variant.Packs(), c.Face())
			}
			return fmt.Errorf("bezique: stacked deal: card id %d is not in a %d-card deck", c, ncards)
		}
		if first := seen[c]; first == where {
			return fmt.Errorf("bezique: stacked deal: %s appears twice in %s", c, where)
		} else if first != "" {
			return fmt.Errorf("bezique: stacked deal: %s appears twice, in %s and in %s", c, first, where)
		}
		seen[c] = where
		return nil
	}
	switch {
	case r.TurnUpTrump && d.TurnUp == NoCard:
		return fmt.Errorf("bezique: stacked deal: no turn-up, but the rules turn one up")
	case !r.TurnUpTrump && d.TurnUp != NoCard:
		return fmt.Errorf("bezique: stacked deal: turn-up %s, but the rules have none (turn_up_trump=false)", d.TurnUp)
	}
	// Hands by seat, then the turn-up, then the stock: the order the deal names them in.
	for s, h := range d.Hands {
		for _, c := range h {
			if err := see(c, fmt.Sprintf("seat %d's hand", s)); err != nil {
				return err
			}
		}
	}
	if r.TurnUpTrump {
		if err := see(d.TurnUp, "the turn-up"); err != nil {
			return err
		}
	}
	for _, c := range d.Stock {
		if err := see(c, "the stock"); err != nil {
			return err
		}
	}
	for s, h := range d.Hands {
		if len(h) != r.Variant.HandSize() {
			return fmt.Errorf("bezique: stacked deal: seat %d has %d cards, want %d", s, len(h), r.Variant.HandSize())
		}
	}
	want := ncards - n*r.Variant.HandSize()
	if r.TurnUpTrump {
		want--
	}
	if len(d.Stock) != want {
		return fmt.Errorf("bezique: stacked deal: stock has %d cards, want %d", len(d.Stock), want)
	}
	return nil
}
