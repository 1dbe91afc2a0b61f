package botsdk

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Bot decides for one seat. Decide is called once per decision request with the request, which
// carries the seat's view (req.View) and every legal action (req.LegalActions); it returns the
// action_id of the chosen action. An error makes the SDK leave the request unanswered (the
// referee's failure policy then applies at the deadline). Decide is never called concurrently for
// one seat. Decide must not modify req: for a built-in seat, the referee's request shares its
// card, action and trick messages with what it sends to the other seats.
type Bot interface {
	Decide(ctx context.Context, req *pb.DecisionRequest) (uint32, error)
}

// BotFunc adapts a function to the Bot interface.
type BotFunc func(ctx context.Context, req *pb.DecisionRequest) (uint32, error)

// Decide calls f.
func (f BotFunc) Decide(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
	return f(ctx, req)
}

// builtins maps a built-in bot's name to its constructor; seed makes a bot's choices reproducible.
var builtins = map[string]func(seed uint64) Bot{
	"random":   NewRandom,
	"rulebook": NewRulebook,
}

// BuiltinNames returns the names of the built-in bots, sorted.
func BuiltinNames() []string {
	names := make([]string, 0, len(builtins))
	for n := range builtins {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// NewBuiltin returns the built-in bot with that name, seeded with seed. It returns an error
// listing the names for an unknown name.
func NewBuiltin(name string, seed uint64) (Bot, error) {
	mk, ok := builtins[name]
	if !ok {
		return nil, fmt.Errorf("botsdk: unknown built-in bot %q (want one of %v)", name, BuiltinNames())
	}
	return mk(seed), nil
}

// Random picks uniformly among the legal actions: the baseline of every competition.
type Random struct{ rng *rand.Rand }

// NewRandom returns a random bot whose choices are fixed by seed.
func NewRandom(seed uint64) Bot { return &Random{rng: rand.New(rand.NewPCG(seed, 0x5eed))} }

// Decide returns the id of a uniformly chosen legal action.
func (r *Random) Decide(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
	legal := req.GetLegalActions()
	if len(legal) == 0 {
		return 0, fmt.Errorf("botsdk: no legal action")
	}
	return legal[r.rng.IntN(len(legal))].GetActionId(), nil
}
