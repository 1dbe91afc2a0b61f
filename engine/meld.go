package engine

import (
	"fmt"
	"strings"
)

// meldCheck is the outcome of checking a proposed meld.
type meldCheck struct {
	kind     MeldKind
	points   int
	level    int // bezique pairs
	upgrades int // 1-based index of the bezique meld it upgrades (RULES.md §2 R6), 0 none
}

// meldValue returns the points of a meld kind (RULES.md §4).
func (g *Game) meldValue(k MeldKind) int {
	switch k {
	case CommonMarriage:
		return 20
	case RoyalMarriage:
		return 40
	case Sequence:
		return 250
	case Bezique:
		return 40
	case DoubleBezique:
		return 500
	case TripleBezique:
		return 1500
	case QuadrupleBezique:
		return g.rules.QuadrupleValue
	case FourAces:
		return 100
	case FourKings:
		return 80
	case FourQueens:
		return 60
	case FourJacks:
		return 40
	case BackDoor:
		if g.rules.Variant.OneDeal() {
			return 150
		}
	case FourTrumpAces, FourTrumpTens, FourTrumpKings, FourTrumpQueens, FourTrumpJacks:
		if g.rules.Variant == SixPack {
			return trumpQuartetValues[k-FourTrumpAces]
		}
	case CarteBlanche:
		switch g.rules.Variant {
		case Rubicon:
			return 50
		case SixPack:
			return 250
		}
	}
	return 0
}

// noFace is the bezique's face while bezique_by_trump waits for trump to be fixed.
const noFace Face = 0xFF

var (
	queenSpades        = NewFace(Spades, Queen)
	jackDiamonds       = NewFace(Diamonds, Jack)
	bezLevelKinds      = [...]MeldKind{1: Bezique, 2: DoubleBezique, 3: TripleBezique, 4: QuadrupleBezique}
	quartetKinds       = [NumRanks]MeldKind{Ace: FourAces, King: FourKings, Queen: FourQueens, Jack: FourJacks}
	trumpQuartetKinds  = [NumRanks]MeldKind{Ace: FourTrumpAces, Ten: FourTrumpTens, King: FourTrumpKings, Queen: FourTrumpQueens, Jack: FourTrumpJacks}
	trumpQuartetValues = [...]int{1000, 900, 800, 600, 400} // RULES.md §4, six-pack: A 10 K Q J
	sequenceRanks      = [...]Rank{Ace, Ten, King, Queen, Jack}
)

// maxBezLevel is the most bezique pairs one meld may hold: one per pack, at most a quadruple
// (RULES.md §4; six-pack has no quintuple).
func (g *Game) maxBezLevel() int { return min(g.rules.packs(), len(bezLevelKinds)-1) }

// sequenceSuit reports whether a five-card sequence of suit s is a meld now: in trumps, in any
// suit before trump is fixed (it fixes trump, RULES.md §3.6.3), or a back door in Rubicon and
// six-pack (§3.6.6).
func (g *Game) sequenceSuit(s Suit) bool {
	return s == g.trump || g.trump == NoSuit || g.rules.Variant.OneDeal()
}

// meldKindOf works out which meld a set of cards forms, or NoMeld (RULES.md §2).
func (g *Game) meldKindOf(cs *CardSet) (MeldKind, int) {
	n := cs.Len()
	var faces [NumFaces]uint8
	for i := 0; i < n; i++ {
		faces[cs.At(i).Face()]++
	}
	s0 := cs.At(0).Suit()
	switch {
	case n == 2 && s0 == cs.At(1).Suit() && faces[NewFace(s0, King)] == 1 && faces[NewFace(s0, Queen)] == 1:
		// Before trump is fixed the first marriage fixes it and scores 40 (RULES.md §3.6.3).
		if s0 == g.trump || g.trump == NoSuit {
			return RoyalMarriage, 0
		}
		return CommonMarriage, 0
	case n == 5:
		for _, r := range sequenceRanks {
			if faces[NewFace(s0, r)] != 1 {
				return NoMeld, 0
			}
		}
		switch {
		case s0 == g.trump || g.trump == NoSuit:
			return Sequence, 0
		case g.sequenceSuit(s0):
			return BackDoor, 0
		}
		return NoMeld, 0
	case n == 4:
		r := cs.At(0).Rank()
		sameRank, sameFace := true, true
		for i := 1; i < n; i++ {
			sameRank = sameRank && cs.At(i).Rank() == r
			sameFace = sameFace && cs.At(i).Face() == cs.At(0).Face()
		}
		switch {
		case sameFace && s0 == g.trump && g.rules.Variant == SixPack && trumpQuartetKinds[r] != NoMeld:
			return trumpQuartetKinds[r], 0
		case sameRank && quartetKinds[r] != NoMeld:
			return quartetKinds[r], 0
		}
	}
	if n%2 == 0 && n/2 <= g.maxBezLevel() && g.bezQ != noFace && int(faces[g.bezQ]) == n/2 && int(faces[g.bezJ]) == n/2 {
		return bezLevelKinds[n/2], n / 2
	}
	return NoMeld, 0
}

// holds reports whether the card is in seat's holding for a meld: its hand or its tabled cards,
// or (partnership) its partner's tabled cards (RULES.md §2 R1, §3.3.7).
func (g *Game) holds(seat int, c Card) bool {
	st := &g.cs[c]
	if int(st.owner) == seat {
		return st.loc == locHand || st.loc == locTable
	}
	return g.rules.Variant.Partnership() && st.loc == locTable && int(st.owner) == (seat+2)%4
}

// why is the reason a check refuses an action, kept small so that Legal can test many candidate
// actions without allocating; explain turns it into an *Error.
type why uint8

const (
	okay why = iota
	whyMeldSize
	whyBadCard
	whyTwice
	whyNotHeld
	whyNotMeld
	whyWrongKind
	whyExchanged
	whyPartnerCard
	whyNoNewCard
	whyNotHigher
	whySequenceNoMarriage
	whyMarried
	whyKindUsed
	whyTwoBeziques
	whyBeziqueNotWhole
	whyBeziqueUpgraded
	whyNoNewPairs
	whyNotSeven
	whySevenNotInHand
	whySevenSpent
	whySevenLimit
	whySevenAsMeld
	whyNoSevens
	whyMarriageNoSequence
	whyMeldWhole
)

// refusal is a refused check: the reason and the card and number it concerns.
type refusal struct {
	why  why
	card Card
	n    int
}

var refusals = [...]struct {
	code   ErrorCode
	rule   string
	format string // %[1]s is the card, %[2]d the number
}{
	whyMeldSize:           {CodeMalformed, "", "a meld has 2 to 8 cards, got %[2]d"},
	whyBadCard:            {CodeMalformed, "", "card id %[2]d is not in the deck"},
	whyTwice:              {CodeMalformed, "", "card %[1]s named twice"},
	whyNotHeld:            {CodeRule, "RULES.md §2 R1", "card %[1]s is not in your holding"},
	whyNotMeld:            {CodeRule, "RULES.md §2", "these cards form no meld"},
	whyWrongKind:          {CodeMalformed, "", "the cards do not form the meld kind named"},
	whyExchanged:          {CodeRule, "RULES.md §1.9.4", "%[1]s was taken by the seven exchange and cannot be melded in this window"},
	whyPartnerCard:        {CodeRule, "RULES.md §5 #15", "multi_bezique_same_player: %[1]s is your partner's card"},
	whyNoNewCard:          {CodeRule, "RULES.md §2 R2", "a meld needs at least one card from your hand"},
	whyNotHigher:          {CodeRule, "RULES.md §2 (reuse_rule=higher_value)", "%[1]s was in a meld worth %[2]d; it may only join a meld worth more"},
	whySequenceNoMarriage: {CodeRule, "RULES.md §2 R5", "%[1]s was scored in a sequence and cannot marry"},
	whyMarried:            {CodeRule, "RULES.md §2 R3", "%[1]s is already married"},
	whyKindUsed:           {CodeRule, "RULES.md §2 R3", "%[1]s was already scored in a meld of this kind"},
	whyTwoBeziques:        {CodeRule, "RULES.md §2 R6", "the cards come from two bezique melds; two scored beziques never combine"},
	whyBeziqueNotWhole:    {CodeRule, "RULES.md §2 R6", "%[1]s was already scored in a bezique that is not whole in this meld"},
	whyBeziqueUpgraded:    {CodeRule, "RULES.md §8.3", "the bezique of %[1]s has already been upgraded"},
	whyNoNewPairs:         {CodeRule, "RULES.md §2 R6", "an upgrade must add new pairs"},
	whyNotSeven:           {CodeRule, "RULES.md §1.9.2", "%[1]s is not the seven of trumps"},
	whySevenNotInHand:     {CodeRule, "RULES.md §1.9.2", "%[1]s is not in your hand"},
	whySevenSpent:         {CodeRule, "RULES.md §8.1", "%[1]s has already scored"},
	whySevenLimit:         {CodeRule, "RULES.md §1.9.5", "at most %[2]d seven action(s) per player per won trick"},
	whySevenAsMeld:        {CodeRule, "RULES.md §1.9.3", "seven_counts_as_meld: the side's one meld of this trick is used or not yours"},
	whyNoSevens:           {CodeRule, "RULES.md §3.6.5", "without a turn-up the seven of trumps scores nothing"},
	whyMarriageNoSequence: {CodeRule, "RULES.md §3.6.6 (rubicon_marriage_to_sequence=false)", "%[1]s was scored in a marriage and cannot join a sequence"},
	whyMeldWhole:          {CodeRule, "RULES.md §2 R3", "these cards already scored this meld, and none of them has been played since (R8 re-forms a meld that lost a card)"},
}

// explain returns the *Error of a refusal.
func (r refusal) explain() *Error {
	d := refusals[r.why]
	msg := d.format
	if strings.Contains(msg, "%") {
		msg = fmt.Sprintf(d.format, r.card, r.n)
	}
	return &Error{Code: d.code, Rule: d.rule, Msg: msg}
}

func refuse(w why, c Card, n int) refusal { return refusal{why: w, card: c, n: n} }

// checkMeld checks that seat may declare the cards now as far as the cards go: R1–R9 of
// RULES.md §2 and §1.9.4. Whose turn and whose privilege it is are checked by the caller.
func (g *Game) checkMeld(seat int, cards *CardSet, want MeldKind) (meldCheck, refusal) {
	n := cards.Len()
	if n < 2 || n > MaxMeldCards {
		return meldCheck{}, refuse(whyMeldSize, NoCard, n)
	}
	for i := 0; i < n; i++ {
		c := cards.At(i)
		if !g.rules.inDeck(c) {
			return meldCheck{}, refuse(whyBadCard, NoCard, int(c))
		}
		for j := 0; j < i; j++ {
			if cards.At(j) == c {
				return meldCheck{}, refuse(whyTwice, c, 0)
			}
		}
		if !g.holds(seat, c) {
			return meldCheck{}, refuse(whyNotHeld, c, 0)
		}
	}
	kind, level := g.meldKindOf(cards)
	if kind == NoMeld {
		return meldCheck{}, refuse(whyNotMeld, NoCard, 0)
	}
	if want != NoMeld && want != kind {
		return meldCheck{}, refuse(whyWrongKind, NoCard, 0)
	}
	mc := meldCheck{kind: kind, points: g.meldValue(kind), level: level}
	if !g.rules.ExchangedCardMeldable && g.win.exchanged != NoCard && cards.Contains(g.win.exchanged) {
		return meldCheck{}, refuse(whyExchanged, g.win.exchanged, 0)
	}
	fromHand := false
	for i := 0; i < n; i++ {
		st := &g.cs[cards.At(i)]
		if st.loc == locHand && int(st.owner) == seat {
			fromHand = true
		}
		if level >= 2 && g.rules.MultiBeziqueSamePlayer && int(st.owner) != seat {
			return meldCheck{}, refuse(whyPartnerCard, cards.At(i), 0)
		}
	}
	if g.rules.RequireNewCard && !fromHand && !g.reforms(cards, kind.class()) {
		return meldCheck{}, refuse(whyNoNewCard, NoCard, 0)
	}
	if !fromHand && g.scoredWhole(cards, kind.class()) {
		return meldCheck{}, refuse(whyMeldWhole, NoCard, 0)
	}
	if g.rules.ReuseRule == ReuseRuleHigherValue {
		for i := 0; i < n; i++ {
			st := &g.cs[cards.At(i)]
			if st.loc == locTable && int(st.maxVal) >= mc.points {
				return meldCheck{}, refuse(whyNotHigher, cards.At(i), int(st.maxVal))
			}
		}
		if kind.class() == ClassBezique {
			// R6's one chain of upgrades holds under either model (RULES.md §5 #12: two
			// separately scored singles never combine, whatever reuse_rule says).
			return g.checkBezique(cards, mc)
		}
		return mc, refusal{}
	}
	if mc, r := g.checkReuse(cards, mc); r.why != okay || fromHand {
		return mc, r
	}
	// require_new_card=false (FOS) still demands a new card within a class (RULES.md §2 R2).
	for i := 0; i < n; i++ {
		if g.cs[cards.At(i)].taken()&kind.class() != 0 {
			return meldCheck{}, refuse(whyNoNewCard, NoCard, 0)
		}
	}
	return mc, refusal{}
}

// taken is the classes in which the card may not score again: those it scored in, less those
// whose meld lost a card to a trick under reform_after_play (RULES.md §2 R3, R8).
func (st *cardState) taken() Class { return st.used &^ st.free }

// reforms reports whether the meld re-forms a broken meld of its class (RULES.md §2 R8): then
// it needs no card from the hand.
func (g *Game) reforms(cards *CardSet, class Class) bool {
	for i := 0; i < cards.Len(); i++ {
		if g.cs[cards.At(i)].free&class != 0 {
			return true
		}
	}
	return false
}

// scoredWhole reports whether cards, all tabled, are exactly a meld of class that scored under
// reform_after_play and lost no card to a trick since (RULES.md §2 R3, R8): playing a card of
// another meld frees these cards for the class (§8.15), but not to score this very meld again
// with no card new to it (a single bezique scored, then upgraded to a double that lost a card,
// scored again: an outside audit).
func (g *Game) scoredWhole(cards *CardSet, class Class) bool {
	for i := range g.melds {
		if m := &g.melds[i]; !m.broken && m.class == class && m.cards.Len() == cards.Len() && m.cards.containsAll(cards) {
			return true
		}
	}
	return false
}

// checkReuse applies the re-use rules of the kind model to a meld's tabled cards
// (RULES.md §2 R3–R7).
func (g *Game) checkReuse(cards *CardSet, mc meldCheck) (meldCheck, refusal) {
	n, kind := cards.Len(), mc.kind
	switch kind.class() {
	case ClassMarriage:
		for i := 0; i < n; i++ {
			st := &g.cs[cards.At(i)]
			if st.used&ClassSequence != 0 {
				return meldCheck{}, refuse(whySequenceNoMarriage, cards.At(i), 0)
			}
			if st.taken()&ClassMarriage != 0 {
				return meldCheck{}, refuse(whyMarried, cards.At(i), 0)
			}
		}
	case ClassSequence, ClassQuartet, ClassTrumpQuartet:
		for i := 0; i < n; i++ {
			st := &g.cs[cards.At(i)]
			if st.taken()&kind.class() != 0 {
				return meldCheck{}, refuse(whyKindUsed, cards.At(i), 0)
			}
			if kind.class() == ClassSequence && !g.rules.RubiconMarriageToSequence && st.used&ClassMarriage != 0 {
				return meldCheck{}, refuse(whyMarriageNoSequence, cards.At(i), 0)
			}
		}
	case ClassBezique:
		return g.checkBezique(cards, mc)
	}
	return mc, refusal{}
}

// checkBezique applies R6: the cards already used in a bezique must be exactly one earlier bezique
// meld, whole, not yet upgraded, of fewer pairs; or, with second_double_on_used_pair, one pair of
// an earlier double under a new double (RULES.md §2 R6, §8.3).
func (g *Game) checkBezique(cards *CardSet, mc meldCheck) (meldCheck, refusal) {
	old, nused := 0, 0
	var queens, jacks int
	used, mixed := NoCard, NoCard
	var taken CardSet // the cards scored in a bezique already
	for i := 0; i < cards.Len(); i++ {
		c := cards.At(i)
		st := &g.cs[c]
		if st.taken()&ClassBezique == 0 {
			continue
		}
		taken.Add(c)
		if old != 0 && int(st.bez) != old && mixed == NoCard {
			mixed = c
		}
		old, used = int(st.bez), c
		nused++
		if c.Face() == g.bezQ {
			queens++
		} else {
			jacks++
		}
	}
	if nused == 0 {
		return mc, refusal{}
	}
	if mixed != NoCard {
		// The cards' latest beziques differ; they may still be exactly an earlier one, not
		// upgraded, whose pair a second double reused (second_double_on_used_pair): R6 lets it be
		// upgraded (it was refused, each card knowing its latest bezique alone: an outside audit).
		if k := g.beziqueOf(&taken); k != 0 && !g.bez[k-1].upgraded && mc.level > int(g.bez[k-1].level) {
			mc.upgrades = k
			return mc, refusal{}
		}
		// Likewise a used pair of one double, its cards' latest beziques differing (Q♠a of both
		// doubles, J♦b of the first).
		if g.rules.SecondDoubleOnUsedPair && mc.level == 2 && nused == 2 && queens == 1 && jacks == 1 && g.inOneDouble(&taken) {
			return mc, refusal{}
		}
		return meldCheck{}, refuse(whyTwoBeziques, mixed, 0)
	}
	rec := &g.bez[old-1]
	if nused == rec.cards.Len() && !rec.upgraded && mc.level > int(rec.level) {
		mc.upgrades = old
		return mc, refusal{}
	}
	if g.rules.SecondDoubleOnUsedPair && mc.level == 2 && nused == 2 && queens == 1 && jacks == 1 && rec.level >= 2 {
		return mc, refusal{}
	}
	switch {
	case nused != rec.cards.Len():
		return meldCheck{}, refuse(whyBeziqueNotWhole, used, 0)
	case rec.upgraded:
		return meldCheck{}, refuse(whyBeziqueUpgraded, used, 0)
	}
	return meldCheck{}, refuse(whyNoNewPairs, NoCard, 0)
}

// inOneDouble reports whether every card of taken is in one scored bezique-class meld of two
// pairs or more.
func (g *Game) inOneDouble(taken *CardSet) bool {
	for k := 0; k < g.nbez; k++ {
		if r := &g.bez[k]; r.level >= 2 && r.cards.containsAll(taken) {
			return true
		}
	}
	return false
}

// beziqueOf returns the 1-based index of the bezique-class meld scored with exactly the cards of
// taken, or 0.
func (g *Game) beziqueOf(taken *CardSet) int {
	for k := 0; k < g.nbez; k++ {
		if r := &g.bez[k]; r.cards.Len() == taken.Len() && r.cards.containsAll(taken) {
			return k + 1
		}
	}
	return 0
}

// applyMeld tables a checked meld and scores it, or, when seat announces it (RULES.md §8.18),
// keeps it as seat's pending meld.
func (g *Game) applyMeld(seat int, cards *CardSet, mc meldCheck) {
	announced := g.announcing(seat)
	if announced {
		g.keepUndo(seat, cards, mc)
	}
	bez := uint8(0)
	if mc.kind.class() == ClassBezique {
		g.bez[g.nbez] = bezRecord{level: uint8(mc.level), cards: *cards}
		g.nbez++
		bez = uint8(g.nbez)
		if announced {
			g.undo[seat].bez = g.nbez
		}
		if mc.upgrades != 0 {
			g.bez[mc.upgrades-1].upgraded = true
		}
	}
	for i := 0; i < cards.Len(); i++ {
		st := &g.cs[cards.At(i)]
		if st.loc == locHand {
			st.loc = locTable
		}
		st.used |= mc.kind.class()
		st.free &^= mc.kind.class()
		if bez != 0 {
			st.bez = bez
		}
		if int(st.maxVal) < mc.points {
			st.maxVal = uint32(mc.points)
		}
	}
	if g.rules.ReformAfterPlay {
		g.melds = append(g.melds, meldRecord{class: mc.kind.class(), cards: *cards})
	}
	side := g.rules.Side(seat)
	if announced {
		g.pending[seat] = Meld{Kind: mc.kind, Cards: *cards, Points: mc.points}
		g.emit(Event{Kind: EvMeld, Seat: seat, Side: side, Card: NoCard, Taken: NoCard,
			Meld: Meld{Kind: mc.kind, Cards: *cards}, Pending: true})
		return
	}
	// The side's one meld of this window is used (RULES.md §2 R9).
	g.win.melded = true
	g.emit(Event{Kind: EvMeld, Seat: seat, Side: side, Card: NoCard, Taken: NoCard,
		Meld: Meld{Kind: mc.kind, Cards: *cards, Points: mc.points}, Points: mc.points})
	// Trump is fixed before the points are added: with end_check=immediate they may end the game,
	// and nothing follows the game's end.
	if g.trump == NoSuit && (mc.kind == RoyalMarriage || mc.kind == Sequence) {
		g.setTrump(cards.At(0).Suit())
		g.emit(Event{Kind: EvTrumpFixed, Seat: seat, Side: side, Card: NoCard, Taken: NoCard, Trump: g.trump})
	}
	g.score(side, mc.points)
}

// breakMelds frees the other cards of every meld that tabled card c was scored in, for the same
// kind (RULES.md §2 R8): c is being played to a trick.
func (g *Game) breakMelds(c Card) {
	for i := range g.melds {
		m := &g.melds[i]
		if m.broken || !m.cards.Contains(c) {
			continue
		}
		m.broken = true
		for k := 0; k < m.cards.Len(); k++ {
			if d := m.cards.At(k); d != c {
				g.cs[d].free |= m.class
			}
		}
	}
}

// meldGroup is a class of interchangeable cards in a holding: same face, owner, place, meld
// history, and seen or unseen by every seat (issue 2: interchangeable copies are listed once).
type meldGroup struct {
	face  Face
	n     int
	cards [MaxPacks]Card
	key   groupKey
}

// groupKey is the interchangeability key of a card in a holding: every field that tells two copies
// of a face apart, each in its own type, so no value can spill into another.
type groupKey struct {
	face      Face
	loc       location
	owner     int8
	used      Class
	free      Class
	bez       uint8
	maxVal    uint32
	exchanged bool
	pending   bool // in its holder's pending announcement (RULES.md §8.18)
	shown     bool // seen by every seat in its holder's hand (View.ShownInHand)
	// whole marks the melds (by index in Game.melds, modulo 256: a deal scores at most 84,
	// one a phase-1 trick of six-pack, reform_after_play's variants) that the card is in, that lost
	// no card to a trick and whose cards are all free for their class: the melds that
	// scoredWhole refuses to score again, so that a copy in one is not taken for one outside it.
	whole [4]uint64
	// beziques marks the bezique-class melds (by index in Game.bez) the card is in, under
	// second_double_on_used_pair only: there a used pair may come from one double whose cards'
	// latest beziques differ (inOneDouble), so a copy in two doubles is not one in the second alone.
	beziques [2]uint64
}

// groupKey returns the interchangeability key of a card in a holding.
func (g *Game) groupKey(c Card) groupKey {
	st := &g.cs[c]
	k := groupKey{face: c.Face(), loc: st.loc, owner: st.owner, used: st.used, free: st.free, bez: st.bez, maxVal: st.maxVal,
		exchanged: c == g.win.exchanged, pending: g.inPending(c), shown: st.seenInHand()}
	if st.free != 0 { // only a freed card can re-form a meld (R8)
		k.whole = g.wholeMelds(c, true)
	}
	if g.rules.SecondDoubleOnUsedPair && st.used&ClassBezique != 0 {
		for i := 0; i < g.nbez; i++ {
			if g.bez[i].cards.Contains(c) {
				k.beziques[i/64] |= 1 << (i % 64)
			}
		}
	}
	return k
}

// wholeMelds marks the melds (by index in Game.melds, modulo 256) that c is in and that lost no
// card to a trick; with freed, only those whose cards are all free for their class (the melds
// that scoredWhole refuses to score again).
func (g *Game) wholeMelds(c Card, freed bool) (whole [4]uint64) {
	for i := range g.melds {
		if m := &g.melds[i]; !m.broken && m.cards.Contains(c) && (!freed || g.allFree(&m.cards, m.class)) {
			whole[i/64%4] |= 1 << (i % 64)
		}
	}
	return whole
}

// allFree reports whether every card of cards is free for class (RULES.md §2 R8).
func (g *Game) allFree(cards *CardSet, class Class) bool {
	for i := 0; i < cards.Len(); i++ {
		if g.cs[cards.At(i)].free&class == 0 {
			return false
		}
	}
	return true
}

// meldLister enumerates the legal melds of one seat's holding.
type meldLister struct {
	g      *Game
	seat   int
	buf    []Action
	groups [2 * MaxHandSize]meldGroup
	ng     int
}

// meldCard reports whether a card can be part of any meld: J, Q, K, A, and a ten of a suit in
// which a sequence can be declared.
func (g *Game) meldCard(c Card) bool {
	r := c.Rank()
	return r >= Jack && r != Ten || r == Ten && g.sequenceSuit(c.Suit())
}

func (l *meldLister) add(c Card) {
	k := l.g.groupKey(c)
	for i := 0; i < l.ng; i++ {
		if grp := &l.groups[i]; grp.key == k {
			grp.cards[grp.n] = c
			grp.n++
			return
		}
	}
	l.groups[l.ng] = meldGroup{face: c.Face(), key: k, n: 1}
	l.groups[l.ng].cards[0] = c
	l.ng++
}

// ofFace lists the groups of face f into out and returns how many.
func (l *meldLister) ofFace(f Face, out *[2 * MaxHandSize]int) int {
	k := 0
	for i := 0; i < l.ng; i++ {
		if l.groups[i].face == f {
			out[k] = i
			k++
		}
	}
	return k
}

func (l *meldLister) try(cs *CardSet) {
	mc, r := l.g.checkMeld(l.seat, cs, NoMeld)
	if r.why == okay {
		l.buf = append(l.buf, Action{Kind: DeclareMeld, Card: NoCard, Meld: Meld{Kind: mc.kind, Cards: *cs, Points: mc.points}})
	}
}

// choices writes into out every choice of k cards from the groups ids[from:] (the first cards of
// each group, so interchangeable cards are chosen once), each appended to cur, and returns the
// new count n; out must have room for every choice (a choice past its length is lost). With a nil
// out it tries each choice as a meld instead (there may be more choices than any fixed out holds:
// four of a rank from 8 groups are already 70).
func (l *meldLister) choices(ids []int, from, k int, cur CardSet, out []CardSet, n int) int {
	if k == 0 {
		if out == nil {
			l.try(&cur)
			return n
		}
		if n < len(out) {
			out[n] = cur
			n++
		}
		return n
	}
	for i := from; i < len(ids); i++ {
		grp := &l.groups[ids[i]]
		next := cur
		for take := 1; take <= grp.n && take <= k; take++ {
			next.Add(grp.cards[take-1])
			n = l.choices(ids, i+1, k-take, next, out, n)
		}
	}
	return n
}

// appendMelds appends every distinct legal meld of seat's holding to buf (issue 2 item 6).
func (g *Game) appendMelds(seat int, buf []Action) []Action {
	l := meldLister{g: g, seat: seat, buf: buf}
	for _, c := range g.held[seat][:g.nheld[seat]] {
		if g.meldCard(c) {
			l.add(c)
		}
	}
	if g.rules.Variant.Partnership() {
		p := (seat + 2) % 4
		for _, c := range g.held[p][:g.nheld[p]] {
			if g.cs[c].loc == locTable && g.meldCard(c) {
				l.add(c)
			}
		}
	}
	var a, b [2 * MaxHandSize]int
	var cs CardSet
	// Marriages (RULES.md §2).
	for s := Suit(0); s < NumSuits; s++ {
		nk := l.ofFace(NewFace(s, King), &a)
		nq := l.ofFace(NewFace(s, Queen), &b)
		for i := 0; i < nk; i++ {
			for j := 0; j < nq; j++ {
				cs = NewCardSet(l.groups[a[i]].cards[0], l.groups[b[j]].cards[0])
				l.try(&cs)
			}
		}
	}
	// Sequences: one card of each face A 10 K Q J of a suit.
	for s := Suit(0); s < NumSuits; s++ {
		if g.sequenceSuit(s) {
			l.sequences(s)
		}
	}
	// Quartets: every choice of four cards of the rank; in six-pack also of the trump face.
	for _, r := range [...]Rank{Ace, King, Queen, Jack} {
		k := 0
		for i := 0; i < l.ng; i++ {
			if l.groups[i].face.Rank() == r {
				a[k] = i
				k++
			}
		}
		l.choices(a[:k], 0, 4, CardSet{}, nil, 0)
	}
	if g.rules.Variant == SixPack && g.trump != NoSuit {
		// Four trump tens (900); four trump aces, kings, queens or jacks are among the
		// quartets above, as the trump quartet meldKindOf makes them.
		k := l.ofFace(NewFace(g.trump, Ten), &a)
		l.choices(a[:k], 0, 4, CardSet{}, nil, 0)
	}
	// Bezique class: n bezique queens with n bezique jacks.
	if g.bezQ == noFace {
		return l.buf
	}
	nqs := l.ofFace(g.bezQ, &a)
	njd := l.ofFace(g.bezJ, &b)
	// Every choice of lvl bezique queens and of lvl bezique jacks (maxBezChoices at most).
	var queens, jacks [maxBezChoices]CardSet
	for lvl := 1; lvl <= g.maxBezLevel(); lvl++ {
		nq := l.choices(a[:nqs], 0, lvl, CardSet{}, queens[:], 0)
		nj := l.choices(b[:njd], 0, lvl, CardSet{}, jacks[:], 0)
		for i := 0; i < nq; i++ {
			for j := 0; j < nj; j++ {
				cs = queens[i]
				for k := 0; k < jacks[j].Len(); k++ {
					cs.Add(jacks[j].At(k))
				}
				l.try(&cs)
			}
		}
	}
	return l.buf
}

// maxBezChoices is the most choices of n bezique queens (or jacks) that a holding can offer: one
// card from each of at most six groups (six-pack has six copies of a card, RULES.md §3.7), C(6, 3)
// = 20. It was 16: a six-pack holding of six bezique queens of six histories lost four of its 20
// triples from Legal (a rules audit; TestLegalSixPackEveryBeziqueChoice).
const maxBezChoices = 20

// sequences tries every sequence of suit s in the holding: one card of each face A 10 K Q J.
func (l *meldLister) sequences(s Suit) {
	var a [2 * MaxHandSize]int
	var cs CardSet
	var seq [5]CardSet
	var nseq [5]int
	for i, r := range sequenceRanks {
		k := l.ofFace(NewFace(s, r), &a)
		nseq[i] = k
		for j := 0; j < k; j++ {
			seq[i].Add(l.groups[a[j]].cards[0])
		}
	}
	if nseq[0]*nseq[1]*nseq[2]*nseq[3]*nseq[4] > 0 {
		var idx [5]int
		for {
			cs = CardSet{}
			for i := range idx {
				cs.Add(seq[i].At(idx[i]))
			}
			l.try(&cs)
			i := 0
			for ; i < 5; i++ {
				idx[i]++
				if idx[i] < nseq[i] {
					break
				}
				idx[i] = 0
			}
			if i == 5 {
				break
			}
		}
	}
}
