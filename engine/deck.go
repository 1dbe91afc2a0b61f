package engine

// This file holds what the deck is made of: the variant's full packs, or the three-handed
// 63-card deck of option deck=63 (RULES.md §3.2.1).

// Deck63 is the size of the three-handed deck of two packs without one eight (RULES.md §3.2.1,
// option deck=63, EW).
const Deck63 = 63

// SuppressedEight is the card left out of the 63-card deck: the eight of clubs of the second
// pack, 8♣b (RULES.md §8.17, a derived reading: EW says only "suppressing an eight").
var SuppressedEight = NewCard(NewFace(Clubs, Eight), 1)

// packs returns the number of 32-card packs the deck's cards come from: 2 for deck=63, else
// one per player ([Variant.Packs]).
func (r *Rules) packs() int {
	if r.Deck == Deck63 {
		return 2
	}
	return r.Variant.Packs()
}

// inDeck reports whether card c is a card of the deck.
func (r *Rules) inDeck(c Card) bool {
	return int(c) < r.packs()*NumFaces && (r.Deck != Deck63 || c != SuppressedEight)
}

// deckIDs writes the deck's card ids in ascending order into deck (at least [MaxCards] long) and
// returns how many there are: r.Deck.
func (r *Rules) deckIDs(deck []Card) int {
	n := 0
	for c := 0; c < r.packs()*NumFaces; c++ {
		if r.inDeck(Card(c)) {
			deck[n] = Card(c)
			n++
		}
	}
	return n
}

// DeckCards returns the deck's card ids in ascending order, [Rules.Deck] of them: every id of
// the variant's packs, without [SuppressedEight] under deck=63.
func (r Rules) DeckCards() []Card {
	out := make([]Card, MaxCards)
	return out[:r.deckIDs(out)]
}
