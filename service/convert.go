package service

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// This file translates between engine values and bezique.v1 messages. It holds no rule logic:
// what a seat may see is decided by engine.Game.View and engine.Event.Redact alone.

var variantsToProto = map[engine.Variant]pb.Variant{
	engine.TwoHanded:            pb.Variant_VARIANT_TWO_HANDED,
	engine.ThreeHanded:          pb.Variant_VARIANT_THREE_HANDED,
	engine.FourHanded:           pb.Variant_VARIANT_FOUR_HANDED,
	engine.FourHandedIndividual: pb.Variant_VARIANT_FOUR_HANDED_INDIVIDUAL,
}

// VariantFromProto returns the engine variant of a proto variant, or an error naming the field.
func VariantFromProto(v pb.Variant) (engine.Variant, error) {
	for ev, pv := range variantsToProto {
		if pv == v {
			return ev, nil
		}
	}
	return "", fmt.Errorf("variant: %s is not a variant (want VARIANT_TWO_HANDED, VARIANT_THREE_HANDED, VARIANT_FOUR_HANDED or VARIANT_FOUR_HANDED_INDIVIDUAL)", v)
}

// VariantToProto returns the proto enum of an engine variant.
func VariantToProto(v engine.Variant) pb.Variant { return variantsToProto[v] }

// metricVariant is the variant's metric label value: two_handed, four_handed_individual, ...
func metricVariant(v engine.Variant) string {
	b := []byte(v)
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// RulesToProto returns the wire form of rules: the options asked for and the effective ones.
func RulesToProto(r engine.Rules, asked map[string]string) *pb.Rules {
	return &pb.Rules{
		Variant:          VariantToProto(r.Variant),
		Options:          asked,
		EffectiveOptions: r.Options(),
		SeatCount:        uint32(r.Variant.Players()),
		SideCount:        uint32(r.Variant.Sides()),
	}
}

// RulesFromProto validates wire rules into engine rules; errors name the field.
func RulesFromProto(r *pb.Rules) (engine.Rules, error) {
	if r == nil {
		return engine.Rules{}, fmt.Errorf("rules: missing")
	}
	v, err := VariantFromProto(r.GetVariant())
	if err != nil {
		return engine.Rules{}, fmt.Errorf("rules.%w", err)
	}
	rules, err := engine.NewRules(v, r.GetOptions())
	if err != nil {
		return engine.Rules{}, fmt.Errorf("rules.options: %w", err)
	}
	return rules, nil
}

// cardMsgs holds one wire message per card id, built once and shared by every message the
// referee sends: they are never modified (proto.Marshal only reads them).
var cardMsgs = func() (out [engine.MaxCards]*pb.Card) {
	for i := range out {
		c := engine.Card(i)
		out[i] = &pb.Card{Id: uint32(c), Text: c.String(), Suit: pb.Suit(c.Suit() + 1), Rank: pb.Rank(c.Rank() + 1), Copy: uint32(c.Copy())}
	}
	return out
}()

// CardToProto returns the wire form of a card; nil for engine.NoCard (hidden or absent). The
// message is shared: callers must not modify it.
func CardToProto(c engine.Card) *pb.Card {
	if int(c) >= len(cardMsgs) {
		return nil
	}
	return cardMsgs[c]
}

func cardsToProto(cs []engine.Card) []*pb.Card {
	out := make([]*pb.Card, len(cs))
	for i, c := range cs {
		out[i] = CardToProto(c)
	}
	return out
}

func cardSetToProto(s engine.CardSet) []*pb.Card {
	out := make([]*pb.Card, s.Len())
	for i := range out {
		out[i] = CardToProto(s.At(i))
	}
	return out
}

// CardFromProto returns the engine card a wire card names by id; field names the field in errors.
func CardFromProto(c *pb.Card, field string) (engine.Card, error) {
	if c == nil {
		return engine.NoCard, fmt.Errorf("%s: missing card", field)
	}
	if c.GetId() >= engine.MaxCards {
		return engine.NoCard, fmt.Errorf("%s.id: %d is not a card id (0..%d)", field, c.GetId(), engine.MaxCards-1)
	}
	return engine.Card(c.GetId()), nil
}

func meldToProto(m engine.Meld) *pb.Meld {
	return &pb.Meld{Kind: pb.MeldKind(m.Kind), Cards: cardSetToProto(m.Cards), Points: uint32(m.Points)}
}

// playMsgs holds one wire action per card for playing that card, shared like cardMsgs: card plays
// are most of every decision request's legal actions.
var playMsgs = func() (out [engine.MaxCards]*pb.Action) {
	for i := range out {
		out[i] = &pb.Action{Kind: &pb.Action_Play{Play: &pb.PlayAction{Card: cardMsgs[i]}}}
	}
	return out
}()

// ActionToProto returns the wire form of an engine action. The message of a card play is shared:
// callers must not modify it.
func ActionToProto(a engine.Action) *pb.Action {
	switch a.Kind {
	case engine.PlayCard:
		if int(a.Card) < len(playMsgs) {
			return playMsgs[a.Card]
		}
		return &pb.Action{Kind: &pb.Action_Play{Play: &pb.PlayAction{}}}
	case engine.DeclareMeld:
		return &pb.Action{Kind: &pb.Action_Meld{Meld: &pb.MeldAction{Meld: meldToProto(a.Meld)}}}
	case engine.ExchangeSeven:
		return &pb.Action{Kind: &pb.Action_SevenExchange{SevenExchange: &pb.SevenExchangeAction{Seven: CardToProto(a.Card)}}}
	case engine.DeclareSeven:
		return &pb.Action{Kind: &pb.Action_SevenDeclare{SevenDeclare: &pb.SevenDeclareAction{Seven: CardToProto(a.Card)}}}
	case engine.PassMeld:
		return &pb.Action{Kind: &pb.Action_PassMeld{PassMeld: &pb.PassMeldAction{}}}
	case engine.EndWindow:
		return &pb.Action{Kind: &pb.Action_EndWindow{EndWindow: &pb.EndWindowAction{}}}
	}
	return &pb.Action{}
}

// ActionFromProto returns the engine action of a wire action; errors name the field.
func ActionFromProto(a *pb.Action) (engine.Action, error) {
	switch k := a.GetKind().(type) {
	case *pb.Action_Play:
		c, err := CardFromProto(k.Play.GetCard(), "action.play.card")
		return engine.Play(c), err
	case *pb.Action_Meld:
		cards := k.Meld.GetMeld().GetCards()
		if len(cards) < 2 || len(cards) > engine.MaxMeldCards {
			return engine.Action{}, fmt.Errorf("action.meld.meld.cards: a meld has 2 to %d cards, got %d", engine.MaxMeldCards, len(cards))
		}
		var set engine.CardSet
		for i, pc := range cards {
			c, err := CardFromProto(pc, fmt.Sprintf("action.meld.meld.cards[%d]", i))
			if err != nil {
				return engine.Action{}, err
			}
			set.Add(c)
		}
		kind := k.Meld.GetMeld().GetKind()
		if kind < 0 || kind > pb.MeldKind_MELD_KIND_FOUR_JACKS {
			return engine.Action{}, fmt.Errorf("action.meld.meld.kind: unknown kind %d", kind)
		}
		return engine.Action{Kind: engine.DeclareMeld, Card: engine.NoCard, Meld: engine.Meld{Kind: engine.MeldKind(kind), Cards: set}}, nil
	case *pb.Action_SevenExchange:
		c, err := CardFromProto(k.SevenExchange.GetSeven(), "action.seven_exchange.seven")
		return engine.Action{Kind: engine.ExchangeSeven, Card: c}, err
	case *pb.Action_SevenDeclare:
		c, err := CardFromProto(k.SevenDeclare.GetSeven(), "action.seven_declare.seven")
		return engine.Action{Kind: engine.DeclareSeven, Card: c}, err
	case *pb.Action_PassMeld:
		return engine.Action{Kind: engine.PassMeld, Card: engine.NoCard}, nil
	case *pb.Action_EndWindow:
		return engine.Action{Kind: engine.EndWindow, Card: engine.NoCard}, nil
	}
	return engine.Action{}, fmt.Errorf("action: no action kind set")
}

func scoresToProto(deal, totals []int) []*pb.SideScore {
	out := make([]*pb.SideScore, len(totals))
	for s := range totals {
		d := 0
		if s < len(deal) {
			d = deal[s]
		}
		out[s] = &pb.SideScore{Side: uint32(s), DealPoints: uint32(d), Total: uint32(totals[s])}
	}
	return out
}

func totalsToProto(t [4]int, sides int) []*pb.SideScore {
	return scoresToProto(nil, t[:sides])
}

// EventToProto returns the wire form of an engine event (already redacted for its reader) with
// its sequence number. sides is the number of scoring sides.
func EventToProto(e engine.Event, seq uint64, sides int) *pb.Event {
	out := &pb.Event{Seq: seq}
	seat, side, pts := uint32(max(e.Seat, 0)), uint32(max(e.Side, 0)), uint32(e.Points)
	switch e.Kind {
	case engine.EvDeal:
		out.Payload = &pb.Event_DealStarted{DealStarted: &pb.DealStarted{Deal: uint32(e.Deal), Dealer: seat, Trump: pb.Suit(e.Trump + 1), TurnUp: CardToProto(e.Card)}}
	case engine.EvHand:
		out.Payload = &pb.Event_HandDealt{HandDealt: &pb.HandDealt{Seat: seat, Cards: visible(e.Cards), Count: uint32(e.Cards.Len())}}
	case engine.EvTurnUpSeven:
		out.Payload = &pb.Event_TurnUpSeven{TurnUpSeven: &pb.TurnUpSeven{Dealer: seat, Side: side, Points: pts}}
	case engine.EvPlay:
		out.Payload = &pb.Event_CardPlayed{CardPlayed: &pb.CardPlayed{Seat: seat, Card: CardToProto(e.Card), FromTable: e.FromTable}}
	case engine.EvSevenPlayed:
		out.Payload = &pb.Event_SevenPlayedScored{SevenPlayedScored: &pb.SevenPlayedScored{Seat: seat, Seven: CardToProto(e.Card), Points: pts}}
	case engine.EvTrick:
		out.Payload = &pb.Event_TrickWon{TrickWon: &pb.TrickWon{Winner: seat, Trick: uint32(e.Count), Cards: cardSetToProto(e.Cards), Points: pts}}
	case engine.EvMeld:
		out.Payload = &pb.Event_Melded{Melded: &pb.Melded{Seat: seat, Meld: meldToProto(e.Meld)}}
	case engine.EvSevenExchange:
		out.Payload = &pb.Event_SevenExchanged{SevenExchanged: &pb.SevenExchanged{Seat: seat, Seven: CardToProto(e.Card), Taken: CardToProto(e.Card2), Points: pts}}
	case engine.EvSevenDeclare:
		out.Payload = &pb.Event_SevenDeclared{SevenDeclared: &pb.SevenDeclared{Seat: seat, Seven: CardToProto(e.Card), Points: pts}}
	case engine.EvPassMeld:
		out.Payload = &pb.Event_MeldPassed{MeldPassed: &pb.MeldPassed{Seat: seat}}
	case engine.EvEndWindow:
		out.Payload = &pb.Event_WindowEnded{WindowEnded: &pb.WindowEnded{Seat: seat}}
	case engine.EvDraw:
		out.Payload = &pb.Event_CardDrawn{CardDrawn: &pb.CardDrawn{Seat: seat, Card: CardToProto(e.Card), Revealed: e.Revealed}}
	case engine.EvPhase2:
		out.Payload = &pb.Event_Phase2Started{Phase2Started: &pb.Phase2Started{Duel: uint32(e.Count), Leader: seat}}
	case engine.EvLastTrick:
		out.Payload = &pb.Event_LastTrickScored{LastTrickScored: &pb.LastTrickScored{Seat: seat, Side: side, Points: pts}}
	case engine.EvBrisques:
		out.Payload = &pb.Event_BrisquesScored{BrisquesScored: &pb.BrisquesScored{Side: side, Count: uint32(e.Count), Points: pts}}
	case engine.EvDealEnd:
		out.Payload = &pb.Event_DealEnded{DealEnded: &pb.DealEnded{Deal: uint32(e.Deal), Scores: totalsToProto(e.Totals, sides)}}
	case engine.EvGameEnd:
		out.Payload = &pb.Event_GameEnded{GameEnded: &pb.GameEnded{WinnerSide: side, Scores: totalsToProto(e.Totals, sides)}}
	}
	return out
}

// visible returns the cards of a set that are not hidden (a redacted hand shows none).
func visible(s engine.CardSet) []*pb.Card {
	var out []*pb.Card
	for i := 0; i < s.Len(); i++ {
		if c := s.At(i); c != engine.NoCard {
			out = append(out, CardToProto(c))
		}
	}
	return out
}

var phasesToProto = map[engine.Phase]pb.Phase{
	engine.PhaseTrick:  pb.Phase_PHASE_TRICK_PHASE1,
	engine.PhaseWindow: pb.Phase_PHASE_WINDOW,
	engine.PhaseTrick2: pb.Phase_PHASE_TRICK_PHASE2,
	engine.PhaseOver:   pb.Phase_PHASE_GAME_OVER,
}

func classesToProto(c engine.Class) []pb.MeldClass {
	var out []pb.MeldClass
	for i, cl := range []engine.Class{engine.ClassMarriage, engine.ClassSequence, engine.ClassBezique, engine.ClassQuartet} {
		if c&cl != 0 {
			out = append(out, pb.MeldClass(i+1))
		}
	}
	return out
}

// playsToProto returns the wire form of plays, taking the messages from *pool (a view's plays are
// allocated together: a few allocations a view, not one a play).
func playsToProto(ps []engine.PlayedCard, pool *viewPool) []*pb.Play {
	out := pool.ptrs[:len(ps):len(ps)]
	pool.ptrs = pool.ptrs[len(ps):]
	for i, p := range ps {
		m := &pool.plays[i]
		m.Seat, m.Card = uint32(p.Seat), CardToProto(p.Card)
		out[i] = m
	}
	pool.plays = pool.plays[len(ps):]
	return out
}

// viewPool is the backing storage of a view's plays.
type viewPool struct {
	plays []pb.Play
	ptrs  []*pb.Play
}

// ViewToProto returns the wire form of an engine view. past may hold the wire form of the first
// finished tricks of the view's deal, from an earlier view: those messages are reused, not built
// again (they are public and never change; callers must not modify them). The view's finished
// tricks are out.PastTricks, to pass as past next time.
func ViewToProto(v engine.View, past []*pb.Trick) *pb.View {
	past = past[:min(len(past), len(v.Tricks))]
	nplays := len(v.Trick)
	for _, t := range v.Tricks[len(past):] {
		nplays += len(t.Plays)
	}
	plays := &viewPool{plays: make([]pb.Play, nplays), ptrs: make([]*pb.Play, nplays)}
	out := &pb.View{
		Variant: VariantToProto(v.Variant), Deal: uint32(v.Deal), Dealer: uint32(v.Dealer),
		Trump: pb.Suit(v.Trump + 1), TurnUp: CardToProto(v.TurnUp), StockSize: uint32(v.StockSize),
		Hand: cardsToProto(v.Hand), Trick: uint32(v.TrickNo), CurrentTrick: playsToProto(v.Trick, plays),
		Scores: scoresToProto(v.DealPoints, v.Totals), Phase: phasesToProto[v.Phase],
		SpentSevens: cardsToProto(v.SpentSevens), LastStockCard: CardToProto(v.Revealed),
		Duel: uint32(v.Duel), Target: uint32(v.Target),
	}
	if v.Seat >= 0 {
		s := uint32(v.Seat)
		out.Seat = &s
	}
	if v.ToAct >= 0 {
		s := uint32(v.ToAct)
		out.ToAct = &s
	}
	if v.Winner >= 0 {
		s := uint32(v.Winner)
		out.WinnerSide = &s
	}
	if v.Duel != 0 {
		out.DuelSeats = []uint32{uint32(v.DuelSeats[0]), uint32(v.DuelSeats[1])}
	}
	for s := range v.HandSizes {
		sv := &pb.SeatView{Seat: uint32(s), HandSize: uint32(v.HandSizes[s])}
		for _, tc := range v.Tabled[s] {
			sv.Tabled = append(sv.Tabled, &pb.TabledCard{Card: CardToProto(tc.Card), ScoredClasses: classesToProto(tc.Classes)})
		}
		out.Seats = append(out.Seats, sv)
	}
	out.PastTricks = make([]*pb.Trick, len(v.Tricks))
	copy(out.PastTricks, past)
	tricks := make([]pb.Trick, len(v.Tricks)-len(past))
	for i := len(past); i < len(v.Tricks); i++ {
		t, m := v.Tricks[i], &tricks[i-len(past)]
		m.Number, m.Leader, m.Plays, m.Winner = uint32(i+1), uint32(t.Leader), playsToProto(t.Plays, plays), uint32(t.Winner)
		out.PastTricks[i] = m
	}
	if v.Phase == engine.PhaseWindow {
		w := &pb.WindowState{Winner: uint32(v.Window.Winner), Stage: pb.WindowStage(v.Window.Stage + 1),
			MeldDone: v.Window.Melded, MeldPassed: v.Window.Passed, Exchanged: CardToProto(v.Window.Exchanged)}
		if v.Window.Partner >= 0 {
			p := uint32(v.Window.Partner)
			w.Partner = &p
		}
		out.Window = w
	}
	return out
}

// The rule catalog (GetRuleCatalog): engine.OptionSpec to bezique.v1.RuleOption.

var optionTypesToProto = map[engine.OptionType]pb.RuleOptionType{
	engine.OptionBool:    pb.RuleOptionType_RULE_OPTION_TYPE_BOOL,
	engine.OptionInt:     pb.RuleOptionType_RULE_OPTION_TYPE_INT,
	engine.OptionEnum:    pb.RuleOptionType_RULE_OPTION_TYPE_ENUM,
	engine.OptionIntList: pb.RuleOptionType_RULE_OPTION_TYPE_INT_LIST,
}

// RuleCatalogToProto returns the wire form of an option catalog (engine.OptionCatalog), in its
// order; each option's defaults are in the order of engine.Variants.
func RuleCatalogToProto(specs []engine.OptionSpec) []*pb.RuleOption {
	out := make([]*pb.RuleOption, len(specs))
	for i, s := range specs {
		o := &pb.RuleOption{
			Name: s.Name, Type: optionTypesToProto[s.Type], Values: s.Values, Min: int32(s.Min), Max: int32(s.Max),
			Examples: s.Examples, Doc: s.Doc, Section: s.Section, Supported: s.Supported, UnsupportedReason: s.Unsupported,
		}
		for _, v := range engine.Variants {
			if d, ok := s.Defaults[v]; ok {
				o.Defaults = append(o.Defaults, &pb.RuleOptionDefault{Variant: VariantToProto(v), Value: d})
			}
		}
		for _, v := range s.Variants {
			o.Variants = append(o.Variants, VariantToProto(v))
		}
		out[i] = o
	}
	return out
}
