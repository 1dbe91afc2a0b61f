package wire

import (
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// optionTypesToProto maps the rule catalog's option types (GetRuleCatalog) to the wire enum.
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
