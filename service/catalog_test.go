package service

import (
	"context"
	"maps"
	"slices"
	"testing"

	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// TestGetRuleCatalog: the RPC over bufconn returns the engine's option table, option by option
// and field by field, read back into engine terms, the target's max the referee's
// (Config.MaxTarget: it said the engine's 1 000 000 where CreateTable refused 50 000); one option
// is pinned as a whole message.
func TestGetRuleCatalog(t *testing.T) {
	r := startReferee(t, nil, nil)
	resp, err := r.tables.GetRuleCatalog(context.Background(), &pb.GetRuleCatalogRequest{})
	if err != nil {
		t.Fatal(err)
	}
	specs := engine.OptionCatalog()
	for i := range specs {
		if specs[i].Name == "target" {
			specs[i].Max = DefaultMaxTarget
		}
	}
	if len(resp.GetOptions()) != len(specs) {
		t.Fatalf("%d options, engine has %d", len(resp.GetOptions()), len(specs))
	}
	types := map[pb.RuleOptionType]engine.OptionType{
		pb.RuleOptionType_RULE_OPTION_TYPE_UNSPECIFIED: "",
		pb.RuleOptionType_RULE_OPTION_TYPE_BOOL:        engine.OptionBool,
		pb.RuleOptionType_RULE_OPTION_TYPE_INT:         engine.OptionInt,
		pb.RuleOptionType_RULE_OPTION_TYPE_ENUM:        engine.OptionEnum,
		pb.RuleOptionType_RULE_OPTION_TYPE_INT_LIST:    engine.OptionIntList,
	}
	for i, o := range resp.GetOptions() {
		s := specs[i]
		got := engine.OptionSpec{Name: o.GetName(), Type: types[o.GetType()], Values: o.GetValues(), Min: int(o.GetMin()),
			Max: int(o.GetMax()), Examples: o.GetExamples(), Doc: o.GetDoc(), Section: o.GetSection(),
			Supported: o.GetSupported(), Unsupported: o.GetUnsupportedReason()}
		if len(o.GetDefaults()) > 0 {
			got.Defaults = map[engine.Variant]string{}
		}
		for _, d := range o.GetDefaults() {
			v, err := wire.VariantFromProto(d.GetVariant())
			if err != nil {
				t.Fatalf("%s: default: %v", o.GetName(), err)
			}
			got.Defaults[v] = d.GetValue()
		}
		for _, pv := range o.GetVariants() {
			v, err := wire.VariantFromProto(pv)
			if err != nil {
				t.Fatalf("%s: variants: %v", o.GetName(), err)
			}
			got.Variants = append(got.Variants, v)
		}
		if !specEqual(got, s) {
			t.Errorf("option %d over the wire:\n%+v\nengine:\n%+v", i, got, s)
		}
	}
	want := &pb.RuleOption{Name: "target", Type: pb.RuleOptionType_RULE_OPTION_TYPE_INT, Min: 1, Max: 10_000,
		Examples: []string{"500", "1000", "1500", "2000", "3000"},
		Defaults: []*pb.RuleOptionDefault{
			{Variant: pb.Variant_VARIANT_TWO_HANDED, Value: "1000"}, {Variant: pb.Variant_VARIANT_THREE_HANDED, Value: "2000"},
			{Variant: pb.Variant_VARIANT_FOUR_HANDED, Value: "2000"}, {Variant: pb.Variant_VARIANT_FOUR_HANDED_INDIVIDUAL, Value: "2000"},
			{Variant: pb.Variant_VARIANT_RUBICON, Value: "1000"}, {Variant: pb.Variant_VARIANT_SIX_PACK, Value: "3000"}},
		Variants: []pb.Variant{pb.Variant_VARIANT_TWO_HANDED, pb.Variant_VARIANT_THREE_HANDED, pb.Variant_VARIANT_FOUR_HANDED,
			pb.Variant_VARIANT_FOUR_HANDED_INDIVIDUAL},
		Doc: "the game target in points; in Rubicon and six-pack the rubicon threshold (fixed: 1000, 3000)", Section: "§4", Supported: true}
	for _, o := range resp.GetOptions() {
		if o.GetName() == "target" && !proto.Equal(o, want) {
			t.Errorf("target:\n%v\nwant\n%v", o, want)
		}
	}
}

// specEqual compares option specs field by field (nil and empty lists alike).
func specEqual(a, b engine.OptionSpec) bool {
	if len(a.Defaults) != len(b.Defaults) {
		return false
	}
	for v, d := range a.Defaults {
		if b.Defaults[v] != d {
			return false
		}
	}
	return a.Name == b.Name && a.Type == b.Type && slices.Equal(a.Values, b.Values) && a.Min == b.Min && a.Max == b.Max &&
		slices.Equal(a.Examples, b.Examples) && slices.Equal(a.Variants, b.Variants) && a.Doc == b.Doc &&
		a.Section == b.Section && a.Supported == b.Supported && a.Unsupported == b.Unsupported
}

// TestOptionsKeptInTheEngineSpelling: the options a table or a tournament is created with are
// kept, shown and recorded in the spelling of the rule catalog, whatever spelling NewRules
// accepted ("F" and "+04" were shown and recorded as typed, where the catalog lists "false" and
// "true": an options audit).
func TestOptionsKeptInTheEngineSpelling(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx := context.Background()
	asked := map[string]string{"phase2_must_head": "F", "max_seven_actions_per_trick": "+02", "deal_packets": "3-02-3", "target": "0300"}
	want := map[string]string{"phase2_must_head": "false", "max_seven_actions_per_trick": "2", "deal_packets": "3-2-3", "target": "300"}
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Options: asked,
		Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}})
	if got := resp.GetTable().GetRules().GetOptions(); !maps.Equal(got, want) {
		t.Errorf("CreateTable's options %v, want %v", got, want)
	}
	if got := r.record(t, resp.GetTableId()).GetRules().GetOptions(); !maps.Equal(got, want) {
		t.Errorf("the record's options %v, want %v", got, want)
	}
	tn, err := r.srv.Referee.CreateTournament(ctx, tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Concurrency: 1, Options: asked,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(tn.Spec.Options, want) {
		t.Errorf("the tournament's options %v, want %v", tn.Spec.Options, want)
	}
}

// TestMaxTargetTakesTheDefault: under a --max-target below a variant's default target, a table
// asked for with that default (a table's effective options sent back, as a round trip) is taken,
// as one that leaves it out is, and a higher one refused; a target in a variant without one
// (Rubicon) gets the engine's refusal, not "not a whole number" (a re-trial).
func TestMaxTargetTakesTheDefault(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.MaxTarget = 1500 })
	three := func(options map[string]string) error {
		_, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_THREE_HANDED, Options: options,
			Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random"), builtinSeat("random")}})
		return err
	}
	if err := three(map[string]string{"target": "2000"}); err != nil {
		t.Errorf("three-handed with its default target 2000 under a limit of 1500: %v", err)
	}
	if err := three(map[string]string{"target": "1900"}); status.Convert(err).Message() != "options.target: 1900 points is above the referee's limit of 1500 (bezique-referee --max-target): the record of a longer game (two-handed, about 1 600 events every 1 000 points) could pass the 16777216 bytes of a message of the HTTP API" {
		t.Errorf("three-handed with target 1900 under a limit of 1500: %v", err)
	}
	_, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_RUBICON, Options: map[string]string{"target": "abc"},
		Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}})
	if want := "options.target: bad value \"abc\" (want an integer from 1 to 1000000)"; status.Convert(err).Message() != want {
		t.Errorf("Rubicon with target abc: %v; want %q", err, want)
	}
}
