package engine

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
	}
	return 0
}

var (
	queenSpades   = NewFace(Spades, Queen)
	jackDiamonds  = NewFace(Diamonds, Jack)
	bezLevelKinds = [...]MeldKind{1: Bezique, 2: DoubleBezique, 3: TripleBezique, 4: QuadrupleBezique}
	quartetKinds  = [NumRanks]MeldKind{Ace: FourAces, King: FourKings, Queen: FourQueens, Jack: FourJacks}
)

// meldKindOf works out which meld a set of cards forms, or NoMeld (RULES.md §2).
func (g *Game) meldKindOf(cs *CardSet) (MeldKind, int) {
	n := cs.Len()
	var faces [NumFaces]uint8
	for i := 0; i < n; i++ {
		faces[cs.At(i).Face()]++
	}
	switch {
	case n == 2 && cs.At(0).Suit() == cs.At(1).Suit() && faces[NewFace(cs.At(0).Suit(), King)] == 1 && faces[NewFace(cs.At(0).Suit(), Queen)] == 1:
		if cs.At(0).Suit() == g.trump {
			return RoyalMarriage, 0
		}
		return CommonMarriage, 0
	case n == 5:
		for _, r := range [...]Rank{Ace, Ten, King, Queen, Jack} {
			if faces[NewFace(g.trump, r)] != 1 {
				return NoMeld, 0
			}
		}
		return Sequence, 0
	case n == 4 && cs.At(0).Rank() != Ten && quartetKinds[cs.At(0).Rank()] != NoMeld:
		r := cs.At(0).Rank()
		same := true
		for i := 1; i < n; i++ {
			same = same && cs.At(i).Rank() == r
		}
		if same {
			return quartetKinds[r], 0
		}
	}
	if n%2 == 0 && n/2 <= g.rules.Variant.Packs() && int(faces[queenSpades]) == n/2 && int(faces[jackDiamonds]) == n/2 {
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

// checkMeld checks that seat may declare the cards now as far as the cards go: R1–R9 of
// RULES.md §2 and §1.9.4. Whose turn and whose privilege it is are checked by the caller.
func (g *Game) checkMeld(seat int, cards *CardSet, want MeldKind) (meldCheck, *Error) {
	n := cards.Len()
	if n < 2 || n > MaxMeldCards {
		return meldCheck{}, malformed("a meld has 2 to 8 cards, got %d", n)
	}
	for i := 0; i < n; i++ {
		c := cards.At(i)
		if int(c) >= g.ncards {
			return meldCheck{}, malformed("card id %d is not in a %d-card deck", c, g.ncards)
		}
		for j := 0; j < i; j++ {
			if cards.At(j) == c {
				return meldCheck{}, malformed("card %s named twice", c)
			}
		}
		if !g.holds(seat, c) {
			return meldCheck{}, ruleErr("RULES.md §2 R1", "card %s is not in your holding", c)
		}
	}
	kind, level := g.meldKindOf(cards)
	if kind == NoMeld {
		return meldCheck{}, ruleErr("RULES.md §2", "%s is not a meld", cards.String())
	}
	if want != NoMeld && want != kind {
		return meldCheck{}, malformed("the cards form a %s, not a %s", kind, want)
	}
	mc := meldCheck{kind: kind, points: g.meldValue(kind), level: level}
	if !g.rules.ExchangedCardMeldable && g.win.exchanged != NoCard && cards.Contains(g.win.exchanged) {
		return meldCheck{}, ruleErr("RULES.md §1.9.4", "%s was taken by the seven exchange and cannot be melded in this window", g.win.exchanged)
	}
	fromHand := false
	for i := 0; i < n; i++ {
		st := &g.cs[cards.At(i)]
		if st.loc == locHand && int(st.owner) == seat {
			fromHand = true
		}
		if level >= 2 && g.rules.MultiBeziqueSamePlayer && int(st.owner) != seat {
			return meldCheck{}, ruleErr("RULES.md §5 #15", "multi_bezique_same_player: %s is your partner's card", cards.At(i))
		}
	}
	if g.rules.RequireNewCard && !fromHand {
		return meldCheck{}, ruleErr("RULES.md §2 R2", "a meld needs at least one card from your hand")
	}
	if g.rules.ReuseRule == "higher_value" {
		for i := 0; i < n; i++ {
			st := &g.cs[cards.At(i)]
			if st.loc == locTable && int(st.maxVal) >= mc.points {
				return meldCheck{}, ruleErr("RULES.md §2 (reuse_rule=higher_value)", "%s was in a meld worth %d; it may only join a meld worth more", cards.At(i), st.maxVal)
			}
		}
		return mc, nil
	}
	switch kind.class() {
	case ClassMarriage:
		for i := 0; i < n; i++ {
			used := g.cs[cards.At(i)].used
			if used&ClassSequence != 0 {
				return meldCheck{}, ruleErr("RULES.md §2 R5", "%s was scored in a sequence and cannot marry", cards.At(i))
			}
			if used&ClassMarriage != 0 {
				return meldCheck{}, ruleErr("RULES.md §2 R3", "%s is already married", cards.At(i))
			}
		}
	case ClassSequence, ClassQuartet:
		for i := 0; i < n; i++ {
			if g.cs[cards.At(i)].used&kind.class() != 0 {
				return meldCheck{}, ruleErr("RULES.md §2 R3", "%s was already scored in a %s", cards.At(i), kind)
			}
		}
	case ClassBezique:
		return g.checkBezique(cards, mc)
	}
	return mc, nil
}

// checkBezique applies R6: the cards already used in a bezique must be exactly one earlier bezique
// meld, whole, not yet upgraded, of fewer pairs; or, with second_double_on_used_pair, one pair of
// an earlier double under a new double (RULES.md §2 R6, §8.3).
func (g *Game) checkBezique(cards *CardSet, mc meldCheck) (meldCheck, *Error) {
	old, nused := 0, 0
	var queens, jacks int
	for i := 0; i < cards.Len(); i++ {
		c := cards.At(i)
		st := &g.cs[c]
		if st.used&ClassBezique == 0 {
			continue
		}
		if old != 0 && int(st.bez) != old {
			return meldCheck{}, ruleErr("RULES.md §2 R6", "the cards come from two bezique melds; two scored beziques never combine")
		}
		old = int(st.bez)
		nused++
		if c.Face() == queenSpades {
			queens++
		} else {
			jacks++
		}
	}
	if nused == 0 {
		return mc, nil
	}
	rec := &g.bez[old-1]
	if nused == rec.cards.Len() && !rec.upgraded && mc.level > int(rec.level) {
		mc.upgrades = old
		return mc, nil
	}
	if g.rules.SecondDoubleOnUsedPair && mc.level == 2 && nused == 2 && queens == 1 && jacks == 1 && rec.level >= 2 {
		return mc, nil
	}
	switch {
	case nused != rec.cards.Len():
		return meldCheck{}, ruleErr("RULES.md §2 R6", "%s was already scored in a bezique that is not whole in this meld", cards.String())
	case rec.upgraded:
		return meldCheck{}, ruleErr("RULES.md §8.3", "that bezique has already been upgraded")
	}
	return meldCheck{}, ruleErr("RULES.md §2 R6", "an upgrade must add new pairs")
}

// applyMeld tables a checked meld and scores it.
func (g *Game) applyMeld(seat int, cards *CardSet, mc meldCheck) {
	bez := uint8(0)
	if mc.kind.class() == ClassBezique {
		g.bez[g.nbez] = bezRecord{level: uint8(mc.level), cards: *cards}
		g.nbez++
		bez = uint8(g.nbez)
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
		if bez != 0 {
			st.bez = bez
		}
		if int(st.maxVal) < mc.points {
			st.maxVal = uint16(mc.points)
		}
	}
	side := g.rules.side(seat)
	g.emit(Event{Kind: EvMeld, Seat: seat, Side: side, Card: NoCard, Card2: NoCard,
		Meld: Meld{Kind: mc.kind, Cards: *cards, Points: mc.points}, Points: mc.points})
	g.score(side, mc.points)
}

// meldGroup is a class of interchangeable cards in a holding: same face, owner, place and meld
// history (RULES.md §2; issue: interchangeable copies are listed once).
type meldGroup struct {
	face  Face
	n     int
	cards [MaxPacks * 2]Card
	key   uint64
}

// groupKey returns the interchangeability key of a card in a holding.
func (g *Game) groupKey(c Card) uint64 {
	st := &g.cs[c]
	ex := uint64(0)
	if c == g.win.exchanged {
		ex = 1
	}
	return uint64(c.Face()) | uint64(st.loc)<<8 | uint64(uint8(st.owner))<<16 | uint64(st.used)<<24 |
		uint64(st.bez)<<32 | uint64(st.maxVal)<<40 | ex<<56
}

// appendMelds appends every distinct legal meld of seat's holding to buf.
func (g *Game) appendMelds(seat int, buf []Action) []Action {
	var groups [24]meldGroup
	ng := 0
	add := func(c Card) {
		k := g.groupKey(c)
		for i := 0; i < ng; i++ {
			if groups[i].key == k {
				groups[i].cards[groups[i].n] = c
				groups[i].n++
				return
			}
		}
		groups[ng] = meldGroup{face: c.Face(), key: k, n: 1}
		groups[ng].cards[0] = c
		ng++
	}
	for _, c := range g.held[seat][:g.nheld[seat]] {
		if c.Rank() >= Jack && c.Rank() != Ten || c.Rank() == Ten && c.Suit() == g.trump {
			add(c)
		}
	}
	if g.rules.Variant.Partnership() {
		p := (seat + 2) % 4
		for _, c := range g.held[p][:g.nheld[p]] {
			if g.cs[c].loc == locTable && (c.Rank() >= Jack && c.Rank() != Ten || c.Rank() == Ten && c.Suit() == g.trump) {
				add(c)
			}
		}
	}
	facesOf := func(f Face, out *[24]int) int {
		k := 0
		for i := 0; i < ng; i++ {
			if groups[i].face == f {
				out[k] = i
				k++
			}
		}
		return k
	}
	try := func(cards *CardSet) {
		mc, err := g.checkMeld(seat, cards, NoMeld)
		if err == nil {
			buf = append(buf, Action{Kind: DeclareMeld, Card: NoCard, Meld: Meld{Kind: mc.kind, Cards: *cards, Points: mc.points}})
		}
	}
	var a, b, c, d, e [24]int
	// Marriages.
	for s := Suit(0); s < NumSuits; s++ {
		nk := facesOf(NewFace(s, King), &a)
		nq := facesOf(NewFace(s, Queen), &b)
		for i := 0; i < nk; i++ {
			for j := 0; j < nq; j++ {
				cs := NewCardSet(groups[a[i]].cards[0], groups[b[j]].cards[0])
				try(&cs)
			}
		}
	}
	// Sequences.
	na := facesOf(NewFace(g.trump, Ace), &a)
	nt := facesOf(NewFace(g.trump, Ten), &b)
	nk := facesOf(NewFace(g.trump, King), &c)
	nq := facesOf(NewFace(g.trump, Queen), &d)
	nj := facesOf(NewFace(g.trump, Jack), &e)
	for i1 := 0; i1 < na; i1++ {
		for i2 := 0; i2 < nt; i2++ {
			for i3 := 0; i3 < nk; i3++ {
				for i4 := 0; i4 < nq; i4++ {
					for i5 := 0; i5 < nj; i5++ {
						cs := NewCardSet(groups[a[i1]].cards[0], groups[b[i2]].cards[0], groups[c[i3]].cards[0], groups[d[i4]].cards[0], groups[e[i5]].cards[0])
						try(&cs)
					}
				}
			}
		}
	}
	// Quartets: every multiset of 4 cards of the rank over its groups.
	for _, r := range [...]Rank{Ace, King, Queen, Jack} {
		k := 0
		for i := 0; i < ng; i++ {
			if groups[i].face.Rank() == r {
				a[k] = i
				k++
			}
		}
		var cs CardSet
		g.multisets(groups[:], a[:k], 0, 4, &cs, try)
	}
	// Bezique class: n queens of spades and n jacks of diamonds.
	nqs := facesOf(queenSpades, &b)
	njd := facesOf(jackDiamonds, &c)
	for lvl := 1; lvl <= g.rules.Variant.Packs(); lvl++ {
		var qs CardSet
		g.multisets(groups[:], b[:nqs], 0, lvl, &qs, func(q *CardSet) {
			var js CardSet
			g.multisets(groups[:], c[:njd], 0, lvl, &js, func(j *CardSet) {
				cs := *q
				for i := 0; i < j.Len(); i++ {
					cs.Add(j.At(i))
				}
				try(&cs)
			})
		})
	}
	return buf
}

// multisets calls fn with every choice of k cards from the groups listed in ids[from:], taking
// the first cards of each group (interchangeable cards are chosen once).
func (g *Game) multisets(groups []meldGroup, ids []int, from, k int, cur *CardSet, fn func(*CardSet)) {
	if k == 0 {
		fn(cur)
		return
	}
	for i := from; i < len(ids); i++ {
		grp := &groups[ids[i]]
		base := *cur
		for take := 1; take <= grp.n && take <= k; take++ {
			cur.Add(grp.cards[take-1])
			g.multisets(groups, ids, i+1, k-take, cur, fn)
		}
		*cur = base
	}
}
