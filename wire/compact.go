package wire

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// The compact form of a finished trick's play (View.past_trick_plays): card id + playSeat * seat +
// playFromTable * from_table.
const (
	playSeat      = 256
	playFromTable = 1024
)

// ExpandView turns a compact view (View.compact) into its full form in place, as [ViewToProto]
// builds it: it fills every card's text, suit, rank and copy from its id and rebuilds
// past_tricks from the packed lists, which it clears. A full view is left as it is. past may hold
// the finished tricks of an earlier expanded view (its past_tricks): those of its leading tricks
// that v has too are reused, not built again, so a bot that passes each view's past_tricks to the
// next expansion builds only the tricks finished in between (the reused messages are shared:
// callers must not modify them). It returns an error naming the field when the packed lists do
// not add up or a card id is not one (0..191). It fills v's card messages: call it on a view read
// from the wire (or a clone), never on one that [Views.Compact] returned, whose card messages
// are shared.
func ExpandView(v *pb.View, past []*pb.Trick) error {
	if !v.GetCompact() {
		return nil
	}
	plays, sizes, winners := v.PastTrickPlays, v.PastTrickSizes, v.PastTrickWinners
	if len(winners) != len(sizes) {
		return fmt.Errorf("view.past_trick_winners: %d winners for %d tricks (past_trick_sizes)", len(winners), len(sizes))
	}
	total := 0
	for _, n := range sizes {
		total += int(n)
	}
	if total != len(plays) {
		return fmt.Errorf("view.past_trick_sizes: they add up to %d plays, past_trick_plays has %d", total, len(plays))
	}
	reused, at := 0, 0
	for reused < min(len(past), len(sizes)) && samePlays(past[reused], plays[at:at+int(sizes[reused])], winners[reused], reused) {
		at += int(sizes[reused])
		reused++
	}
	ptrs := make([]*pb.Trick, len(sizes))
	copy(ptrs, past[:reused])
	plays = plays[at:]
	tricks := make([]pb.Trick, len(sizes)-reused)
	msgs, playPtrs, cards := make([]pb.Play, len(plays)), make([]*pb.Play, len(plays)), make([]pb.Card, len(plays))
	for i, p := range plays {
		if p >= 2*playFromTable {
			return fmt.Errorf("view.past_trick_plays: %d is not a play (card id + 256 * seat + 1024 * from_table)", p)
		}
		if err := fillCard("view.past_trick_plays", &cards[i], p%playSeat); err != nil {
			return err
		}
		msgs[i].Seat, msgs[i].FromTable, msgs[i].Card = p/playSeat%4, p/playFromTable == 1, &cards[i]
		playPtrs[i] = &msgs[i]
	}
	at = 0
	for i := reused; i < len(sizes); i++ {
		t, n := &tricks[i-reused], int(sizes[i])
		t.Number, t.Winner, t.Plays = uint32(i+1), winners[i], playPtrs[at:at+n:at+n]
		if n > 0 {
			t.Leader = msgs[at].Seat
		}
		at += n
		ptrs[i] = t
	}
	var err error
	eachCard(v, func(field string, c *pb.Card) {
		if err == nil && c != nil {
			err = fillCard(field, c, c.Id)
		}
	})
	if err != nil {
		return err
	}
	v.PastTricks, v.PastTrickPlays, v.PastTrickSizes, v.PastTrickWinners, v.Compact = ptrs, nil, nil, nil, false
	return nil
}

// samePlays reports whether t, an expanded trick, is the trick of number i+1 (0-based i) with
// the packed plays and the winner given.
func samePlays(t *pb.Trick, plays []uint32, winner uint32, i int) bool {
	if t.GetNumber() != uint32(i+1) || t.GetWinner() != winner || len(t.GetPlays()) != len(plays) {
		return false
	}
	for k, p := range t.GetPlays() {
		if p.GetCard().GetId()+playSeat*p.GetSeat()+playFromTable*b2u(p.GetFromTable()) != plays[k] {
			return false
		}
	}
	return true
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// fillCard sets c's id and the fields that follow from it; field names c's field in the error
// for an id that is not a card's.
func fillCard(field string, c *pb.Card, id uint32) error {
	if id >= engine.MaxCards {
		return fmt.Errorf("%s.id: %d is not a card id (0..%d)", field, id, engine.MaxCards-1)
	}
	full := fullCards[id]
	c.Id, c.Text, c.Suit, c.Rank, c.Copy = id, full.Text, full.Suit, full.Rank, full.Copy
	return nil
}

// eachCard calls f with every card of v but those of its finished tricks, and the name of its
// field.
func eachCard(v *pb.View, f func(field string, c *pb.Card)) {
	f("view.turn_up", v.TurnUp)
	f("view.last_stock_card", v.LastStockCard)
	f("view.trick_winner.card", v.GetTrickWinner().GetCard())
	f("view.window.exchanged", v.GetWindow().GetExchanged())
	for _, c := range v.Hand {
		f("view.hand", c)
	}
	for _, c := range v.SpentSevens {
		f("view.spent_sevens", c)
	}
	for _, c := range v.BeatingCards {
		f("view.beating_cards", c)
	}
	for _, p := range v.CurrentTrick {
		f("view.current_trick.card", p.GetCard())
	}
	for _, s := range v.Seats {
		for _, t := range s.GetTabled() {
			f("view.seats.tabled.card", t.GetCard())
		}
		for _, c := range s.GetPending().GetCards() {
			f("view.seats.pending.cards", c)
		}
		for _, c := range s.GetShownInHand() {
			f("view.seats.shown_in_hand", c)
		}
	}
}
