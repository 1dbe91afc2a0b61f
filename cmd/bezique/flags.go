package main

import (
	"cmp"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// defaultServer is every --server's default: $BEZIQUE_SERVER, or the address of a referee started
// with its defaults.
var defaultServer = cmp.Or(os.Getenv("BEZIQUE_SERVER"), "127.0.0.1:7777")

// gameFlags are the flags that describe a game: variant, seed and rule options.
type gameFlags struct {
	variant string
	seed    string
	options []string
}

// request returns a CreateTableRequest for these flags with the given seats.
func (f gameFlags) request(seats []*pb.SeatConfig) (*pb.CreateTableRequest, engine.Variant, error) {
	v, err := engine.ParseVariant(f.variant)
	if err != nil {
		return nil, "", fmt.Errorf("--variant: %s", strings.TrimPrefix(err.Error(), "bezique: "))
	}
	options, err := parseOptions(f.options)
	if err != nil {
		return nil, "", err
	}
	req := &pb.CreateTableRequest{Variant: wire.VariantToProto(v), Seats: seats, Options: options}
	rules, err := engine.NewRules(v, req.Options)
	if err == nil {
		err = rules.CheckNew() // as the referee checks a new table's
	}
	if err != nil {
		return nil, "", fmt.Errorf("--option: %s", strings.TrimPrefix(err.Error(), "bezique: "))
	}
	if f.seed != "" {
		s, err := parseSeed(f.seed)
		if err != nil {
			return nil, "", err
		}
		req.Seed = s[:]
	}
	return req, v, nil
}

// parseOptions reads the --option flags, each key=value (an option of RULES.md §5), into the
// options of a table, a challenge or a tournament (nil for none). An error names a flag without
// '=' or a name given twice (the last one was taken without a word: an options audit).
func parseOptions(flags []string) (map[string]string, error) {
	var options map[string]string
	for _, o := range flags {
		k, val, ok := strings.Cut(o, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("--option %q: want key=value (an option of RULES.md §5, e.g. target=500)", o)
		}
		if old, seen := options[k]; seen {
			return nil, fmt.Errorf("--option %s given twice (%s=%s, then %s=%s): give each option once", k, k, old, k, val)
		}
		if options == nil {
			options = map[string]string{}
		}
		options[k] = val
	}
	return options, nil
}

// parseSeed reads a seed in every form the records and the docs show it: a decimal uint64
// (engine.SeedFromUint64), 64 hex digits, or the 32 bytes in base64 as a protojson record's "seed"
// field holds them (standard or URL alphabet).
func parseSeed(s string) (engine.Seed, error) {
	if n, err := strconv.ParseUint(s, 10, 64); err == nil {
		return engine.SeedFromUint64(n), nil
	}
	if seed, err := engine.ParseSeed(s); err == nil {
		return seed, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		if b, err := enc.DecodeString(s); err == nil && len(b) == len(engine.Seed{}) {
			return engine.Seed(b), nil
		}
	}
	return engine.Seed{}, fmt.Errorf("--seed %q: want a decimal uint64, 64 hex digits or 32 bytes in base64 (a record's \"seed\")", s)
}

// seedNumber returns a number derived from a seed, to seed the bots.
func seedNumber(seed []byte) uint64 {
	if len(seed) < 8 {
		return 1
	}
	return binary.BigEndian.Uint64(seed[len(seed)-8:])
}

// seatName returns a seat's display name from a record or table's seats.
func seatName(seats []*pb.SeatInfo, i int) string {
	if i < len(seats) {
		s := seats[i]
		if s.GetBotName() != "" {
			return printable(s.GetBotName())
		}
		return printable(s.GetName())
	}
	return fmt.Sprintf("seat %d", i)
}

// clockFlags are the table's time control (Clock) of create and challenge: --decision-ms,
// --bank-ms and --increment-ms (challenge had --decision-ms alone: an integrator's trial).
type clockFlags struct {
	clock  pb.Clock
	bankMs uint32
}

// register adds the flags to f.
func (c *clockFlags) register(f *pflag.FlagSet) {
	f.Uint32Var(&c.clock.DecisionMs, "decision-ms", 0, "time for each decision, in ms (0: the referee's default, 10 000)")
	f.Uint32Var(&c.bankMs, "bank-ms", 0, "each seat's time bank, in ms; 0 is no bank (unset: the referee's default, 60 000)")
	f.Uint32Var(&c.clock.IncrementMs, "increment-ms", 0, "added to a seat's bank after each decision it answers in time, in ms")
}

// proto returns the Clock of the flags cmd was given: a bank only when --bank-ms was set.
func (c *clockFlags) proto(cmd *cobra.Command) *pb.Clock {
	out := &pb.Clock{DecisionMs: c.clock.GetDecisionMs(), IncrementMs: c.clock.GetIncrementMs()}
	if cmd.Flags().Changed("bank-ms") {
		out.BankMs = proto.Uint32(c.bankMs)
	}
	return out
}
