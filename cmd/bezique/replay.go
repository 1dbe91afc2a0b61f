package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

func newReplayCmd() *cobra.Command {
	var asJSON bool
	var at uint64
	var seat int
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Re-apply a game record through the engine and check it",
		Long: `replay reads a GameRecord (protojson, as "records export" and "demo --record" write it), or
GetRecord's answer as the referee's HTTP API gives it ({"record": {...}}, docs/INTEGRATE.md),
re-applies its actions through the engine from its seed (or stacked deal, for deals_planned deals),
prints the score sheet and checks the result the record states (every action accepted, the
totals, the winner). It exits non-zero on any mismatch.

With --json it prints the whole account: the first deal as dealt, then for every action the seat,
the action in action notation ("play QSb", "meld bezique QSb JDa (40)", "exchange 7Hb", "end"),
accepted or refused (with the code, the rule and the message; a malformed action is a refused
step, not the end of the report), the points by cause (meld, sevens, trick, last_trick, brisques
or card_points), the trick it completed and its winner, the cards drawn (the revealed last card
and the turn-up marked), a seven exchanged, phase 2, and at each deal's end the per-side
breakdown; then the final state and the verdict.

With --at SEQ it stops before the action of seq SEQ (0: before the first) and prints the legal
actions of the seat to act and the view of --seat (-1: a spectator) there, as the referee would
send them.`,
		Example: `  bezique replay game.json
  bezique replay --json game.json | jq '.steps[] | select(.accepted | not)'
  bezique replay --json game.json | jq '.steps[] | select(.deal_end) | .deal_end'
  bezique replay --at 40 --seat 1 game.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("at") {
				return runReplayAt(args[0], at, seat, asJSON, cmd.OutOrStdout())
			}
			if cmd.Flags().Changed("seat") {
				return fmt.Errorf("--seat needs --at")
			}
			return runReplay(args[0], asJSON, cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print every step and the final state as JSON")
	cmd.Flags().Uint64Var(&at, "at", 0, "stop before the action of this seq and print the legal actions and a seat's view there")
	cmd.Flags().IntVar(&seat, "seat", -1, "with --at: the seat whose view to print (-1: a spectator's)")
	return cmd
}

// readRecord reads a protojson GameRecord, or a GetRecordResponse holding one (what GetRecord
// answers over HTTP, {"record": {...}}); errors name the file (and protojson's the field and
// position, of the GameRecord reading). The fields of a newer build's record that this build does
// not know are ignored, as protobuf's binary reader ignores them: this build's replay refused
// every record of a build that had added one (an outside trial); what they change, if anything,
// the replay of the actions finds.
func readRecord(path string) (*pb.GameRecord, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec := &pb.GameRecord{}
	strict := protojson.Unmarshal(b, rec)
	if strict == nil {
		return rec, nil
	}
	lenient := protojson.UnmarshalOptions{DiscardUnknown: true}
	resp := &pb.GetRecordResponse{}
	if lenient.Unmarshal(b, resp) == nil && resp.GetRecord() != nil {
		return resp.GetRecord(), nil
	}
	rec = &pb.GameRecord{}
	// A record (its table, rules and result there) with fields this build does not know; a record
	// with a misspelt field ("actoins") and so without one of those is refused, naming the field.
	if lenient.Unmarshal(b, rec) == nil && rec.GetTableId() != "" && rec.GetRules().GetVariant() != pb.Variant_VARIANT_UNSPECIFIED && rec.GetResult() != nil {
		return rec, nil
	}
	return nil, fmt.Errorf("%s: not a game record: %w", path, strict)
}

// replayReport is the JSON form of a replay.
type replayReport struct {
	File  string            `json:"file"`
	Start wire.Account      `json:"start"`
	Steps []wire.ReplayStep `json:"steps"`
	Final replayFinal       `json:"final"`
}

// replayFinal is the state after the last action and the verdict.
type replayFinal struct {
	Over         bool   `json:"over"`
	Deal         int    `json:"deal"`
	Totals       []int  `json:"totals"`
	Winner       int    `json:"winner_side"`
	StatedTotals []int  `json:"stated_totals"`
	Verified     bool   `json:"verified"`
	Mismatch     string `json:"mismatch,omitempty"`
}

// runReplay replays the record in path and prints the sheet (or the JSON report); it returns an
// error for a malformed record or any mismatch with the result the record states.
func runReplay(path string, asJSON bool, w io.Writer) error {
	rec, err := readRecord(path)
	if err != nil {
		return err
	}
	if !asJSON {
		if err := printCheckedSheet(rec, w); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return nil
	}
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	rep := replayReport{File: path, Start: rp.Start, Steps: rp.Steps, Final: replayFinal{Over: rp.Game.Over(), Deal: rp.Game.Deal(),
		Totals: rp.Game.Totals(), Winner: rp.Game.Winner(), Verified: true}}
	for _, s := range rec.GetResult().GetScores() {
		rep.Final.StatedTotals = append(rep.Final.StatedTotals, int(s.GetTotal()))
	}
	verr := rp.Verify(rec)
	if verr != nil {
		rep.Final.Verified, rep.Final.Mismatch = false, verr.Error()
	}
	if err := writeJSON(w, rep); err != nil {
		return err
	}
	if verr != nil {
		return fmt.Errorf("%s: %w", path, verr)
	}
	return nil
}

// positionReport is what replay --at prints: who is to act, the legal actions in action notation
// and the seat's view (the wire View, protojson).
type positionReport struct {
	File  string          `json:"file"`
	At    uint64          `json:"at"`
	Seat  int             `json:"seat"`
	ToAct int             `json:"to_act"`
	Legal []string        `json:"legal"`
	View  json.RawMessage `json:"view"`
}

// runReplayAt replays the record in path up to the action of seq at and prints the legal actions
// of the seat to act and seat's view there (engine.Game.View, in its wire form): as JSON, or as
// lines of text followed by the view.
func runReplayAt(path string, at uint64, seat int, asJSON bool, w io.Writer) error {
	rec, err := readRecord(path)
	if err != nil {
		return err
	}
	rp, err := wire.ReplayRecordBefore(rec, at)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	g := rp.Game
	if n := g.Rules().Variant.Players(); seat != engine.NoSeat && (seat < 0 || seat >= n) {
		return fmt.Errorf("--seat %d: not a seat of %s (0..%d, or -1 for a spectator)", seat, g.Rules().Variant, n-1)
	}
	view, err := protojson.MarshalOptions{Multiline: true}.Marshal(wire.ViewToProto(g.View(seat)))
	if err != nil {
		return err
	}
	rep := positionReport{File: path, At: at, Seat: seat, ToAct: g.Turn(), Legal: []string{}, View: view}
	if g.Turn() != engine.NoSeat {
		for _, a := range g.Legal(g.Turn(), nil) {
			rep.Legal = append(rep.Legal, a.String())
		}
	}
	if asJSON {
		return writeJSON(w, rep)
	}
	fmt.Fprintf(w, "%s before seq %d: deal %d, phase %s, seat %d to act\n", path, at, g.Deal(), g.Phase(), g.Turn())
	for i, a := range rep.Legal {
		fmt.Fprintf(w, "  %2d. %s\n", i+1, a)
	}
	who := fmt.Sprintf("seat %d", seat)
	if seat == engine.NoSeat {
		who = "a spectator"
	}
	fmt.Fprintf(w, "View of %s:\n%s\n", who, view)
	return nil
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
