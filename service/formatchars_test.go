package service

import (
	"context"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// formatRefusal is checkText's refusal of a format character or separator, after "field: U+… at
// byte N".
const formatRefusal = " is not allowed (a format character or separator that reorders or hides text)"

// TestNamesRefuseFormatCharacters is the regression test of names holding characters that reorder
// or hide text (a security trial): a seat named "a\u202egnp.exe", which terminals and pages show as
// "aexe.png", and a bot key named "alpha\u200b", shown as "alpha", were accepted. Every way a name
// comes in (CreateKey's name and owner, a remote seat's name, a lobby bot's, Join.bot_name, a
// tournament's name and entrant ids) refuses Unicode format characters (Cf: bidi controls,
// zero-width characters) and the line and paragraph separators with InvalidArgument naming the
// field and the code point.
func TestNamesRefuseFormatCharacters(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, nil)
	seat := func(name string) *pb.CreateTableRequest {
		return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
			{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: name}}}, builtinSeat("random")}}
	}
	for _, c := range []struct {
		name, want string
	}{
		{"a\u202egnp.exe", "seats[0].remote.name: U+202E at byte 1"},
		{"\u2066x\u2069", "seats[0].remote.name: U+2066 at byte 0"},
		{"ab\u200f", "seats[0].remote.name: U+200F at byte 2"},
		{"a\u2028b", "seats[0].remote.name: U+2028 at byte 1"},
		{"a\u2029b", "seats[0].remote.name: U+2029 at byte 1"},
		{"\ufeffbeta", "seats[0].remote.name: U+FEFF at byte 0"},
	} {
		_, err := r.tables.CreateTable(ctx, seat(c.name))
		wantMessage(t, fmt.Sprintf("CreateTable %q", c.name), err, codes.InvalidArgument, c.want+formatRefusal)
	}
	// Joiners between two characters beyond ASCII show (a Persian name's ZWNJ, an emoji sequence's
	// ZWJ), and are allowed there in free text; after ASCII or at an end they hide ("beta\u200d",
	// below). A name takes the ZWNJ where RFC 8266 does (between joining letters), not an emoji's ZWJ.
	for _, name := range []string{"Zoë é 名前 عربي", "می\u200cخواهم"} {
		if _, err := r.tables.CreateTable(ctx, seat(name)); err != nil {
			t.Errorf("CreateTable with %q: %v", name, err)
		}
	}
	if err := checkText("reason", "done 👩\u200d💻", MaxReasonBytes); err != nil {
		t.Errorf("a reason with an emoji sequence: %v", err)
	}
	// What RFC 8266 refuses in a nickname, or writes otherwise: invisible characters that are not
	// format characters, private use, and names not in their normal form, which showed as
	// "alpha" in listings and were accepted as a second key's name (the re-attack).
	for _, c := range []struct{ name, want string }{
		{"👩\u200d💻", "seats[0].remote.name: U+200D at byte 4 is not allowed in a name (invisible, private use or unassigned: RFC 8266)"},
		{"alpha\ufe0f", "seats[0].remote.name: U+FE0F at byte 5 is not allowed in a name (invisible, private use or unassigned: RFC 8266)"},
		{"alpha\u034f", "seats[0].remote.name: U+034F at byte 5 is not allowed in a name (invisible, private use or unassigned: RFC 8266)"},
		{"alpha\u3164", "seats[0].remote.name: U+3164 at byte 5 is not allowed in a name (invisible, private use or unassigned: RFC 8266)"},
		{"alpha\ue000", "seats[0].remote.name: U+E000 at byte 5 is not allowed in a name (invisible, private use or unassigned: RFC 8266)"},
		{"alpha\u00a0", `seats[0].remote.name: "alpha\u00a0" is written "alpha" in its normal form (RFC 8266: spaces trimmed and single, compatibility characters folded); send that`},
		{" alpha", `seats[0].remote.name: " alpha" is written "alpha" in its normal form (RFC 8266: spaces trimmed and single, compatibility characters folded); send that`},
		{"ａｌｐｈａ", `seats[0].remote.name: "\uff41\uff4c\uff50\uff48\uff41" is written "alpha" in its normal form (RFC 8266: spaces trimmed and single, compatibility characters folded); send that`},
	} {
		_, err := r.tables.CreateTable(ctx, seat(c.name))
		wantMessage(t, fmt.Sprintf("CreateTable %q", c.name), err, codes.InvalidArgument, c.want)
	}
	for _, c := range []struct{ name, want string }{
		{"a\u200cب", "seats[0].remote.name: U+200C at byte 1"},
		{"ب\u200d", "seats[0].remote.name: U+200D at byte 2"},
		{"ب\u200d\u200dب", "seats[0].remote.name: U+200D at byte 2"},
	} {
		_, err := r.tables.CreateTable(ctx, seat(c.name))
		wantMessage(t, fmt.Sprintf("CreateTable %q", c.name), err, codes.InvalidArgument, c.want+formatRefusal)
	}

	s, err := pb.NewLobbyServiceClient(r.cc).Serve(ctx, &pb.ServeRequest{Name: "beta\u200d", Capacity: 1})
	if err == nil {
		_, err = s.Recv()
	}
	wantMessage(t, "Serve", err, codes.InvalidArgument, "name: U+200D at byte 4"+formatRefusal)

	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	err = r.dial(t, &pb.Join{TableId: resp.GetTableId(), Token: tokenOf(resp, 0), BotName: "x\u200b"}).wantStatus(codes.InvalidArgument)
	wantMessage(t, "Join", err, codes.InvalidArgument, "join.bot_name: U+200B at byte 1"+formatRefusal)

	tournaments := pb.NewTournamentServiceClient(r.cc)
	spec := func(name, id string) *pb.CreateTournamentRequest {
		return &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Name: name, Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Duplicate: true,
			Entrants: []*pb.Entrant{{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}, {Id: id, Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}}
	}
	_, err = tournaments.CreateTournament(ctx, spec("cup\u202d", "b"))
	wantMessage(t, "CreateTournament name", err, codes.InvalidArgument, "spec.name: U+202D at byte 3"+formatRefusal)
	_, err = tournaments.CreateTournament(ctx, spec("cup", "b\u200e"))
	wantMessage(t, "CreateTournament entrant", err, codes.InvalidArgument, "spec.entrants[1].id: U+200E at byte 1"+formatRefusal)

	a := startAuthReferee(t, nil)
	for _, c := range []struct {
		req  *pb.CreateKeyRequest
		want string
	}{
		{&pb.CreateKeyRequest{Name: "a\u202egnp.exe", Role: pb.Role_ROLE_BOT}, "name: U+202E at byte 1"},
		{&pb.CreateKeyRequest{Name: "alpha\u200b", Role: pb.Role_ROLE_BOT}, "name: U+200B at byte 5"},
		{&pb.CreateKeyRequest{Name: "alpha", Owner: "team\u2028alpha", Role: pb.Role_ROLE_BOT}, "owner: U+2028 at byte 4"},
	} {
		_, err := a.keys.CreateKey(as(testAdminKey), c.req)
		wantMessage(t, fmt.Sprintf("CreateKey %q", c.req.GetName()), err, codes.InvalidArgument, c.want+formatRefusal)
	}
}

// wantMessage fails the test unless err has code and exactly the message msg.
func wantMessage(t *testing.T, what string, err error, code codes.Code, msg string) {
	t.Helper()
	if status.Code(err) != code || status.Convert(err).Message() != msg {
		t.Errorf("%s: %v; want %s %q", what, err, code, msg)
	}
}
