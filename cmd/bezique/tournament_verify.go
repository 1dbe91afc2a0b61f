package main

import (
	"bytes"
	"cmp"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

func newTournamentVerifyCmd() *cobra.Command {
	var recordsDir string
	cmd := &cobra.Command{
		Use:   "verify T.json --records DIR",
		Short: "Check an ended tournament's export against its revealed seed and its games' records, and recompute its standings",
		Long: `verify checks what an ended tournament's export claims (bezique tournament export --json T.json
--records DIR), with nothing but the two: the revealed seed and salt against the commitment published
at its start; for each result, that its game's record (DIR/<table>.json) was dealt from its deal
set's seed (docs/TOURNAMENTS.md § Seeds), replays to its stated result (as bezique replay checks
it), and gives the result the export states; and the standings, recomputed from the results. It
prints what it checked and exits 1 at the first mismatch, naming it. A competitor can run it on a
host's published files; it reads no referee.`,
		Example: `  bezique tournament export tn-878a7fd2c008e677 --json t.json --records records/
  bezique tournament verify t.json --records records/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if recordsDir == "" {
				return errors.New("--records: the directory of the games' records (tournament export --records DIR)")
			}
			return verifyTournament(args[0], recordsDir, cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&recordsDir, "records", "", "the directory of the games' records, <table>.json each (tournament export --records DIR)")
	return cmd
}

// verifyTournament checks the tournament export at path (service.Tournament's JSON) against the
// records in dir and writes what it checked to w; the error names the first mismatch.
func verifyTournament(path, dir string, w io.Writer) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := uniqueKeys(json.NewDecoder(bytes.NewReader(b)), "the document"); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var tn struct {
		service.Tournament
		Standings json.RawMessage  `json:"standings"` // compared as written: a pair's Elo may be "+Inf"
		Results   []exportedResult `json:"results"`   // as printStandings writes them
	}
	if err := json.Unmarshal(b, &tn); err != nil {
		return fmt.Errorf("%s: not a tournament export (tournament export --json): %w", path, err)
	}
	if err := tn.Spec.Validate(); err != nil {
		return fmt.Errorf("%s: spec: %w", path, err)
	}
	if !tournamentID.MatchString(tn.ID) { // its tables' ids name the records' files
		return fmt.Errorf("%s: id %q is not a tournament's (tn- and 16 hex digits)", path, tn.ID)
	}
	if tn.State == store.TournamentRunning || len(tn.Seed) == 0 {
		return fmt.Errorf("%s: tournament %s is %s: its seed is revealed once it has ended; export it again then", path, tn.ID, tn.State)
	}
	if len(tn.Seed) != len(engine.Seed{}) {
		return fmt.Errorf("%s: seed: %d bytes; a seed is exactly %d", path, len(tn.Seed), len(engine.Seed{}))
	}
	if tn.DealingSource == "" { // an export of a build before sources were announced
		tn.DealingSource = pb.DealingSource_DEALING_SOURCE_UNSPECIFIED.String()
	}
	var seed engine.Seed
	copy(seed[:], tn.Seed)
	if got := seed.SaltedCommitment(tn.Salt); got != tn.Commitment {
		return fmt.Errorf("%s: commitment %s is not SHA-256(salt || seed), %s", path, tn.Commitment, got)
	}
	fmt.Fprintf(w, "Tournament %s: the seed and salt match the commitment %s = SHA-256(salt || seed); dealing %s.\n",
		tn.ID, tn.Commitment, tournamentDealingText(tn.DealingSource))
	schedule := tn.Spec.Schedule()
	results := make([]tournament.Result, len(tn.Results))
	for i, r := range tn.Results {
		results[i] = r.Result
	}
	seated := tn.Spec.EntrantsOf(results)
	seen := map[int]bool{}
	namedByBot := 0        // records naming built-in seats for their bots (verifyGame)
	var cancelled []string // the games cancelled, with their reasons (verifyGame)
	for i, res := range results {
		if res.Game < 0 || res.Game >= len(schedule) {
			return fmt.Errorf("result of %s: game %d is not in the schedule of %d games", res.TableID, res.Game, len(schedule))
		}
		if seen[res.Game] {
			return fmt.Errorf("result of game %d: given twice", res.Game)
		}
		seen[res.Game] = true
		// A record of another game, or of another tournament, passed for this one.
		if want := service.TourneyTableID(tn.ID, res.Game); res.TableID != want {
			return fmt.Errorf("result of game %d: table %s, where the tournament's game %d is played at table %s", res.Game, res.TableID, res.Game, want)
		}
		if got := tn.Results[i].Entrants; !slices.Equal(got, seated[i]) {
			return fmt.Errorf("result of game %d: entrants %q, the schedule seats %q", res.Game, got, seated[i])
		}
		byBot, reason, err := verifyGame(dir, seed, tn.DealingSource, &tn.Spec, schedule[res.Game], res)
		if err != nil {
			return err
		}
		if byBot {
			namedByBot++
		}
		if reason != "" {
			cancelled = append(cancelled, fmt.Sprintf("%s (%q)", res.TableID, reason))
		}
	}
	fmt.Fprintf(w, "%d records: each of its game's table and entrants, dealt from its deal set's seed as announced, replaying to its stated result, which is the export's.\n", len(tn.Results))
	if namedByBot > 0 {
		fmt.Fprintf(w, "%d of them name built-in seats for their bots, as builds before 2026-12-02 did: which bot sat where is checked, and the schedule says which entrant of the bot.\n", namedByBot)
	}
	if len(cancelled) > 0 {
		fmt.Fprintf(w, "%d of them cancelled, counted nowhere, their deal sets left out of the deal diff: %s.\n", len(cancelled), strings.Join(cancelled, ", "))
	}
	recomputed := tournament.Compute(&tn.Spec, results)
	want, err := json.Marshal(recomputed)
	if err != nil {
		return err
	}
	var got bytes.Buffer
	if err := json.Compact(&got, tn.Standings); err != nil {
		return fmt.Errorf("%s: standings: %w", path, err)
	}
	// The count first: with a result left out of the export, the first field that differed was
	// an entrant's rating, and the cause lay in the dump (a host's trial).
	var counted struct {
		Played *int `json:"played"`
	}
	if err := json.Unmarshal(got.Bytes(), &counted); err == nil && counted.Played != nil && *counted.Played != recomputed.Played {
		return fmt.Errorf("%s: the standings are not those its results make: they count %d games played, and the export has %d results (a result left out, or one added)",
			path, *counted.Played, recomputed.Played)
	}
	missing, err := standingsAgree(got.Bytes(), want)
	if err != nil {
		return fmt.Errorf("%s: the standings are not those its results make (%w):\nexported   %s\nrecomputed %s", path, err, got.Bytes(), want)
	}
	fmt.Fprintf(w, "Standings: recomputed from the %d results, the same (%d of %d games played).\n", len(tn.Results), recomputed.Played, recomputed.Scheduled)
	if len(missing) > 0 {
		fmt.Fprintf(w, "Not in the export, not checked (an older build's export, made before they were added): %s.\n", strings.Join(missing, ", "))
	}
	if len(seen) < len(schedule) { // a match the SPRT stopped, a cancelled tournament: or games left out of the export
		var missing []int
		for g := range schedule {
			if !seen[g] {
				missing = append(missing, g)
			}
		}
		ended := "the tournament ended" // a match the SPRT stopped
		if tn.State == store.TournamentCancelled {
			ended = "the tournament was cancelled" // "the tournament cancelled before…" (a host's trial)
		}
		fmt.Fprintf(w, "No result for %d of the %d scheduled games (%s): %s before they were played, or the export leaves them out.\n",
			len(missing), len(schedule), gameList(missing), ended)
	}
	return nil
}

// gameList names games by their numbers, "0, 4 and 5", the first ten and a count of the rest.
func gameList(games []int) string {
	var names []string
	for _, g := range games[:min(len(games), 10)] {
		names = append(names, fmt.Sprint(g))
	}
	if len(games) > 10 {
		names = append(names, fmt.Sprintf("%d more", len(games)-10))
	}
	if len(names) == 1 {
		return "game " + names[0]
	}
	return "games " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// uniqueKeys reads one JSON value from d and returns an error naming the first object key that
// appears twice in its object, its case aside: Go's encoding/json takes a key in any case and
// keeps the last, where jq, Python and JavaScript read each exactly, so an export holding "spec"
// and "Spec" would be verified on one and shown on the other (an outside trial). where names the
// value for the error.
func uniqueKeys(d *json.Decoder, where string) error {
	return uniqueKeysAt(d, where, 0)
}

// maxExportDepth bounds the nesting uniqueKeys reads: an export nests a few levels; 20 000 000
// brackets overflowed its recursion (an outside trial).
const maxExportDepth = 32

// uniqueKeysAt is uniqueKeys of a value depth levels down.
func uniqueKeysAt(d *json.Decoder, where string, depth int) error {
	if depth > maxExportDepth {
		return fmt.Errorf("values nested more than %d deep in %s: not a tournament export", maxExportDepth, where)
	}
	tok, err := d.Token()
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	switch tok {
	case json.Delim('{'):
		keys := map[string]bool{}
		for d.More() {
			kt, err := d.Token()
			if err != nil {
				return fmt.Errorf("not JSON: %w", err)
			}
			key := kt.(string)
			if strings.ContainsFunc(key, func(r rune) bool { return r >= utf8.RuneSelf }) {
				// Go's JSON folds "ſ" to "s" and "K" (Kelvin) to "k" too: an export's keys are ASCII.
				return fmt.Errorf("key %q in %s is not ASCII: not a tournament export", key, where)
			}
			if keys[strings.ToLower(key)] {
				return fmt.Errorf("key %q appears twice in %s (its case aside)", key, where)
			}
			keys[strings.ToLower(key)] = true
			if err := uniqueKeysAt(d, fmt.Sprintf("%q", key), depth+1); err != nil {
				return err
			}
		}
		_, err = d.Token() // '}'
		return err
	case json.Delim('['):
		for d.More() {
			if err := uniqueKeysAt(d, where, depth+1); err != nil {
				return err
			}
		}
		_, err = d.Token() // ']'
		return err
	}
	return nil
}

// standingsAgree compares an export's standings (JSON) with those recomputed from its results:
// every field the export has must hold the recomputed value. The fields it lacks, by path
// ("entrants[].scored_games"), are returned: an export made by an older build, before they were
// added, verifies (compared byte for byte, every export published before an upgrade failed: an
// outside trial). Numbers are compared by value (sameNumber).
func standingsAgree(exported, recomputed []byte) (missing []string, err error) {
	decode := func(b []byte) (any, error) {
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		var v any
		return v, d.Decode(&v)
	}
	got, err := decode(exported)
	if err != nil {
		return nil, err
	}
	want, err := decode(recomputed)
	if err != nil {
		return nil, err
	}
	lacks := map[string]bool{}
	field := func(at, k string) string { return strings.TrimPrefix(at+"."+k, ".") }
	var agree func(got, want any, at string) error
	agree = func(got, want any, at string) error {
		switch w := want.(type) {
		case map[string]any:
			g, ok := got.(map[string]any)
			if !ok {
				return fmt.Errorf("%s is not an object", at)
			}
			if strings.HasSuffix(at, "].elo") && oneOutcomeBefore(g, w) {
				return nil
			}
			for k := range g {
				if _, ok := w[k]; !ok {
					return fmt.Errorf("%s is not a field of the standings", field(at, k))
				}
			}
			for k, wv := range w {
				gv, ok := g[k]
				if !ok {
					lacks[field(at, k)] = true
					continue
				}
				if err := agree(gv, wv, field(at, k)); err != nil {
					return err
				}
			}
		case []any:
			g, ok := got.([]any)
			if !ok || len(g) != len(w) {
				return fmt.Errorf("%s: not the %d items recomputed", at, len(w))
			}
			for i := range w {
				if err := agree(g[i], w[i], at+"[]"); err != nil {
					// Which item: an entrant's rating differed without a word of which entrant.
					item, _ := w[i].(map[string]any)
					switch {
					case item["entrant"] != nil:
						return fmt.Errorf("%w (%s[%d]: entrant %v)", err, at, i, item["entrant"])
					case item["a"] != nil:
						return fmt.Errorf("%w (%s[%d]: %v v %v)", err, at, i, item["a"], item["b"])
					}
					return fmt.Errorf("%w (%s[%d])", err, at, i)
				}
			}
		default:
			if got != want && !sameNumber(got, want) {
				return fmt.Errorf("%s: %v exported, %v recomputed", at, got, want)
			}
		}
		return nil
	}
	if err := agree(got, want, ""); err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(lacks)), nil
}

// sameNumber reports whether got and want are JSON numbers of one value, however written: a pair
// of split deal sets has Elo -0, which a re-formatting (Python's json.tool) writes 0, and the
// export then failed verify (a re-trial). Both are decoded as float64, as the standings were
// marshalled from.
func sameNumber(got, want any) bool {
	g, ok1 := got.(json.Number)
	w, ok2 := want.(json.Number)
	if !ok1 || !ok2 {
		return false
	}
	gf, err1 := g.Float64()
	wf, err2 := w.Float64()
	return err1 == nil && err2 == nil && gf == wf
}

// oneOutcomeBefore reports whether a pair's Elo as exported (got) is an older build's form of the
// recomputed one (want) of a pair of one outcome: the same Elo with the zero-width interval
// [elo, elo] that builds before 2026-12-07 gave one deal set split (or one game drawn), and builds
// before 2026-12-08 deal sets all split (or games all drawn), where the interval is NaN now
// (stats.EloFromPenta). Such exports verified and would be reported as tampered with.
func oneOutcomeBefore(got, want map[string]any) bool {
	value := func(v any) (float64, bool) { // -0 and 0 are one value: a split deal set's Elo was -0, its interval [-0, 0]
		n, ok := v.(json.Number)
		if !ok {
			return 0, false
		}
		f, err := n.Float64()
		return f, err == nil
	}
	elo, ok1 := value(got["elo"])
	was, ok2 := value(want["elo"])
	lo, ok3 := value(got["lo"])
	hi, ok4 := value(got["hi"])
	return ok1 && ok2 && ok3 && ok4 && len(got) == 3 && want["lo"] == "NaN" && want["hi"] == "NaN" && elo == was && lo == elo && hi == elo
}

// verifyGame checks the record of res, game g of its tournament dealt from the tournament seed
// (whose source is dealing, a pb.DealingSource name) between entrants: the record is of res's
// table, announces the tournament's dealing source, seats the entrants g schedules (a built-in
// bot's seat named for its entrant, a lobby entrant's for its bots, as the referee names them),
// its seed is its deal set's (tournament.DealSeed), it replays to its stated result, and the
// result it gives (service.ResultFromRecord, as the tournament's runner read it) is res, its SPRT
// verdict aside (the runner marks it on the result). namedByBot is a record that names its
// built-in seats for their bots, as builds before 2026-12-02 did; cancelled is the reason of a
// game cancelled (every side absent, or an admin's CancelTable in play: its record does not
// replay to the game's end, wire's Verify; a game erased as cancelled after its end is refused
// so, where every game cancelled with actions was refused as erased, an honest one too: a host's
// trial), "" for another.
func verifyGame(dir string, seed engine.Seed, dealing string, spec *tournament.Spec, g tournament.Game, res tournament.Result) (namedByBot bool, cancelled string, err error) {
	entrants := spec.Entrants
	path := filepath.Join(dir, res.TableID+".json")
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() { // /dev/zero or a FIFO read for ever (an outside trial)
		return false, "", fmt.Errorf("record of game %d: %s is not a regular file", res.Game, path)
	}
	rec, err := readRecord(path)
	if err != nil {
		return false, "", fmt.Errorf("record of game %d: %w", res.Game, err)
	}
	// A tournament's table plays the spec's variant and options, deals from its seed until a side
	// reaches the target, and is not stacked: a record of other rules, cut short by deals_planned
	// or with a host's first deal stacked replayed as genuine (an outside trial).
	if rec.GetRules().GetVariant() != wire.VariantToProto(spec.Variant) || !maps.Equal(rec.GetRules().GetOptions(), spec.Options) && len(rec.GetRules().GetOptions())+len(spec.Options) > 0 {
		return false, "", fmt.Errorf("%s: rules %s %v, where the tournament plays %s %v", path, rec.GetRules().GetVariant(), rec.GetRules().GetOptions(), wire.VariantToProto(spec.Variant), spec.Options)
	}
	if rec.GetDealsPlanned() != 0 || rec.GetStackedDeal() != nil {
		return false, "", fmt.Errorf("%s: a deal stacked or a number of deals planned, which a tournament's table never has", path)
	}
	if rec.GetTableId() != res.TableID {
		return false, "", fmt.Errorf("%s: the record of table %s, not of %s", path, rec.GetTableId(), res.TableID)
	}
	if got := rec.GetDealingSource().String(); dealing != pb.DealingSource_DEALING_SOURCE_UNSPECIFIED.String() && got != dealing {
		return false, "", fmt.Errorf("%s: dealing %s, where the tournament announces %s", path, got, dealing)
	}
	var names, want, byBot []string
	for _, st := range rec.GetSeats() {
		names = append(names, seatText(st.GetName(), st.GetRemote(), st.GetBotName()))
	}
	for _, e := range g.Seats {
		if lobby := entrants[e].LobbyBots(); len(lobby) > 0 { // a lobby seat is named for its bots
			want = append(want, seatText(strings.Join(lobby, "+"), true, ""))
			byBot = append(byBot, want[len(want)-1])
		} else {
			want = append(want, seatText(entrants[e].ID, false, entrants[e].Bot))
			byBot = append(byBot, seatText(entrants[e].Bot, false, entrants[e].Bot))
		}
	}
	// Builds before 2026-12-02 (c25ac1f) named a built-in entrant's seat for its bot: such a
	// tournament could never verify (an outside trial). Its record says which bot sat where, not
	// which entrant of one bot: the schedule's is taken.
	namedByBot = !slices.Equal(names, want) && slices.Equal(names, byBot)
	if !slices.Equal(names, want) && !namedByBot {
		return false, "", fmt.Errorf("%s: seats %q, where game %d seats %q", path, names, res.Game, want)
	}
	if want := tournament.DealSeed(seed, g.Deal); !bytes.Equal(rec.GetSeed(), want[:]) {
		return false, "", fmt.Errorf("%s: seed %s is not deal set %d's, %s", path, hex.EncodeToString(rec.GetSeed()), g.Deal, hex.EncodeToString(want[:]))
	}
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		return false, "", fmt.Errorf("%s: %w", path, err)
	}
	if err := rp.Verify(rec); err != nil {
		return false, "", fmt.Errorf("%s: %w", path, err)
	}
	got := service.ResultFromRecord(res.Game, rec)
	res.SPRT = nil
	if !reflect.DeepEqual(got, res) {
		a, _ := json.Marshal(res)
		b, _ := json.Marshal(got)
		return false, "", fmt.Errorf("%s: the export's result of game %d is not the record's:\nexported %s\nrecord   %s", path, res.Game, a, b)
	}
	if rec.GetResult().GetOutcome() == pb.Outcome_OUTCOME_CANCELLED {
		cancelled = cmp.Or(rec.GetResult().GetReason(), "no reason given")
	}
	return namedByBot, cancelled, nil
}

// tournamentID is the form of a tournament's id (service.TournamentIDPrefix and 16 hex digits).
var tournamentID = regexp.MustCompile(`^tn-[0-9a-f]{16}$`)

// seatText is a seat as verify compares it: "name (built-in bot)" or "name (remote)": two
// entrants of one name, a built-in bot and a lobby bot, had their records swapped (an outside
// trial).
func seatText(name string, remote bool, bot string) string {
	if remote {
		return name + " (remote)"
	}
	return name + " (built-in " + bot + ")"
}
