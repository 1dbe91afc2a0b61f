package wire

import (
	"testing"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestCardFromProto: a card is read by its id; its other fields, when set, must name the same
// card: a client that named a card by its text alone (id 0) had card 0 played for it.
func TestCardFromProto(t *testing.T) {
	const qsb = 36
	whole := CardToProto(engine.Card(qsb))
	for _, c := range []struct {
		name string
		card *pb.Card
		want string // the error, "" for none
	}{
		{"id alone", &pb.Card{Id: qsb}, ""},
		{"the whole card", whole, ""},
		{"text alone", &pb.Card{Text: "QSa"}, `action.play.card: id 0 is 7Sa, which its other fields (text "QSa", suit SUIT_UNSPECIFIED, rank RANK_UNSPECIFIED, copy 0) do not name: a card is sent by its id alone`},
		{"another suit", &pb.Card{Id: qsb, Suit: pb.Suit_SUIT_HEARTS}, `action.play.card: id 36 is QSb, which its other fields (text "", suit SUIT_HEARTS, rank RANK_UNSPECIFIED, copy 0) do not name: a card is sent by its id alone`},
		{"out of range", &pb.Card{Id: 192}, "action.play.card.id: 192 is not a card id (0..191)"},
	} {
		got := ""
		if _, err := CardFromProto(c.card, "action.play.card"); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
