package engine

import (
	"strings"
	"testing"
)

// The RULES.md §6 vectors of option allow_pending_declarations (RULES.md §2 R9, §8.18, FOS).

// pendingPosition is vectors 55 and 56's position: trump ♣; N, holding four kings, Q♠a and the
// marriage K♥ Q♥, leads A♠a to trick 1, which D's 7♠a loses; then N melds four kings (+80).
func pendingPosition(t *testing.T, opts map[string]string, d string) *pos {
	t.Helper()
	p := setup(t, position{opts: opts, turnUp: "9Ca", fill: 4,
		hands: []string{d, "ASa KSa KHa KDa KCa QSa QHa 7Ha"}})
	p.trick(nS)
	p.ok(nS, p.play("ASa"), "seat 1 plays ASa")
	p.ok(dS, p.play("7Sa"), "seat 0 plays 7Sa", "trick 1 to seat 1: ASa 7Sa")
	p.ok(nS, p.meld("KSa KHa KDa KCa"), "seat 1 melds four_kings KSa KHa KDa KCa (80)")
	return p
}

// 55. allow_pending_declarations: after four kings (+80) N announces K♠a+Q♠a → accepted, 0 now,
// tabled; a third meld → refused (R9); N's next trick win scores +20 at once as that window's
// meld, and a further meld there is a new announcement. Without the option the announcement →
// refused (R9).
func TestVector55PendingDeclaration(t *testing.T) {
	const d = "7Sa 7Hb 8Sa 9Sa 7Da 8Da 9Da 8Db"
	p := pendingPosition(t, nil, d)
	p.no(nS, p.meld("KSa QSa"), CodeRule, "RULES.md §2 R9")

	p = pendingPosition(t, map[string]string{"allow_pending_declarations": "true"}, d)
	p.ok(nS, p.meld("KSa QSa"), "seat 1 announces common_marriage KSa QSa (0), to score at its next trick")
	p.at("KSa", "table1", "QSa", "table1")
	p.pending(nS, "common_marriage KSa QSa (20)")
	p.no(nS, p.meld("KHa QHa"), CodeRule, "RULES.md §2 R9")
	p.do(nS, endWin)
	p.ok(nS, p.play("7Ha"), "seat 1 plays 7Ha")
	evs := p.ok(dS, p.play("7Hb"), "seat 0 plays 7Hb", "trick 2 to seat 1: 7Ha 7Hb", "seat 1 scores its announced common_marriage KSa QSa (20)")
	if e := evs[2]; e.Kind != EvMeld || !e.Announced || e.Pending || e.Points != 20 || e.Side != nS {
		t.Fatalf("the scoring of the announcement: %+v", e)
	}
	if got := p.g.Totals(); got[nS] != 100 {
		t.Fatalf("N's total %d, want 80 + 20", got[nS])
	}
	p.pending(nS, "")
	p.ok(nS, p.meld("KHa QHa"), "seat 1 announces common_marriage KHa QHa (0), to score at its next trick")
	p.pending(nS, "common_marriage KHa QHa (20)")
}

// pending checks every view's pending announcements (View.Pending): seat's is want (a Meld's text
// form, "" for none), every other seat's none; a spectator sees the same as the seats.
func (p *pos) pending(seat int, want string) {
	p.t.Helper()
	for _, v := range p.views() {
		for s, m := range v.Pending {
			got := ""
			if m.Kind != NoMeld {
				got = m.String()
			}
			w := ""
			if s == seat {
				w = want
			}
			if got != w {
				p.t.Fatalf("view of seat %d: seat %d's pending announcement %q, want %q", v.Seat, s, got, w)
			}
		}
		if len(v.Pending) != p.g.n {
			p.t.Fatalf("view of seat %d: %d pending entries, want %d", v.Seat, len(v.Pending), p.g.n)
		}
	}
}

// 56. The announced marriage lapses: N plays Q♠a from the table to trick 2 → the announcement
// lapses as the card is played (an EvAnnouncementLapsed, cause LapseCardPlayed); D wins trick 2,
// and N's win of trick 3 scores nothing for it.
func TestVector56PendingDeclarationLapses(t *testing.T) {
	p := pendingPosition(t, map[string]string{"allow_pending_declarations": "true"}, "7Sa ASb 8Sa 9Sa 7Da 8Da 9Da 8Db")
	p.ok(nS, p.meld("KSa QSa"), "seat 1 announces common_marriage KSa QSa (0), to score at its next trick")
	p.do(nS, endWin)
	evs := p.ok(nS, p.play("QSa"), "seat 1 plays QSa (from table)", "seat 1's announced common_marriage KSa QSa (20) lapses: QSa played")
	if e := evs[1]; e.Kind != EvAnnouncementLapsed || e.Lapse != LapseCardPlayed || e.Card != card(t, "QSa") || e.Points != 0 {
		t.Fatalf("the lapse: %+v", e)
	}
	p.pending(nS, "")
	p.ok(dS, p.play("ASb"), "seat 0 plays ASb", "trick 2 to seat 0: QSa ASb")
	p.do(dS, endWin)
	p.ok(dS, p.play("7Da"), "seat 0 plays 7Da")
	p.ok(nS, p.play("KCa"), "seat 1 plays KCa (from table)", "trick 3 to seat 1: 7Da KCa")
	if got := p.g.Totals(); got[nS] != 80 {
		t.Fatalf("N's total %d, want 80: the announced marriage lapsed", got[nS])
	}
	p.ok(nS, p.meld("KHa QHa"), "seat 1 melds common_marriage KHa QHa (20)")
}

// 56b. A lapsed announcement scored nothing, so its cards are as they were before it: after
// vector 56's lapse (K♠a Q♠a announced, Q♠a played), N's next won trick lets K♠a marry Q♠b
// (+20). It was refused "K♠a is already married" (R3), and a lapsed bezique's jack stayed "in a
// bezique that is not whole" (R6): an outside rules audit.
func TestVector56bLapsedAnnouncementLeavesItsCardsFree(t *testing.T) {
	for _, c := range []struct {
		hand, announced, lapsed, then, melds string
	}{
		{"ASa KSa KHa KDa KCa QSa QHa QSb", "common_marriage KSa QSa", "common_marriage KSa QSa (20)", "KSa QSb", "common_marriage KSa QSb (20)"},
		// A lapsed bezique: its J♦a then forms a bezique with Q♠b.
		{"ASa KSa KHa KDa KCa QSa JDa QSb", "bezique QSa JDa", "bezique QSa JDa (40)", "QSb JDa", "bezique QSb JDa (40)"},
	} {
		p := setup(t, position{opts: map[string]string{"allow_pending_declarations": "true"}, turnUp: "9Ca", fill: 4,
			hands: []string{"7Sa ASb 8Sa 9Sa 7Da 8Da 9Da 8Db", c.hand}})
		p.trick(nS)
		p.ok(nS, p.play("ASa"), "seat 1 plays ASa")
		p.ok(dS, p.play("7Sa"), "seat 0 plays 7Sa", "trick 1 to seat 1: ASa 7Sa")
		p.ok(nS, p.meld("KSa KHa KDa KCa"), "seat 1 melds four_kings KSa KHa KDa KCa (80)")
		p.ok(nS, p.meld(strings.SplitN(c.announced, " ", 2)[1]), "seat 1 announces "+c.announced+" (0), to score at its next trick")
		p.do(nS, endWin)
		p.ok(nS, p.play("QSa"), "seat 1 plays QSa (from table)", "seat 1's announced "+c.lapsed+" lapses: QSa played")
		p.ok(dS, p.play("ASb"), "seat 0 plays ASb", "trick 2 to seat 0: QSa ASb")
		p.do(dS, endWin)
		p.ok(dS, p.play("7Da"), "seat 0 plays 7Da")
		p.ok(nS, p.play("KCa"), "seat 1 plays KCa (from table)", "trick 3 to seat 1: 7Da KCa")
		p.ok(nS, p.meld(c.then), "seat 1 melds "+c.melds)
	}
}

// 57. The announced marriage lapses at phase 2: trump ♣; N wins trick 24, the last of phase 1,
// melds four kings (+80) and announces K♠a+Q♠a; the last draw ends phase 1 → the announcement
// lapses (EvAnnouncementLapsed, cause LapsePhase2, before EvPhase2) and scores nothing.
func TestVector57PendingDeclarationLapsesAtPhase2(t *testing.T) {
	p := setup(t, position{opts: map[string]string{"allow_pending_declarations": "true"}, turnUp: "9Ca", stock: "JHa",
		trickNo: 23, hands: []string{"9Sa", "TSa KSa KHa KDa KCa QSa"}})
	p.trick(nS)
	p.ok(nS, p.play("TSa"), "seat 1 plays TSa")
	p.ok(dS, p.play("9Sa"), "seat 0 plays 9Sa", "trick 24 to seat 1: TSa 9Sa")
	p.ok(nS, p.meld("KSa KHa KDa KCa"), "seat 1 melds four_kings KSa KHa KDa KCa (80)")
	p.ok(nS, p.meld("KSa QSa"), "seat 1 announces common_marriage KSa QSa (0), to score at its next trick")
	p.pending(nS, "common_marriage KSa QSa (20)")
	evs := p.ok(nS, endWin, "seat 1 end_window", "seat 1 draws JHa", "seat 0 draws 9Ca",
		"seat 1's announced common_marriage KSa QSa (20) lapses: phase 2", "phase 2 duel 0, seat 1 leads")
	if e := evs[3]; e.Kind != EvAnnouncementLapsed || e.Lapse != LapsePhase2 || e.Card != NoCard || e.Points != 0 {
		t.Fatalf("the lapse: %+v", e)
	}
	p.pending(nS, "")
	if got := p.g.Totals(); got[nS] != 80 {
		t.Fatalf("N's total %d, want 80: the announced marriage lapsed", got[nS])
	}
}

// Legal lists a play of each of two tabled copies of one face with the same meld history when
// one is in the seat's pending announcement and the other is not: playing the first lapses the
// announcement (RULES.md §8.18), playing the second does not, so they are not interchangeable.
// Legal listed Q♠a alone, as if either copy led to the same game (a rules audit).
func TestLegalPendingCardNotInterchangeable(t *testing.T) {
	p := setup(t, position{opts: map[string]string{"allow_pending_declarations": "true"}, turnUp: "9Ca", fill: 4,
		hands: []string{"7Sa 7Hb 8Sa 9Sa 7Da 8Da 9Da 8Db", "ASa KSa KHa KDa KCa QSa QSb 7Ha"}})
	p.trick(nS)
	p.ok(nS, p.play("ASa"), "seat 1 plays ASa")
	p.ok(dS, p.play("7Sa"), "seat 0 plays 7Sa", "trick 1 to seat 1: ASa 7Sa")
	p.ok(nS, p.meld("KSa KHa KDa KCa"), "seat 1 melds four_kings KSa KHa KDa KCa (80)")
	p.ok(nS, p.meld("KSa QSa"), "seat 1 announces common_marriage KSa QSa (0), to score at its next trick")
	// Q♠b on the table with Q♠a's history (a marriage of 20 scored earlier), outside the announcement.
	p.g.cs[card(t, "QSb")] = cardState{loc: locTable, owner: nS, used: ClassMarriage, maxVal: 20}
	p.do(nS, endWin)
	var plays []string
	for _, a := range p.g.Legal(nS, nil) {
		if a.Kind == PlayCard && a.Card.Face() == card(t, "QSa").Face() {
			plays = append(plays, a.Card.String())
		}
	}
	if strings.Join(plays, " ") != "QSa QSb" {
		t.Fatalf("plays of a queen of spades listed: %q, want QSa QSb", plays)
	}
	p.ok(nS, p.play("QSb"), "seat 1 plays QSb (from table)")
	p.pending(nS, "common_marriage KSa QSa (20)")
}
