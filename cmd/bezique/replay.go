package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

func newReplayCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Re-apply a game record through the engine and check it",
		Long: `replay reads a GameRecord (protojson, as GetRecord, "records export" and "demo --record" write it),
re-applies its actions through the engine from its seed, prints the score sheet and checks the
result the record states (every action accepted, the totals, the winner). It exits non-zero on any
mismatch. With --json it prints, for every action, whether the engine accepted it (with the points
it scored) or refused it (with the rule), and the final state.`,
		Example: `  bezique replay game.json
  bezique replay --json game.json | jq '.steps[] | select(.accepted | not)'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReplay(args[0], asJSON, cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print every step and the final state as JSON")
	return cmd
}

// readRecord reads a protojson GameRecord; errors name the file (and protojson's the field and
// position).
func readRecord(path string) (*pb.GameRecord, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec := &pb.GameRecord{}
	if err := protojson.Unmarshal(b, rec); err != nil {
		return nil, fmt.Errorf("%s: not a game record: %w", path, err)
	}
	return rec, nil
}

// replayReport is the JSON form of a replay.
type replayReport struct {
	File  string            `json:"file"`
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
	rep := replayReport{File: path, Steps: rp.Steps, Final: replayFinal{Over: rp.Game.Over(), Deal: rp.Game.Deal(),
		Totals: rp.Game.Totals(), Winner: rp.Game.Winner(), Verified: true}}
	for _, s := range rec.GetResult().GetScores() {
		rep.Final.StatedTotals = append(rep.Final.StatedTotals, int(s.GetTotal()))
	}
	verr := rp.Verify(rec)
	if verr != nil {
		rep.Final.Verified, rep.Final.Mismatch = false, verr.Error()
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return err
	}
	if verr != nil {
		return fmt.Errorf("%s: %w", path, verr)
	}
	return nil
}
