package wire

import (
	"strings"
	"testing"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRulesFromProtoErrors: every refusal names its field once ("rules.variant: ...", not the
// "variant: variant: ..." a caller's prefix made of VariantFromProto's own).
func TestRulesFromProtoErrors(t *testing.T) {
	const want = " is not a variant (want VARIANT_TWO_HANDED, VARIANT_THREE_HANDED, VARIANT_FOUR_HANDED, VARIANT_FOUR_HANDED_INDIVIDUAL, VARIANT_RUBICON or VARIANT_SIX_PACK)"
	if _, err := VariantFromProto(pb.Variant_VARIANT_UNSPECIFIED); err == nil || err.Error() != "VARIANT_UNSPECIFIED"+want {
		t.Errorf("VariantFromProto(VARIANT_UNSPECIFIED): %v", err)
	}
	if _, err := VariantFromProto(pb.Variant(99)); err == nil || err.Error() != "99"+want {
		t.Errorf("VariantFromProto(99): %v", err)
	}
	for _, c := range []struct {
		rules *pb.Rules
		want  string
	}{
		{nil, "rules: missing"},
		{&pb.Rules{}, "rules.variant: VARIANT_UNSPECIFIED" + want},
	} {
		if _, err := RulesFromProto(c.rules); err == nil || err.Error() != c.want {
			t.Errorf("RulesFromProto(%v): %v, want %q", c.rules, err, c.want)
		}
	}
	// The engine's message lists every option after this; the field is named once, first.
	const option = `rules.options: bezique: unknown option "nonesuch" (known: `
	bad := &pb.Rules{Variant: pb.Variant_VARIANT_TWO_HANDED, Options: map[string]string{"nonesuch": "1"}}
	if _, err := RulesFromProto(bad); err == nil || !strings.HasPrefix(err.Error(), option) {
		t.Errorf("RulesFromProto(%v): %v, want %q...", bad, err, option)
	}
}
