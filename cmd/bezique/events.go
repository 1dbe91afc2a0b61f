package main

import (
	"fmt"
	"strings"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// cardText returns a card's text form (face and copy, "QSa"), or "a card" for a hidden one.
func cardText(c *pb.Card) string {
	if c == nil {
		return "a card"
	}
	return c.GetText()
}

func cardsText(cs []*pb.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = cardText(c)
	}
	return strings.Join(out, " ")
}

func suitText(s pb.Suit) string {
	if s == pb.Suit_SUIT_UNSPECIFIED {
		return "none yet" // fixed by the first marriage or sequence (RULES.md §3.6.3)
	}
	if s > pb.Suit_SUIT_CLUBS {
		return "?"
	}
	return [...]string{"♠", "♥", "♦", "♣"}[s-1]
}

func meldText(m *pb.Meld) string {
	kind := strings.TrimPrefix(m.GetKind().String(), "MELD_KIND_")
	return fmt.Sprintf("%s %s (%d)", strings.ToLower(kind), cardsText(m.GetCards()), m.GetPoints())
}

// resultText is a game's result in one line ([wire.ResultText]): "forfeit by seat 0 (timeout:
// decision deadline passed), side 1 wins; side 0 120, side 1 340".
func resultText(res *pb.GameResult) string { return wire.ResultText(res) }

func scoresText(scs []*pb.SideScore) string {
	out := make([]string, len(scs))
	for i, s := range scs {
		out[i] = fmt.Sprintf("side %d %d", s.GetSide(), s.GetTotal())
	}
	return strings.Join(out, ", ")
}

// actionText returns an action in words: "play QSa", "meld bezique QSa JDa (40)".
func actionText(a *pb.Action) string {
	switch k := a.GetKind().(type) {
	case *pb.Action_Play:
		if k.Play.GetFromTable() {
			return "play " + cardText(k.Play.GetCard()) + " (from the table)"
		}
		return "play " + cardText(k.Play.GetCard())
	case *pb.Action_Meld:
		return "meld " + meldText(k.Meld.GetMeld())
	case *pb.Action_SevenExchange:
		if t := k.SevenExchange.GetTaken(); t != nil {
			return "exchange the seven " + cardText(k.SevenExchange.GetSeven()) + " for the turn-up " + cardText(t) + " (10)"
		}
		return "exchange the seven " + cardText(k.SevenExchange.GetSeven()) + " for the turn-up (10)"
	case *pb.Action_SevenDeclare:
		return "declare the seven " + cardText(k.SevenDeclare.GetSeven()) + " (10)"
	case *pb.Action_PassMeld:
		return "pass the meld to your partner"
	case *pb.Action_EndWindow:
		return "end (no more melds this trick)"
	case *pb.Action_CarteBlanche:
		return "show carte blanche (no king, queen or jack)"
	}
	return "?"
}

// eventText returns one event as a human-readable line, or "" for an event not worth a line.
func eventText(e *pb.Event) string {
	switch k := e.GetPayload().(type) {
	case *pb.Event_DealStarted:
		d := k.DealStarted
		return fmt.Sprintf("deal %d: seat %d deals; trump %s, turn-up %s", d.GetDeal(), d.GetDealer(), suitText(d.GetTrump()), cardText(d.GetTurnUp()))
	case *pb.Event_HandDealt:
		if len(k.HandDealt.GetCards()) == 0 {
			return ""
		}
		return fmt.Sprintf("seat %d is dealt %s", k.HandDealt.GetSeat(), cardsText(k.HandDealt.GetCards()))
	case *pb.Event_TurnUpSeven:
		return fmt.Sprintf("the turn-up is a seven: side %d scores %d", k.TurnUpSeven.GetSide(), k.TurnUpSeven.GetPoints())
	case *pb.Event_CardPlayed:
		return fmt.Sprintf("seat %d plays %s", k.CardPlayed.GetSeat(), cardText(k.CardPlayed.GetCard()))
	case *pb.Event_TrickWon:
		t := k.TrickWon
		s := fmt.Sprintf("seat %d wins trick %d (%s)", t.GetWinner(), t.GetTrick(), cardsText(t.GetCards()))
		if t.GetPoints() > 0 {
			s += fmt.Sprintf(", %d points", t.GetPoints())
		}
		return s
	case *pb.Event_Melded:
		if k.Melded.GetPending() {
			return fmt.Sprintf("seat %d announces %s, to score at its next trick", k.Melded.GetSeat(), meldText(k.Melded.GetMeld()))
		}
		if k.Melded.GetAnnounced() {
			return fmt.Sprintf("seat %d scores its announced %s", k.Melded.GetSeat(), meldText(k.Melded.GetMeld()))
		}
		return fmt.Sprintf("seat %d melds %s", k.Melded.GetSeat(), meldText(k.Melded.GetMeld()))
	case *pb.Event_AnnouncementLapsed:
		l := k.AnnouncementLapsed
		why := "phase 2 began"
		if l.GetCause() == pb.LapseCause_LAPSE_CAUSE_CARD_PLAYED {
			why = cardText(l.GetCard()) + " was played"
		}
		return fmt.Sprintf("seat %d's announced %s lapses, unscored: %s", l.GetSeat(), meldText(l.GetMeld()), why)
	case *pb.Event_SevenExchanged:
		x := k.SevenExchanged
		return fmt.Sprintf("seat %d exchanges %s for the turn-up %s (%d)", x.GetSeat(), cardText(x.GetSeven()), cardText(x.GetTaken()), x.GetPoints())
	case *pb.Event_SevenDeclared:
		return fmt.Sprintf("seat %d declares the seven %s (%d)", k.SevenDeclared.GetSeat(), cardText(k.SevenDeclared.GetSeven()), k.SevenDeclared.GetPoints())
	case *pb.Event_SevenPlayedScored:
		return fmt.Sprintf("seat %d scores %d for playing %s", k.SevenPlayedScored.GetSeat(), k.SevenPlayedScored.GetPoints(), cardText(k.SevenPlayedScored.GetSeven()))
	case *pb.Event_MeldPassed:
		return fmt.Sprintf("seat %d passes the meld to the partner", k.MeldPassed.GetSeat())
	case *pb.Event_WindowEnded:
		return ""
	case *pb.Event_CardDrawn:
		if k.CardDrawn.GetCard() == nil {
			return ""
		}
		return fmt.Sprintf("seat %d draws %s", k.CardDrawn.GetSeat(), cardText(k.CardDrawn.GetCard()))
	case *pb.Event_Phase2Started:
		if d := k.Phase2Started.GetDuel(); d > 0 {
			return fmt.Sprintf("phase 2, duel %d: seat %d leads", d, k.Phase2Started.GetLeader())
		}
		return fmt.Sprintf("phase 2 (the last eight tricks): seat %d leads", k.Phase2Started.GetLeader())
	case *pb.Event_BrisquesScored:
		b := k.BrisquesScored
		return fmt.Sprintf("side %d scores %d for %d brisques", b.GetSide(), b.GetPoints(), b.GetCount())
	case *pb.Event_LastTrickScored:
		return fmt.Sprintf("seat %d scores %d for the last trick", k.LastTrickScored.GetSeat(), k.LastTrickScored.GetPoints())
	case *pb.Event_DealEnded:
		return fmt.Sprintf("deal %d ends: %s", k.DealEnded.GetDeal(), scoresText(k.DealEnded.GetScores()))
	case *pb.Event_GameEnded:
		ge := k.GameEnded
		if ge.GetTie() {
			return "game over: a tie; " + scoresText(ge.GetScores())
		}
		s := fmt.Sprintf("game over: side %d wins; %s", ge.GetWinnerSide(), scoresText(ge.GetScores()))
		if ge.GetGamePoints() > 0 {
			s += fmt.Sprintf("; %d game points", ge.GetGamePoints())
			if ge.GetRubicon() {
				s += " (rubicon)"
			}
		}
		return s
	case *pb.Event_TrumpFixed:
		return fmt.Sprintf("seat %d's meld fixes trump: %s", k.TrumpFixed.GetSeat(), suitText(k.TrumpFixed.GetTrump()))
	case *pb.Event_CarteBlancheShown:
		c := k.CarteBlancheShown
		return fmt.Sprintf("seat %d shows carte blanche %s (%d)", c.GetSeat(), cardsText(c.GetCards()), c.GetPoints())
	case *pb.Event_Intervention:
		i := k.Intervention
		if i.GetKind() == pb.InterventionKind_INTERVENTION_KIND_FORFEIT {
			return fmt.Sprintf("seat %d forfeits (%s)", i.GetSeat(), printable(i.GetReason()))
		}
		return fmt.Sprintf("referee acts for seat %d (%s): %s", i.GetSeat(), printable(i.GetReason()), actionText(i.GetAction()))
	case *pb.Event_SeatConnected:
		return fmt.Sprintf("seat %d connected", k.SeatConnected.GetSeat())
	case *pb.Event_SeatDisconnected:
		return fmt.Sprintf("seat %d disconnected", k.SeatDisconnected.GetSeat())
	case *pb.Event_TableCancelled:
		return "table cancelled: " + printable(k.TableCancelled.GetReason())
	}
	return ""
}

// progress follows a game's events for a one-line progress display: deal, trick and every side's
// points (deal points from the scoring events, totals from the deal ends).
type progress struct {
	sides  int
	deal   uint32
	trick  uint32
	points []int
	totals []int
}

func newProgress(sides int) *progress {
	return &progress{sides: sides, points: make([]int, sides), totals: make([]int, sides)}
}

// add folds one event in; side maps a seat to its side.
func (p *progress) add(e *pb.Event, side func(seat uint32) int) {
	switch k := e.GetPayload().(type) {
	case *pb.Event_DealStarted:
		p.deal, p.trick = k.DealStarted.GetDeal(), 0
		clear(p.points)
	case *pb.Event_TrickWon:
		p.trick = k.TrickWon.GetTrick()
		p.points[side(k.TrickWon.GetWinner())] += int(k.TrickWon.GetPoints())
	case *pb.Event_Melded:
		p.points[side(k.Melded.GetSeat())] += int(k.Melded.GetMeld().GetPoints())
	case *pb.Event_SevenExchanged:
		p.points[side(k.SevenExchanged.GetSeat())] += int(k.SevenExchanged.GetPoints())
	case *pb.Event_SevenDeclared:
		p.points[side(k.SevenDeclared.GetSeat())] += int(k.SevenDeclared.GetPoints())
	case *pb.Event_SevenPlayedScored:
		p.points[side(k.SevenPlayedScored.GetSeat())] += int(k.SevenPlayedScored.GetPoints())
	case *pb.Event_TurnUpSeven:
		p.points[k.TurnUpSeven.GetSide()] += int(k.TurnUpSeven.GetPoints())
	case *pb.Event_BrisquesScored:
		p.points[k.BrisquesScored.GetSide()] += int(k.BrisquesScored.GetPoints())
	case *pb.Event_LastTrickScored:
		p.points[k.LastTrickScored.GetSide()] += int(k.LastTrickScored.GetPoints())
	case *pb.Event_DealEnded:
		p.setTotals(k.DealEnded.GetScores())
	case *pb.Event_GameEnded:
		p.setTotals(k.GameEnded.GetScores())
	}
}

func (p *progress) setTotals(scs []*pb.SideScore) {
	for _, s := range scs {
		if int(s.GetSide()) < p.sides {
			p.totals[s.GetSide()] = int(s.GetTotal())
		}
	}
}

// line returns the progress line: "deal 2  trick 17  side 0: 120 (total 540)  side 1: ...".
func (p *progress) line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "deal %d  trick %2d ", p.deal, p.trick)
	for s := range p.sides {
		fmt.Fprintf(&b, " side %d: %4d (total %4d)", s, p.points[s], p.totals[s])
	}
	return b.String()
}
