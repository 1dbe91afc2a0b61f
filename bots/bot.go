package bots

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Bot decides for one seat. Decide is called once per decision request with the request, which
// carries the seat's view (req.View) and every legal action (req.LegalActions); it returns the
// action_id of the chosen action. For a built-in seat an error, or an id no legal action has, is
// auto-played by the referee (an intervention); botsdk.Play answers the first legal action for
// it instead, marked Decide.fallback, as the Python and Node SDKs do. Decide is never called concurrently for one seat. Decide must not modify
// req: for a built-in seat, the referee's request shares its card, action and trick messages with
// what it sends to the other seats.
type Bot interface {
	Decide(ctx context.Context, req *pb.DecisionRequest) (uint32, error)
}

// Func adapts a function to the [Bot] interface.
type Func func(ctx context.Context, req *pb.DecisionRequest) (uint32, error)

// Decide calls f.
func (f Func) Decide(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
	return f(ctx, req)
}

// builtins maps a built-in bot's name to its constructor; seed makes a bot's choices reproducible.
var builtins = map[string]func(seed uint64) Bot{
	"random":   func(seed uint64) Bot { return NewRandom(seed) },
	"rulebook": func(uint64) Bot { return Rulebook{} },
}

// Names returns the names of the built-in bots, sorted.
func Names() []string {
	names := make([]string, 0, len(builtins))
	for n := range builtins {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New returns the built-in bot with that name, seeded with seed (the rulebook is deterministic
// and takes no seed). It returns an error listing the names for an unknown name.
func New(name string, seed uint64) (Bot, error) {
	mk, ok := builtins[name]
	if !ok {
		return nil, fmt.Errorf("bots: unknown built-in bot %q (want one of %v)", name, Names())
	}
	return mk(seed), nil
}

// Resumer is a bot whose choices depend on the number of decisions it has made. A referee that
// rebuilds a game from its stored actions (after a restart) tells it how many it made before, so
// that it goes on as if never interrupted and the game ends as it would have.
type Resumer interface {
	// Resume sets the number of decisions already made.
	Resume(decisions uint64)
}

// Blind is a bot that decides from the legal actions alone and never reads the request's view:
// the referee leaves the view out of its requests (building the view is most of a request's
// cost).
type Blind interface {
	Bot
	// Blind marks the bot; it does nothing.
	Blind()
}

// Random picks uniformly among the legal actions: the baseline of every competition. Its n-th
// decision is drawn from a PCG generator seeded with (seed, n), so it depends only on the seed and
// n ([Resumer]). Its zero value is a random bot of seed 0.
type Random struct{ seed, n uint64 }

// NewRandom returns a random bot whose choices are fixed by seed.
func NewRandom(seed uint64) *Random { return &Random{seed: seed} }

// Decide returns the id of a uniformly chosen legal action.
func (r *Random) Decide(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
	legal := req.GetLegalActions()
	if len(legal) == 0 {
		return 0, fmt.Errorf("bots: no legal action")
	}
	rng := rand.New(rand.NewPCG(r.seed, r.n))
	r.n++
	return legal[rng.IntN(len(legal))].GetActionId(), nil
}

// Blind implements [Blind]: Random reads the legal actions only.
func (r *Random) Blind() {}

// Resume implements [Resumer].
func (r *Random) Resume(decisions uint64) { r.n = decisions }
