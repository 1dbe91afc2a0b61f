package service

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// testAdminKey is the configured admin key of the tests' referees.
const testAdminKey = "bzq_test-admin-key-0123456789abcdef"

// authReferee is a referee with authentication served as cmd/bezique-referee serves it (table,
// seat and key services, health, reflection, the metrics and auth interceptors) over bufconn.
type authReferee struct {
	srv    *Server
	cc     *grpc.ClientConn
	grpc   *grpc.Server
	dial   []grpc.DialOption
	tables pb.TableServiceClient
	keys   pb.KeyServiceClient
	reg    *prometheus.Registry
}

func startAuthReferee(t *testing.T, st store.Store, tweaks ...func(*Config)) *authReferee {
	t.Helper()
	r := startReferee(t, st, func(c *Config) {
		c.Auth = &Auth{AdminKey: testAdminKey}
		for _, tweak := range tweaks {
			tweak(c)
		}
	})
	return &authReferee{srv: r.srv, cc: r.cc, grpc: r.grpc, dial: r.dialOpt, tables: r.tables, keys: pb.NewKeyServiceClient(r.cc), reg: r.reg}
}

// as returns a context that sends key as the bearer key ("" sends none).
func as(key string) context.Context {
	if key == "" {
		return context.Background()
	}
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+key)
}

// newKey creates a key with the admin key and returns its id and secret.
func (r *authReferee) newKey(t *testing.T, name string, role pb.Role) (id, secret string) {
	t.Helper()
	resp, err := r.keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: name, Role: role, Owner: "tests"})
	if err != nil {
		t.Fatalf("CreateKey(%s): %v", name, err)
	}
	if !strings.HasPrefix(resp.GetSecret(), KeyPrefix) || len(resp.GetSecret()) != len(KeyPrefix)+43 {
		t.Fatalf("CreateKey secret %q: want %s and 43 base64url characters", resp.GetSecret(), KeyPrefix)
	}
	return resp.GetKey().GetKeyId(), resp.GetSecret()
}

func twoRemote(public bool) *pb.CreateTableRequest {
	return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Public: public}
}

// remoteVsRandom is a two-handed game to 1 point (one deal) between a remote seat 0 and the
// built-in random bot.
func remoteVsRandom() *pb.CreateTableRequest {
	return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Options: map[string]string{"target": "1"}}
}

// wantCode fails the test unless err has code (and, if given, a message containing text).
func wantCode(t *testing.T, what string, err error, code codes.Code, text string) {
	t.Helper()
	if status.Code(err) != code || !strings.Contains(status.Convert(err).Message(), text) {
		t.Errorf("%s: %v; want %s containing %q", what, err, code, text)
	}
}

// adminCodes are the codes an admin gets for each RPC called with an empty request: a role that
// the authorization table allows gets the same, any other role Unauthenticated (no key) or
// PermissionDenied. A new RPC needs a row here and in the authorization table.
var adminCodes = map[string]codes.Code{
	pb.TableService_CreateTable_FullMethodName:                       codes.InvalidArgument, // variant
	pb.TableService_GetTable_FullMethodName:                          codes.InvalidArgument, // table_id
	pb.TableService_ListTables_FullMethodName:                        codes.OK,
	pb.TableService_CancelTable_FullMethodName:                       codes.InvalidArgument,
	pb.TableService_WatchTable_FullMethodName:                        codes.InvalidArgument,
	pb.TableService_GetRecord_FullMethodName:                         codes.InvalidArgument,
	pb.TableService_GetReplay_FullMethodName:                         codes.InvalidArgument,
	pb.TableService_ListGames_FullMethodName:                         codes.OK,
	pb.TableService_GetRuleCatalog_FullMethodName:                    codes.OK,
	pb.SeatService_Connect_FullMethodName:                            codes.InvalidArgument, // the first message is not a join
	pb.SeatService_Play_FullMethodName:                               codes.InvalidArgument, // join
	pb.SeatService_Decide_FullMethodName:                             codes.InvalidArgument, // table_id
	pb.KeyService_CreateKey_FullMethodName:                           codes.InvalidArgument, // name
	pb.KeyService_ListKeys_FullMethodName:                            codes.OK,
	pb.KeyService_RevokeKey_FullMethodName:                           codes.InvalidArgument, // key_id
	pb.KeyService_ListAuditEvents_FullMethodName:                     codes.OK,
	pb.TournamentService_CreateTournament_FullMethodName:             codes.InvalidArgument, // spec
	pb.TournamentService_GetTournament_FullMethodName:                codes.InvalidArgument, // tournament_id
	pb.TournamentService_ListTournaments_FullMethodName:              codes.OK,
	pb.TournamentService_WatchTournament_FullMethodName:              codes.InvalidArgument, // tournament_id
	pb.TournamentService_CancelTournament_FullMethodName:             codes.InvalidArgument, // tournament_id
	pb.LobbyService_Serve_FullMethodName:                             codes.InvalidArgument, // capacity
	pb.LobbyService_ListBots_FullMethodName:                          codes.OK,
	pb.LobbyService_Challenge_FullMethodName:                         codes.InvalidArgument, // variant
	healthpb.Health_Check_FullMethodName:                             codes.OK,
	healthpb.Health_List_FullMethodName:                              codes.OK,
	healthpb.Health_Watch_FullMethodName:                             codes.OK,
	"/grpc.reflection.v1.ServerReflection/ServerReflectionInfo":      codes.InvalidArgument, // no message_request
	"/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo": codes.InvalidArgument,
}

// call calls a method with an empty request message as a unary call or a stream and returns the
// status code of the call (of the first message received, for a stream).
func call(ctx context.Context, cc *grpc.ClientConn, method string, info grpc.MethodInfo) codes.Code {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if !info.IsClientStream && !info.IsServerStream {
		return status.Code(cc.Invoke(ctx, method, &emptypb.Empty{}, &emptypb.Empty{}))
	}
	s, err := cc.NewStream(ctx, &grpc.StreamDesc{ServerStreams: info.IsServerStream, ClientStreams: info.IsClientStream}, method)
	if err != nil {
		return status.Code(err)
	}
	if err := s.SendMsg(&emptypb.Empty{}); err != nil && !errors.Is(err, io.EOF) {
		return status.Code(err)
	}
	_ = s.CloseSend()
	err = s.RecvMsg(&emptypb.Empty{})
	if errors.Is(err, io.EOF) {
		return codes.OK
	}
	return status.Code(err)
}

// TestAuthorizationCoversEveryRPC: every method the referee serves (from the registered service
// descriptors) has a row in the authorization table, and every role, and a caller without a key,
// gets the expected code from each: the admin's code where the table allows the role,
// Unauthenticated without a key, PermissionDenied naming the roles needed with a key of another
// role.
func TestAuthorizationCoversEveryRPC(t *testing.T) {
	r := startAuthReferee(t, nil)
	_, organiser := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	_, bot := r.newKey(t, "bot", pb.Role_ROLE_BOT)
	_, watcher := r.newKey(t, "site", pb.Role_ROLE_WATCHER)
	callers := []struct {
		role Role
		key  string
	}{{RoleAdmin, testAdminKey}, {RoleOrganiser, organiser}, {RoleBot, bot}, {RoleWatcher, watcher}, {RoleSpectator, ""}}
	served := map[string]bool{}
	for svc, si := range r.grpc.GetServiceInfo() {
		for _, m := range si.Methods {
			method := "/" + svc + "/" + m.Name
			served[method] = true
			roles, ok := authorization[method]
			if !ok {
				t.Errorf("%s has no row in the authorization table", method)
				continue
			}
			want, ok := adminCodes[method]
			if !ok {
				t.Errorf("%s has no row in adminCodes", method)
				continue
			}
			for _, c := range callers {
				allowed := false
				for _, role := range roles {
					allowed = allowed || role == c.role
				}
				code := want
				switch {
				case allowed:
				case c.key == "":
					code = codes.Unauthenticated
				default:
					code = codes.PermissionDenied
				}
				if got := call(as(c.key), r.cc, method, m); got != code {
					t.Errorf("%s as %s: %s, want %s", method, c.role, got, code)
				}
			}
		}
	}
	for method := range authorization {
		if !served[method] {
			t.Errorf("the authorization table has a row for %s, which the referee does not serve", method)
		}
	}
	_, err := r.keys.ListKeys(as(organiser), &pb.ListKeysRequest{})
	wantCode(t, "ListKeys as organiser", err, codes.PermissionDenied, "needs role admin; key k-")
	_, err = r.tables.CreateTable(as(bot), twoRemote(false))
	wantCode(t, "CreateTable as bot", err, codes.PermissionDenied, "needs role admin or organiser")
	_, err = r.tables.CreateTable(as(watcher), twoRemote(false))
	wantCode(t, "CreateTable as watcher", err, codes.PermissionDenied, "needs role admin or organiser; key k-")
	_, err = r.tables.ListTables(as(""), &pb.ListTablesRequest{})
	wantCode(t, "ListTables without a key", err, codes.Unauthenticated, "needs an API key")
	_, err = r.tables.ListTables(as("bzq_not-a-key"), &pb.ListTablesRequest{})
	wantCode(t, "ListTables with an unknown key", err, codes.Unauthenticated, "unknown API key")
	_, err = r.tables.ListTables(metadata.AppendToOutgoingContext(context.Background(), "authorization", "Basic "+organiser), &pb.ListTablesRequest{})
	wantCode(t, "ListTables with a Basic header", err, codes.Unauthenticated, "")
}

// TestCancelByNonCreatorRefused: an organiser cancels only the tables it created (PermissionDenied
// for another organiser's); an admin cancels any; TableInfo.creator names the creating key.
func TestCancelByNonCreatorRefused(t *testing.T) {
	r := startAuthReferee(t, nil)
	aliceID, alice := r.newKey(t, "alice", pb.Role_ROLE_ORGANISER)
	bobID, bob := r.newKey(t, "bob", pb.Role_ROLE_ORGANISER)
	resp, err := r.tables.CreateTable(as(alice), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	if got := resp.GetTable().GetCreator(); got != aliceID {
		t.Errorf("TableInfo.creator = %q, want %q", got, aliceID)
	}
	_, err = r.tables.CancelTable(as(bob), &pb.CancelTableRequest{TableId: id})
	// It said "(k-… is a organiser)".
	wantCode(t, "CancelTable by another organiser", err, codes.PermissionDenied,
		"table "+id+": only its creator or an admin may cancel it (key "+bobID+" has role organiser)")
	got, err := r.tables.CancelTable(as(alice), &pb.CancelTableRequest{TableId: id, Reason: "changed my mind"})
	if err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_CANCELLED {
		t.Fatalf("CancelTable by its creator: %v, %v; want CANCELLED", got, err)
	}
	other, err := r.tables.CreateTable(as(bob), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.tables.CancelTable(as(testAdminKey), &pb.CancelTableRequest{TableId: other.GetTableId()}); err != nil {
		t.Errorf("CancelTable by an admin: %v", err)
	}
}

// TestOnlyAdminChoosesDeals: an organiser who gives a seed or a stacked deal would know every
// hidden card: refused (PermissionDenied) for a table and for a tournament; an admin may, and the
// table announces it (DealingSource); an organiser's table without a seed is dealt at random.
func TestOnlyAdminChoosesDeals(t *testing.T) {
	r := startAuthReferee(t, nil)
	orgID, org := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	seeded := twoRemote(false)
	seeded.Seed = seed32(7)
	_, err := r.tables.CreateTable(as(org), seeded)
	wantCode(t, "CreateTable with a seed as organiser", err, codes.PermissionDenied,
		"only an admin may choose the seed or stack the deal of a table (key "+orgID+" has role organiser): whoever chooses them knows every hidden card")
	stacked := twoRemote(false)
	stacked.StackedDeal = &pb.StackedDeal{TurnUp: "7S"}
	_, err = r.tables.CreateTable(as(org), stacked)
	wantCode(t, "CreateTable with a stacked deal as organiser", err, codes.PermissionDenied, "only an admin may choose the seed or stack the deal")
	resp, err := r.tables.CreateTable(as(testAdminKey), seeded)
	if err != nil || resp.GetTable().GetDealingSource() != pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED {
		t.Fatalf("CreateTable with a seed as admin: %v, %v; want DEALING_SOURCE_CHOSEN_SEED", resp.GetTable().GetDealingSource(), err)
	}
	resp, err = r.tables.CreateTable(as(org), twoRemote(false))
	if err != nil || resp.GetTable().GetDealingSource() != pb.DealingSource_DEALING_SOURCE_RANDOM {
		t.Fatalf("CreateTable without a seed as organiser: %v, %v; want DEALING_SOURCE_RANDOM", resp.GetTable().GetDealingSource(), err)
	}
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 2, Duplicate: true,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "rulebook"}, {ID: "b", Bot: "random"}}}
	seed := engine.SeedFromUint64(7)
	_, err = r.srv.Referee.CreateTournament(withPrincipal(context.Background(), Principal{ID: "k-1", Role: RoleOrganiser}), spec, &seed)
	if !errors.Is(err, ErrPermission) {
		t.Fatalf("CreateTournament with a seed as organiser: %v; want ErrPermission", err)
	}
}

// TestAnonymousWatch: a caller without a key watches a public table, and is refused
// (Unauthenticated, as any call that needs a key and has none: it was PermissionDenied) a table
// that is not public; a bot key and a watcher key watch either.
func TestAnonymousWatch(t *testing.T) {
	r := startAuthReferee(t, nil)
	_, bot := r.newKey(t, "watcher", pb.Role_ROLE_BOT)
	_, watcher := r.newKey(t, "site", pb.Role_ROLE_WATCHER)
	first := func(ctx context.Context, id string) (*pb.WatchTableResponse, error) {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		s, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
		if err != nil {
			return nil, err
		}
		return s.Recv()
	}
	private, err := r.tables.CreateTable(as(testAdminKey), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	if private.GetTable().GetPublic() {
		t.Errorf("TableInfo.public = true for a table created without it")
	}
	_, err = first(as(""), private.GetTableId())
	wantCode(t, "anonymous WatchTable of a table that is not public", err, codes.Unauthenticated, "is not public")
	if ev, err := first(as(bot), private.GetTableId()); err != nil || ev.GetEvent().GetSeq() != 1 {
		t.Errorf("WatchTable with a bot key: %v, %v; want event 1", ev, err)
	}
	if ev, err := first(as(watcher), private.GetTableId()); err != nil || ev.GetEvent().GetSeq() != 1 {
		t.Errorf("WatchTable with a watcher key: %v, %v; want event 1", ev, err)
	}
	public, err := r.tables.CreateTable(as(testAdminKey), twoRemote(true))
	if err != nil {
		t.Fatal(err)
	}
	if ev, err := first(as(""), public.GetTableId()); err != nil || ev.GetEvent().GetSeq() != 1 {
		t.Errorf("anonymous WatchTable of a public table: %v, %v; want event 1", ev, err)
	}
	// The web pages read a table before watching it: GetTable and GetReplay follow WatchTable.
	_, err = r.tables.GetTable(as(""), &pb.GetTableRequest{TableId: private.GetTableId()})
	wantCode(t, "anonymous GetTable of a table that is not public", err, codes.Unauthenticated, "is not public: reading it needs an API key")
	_, err = r.tables.GetReplay(as(""), &pb.GetReplayRequest{TableId: private.GetTableId()})
	wantCode(t, "anonymous GetReplay of a table that is not public", err, codes.Unauthenticated, "is not public: reading it needs an API key")
	if got, err := r.tables.GetTable(as(""), &pb.GetTableRequest{TableId: public.GetTableId()}); err != nil || got.GetTable().GetTableId() != public.GetTableId() {
		t.Errorf("anonymous GetTable of a public table: %v, %v; want the table", got, err)
	}
	_, err = r.tables.GetReplay(as(""), &pb.GetReplayRequest{TableId: public.GetTableId()})
	wantCode(t, "anonymous GetReplay of a public table in play", err, codes.FailedPrecondition, "")
	if got, err := r.tables.GetTable(as(watcher), &pb.GetTableRequest{TableId: private.GetTableId()}); err != nil || got.GetTable().GetTableId() != private.GetTableId() {
		t.Errorf("GetTable of a table that is not public with a watcher key: %v, %v; want the table", got, err)
	}
}

// TestBoundSeat: a seat bound to a bot key is joined with that key and no token, and the record
// names the bot by the key's name, not by what the bot says, and by the key's id; another bot key is refused the seat,
// and so is its token without the key (it admitted the seat, and the record credited the key's
// bot with a game another client played: an outside attack trial), by Join and by Decide.
func TestBoundSeat(t *testing.T) {
	r := startAuthReferee(t, nil)
	alphaID, alpha := r.newKey(t, "alpha-bot", pb.Role_ROLE_BOT)
	betaID, beta := r.newKey(t, "beta-bot", pb.Role_ROLE_BOT)
	orgID, org := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	bound := func(keyID string) *pb.CreateTableRequest {
		return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(4), Seats: []*pb.SeatConfig{
			{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "alpha", BotKeyId: keyID}}}, builtinSeat("random")}}
	}
	_, err := r.tables.CreateTable(as(testAdminKey), bound(orgID))
	wantCode(t, "CreateTable bound to an organiser key", err, codes.InvalidArgument, "seats[0].remote.bot_key_id")
	_, err = r.tables.CreateTable(as(testAdminKey), bound("k-0000000000000000"))
	wantCode(t, "CreateTable bound to an unknown key", err, codes.InvalidArgument, "seats[0].remote.bot_key_id: no API key")
	// An organiser is not told which (it learnt any key's role and whether it was revoked, which
	// only an admin may list: an integrator's trial).
	for _, id := range []string{orgID, "k-0000000000000000"} {
		req := bound(id)
		req.Seed = nil // an admin's only
		_, err = r.tables.CreateTable(as(org), req)
		want := "seats[0].remote.bot_key_id: key " + id + " is not a bot key of this referee that may play (unknown, revoked, or of another role)"
		if status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != want {
			t.Errorf("an organiser's CreateTable bound to %s: %v; want InvalidArgument %q", id, err, want)
		}
	}

	resp, err := r.tables.CreateTable(as(testAdminKey), bound(alphaID))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cfg := botsdk.Config{Server: "passthrough:///bufnet", TableID: resp.GetTableId(), Seat: 0, BotName: "i-am-someone-else",
		DialOptions: r.dial, MaxBackoff: 100 * time.Millisecond, Key: beta}
	_, err = botsdk.Play(ctx, cfg, botsdk.NewRandom(1))
	wantCode(t, "Join of a bound seat with another bot's key", errors.Unwrap(err), codes.PermissionDenied,
		"authorization: seat 0 is bound to a bot key other than this call's (key "+betaID+"): play it with the key it is bound to (Join, Decide)")
	cfg.Key = alpha
	if _, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1)); err != nil {
		t.Fatalf("Play with the bound key: %v", err)
	}
	rec, err := r.tables.GetRecord(as(testAdminKey), &pb.GetRecordRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.GetRecord().GetSeats()[0]; got.GetBotName() != "alpha-bot" || got.GetBotKeyId() != alphaID {
		t.Errorf("record seat 0 bot_name %q, bot_key_id %q; want the key's name %q and id %q", got.GetBotName(), got.GetBotKeyId(), "alpha-bot", alphaID)
	}
	// The key's id tells this alpha-bot from another key's of that name (a competition host's
	// trial: a key revoked and another made with its name, and the records could not tell them
	// apart); the unbound seat has none.
	info, err := r.tables.GetTable(as(testAdminKey), &pb.GetTableRequest{TableId: resp.GetTableId()})
	if seats := info.GetTable().GetSeats(); err != nil || seats[0].GetBotKeyId() != alphaID || seats[1].GetBotKeyId() != "" {
		t.Errorf("GetTable: %v, seats %v; want seat 0 bound to %s and seat 1 to none", err, seats, alphaID)
	}
	games, err := r.tables.ListGames(as(testAdminKey), &pb.ListGamesRequest{BotName: "alpha-bot"})
	if err != nil || len(games.GetGames()) != 1 {
		t.Errorf("ListGames(bot_name alpha-bot) = %v, %v; want the game", games, err)
	}

	// The seat's token, without the key, is refused: by Join, with or without another key, and by a
	// unary Decide.
	resp, err = r.tables.CreateTable(as(testAdminKey), bound(alphaID))
	if err != nil {
		t.Fatal(err)
	}
	refused := "join.token: seat 0 is bound to a bot key: play it with that key (authorization: Bearer <key>, on Join and Decide); the seat's token alone does not admit it, since the record names the key's bot"
	for key, want := range map[string]string{"": refused,
		beta: "authorization: seat 0 is bound to a bot key other than this call's (key " + betaID + "): play it with the key it is bound to (Join, Decide)"} {
		cfg = botsdk.Config{Server: "passthrough:///bufnet", TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: "liar",
			DialOptions: r.dial, MaxBackoff: 100 * time.Millisecond, Key: key}
		_, err = botsdk.Play(ctx, cfg, botsdk.NewRandom(2))
		wantCode(t, "Join of a bound seat with its token, key "+key, errors.Unwrap(err), codes.PermissionDenied, want)
	}
	_, err = pb.NewSeatServiceClient(r.cc).Decide(as(""), &pb.DecideRequest{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0),
		Decide: &pb.Decide{RequestId: 1, Choice: &pb.Decide_ActionId{ActionId: 1}}})
	wantCode(t, "Decide of a bound seat with its token", err, codes.PermissionDenied, strings.Replace(refused, "join.token", "token", 1))
}

// TestRevokedKeyRefused: a key works until it is revoked, then every call with it is
// Unauthenticated; revoking twice is AlreadyExists, an unknown key NotFound.
func TestRevokedKeyRefused(t *testing.T) {
	r := startAuthReferee(t, nil)
	id, key := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	if _, err := r.tables.ListTables(as(key), &pb.ListTablesRequest{}); err != nil {
		t.Fatalf("ListTables before revocation: %v", err)
	}
	got, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: id})
	if err != nil || got.GetKey().GetRevokeTime() == nil {
		t.Fatalf("RevokeKey: %v, %v", got, err)
	}
	_, err = r.tables.ListTables(as(key), &pb.ListTablesRequest{})
	wantCode(t, "ListTables with a revoked key", err, codes.Unauthenticated, "API key "+id+" was revoked at ")
	_, err = r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: id})
	wantMessage(t, "RevokeKey again", err, codes.AlreadyExists, fmt.Sprintf("key %q was already revoked, at %s", id, got.GetKey().GetRevokeTime().AsTime().UTC().Format(time.RFC3339)))
	_, err = r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: "k-nope"})
	wantCode(t, "RevokeKey unknown", err, codes.NotFound, `key "k-nope" not found (bezique keys list shows the keys)`)
	list, err := r.keys.ListKeys(as(testAdminKey), &pb.ListKeysRequest{})
	if err != nil || len(list.GetKeys()) != 1 || list.GetKeys()[0].GetKeyId() != id || list.GetKeys()[0].GetRevokeTime() == nil ||
		list.GetKeys()[0].GetRole() != pb.Role_ROLE_ORGANISER || list.GetKeys()[0].GetCreator() != "admin" {
		t.Errorf("ListKeys = %v, %v; want the revoked organiser key created by admin", list, err)
	}
}

// TestKeysStoredHashed: the SQLite row of a key holds the SHA-256 of its secret and nowhere the
// secret itself.
func TestKeysStoredHashed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys.db")
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := startAuthReferee(t, st)
	id, secret := r.newKey(t, "hashed", pb.Role_ROLE_BOT)

	db, err := sql.Open("sqlite", "file:"+path+"?_query_only=1")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT * FROM api_keys")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	n := 0
	for rows.Next() {
		n++
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			var b []byte
			switch v := v.(type) {
			case []byte:
				b = v
			case string:
				b = []byte(v)
			}
			if bytes.Contains(b, []byte(secret)) || bytes.Contains(b, []byte(strings.TrimPrefix(secret, KeyPrefix))) {
				t.Errorf("column %s of the key's row holds the secret", cols[i])
			}
			if cols[i] == "hash" {
				if want := sha256.Sum256([]byte(secret)); !bytes.Equal(b, want[:]) {
					t.Errorf("hash column = %x, want SHA-256 of the secret %x", b, want)
				}
			}
			if cols[i] == "id" && v != id {
				t.Errorf("id column = %v, want %s", v, id)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d rows in api_keys, want 1", n)
	}
}

// TestAuditTrail: table created and cancelled, key created and revoked are listed most recent
// first, each with the principal that acted; a table dealt from a seed its creator chose says so
// (the one creation that lets its creator know every hidden card said "table created" alone: an
// attack trial).
func TestAuditTrail(t *testing.T) {
	r := startAuthReferee(t, nil)
	orgID, org := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	resp, err := r.tables.CreateTable(as(org), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	seeded := twoRemote(false)
	seeded.Seed = make([]byte, 32)
	chosen, err := r.tables.CreateTable(as(testAdminKey), seeded)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.tables.CancelTable(as(testAdminKey), &pb.CancelTableRequest{TableId: resp.GetTableId(), Reason: "test"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: orgID}); err != nil {
		t.Fatal(err)
	}
	got, err := r.keys.ListAuditEvents(as(testAdminKey), &pb.ListAuditEventsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		principal string
		action    pb.AuditAction
		target    string
		detail    string
	}
	want := []row{
		{"admin", pb.AuditAction_AUDIT_ACTION_KEY_REVOKED, orgID, ""},
		{"admin", pb.AuditAction_AUDIT_ACTION_TABLE_CANCELLED, resp.GetTableId(), "test"},
		{"admin", pb.AuditAction_AUDIT_ACTION_TABLE_CREATED, chosen.GetTableId(), "chosen seed: its creator can know every hand"},
		{orgID, pb.AuditAction_AUDIT_ACTION_TABLE_CREATED, resp.GetTableId(), ""},
		{"admin", pb.AuditAction_AUDIT_ACTION_KEY_CREATED, orgID, `organiser key "org"`},
	}
	var rows []row
	for _, e := range got.GetEvents() {
		rows = append(rows, row{e.GetPrincipal(), e.GetAction(), e.GetTarget(), e.GetDetail()})
	}
	if len(rows) != len(want) {
		t.Fatalf("ListAuditEvents = %v, want %v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("event %d = %v, want %v", i, rows[i], want[i])
		}
	}
	_, err = r.keys.ListAuditEvents(as(testAdminKey), &pb.ListAuditEventsRequest{PageToken: "garbage"})
	wantCode(t, "ListAuditEvents with a bad token", err, codes.InvalidArgument, "page_token: malformed")
}

// TestOpenMode: without Config.Auth every caller is Local (an admin): tables are created and
// cancelled without a key, and no key can be created.
func TestOpenMode(t *testing.T) {
	r := startReferee(t, nil, nil)
	resp, err := r.tables.CreateTable(context.Background(), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.GetTable().GetCreator(); got != "local" {
		t.Errorf("creator in open mode = %q, want local", got)
	}
	if _, err := r.tables.CancelTable(context.Background(), &pb.CancelTableRequest{TableId: resp.GetTableId()}); err != nil {
		t.Errorf("CancelTable in open mode: %v", err)
	}
	_, err = pb.NewKeyServiceClient(r.cc).CreateKey(context.Background(), &pb.CreateKeyRequest{Name: "x", Role: pb.Role_ROLE_BOT})
	wantCode(t, "CreateKey in open mode", err, codes.FailedPrecondition, "authentication is off")
	if _, err := New(context.Background(), Config{Auth: &Auth{AdminKey: "short"}}); err == nil || !strings.Contains(err.Error(), "at least 24") {
		t.Errorf("New with a 5-byte admin key: %v, want an error naming the minimum", err)
	}
}

// TestMalformedAuthorizationSaysTheForm is the regression test of an authorization header that
// is not "Bearer <key>" (the key alone, as an integrator sends it first; another scheme) refused
// with grpc-middleware's "Bad authorization string" or "Request unauthenticated with bearer",
// which named neither the header nor the form wanted. The refusal says both, and never echoes
// what was sent (it may be a key).
func TestMalformedAuthorizationSaysTheForm(t *testing.T) {
	r := startAuthReferee(t, nil)
	_, organiser := r.newKey(t, "league", pb.Role_ROLE_ORGANISER)
	want := `authorization header: want "Bearer <API key>" (docs/SECURITY.md)`
	for _, header := range []string{organiser, "Basic " + organiser, "Bearer", "Bearer   "} {
		ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", header)
		_, err := r.tables.ListTables(ctx, &pb.ListTablesRequest{})
		if status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != want {
			t.Errorf("ListTables with authorization %.12q…: %v, want Unauthenticated %q", header, err, want)
		}
	}
	// One space or more between the scheme and the key (two read as an unknown key: an
	// integrator's trial).
	ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer  "+organiser)
	if _, err := r.tables.ListTables(ctx, &pb.ListTablesRequest{}); err != nil {
		t.Errorf("ListTables with two spaces after Bearer: %v", err)
	}
}

// TestRevokedKeyEndsStreams: revoking a key ends its open streams with UNAUTHENTICATED, at once
// when revoked through this referee, within RevocationSweep when revoked by another referee
// sharing the store (here: in the store directly). A revoked bot key's lobby Serve stream stayed
// in the lobby and a revoked admin key's WatchTournament kept delivering (an attack).
func TestRevokedKeyEndsStreams(t *testing.T) {
	r := startAuthReferee(t, nil)
	lobby := pb.NewLobbyServiceClient(r.cc)
	serve := func(key, name string) pb.LobbyService_ServeClient {
		t.Helper()
		s, err := lobby.Serve(as(key), &pb.ServeRequest{Capacity: 1})
		if err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if bots := r.srv.Referee.ListBots(); slices.ContainsFunc(bots, func(b *pb.LobbyBot) bool { return b.GetName() == name }) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s never entered the lobby", name)
			}
		}
	}
	ended := func(what string, s pb.LobbyService_ServeClient, id string, within time.Duration) {
		t.Helper()
		start := time.Now()
		for {
			_, err := s.Recv()
			if err == nil {
				continue // a ping
			}
			wantCode(t, what, err, codes.Unauthenticated, "API key "+id+" was revoked at ")
			if !strings.HasSuffix(status.Convert(err).Message(), ": its stream ends") || time.Since(start) > within {
				t.Errorf("%s: %v after %v", what, err, time.Since(start))
			}
			return
		}
	}
	id, key := r.newKey(t, "revoked-here", pb.Role_ROLE_BOT)
	s := serve(key, "revoked-here")
	if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: id}); err != nil {
		t.Fatal(err)
	}
	ended("Serve of a key revoked here", s, id, 2*time.Second)

	id, key = r.newKey(t, "revoked-elsewhere", pb.Role_ROLE_BOT)
	s = serve(key, "revoked-elsewhere")
	if _, err := r.srv.store.RevokeKey(context.Background(), id, time.Now()); err != nil {
		t.Fatal(err)
	}
	ended("Serve of a key revoked elsewhere", s, id, RevocationSweep+2*time.Second)
	if bots := r.srv.Referee.ListBots(); len(bots) != 0 {
		t.Errorf("lobby after the revocations: %v", bots)
	}
}

// TestRevokedKeysForgotten: the referee's set of keys revoked through it keeps each for
// revokedMemory only, so that it does not grow for as long as the referee runs (one entry at
// every revocation before: a platform revoking a key per player session grew it without bound).
func TestRevokedKeysForgotten(t *testing.T) {
	r := startAuthReferee(t, nil)
	var ids []string
	for i := range 3 {
		id, _ := r.newKey(t, fmt.Sprintf("session-%d", i), pb.Role_ROLE_BOT)
		if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: id}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	ks := &r.srv.keyStreams
	ks.mu.Lock()
	if len(ks.revoked) != 3 {
		t.Errorf("keys remembered as revoked after 3 revocations: %d, want 3", len(ks.revoked))
	}
	for id, rv := range ks.revoked { // as if revoked revokedMemory ago
		ks.revoked[id] = revocation{err: rv.err, at: rv.at.Add(-revokedMemory)}
	}
	ks.mu.Unlock()
	id, _ := r.newKey(t, "session-3", pb.Role_ROLE_BOT)
	if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: id}); err != nil {
		t.Fatal(err)
	}
	ks.mu.Lock()
	got := slices.Collect(maps.Keys(ks.revoked))
	ks.mu.Unlock()
	if !slices.Equal(got, []string{id}) {
		t.Errorf("keys remembered as revoked after a revocation %v later: %q, want only the last, %q (the others: %q)", revokedMemory, got, id, ids)
	}
}

// TestTwoAuthorizationHeadersRefused: a call with two authorization headers is refused, whatever
// their order; the first was taken silently, so a watcher's key then an admin's was refused and
// the reverse order let in (an outside trial).
func TestTwoAuthorizationHeadersRefused(t *testing.T) {
	r := startAuthReferee(t, nil)
	_, watcher := r.newKey(t, "eyes", pb.Role_ROLE_WATCHER)
	want := "authorization header: 2 given; send one (docs/SECURITY.md)"
	for _, keys := range [][2]string{{watcher, testAdminKey}, {testAdminKey, watcher}} {
		ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+keys[0], "authorization", "Bearer "+keys[1])
		_, err := r.tables.ListTables(ctx, &pb.ListTablesRequest{})
		if status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != want {
			t.Errorf("ListTables with two authorization headers: %v, want Unauthenticated %q", err, want)
		}
	}
}

// TestJoinUnderABotKeysName: a seat's token does not admit a client that names its bot as a
// registered bot key does (in any case, or in look-alike letters): the record and ListGames
// credited the key's bot with a game another client played (an outside attack trial). The key
// itself joins under its name, a revoked key's name is free, and other names are taken as given.
func TestJoinUnderABotKeysName(t *testing.T) {
	r := startAuthReferee(t, nil)
	alphaID, alpha := r.newKey(t, "alpha", pb.Role_ROLE_BOT)
	_, beta := r.newKey(t, "beta", pb.Role_ROLE_BOT)
	r.newKey(t, "league-ops", pb.Role_ROLE_ORGANISER) // not a bot's name: free for a bot
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	play := func(botName, key string) error {
		t.Helper()
		resp, err := r.tables.CreateTable(as(testAdminKey), remoteVsRandom())
		if err != nil {
			t.Fatal(err)
		}
		cfg := botsdk.Config{Server: "passthrough:///bufnet", TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: botName,
			DialOptions: r.dial, MaxBackoff: 100 * time.Millisecond, Key: key}
		_, err = botsdk.Play(ctx, cfg, botsdk.NewRandom(1))
		return errors.Unwrap(err)
	}
	for _, c := range []struct{ name, key string }{{"alpha", ""}, {"Alpha", ""}, {"\u0430lpha", ""}, {"alpha", beta}} {
		wantCode(t, fmt.Sprintf("Join as %q with key %q", c.name, c.key), play(c.name, c.key), codes.PermissionDenied,
			fmt.Sprintf("join.bot_name: %q is a registered bot's name, or looks like it (docs/SECURITY.md): only that bot's key plays under it (authorization: Bearer <key>); join with it, or under another name", c.name))
	}
	for _, c := range []struct{ name, key string }{{"alpha", alpha}, {"gamma", ""}, {"league-ops", ""}} {
		if err := play(c.name, c.key); err != nil {
			t.Errorf("Join as %q with key %q: %v", c.name, c.key, err)
		}
	}
	if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: alphaID}); err != nil {
		t.Fatal(err)
	}
	if err := play("alpha", ""); err != nil {
		t.Errorf("Join as alpha once its key is revoked: %v", err)
	}
}

// TestSeatTokenAsKey: a seat's token sent as the bearer key is refused saying what it is and where
// it goes, without a lookup, and does not count against the address's refused keys: a browser
// client that sent its token as a key read "unknown API key", and after 20 calls a new, valid key
// from its address (everyone's behind its NAT) was refused for 30 s (a platform's trial).
func TestSeatTokenAsKey(t *testing.T) {
	r := startAuthReferee(t, nil)
	_, organiser := r.newKey(t, "platform", pb.Role_ROLE_ORGANISER)
	resp, err := r.tables.CreateTable(as(organiser), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	token := resp.GetSeatTokens()[0].GetToken()
	want := "authorization header: this is a seat's token (32 hex digits), not an API key (bzq_…): a seat's token goes in Join.token or DecideRequest.token; " +
		"send no authorization header without an API key (docs/SECURITY.md)"
	for i := range RefusedKeysPerAddr + 5 {
		_, err := r.tables.GetTable(as(token), &pb.GetTableRequest{TableId: resp.GetTableId()})
		if status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != want {
			t.Fatalf("call %d with the seat's token as the key: %v; want Unauthenticated %q", i+1, err, want)
		}
	}
	_, watcher := r.newKey(t, "site", pb.Role_ROLE_WATCHER)
	if _, err := r.tables.GetTable(as(watcher), &pb.GetTableRequest{TableId: resp.GetTableId()}); err != nil {
		t.Errorf("a new key after the seat's token as a key %d times: %v", RefusedKeysPerAddr+5, err)
	}
}
