package engine

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Suit is one of the four suits. Its values are stable: they are part of every card id.
type Suit uint8

// The suits, in the order used by card ids (RULES.md §1).
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

// NumSuits is the number of suits.
const NumSuits = 4

var suitLetters = [NumSuits]byte{'S', 'H', 'D', 'C'}

// NoSuit is the trump suit of a deal whose trump is not fixed yet: Rubicon and six-pack bezique,
// and two-handed with turn_up_trump=false, until the first marriage or sequence is declared
// (RULES.md §3.6.3). Its text form is "-".
const NoSuit Suit = 0xFF

// String returns the suit's letter: S, H, D or C; "-" for [NoSuit].
func (s Suit) String() string {
	if s == NoSuit {
		return "-"
	}
	if s >= NumSuits {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return string(suitLetters[s])
}

// Rank is a card rank. Higher values beat lower ones: A 10 K Q J 9 8 7 (RULES.md §1.1).
type Rank uint8

// The ranks from the lowest (Seven) to the highest (Ace). The ten ranks between the ace and the king.
const (
	Seven Rank = iota
	Eight
	Nine
	Jack
	Queen
	King
	Ten
	Ace
)

// NumRanks is the number of ranks in a 32-card pack.
const NumRanks = 8

var rankLetters = [NumRanks]byte{'7', '8', '9', 'J', 'Q', 'K', 'T', 'A'}

// String returns the rank's letter: 7 8 9 J Q K T A (T is the ten).
func (r Rank) String() string {
	if r >= NumRanks {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return string(rankLetters[r])
}

// Face is a card's suit and rank without its copy: 0..31 = suit*8 + rank.
// Its text form is rank then suit: "QS", "JD", "TH", "7C".
type Face uint8

// NumFaces is the number of distinct faces (one 32-card pack).
const NumFaces = NumSuits * NumRanks

// NewFace returns the face of rank r in suit s.
func NewFace(s Suit, r Rank) Face { return Face(uint8(s)*NumRanks + uint8(r)) }

// Suit returns the face's suit.
func (f Face) Suit() Suit { return Suit(f / NumRanks) }

// Rank returns the face's rank.
func (f Face) Rank() Rank { return Rank(f % NumRanks) }

// String returns the text form, rank then suit: "QS", "TH", "7C".
func (f Face) String() string {
	if f >= NumFaces {
		return fmt.Sprintf("Face(%d)", uint8(f))
	}
	return string([]byte{rankLetters[f.Rank()], suitLetters[f.Suit()]})
}

// Card is one physical card: id = copy*32 + suit*8 + rank, with copy 0..5 telling apart the
// copies of one face in a 2-, 3-, 4- or 6-pack deck. The id is the card's identity, not its place in
// the deck, so it reveals nothing about the deal. NoCard marks the absence of a card (for example
// a card hidden from a seat).
type Card uint8

// NoCard is the zero-information card: a hidden or absent card.
const NoCard Card = 0xFF

// MaxPacks is the largest number of 32-card packs in a deck (six-pack bezique: 192 cards).
const MaxPacks = 6

// MaxCards is the largest deck size.
const MaxCards = MaxPacks * NumFaces

// NewCard returns copy c (0-based) of face f.
func NewCard(f Face, c int) Card { return Card(uint8(c)*NumFaces + uint8(f)) }

// Face returns the card's face.
func (c Card) Face() Face { return Face(c % NumFaces) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return c.Face().Suit() }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return c.Face().Rank() }

// Copy returns which copy of its face the card is, 0-based.
func (c Card) Copy() int { return int(c / NumFaces) }

// String returns the card's text form: the face and the copy letter ("QSa", "QSb"), or "--"
// for NoCard. ParseCard reads it back.
func (c Card) String() string {
	if c == NoCard {
		return "--"
	}
	if c >= MaxCards {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return c.Face().String() + string(rune('a'+c.Copy()))
}

// maxCardText is the longest card text [ParseFace] reads, in bytes: "10♠f" (the rank 10, a
// three-byte suit, a copy letter).
const maxCardText = len("10♠f")

// ParseFace reads a face in text form: rank then suit, "QS", "TH", "7C"; the rank may also be
// written "10", the suit as ♠ ♥ ♦ ♣, and letters in either case. It returns an error naming the
// text when it is not a face.
func ParseFace(s string) (Face, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("bezique: empty card text")
	}
	if len(t) > maxCardText { // a card is at most "10♠f": 60 000 bytes came back quoted twice (an attack trial)
		return 0, fmt.Errorf("bezique: card text of %d bytes: not a card (a card is at most %d bytes, \"10♠f\")", len(t), maxCardText)
	}
	var r Rank
	var rest string
	switch {
	case strings.HasPrefix(t, "10"):
		r, rest = Ten, t[2:]
	default:
		i := strings.IndexByte(string(rankLetters[:]), upper(t[0]))
		if i < 0 {
			first, _ := utf8.DecodeRuneInString(t) // "é…" read as rank "\xc3" (an attack trial)
			return 0, fmt.Errorf("bezique: card %q: unknown rank %q (want one of A T 10 K Q J 9 8 7)", t, string(first))
		}
		r, rest = Rank(i), t[1:]
	}
	var su Suit
	switch rest {
	case "S", "s", "♠":
		su = Spades
	case "H", "h", "♥":
		su = Hearts
	case "D", "d", "♦":
		su = Diamonds
	case "C", "c", "♣":
		su = Clubs
	default:
		if len(rest) == 2 && strings.ContainsRune("SHDCshdc", rune(rest[0])) { // "QSz" read "unknown suit Sz" (a trial)
			return 0, fmt.Errorf("bezique: card %q: unknown copy letter %q (want a to f, as many as the variant's packs)", t, rest[1:])
		}
		return 0, fmt.Errorf("bezique: card %q: unknown suit %q (want one of S H D C ♠ ♥ ♦ ♣)", t, rest)
	}
	return NewFace(su, r), nil
}

// ParseCard reads a card in the form Card.String writes ("QSa", copy letters a–f), or a face
// alone ("QS", "10H", "Q♠"), which means copy a. It returns an error naming the text otherwise.
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	if n := len(t); n >= 3 && t[n-1] >= 'a' && t[n-1] < 'a'+MaxPacks {
		if f, err := ParseFace(t[:n-1]); err == nil {
			return NewCard(f, int(t[n-1]-'a')), nil
		}
	}
	f, err := ParseFace(t)
	if err != nil {
		return NoCard, err
	}
	return NewCard(f, 0), nil
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// court reports whether the rank is a king, queen or jack: a hand without one is a carte blanche
// (RULES.md §3.6.4).
func (r Rank) court() bool { return r == King || r == Queen || r == Jack }

// Brisque reports whether the rank is an ace or a ten, a card that scores for the side that wins
// it in a trick (RULES.md §1.10).
func (r Rank) Brisque() bool { return r == Ace || r == Ten }

// cardPoints is the card-point value of a rank under trick_scoring=card_points (RULES.md §1.10, S003).
var cardPoints = [NumRanks]int{Ace: 11, Ten: 10, King: 4, Queen: 3, Jack: 2}
