package service

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
	"github.com/bezique-arena/bezique/tournament"
)

// gameReads is a store counting the reads of tournament results.
type gameReads struct {
	store.Store
	calls, tourneys atomic.Int64 // ListTournamentGames calls, and the tournaments they named
}

func (c *gameReads) ListTournamentGames(ctx context.Context, ids ...string) ([]store.TournamentGame, error) {
	c.calls.Add(1)
	c.tourneys.Add(int64(len(ids)))
	return c.Store.ListTournamentGames(ctx, ids...)
}

// endedStore is a SQLite store holding n finished round robins of 4 games each
// (fillEndedTournaments), counting its reads of results.
func endedStore(t *testing.T, n int) *gameReads {
	t.Helper()
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	fillEndedTournaments(t, st, n, 2)
	return &gameReads{Store: st}
}

// TestStartReadsNoEndedTournament: a referee starting on a store of ended tournaments reads none
// of their results; the first ListTournaments reads its page's results in one query, and later
// ones none; GetTournament reads the one asked for. Each is listed with its standings. Before, the
// start read the results of every tournament ever played, one query each (3 here; 2 000
// tournaments of 50 games took 0.9 s in SQLite, docs/BENCHMARKS.md).
func TestStartReadsNoEndedTournament(t *testing.T) {
	ctx := context.Background()
	st := endedStore(t, 3)
	r := newCore(t, Config{Store: st})
	if c, n := st.calls.Load(), st.tourneys.Load(); c != 0 || n != 0 {
		t.Fatalf("the start read the results of %d tournaments in %d queries; want none", n, c)
	}
	for round := range 2 {
		list, next, err := r.ListTournaments(ctx, store.TournamentFilter{}, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tn := range list {
			got = append(got, fmt.Sprintf("%s %s %d/%d", tn.ID, tn.State, tn.Standings.Played, tn.Standings.Scheduled))
		}
		want := "tn-0000000000000000 finished 4/4 tn-0000000000000001 finished 4/4 tn-0000000000000002 finished 4/4"
		if strings.Join(got, " ") != want || next != "" {
			t.Fatalf("round %d: listed %q, next %q; want %q, none", round, got, next, want)
		}
		if c, n := st.calls.Load(), st.tourneys.Load(); c != 1 || n != 3 {
			t.Fatalf("round %d: listing read the results of %d tournaments in %d queries; want 3 in 1", round, n, c)
		}
	}
	tn, err := r.GetTournament(ctx, "tn-0000000000000001")
	if err != nil {
		t.Fatal(err)
	}
	if len(tn.Results) != 4 || tn.Standings.Played != 4 || st.calls.Load() != 2 {
		t.Fatalf("GetTournament: %d results, %d played, %d queries in all; want 4, 4, 2", len(tn.Results), tn.Standings.Played, st.calls.Load())
	}
	if _, err := r.GetTournament(ctx, "tn-ffffffffffffffff"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetTournament of an unknown id: %v, want ErrNotFound", err)
	}
}

// TestListTournamentsPages: ListTournaments over gRPC gives pages of page_size, oldest first or
// newest first (newest_first), with a next_page_token until the last, keeps only the tournaments
// of state when it is set, and refuses a malformed page_token, one of the other order and an
// unknown state naming the field. Before, it listed every tournament in one answer, and then
// oldest first only.
func TestListTournamentsPages(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, endedStore(t, 5), nil)
	client := pb.NewTournamentServiceClient(r.cc)
	// One running tournament, created last: a lobby bot that never comes, with an hour's grace.
	running := awayTournament(t, ctx, client)
	pages := func(req *pb.ListTournamentsRequest) string {
		t.Helper()
		var out []string
		for {
			resp, err := client.ListTournaments(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, tn := range resp.GetTournaments() {
				id := strings.TrimPrefix(tn.GetTournamentId(), "tn-000000000000000")
				if tn.GetTournamentId() == running.GetTournamentId() {
					id = "new"
				}
				ids = append(ids, id+":"+strings.ToLower(strings.TrimPrefix(tn.GetState().String(), "TOURNAMENT_STATE_")))
			}
			out = append(out, fmt.Sprint(ids))
			if resp.GetNextPageToken() == "" {
				return strings.Join(out, " ")
			}
			req.PageToken = resp.GetNextPageToken()
		}
	}
	for _, c := range []struct {
		req  *pb.ListTournamentsRequest
		want string
	}{
		{&pb.ListTournamentsRequest{}, "[0:finished 1:finished 2:finished 3:finished 4:finished new:running]"},
		{&pb.ListTournamentsRequest{PageSize: 4}, "[0:finished 1:finished 2:finished 3:finished] [4:finished new:running]"},
		{&pb.ListTournamentsRequest{PageSize: 3}, "[0:finished 1:finished 2:finished] [3:finished 4:finished new:running]"},
		{&pb.ListTournamentsRequest{PageSize: 2, State: pb.TournamentState_TOURNAMENT_STATE_FINISHED}, "[0:finished 1:finished] [2:finished 3:finished] [4:finished]"},
		{&pb.ListTournamentsRequest{State: pb.TournamentState_TOURNAMENT_STATE_RUNNING}, "[new:running]"},
		{&pb.ListTournamentsRequest{State: pb.TournamentState_TOURNAMENT_STATE_CANCELLED}, "[]"},
		{&pb.ListTournamentsRequest{NewestFirst: true}, "[new:running 4:finished 3:finished 2:finished 1:finished 0:finished]"},
		{&pb.ListTournamentsRequest{NewestFirst: true, PageSize: 4}, "[new:running 4:finished 3:finished 2:finished] [1:finished 0:finished]"},
		{&pb.ListTournamentsRequest{NewestFirst: true, PageSize: 2, State: pb.TournamentState_TOURNAMENT_STATE_FINISHED},
			"[4:finished 3:finished] [2:finished 1:finished] [0:finished]"},
	} {
		if got := pages(c.req); got != c.want {
			t.Errorf("ListTournaments(%v): %s, want %s", c.req, got, c.want)
		}
	}
	for _, tok := range []string{"x", "eyJrIjoidGFibGVzIiwidCI6MCwiaSI6IiJ9"} { // not a token; one of ListTables
		_, err := client.ListTournaments(ctx, &pb.ListTournamentsRequest{PageToken: tok})
		wantCode(t, fmt.Sprintf("ListTournaments with page token %q", tok), err, codes.InvalidArgument, "page_token: malformed")
	}
	for _, newest := range []bool{false, true} { // a page token of one order in the other
		first, err := client.ListTournaments(ctx, &pb.ListTournamentsRequest{PageSize: 1, NewestFirst: newest})
		if err != nil {
			t.Fatal(err)
		}
		_, err = client.ListTournaments(ctx, &pb.ListTournamentsRequest{PageSize: 1, NewestFirst: !newest, PageToken: first.GetNextPageToken()})
		wantCode(t, fmt.Sprintf("ListTournaments(newest_first %v) with a page token of newest_first %v", !newest, newest), err, codes.InvalidArgument,
			"page_token: malformed, or of a listing in the other order (newest_first)")
	}
	_, err := client.ListTournaments(ctx, &pb.ListTournamentsRequest{State: 9})
	wantCode(t, "ListTournaments of state 9", err, codes.InvalidArgument, "state: unknown tournament state 9")
}

// fillEndedTournaments stores n finished round robins of two entrants with deals duplicate deal
// sets each (2*deals results, made up: the first side wins each game), through the store's API.
func fillEndedTournaments(t testing.TB, st store.Store, n, deals int) {
	t.Helper()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: deals, Duplicate: true, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		at = storetest.AddFinishedTournament(t, st, fmt.Sprintf("tn-%016x", i), spec, at)
	}
}

// TestListTournamentsWithoutPairs: a listing's standings have the entrants but not the
// head-to-head pairs, which GetTournament has. The web app's home page lists tournaments every
// two seconds, and a round robin of 447 entrants has 99 681 pairs: about 11 MB of JSON, and 0.16
// to 0.29 s to write as JSON, at every listing.
func TestListTournamentsWithoutPairs(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, endedStore(t, 1), nil)
	client := pb.NewTournamentServiceClient(r.cc)
	list, err := client.ListTournaments(ctx, &pb.ListTournamentsRequest{})
	if err != nil || len(list.GetTournaments()) != 1 {
		t.Fatalf("ListTournaments: %v, %v", list, err)
	}
	got, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: "tn-0000000000000000"})
	if err != nil {
		t.Fatal(err)
	}
	listed, full := list.GetTournaments()[0].GetStandings(), got.GetTournament().GetStandings()
	if len(listed.GetEntrants()) != 2 || len(listed.GetPairs()) != 0 || len(full.GetEntrants()) != 2 || len(full.GetPairs()) != 1 {
		t.Errorf("listed with %d entrants and %d pairs, got with %d and %d; want 2 and 0, 2 and 1",
			len(listed.GetEntrants()), len(listed.GetPairs()), len(full.GetEntrants()), len(full.GetPairs()))
	}
}

// TestOmitPairs: GetTournament and WatchTournament with omit_pairs answer the standings without
// their head-to-head pairs, and otherwise as without it.
func TestOmitPairs(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, endedStore(t, 1), nil)
	client := pb.NewTournamentServiceClient(r.cc)
	const id = "tn-0000000000000000"
	full, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
	if err != nil {
		t.Fatal(err)
	}
	omitted, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id, OmitPairs: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(full.GetTournament().GetStandings().GetPairs()); n != 1 {
		t.Fatalf("GetTournament without omit_pairs: %d pairs, want 1", n)
	}
	full.GetTournament().GetStandings().Pairs = nil
	if !proto.Equal(full, omitted) {
		t.Errorf("GetTournament with omit_pairs:\n%v\nwant, without the pairs:\n%v", omitted, full)
	}
	for _, omit := range []bool{false, true} {
		stream, err := client.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: id, OmitPairs: omit})
		if err != nil {
			t.Fatal(err)
		}
		m, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		want := 1
		if omit {
			want = 0
		}
		if n := len(m.GetStandings().GetPairs()); n != want || m.GetPairsChanged() || len(m.GetStandings().GetEntrants()) != 2 ||
			m.GetState() != pb.TournamentState_TOURNAMENT_STATE_FINISHED {
			t.Errorf("WatchTournament omit_pairs %v: %d pairs, pairs_changed %v, %d entrants, %v; want %d, false, 2, FINISHED",
				omit, n, m.GetPairsChanged(), len(m.GetStandings().GetEntrants()), m.GetState(), want)
		}
	}
}
