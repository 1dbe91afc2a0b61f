package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// replayJSON runs replay --json on path and decodes its report.
func replayJSON(t *testing.T, path string) (replayReport, error) {
	t.Helper()
	var out bytes.Buffer
	err := runReplay(path, true, &out)
	var rep replayReport
	if jerr := json.Unmarshal(out.Bytes(), &rep); jerr != nil {
		t.Fatalf("replay --json %s: %v\n%s", path, jerr, out.String())
	}
	return rep, err
}

// TestReplayJSONAccount: replay --json of every golden record gives each trick's winner and cards,
// every draw and each deal's per-side breakdown, checked against the engine's own events from
// re-applying the record's actions: the winners and cards of EvTrick, the cards of EvDraw, the
// totals of EvDealEnd, and per side the tricks won and the points by cause summing to the deal's
// points.
func TestReplayJSONAccount(t *testing.T) {
	for _, file := range []string{"two-handed.json", "two-handed-stacked.json", "four-handed.json"} {
		t.Run(file, func(t *testing.T) {
			path := "../../testdata/records/" + file
			rep, err := replayJSON(t, path)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := readRecord(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := wire.RulesFromProto(rec.GetRules())
			if err != nil {
				t.Fatal(err)
			}
			var seed engine.Seed
			copy(seed[:], rec.GetSeed())
			d := engine.Dealing{Seed: seed}
			if sd := rec.GetStackedDeal(); sd != nil {
				st, err := wire.StackedDealFromProto(sd, r)
				if err != nil {
					t.Fatal(err)
				}
				d.Stacked = []engine.StackedDeal{st}
			}
			g, err := engine.NewGame(r, d)
			if err != nil {
				t.Fatal(err)
			}
			var tricks, wantTricks []wire.TrickAccount
			var draws, wantDraws []wire.DrawAccount
			var ends []wire.DealEnd
			for _, st := range rep.Steps {
				if st.Trick != nil {
					tricks = append(tricks, *st.Trick)
				}
				draws = append(draws, st.Draws...)
				if st.DealEnd != nil {
					ends = append(ends, *st.DealEnd)
				}
			}
			for _, ra := range rec.GetActions() {
				a, err := wire.ActionFromProto(ra.GetAction())
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Apply(int(ra.GetSeat()), a); err != nil {
					t.Fatal(err)
				}
			}
			sides := r.Variant.Sides()
			won := make([]int, sides)
			prev := make([]int, sides)
			nend := 0
			for _, e := range g.Events() {
				switch e.Kind {
				case engine.EvTrick:
					won[e.Side]++
					var cards []string
					for _, c := range e.Cards.Slice() {
						cards = append(cards, c.String())
					}
					wantTricks = append(wantTricks, wire.TrickAccount{Number: int(e.Trick), Winner: e.Seat, Cards: cards})
				case engine.EvDraw:
					wantDraws = append(wantDraws, wire.DrawAccount{Seat: e.Seat, Card: e.Card.String(), Revealed: e.Revealed, TurnUp: !e.Private && !e.Revealed})
				case engine.EvDealEnd:
					end := ends[nend]
					nend++
					if end.Deal != e.Deal || len(end.Sides) != sides {
						t.Fatalf("deal end %+v, want deal %d with %d sides", end, e.Deal, sides)
					}
					for s, sa := range end.Sides {
						if sa.Total != e.Totals[s] || sa.DealPoints != e.Totals[s]-prev[s] || sa.TricksWon != won[s] ||
							sa.Melds+sa.Sevens+sa.TrickPoints+sa.LastTrick != sa.DealPoints || sa.TrickPoints != 10*sa.Brisques {
							t.Fatalf("deal %d side %d: %+v; engine: total %d, previous %d, tricks won %d", e.Deal, s, sa, e.Totals[s], prev[s], won[s])
						}
						prev[s] = e.Totals[s]
					}
					won = make([]int, sides)
				}
			}
			if !reflect.DeepEqual(tricks, wantTricks) {
				t.Fatalf("%d tricks in the report, %d in the engine's events, or they differ", len(tricks), len(wantTricks))
			}
			if !reflect.DeepEqual(draws, wantDraws) {
				t.Fatalf("%d draws in the report, %d in the engine's events, or they differ", len(draws), len(wantDraws))
			}
			if nend != len(ends) || nend == 0 {
				t.Fatalf("%d deal ends in the report, %d in the engine's events", len(ends), nend)
			}
			if rep.Start.DealStart == nil || len(rep.Start.DealStart.Hands) != r.Variant.Players() {
				t.Fatalf("start %+v: want the first deal with every hand", rep.Start)
			}
			t.Logf("%s: %d tricks, %d draws, %d deals", file, len(tricks), len(draws), len(ends))
		})
	}
}

// TestReplayJSONMalformedStep: a malformed recorded action is one refused step, with the field
// named, and the report goes on with the next step (which the engine then refuses or accepts).
func TestReplayJSONMalformedStep(t *testing.T) {
	rec, err := readRecord("../../testdata/records/two-handed.json")
	if err != nil {
		t.Fatal(err)
	}
	rec = proto.Clone(rec).(*pb.GameRecord)
	rec.GetActions()[0].Action = &pb.Action{}
	b, _ := protojson.Marshal(rec)
	path := filepath.Join(t.TempDir(), "malformed.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := replayJSON(t, path)
	if err == nil || !strings.Contains(err.Error(), "refused on replay") {
		t.Fatalf("replay --json: %v, want a refused action", err)
	}
	got := rep.Steps[0]
	if got.Accepted || got.Code != "malformed" || got.Error != "actions[0].action: no action kind set" || got.Action != "" {
		t.Fatalf("step 0: %+v", got)
	}
	if len(rep.Steps) != len(rec.GetActions()) || rep.Steps[1].Accepted || rep.Steps[1].Code != "not_your_turn" {
		t.Fatalf("%d steps for %d actions; step 1 %+v, want seat 0 refused: not its turn", len(rep.Steps), len(rec.GetActions()), rep.Steps[1])
	}
	if rep.Final.Verified || rep.Final.Mismatch == "" {
		t.Fatalf("final %+v, want not verified", rep.Final)
	}
}

// TestReplayAt: replay --at prints the legal actions of the seat to act there in action notation,
// and the seat's view from engine.Game.View: the seat's own hand, no other.
func TestReplayAt(t *testing.T) {
	path := "../../testdata/records/two-handed.json"
	var out bytes.Buffer
	if err := runReplayAt(path, 40, 1, true, &out); err != nil {
		t.Fatal(err)
	}
	var rep positionReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	rec, _ := readRecord(path)
	rp, err := wire.ReplayRecordBefore(rec, 40)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, a := range rp.Game.Legal(rp.Game.Turn(), nil) {
		want = append(want, a.String())
	}
	if rep.ToAct != 1 || !reflect.DeepEqual(rep.Legal, want) || !reflect.DeepEqual(want, []string{"end"}) {
		t.Fatalf("to act %d, legal %v; want seat 1 and %v", rep.ToAct, rep.Legal, want)
	}
	v := &pb.View{}
	if err := protojson.Unmarshal(rep.View, v); err != nil {
		t.Fatal(err)
	}
	var hand []string
	for _, c := range v.GetHand() {
		hand = append(hand, c.GetText())
	}
	var wantHand []string
	for _, c := range rp.Game.View(1).Hand {
		wantHand = append(wantHand, c.String())
	}
	if v.GetSeat() != 1 || !reflect.DeepEqual(hand, wantHand) || len(hand) != 6 {
		t.Fatalf("view of seat %d, hand %v; want seat 1's hand %v", v.GetSeat(), hand, wantHand)
	}
	out.Reset()
	if err := runReplayAt(path, 0, -1, false, &out); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "before seq 0: deal 1, phase trick, seat 1 to act") || !strings.Contains(s, "View of a spectator:") || strings.Contains(s, `"hand"`) {
		t.Fatalf("replay --at 0 --seat -1:\n%s", s)
	}
	if err := runReplayAt(path, 0, 2, false, &out); err == nil || !strings.Contains(err.Error(), "--seat 2: not a seat of two-handed") {
		t.Fatalf("--seat 2: %v", err)
	}
}

// TestReplayGetRecordResponse is the regression test of replay refusing what GetRecord answers
// over HTTP (curl to the Connect endpoint writes {"record": {...}}): "not a game record: unknown
// field "record"". The answer, as the referee's JSON writes it, replays to the same sheet as the
// record alone.
func TestReplayGetRecordResponse(t *testing.T) {
	rec, err := readRecord("../../testdata/records/two-handed.json")
	if err != nil {
		t.Fatal(err)
	}
	b, err := protojson.Marshal(&pb.GetRecordResponse{Record: rec})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "response.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := runReplay(path, false, &got); err != nil {
		t.Fatalf("replay of a GetRecord response: %v", err)
	}
	if err := runReplay("../../testdata/records/two-handed.json", false, &want); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("replay of a GetRecord response:\n%s\nwant as of the record:\n%s", got.String(), want.String())
	}
}

// TestReplayNewerRecord: a record holding fields this build does not know (a newer build's, at the
// top and inside an action, in a GetRecord answer too) replays as the record without them:
// "not a game record: unknown field "lastSeq"" was all an older build said of every newer record
// (an outside trial). JSON that is no record is still refused.
func TestReplayNewerRecord(t *testing.T) {
	b, err := os.ReadFile("../../testdata/records/two-handed.json")
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := runReplay("../../testdata/records/two-handed.json", false, &want); err != nil {
		t.Fatal(err)
	}
	newer := strings.Replace(strings.Replace(string(b), "{", `{"fieldOfANewerBuild": 7, `, 1), `"actions": [`+"\n    {", `"actions": [`+"\n    {\"anotherNewField\": {\"x\": 1}, ", 1)
	if !strings.Contains(newer, "anotherNewField") {
		t.Fatal("no actions in the record")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"record": newer, "response": `{"record": ` + newer + `, "newToo": true}`} {
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := runReplay(path, false, &got); err != nil || got.String() != want.String() {
			t.Errorf("replay of a newer build's %s: %v\n%s\nwant as of the record:\n%s", name, err, got.String(), want.String())
		}
	}
	path := filepath.Join(dir, "other.json")
	if err := os.WriteFile(path, []byte(`{"name": "not a record"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// (protojson's message varies its spaces on purpose: its start and end are compared.)
	if err := runReplay(path, false, io.Discard); err == nil || !strings.HasPrefix(err.Error(), path+": not a game record: proto:") || !strings.HasSuffix(err.Error(), `unknown field "name"`) {
		t.Errorf("replay of JSON that is no record: %v", err)
	}
}

// TestReplayFallbacks: the actions a seat's SDK chose for its bot (RecordedAction.fallback) are
// marked in replay --json's steps and counted under the sheet; replay showed neither (a bot
// author's trial).
func TestReplayFallbacks(t *testing.T) {
	rec, err := readRecord("../../testdata/records/two-handed.json")
	if err != nil {
		t.Fatal(err)
	}
	rec = proto.Clone(rec).(*pb.GameRecord)
	answers, marked := 0, map[int]bool{}
	for i, a := range rec.GetActions() {
		if a.GetSeat() == 1 && a.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			answers++
			if len(marked) < 2 {
				a.Fallback, marked[i] = true, true // seat 1's first two answers
			}
		}
	}
	b, _ := protojson.Marshal(rec)
	path := filepath.Join(t.TempDir(), "fallbacks.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := replayJSON(t, path)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range rep.Steps {
		if s.Fallback != marked[i] {
			t.Errorf("step %d: fallback %t", i, s.Fallback)
		}
	}
	var out bytes.Buffer
	if err := runReplay(path, false, &out); err != nil {
		t.Fatal(err)
	}
	want := "\nAnswered by the SDK, not the bot (it failed, missed its deadline or chose no legal action): seat 1 2 of " + strconv.Itoa(answers) + ".\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Errorf("replay ends\n%s\nwant it to end %q", out.String()[max(0, out.Len()-300):], want)
	}
}
