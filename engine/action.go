package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxMeldCards is the largest number of cards in one meld (a quadruple bezique).
const MaxMeldCards = 8

// CardSet is a small list of up to [MaxHandSize] (12) cards held by value, so actions and events
// carry melds, hands and tricks without allocating. The zero value is empty.
type CardSet struct {
	n     uint8
	cards [MaxHandSize]Card
}

// NewCardSet returns a set of the given cards. It panics on more than 12 cards.
func NewCardSet(cards ...Card) CardSet {
	var s CardSet
	for _, c := range cards {
		s.Add(c)
	}
	return s
}

// Len returns the number of cards.
func (s *CardSet) Len() int { return int(s.n) }

// At returns the i-th card.
func (s *CardSet) At(i int) Card { return s.cards[i] }

// Add appends a card. It panics when the set already holds 12 cards.
func (s *CardSet) Add(c Card) {
	s.cards[s.n] = c
	s.n++
}

// Slice returns the cards as a new slice.
func (s CardSet) Slice() []Card { return append([]Card(nil), s.cards[:s.n]...) }

// containsAll reports whether every card of o is in the set.
func (s *CardSet) containsAll(o *CardSet) bool {
	for i := 0; i < o.Len(); i++ {
		if !s.Contains(o.At(i)) {
			return false
		}
	}
	return true
}

// Contains reports whether c is in the set.
func (s *CardSet) Contains(c Card) bool {
	for i := 0; i < int(s.n); i++ {
		if s.cards[i] == c {
			return true
		}
	}
	return false
}

// String returns the cards in text form separated by spaces.
func (s CardSet) String() string {
	parts := make([]string, s.n)
	for i := range parts {
		parts[i] = s.cards[i].String()
	}
	return strings.Join(parts, " ")
}

// MeldKind is a kind of declaration (RULES.md §2, values §4).
type MeldKind uint8

// The meld kinds. The zero value NoMeld is no meld.
const (
	NoMeld MeldKind = iota
	// CommonMarriage is K+Q of a plain suit: 20.
	CommonMarriage
	// RoyalMarriage is K+Q of trumps: 40.
	RoyalMarriage
	// Sequence is A 10 K Q J of trumps: 250.
	Sequence
	// Bezique is Q♠+J♦: 40.
	Bezique
	// DoubleBezique is two Q♠ and two J♦: 500.
	DoubleBezique
	// TripleBezique is three of each (three and four packs): 1500.
	TripleBezique
	// QuadrupleBezique is four of each (four packs): Rules.QuadrupleValue, default 4500.
	QuadrupleBezique
	// FourAces is any four aces: 100.
	FourAces
	// FourKings is any four kings: 80.
	FourKings
	// FourQueens is any four queens: 60.
	FourQueens
	// FourJacks is any four jacks: 40.
	FourJacks
	// BackDoor is A 10 K Q J of a plain suit, Rubicon and six-pack only: 150 (RULES.md §3.6.6).
	BackDoor
	// FourTrumpAces is four aces of trumps, six-pack only: 1000 (RULES.md §4).
	FourTrumpAces
	// FourTrumpTens is four tens of trumps, six-pack only: 900.
	FourTrumpTens
	// FourTrumpKings is four kings of trumps, six-pack only: 800.
	FourTrumpKings
	// FourTrumpQueens is four queens of trumps, six-pack only: 600.
	FourTrumpQueens
	// FourTrumpJacks is four jacks of trumps, six-pack only: 400.
	FourTrumpJacks
	// CarteBlanche is a hand without a king, queen or jack, shown by [DeclareCarteBlanche]:
	// Rubicon 50, six-pack 250 (RULES.md §3.6.4). No meld declares it; it is a kind so that
	// [View].MeldValues gives its value.
	CarteBlanche
	// NumMeldKinds is the number of meld kinds, NoMeld included: the length of a table indexed by
	// kind, such as [View].MeldValues.
	NumMeldKinds
)

var meldKindNames = [...]string{
	NoMeld: "none", CommonMarriage: "common_marriage", RoyalMarriage: "royal_marriage",
	Sequence: "sequence", Bezique: "bezique", DoubleBezique: "double_bezique",
	TripleBezique: "triple_bezique", QuadrupleBezique: "quadruple_bezique",
	FourAces: "four_aces", FourKings: "four_kings", FourQueens: "four_queens", FourJacks: "four_jacks",
	BackDoor: "back_door", FourTrumpAces: "four_trump_aces", FourTrumpTens: "four_trump_tens",
	FourTrumpKings: "four_trump_kings", FourTrumpQueens: "four_trump_queens", FourTrumpJacks: "four_trump_jacks",
	CarteBlanche: "carte_blanche",
}

// String returns the kind's name in snake case: "royal_marriage", "double_bezique".
func (k MeldKind) String() string {
	if int(k) < len(meldKindNames) {
		return meldKindNames[k]
	}
	return fmt.Sprintf("MeldKind(%d)", uint8(k))
}

// ParseMeldKind reads a name written by MeldKind.String.
func ParseMeldKind(s string) (MeldKind, error) {
	for k, name := range meldKindNames {
		if name == s && k != int(NoMeld) {
			return MeldKind(k), nil
		}
	}
	return NoMeld, fmt.Errorf("bezique: unknown meld kind %q", s)
}

// Class is a set of meld classes for the re-use rule (RULES.md §2 R3): a card may take part in one
// meld of each class. Marriages (royal and common) are one class (RULES.md §8.5); the quartets of
// a rank are one class.
type Class uint8

// The meld classes.
const (
	ClassMarriage Class = 1 << iota
	ClassSequence
	ClassBezique
	ClassQuartet
	// ClassTrumpQuartet is six-pack's four of one trump face (RULES.md §4): its own class, so a
	// trump ace scored there may still join four aces of mixed suits (RULES.md §8.14).
	ClassTrumpQuartet
)

// class returns the class of a meld kind.
func (k MeldKind) class() Class {
	switch k {
	case CommonMarriage, RoyalMarriage:
		return ClassMarriage
	case Sequence, BackDoor:
		return ClassSequence
	case Bezique, DoubleBezique, TripleBezique, QuadrupleBezique:
		return ClassBezique
	case FourAces, FourKings, FourQueens, FourJacks:
		return ClassQuartet
	case FourTrumpAces, FourTrumpTens, FourTrumpKings, FourTrumpQueens, FourTrumpJacks:
		return ClassTrumpQuartet
	}
	return 0
}

// Meld is a declaration: its kind, its cards and the points it scores.
type Meld struct {
	Kind   MeldKind
	Cards  CardSet
	Points int
}

// String returns "royal_marriage KHa QHa (40)".
func (m Meld) String() string { return fmt.Sprintf("%s %s (%d)", m.Kind, m.Cards, m.Points) }

// ActionKind is the kind of an Action.
type ActionKind uint8

// The action kinds.
const (
	// NoAction is the zero value; Apply refuses it.
	NoAction ActionKind = iota
	// PlayCard plays Action.Card to the trick, from hand or from the seat's tabled cards.
	PlayCard
	// DeclareMeld declares Action.Meld (its Cards; Kind is checked when set; Points are ignored
	// on input and computed by the engine).
	DeclareMeld
	// ExchangeSeven exchanges the trump seven Action.Card for the turn-up, 10 points (RULES.md §1.9.2).
	ExchangeSeven
	// DeclareSeven shows the trump seven Action.Card, 10 points (RULES.md §1.9.2).
	DeclareSeven
	// PassMeld passes the side's meld privilege from the trick winner to his partner
	// (four-handed partnership, RULES.md §8.8).
	PassMeld
	// EndWindow ends the seat's stage of the post-trick window (RULES.md §1.5, §8.8).
	EndWindow
	// DeclareCarteBlanche shows a hand without a king, queen or jack before the seat's next
	// play of phase 1: 50 in Rubicon, 250 in six-pack (RULES.md §3.6.4).
	DeclareCarteBlanche
)

var actionKindNames = [...]string{NoAction: "none", PlayCard: "play", DeclareMeld: "meld",
	ExchangeSeven: "exchange", DeclareSeven: "declare", PassMeld: "pass", EndWindow: "end",
	DeclareCarteBlanche: "carte_blanche"}

// String returns the kind's verb: play, meld, exchange, declare, pass, end, carte_blanche.
func (k ActionKind) String() string {
	if int(k) < len(actionKindNames) {
		return actionKindNames[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// Action is one move of a seat. Card is set for PlayCard, ExchangeSeven and DeclareSeven; Meld for
// DeclareMeld.
type Action struct {
	Kind ActionKind
	Card Card
	Meld Meld
}

// Play returns the action that plays card c.
func Play(c Card) Action { return Action{Kind: PlayCard, Card: c} }

// MeldOf returns the action that declares the given cards; the engine works out kind and points.
func MeldOf(cards ...Card) Action {
	return Action{Kind: DeclareMeld, Meld: Meld{Cards: NewCardSet(cards...)}}
}

// String returns the action in its text notation: "play QSa", "meld bezique QSa JDa (40)" (a meld
// whose kind is not set: "meld QSa JDa"), "exchange 7Ha", "declare 7Ha", "pass", "end",
// "carte_blanche".
// [ParseAction] reads it back.
func (a Action) String() string {
	switch a.Kind {
	case PlayCard, ExchangeSeven, DeclareSeven:
		return a.Kind.String() + " " + a.Card.String()
	case DeclareMeld:
		if a.Meld.Kind == NoMeld {
			return "meld " + a.Meld.Cards.String()
		}
		return "meld " + a.Meld.String()
	}
	return a.Kind.String()
}

// ParseAction reads an action in the notation [Action.String] writes: a verb, then its operands,
// separated by spaces:
//
//	play CARD
//	meld [KIND] CARD CARD... [(POINTS)]
//	exchange CARD
//	declare CARD
//	pass
//	end
//	carte_blanche
//
// CARD is any form [ParseCard] reads ("QSb", or a face alone, "QS", for copy a); KIND is a name
// [MeldKind.String] writes ("bezique"), which Apply checks against the cards; POINTS is read
// back into Meld.Points, which Apply ignores. It returns an error naming the text and the part
// that is wrong.
func ParseAction(s string) (Action, error) {
	words := strings.Fields(s)
	if len(words) == 0 {
		return Action{Card: NoCard}, fmt.Errorf("bezique: empty action text")
	}
	bad := func(format string, args ...any) (Action, error) {
		return Action{Card: NoCard}, fmt.Errorf("bezique: action %q: %s", s, fmt.Sprintf(format, args...))
	}
	kind := NoAction
	for k, name := range actionKindNames {
		if name == words[0] && k != int(NoAction) {
			kind = ActionKind(k)
		}
	}
	args := words[1:]
	switch kind {
	case PlayCard, ExchangeSeven, DeclareSeven:
		if len(args) != 1 {
			return bad("%s takes one card, got %d words", kind, len(args))
		}
		c, err := ParseCard(args[0])
		if err != nil {
			return bad("%v", err)
		}
		return Action{Kind: kind, Card: c}, nil
	case PassMeld, EndWindow, DeclareCarteBlanche:
		if len(args) != 0 {
			return bad("%s takes nothing, got %q", kind, strings.Join(args, " "))
		}
		return Action{Kind: kind, Card: NoCard}, nil
	case DeclareMeld:
		a := Action{Kind: DeclareMeld, Card: NoCard}
		if len(args) > 0 {
			if k, err := ParseMeldKind(args[0]); err == nil {
				a.Meld.Kind, args = k, args[1:]
			}
		}
		if n := len(args); n > 0 && strings.HasPrefix(args[n-1], "(") && strings.HasSuffix(args[n-1], ")") {
			pts, err := strconv.Atoi(args[n-1][1 : len(args[n-1])-1])
			if err != nil {
				return bad("points %s: want a number in parentheses", args[n-1])
			}
			a.Meld.Points, args = pts, args[:n-1]
		}
		if len(args) < 2 || len(args) > MaxMeldCards {
			return bad("a meld has 2 to %d cards, got %d", MaxMeldCards, len(args))
		}
		for _, w := range args {
			c, err := ParseCard(w)
			if err != nil {
				return bad("%v", err)
			}
			a.Meld.Cards.Add(c)
		}
		return a, nil
	}
	return bad("unknown verb %q (want one of play, meld, exchange, declare, pass, end, carte_blanche)", words[0])
}
