package wire

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

var variantsToProto = map[engine.Variant]pb.Variant{
	engine.TwoHanded:            pb.Variant_VARIANT_TWO_HANDED,
	engine.ThreeHanded:          pb.Variant_VARIANT_THREE_HANDED,
	engine.FourHanded:           pb.Variant_VARIANT_FOUR_HANDED,
	engine.FourHandedIndividual: pb.Variant_VARIANT_FOUR_HANDED_INDIVIDUAL,
	engine.Rubicon:              pb.Variant_VARIANT_RUBICON,
	engine.SixPack:              pb.Variant_VARIANT_SIX_PACK,
}

// VariantFromProto returns the engine variant of a proto variant, or an error saying which value
// it is and which are variants ("VARIANT_UNSPECIFIED is not a variant (want ...)"); the caller
// prefixes the field, which only it knows ("variant", "spec.variant", "variants[1]").
func VariantFromProto(v pb.Variant) (engine.Variant, error) {
	for ev, pv := range variantsToProto {
		if pv == v {
			return ev, nil
		}
	}
	return "", fmt.Errorf("%s is not a variant (want VARIANT_TWO_HANDED, VARIANT_THREE_HANDED, VARIANT_FOUR_HANDED, VARIANT_FOUR_HANDED_INDIVIDUAL, VARIANT_RUBICON or VARIANT_SIX_PACK)", v)
}

// VariantToProto returns the proto enum of an engine variant.
func VariantToProto(v engine.Variant) pb.Variant { return variantsToProto[v] }

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
		return engine.Rules{}, fmt.Errorf("rules.variant: %w", err)
	}
	rules, err := engine.NewRules(v, r.GetOptions())
	if err != nil {
		return engine.Rules{}, fmt.Errorf("rules.options: %w", err)
	}
	return rules, nil
}
