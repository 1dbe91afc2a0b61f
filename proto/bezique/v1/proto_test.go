package beziquev1_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	beziquev1 "github.com/bezique-arena/bezique/proto/bezique/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// card returns the Card for an engine id, filled as the service fills it.
func card(id uint32, text string) *beziquev1.Card {
	return &beziquev1.Card{
		Id:   id,
		Text: text,
		Suit: beziquev1.Suit(id%32/8 + 1),
		Rank: beziquev1.Rank(id%8 + 1),
		Copy: id / 32,
	}
}

func roundTrip(t *testing.T, in, out proto.Message) {
	t.Helper()
	b, err := protojson.Marshal(in)
	if err != nil {
		t.Fatalf("protojson.Marshal: %v", err)
	}
	if err := protojson.Unmarshal(b, out); err != nil {
		t.Fatalf("protojson.Unmarshal(%s): %v", b, err)
	}
	if !proto.Equal(in, out) {
		t.Fatalf("round trip changed the message:\n in: %v\nout: %v", in, out)
	}
}

func TestGameRecordJSONRoundTrip(t *testing.T) {
	qs, jd := card(12, "QSa"), card(19, "JDa") // Q♠ = 0*8+4, J♦ = 2*8+3
	rec := &beziquev1.GameRecord{
		TableId: "t-1",
		Rules: &beziquev1.Rules{
			Variant:          beziquev1.Variant_VARIANT_TWO_HANDED,
			Options:          map[string]string{"target": "1500"},
			EffectiveOptions: map[string]string{"target": "1500", "deal_packets": "3-2-3"},
			SeatCount:        2,
			SideCount:        2,
		},
		Seats: []*beziquev1.SeatInfo{
			{Seat: 0, Name: "alice", BotName: "greedy", BotVersion: "1.0", Remote: true},
			{Seat: 1, Side: 1, Name: "random"},
		},
		SeedCommitment: "ab12",
		Seed:           []byte{1, 2, 3},
		StackedDeal: &beziquev1.StackedDeal{
			Dealer: 1,
			Hands:  []*beziquev1.StackedHand{{Cards: []string{"QS", "JD"}}, {Cards: []string{"7C"}}},
			TurnUp: "TH",
			Stock:  []string{"AS"},
		},
		Actions: []*beziquev1.RecordedAction{
			{Seq: 5, Seat: 0, ElapsedMs: 120, Action: &beziquev1.Action{Kind: &beziquev1.Action_Play{
				Play: &beziquev1.PlayAction{Card: qs}}}},
			{Seq: 9, Seat: 0, Intervention: beziquev1.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_TIMEOUT,
				Action: &beziquev1.Action{Kind: &beziquev1.Action_Meld{Meld: &beziquev1.MeldAction{
					Meld: &beziquev1.Meld{Kind: beziquev1.MeldKind_MELD_KIND_BEZIQUE, Cards: []*beziquev1.Card{qs, jd}, Points: 40}}}}},
			{Seq: 10, Seat: 0, Action: &beziquev1.Action{Kind: &beziquev1.Action_EndWindow{EndWindow: &beziquev1.EndWindowAction{}}}},
		},
		Deals: []*beziquev1.DealSummary{{Deal: 1, Dealer: 1, Trump: beziquev1.Suit_SUIT_HEARTS, TurnUp: card(54, "THb"),
			Scores: []*beziquev1.SideScore{{Side: 0, DealPoints: 40, Total: 40}, {Side: 1}}}},
		Result: &beziquev1.GameResult{
			Outcome:    beziquev1.Outcome_OUTCOME_COMPLETED,
			WinnerSide: proto.Uint32(0),
			Scores:     []*beziquev1.SideScore{{Side: 0, Total: 1520}, {Side: 1, Total: 980}},
			Deals:      3,
		},
		StartTime:  timestamppb.New(timestamppb.Now().AsTime().Truncate(1e9)),
		FinishTime: &timestamppb.Timestamp{Seconds: 1_800_000_000, Nanos: 5},
	}
	roundTrip(t, rec, &beziquev1.GameRecord{})
}

func TestConnectRequestJSONRoundTrip(t *testing.T) {
	for _, in := range []*beziquev1.ConnectRequest{
		{Kind: &beziquev1.ConnectRequest_Join{Join: &beziquev1.Join{TableId: "t-1", Seat: 2, Token: "s3cret",
			BotName: "greedy", BotVersion: "1.0", ProtocolVersion: 1, ResumeAfterSeq: 17}}},
		{Kind: &beziquev1.ConnectRequest_Decide{Decide: &beziquev1.Decide{RequestId: 4,
			Choice: &beziquev1.Decide_ActionId{ActionId: 0}}}},
		{Kind: &beziquev1.ConnectRequest_Decide{Decide: &beziquev1.Decide{RequestId: 5,
			Choice: &beziquev1.Decide_Action{Action: &beziquev1.Action{Kind: &beziquev1.Action_SevenExchange{
				SevenExchange: &beziquev1.SevenExchangeAction{Seven: &beziquev1.Card{Id: 8}}}}}}}},
		{Kind: &beziquev1.ConnectRequest_Pong{Pong: &beziquev1.Pong{Nonce: 99}}},
	} {
		roundTrip(t, in, &beziquev1.ConnectRequest{})
	}
	// action_id 0 is a real choice: the oneof keeps it apart from no choice at all.
	var out beziquev1.ConnectRequest
	if err := protojson.Unmarshal([]byte(`{"decide":{"requestId":"4","actionId":0}}`), &out); err != nil {
		t.Fatal(err)
	}
	if _, ok := out.GetDecide().GetChoice().(*beziquev1.Decide_ActionId); !ok {
		t.Fatalf("decide with actionId 0 lost its choice: %v", &out)
	}
}

// declRE matches a declaration that needs a comment: message, enum, service, rpc, oneof,
// field or enum value. The name is the last non-empty group.
var declRE = regexp.MustCompile(`^\s*(?:(?:message|enum|service|rpc|oneof)\s+(\w+)|(?:optional\s+|repeated\s+)?(?:map<[\w., ]+>|[\w.]+)\s+(\w+)\s*=\s*\d+\s*[;\[]|([A-Z][A-Z0-9_]*)\s*=\s*\d+\s*;)`)

// TestCommentsStartWithName checks the house rule buf's COMMENTS lint does not: every leading
// comment starts with the name of what it documents.
func TestCommentsStartWithName(t *testing.T) {
	files, err := filepath.Glob("*.proto")
	if err != nil || len(files) == 0 {
		t.Fatalf("no .proto files: %v", err)
	}
	checked := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for sc := bufio.NewScanner(fh); sc.Scan(); {
			lines = append(lines, sc.Text())
		}
		fh.Close()
		for i, line := range lines {
			m := declRE.FindStringSubmatch(line)
			if m == nil || strings.HasPrefix(strings.TrimSpace(line), "option ") {
				continue
			}
			name := m[1] + m[2] + m[3]
			j := i - 1
			for j >= 0 && strings.HasPrefix(strings.TrimSpace(lines[j]), "//") {
				j--
			}
			checked++
			if j == i-1 {
				t.Errorf("%s:%d: %s has no leading comment", f, i+1, name)
				continue
			}
			first := strings.TrimPrefix(strings.TrimSpace(lines[j+1]), "//")
			if w := strings.Fields(first); len(w) == 0 || w[0] != name {
				t.Errorf("%s:%d: comment on %s starts %q, want %q", f, i+1, name, first, name)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("checked only %d declarations: the pattern is broken", checked)
	}
}
