package bots_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/bezique-arena/bezique/bots"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRandomZeroValue checks that a zero Random is usable and decides as NewRandom(0) does.
func TestRandomZeroValue(t *testing.T) {
	req := &pb.DecisionRequest{}
	for i := range 10 {
		req.LegalActions = append(req.LegalActions, &pb.LegalAction{ActionId: uint32(i + 1)})
	}
	var zero bots.Random
	seeded := bots.NewRandom(0)
	for i := range 20 {
		a, err := zero.Decide(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		b, err := seeded.Decide(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("decision %d: zero value chose %d, NewRandom(0) %d", i, a, b)
		}
	}
	if _, err := zero.Decide(context.Background(), &pb.DecisionRequest{}); err == nil || err.Error() != "bots: no legal action" {
		t.Fatalf("no legal action: err %v, want bots: no legal action", err)
	}
}

// TestNew checks the built-in names and the error for an unknown one.
func TestNew(t *testing.T) {
	if got, want := bots.Names(), []string{"random", "rulebook"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	if b, err := bots.New("random", 3); err != nil || reflect.TypeOf(b) != reflect.TypeOf(&bots.Random{}) {
		t.Fatalf("New(random) = %T, %v; want *bots.Random", b, err)
	}
	_, err := bots.New("alphabez", 0)
	if want := `bots: unknown built-in bot "alphabez" (want one of [random rulebook])`; err == nil || err.Error() != want {
		t.Fatalf("New(alphabez): err %v, want %s", err, want)
	}
}
