package engine

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// This file is a small position builder for white-box rule tests (like FEN for chess tests): start
// a game, clear it, place cards explicitly in their text form ("KHa QHa"), then drive the game only
// through Apply and Legal and compare exact outcomes.

// position describes a game position. Every card not named is out of play.
type position struct {
	variant Variant           // default TwoHanded
	opts    map[string]string // rules options by their RULES.md §5 names
	dealer  int
	trump   string   // trump suit letter when there is no turn-up (phase 2, or "-": not fixed yet)
	turnUp  string   // the turn-up card, which fixes trump; a seven here has already scored
	stock   string   // the face-down stock, top first
	fill    int      // this many more face-down stock cards after stock: low non-trumps (7, 8, 9)
	hands   []string // every seat's cards in hand
	trickNo int      // tricks already played in the deal
}

// pos is a game under test.
type pos struct {
	t *testing.T
	g *Game
}

// card parses one card in text form, failing the test on a typo.
func card(t testing.TB, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// cards parses a space-separated card list.
func cards(t testing.TB, s string) []Card {
	t.Helper()
	var out []Card
	for _, w := range strings.Fields(s) {
		out = append(out, card(t, w))
	}
	return out
}

// setup builds the position.
func setup(t *testing.T, p position) *pos {
	t.Helper()
	if p.variant == "" {
		p.variant = TwoHanded
	}
	r, err := NewRules(p.variant, p.opts)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(r, Dealing{Seed: SeedFromUint64(1)})
	if err != nil {
		t.Fatal(err)
	}
	// Clear the deal: every card out of play, nothing held, no tricks, no scores, no log.
	for i := range g.cs {
		g.cs[i] = cardState{loc: locWon, owner: -1}
	}
	g.held = [4][MaxHandSize + 1]Card{}
	g.nheld = [4]int{}
	g.bez = [MaxCards / 2]bezRecord{}
	g.nbez = 0
	g.melds = nil
	g.cb, g.cbCard = [4]uint8{}, [4]Card{NoCard, NoCard, NoCard, NoCard}
	g.settled = Settlement{}
	g.tricks = [MaxTricks]trickRecord{}
	g.trickNo = p.trickNo
	g.duel, g.duelSeats = 0, [2]int{}
	g.dealPts, g.totals, g.trickPts, g.brisques = [4]int{}, [4]int{}, [4]int{}, [4]int{}
	g.revealed = NoCard
	g.winner = NoSide
	g.win = window{partner: NoSeat, exchanged: NoCard}
	g.log = g.log[:0]
	g.deal = 1
	g.dealer = p.dealer
	g.phase = PhaseTrick
	g.toAct = NoSeat

	placed := map[Card]bool{}
	place := func(s string) []Card {
		cs := cards(t, s)
		for _, c := range cs {
			if int(c) >= g.ncards {
				t.Fatalf("card %s is not in a %s deck", c, p.variant)
			}
			if placed[c] {
				t.Fatalf("card %s placed twice", c)
			}
			placed[c] = true
		}
		return cs
	}
	if len(p.hands) > g.n {
		t.Fatalf("%d hands for %d seats", len(p.hands), g.n)
	}
	for s, h := range p.hands {
		for _, c := range place(h) {
			g.give(s, c)
		}
	}
	g.turnUp = NoCard
	if p.turnUp != "" {
		c := place(p.turnUp)[0]
		g.turnUp = c
		g.setTrump(c.Suit())
		g.cs[c] = cardState{loc: locTurnUp, owner: -1, spent: c.Rank() == Seven}
	} else if p.trump == "-" {
		g.setTrump(NoSuit)
	} else {
		f, err := ParseFace("7" + p.trump)
		if err != nil {
			t.Fatalf("position needs a turn-up or a trump suit: %v", err)
		}
		g.setTrump(f.Suit())
	}
	stock := place(p.stock)
	target := len(stock) + p.fill
	for r := Seven; r <= Nine; r++ {
		for s := Suit(0); s < NumSuits; s++ {
			for cp := 0; cp < g.rules.Variant.Packs(); cp++ {
				c := NewCard(NewFace(s, r), cp)
				if len(stock) < target && s != g.trump && !placed[c] {
					placed[c] = true
					stock = append(stock, c)
				}
			}
		}
	}
	if len(stock) != target {
		t.Fatalf("not enough filler cards for %d", p.fill)
	}
	g.stockTop, g.stockEnd = 0, copy(g.stock[:], stock)
	for _, c := range stock {
		g.cs[c] = cardState{loc: locStock, owner: -1}
	}
	return &pos{t: t, g: g}
}

// trick starts the next trick with leader to lead: phase 1 while the stock lasts, else phase 2.
func (p *pos) trick(leader int) {
	p.g.startTrick(leader)
}

// window opens the post-trick window of phase 1 for seat, as if seat had just won a trick.
func (p *pos) window(seat int) {
	g := p.g
	partner := NoSeat
	if g.rules.Variant.Partnership() {
		partner = (seat + 2) % 4
	}
	g.win = window{winner: seat, partner: partner, exchanged: NoCard}
	g.lastW = seat
	g.phase = PhaseWindow
	g.toAct = seat
}

// Actions in text form.
func (p *pos) play(c string) Action     { return Play(card(p.t, c)) }
func (p *pos) meld(cs string) Action    { return MeldOf(cards(p.t, cs)...) }
func (p *pos) exchange(c string) Action { return Action{Kind: ExchangeSeven, Card: card(p.t, c)} }
func (p *pos) declare(c string) Action  { return Action{Kind: DeclareSeven, Card: card(p.t, c)} }

var (
	endWin   = Action{Kind: EndWindow, Card: NoCard}
	passMeld = Action{Kind: PassMeld, Card: NoCard}
)

// listed reports whether Legal lists a, or an action differing only by interchangeable copies.
func (p *pos) listed(seat int, a Action) bool {
	for _, l := range p.g.Legal(seat, nil) {
		if p.g.equivalent(a, l) {
			return true
		}
	}
	return false
}

// ok applies an action that must be accepted and listed by Legal, and checks that its events are
// exactly want (in Event.String form). It returns the events.
func (p *pos) ok(seat int, a Action, want ...string) []Event {
	p.t.Helper()
	evs := p.do(seat, a)
	if got := eventStrings(evs); !reflect.DeepEqual(got, want) {
		p.t.Fatalf("seat %d %s: events\n%s\nwant\n%s", seat, a, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	return evs
}

// do applies an action that must be accepted and listed by Legal and returns a copy of its events.
func (p *pos) do(seat int, a Action) []Event {
	p.t.Helper()
	if !p.listed(seat, a) {
		p.t.Fatalf("seat %d %s: not listed by Legal %v", seat, a, p.g.Legal(seat, nil))
	}
	evs, err := p.g.Apply(seat, a)
	if err != nil {
		p.t.Fatalf("seat %d %s: refused: %v", seat, a, err)
	}
	return append([]Event(nil), evs...)
}

// no checks that the action is refused with exactly code and rule, that the game is unchanged
// (the whole Game struct, and so every view and the totals) and that Legal does not list it.
func (p *pos) no(seat int, a Action, code ErrorCode, rule string) {
	p.t.Helper()
	before := p.g.Clone()
	views := p.views()
	evs, err := p.g.Apply(seat, a)
	var e *Error
	if !errors.As(err, &e) {
		p.t.Fatalf("seat %d %s: got events %v, err %v; want refused (%s, %s)", seat, a, eventStrings(evs), err, code, rule)
	}
	if e.Code != code || e.Rule != rule {
		p.t.Fatalf("seat %d %s: refused with (%s, %q: %s), want (%s, %q)", seat, a, e.Code, e.Rule, e.Msg, code, rule)
	}
	if evs != nil {
		p.t.Fatalf("seat %d %s: refused action returned events %v", seat, a, eventStrings(evs))
	}
	if !reflect.DeepEqual(before, p.g) {
		p.t.Fatalf("seat %d %s: refused action changed the game", seat, a)
	}
	if !reflect.DeepEqual(views, p.views()) {
		p.t.Fatalf("seat %d %s: refused action changed a view", seat, a)
	}
	if p.listed(seat, a) {
		p.t.Fatalf("seat %d %s: refused but listed by Legal", seat, a)
	}
}

// views returns every seat's view and the spectators'.
func (p *pos) views() []View {
	var vs []View
	for s := -1; s < p.g.n; s++ {
		vs = append(vs, p.g.View(s))
	}
	return vs
}

// legal checks that Legal lists exactly want (in Action.String form, a meld's cards sorted by
// id, in Legal's order).
func (p *pos) legal(seat int, want ...string) {
	p.t.Helper()
	var got []string
	for _, a := range p.g.Legal(seat, nil) {
		got = append(got, actionString(a))
	}
	if !reflect.DeepEqual(got, want) {
		p.t.Fatalf("Legal(%d) = %q, want %q", seat, got, want)
	}
}

// is checks the position summary (see summary).
func (p *pos) is(want string) {
	p.t.Helper()
	if got := p.summary(); got != want {
		p.t.Fatalf("position\n got %s\nwant %s", got, want)
	}
}

// summary is the public state in one line: phase, seat to act, trump, turn-up, cards left to draw,
// totals, then each seat's hand and tabled cards (by card id), e.g.
// "window act=0 trump=S up=KSa stock=4 totals=[0 0] | 0: 7Sa QSa JDa / - | 1: 8Ca / -".
func (p *pos) summary() string {
	g := p.g
	var b strings.Builder
	fmt.Fprintf(&b, "%s act=%d trump=%s up=%s stock=%d totals=%v", g.phase, g.toAct, g.trump, g.turnUp, g.stockLeft(), g.Totals())
	for s := 0; s < g.n; s++ {
		var hand, table []Card
		for _, c := range g.held[s][:g.nheld[s]] {
			if g.cs[c].loc == locTable {
				table = append(table, c)
			} else {
				hand = append(hand, c)
			}
		}
		fmt.Fprintf(&b, " | %d: %s / %s", s, cardList(hand), cardList(table))
	}
	return b.String()
}

// actionString is Action.String with a meld's cards sorted by id, so that expectations do not
// depend on the order in which Legal builds a meld.
func actionString(a Action) string {
	if a.Kind != DeclareMeld {
		return a.String()
	}
	return fmt.Sprintf("meld %s %s (%d)", a.Meld.Kind, cardList(a.Meld.Cards.Slice()), a.Meld.Points)
}

func cardList(cs []Card) string {
	if len(cs) == 0 {
		return "-"
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// where tells where a card is: "hand<seat>", "table<seat>", "stock", "up" (the turn-up),
// "trick" (in the trick in play), "won<side>", or "out" (out of play).
func (p *pos) where(s string) string {
	c := card(p.t, s)
	st := p.g.cs[c]
	switch st.loc {
	case locHand:
		return fmt.Sprintf("hand%d", st.owner)
	case locTable:
		return fmt.Sprintf("table%d", st.owner)
	case locStock:
		return "stock"
	case locTurnUp:
		return "up"
	case locTrick:
		return "trick"
	case locWon:
		if st.owner < 0 {
			return "out"
		}
		return fmt.Sprintf("won%d", st.owner)
	}
	return "?"
}

// at checks where each card is: pairs of card and place.
func (p *pos) at(pairs ...string) {
	p.t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		if got := p.where(pairs[i]); got != pairs[i+1] {
			p.t.Fatalf("%s is at %s, want %s", pairs[i], got, pairs[i+1])
		}
	}
}

func eventStrings(evs []Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.String())
	}
	return out
}

// TestPositionBuilder checks the builder itself: it places exactly the cards named.
func TestPositionBuilder(t *testing.T) {
	p := setup(t, position{turnUp: "KSa", stock: "ACa", fill: 3, hands: []string{"7Sa QSa JDa", "8Ca"}})
	p.is("trick act=-1 trump=S up=KSa stock=5 totals=[0 0] | 0: 7Sa QSa JDa / - | 1: 8Ca / -")
	p.at("ACa", "stock", "7Ha", "stock", "7Hb", "stock", "7Da", "stock", "7Db", "out", "7Sa", "hand0", "KSa", "up", "AHa", "out")
	if len(p.g.Events()) != 0 {
		t.Fatalf("events %v", p.g.Events())
	}
}

// okEndsDeal is ok for an action that ends the deal: the events must begin with want, and any
// further events must be the next deal's (shuffled from the seed, so not compared).
func (p *pos) okEndsDeal(seat int, a Action, want ...string) []Event {
	p.t.Helper()
	evs := p.do(seat, a)
	got := eventStrings(evs)
	if len(got) < len(want) || !reflect.DeepEqual(got[:len(want)], want) || len(got) > len(want) && evs[len(want)].Kind != EvDeal {
		p.t.Fatalf("seat %d %s: events\n%s\nwant\n%s\n(then the next deal)", seat, a, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	return evs
}
