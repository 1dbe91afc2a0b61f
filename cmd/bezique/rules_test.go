package main

import (
	"bytes"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestRulesText: "bezique rules" prints one block per option of the catalog; three are pinned.
func TestRulesText(t *testing.T) {
	cmd := newRootCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetArgs([]string{"rules"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(out.String(), "\n\n")
	if len(blocks) != len(engine.OptionCatalog()) {
		t.Fatalf("%d blocks, catalog has %d options:\n%s", len(blocks), len(engine.OptionCatalog()), out.String())
	}
	for _, want := range []string{
		`target  int: 1..1000000  RULES.md §4
    the game target in points; in Rubicon and six-pack the rubicon threshold (fixed: 1000, 3000)
    default: two-handed 1000, three-handed 2000, four-handed 2000, four-handed-individual 2000, rubicon 1000, six-pack 3000
    may differ from the default only in: two-handed, three-handed, four-handed, four-handed-individual
    e.g. 500, 1000, 1500, 2000, 3000`,
		`turn_up_trump  bool: false | true  RULES.md §5 #27
    a card is turned up for trump (false: the first marriage or sequence fixes trump, no seven scores; EB11, BOU)
    default: two-handed true, three-handed true, four-handed true, four-handed-individual true, rubicon false, six-pack false
    may differ from the default only in: two-handed`,
		`dealer_rotation  enum: left | last_trick_winner  RULES.md §5 #3
    who deals next: left (in two-handed the deal alternates) or the last trick's winner (S004, two-handed)
    default: left
    may differ from the default only in: two-handed`,
		`deck  int: 63..192  RULES.md §3.2.1
    the number of cards: the variant's full packs, or 63 in three-handed (two packs without the 8♣ of the second pack, EW, §8.17)
    default: two-handed 64, three-handed 96, four-handed 128, four-handed-individual 128, rubicon 128, six-pack 192
    may differ from the default only in: three-handed
    e.g. 96, 63`,
		`allow_pending_declarations  bool: false | true  RULES.md §2 R9
    a second meld may be announced after the window's one, tabled now and scored when the melder next wins a trick (FOS, §8.18)
    default: false
    may differ from the default only in: two-handed, three-handed, four-handed-individual`,
	} {
		found := false
		for _, b := range blocks {
			found = found || b == want || b+"\n" == want
		}
		if !found {
			t.Errorf("no block\n%s\nin\n%s", want, out.String())
		}
	}
}

// TestRulesJSON: "bezique rules --json" prints the GetRuleCatalogResponse of the engine's catalog.
func TestRulesJSON(t *testing.T) {
	var out bytes.Buffer
	if err := runRules(true, &out); err != nil {
		t.Fatal(err)
	}
	var got pb.GetRuleCatalogResponse
	if err := protojson.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	want := &pb.GetRuleCatalogResponse{Options: wire.RuleCatalogToProto(engine.OptionCatalog())}
	if !proto.Equal(&got, want) {
		t.Fatalf("rules --json:\n%v\nwant\n%v", &got, want)
	}
	head := "{\n  \"options\": [\n    {\n      \"name\": \"deal_packets\",\n      \"type\": \"RULE_OPTION_TYPE_INT_LIST\",\n"
	if !strings.HasPrefix(out.String(), head) {
		t.Errorf("rules --json starts\n%s\nwant\n%s", out.String()[:len(head)], head)
	}
}
