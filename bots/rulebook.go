package bots

import (
	"context"
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// Rulebook plays by the rule books' rules of thumb (RULES.md S000 "Tipps für Einsteiger"): it
// declares the best meld it can, uses the trump seven (exchanging it when the turn-up is worth
// more), gives brisques to tricks its partner wins and throws low cards to tricks the opponents
// win, keeps trumps and aces for the last tricks, wins tricks when it has a meld ready, and in
// phase 2 wins with the lowest card that wins, leads safe aces and tens, and draws trumps; it
// always shows a carte blanche (Rubicon, six-pack). It
// decides from the request alone (req.View and req.LegalActions) and is deterministic; the trick's
// winner, the cards that would beat it and the meld values are the view's (the engine's), not its
// own. The zero value is the bot.
type Rulebook struct{}

// Decide returns the id of the action the rules of thumb choose.
func (Rulebook) Decide(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
	legal := req.GetLegalActions()
	if len(legal) == 0 {
		return 0, fmt.Errorf("bots: no legal action")
	}
	if len(legal) == 1 {
		return legal[0].GetActionId(), nil
	}
	for _, la := range legal {
		if la.GetAction().GetCarteBlanche() != nil { // a carte blanche always scores (RULES.md §3.6.4)
			return la.GetActionId(), nil
		}
	}
	st := newTableState(req.GetView())
	if st.view.GetPhase() == pb.Phase_PHASE_WINDOW {
		return st.window(legal), nil
	}
	var plays []*pb.LegalAction
	for _, la := range legal {
		if la.GetAction().GetPlay() != nil {
			plays = append(plays, la)
		}
	}
	if len(plays) == 0 {
		return legal[0].GetActionId(), nil
	}
	if st.view.GetPhase() == pb.Phase_PHASE_TRICK_PHASE2 {
		return st.phase2(plays), nil
	}
	return st.phase1(plays), nil
}

// tableState is what the rules of thumb read from one view.
type tableState struct {
	view        *pb.View
	variant     engine.Variant // "" for a view without a known variant
	seat        int
	seats       int
	partnership bool
	trump       pb.Suit
	holding     []*pb.TabledCard // hand and own tabled cards; hand cards have no classes
	beating     map[uint32]bool  // ids of the cards that would take the current trick (the view's)
	meldValue   map[pb.MeldKind]int
	readyMeld   int // points of the best meld the seat could declare after winning
}

func newTableState(v *pb.View) *tableState {
	variant, _ := wire.VariantFromProto(v.GetVariant())
	st := &tableState{view: v, variant: variant, seat: int(v.GetSeat()), seats: len(v.GetSeats()), trump: v.GetTrump(),
		partnership: variant.Partnership(), beating: map[uint32]bool{}, meldValue: map[pb.MeldKind]int{}}
	for _, c := range v.GetBeatingCards() {
		st.beating[c.GetId()] = true
	}
	for _, mv := range v.GetMeldValues() {
		st.meldValue[mv.GetKind()] = int(mv.GetPoints())
	}
	for _, c := range v.GetHand() {
		st.holding = append(st.holding, &pb.TabledCard{Card: c})
	}
	if st.seat < len(v.GetSeats()) {
		st.holding = append(st.holding, v.GetSeats()[st.seat].GetTabled()...)
	}
	st.readyMeld = st.bestMeld()
	return st
}

func (st *tableState) side(seat int) int {
	if st.partnership {
		return seat % 2
	}
	return seat
}

func isBrisque(c *pb.Card) bool {
	return c.GetRank() == pb.Rank_RANK_ACE || c.GetRank() == pb.Rank_RANK_TEN
}

func hasClass(tc *pb.TabledCard, k pb.MeldClass) bool {
	for _, c := range tc.GetScoredClasses() {
		if c == k {
			return true
		}
	}
	return false
}

func (st *tableState) inHand(tc *pb.TabledCard) bool { return len(tc.GetScoredClasses()) == 0 }

// bestMeld estimates the points of the best meld the holding allows (marriages, beziques,
// quartets, the sequence, and the seven of trumps): the reason to win a trick.
func (st *tableState) bestMeld() int {
	free := func(match func(*pb.Card) bool, class pb.MeldClass) (n int, fromHand bool) {
		for _, tc := range st.holding {
			if match(tc.GetCard()) && !hasClass(tc, class) {
				n++
				fromHand = fromHand || st.inHand(tc)
			}
		}
		return n, fromHand
	}
	face := func(s pb.Suit, r pb.Rank) func(*pb.Card) bool {
		return func(c *pb.Card) bool { return c.GetSuit() == s && c.GetRank() == r }
	}
	best := 0
	for s := pb.Suit_SUIT_SPADES; s <= pb.Suit_SUIT_CLUBS; s++ {
		k, hk := free(face(s, pb.Rank_RANK_KING), pb.MeldClass_MELD_CLASS_MARRIAGE)
		q, hq := free(face(s, pb.Rank_RANK_QUEEN), pb.MeldClass_MELD_CLASS_MARRIAGE)
		if k > 0 && q > 0 && (hk || hq) {
			kind := pb.MeldKind_MELD_KIND_COMMON_MARRIAGE
			if s == st.trump {
				kind = pb.MeldKind_MELD_KIND_ROYAL_MARRIAGE
			}
			best = max(best, st.meldValue[kind])
		}
	}
	qs, hq := free(face(pb.Suit_SUIT_SPADES, pb.Rank_RANK_QUEEN), pb.MeldClass_MELD_CLASS_BEZIQUE)
	jd, hj := free(face(pb.Suit_SUIT_DIAMONDS, pb.Rank_RANK_JACK), pb.MeldClass_MELD_CLASS_BEZIQUE)
	if hq || hj {
		for n, k := range beziqueLevels[:min(qs, jd, len(beziqueLevels)-1)+1] {
			if n > 0 {
				best = max(best, st.meldValue[k])
			}
		}
	}
	for r, k := range quartets {
		if n, h := free(func(c *pb.Card) bool { return c.GetRank() == r }, pb.MeldClass_MELD_CLASS_QUARTET); n >= 4 && h {
			best = max(best, st.meldValue[k])
		}
	}
	seq, seqHand := 0, false
	for _, r := range []pb.Rank{pb.Rank_RANK_ACE, pb.Rank_RANK_TEN, pb.Rank_RANK_KING, pb.Rank_RANK_QUEEN, pb.Rank_RANK_JACK} {
		if n, h := free(face(st.trump, r), pb.MeldClass_MELD_CLASS_SEQUENCE); n > 0 {
			seq++
			seqHand = seqHand || h
		}
	}
	if seq == 5 && seqHand {
		best = max(best, st.meldValue[pb.MeldKind_MELD_KIND_SEQUENCE])
	}
	if st.liveSeven() != nil {
		best = max(best, sevenPoints)
	}
	return best
}

// sevenPoints is what the trump seven scores, exchanged or declared (RULES.md §1.9.2): not a meld,
// so not in the view's meld values.
const sevenPoints = 10

// beziqueLevels are the bezique kinds by the number of Q♠ and J♦ pairs they take.
var beziqueLevels = [...]pb.MeldKind{1: pb.MeldKind_MELD_KIND_BEZIQUE, 2: pb.MeldKind_MELD_KIND_DOUBLE_BEZIQUE,
	3: pb.MeldKind_MELD_KIND_TRIPLE_BEZIQUE, 4: pb.MeldKind_MELD_KIND_QUADRUPLE_BEZIQUE}

// quartets are the quartet kinds by rank.
var quartets = map[pb.Rank]pb.MeldKind{pb.Rank_RANK_ACE: pb.MeldKind_MELD_KIND_FOUR_ACES, pb.Rank_RANK_KING: pb.MeldKind_MELD_KIND_FOUR_KINGS,
	pb.Rank_RANK_QUEEN: pb.MeldKind_MELD_KIND_FOUR_QUEENS, pb.Rank_RANK_JACK: pb.MeldKind_MELD_KIND_FOUR_JACKS}

// liveSeven returns a trump seven in hand that can still score (the turn-up is in the stock and
// the seven has not scored), or nil.
func (st *tableState) liveSeven() *pb.Card {
	if st.view.GetTurnUp() == nil {
		return nil
	}
	for _, c := range st.view.GetHand() {
		if c.GetSuit() == st.trump && c.GetRank() == pb.Rank_RANK_SEVEN && !st.spent(c) {
			return c
		}
	}
	return nil
}

func (st *tableState) spent(c *pb.Card) bool {
	for _, s := range st.view.GetSpentSevens() {
		if s.GetId() == c.GetId() {
			return true
		}
	}
	return false
}

// window declares the best meld, then uses the trump seven, then passes the meld privilege to the
// partner (when the seat has no meld) or ends its stage.
func (st *tableState) window(legal []*pb.LegalAction) uint32 {
	var best *pb.LegalAction
	var exchange, declare, pass, end *pb.LegalAction
	for _, la := range legal {
		a := la.GetAction()
		switch {
		case a.GetMeld() != nil:
			if best == nil || a.GetMeld().GetMeld().GetPoints() > best.GetAction().GetMeld().GetMeld().GetPoints() {
				best = la
			}
		case a.GetSevenExchange() != nil:
			exchange = la
		case a.GetSevenDeclare() != nil:
			declare = la
		case a.GetPassMeld() != nil:
			pass = la
		case a.GetEndWindow() != nil:
			end = la
		}
	}
	turnUp := st.view.GetTurnUp()
	for _, la := range []*pb.LegalAction{best, pick(exchange != nil && turnUp != nil && turnUp.GetRank() > pb.Rank_RANK_SEVEN, exchange), declare, exchange, pass, end} {
		if la != nil {
			return la.GetActionId()
		}
	}
	return legal[0].GetActionId()
}

func pick(ok bool, la *pb.LegalAction) *pb.LegalAction {
	if ok {
		return la
	}
	return nil
}

// keep is how much the seat wants to keep a card in phase 1, in points: trumps and aces for the
// last eight tricks, beziques and marriage partners for melds, the live trump seven for its 10.
func (st *tableState) keep(tc *pb.TabledCard) int {
	c := tc.GetCard()
	v := [...]int{pb.Rank_RANK_SEVEN: 0, pb.Rank_RANK_EIGHT: 1, pb.Rank_RANK_NINE: 2, pb.Rank_RANK_JACK: 4,
		pb.Rank_RANK_QUEEN: 5, pb.Rank_RANK_KING: 6, pb.Rank_RANK_TEN: 8, pb.Rank_RANK_ACE: 14}[c.GetRank()]
	if c.GetSuit() == st.trump {
		v += 14 + 2*int(c.GetRank())
		if c.GetRank() == pb.Rank_RANK_SEVEN && st.view.GetTurnUp() != nil && !st.spent(c) {
			v += 8
		}
		if c.GetRank() >= pb.Rank_RANK_JACK && !hasClass(tc, pb.MeldClass_MELD_CLASS_SEQUENCE) {
			v += 6
		}
	}
	bez := (c.GetSuit() == pb.Suit_SUIT_SPADES && c.GetRank() == pb.Rank_RANK_QUEEN) ||
		(c.GetSuit() == pb.Suit_SUIT_DIAMONDS && c.GetRank() == pb.Rank_RANK_JACK)
	if bez && !hasClass(tc, pb.MeldClass_MELD_CLASS_BEZIQUE) {
		v += 14
	}
	if (c.GetRank() == pb.Rank_RANK_KING || c.GetRank() == pb.Rank_RANK_QUEEN) && !hasClass(tc, pb.MeldClass_MELD_CLASS_MARRIAGE) {
		want := pb.Rank_RANK_KING + pb.Rank_RANK_QUEEN - c.GetRank()
		for _, o := range st.holding {
			if o.GetCard().GetSuit() == c.GetSuit() && o.GetCard().GetRank() == want && !hasClass(o, pb.MeldClass_MELD_CLASS_MARRIAGE) {
				v += 8
				break
			}
		}
	}
	if r := c.GetRank(); r == pb.Rank_RANK_ACE || r == pb.Rank_RANK_KING || r == pb.Rank_RANK_QUEEN || r == pb.Rank_RANK_JACK {
		n := 0
		for _, o := range st.holding {
			if o.GetCard().GetRank() == r {
				n++
			}
		}
		if n >= 2 && !hasClass(tc, pb.MeldClass_MELD_CLASS_QUARTET) {
			v += 2 * n
		}
	}
	return v
}

// tabled returns the holding entry of a card (its meld classes), or a bare entry.
func (st *tableState) tabled(c *pb.Card) *pb.TabledCard {
	for _, tc := range st.holding {
		if tc.GetCard().GetId() == c.GetId() {
			return tc
		}
	}
	return &pb.TabledCard{Card: c}
}

// takes reports whether card c, played now, would take the current trick (the view's
// beating_cards: the engine decides, RULES.md §1.2).
func (st *tableState) takes(c *pb.Card) bool { return st.beating[c.GetId()] }

// players returns the number of cards the current trick will hold.
func (st *tableState) players() int {
	if len(st.view.GetDuelSeats()) == 2 {
		return 2
	}
	return st.seats
}

// opponentsAfter counts the opponents still to play to the current trick after the seat.
func (st *tableState) opponentsAfter() int {
	n := 0
	left := st.players() - len(st.view.GetCurrentTrick()) - 1
	for i := 1; i <= left; i++ {
		if st.side((st.seat+i)%st.seats) != st.side(st.seat) {
			n++
		}
	}
	return n
}

// phase1 plays a phase-1 card: lead low, feed the partner brisques, throw low cards to tricks the
// opponents win, and win a trick when its brisques or a ready meld pay for the card spent.
func (st *tableState) phase1(plays []*pb.LegalAction) uint32 {
	w := st.view.GetTrickWinner()
	trickBrisques := 0
	for _, p := range st.view.GetCurrentTrick() {
		if isBrisque(p.GetCard()) {
			trickBrisques++
		}
	}
	partnerWins := w != nil && st.partnership && st.side(int(w.GetSeat())) == st.side(st.seat)
	oppsAfter := st.opponentsAfter()
	bestID, bestPay := plays[0].GetActionId(), -1<<30
	for _, la := range plays {
		c := la.GetAction().GetPlay().GetCard()
		k := st.keep(st.tabled(c))
		b := 0
		if isBrisque(c) {
			b = 10
		}
		var pay int
		switch {
		case w == nil: // lead: the cheapest card, brisques kept from the opponents
			pay = -k - b
			if c.GetSuit() == st.trump {
				pay -= 10
			}
		case partnerWins:
			wc := w.GetCard()
			likely := oppsAfter == 0 || (wc.GetSuit() == st.trump && wc.GetRank() >= pb.Rank_RANK_KING) ||
				(wc.GetRank() == pb.Rank_RANK_ACE && !st.trumped())
			if likely && c.GetSuit() != st.trump {
				pay = 2*b - k // a brisque to the partner's trick
			} else {
				pay = -k - b
			}
		case st.takes(c):
			gain := 10*trickBrisques + b + st.readyMeld + 10
			if oppsAfter > 0 && !(c.GetSuit() == st.trump && c.GetRank() == pb.Rank_RANK_ACE) {
				gain = gain/2 - b
			}
			pay = gain - k
		default:
			pay = -k - b
		}
		if pay > bestPay {
			bestID, bestPay = la.GetActionId(), pay
		}
	}
	return bestID
}

// trumped reports whether a trump has been played to the current trick.
func (st *tableState) trumped() bool {
	for _, p := range st.view.GetCurrentTrick() {
		if p.GetCard().GetSuit() == st.trump {
			return true
		}
	}
	return false
}

// low orders cards for phase 2: trumps above plain cards, then by rank.
func (st *tableState) low(c *pb.Card) int {
	v := int(c.GetRank())
	if c.GetSuit() == st.trump {
		v += 20
	}
	return v
}

// phase2 plays a phase-2 card. Following: the lowest card that wins (a brisque to a partner's
// sure trick), else the lowest card, brisques last. Leading: a master ace or ten that the
// opponents must follow or cannot trump, else a master trump to draw trumps, else the lowest card.
func (st *tableState) phase2(plays []*pb.LegalAction) uint32 {
	w := st.view.GetTrickWinner()
	argmin := func(cost func(*pb.Card) int) uint32 {
		id, best := plays[0].GetActionId(), 1<<30
		for _, la := range plays {
			if v := cost(la.GetAction().GetPlay().GetCard()); v < best {
				id, best = la.GetActionId(), v
			}
		}
		return id
	}
	brisqueLast := func(c *pb.Card) int {
		if isBrisque(c) {
			return st.low(c) + 10
		}
		return st.low(c)
	}
	if w != nil {
		if st.partnership && st.side(int(w.GetSeat())) == st.side(st.seat) {
			if st.opponentsAfter() == 0 {
				return argmin(func(c *pb.Card) int {
					if isBrisque(c) && c.GetSuit() != st.trump {
						return -100 - int(c.GetRank())
					}
					return brisqueLast(c)
				})
			}
			return argmin(brisqueLast)
		}
		return argmin(func(c *pb.Card) int {
			if st.takes(c) {
				return st.low(c) - 100
			}
			return brisqueLast(c)
		})
	}
	unseen := st.unseen()
	suitLeft := map[pb.Suit]int{}
	higher := func(c *pb.Card) bool {
		for _, u := range unseen {
			if u.suit == c.GetSuit() && u.rank > c.GetRank() {
				return true
			}
		}
		return false
	}
	for _, u := range unseen {
		suitLeft[u.suit]++
	}
	return argmin(func(c *pb.Card) int {
		master := !higher(c)
		switch {
		case master && c.GetSuit() != st.trump && isBrisque(c) && (suitLeft[c.GetSuit()] > 0 || suitLeft[st.trump] == 0):
			return -100 - int(c.GetRank())
		case master && c.GetSuit() == st.trump && suitLeft[st.trump] > 0:
			return -50 - int(c.GetRank())
		}
		return brisqueLast(c)
	})
}

// face is a card's suit and rank.
type face struct {
	suit pb.Suit
	rank pb.Rank
}

// unseen returns the cards of the deck the seat has not seen this deal: not in its hand, not
// tabled, not played to a trick. In two-handed phase 2 they are exactly the opponent's hand.
func (st *tableState) unseen() []face {
	seen := make([]bool, st.variant.Packs()*engine.NumFaces)
	mark := func(c *pb.Card) {
		if c != nil && int(c.GetId()) < len(seen) {
			seen[c.GetId()] = true
		}
	}
	for _, c := range st.view.GetHand() {
		mark(c)
	}
	for _, s := range st.view.GetSeats() {
		for _, tc := range s.GetTabled() {
			mark(tc.GetCard())
		}
	}
	for _, t := range st.view.GetPastTricks() {
		for _, p := range t.GetPlays() {
			mark(p.GetCard())
		}
	}
	for _, p := range st.view.GetCurrentTrick() {
		mark(p.GetCard())
	}
	var out []face
	for id, ok := range seen {
		if !ok {
			c := wire.CardToProto(engine.Card(id))
			out = append(out, face{suit: c.GetSuit(), rank: c.GetRank()})
		}
	}
	return out
}
