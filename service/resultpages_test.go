package service

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestGetTournamentResultPages: GetTournament returns a tournament's results by pages, of the
// default size, of the size asked and of at most MaxResultPage, which together are every result
// in the order stored; a bad page token is INVALID_ARGUMENT naming page_token. Before, every
// call sent every result (5.9 MB of JSON for 14 000 games, an outside trial).
func TestGetTournamentResultPages(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := store.NewMemory(0)
	fillEndedTournaments(t, st, 2, 6001) // 12 002 results each, stored in the order of their games
	ref := startReferee(t, st, nil)
	c := pb.NewTournamentServiceClient(ref.cc)
	const id = "tn-0000000000000000"

	for _, tc := range []struct {
		size uint32
		want []int // the pages' lengths
	}{{0, []int{1000}}, {5000, []int{5000, 5000, 2002}}, {20_000, []int{10_000, 2002}}} {
		req := &pb.GetTournamentRequest{TournamentId: id, PageSize: tc.size}
		var lens []int
		next := 0 // the game each result should be
		for {
			resp, err := c.GetTournament(ctx, req)
			if err != nil {
				t.Fatalf("page_size %d, page %d: %v", tc.size, len(lens), err)
			}
			if got := resp.GetTournament().GetStandings().GetPlayed(); got != 12_002 {
				t.Fatalf("page_size %d, page %d: standings of %d games, want 12002", tc.size, len(lens), got)
			}
			for _, r := range resp.GetResults() {
				if int(r.GetGame()) != next {
					t.Fatalf("page_size %d, page %d: game %d where %d was due", tc.size, len(lens), r.GetGame(), next)
				}
				next++
			}
			lens = append(lens, len(resp.GetResults()))
			if req.PageToken = resp.GetNextPageToken(); req.PageToken == "" || tc.size == 0 {
				break
			}
		}
		if !slices.Equal(lens, tc.want) {
			t.Errorf("page_size %d: pages of %v, want %v", tc.size, lens, tc.want)
		}
	}

	first, err := c.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id, PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ id, token, want string }{
		{id, "not a token", "page_token: malformed, or of another tournament's results"},
		{"tn-0000000000000001", first.GetNextPageToken(), "page_token: malformed, or of another tournament's results"},
		{id, base64.RawURLEncoding.EncodeToString([]byte(`{"t":"` + id + `","o":10,"g":-1}`)), "page_token: malformed, or of another tournament's results"},
		{id, base64.RawURLEncoding.EncodeToString([]byte(`{"t":"` + id + `","o":9223372036854775807,"g":3}`)), "page_token: malformed, or of another tournament's results"},
	} {
		_, err := c.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: tc.id, PageToken: tc.token})
		if status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != tc.want {
			t.Errorf("GetTournament(%s, %q): %v, want InvalidArgument %q", tc.id, tc.token, err, tc.want)
		}
	}
}

// TestResultsPageFindsItsGame: a page token finds its place by its game when the results are in
// another order than the one that issued it (a tournament read from the store by another
// referee), and one at a game with no result is refused.
func TestResultsPageFindsItsGame(t *testing.T) {
	results := []tournament.Result{{Game: 4}, {Game: 1}, {Game: 3}, {Game: 0}, {Game: 2}}
	games := func(rs []tournament.Result) []int {
		var out []int
		for _, r := range rs {
			out = append(out, r.Game)
		}
		return out
	}
	page, next, err := resultsPage(results, resultsKey{Tournament: "tn-1"}, 2)
	if err != nil || !slices.Equal(games(page), []int{4, 1}) || next == "" {
		t.Fatalf("first page: %v, %q, %v", games(page), next, err)
	}
	k, err := decodeResultsToken("tn-1", next)
	if err != nil || k != (resultsKey{Tournament: "tn-1", Offset: 2, Game: 1}) {
		t.Fatalf("token %q: %+v, %v", next, k, err)
	}
	other := []tournament.Result{{Game: 4}, {Game: 3}, {Game: 1}, {Game: 0}, {Game: 2}} // games 1 and 3 stored the other way round
	page, next, err = resultsPage(other, k, 2)
	if err != nil || !slices.Equal(games(page), []int{0, 2}) || next != "" {
		t.Errorf("the next page in another order: %v, %q, %v; want [0 2] and no next page", games(page), next, err)
	}
	_, _, err = resultsPage(other, resultsKey{Tournament: "tn-1", Offset: 2, Game: 7}, 2)
	if err == nil || err.Error() != "page_token: its game 7 has no result in tournament tn-1" {
		t.Errorf("a token at game 7: %v", err)
	}
}

// TestWatchTournamentInPieces: WatchTournament sends an update of more than DefaultResultPage
// results in pieces of DefaultResultPage, each marked more and without standings or state, and
// the last with them. Before, the first update of a tournament of 14 000 games was one message
// of 5.9 MB of JSON, and one of 65 000 passed grpc-go's default 4 MiB limit of its watchers.
func TestWatchTournamentInPieces(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := store.NewMemory(0)
	fillEndedTournaments(t, st, 1, 1001) // 2 002 results
	ref := startReferee(t, st, nil)
	stream, err := pb.NewTournamentServiceClient(ref.cc).WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: "tn-0000000000000000"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for {
		m, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %d %t %d %s", len(m.GetResults()), m.GetResults()[0].GetGame(), m.GetMore(),
			m.GetStandings().GetPlayed(), m.GetState()))
	}
	want := []string{"1000 0 true 0 TOURNAMENT_STATE_UNSPECIFIED", "1000 1000 true 0 TOURNAMENT_STATE_UNSPECIFIED", "2 2000 false 2002 TOURNAMENT_STATE_FINISHED"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("messages (results, first game, more, standings' games, state):\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestEndedTournamentPagesReadOnePage: GetTournament of an ended tournament reads every result
// once, for its standings (the summary the referee keeps), and then each page by itself: the
// pages together are every result in the order stored. Before, every page read every result
// again (90 to 190 ms and 38 MB a page of a tournament of 14 000 games on SQLite).
func TestEndedTournamentPagesReadOnePage(t *testing.T) {
	ctx := context.Background()
	st := endedStore(t, 0)
	fillEndedTournaments(t, st, 1, 1501) // 3 002 results
	r := newCore(t, Config{Store: st})
	var games []int
	token := ""
	for page := 0; ; page++ {
		tn, next, err := r.GetTournamentPage(ctx, "tn-0000000000000000", 1000, token)
		if err != nil {
			t.Fatal(err)
		}
		for _, res := range tn.Results {
			games = append(games, res.Game)
		}
		if tn.Standings.Played != 3002 || st.calls.Load() != 1 {
			t.Fatalf("page %d: standings of %d games, %d reads of every result; want 3002, 1", page, tn.Standings.Played, st.calls.Load())
		}
		if token = next; token == "" {
			break
		}
	}
	if len(games) != 3002 || !slices.IsSorted(games) || games[0] != 0 {
		t.Errorf("the pages hold %d results, games %d to %d in order %t; want 3002, 0 to 3001, in order", len(games), games[0], games[len(games)-1], slices.IsSorted(games))
	}
}

// writeEndsLate is a store whose first tournament result write, once done, ends only after the
// second has ended: the first result stored ends its write last.
type writeEndsLate struct {
	store.Store
	writes atomic.Int32
	second chan struct{}
}

func (w *writeEndsLate) AddTournamentGame(ctx context.Context, g store.TournamentGame) error {
	err := w.Store.AddTournamentGame(ctx, g)
	switch w.writes.Add(1) {
	case 1:
		select {
		case <-w.second:
		case <-time.After(10 * time.Second):
		}
	case 2:
		close(w.second)
	}
	return err
}

// TestResultsShownInStoredOrder: two results stored at once, the first one's write ending last,
// are shown (GetTournament, its pages, the watch) in the order the store lists them, so that a
// page token of the running tournament finds its place in the ended one's. Before, the referee
// showed them in the order their writes ended and the store listed them in the order they began:
// a token given while a tournament ran lost or repeated a result once it had ended (an outside
// trial: 40 of 6 000 places differed).
func TestResultsShownInStoredOrder(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := &writeEndsLate{Store: store.NewMemory(0), second: make(chan struct{})}
	r := newCore(t, Config{Store: st})
	tn, err := r.CreateTournament(ctx, tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 2,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var watched []int
	if err := r.WatchTournament(ctx, tn.ID, func(u TournamentUpdate) error {
		for _, res := range u.Results {
			watched = append(watched, res.Game)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	stored, err := st.ListTournamentResults(ctx, tn.ID, -1, 10)
	if err != nil || len(stored) != 2 {
		t.Fatalf("stored: %v, %v", stored, err)
	}
	want := []int{stored[0].Game, stored[1].Game}
	page, _, err := r.GetTournamentPage(ctx, tn.ID, 10, "")
	if err != nil {
		t.Fatal(err)
	}
	shown := []int{page.Results[0].Game, page.Results[1].Game}
	if !slices.Equal(watched, want) || !slices.Equal(shown, want) {
		t.Errorf("watched games %v, GetTournament's %v; want the store's order %v", watched, shown, want)
	}
}

// TestWatchSendsChangedPairs: every update of a watch but the first has only the head-to-head
// pairs whose entrants met in its results (pairs_changed), and the pairs a client keeps from them
// are GetTournament's at the end. Before, every update had every pair: 99 681 of them, about 11 MB of
// JSON, in a round robin of 447 entrants.
func TestWatchSendsChangedPairs(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ref := startReferee(t, store.NewMemory(0), nil)
	c := pb.NewTournamentServiceClient(ref.cc)
	var entrants []*pb.Entrant
	for i := range 5 {
		entrants = append(entrants, &pb.Entrant{Id: fmt.Sprintf("r%d", i), Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}})
	}
	created, err := c.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 10, Duplicate: true,
		Entrants: entrants}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetTournament().GetTournamentId()
	stream, err := c.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: id})
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]*pb.PairStanding{}
	n := 0 // updates
	for ; ; n++ {
		m, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if m.GetPairsChanged() != (n > 0) {
			t.Fatalf("update %d: pairs_changed %t", n, m.GetPairsChanged())
		}
		met := map[string]bool{}
		for _, r := range m.GetResults() {
			for _, a := range r.GetEntrants() {
				for _, b := range r.GetEntrants() {
					met[a+" "+b] = true
				}
			}
		}
		var sent, want []string
		for _, p := range m.GetStandings().GetPairs() {
			sent = append(sent, p.GetA()+" "+p.GetB())
			kept[p.GetA()+" "+p.GetB()] = p
		}
		for pair := range kept {
			if met[pair] {
				want = append(want, pair)
			}
		}
		slices.Sort(sent)
		slices.Sort(want)
		if n > 0 && !slices.Equal(sent, want) {
			t.Errorf("update %d of %d results: pairs %q, want those that met %q", n, len(m.GetResults()), sent, want)
		}
	}
	got, err := c.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
	if err != nil {
		t.Fatal(err)
	}
	final := got.GetTournament().GetStandings().GetPairs()
	if len(final) != 10 || len(kept) != 10 || n < 2 {
		t.Fatalf("%d pairs kept from %d updates, %d in GetTournament; want 10 pairs", len(kept), n, len(final))
	}
	for _, p := range final {
		if !proto.Equal(kept[p.GetA()+" "+p.GetB()], p) {
			t.Errorf("pair %s v %s: kept %v, GetTournament %v", p.GetA(), p.GetB(), kept[p.GetA()+" "+p.GetB()], p)
		}
	}
}

// TestChangedPairs: the pairs that results change are those of two entrants of one result, in
// the standings' order: games 0 and 5 of a round robin of four are a v b and c v d.
func TestChangedPairs(t *testing.T) {
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}, {ID: "c", Bot: "random"}, {ID: "d", Bot: "random"}}}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	var pairs []tournament.Pair
	for i, e := range spec.Entrants {
		for _, f := range spec.Entrants[i+1:] {
			pairs = append(pairs, tournament.Pair{A: e.ID, B: f.ID})
		}
	}
	var names []string
	for _, p := range changedPairs(&spec, pairs, []tournament.Result{{Game: 5}, {Game: 0}}) {
		names = append(names, p.A+" v "+p.B)
	}
	if want := []string{"a v b", "c v d"}; !slices.Equal(names, want) {
		t.Errorf("pairs changed by games 0 and 5: %q, want %q", names, want)
	}
}
