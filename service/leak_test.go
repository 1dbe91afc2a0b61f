package service

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// seen is one message a reader received: the card ids in it and the latest event seq it may
// reflect (an event's own seq, a decision request's seq, a welcome's last_seq).
type seen struct {
	reader int // seat, or -1 for a spectator
	seq    uint64
	what   string
	cards  []uint32
}

// cardIDs returns the id of every bezique.v1.Card anywhere in m (a hidden card is absent, so every
// Card present is a card shown to the reader).
func cardIDs(m proto.Message) []uint32 {
	var out []uint32
	var walk func(protoreflect.Message)
	walk = func(m protoreflect.Message) {
		if m.Descriptor().FullName() == "bezique.v1.Card" {
			out = append(out, uint32(m.Get(m.Descriptor().Fields().ByName("id")).Uint()))
			return
		}
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			switch {
			case fd.IsList() && fd.Message() != nil:
				for i := 0; i < v.List().Len(); i++ {
					walk(v.List().Get(i).Message())
				}
			case fd.IsMap():
				if fd.MapValue().Message() != nil {
					v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool { walk(mv.Message()); return true })
				}
			case fd.Message() != nil:
				walk(v.Message())
			}
			return true
		})
	}
	walk(m.ProtoReflect())
	return out
}

// leakRecorder keeps every message the seats and the spectator of one table received.
type leakRecorder struct {
	mu   sync.Mutex
	msgs []seen
}

func (l *leakRecorder) add(reader int, seq uint64, what string, m proto.Message) {
	ids := cardIDs(m)
	l.mu.Lock()
	l.msgs = append(l.msgs, seen{reader: reader, seq: seq, what: what, cards: ids})
	l.mu.Unlock()
}

// visibility is, per reader (seats, then the spectator last), the cards it may have seen in the
// current deal. It is computed from the full, unredacted engine events, independently of the
// referee's redaction (engine.Event.Redact) and of engine.Game.View.
type visibility struct {
	seats int
	may   [][engine.MaxCards]bool // index seats is the spectator
}

func newVisibility(seats int) *visibility {
	return &visibility{seats: seats, may: make([][engine.MaxCards]bool, seats+1)}
}

func (v *visibility) all(cs ...engine.Card) {
	for _, c := range cs {
		if c != engine.NoCard {
			for r := range v.may {
				v.may[r][c] = true
			}
		}
	}
}

func (v *visibility) seat(s int, cs ...engine.Card) {
	for _, c := range cs {
		if c != engine.NoCard {
			v.may[s][c] = true
		}
	}
}

// apply updates visibility with one full engine event: a seat sees its own dealt and drawn cards;
// everyone sees the turn-up, every played, won or melded card, an exchanged seven and the card
// taken, a declared or played-and-scored seven, and a revealed last stock card. A new deal starts
// afresh (card ids are physical cards, dealt again).
func (v *visibility) apply(e engine.Event) {
	switch e.Kind {
	case engine.EvDeal:
		for r := range v.may {
			v.may[r] = [engine.MaxCards]bool{}
		}
		v.all(e.Card)
	case engine.EvHand:
		v.seat(e.Seat, e.Cards.Slice()...)
	case engine.EvDraw:
		if e.Revealed {
			v.all(e.Card)
		} else {
			v.seat(e.Seat, e.Card)
		}
	case engine.EvPlay, engine.EvSevenPlayed, engine.EvSevenDeclare:
		v.all(e.Card)
	case engine.EvSevenExchange:
		v.all(e.Card, e.Taken)
	case engine.EvTrick:
		v.all(e.Cards.Slice()...)
	case engine.EvMeld:
		v.all(e.Meld.Cards.Slice()...)
	}
}

type seqEvent struct {
	seq uint64
	ev  engine.Event
}

// fullEvents replays a record through the engine and returns every engine event, unredacted, with
// the table seq it had: the first deal's events are 1..n, each action's events start at its
// recorded seq (after the Intervention event when the referee chose it).
func fullEvents(t *testing.T, rec *pb.GameRecord) []seqEvent {
	t.Helper()
	start := proto.Clone(rec).(*pb.GameRecord)
	start.Actions = nil
	rp, err := wire.ReplayRecord(start)
	if err != nil {
		t.Fatal(err)
	}
	g := rp.Game
	var out []seqEvent
	for i, e := range g.Events() {
		out = append(out, seqEvent{uint64(i + 1), e})
	}
	for i, ra := range rec.GetActions() {
		if ra.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_FORFEIT {
			continue
		}
		a, err := wire.ActionFromProto(ra.GetAction())
		if err != nil {
			t.Fatalf("actions[%d]: %v", i, err)
		}
		evs, err := g.Apply(int(ra.GetSeat()), a)
		if err != nil {
			t.Fatalf("actions[%d] does not replay: %v", i, err)
		}
		seq := ra.GetSeq()
		if ra.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			// The Intervention event names the action the referee is about to apply: its cards
			// are public from that event on.
			shown := engine.Event{Kind: engine.EvPlay, Card: a.Card}
			if a.Kind == engine.DeclareMeld {
				shown = engine.Event{Kind: engine.EvMeld, Meld: a.Meld}
			}
			out = append(out, seqEvent{seq, shown})
			seq++
		}
		for j, e := range evs {
			out = append(out, seqEvent{seq + uint64(j), e})
		}
	}
	return out
}

// checkNoLeak checks every recorded message against what its reader may have seen by then.
func checkNoLeak(t *testing.T, rec *pb.GameRecord, msgs []seen) {
	t.Helper()
	evs := fullEvents(t, rec)
	seats := len(rec.GetSeats())
	sort.SliceStable(msgs, func(i, j int) bool { return msgs[i].seq < msgs[j].seq })
	vis := newVisibility(seats)
	next := 0
	for _, m := range msgs {
		for next < len(evs) && evs[next].seq <= m.seq {
			vis.apply(evs[next].ev)
			next++
		}
		r := m.reader
		if r < 0 {
			r = seats
		}
		for _, id := range m.cards {
			if id >= engine.MaxCards || !vis.may[r][id] {
				var near []string
				for _, e := range evs {
					if e.seq+3 >= m.seq && e.seq <= m.seq+1 {
						near = append(near, fmt.Sprintf("%d: %v", e.seq, e.ev))
					}
				}
				t.Fatalf("table %s: reader %d (-1 spectator) got card %s in %s at seq %d, which it may not see; engine events around it: %q", rec.GetTableId(), m.reader, engine.Card(id), m.what, m.seq, near)
			}
		}
	}
}

// playRecorded plays a table with random Go bots and a spectator and records every message each
// of them received.
func playRecorded(t *testing.T, r *referee, req *pb.CreateTableRequest) (*pb.GameRecord, []seen) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	resp, err := r.tables.CreateTable(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	l := &leakRecorder{}
	stream, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			m, err := stream.Recv()
			if err != nil {
				return
			}
			l.add(-1, m.GetEvent().GetSeq(), "spectator event", m)
		}
	}()
	for _, st := range resp.GetSeatTokens() {
		seat := int(st.GetSeat())
		cfg := r.botConfig(resp.GetTableId(), seat, st.GetToken())
		cfg.OnEvent = func(e *pb.Event) { l.add(seat, e.GetSeq(), "event", e) }
		cfg.OnWelcome = func(w *pb.Welcome) { l.add(seat, w.GetLastSeq(), "welcome", w) }
		rnd := botsdk.NewRandom(uint64(seat) + uint64(time.Now().UnixNano()))
		bot := botsdk.BotFunc(func(ctx context.Context, dr *pb.DecisionRequest) (uint32, error) {
			l.add(seat, dr.GetSeq(), "decision request", dr)
			return rnd.Decide(ctx, dr)
		})
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := botsdk.Play(ctx, cfg, bot); err != nil {
				t.Errorf("seat %d: %v", seat, err)
			}
		}()
	}
	wg.Wait()
	return r.record(t, resp.GetTableId()), l.msgs
}

// TestNoLeakOverTheWire plays many random games of every variant over gRPC and checks that no
// seat ever receives a card it may not see, and that spectators receive public cards only.
func TestNoLeakOverTheWire(t *testing.T) {
	games := 30
	switch {
	case testing.Short():
		games = 1 // about 5 s a game under -race
	case raceEnabled:
		games = 3 // the full 30 per variant run without -race (about 40 s)
	}
	r := startReferee(t, nil, func(c *Config) { c.PingInterval = time.Hour })
	variants := []struct {
		v     pb.Variant
		seats int
	}{{pb.Variant_VARIANT_TWO_HANDED, 2}, {pb.Variant_VARIANT_THREE_HANDED, 3}, {pb.Variant_VARIANT_FOUR_HANDED, 4}, {pb.Variant_VARIANT_FOUR_HANDED_INDIVIDUAL, 4}}
	for _, vc := range variants {
		t.Run(vc.v.String(), func(t *testing.T) {
			for g := range games {
				req := &pb.CreateTableRequest{Variant: vc.v, Seats: remoteSeats(vc.seats), Seed: seed32(byte(100 + g))}
				if g%3 == 1 && vc.seats > 2 {
					req.Seats[1] = builtinSeat("random") // mixed tables too
				}
				if g%5 == 2 {
					// A short clock so the referee plays for the seats sometimes.
					req.Clock = &pb.Clock{DecisionMs: 10, BankMs: proto.Uint32(1)}
				}
				rec, msgs := playRecorded(t, r, req)
				if len(msgs) == 0 {
					t.Fatal("no messages recorded")
				}
				checkNoLeak(t, rec, msgs)
				if t.Failed() {
					t.Fatalf("game %d (%s)", g, fmt.Sprint(vc.v))
				}
			}
		})
	}
}

// TestLeakCheckerCatchesLeaks makes sure the checker above fails on a leaked card: a seat's
// message naming a card of another seat's dealt hand.
func TestLeakCheckerCatchesLeaks(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.PingInterval = time.Hour })
	rec, _ := playRecorded(t, r, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Seed: seed32(1)})
	evs := fullEvents(t, rec)
	var other engine.Card = engine.NoCard
	var at uint64
	for _, e := range evs {
		if e.ev.Kind == engine.EvHand && e.ev.Seat == 1 {
			other, at = e.ev.Cards.At(0), e.seq
			break
		}
	}
	ft := &testing.T{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		checkNoLeak(ft, rec, []seen{{reader: 0, seq: at, what: "planted", cards: []uint32{uint32(other)}}})
	}()
	<-done
	if !ft.Failed() {
		t.Fatal("the checker let seat 0 see a card of seat 1's hand")
	}
}
