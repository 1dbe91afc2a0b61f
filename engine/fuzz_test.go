package engine

import (
	"testing"
)

// FuzzActions plays a game driven by the fuzzer's bytes: each step either picks one of the legal
// actions or sends a raw action built from the bytes (mostly refused). The engine must never
// panic, must leave the state unchanged on a refusal, and its totals must equal its scoring events.
// Run with: go test -fuzz FuzzActions ./engine
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 200, 17, 3, 250, 9, 9, 9, 128, 64, 32, 16})
	f.Add([]byte{2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{3, 255, 254, 253, 252, 251, 250, 1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		v := Variants[int(data[0])%len(Variants)]
		g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(uint64(data[1]))})
		if err != nil {
			t.Fatal(err)
		}
		var buf []Action
		for i := 2; i+1 < len(data) && !g.Over(); i += 2 {
			s := g.Turn()
			buf = g.Legal(s, buf[:0])
			op, arg := data[i], data[i+1]
			var a Action
			seat := s
			switch op % 8 {
			case 0, 1, 2, 3, 4:
				a = buf[int(arg)%len(buf)]
			case 5:
				a = Play(Card(arg))
			case 6:
				a = Action{Kind: ActionKind(arg % 8), Card: Card(arg)}
				seat = int(op/8) % (g.n + 1)
			case 7:
				var cs CardSet
				for k := 0; k < int(arg%9) && i+2+k < len(data); k++ {
					cs.Add(Card(data[i+2+k]))
				}
				a = Action{Kind: DeclareMeld, Meld: Meld{Kind: MeldKind(op % 13), Cards: cs}}
			}
			before := g.View(seat)
			if _, err := g.Apply(seat, a); err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("Apply returned a %T, not *Error: %v", err, err)
				}
				if after := g.View(seat); !viewsEqual(before, after) {
					t.Fatalf("refused %s changed the view", a)
				}
			}
		}
		var sum [4]int
		for _, e := range g.Events() {
			switch e.Kind {
			case EvTurnUpSeven, EvSevenPlayed, EvTrick, EvMeld, EvSevenExchange, EvSevenDeclare, EvLastTrick, EvBrisques:
				sum[e.Side] += e.Points
			}
		}
		for side, total := range g.Totals() {
			if sum[side] != total {
				t.Fatalf("side %d total %d, events %d", side, total, sum[side])
			}
		}
	})
}

func viewsEqual(a, b View) bool {
	return a.Phase == b.Phase && a.ToAct == b.ToAct && a.StockSize == b.StockSize && a.TrickNo == b.TrickNo &&
		len(a.Hand) == len(b.Hand) && len(a.Trick) == len(b.Trick) && a.Window == b.Window
}

// FuzzParseAction: any text ParseAction accepts prints as an action that parses back to the same
// action. Run with: go test -fuzz FuzzParseAction ./engine
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"play QSb", "meld bezique QSb JDa (40)", "meld QS JD", "exchange 7Hb", "declare 10H", "pass", "end", "meld x y (z)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		b, err := ParseAction(a.String())
		if err != nil || b != a {
			t.Fatalf("ParseAction(%q) = %+v, printed %q, read back %+v, %v", s, a, a.String(), b, err)
		}
	})
}
