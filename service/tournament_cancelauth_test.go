package service

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
)

// TestCancelTournamentCreatorOrAdmin: with keys on, only the organiser that created a tournament
// or an admin cancels it; another organiser is refused PermissionDenied naming its key, and the
// tournament goes on. Before, any organiser cancelled any tournament and revealed its seed (an
// outside trial).
func TestCancelTournamentCreatorOrAdmin(t *testing.T) {
	r := startAuthReferee(t, nil)
	_, orgA := r.newKey(t, "org-a", pb.Role_ROLE_ORGANISER)
	orgBID, orgB := r.newKey(t, "org-b", pb.Role_ROLE_ORGANISER)
	client := pb.NewTournamentServiceClient(r.cc)
	create := func() string {
		t.Helper()
		created, err := client.CreateTournament(as(orgA), &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
			Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1000, Concurrency: 1, Entrants: []*pb.Entrant{
				{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
				{Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
		if err != nil {
			t.Fatal(err)
		}
		return created.GetTournament().GetTournamentId()
	}
	id := create()
	_, err := client.CancelTournament(as(orgB), &pb.CancelTournamentRequest{TournamentId: id, Reason: "sabotage"})
	want := "tournament " + id + ": only its creator or an admin may cancel it (key " + orgBID + " has role organiser)"
	if st := status.Convert(err); st.Code() != codes.PermissionDenied || st.Message() != want {
		t.Fatalf("another organiser's cancel: %v; want PermissionDenied %q", err, want)
	}
	if got, err := client.GetTournament(as(orgA), &pb.GetTournamentRequest{TournamentId: id}); err != nil ||
		got.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING {
		t.Fatalf("after the refused cancel: %v, %v; want it running", got.GetTournament().GetState(), err)
	}
	for _, key := range []string{orgA, testAdminKey} {
		if key == testAdminKey {
			id = create()
		}
		got, err := client.CancelTournament(as(key), &pb.CancelTournamentRequest{TournamentId: id})
		if err != nil || got.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_CANCELLED {
			t.Fatalf("cancel by the creator or an admin: %v, %v; want it cancelled", got.GetTournament().GetState(), err)
		}
	}
}

// TestScheduledGamesPerPrincipal: an organiser's running tournaments schedule at most
// --max-scheduled-games-per-principal games in all (1 500 here): a second tournament of 1 000
// games is refused ResourceExhausted, with the counts and the flag, and admitted once the first
// is cancelled; an admin is not counted. An organiser's five tournaments of 1 000 000 games took
// 265 MB, loaded again at every restart (an outside trial).
func TestScheduledGamesPerPrincipal(t *testing.T) {
	r := startAuthReferee(t, nil, func(c *Config) { c.MaxScheduledGamesPerPrincipal = 1500 })
	orgID, org := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	client := pb.NewTournamentServiceClient(r.cc)
	create := func(key string) (string, error) {
		created, err := client.CreateTournament(as(key), &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
			Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1000, Concurrency: 1, Entrants: []*pb.Entrant{
				{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
				{Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
		if err == nil && created.GetTournament().GetStandings().GetScheduled() != 1000 {
			t.Fatalf("scheduled %d games, want 1000", created.GetTournament().GetStandings().GetScheduled())
		}
		return created.GetTournament().GetTournamentId(), err
	}
	first, err := create(org)
	if err != nil {
		t.Fatal(err)
	}
	_, err = create(org)
	want := "quota exceeded for key:" + orgID + ": games scheduled by the running tournaments of one principal: 1000, and 1000 more asked; " +
		"at most 1500 (--max-scheduled-games-per-principal): cancel one, or wait for one to end"
	if st := status.Convert(err); st.Code() != codes.ResourceExhausted || st.Message() != want {
		t.Fatalf("the second tournament: %v; want ResourceExhausted %q", err, want)
	}
	if _, err := create(testAdminKey); err != nil {
		t.Fatalf("an admin's tournament: %v", err)
	}
	if _, err := client.CancelTournament(as(org), &pb.CancelTournamentRequest{TournamentId: first}); err != nil {
		t.Fatal(err)
	}
	if _, err := create(org); err != nil {
		t.Fatalf("after the first was cancelled: %v", err)
	}
}

// TestScheduledGamesPerPrincipalAtOnce: eight tournaments of 1 000 games created at once by one
// organiser, at --max-scheduled-games-per-principal 1 500: one is created and seven are refused
// ResourceExhausted. The check read the running tournaments apart from the write, and creations
// made at once all passed it.
func TestScheduledGamesPerPrincipalAtOnce(t *testing.T) {
	r := startAuthReferee(t, nil, func(c *Config) { quiet(c); c.MaxScheduledGamesPerPrincipal = 1500 })
	_, org := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	client := pb.NewTournamentServiceClient(r.cc)
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, err := client.CreateTournament(as(org), &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
				Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1000, Concurrency: 1, Entrants: []*pb.Entrant{
					{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
					{Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
			errs <- err
		}()
	}
	created, refused := 0, 0
	for range 8 {
		switch err := <-errs; status.Code(err) {
		case codes.OK:
			created++
		case codes.ResourceExhausted:
			refused++
		default:
			t.Errorf("CreateTournament: %v; want it created or ResourceExhausted", err)
		}
	}
	if created != 1 || refused != 7 {
		t.Errorf("%d tournaments created and %d refused of 8 made at once; want 1 and 7", created, refused)
	}
}

// TestWatchTournamentCountsAsWatcher: a principal's WatchTournament streams count with its table
// watches at --max-watchers-per-principal (1 here): a second is refused with the quota's message,
// and one is admitted again once the first ends. 100 streams of one watcher key were all held (an
// outside trial).
func TestWatchTournamentCountsAsWatcher(t *testing.T) {
	r := startAuthReferee(t, nil, func(c *Config) { quiet(c); c.MaxWatchersPerPrincipal = 1 })
	idW, keyW := r.newKey(t, "site", pb.Role_ROLE_WATCHER)
	client := pb.NewTournamentServiceClient(r.cc)
	created, err := client.CreateTournament(as(testAdminKey), &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
		Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1000, Concurrency: 1, Entrants: []*pb.Entrant{
			{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
			{Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	watch := func(ctx context.Context) error {
		stream, err := client.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: created.GetTournament().GetTournamentId()})
		if err == nil {
			_, err = stream.Recv()
		}
		return err
	}
	wantWatchesCounted(t, r, idW, keyW, watch)
}

// TestTournamentLifeLogged: the referee logs a tournament's creation and its end, finished or
// cancelled, one line each at info level; its log said nothing of either (only "resuming
// tournament" after a restart), and the organiser trial had to ask the audit trail.
func TestTournamentLifeLogged(t *testing.T) {
	logs := &logRecords{}
	r := newCore(t, Config{Logger: slog.New(logs)})
	ctx := context.Background()
	spec := func(deals int) tournament.Spec {
		return tournament.Spec{Variant: engine.TwoHanded, Deals: deals, Options: map[string]string{"target": "100"},
			Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}
	}
	short, err := r.CreateTournament(ctx, spec(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	long, err := r.CreateTournament(ctx, spec(1000), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WatchTournament(ctx, short.ID, func(TournamentUpdate) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := r.CancelTournament(ctx, long.ID, "enough"); err != nil {
		t.Fatal(err)
	}
	// The end is logged after the watchers are woken.
	eventually(t, "the finished line", func() bool { return logs.count(slog.Record{Level: slog.LevelInfo, Message: "tournament finished"}) > 0 })
	for msg, want := range map[string]int{"tournament created": 2, "tournament finished": 1, "tournament cancelled": 1} {
		if n := logs.count(slog.Record{Level: slog.LevelInfo, Message: msg}); n != want {
			t.Errorf("%q: %d lines, want %d", msg, n, want)
		}
	}
}

// TestCancelTournamentCreatedBeforeCreators: a tournament stored before migration 00012 recorded
// its creator (an empty one) is cancelled by an admin alone, and the organiser that created it is told
// why: it was told that only its creator could cancel it, which it was (an upgrade trial).
func TestCancelTournamentCreatedBeforeCreators(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r1 := startAuthReferee(t, st)
	orgID, org := r1.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	created, err := pb.NewTournamentServiceClient(r1.cc).CreateTournament(as(org), &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
		Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1000, Concurrency: 1, Entrants: []*pb.Entrant{
			{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
			{Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetTournament().GetTournamentId()
	r1.grpc.Stop()
	r1.srv.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := rawSQL(t, path).Exec("UPDATE tournaments SET creator = '' WHERE id = ?", id); err != nil {
		t.Fatal(err)
	}
	r2 := startAuthReferee(t, openSQLite(t, path))
	client := pb.NewTournamentServiceClient(r2.cc)
	_, err = client.CancelTournament(as(org), &pb.CancelTournamentRequest{TournamentId: id})
	want := "tournament " + id + " was created before the referee recorded who creates a tournament (a build before 2026-12-05): " +
		"only an admin may cancel it (key " + orgID + " has role organiser)"
	if st := status.Convert(err); st.Code() != codes.PermissionDenied || st.Message() != want {
		t.Fatalf("its organiser's cancel: %v; want PermissionDenied %q", err, want)
	}
	got, err := client.CancelTournament(as(testAdminKey), &pb.CancelTournamentRequest{TournamentId: id})
	if err != nil || got.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_CANCELLED {
		t.Fatalf("an admin's cancel: %v, %v; want it cancelled", got.GetTournament().GetState(), err)
	}
}
