package wire

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// cardTable holds one wire message per card id, built once and shared by every message the
// referee sends: they are never modified (proto.Marshal only reads them).
type cardTable [engine.MaxCards]*pb.Card

// fullCards are the cards in their full form; idCards in their compact form, the id only
// (View.compact).
var fullCards, idCards = func() (full, ids cardTable) {
	for i := range full {
		c := engine.Card(i)
		full[i] = &pb.Card{Id: uint32(c), Text: c.String(), Suit: SuitToProto(c.Suit()), Rank: pb.Rank(c.Rank() + 1), Copy: uint32(c.Copy())}
		ids[i] = &pb.Card{Id: uint32(c)}
	}
	return full, ids
}()

// msg returns the message of card c; nil for engine.NoCard (hidden or absent).
func (t *cardTable) msg(c engine.Card) *pb.Card {
	if int(c) >= len(t) {
		return nil
	}
	return t[c]
}

// appendList appends the messages of cs, in order, to list and returns them (capped at their
// length, so that what list gets next is not theirs) and list.
func (t *cardTable) appendList(list []*pb.Card, cs []engine.Card) (msgs, _ []*pb.Card) {
	start := len(list)
	for _, c := range cs {
		list = append(list, t.msg(c))
	}
	return list[start:len(list):len(list)], list
}

// CardToProto returns the wire form of a card; nil for engine.NoCard (hidden or absent). The
// message is shared: callers must not modify it.
func CardToProto(c engine.Card) *pb.Card { return fullCards.msg(c) }

// set returns the messages of the cards of s, in order.
func (t *cardTable) set(s engine.CardSet) []*pb.Card {
	out := make([]*pb.Card, s.Len())
	for i := range out {
		out[i] = t.msg(s.At(i))
	}
	return out
}

func cardSetToProto(s engine.CardSet) []*pb.Card { return fullCards.set(s) }

// CardFromProto returns the engine card a wire card names by id; field names the field in errors.
// A card whose text, suit, rank or copy is set and is not its id's is refused: those fields are
// not read, and a client naming a card by its text alone (id 0) had the 7 of spades played for
// it, the refusal naming a card it never sent (an outside trial).
func CardFromProto(c *pb.Card, field string) (engine.Card, error) {
	if c == nil {
		return engine.NoCard, fmt.Errorf("%s: missing card", field)
	}
	if c.GetId() >= engine.MaxCards {
		return engine.NoCard, fmt.Errorf("%s.id: %d is not a card id (0..%d)", field, c.GetId(), engine.MaxCards-1)
	}
	card := engine.Card(c.GetId())
	is := CardToProto(card)
	if c.GetText() != "" && c.GetText() != is.GetText() || c.GetSuit() != pb.Suit_SUIT_UNSPECIFIED && c.GetSuit() != is.GetSuit() ||
		c.GetRank() != pb.Rank_RANK_UNSPECIFIED && c.GetRank() != is.GetRank() || c.GetCopy() != 0 && c.GetCopy() != is.GetCopy() {
		return engine.NoCard, fmt.Errorf("%s: id %d is %s, which its other fields (text %q, suit %s, rank %s, copy %d) do not name: a card is sent by its id alone",
			field, c.GetId(), is.GetText(), c.GetText(), c.GetSuit(), c.GetRank(), c.GetCopy())
	}
	return card, nil
}

func meldToProto(m engine.Meld) *pb.Meld { return meldWith(m, &fullCards) }

// meldWith returns the wire form of a meld, its cards from cards.
func meldWith(m engine.Meld, cards *cardTable) *pb.Meld {
	return &pb.Meld{Kind: pb.MeldKind(m.Kind), Cards: cards.set(m.Cards), Points: uint32(m.Points)}
}

// SuitToProto returns the wire form of a suit: SUIT_UNSPECIFIED for [engine.NoSuit] (no trump yet).
func SuitToProto(s engine.Suit) pb.Suit {
	if s == engine.NoSuit {
		return pb.Suit_SUIT_UNSPECIFIED
	}
	return pb.Suit(s + 1)
}
