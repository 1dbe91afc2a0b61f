package engine

import "testing"

// announcements follows the pending announcements of allow_pending_declarations (RULES.md §8.18)
// from the events alone, as a seat that keeps its own view does, and checks that every
// announcement ends exactly once: scored (an EvMeld with Announced, right after the seat's trick
// win) or lapsed (an EvAnnouncementLapsed, right after a play of one of its cards, or right before
// phase 2), unless the game ends first.
type announcements struct {
	pending [4]Meld // per seat, from the events; Kind NoMeld when none
	made    int     // announcements made
	scored  int     // announcements scored
	lapsed  [3]int  // announcements lapsed, by LapseCause
	view    View    // checkView's, reused
}

// add adds b's counts to a's.
func (a *announcements) add(b announcements) {
	a.made += b.made
	a.scored += b.scored
	for i := range a.lapsed {
		a.lapsed[i] += b.lapsed[i]
	}
}

// follow checks and applies events, the log from index from (events before it are earlier).
func (a *announcements) follow(t testing.TB, log []Event, from int) {
	for i := from; i < len(log); i++ {
		e := log[i]
		var prev, next Event
		if i > 0 {
			prev = log[i-1]
		}
		if i+1 < len(log) {
			next = log[i+1]
		}
		switch {
		case e.Kind == EvMeld && e.Pending:
			if a.pending[e.Seat].Kind != NoMeld || e.Points != 0 || e.Announced {
				t.Fatalf("event %d %s: seat %d announces with %s pending", i, e, e.Seat, a.pending[e.Seat])
			}
			a.pending[e.Seat] = e.Meld
			a.made++
		case e.Kind == EvMeld && e.Announced:
			m := a.pending[e.Seat]
			if !sameMeld(m, e.Meld) || e.Points != e.Meld.Points || e.Points == 0 {
				t.Fatalf("event %d %s: scores %s, pending %s", i, e, e.Meld, m)
			}
			if (prev.Kind != EvTrick && prev.Kind != EvLastTrick) || prev.Seat != e.Seat {
				t.Fatalf("event %d %s: not right after the seat's trick win but after %s", i, e, prev)
			}
			a.pending[e.Seat] = Meld{}
			a.scored++
		case e.Kind == EvAnnouncementLapsed:
			m := a.pending[e.Seat]
			if m.Kind == NoMeld || !sameMeld(m, e.Meld) || e.Points != 0 {
				t.Fatalf("event %d %s: lapses %s, pending %s", i, e, e.Meld, m)
			}
			switch e.Lapse {
			case LapseCardPlayed:
				if prev.Kind != EvPlay || prev.Seat != e.Seat || prev.Card != e.Card || !prev.FromTable || !m.Cards.Contains(e.Card) {
					t.Fatalf("event %d %s: not right after a play of the meld's card but after %s", i, e, prev)
				}
			case LapsePhase2:
				if e.Card != NoCard || (next.Kind != EvPhase2 && next.Kind != EvAnnouncementLapsed) {
					t.Fatalf("event %d %s: not right before phase 2 but before %s", i, e, next)
				}
			default:
				t.Fatalf("event %d %s: cause %s", i, e, e.Lapse)
			}
			a.pending[e.Seat] = Meld{}
			a.lapsed[e.Lapse]++
		case e.Kind == EvPlay && e.FromTable && a.pending[e.Seat].Cards.Contains(e.Card):
			if next.Kind != EvAnnouncementLapsed || next.Seat != e.Seat {
				t.Fatalf("event %d %s: a card of the pending %s played, and no lapse follows but %s", i, e, a.pending[e.Seat], next)
			}
		case e.Kind == EvPhase2 || e.Kind == EvDealEnd:
			if a.pending != [4]Meld{} {
				t.Fatalf("event %d %s: announcements still pending %v", i, e, a.pending)
			}
		}
	}
}

// checkView checks that the game's views show the pending announcements the events say, each
// with the points it will score. It builds them with ViewSince without the deal's completed
// tricks, which it does not look at: View's copy of every trick of the deal after every action
// took a fifth of the long run.
func (a *announcements) checkView(t testing.TB, g *Game) {
	v := &a.view
	for _, seat := range []int{NoSeat, g.Turn()} {
		g.ViewSince(v, seat, g.trickNo)
		for s, m := range v.Pending {
			if !sameMeld(m, a.pending[s]) || (m.Kind != NoMeld && m.Points != v.MeldValues[m.Kind]) {
				t.Fatalf("view of seat %d: seat %d pending %s, events say %s", seat, s, m, a.pending[s])
			}
		}
	}
}

// checkEnd checks, once the game is over, that every announcement made has ended, except those
// still pending when end_check=immediate ended the game in phase 1.
func (a *announcements) checkEnd(t testing.TB, g *Game) {
	t.Helper()
	left := 0
	for _, m := range a.pending {
		if m.Kind != NoMeld {
			left++
		}
	}
	log := g.Events()
	if left > 0 && (g.rules.EndCheck != EndCheckImmediate || log[len(log)-2].Kind == EvDealEnd) {
		t.Fatalf("%d announcements pending at the game's end %s", left, log[len(log)-1])
	}
	if ended := a.scored + a.lapsed[LapseCardPlayed] + a.lapsed[LapsePhase2]; a.made != ended+left {
		t.Fatalf("%d announcements made, %d scored or lapsed, %d pending at the end", a.made, ended, left)
	}
}

// sameMeld reports whether two melds have the same kind and cards (the points of an announcement
// are 0 in its event).
func sameMeld(a, b Meld) bool { return a.Kind == b.Kind && a.Cards == b.Cards }
