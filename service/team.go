package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// Consultation (RULES.md §3.5): a remote seat may be played by a team of connections
// (RemoteSeat.team_size members, joining with the seat's token and Join.member). Every member
// receives the seat's events and decision requests; the table's TeamPolicy says whose Decide
// counts; members talk through TeamMessage, relayed to the other members of the seat only and
// kept in the record, which nobody else sees before the game ends. Each message is stored in the
// table's log before it is relayed (logTeamMessage), so a recovered table has them all.

// MaxTeamSize is the most members a team seat has (RemoteSeat.team_size): the tournament
// package's [tournament.MaxTeamMembers], so a team entrant always fits a team seat.
const MaxTeamSize = tournament.MaxTeamMembers

// MaxTeamMessages is the most team messages a table keeps; the connection of a member who sends
// more is ended with ResourceExhausted (the record keeps every message, so their number is
// bounded like the record's size).
const MaxTeamMessages = 4096

// checkLobbyTeam checks the members of a consultation team of lobby bots for one seat of a
// variant v table (field names the team in errors): a [FieldError] unless v is the two-handed
// game (the consultation game of RULES.md §3.5) and the team has 2 to MaxTeamSize distinct,
// non-empty names.
func checkLobbyTeam(field string, v engine.Variant, members []string) error {
	if v != engine.TwoHanded {
		return invalid(field, "a consultation team plays the %s game (RULES.md §3.5), not %s", engine.TwoHanded, v)
	}
	if err := tournament.CheckTeamSize(len(members)); err != nil {
		return invalid(field+".members", "%v", err)
	}
	for j, m := range members {
		if m == "" {
			return invalid(fmt.Sprintf("%s.members[%d]", field, j), "missing: a bot's name (bezique lobby lists them)")
		}
		if slices.Contains(members[:j], m) {
			return invalid(fmt.Sprintf("%s.members[%d]", field, j), "%q is already a member: a team's bots are distinct", m)
		}
	}
	return nil
}

// checkTeamMessage validates a TeamMessage from connection c against the table's spec (fixed at
// creation, so it is read outside the table's goroutine): a [FieldError] when the seat is not a
// team seat or the text is too long or holds a control character (checkText). The seat's stream
// refuses such a message with a Rejection (MALFORMED, no strike) and goes on.
func checkTeamMessage(spec *pb.CreateTableRequest, c *conn, m *pb.TeamMessage) error {
	if spec.GetSeats()[c.seat].GetRemote().GetTeamSize() < 2 {
		return invalid("team_message", "seat %d is not a team seat (RemoteSeat.team_size < 2)", c.seat)
	}
	return checkText("team_message.text", m.GetText(), MaxTeamMessageBytes)
}

// teamMessage records a team member's message and relays it to the seat's other connected
// members only; a member not connected gets it when it joins again (missedTeamMessages). A
// message from a superseded connection is dropped.
func (t *table) teamMessage(c *conn, m *pb.TeamMessage) {
	s := t.seats[c.seat]
	if s.conns[c.member] != c {
		return
	}
	if len(t.teamMessages) >= MaxTeamMessages {
		t.dropConn(s, c, status.Errorf(codes.ResourceExhausted, "team_message: the table keeps at most %d team messages", MaxTeamMessages))
		return
	}
	rec := &pb.TeamMessageRecord{Seq: t.seq, Seat: uint32(s.index), Member: uint32(c.member),
		Text: m.GetText(), ProposalActionId: m.ProposalActionId}
	has := uint8(1) << c.member
	for i, o := range s.conns {
		if o != nil {
			has |= 1 << i
		}
	}
	err := t.appendLog(s.index, logTeamMessage, encodeTeamMessage(rec, has))
	if errors.Is(err, store.ErrLeaseLost) {
		return
	}
	if err != nil {
		t.log().Error("storing a team message failed", "seat", s.index, "member", c.member, "err", err)
		t.dropConn(s, c, detailedStatus(codes.Unavailable, fmt.Sprintf("team_message: not stored (%v); join again and send it again", err), takeoverRetry))
		return
	}
	relayed := relayOf(rec)
	for _, o := range s.conns {
		if o != nil && o != c {
			t.sendTo(s, o, relayed)
		}
	}
	t.teamMessages, t.teamRelayed = append(t.teamMessages, rec), append(t.teamRelayed, has)
}

// storedTeamMessage is the payload of a team message in the table's log (logTeamMessage): the
// message as the record keeps it, and the members of its seat that had it when it came (its
// sender and the members connected then), so that after a recovery a member that joins again gets
// the messages it missed and not those it had.
type storedTeamMessage struct {
	Message json.RawMessage `json:"message"` // protojson pb.TeamMessageRecord
	Relayed uint8           `json:"relayed"` // a bit per member, as table.teamRelayed
}

// encodeTeamMessage is the stored form of team message rec, which the members of bits relayed
// have had.
func encodeTeamMessage(rec *pb.TeamMessageRecord, relayed uint8) []byte {
	m, err := protojson.Marshal(rec)
	if err != nil {
		panic(err) // a message of strings and numbers always marshals
	}
	b, err := json.Marshal(storedTeamMessage{Message: m, Relayed: relayed})
	if err != nil {
		panic(err)
	}
	return b
}

// restoreTeamMessage puts back a team message of the table's log (a recovery replaying it): it
// is kept for the record, and resent to the members that had not had it when it came.
func (t *table) restoreTeamMessage(payload []byte) error {
	var st storedTeamMessage
	if err := json.Unmarshal(payload, &st); err != nil {
		return err
	}
	rec := &pb.TeamMessageRecord{}
	if err := protojson.Unmarshal(st.Message, rec); err != nil {
		return err
	}
	if rec.GetSeat() >= uint32(len(t.seats)) {
		return fmt.Errorf("team message of seat %d", rec.GetSeat())
	}
	t.teamMessages, t.teamRelayed = append(t.teamMessages, rec), append(t.teamRelayed, st.Relayed)
	return nil
}

// missedTeamMessages returns, relayed in the order received, the messages of seat s's team that
// member has not had (sent while it was not connected), and counts them as had: a member that
// joins again gets them after the events it missed, as a seat's events are resent. A message
// already relayed to a connection that broke before the table noticed is not sent again.
func (t *table) missedTeamMessages(s *seat, member int) []*pb.ConnectResponse {
	var out []*pb.ConnectResponse
	for i, rec := range t.teamMessages {
		if int(rec.GetSeat()) == s.index && t.teamRelayed[i]&(1<<member) == 0 {
			out = append(out, relayOf(rec))
			t.teamRelayed[i] |= 1 << member
		}
	}
	return out
}

// relayOf is the relayed form of a recorded team message, as the sender's teammates get it.
func relayOf(rec *pb.TeamMessageRecord) *pb.ConnectResponse {
	return &pb.ConnectResponse{Kind: &pb.ConnectResponse_TeamMessageRelayed{TeamMessageRelayed: &pb.TeamMessageRelayed{
		Member: rec.GetMember(), Text: rec.GetText(), ProposalActionId: rec.ProposalActionId, Seq: rec.GetSeq()}}}
}

// answers reports whether connection c's Decide may count under the table's TeamPolicy: any
// member's under TEAM_POLICY_FIRST_ANSWER (the first valid one closes the request), only the
// captain's (member 0) otherwise.
func (t *table) answers(c *conn) bool {
	return c.member == 0 || t.teamPolicy() == pb.TeamPolicy_TEAM_POLICY_FIRST_ANSWER
}

// teamPolicy is the table's TeamPolicy, TEAM_POLICY_CAPTAIN when unspecified.
func (t *table) teamPolicy() pb.TeamPolicy {
	if p := t.spec.GetTeamPolicy(); p != pb.TeamPolicy_TEAM_POLICY_UNSPECIFIED {
		return p
	}
	return pb.TeamPolicy_TEAM_POLICY_CAPTAIN
}

// endedTeamMessages returns the team messages of a table whose game has ended (its record's), for
// a spectator: none while the game is in play, nor while its record is withheld (RecordWithheld:
// a tournament game whose cards another game still plays, which the messages may tell of; they
// were sent all the same, from code read by an outside trial). The record gives them later.
func (s *Referee) endedTeamMessages(ctx context.Context, id string) ([]*pb.TeamMessageRecord, error) {
	rec, err := s.GetRecord(ctx, id) // from memory, or from the store once the table has left it
	if err != nil {
		return nil, err
	}
	if err := s.RecordWithheld(ctx, id); errors.Is(err, ErrNotEnded) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	return rec.GetTeamMessages(), nil
}
