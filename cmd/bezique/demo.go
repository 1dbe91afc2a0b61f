package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// demoOptions are the demo command's flags.
type demoOptions struct {
	game     gameFlags
	bots     string
	record   string
	progress bool
	conn     connFlags
	key      string // the API key for --server
}

func newDemoCmd() *cobra.Command {
	o := demoOptions{game: gameFlags{variant: string(engine.TwoHanded)}, bots: "rulebook,random", progress: true}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Watch built-in bots play a whole game over gRPC, then print the checked score sheet",
		Long: `demo starts a referee in this process (127.0.0.1, a free port, in memory), creates a table whose
seats are all remote, and connects one Go bot per seat over real gRPC (botsdk.Play). A progress
line (deal, trick, points) runs on stderr; at the end the score sheet is printed: per deal and side
the melds, sevens, brisques, last trick, deal total and running total, then the final totals and
the winner. The sheet is rebuilt by replaying the referee's game record through the engine and
checked against it (ReplayRecord + Verify): any mismatch is an error and a non-zero exit.`,
		Example: `  bezique demo
  bezique demo --variant four-handed --bots rulebook,random,rulebook,random --seed 7
  bezique demo --option target=500 --record game.json && bezique replay game.json
  bezique demo --server referee:7777 --bots random,random   # against a running referee`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.key = apiKey(cmd)
			return runDemo(cmd.Context(), o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	addGameFlags(cmd, &o.game)
	f.StringVar(&o.bots, "bots", o.bots, "built-in bots, one per seat, comma-separated; a shorter list repeats around the table (rulebook,random in four-handed seats rulebook partners 0+2 against random partners 1+3); names: "+strings.Join(bots.Names(), ", "))
	f.StringVar(&o.record, "record", "", "also write the game record (protojson) to this file")
	f.BoolVar(&o.progress, "progress", true, "show the live progress line on stderr")
	o.conn.register(f, "", "play on the referee at this host:port instead of one started in this process")
	return cmd
}

// addGameFlags adds --variant, --seed and --option.
func addGameFlags(cmd *cobra.Command, g *gameFlags) {
	f := cmd.Flags()
	f.StringVar(&g.variant, "variant", g.variant, "two-handed, three-handed, four-handed, four-handed-individual, rubicon or six-pack")
	f.StringVar(&g.seed, "seed", "", "shuffle seed: a uint64, 64 hex digits or a record's base64 \"seed\", announced to every seat as a chosen seed (default: drawn by the referee)")
	f.StringArrayVar(&g.options, "option", nil, "a rule option key=value (RULES.md §5), repeatable, e.g. --option target=500")
}

// botList returns one built-in bot name per seat.
func botList(s string, seats int) ([]string, error) {
	given := strings.Split(s, ",")
	if len(given) > seats {
		return nil, fmt.Errorf("--bots: %d names for %d seats", len(given), seats)
	}
	names := make([]string, seats)
	for i := range names {
		names[i] = strings.TrimSpace(given[i%len(given)])
		if _, err := bots.New(names[i], 0); err != nil {
			return nil, fmt.Errorf("--bots: %w", err)
		}
	}
	return names, nil
}

// runDemo plays one game between built-in bots over gRPC and prints the checked score sheet.
func runDemo(ctx context.Context, o demoOptions, stdout, stderr io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	req, v, err := o.game.request(nil)
	if err != nil {
		return err
	}
	names, err := botList(o.bots, v.Players())
	if err != nil {
		return err
	}
	for _, n := range names {
		req.Seats = append(req.Seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: n}}})
	}
	var ref *localReferee
	if o.conn.server != "" {
		ref, err = connectReferee(o.conn, o.key)
	} else {
		ref, err = startReferee(ctx, stderr, "")
	}
	if err != nil {
		return err
	}
	defer ref.Close()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	resp, err := ref.tables.CreateTable(ctx, req)
	if err != nil {
		return fmt.Errorf("CreateTable: %w", err)
	}
	fmt.Fprintf(stderr, "table %s: %s, %s; seed commitment %s; dealing %s\n", resp.GetTableId(), v, strings.Join(names, " vs "),
		resp.GetSeedCommitment(), dealingText(resp.GetTable().GetDealingSource()))
	seats := resp.GetTable().GetSeats()
	prog := newProgress(v.Sides())
	sideOf := func(seat uint32) int {
		if int(seat) < len(seats) {
			return int(seats[seat].GetSide())
		}
		return 0
	}
	var last time.Time
	live := o.progress && isTerminal(stderr)
	onEvent := func(e *pb.Event) {
		prog.add(e, sideOf)
		if live && time.Since(last) > 50*time.Millisecond {
			last = time.Now()
			fmt.Fprintf(stderr, "\r%s", prog.line())
		}
	}
	results := make([]*pb.GameResult, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for _, st := range resp.GetSeatTokens() {
		seat := int(st.GetSeat())
		bot, _ := bots.New(names[seat], seedNumber(req.GetSeed())+uint64(seat))
		cfg := botsdk.Config{Server: ref.addr, TLS: ref.tls, TableID: resp.GetTableId(), Seat: seat, Token: st.GetToken(),
			BotName: names[seat], BotVersion: "builtin", Logger: quietLogger(stderr)}
		if seat == 0 {
			cfg.OnEvent = onEvent
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[seat], errs[seat] = botsdk.Play(ctx, cfg, bot)
		}()
	}
	wg.Wait()
	switch {
	case live:
		fmt.Fprintf(stderr, "\r%s\n", prog.line())
	case o.progress:
		fmt.Fprintln(stderr, prog.line())
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	rec, err := fetchRecord(ctx, ref.tables, resp.GetTableId())
	if err != nil {
		return err
	}
	if o.record != "" {
		b, err := protojson.MarshalOptions{Multiline: true}.Marshal(rec)
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.record, b, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "record written to %s\n", o.record)
	}
	if err := printCheckedSheet(rec, stdout); err != nil {
		return err
	}
	for seat, res := range results {
		if err := checkScores(res.GetScores(), rec.GetResult().GetScores()); err != nil {
			return fmt.Errorf("seat %d's result: %w", seat, err)
		}
	}
	return nil
}

// isTerminal reports whether w is a terminal, where a progress line may redraw itself with \r.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// printCheckedSheet replays a record, prints its score sheet and checks it against the record:
// every action accepted, the stated totals and winner (Verify), and the sheet's own totals.
func printCheckedSheet(rec *pb.GameRecord, w io.Writer) error {
	sh, rp, err := buildSheet(rec)
	if err != nil {
		return err
	}
	sh.print(w)
	if err := rp.Verify(rec); err != nil {
		return fmt.Errorf("the record does not replay to its result: %w", err)
	}
	if err := sh.checkTotals(rec.GetResult()); err != nil {
		return err
	}
	fmt.Fprintln(w, "Checked: the record replays through the engine to these totals.")
	fmt.Fprintln(w, commitmentCheck(rec))
	if f := fallbacksText(rec); f != "" {
		fmt.Fprintln(w, f)
	}
	return nil
}

// fallbacksText says, for each seat with any, how many of its answers its SDK gave for its bot
// (RecordedAction.fallback): "Answered by the SDK, not the bot (it failed, missed its deadline or
// chose no legal action): seat 0 6 of 120." It is "" when there is none.
func fallbacksText(rec *pb.GameRecord) string {
	var seats []string
	for seat, st := range service.ResultFromRecord(0, rec).Seats {
		if st.Fallbacks > 0 {
			seats = append(seats, fmt.Sprintf("seat %d %d of %d", seat, st.Fallbacks, st.Decisions+st.Fallbacks))
		}
	}
	if seats == nil {
		return ""
	}
	return "Answered by the SDK, not the bot (it failed, missed its deadline or chose no legal action): " + strings.Join(seats, ", ") + "."
}

// commitmentCheck says which commitment formula the record's seed was checked against (by
// wire.ReplayRecord) and where its deals came from.
func commitmentCheck(rec *pb.GameRecord) string {
	deals := "dealing " + dealingText(rec.GetDealingSource())
	switch {
	case len(rec.GetSeed()) == 0:
		return "No seed revealed (stacked deal only); " + deals + "."
	case rec.GetSeedCommitment() == "":
		return "The record states no seed commitment to check; " + deals + "."
	case len(rec.GetSeedSalt()) == 0:
		return "Checked: the seed matches the commitment " + rec.GetSeedCommitment() + " = SHA-256(seed) (a record made before salts); " + deals + "."
	}
	return "Checked: the seed and salt match the commitment " + rec.GetSeedCommitment() + " = SHA-256(salt || seed); " + deals + "."
}

// checkScores compares two score lists side by side.
func checkScores(got, want []*pb.SideScore) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d sides' scores, the record has %d", len(got), len(want))
	}
	for i := range got {
		if got[i].GetTotal() != want[i].GetTotal() {
			return fmt.Errorf("side %d: %d, the record states %d", i, got[i].GetTotal(), want[i].GetTotal())
		}
	}
	return nil
}
