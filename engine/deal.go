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

// shuffledDeck returns the deck of deal number deal (1-based) for a deck of ncards: the card ids
// 0..ncards-1 in ascending order, shuffled by Fisher–Yates from the last position down
// (docs/DEALING.md). Index 0 is the top card.
func shuffledDeck(seed Seed, deal, ncards int, deck []Card) {
	for i := 0; i < ncards; i++ {
		deck[i] = Card(i)
	}
	st := newStream(seed, deal)
	for i := ncards - 1; i > 0; i-- {
		j := st.uniform(uint64(i + 1))
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// firstDealer returns the seat of the first dealer, drawn from the stream of deal 0 (the cut).
func firstDealer(seed Seed, players int) int {
	return int(newStream(seed, 0).uniform(uint64(players)))
}

// StackedDeal is a deal given explicitly instead of shuffled, for tests and rule disputes: every
// seat's 8 dealt cards, the turn-up, and the face-down stock from the top. The copies of each
// face are numbered in the order the faces appear: hands by seat, then the turn-up, then the stock.
type StackedDeal struct {
	// Dealer is the dealing seat. It is used for the first deal of a game; for later deals it must
	// equal the seat the dealer rotation gives.
	Dealer int
	Hands  [][]Face
	TurnUp Face
	Stock  []Face
}

// Dealing says where a game's deals come from: Stacked deals first, in order, then shuffles of
// Seed (deal k uses the seed's stream for k). Without stacked deals the first dealer is cut from
// the seed.
type Dealing struct {
	Seed    Seed
	Stacked []StackedDeal
}

// cards turns a stacked deal into the order a shuffle would produce: every seat's hand, then the
// turn-up, then the stock; copies numbered in order of appearance. It returns an error naming the
// face that is missing or surplus.
func (d *StackedDeal) cards(r *Rules) (hands [][]Card, turnUp Card, stock []Card, err error) {
	n, packs := r.Variant.Players(), r.Variant.Packs()
	if d.Dealer < 0 || d.Dealer >= n {
		return nil, NoCard, nil, fmt.Errorf("bezique: stacked deal: dealer %d is not a seat of %s", d.Dealer, r.Variant)
	}
	if len(d.Hands) != n {
		return nil, NoCard, nil, fmt.Errorf("bezique: stacked deal: %d hands, want %d", len(d.Hands), n)
	}
	want := packs*NumFaces - n*HandSize - 1
	if len(d.Stock) != want {
		return nil, NoCard, nil, fmt.Errorf("bezique: stacked deal: stock has %d cards, want %d", len(d.Stock), want)
	}
	var used [NumFaces]int
	take := func(f Face) (Card, error) {
		if f >= NumFaces {
			return NoCard, fmt.Errorf("bezique: stacked deal: bad face %d", f)
		}
		if used[f] == packs {
			return NoCard, fmt.Errorf("bezique: stacked deal: more than %d copies of %s", packs, f)
		}
		c := NewCard(f, used[f])
		used[f]++
		return c, nil
	}
	hands = make([][]Card, n)
	for s, h := range d.Hands {
		if len(h) != HandSize {
			return nil, NoCard, nil, fmt.Errorf("bezique: stacked deal: seat %d has %d cards, want %d", s, len(h), HandSize)
		}
		for _, f := range h {
			c, err := take(f)
			if err != nil {
				return nil, NoCard, nil, err
			}
			hands[s] = append(hands[s], c)
		}
	}
	if turnUp, err = take(d.TurnUp); err != nil {
		return nil, NoCard, nil, err
	}
	for _, f := range d.Stock {
		c, err := take(f)
		if err != nil {
			return nil, NoCard, nil, err
		}
		stock = append(stock, c)
	}
	return hands, turnUp, stock, nil
}
