package engine

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Audit of the engine against RULES.md §1–§3, §5 and §8, beyond the §6 vectors. Tests named
// TestAuditBug* are the audit's findings: each failed on the engine as audited, where it broke the
// rule quoted in its comment; the engine has since been fixed and they pass, kept as regression
// tests. The other TestAudit* tests pin tricky behaviour that was checked and found correct. All
// run on positions built with position_test.go and are driven through Apply and Legal only.

// ---------------------------------------------------------------------------------------------
// Findings (fixed; each test failed on the engine as audited)
// ---------------------------------------------------------------------------------------------

// RULES.md §8.1: "A seven that has scored is spent. A trump 7 that has already scored (declared,
// exchanged, or turned up by the dealer) can take part in no further seven action."
// View.SpentSevens documents "the trump sevens that have scored this deal". A 7 exchanged in the
// window of trick 24 goes to the last drawer (§8.2); as audited, the draw (Game.give) rebuilt its
// cardState and dropped the spent mark, so it vanished from every view's SpentSevens for the rest
// of the deal. The same happened to a turn-up 7 that scored for the dealer (§1.9.1).
func TestAuditBugSpentSevenForgottenAtLastDraw(t *testing.T) {
	t.Run("exchanged seven", func(t *testing.T) {
		p := setup(t, position{turnUp: "KSa", stock: "8Ha", trickNo: 23, hands: []string{"7Sa AHa", "9Ha"}})
		p.trick(nS)
		p.do(nS, p.play("9Ha"))
		p.do(dS, p.play("AHa"))
		p.ok(dS, p.exchange("7Sa"), "seat 0 exchanges 7Sa for KSa (+10)")
		if got := p.g.View(NoSeat).SpentSevens; !reflect.DeepEqual(got, cards(t, "7Sa")) {
			t.Fatalf("before the draw: spent sevens %v, want [7Sa]", got)
		}
		p.do(dS, endWin)
		p.at("7Sa", "hand1")
		if got := p.g.View(NoSeat).SpentSevens; !reflect.DeepEqual(got, cards(t, "7Sa")) {
			t.Fatalf("after the last draw: spent sevens %v, want [7Sa] (the 7 scored this deal)", got)
		}
	})
	t.Run("dealer's turn-up seven", func(t *testing.T) {
		p := setup(t, position{turnUp: "7Sa", stock: "8Ha", trickNo: 23, hands: []string{"AHa", "9Ha"}})
		p.trick(nS)
		p.do(nS, p.play("9Ha"))
		p.do(dS, p.play("AHa"))
		p.do(dS, endWin)
		p.at("7Sa", "hand1")
		if got := p.g.View(nS).SpentSevens; !reflect.DeepEqual(got, cards(t, "7Sa")) {
			t.Fatalf("after the last draw: spent sevens %v, want [7Sa]", got)
		}
	})
}

// RULES.md §2 R2: "FOS demands this only within a class ("if new announcements are made in the
// same class, at least one new card must be added from the player's hand") and lets a cross-class
// combination formed by already-tabled cards be scored later (see R9); option
// `require_new_card=false` reproduces FOS." and §8.4: "New pairs in an upgrade may include tabled
// cards from melds of other kinds (a Q♠ from four queens), as long as R2 holds: at least one card
// comes from the melder's hand."
// As audited, with require_new_card=false the engine dropped R2 altogether, so a bezique upgrade
// (a new announcement in the same class) made only of tabled cards scored 500: the single Q♠a J♦a
// plus Q♠b (tabled in a marriage) and J♦b (tabled in four jacks), nothing from hand.
func TestAuditBugRequireNewCardFalseStillNeedsHandCardInClass(t *testing.T) {
	p := setup(t, position{opts: map[string]string{"require_new_card": "false"}, turnUp: "9Ca", fill: 4,
		hands: []string{"QSa JDa KSa QSb JDb JHa JSa JCa", "8Ha"}})
	p.window(dS)
	p.ok(dS, p.meld("QSa JDa"), "seat 0 melds bezique QSa JDa (40)")
	p.window(dS)
	p.ok(dS, p.meld("KSa QSb"), "seat 0 melds common_marriage KSa QSb (20)")
	p.window(dS)
	p.ok(dS, p.meld("JDb JHa JSa JCa"), "seat 0 melds four_jacks JDb JHa JSa JCa (40)")
	p.window(dS)
	// Cross-class from tabled cards stays legal under FOS (vector 19b's point) ...
	// ... but the same-class upgrade with no card from hand must be refused.
	p.no(dS, p.meld("QSa JDa QSb JDb"), CodeRule, "RULES.md §2 R2")
}

// optErr asserts that NewRules refuses the options with an error naming one of the options.
func optErr(t *testing.T, v Variant, opts map[string]string, names ...string) {
	t.Helper()
	_, err := NewRules(v, opts)
	if err == nil {
		t.Fatalf("NewRules(%s, %v) accepted; want an error naming %v", v, opts, names)
	}
	for _, n := range names {
		if strings.Contains(err.Error(), n) {
			return
		}
	}
	t.Fatalf("NewRules(%s, %v): error %q names none of %v", v, opts, err, names)
}

// Brief / NewRules doc: "It returns an error naming the option for ... an option that cannot apply
// to the variant"; RULES.md §3.3.13 "Quadruple bezique (4 Q♠ + 4 J♦) is possible but not in S000
// → default 4500" and §5 #25 (quadruple_value, "Quadruple bezique in 4p"). Two and three packs
// cannot hold a quadruple bezique, so a quadruple_value there is meaningless, exactly like
// second_double_on_used_pair in two-handed, which the engine already refused; as audited it
// accepted quadruple_value there.
func TestAuditBugQuadrupleValueOutsideFourHanded(t *testing.T) {
	optErr(t, TwoHanded, map[string]string{"quadruple_value": "1000"}, "quadruple_value")
	optErr(t, ThreeHanded, map[string]string{"quadruple_value": "1000"}, "quadruple_value")
}

// RULES.md §1.9.3 "option `seven_counts_as_meld`" (a seven action uses the side's one meld, R9: "One
// meld scored per won trick per side") together with §1.9.5 "option `max_seven_actions_per_trick`"
// and §1.9.4 / §5 #6 `exchanged_card_meldable`: under seven_counts_as_meld one seven action closes
// the side's meld, so a second seven action and a meld with the exchanged card are impossible; the
// other option can never take effect. The engine refused the like case duel2_leader with
// partnership_phase2=all_four ("has no meaning"), but as audited accepted these silently.
func TestAuditBugSevenCountsAsMeldContradictions(t *testing.T) {
	optErr(t, TwoHanded, map[string]string{"seven_counts_as_meld": "true", "max_seven_actions_per_trick": "2"},
		"seven_counts_as_meld", "max_seven_actions_per_trick")
	optErr(t, FourHanded, map[string]string{"seven_counts_as_meld": "true", "exchanged_card_meldable": "true"},
		"seven_counts_as_meld", "exchanged_card_meldable")
}

// RULES.md §2 "Alternative model (option `reuse_rule=higher_value`, S004): a tabled card may be
// reused only in a new meld worth **more** than the meld it was in". The engine records that value
// in cardState.maxVal, now a uint32; as audited it was a uint16, while NewRules accepts
// quadruple_value up to 100000: a quadruple worth 65595 was remembered as 59, so its Q♠ could then
// join four queens (60 < 65595).
func TestAuditBugHigherValueOverflowsLargeQuadruple(t *testing.T) {
	p := setup(t, position{variant: FourHanded, opts: map[string]string{"reuse_rule": "higher_value", "quadruple_value": "65595"},
		turnUp: "9Ca", fill: 8, hands: []string{"QSa JDa QSb JDb QSc JDc QSd JDd", "8Ha", "QHa QDa QCa", "8Hb"}})
	p.window(anna)
	p.ok(anna, p.meld("QSa JDa QSb JDb QSc JDc QSd JDd"), "seat 0 melds quadruple_bezique QSa JDa QSb JDb QSc JDc QSd JDd (65595)")
	p.window(carla)
	p.no(carla, p.meld("QSa QHa QDa QCa"), CodeRule, "RULES.md §2 (reuse_rule=higher_value)")
}

// ---------------------------------------------------------------------------------------------
// Pinned behaviour (passing tests)
// ---------------------------------------------------------------------------------------------

// RULES.md §8.2: "Seven actions are allowed in the window after the last phase-1 trick, before the
// final draw; a 7 exchanged then is the card the last drawer receives." §3.1.8: "the loser takes
// the turn-up (or the 7 exchanged for it)". §1.9.4: the exchanged card is not meldable in that
// window. §3.1.8: the last face-down card is shown to the opponent.
func TestAuditSevenExchangedAfterTrick24GoesToLastDrawer(t *testing.T) {
	p := setup(t, position{turnUp: "KSa", stock: "8Ha", trickNo: 23, hands: []string{"7Sa AHa QSa", "9Ha"}})
	p.trick(nS)
	p.ok(nS, p.play("9Ha"), "seat 1 plays 9Ha")
	p.ok(dS, p.play("AHa"), "seat 0 plays AHa", "trick 24 to seat 0: 9Ha AHa")
	p.legal(dS, "exchange 7Sa", "declare 7Sa", "end")
	p.ok(dS, p.exchange("7Sa"), "seat 0 exchanges 7Sa for KSa (+10)")
	p.no(dS, p.meld("KSa QSa"), CodeRule, "RULES.md §1.9.4")
	p.legal(dS, "end")
	evs := p.ok(dS, endWin, "seat 0 end_window", "seat 0 draws 8Ha", "seat 1 draws 7Sa", "phase 2 duel 0, seat 0 leads")
	if !evs[1].Revealed || evs[1].Redact(nS).Card != card(t, "8Ha") || evs[2].Private {
		t.Fatalf("last draw events %+v", evs)
	}
	p.is("trick2 act=0 trump=S up=-- stock=0 totals=[10 0] | 0: QSa KSa 8Ha / - | 1: 7Sa / -")
}

// RULES.md §3.3.8 "Four trump 7s exist; once the turn-up is a 7, others can only be declared" and
// §8.2 in four-handed: the partner exchanges in his stage after trick 24; the fourth drawer (the
// winner's right) receives that 7.
func TestAuditFourHandedPartnerExchangeAtTrick24(t *testing.T) {
	p := setup(t, position{variant: FourHanded, turnUp: "KSa", stock: "8Ha 8Hb 8Hc", trickNo: 23,
		hands: []string{"AHa", "9Ha", "9Hb 7Sa 7Sb", "9Hc 7Sc"}})
	p.trick(anna)
	p.playAll(anna, "AHa", ben, "9Ha", carla, "9Hb", dan, "9Hc")
	p.ok(anna, endWin, "seat 0 end_window")
	p.legal(carla, "exchange 7Sa", "declare 7Sa", "end")
	p.ok(carla, p.exchange("7Sa"), "seat 2 exchanges 7Sa for KSa (+10)")
	// At most one seven action per member (§8.1) and the turn-up is now a 7 (§1.9.2).
	p.no(carla, p.declare("7Sb"), CodeRule, "RULES.md §1.9.5")
	p.no(carla, p.exchange("7Sb"), CodeRule, "RULES.md §1.9.5")
	p.legal(carla, "end")
	// The losing side cannot act (§1.6).
	p.no(dan, p.declare("7Sc"), CodeNotYourTurn, "RULES.md §1.6")
	p.ok(carla, endWin, "seat 2 end_window", "seat 0 draws 8Ha", "seat 1 draws 8Hb", "seat 2 draws 8Hc",
		"seat 3 draws 7Sa", "phase 2 duel 1, seat 0 leads")
	p.is("trick2 act=0 trump=S up=-- stock=0 totals=[10 0] | 0: 8Ha / - | 1: 8Hb / - | 2: KSa 7Sb 8Hc / - | 3: 7Sa 7Sc / -")
}

// fourWindow is a four-handed window after a trick won by Anna, trump ♠, turn-up K♠: Anna holds
// 7♠a and the common marriage K♥ Q♥, Carla holds 7♠b and a bezique Q♠ J♦.
func fourWindow(t *testing.T, opts map[string]string) *pos {
	p := setup(t, position{variant: FourHanded, opts: opts, turnUp: "KSa", fill: 8,
		hands: []string{"7Sa KHa QHa", "8Sa", "7Sb QSb JDb", "8Sb"}})
	p.window(anna)
	return p
}

// RULES.md §8.8: "W acts first and may, in any order, make at most one seven action and the side's
// one meld; W's stage ends when W either passes the meld privilege to P (only if W has not melded)
// or ends the stage. P then acts: at most one seven action of P's own, and the side's meld only if
// W passed the privilege. ... Once W's stage has ended, W can make no further meld or seven action
// in that window."
func TestAuditPartnershipWindowProtocol(t *testing.T) {
	t.Run("seven then pass, partner exchanges and melds", func(t *testing.T) {
		p := fourWindow(t, nil)
		p.legal(anna, "meld common_marriage QHa KHa (20)", "exchange 7Sa", "declare 7Sa", "pass", "end")
		p.ok(anna, p.declare("7Sa"), "seat 0 seven_declare 7Sa (+10)")
		p.legal(anna, "meld common_marriage QHa KHa (20)", "pass", "end")
		p.ok(anna, passMeld, "seat 0 pass_meld")
		p.no(anna, p.meld("KHa QHa"), CodeNotYourTurn, "RULES.md §1.5")
		p.legal(carla, "meld bezique QSb JDb (40)", "exchange 7Sb", "declare 7Sb", "end")
		p.ok(carla, p.exchange("7Sb"), "seat 2 exchanges 7Sb for KSa (+10)")
		p.no(carla, passMeld, CodeRule, "RULES.md §8.8")
		p.ok(carla, p.meld("QSb JDb"), "seat 2 melds bezique QSb JDb (40)")
		p.legal(carla, "end")
		p.is("window act=2 trump=S up=7Sb stock=9 totals=[60 0] | 0: 7Sa QHa KHa / - | 1: 8Sa / - | 2: KSa / QSb JDb | 3: 8Sb / -")
	})
	t.Run("winner melds: no pass, partner has only his seven", func(t *testing.T) {
		p := fourWindow(t, nil)
		p.ok(anna, p.meld("KHa QHa"), "seat 0 melds common_marriage KHa QHa (20)")
		p.no(anna, passMeld, CodeRule, "RULES.md §8.8")
		p.legal(anna, "exchange 7Sa", "declare 7Sa", "end")
		p.ok(anna, endWin, "seat 0 end_window")
		p.legal(carla, "exchange 7Sb", "declare 7Sb", "end")
		p.no(carla, p.meld("QSb JDb"), CodeRule, "RULES.md §2 R9")
		p.ok(carla, p.declare("7Sb"), "seat 2 seven_declare 7Sb (+10)")
		p.legal(carla, "end")
	})
	t.Run("winner declines: partner may not meld", func(t *testing.T) {
		p := fourWindow(t, nil)
		p.ok(anna, endWin, "seat 0 end_window")
		p.no(carla, p.meld("QSb JDb"), CodeRule, "RULES.md §3.3.6")
		p.legal(carla, "exchange 7Sb", "declare 7Sb", "end")
	})
	t.Run("winner_only: no pass", func(t *testing.T) {
		p := fourWindow(t, map[string]string{"partner_meld_protocol": "winner_only"})
		p.legal(anna, "meld common_marriage QHa KHa (20)", "exchange 7Sa", "declare 7Sa", "end")
		p.no(anna, passMeld, CodeRule, "RULES.md §3.3.6")
	})
}

// RULES.md §1.9.3 `seven_counts_as_meld` with the §8.8 protocol: a seven action is the side's one
// meld, so it needs the meld privilege and uses it.
func TestAuditPartnershipSevenCountsAsMeld(t *testing.T) {
	opts := map[string]string{"seven_counts_as_meld": "true"}
	t.Run("winner's seven closes pass and partner", func(t *testing.T) {
		p := fourWindow(t, opts)
		p.ok(anna, p.declare("7Sa"), "seat 0 seven_declare 7Sa (+10)")
		p.legal(anna, "end")
		p.no(anna, passMeld, CodeRule, "RULES.md §8.8")
		p.ok(anna, endWin, "seat 0 end_window")
		p.legal(carla, "end")
		p.no(carla, p.declare("7Sb"), CodeRule, "RULES.md §1.9.3")
	})
	t.Run("pass: partner has the privilege for one of seven or meld", func(t *testing.T) {
		p := fourWindow(t, opts)
		p.ok(anna, passMeld, "seat 0 pass_meld")
		p.legal(carla, "meld bezique QSb JDb (40)", "exchange 7Sb", "declare 7Sb", "end")
		p.ok(carla, p.exchange("7Sb"), "seat 2 exchanges 7Sb for KSa (+10)")
		p.no(carla, p.meld("QSb JDb"), CodeRule, "RULES.md §2 R9")
		p.legal(carla, "end")
	})
	t.Run("no pass: partner has no seven", func(t *testing.T) {
		p := fourWindow(t, opts)
		p.ok(anna, endWin, "seat 0 end_window")
		p.legal(carla, "end")
		p.no(carla, p.exchange("7Sb"), CodeRule, "RULES.md §1.9.3")
	})
}

// RULES.md §1.9.5 "at most one seven-action per player per won trick (... option
// `max_seven_actions_per_trick`)", §8.1 "A seven that has scored is spent", §1.9.2 exchange "only
// while the turn-up is not itself a 7".
func TestAuditMaxSevenActions(t *testing.T) {
	p := setup(t, position{turnUp: "KSa", fill: 4, hands: []string{"7Sa 7Sb", "8Ha"}})
	p.window(dS)
	p.ok(dS, p.declare("7Sa"), "seat 0 seven_declare 7Sa (+10)")
	p.no(dS, p.declare("7Sb"), CodeRule, "RULES.md §1.9.5")
	p.legal(dS, "end")

	p = setup(t, position{opts: map[string]string{"max_seven_actions_per_trick": "2"}, turnUp: "KSa", fill: 4, hands: []string{"7Sa 7Sb", "8Ha"}})
	p.window(dS)
	p.ok(dS, p.declare("7Sa"), "seat 0 seven_declare 7Sa (+10)")
	p.no(dS, p.exchange("7Sa"), CodeRule, "RULES.md §8.1")
	p.ok(dS, p.exchange("7Sb"), "seat 0 exchanges 7Sb for KSa (+10)")
	p.legal(dS, "end")
	p.is("window act=0 trump=S up=7Sb stock=5 totals=[20 0] | 0: 7Sa KSa / - | 1: 8Ha / -")
}

// RULES.md §8.3: "levels may be skipped (a single may become a triple at once) ... A meld that has
// already been upgraded cannot be upgraded again (so one single never yields two doubles);
// `second_double_on_used_pair` is the option that relaxes this." §3.2.7 (3p default on), §5 #13
// (4p default off), §3.3.13 quadruple 4500.
func TestAuditBeziqueChain(t *testing.T) {
	t.Run("3p single, double, second double on a used pair", func(t *testing.T) {
		p := setup(t, position{variant: ThreeHanded, turnUp: "9Ca", fill: 6, hands: []string{"QSa JDa QSb JDb QSc JDc", "8Ha", "8Hb"}})
		p.window(0)
		p.ok(0, p.meld("QSa JDa"), "seat 0 melds bezique QSa JDa (40)")
		p.window(0)
		p.ok(0, p.meld("QSa JDa QSb JDb"), "seat 0 melds double_bezique QSa JDa QSb JDb (500)")
		p.window(0)
		p.ok(0, p.meld("QSa JDa QSc JDc"), "seat 0 melds double_bezique QSa JDa QSc JDc (500)")
		p.window(0)
		// A triple now mixes two bezique melds: refused.
		p.no(0, p.meld("QSa JDa QSb JDb QSc JDc"), CodeRule, "RULES.md §2 R2")
	})
	t.Run("4p single never yields two doubles (option off)", func(t *testing.T) {
		p := setup(t, position{variant: FourHandedIndividual, turnUp: "9Ca", fill: 6, hands: []string{"QSa JDa QSb JDb QSc JDc", "8Ha", "8Hb", "8Hc"}})
		p.window(0)
		p.ok(0, p.meld("QSa JDa"), "seat 0 melds bezique QSa JDa (40)")
		p.window(0)
		p.ok(0, p.meld("QSa JDa QSb JDb"), "seat 0 melds double_bezique QSa JDa QSb JDb (500)")
		p.window(0)
		p.no(0, p.meld("QSa JDa QSc JDc"), CodeRule, "RULES.md §2 R6")
		// The double itself may still become a triple (§8.3), and Q♠c J♦c is a new single.
		p.legal(0, "meld bezique QSc JDc (40)", "meld triple_bezique QSa JDa QSb JDb QSc JDc (1500)", "end")
	})
	t.Run("4p single to triple at once, then quadruple by the partner", func(t *testing.T) {
		for _, tc := range []struct {
			opts map[string]string
			quad string
			tot  string
		}{{nil, "4500", "[6040 0]"}, {map[string]string{"quadruple_value": "1000"}, "1000", "[2540 0]"}} {
			p := setup(t, position{variant: FourHanded, opts: tc.opts, turnUp: "9Ca", fill: 8,
				hands: []string{"QSa JDa QSb JDb QSc JDc", "8Ha", "QSd JDd", "8Hb"}})
			p.window(anna)
			p.ok(anna, p.meld("QSa JDa"), "seat 0 melds bezique QSa JDa (40)")
			p.window(anna)
			p.ok(anna, p.meld("QSa JDa QSb JDb QSc JDc"), "seat 0 melds triple_bezique QSa JDa QSb JDb QSc JDc (1500)")
			p.window(carla)
			p.ok(carla, p.meld("QSa JDa QSb JDb QSc JDc QSd JDd"), "seat 2 melds quadruple_bezique QSa JDa QSb JDb QSc JDc QSd JDd ("+tc.quad+")")
			if got := p.summary(); !strings.Contains(got, "totals="+tc.tot) {
				t.Fatalf("summary %s, want totals %s", got, tc.tot)
			}
		}
	})
}

// RULES.md §8.5 "Royal and common marriages are the same kind for R3: a K or a Q is married at most
// once." and §8.6 "A quartet that contains any card already scored in a quartet of that rank is
// refused, even with three new cards (R3, R7)."
func TestAuditMarriageOnceQuartetNoOldCard(t *testing.T) {
	p := setup(t, position{turnUp: "9Ca", fill: 4, hands: []string{"KSa QSa QSb KHa KDa KCa", "8Ha"}})
	p.window(dS)
	p.ok(dS, p.meld("KSa QSa"), "seat 0 melds common_marriage KSa QSa (20)")
	p.window(dS)
	p.no(dS, p.meld("KSa QSb"), CodeRule, "RULES.md §2 R3")
	p.ok(dS, p.meld("KSa KHa KDa KCa"), "seat 0 melds four_kings KSa KHa KDa KCa (80)")

	p = setup(t, position{turnUp: "9Ca", fill: 4, hands: []string{"KSa KHa KDa KCa KSb KHb KDb", "8Ha"}})
	p.window(dS)
	p.ok(dS, p.meld("KSa KHa KDa KCa"), "seat 0 melds four_kings KSa KHa KDa KCa (80)")
	p.window(dS)
	p.no(dS, p.meld("KSa KHb KDb KSb"), CodeRule, "RULES.md §2 R3")
	p.legal(dS, "end")
}

// RULES.md §3.3.7: "All §2 rules apply to the side as if one player": Carla cannot marry her K♥b
// to Anna's married Q♥a (R3, §8.5), nor add a second pair to Anna's broken bezique (R6).
func TestAuditPartnerSideAsOnePlayer(t *testing.T) {
	p := setup(t, position{variant: FourHanded, turnUp: "9Ca", fill: 8,
		hands: []string{"KHa QHa", "8Sa", "KHb", "8Sb"}})
	p.window(anna)
	p.ok(anna, p.meld("KHa QHa"), "seat 0 melds common_marriage KHa QHa (20)")
	p.window(carla)
	p.no(carla, p.meld("KHb QHa"), CodeRule, "RULES.md §2 R3")
	p.legal(carla, "pass", "end")
}

// RULES.md §1.8 in four-handed partnership_phase2=all_four: "each must beat the highest card so
// far" (BIC "even if that card was in his partner's hand"); §8.7 strictly higher.
func TestAuditAllFourMustBeatPartner(t *testing.T) {
	p := setup(t, position{variant: FourHanded, opts: map[string]string{"partnership_phase2": "all_four"}, trump: "C", trickNo: 24,
		hands: []string{"KHa 8Sa", "7Ha 8Sb", "AHa 8Ha", "KHb 9Sa"}})
	p.trick(anna)
	p.do(anna, p.play("KHa"))
	p.do(ben, p.play("7Ha"))
	p.legal(carla, "play AHa")
	p.do(carla, p.play("AHa"))
	// Dan holds K♥b: identical to nothing higher than A♥; he must follow.
	p.legal(dan, "play KHb")
}

// RULES.md §3.3.10: "Duel 2: W's partner vs the remaining opponent; ... default W's partner leads"
// and §5 #18 option duel2_leader.
func TestAuditDuel2LeaderOpponent(t *testing.T) {
	for _, tc := range []struct {
		opt, want string
	}{{"partner", "phase 2 duel 2, seat 2 leads"}, {"opponent", "phase 2 duel 2, seat 3 leads"}} {
		p := setup(t, position{variant: FourHanded, opts: map[string]string{"duel2_leader": tc.opt}, trump: "C", trickNo: 31,
			hands: []string{"9Ha", "KHa", "8Sa", "8Sb"}})
		p.g.duel, p.g.duelSeats, p.g.lastW = 1, [2]int{anna, ben}, anna
		p.trick(anna)
		p.ok(anna, p.play("9Ha"), "seat 0 plays 9Ha")
		p.ok(ben, p.play("KHa"), "seat 1 plays KHa", "trick 32 to seat 1: 9Ha KHa", tc.want)
	}
}

// RULES.md §3.2.8 "End check as 3.1.11" ("equal totals → play another deal") with three players,
// and §3.2.2 "Deal rotates left".
func TestAuditThreeHandedTieDealsAgain(t *testing.T) {
	p := setup(t, position{variant: ThreeHanded, dealer: 0, trump: "C", trickNo: 31, hands: []string{"8Sa", "KHa", "9Ha"}})
	copy(p.g.totals[:], []int{2100, 2090, 2000})
	p.trick(1)
	p.do(1, p.play("KHa"))
	p.do(2, p.play("9Ha"))
	evs := p.okEndsDeal(0, p.play("8Sa"), "seat 0 plays 8Sa", "trick 32 to seat 1: KHa 9Ha 8Sa", "last trick: seat 1 (+10)",
		"side 1: 0 brisques (+0)", "side 2: 0 brisques (+0)", "side 0: 0 brisques (+0)", "deal 1 ends: totals [2100 2100 2000]")
	if p.g.Over() || p.g.Deal() != 2 || evs[len(evs)-1].Kind == EvGameEnd {
		t.Fatalf("over %v deal %d", p.g.Over(), p.g.Deal())
	}
	if e := evs[7]; e.Kind != EvDeal || e.Seat != 1 {
		t.Fatalf("next deal %+v, want dealt by seat 1", e)
	}
}

// RULES.md §3.1.11 "Option `end_check=immediate` (first to reach target during play wins ...)".
func TestAuditEndCheckImmediate(t *testing.T) {
	p := setup(t, position{opts: map[string]string{"end_check": "immediate"}, turnUp: "9Ca", fill: 4, hands: []string{"QSa JDa", "8Ha"}})
	copy(p.g.totals[:], []int{990, 995})
	p.window(dS)
	p.ok(dS, p.meld("QSa JDa"), "seat 0 melds bezique QSa JDa (40)", "game over: side 0 wins, totals [1030 995]")
	if !p.g.Over() || p.g.Winner() != 0 {
		t.Fatalf("over %v winner %d", p.g.Over(), p.g.Winner())
	}
}

// RULES.md §1.11 "option `last_trick=trick24` (bonus for the last phase-1 trick instead)" and
// §1.10 "Option `count_brisques_immediately`".
func TestAuditTrick24BonusAndImmediateBrisques(t *testing.T) {
	p := setup(t, position{opts: map[string]string{"last_trick": "trick24", "count_brisques_immediately": "true"},
		turnUp: "8Ca", stock: "8Sa", trickNo: 23, hands: []string{"ADa 9Sb", "9Da TSa"}})
	p.trick(nS)
	p.do(nS, p.play("9Da"))
	p.ok(dS, p.play("ADa"), "seat 0 plays ADa", "trick 24 to seat 0: 9Da ADa", "last trick: seat 0 (+10)")
	p.ok(dS, endWin, "seat 0 end_window", "seat 0 draws 8Sa", "seat 1 draws 8Ca", "phase 2 duel 0, seat 0 leads")
	p.do(dS, p.play("8Sa"))
	p.legal(nS, "play TSa")
	p.do(nS, p.play("TSa"))
	p.do(nS, p.play("8Ca"))
	p.okEndsDeal(dS, p.play("9Sb"), "seat 0 plays 9Sb", "trick 26 to seat 1: 8Ca 9Sb", "deal 1 ends: totals [20 10]")
}

// RULES.md §5 #3 `dealer_rotation=last_trick_winner` [S004 "deelt degene die de laatste slag heeft
// gewonnen"].
func TestAuditDealerRotationLastTrickWinner(t *testing.T) {
	for _, tc := range []struct {
		opt    string
		dealer int
	}{{"left", nS}, {"last_trick_winner", dS}} {
		p := setup(t, position{opts: map[string]string{"dealer_rotation": tc.opt}, trump: "C", trickNo: 31, hands: []string{"KHa", "9Ha"}})
		p.trick(nS)
		p.do(nS, p.play("9Ha"))
		evs := p.do(dS, p.play("KHa"))
		var deal *Event
		for i := range evs {
			if evs[i].Kind == EvDeal {
				deal = &evs[i]
			}
		}
		if deal == nil || deal.Seat != tc.dealer {
			t.Fatalf("%s: next deal %+v, want dealer %d", tc.opt, deal, tc.dealer)
		}
	}
}

// The options of RULES.md §5 that cannot apply to a variant or contradict each other are errors
// naming the option.
func TestAuditOptionErrorsNameTheOption(t *testing.T) {
	optErr(t, TwoHanded, map[string]string{"second_double_on_used_pair": "true"}, "second_double_on_used_pair")
	optErr(t, ThreeHanded, map[string]string{"reveal_last_stock_card": "true"}, "reveal_last_stock_card")
	optErr(t, FourHandedIndividual, map[string]string{"multi_bezique_same_player": "true"}, "multi_bezique_same_player")
	optErr(t, ThreeHanded, map[string]string{"partner_meld_protocol": "winner_only"}, "partner_meld_protocol")
	optErr(t, TwoHanded, map[string]string{"partnership_phase2": "all_four"}, "partnership_phase2")
	optErr(t, ThreeHanded, map[string]string{"duel2_leader": "opponent"}, "duel2_leader")
	optErr(t, FourHanded, map[string]string{"duel2_leader": "opponent", "partnership_phase2": "all_four"}, "duel2_leader")
	optErr(t, FourHanded, map[string]string{"dealer_rotation": "last_trick_winner"}, "dealer_rotation")
	optErr(t, TwoHanded, map[string]string{"deal_packets": "3-3-3"}, "deal_packets")
	optErr(t, TwoHanded, map[string]string{"max_seven_actions_per_trick": "0"}, "max_seven_actions_per_trick")
	optErr(t, ThreeHanded, map[string]string{"turn_up_trump": "false"}, "turn_up_trump")
	optErr(t, TwoHanded, map[string]string{"turn_up_trump": "false", "reveal_last_stock_card": "true"}, "reveal_last_stock_card")
	optErr(t, TwoHanded, map[string]string{"turn_up_trump": "false", "seven_scores_on_play": "true"}, "seven_scores_on_play")
	optErr(t, Rubicon, map[string]string{"last_trick": "trick24"}, "last_trick")
	optErr(t, Rubicon, map[string]string{"bezique_by_trump": "true"}, "bezique_by_trump")
	optErr(t, FourHanded, map[string]string{"allow_pending_declarations": "true"}, "allow_pending_declarations")
	optErr(t, TwoHanded, map[string]string{"deck": "63"}, "deck")
	if r := DefaultRules(ThreeHanded); !r.SecondDoubleOnUsedPair || r.RevealLastStockCard || r.Target != 2000 {
		t.Fatalf("3p defaults %+v", r)
	}
	if r := DefaultRules(FourHanded); r.SecondDoubleOnUsedPair || r.QuadrupleValue != 4500 || r.Phase2 != Phase2Duels || r.Duel2Leader != Duel2LeaderPartner {
		t.Fatalf("4p defaults %+v", r)
	}
	if r := DefaultRules(TwoHanded); !r.RevealLastStockCard || r.Target != 1000 || !r.Phase2MustHead || !r.RequireNewCard {
		t.Fatalf("2p defaults %+v", r)
	}
}

// An option that cannot change the game in a combination keeps its default for a new table or
// tournament (Rules.CheckNew), so that the rules a table shows are the rules it plays: an options
// audit found these accepted, and 0 of 80 seeded games changed by them. NewRules reads them still:
// records, tables and tournaments stored before hold them (a re-trial: refused, they no longer
// replayed, recovered or verified). RULES.md §1.9.5 (each seven
// of trumps gives one seven action), §2 R6 and its higher_value paragraph, §3.3.13 and §8 (a
// player melds from 7 cards: hand and own tabled cards are 8 after every draw).
func TestOptionsWithoutEffectKeepTheirDefaults(t *testing.T) {
	for _, tc := range []struct {
		v    Variant
		opts map[string]string
		err  string // "" when accepted
	}{
		{TwoHanded, map[string]string{"max_seven_actions_per_trick": "2"}, ""},
		{TwoHanded, map[string]string{"max_seven_actions_per_trick": "3"}, "bezique: option max_seven_actions_per_trick: 3 is more than the 2 sevens of trumps of a 64-card deck (each gives one seven action at most: RULES.md §1.9.5)"},
		{ThreeHanded, map[string]string{"max_seven_actions_per_trick": "3"}, ""},
		{ThreeHanded, map[string]string{"max_seven_actions_per_trick": "4"}, "bezique: option max_seven_actions_per_trick: 4 is more than the 3 sevens of trumps of a 96-card deck (each gives one seven action at most: RULES.md §1.9.5)"},
		{ThreeHanded, map[string]string{"deck": "63", "max_seven_actions_per_trick": "3"}, "bezique: option max_seven_actions_per_trick: 3 is more than the 2 sevens of trumps of a 63-card deck (each gives one seven action at most: RULES.md §1.9.5)"},
		{FourHandedIndividual, map[string]string{"max_seven_actions_per_trick": "4"}, ""},
		{ThreeHanded, map[string]string{"deck": "63", "second_double_on_used_pair": "true"}, ""}, // its default: the effective options sent back
		{ThreeHanded, map[string]string{"deck": "63", "second_double_on_used_pair": "false"}, "bezique: option second_double_on_used_pair has no effect with deck=63 (two packs hold two bezique pairs, so no third pair: RULES.md §2 R6): leave it out"},
		{ThreeHanded, map[string]string{"reuse_rule": "higher_value", "second_double_on_used_pair": "false"}, "bezique: option second_double_on_used_pair has no effect with reuse_rule=higher_value (a pair of a 500 double is not worth more in a new one: RULES.md §2): leave it out"},
		{FourHanded, map[string]string{"reuse_rule": "higher_value", "second_double_on_used_pair": "true"}, "bezique: option second_double_on_used_pair has no effect with reuse_rule=higher_value (a pair of a 500 double is not worth more in a new one: RULES.md §2): leave it out"},
		{FourHanded, map[string]string{"second_double_on_used_pair": "true"}, ""},
		{FourHanded, map[string]string{"multi_bezique_same_player": "true", "quadruple_value": "4500"}, ""},
		{FourHanded, map[string]string{"multi_bezique_same_player": "true", "quadruple_value": "1000"}, "bezique: option quadruple_value has no effect with multi_bezique_same_player=true (a player melds from the 7 cards he holds in hand and on the table, a quadruple bezique takes 8: RULES.md §3.3.13): leave it out"},
		{FourHandedIndividual, map[string]string{"quadruple_value": "4500"}, ""},
		{FourHandedIndividual, map[string]string{"quadruple_value": "100000"}, "bezique: option quadruple_value has no effect in four-handed-individual (a player melds from the 7 cards he holds in hand and on the table, a quadruple bezique takes 8: RULES.md §3.3.13): leave it out"},
	} {
		r, err := NewRules(tc.v, tc.opts)
		if err != nil {
			t.Fatalf("NewRules(%s, %v) = %v: rules stored before CheckNew must still read", tc.v, tc.opts, err)
		}
		if got := fmt.Sprint(r.CheckNew()); (tc.err == "" && got != "<nil>") || (tc.err != "" && got != tc.err) {
			t.Errorf("NewRules(%s, %v).CheckNew() = %s; want %q", tc.v, tc.opts, got, tc.err)
		}
	}
}

// TestSevenOptionsOutsideTheirVariants: in Rubicon and six-pack (no turn-up) a seven option is
// refused as one that does not apply there; the refusal said to set turn_up_trump=true, which
// those variants refuse too (an options audit).
func TestSevenOptionsOutsideTheirVariants(t *testing.T) {
	for _, v := range []Variant{Rubicon, SixPack} {
		_, err := NewRules(v, map[string]string{"max_seven_actions_per_trick": "2"})
		if want := "bezique: option max_seven_actions_per_trick does not apply to " + string(v) + " (it applies to two-handed, three-handed, four-handed, four-handed-individual)"; fmt.Sprint(err) != want {
			t.Errorf("NewRules(%s, max_seven_actions_per_trick=2) = %v; want %q", v, err, want)
		}
	}
}

// TestOptionErrorNamesTheOption: NewRules's refusals are *OptionError values naming the option,
// for a caller to report the field ("options.deck"); a combination names the first the message does.
func TestOptionErrorNamesTheOption(t *testing.T) {
	for _, tc := range []struct {
		v    Variant
		opts map[string]string
		name string
	}{
		{TwoHanded, map[string]string{"Target": "5"}, "Target"},
		{TwoHanded, map[string]string{"target": "x"}, "target"},
		{ThreeHanded, map[string]string{"deck": "64"}, "deck"},
		{TwoHanded, map[string]string{"seven_counts_as_meld": "true", "exchanged_card_meldable": "true"}, "exchanged_card_meldable"},
		{Rubicon, map[string]string{"phase2_must_head": "false", "last_trick": "trick24"}, "last_trick"},
		{TwoHanded, map[string]string{"loser_under_100_bonus": "true"}, "loser_under_100_bonus"},
	} {
		_, err := NewRules(tc.v, tc.opts)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Option != tc.name {
			t.Errorf("NewRules(%s, %v) = %v (%T); want an *OptionError naming %s", tc.v, tc.opts, err, err, tc.name)
		}
	}
}
