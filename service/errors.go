package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// Errors of the [Referee]. They are returned wrapped with a message naming the table; match them
// with errors.Is. The gRPC handlers turn them into status codes by the table in statusOf.
var (
	// ErrNotFound means no table has this id, in memory or in the store (NotFound).
	ErrNotFound = errors.New("service: table not found")
	// ErrDraining means the referee is draining and creates no tables (Unavailable).
	ErrDraining = errors.New("service: draining")
	// ErrTableLimit means Config.MaxTables tables are waiting or in play (ResourceExhausted).
	ErrTableLimit = errors.New("service: table limit reached")
	// ErrEnded means the table has ended, so it cannot be cancelled, or has left memory, so it
	// cannot be watched or decided on (FailedPrecondition).
	ErrEnded = errors.New("service: table has ended")
	// ErrNotEnded means the table is in play, so its record (and seed) is not available yet
	// (FailedPrecondition).
	ErrNotEnded = errors.New("service: table has not ended")
	// ErrStopped means the table's goroutine has stopped because the referee is shutting down
	// (Unavailable; with a durable store the table resumes on the next start).
	ErrStopped = errors.New("service: table stopped")
	// ErrQueueFull means a watcher did not take its events fast enough and its bounded buffer
	// (Config.WatchQueue) filled (ResourceExhausted; watch again from the seq its message names).
	ErrQueueFull = errors.New("service: queue full")
	// ErrQuarantined means the table's stored data cannot be read or replayed, so it is not
	// played (FailedPrecondition); GetTable says why.
	ErrQuarantined = errors.New("service: table quarantined")
	// ErrPermission means the caller's principal may not do this to this table: cancel a table it
	// did not create, say (PermissionDenied).
	ErrPermission = errors.New("service: permission denied")
	// ErrNoKey means the call needs an API key that the caller did not send (a spectator reading,
	// watching or replaying a table that is not public): Unauthenticated, HTTP 401, as the
	// authentication's own refusal of a call without a key (it was PermissionDenied, 403, so that
	// one missing key got two answers: an outside trial).
	ErrNoKey = errors.New("service: no API key")
	// ErrAuthOff means a key was to be created while authentication is off (FailedPrecondition).
	ErrAuthOff = errors.New("service: authentication is off")
	// ErrUnavailable means no bot of the lobby can take a challenge's seat: the named bot is not
	// present or does not play the variant (FailedPrecondition).
	ErrUnavailable = errors.New("service: lobby bot unavailable")
	// ErrSuperseded means a newer Serve of the same bot ended this lobby presence (Aborted).
	ErrSuperseded = errors.New("service: superseded")
	// ErrMoving means the table or tournament is changing referee (its owner stopped, or another
	// referee took its lease over, or the referee the call was forwarded to, on another store,
	// refused it: the forwarding one takes the lease over when it expires): the call can be made
	// again in a moment, through any referee sharing the store (Unavailable; the SDKs reconnect
	// and resume).
	ErrMoving = errors.New("service: table moving to another referee")
)

// clientText is err's message for a client: without the Go package's prefix ("bezique: ",
// "bots: ") that the engine's and the built-in bots' errors carry for Go callers. A bot was told
// "bezique: 8Sa is not in your hand…" and "options: bezique: unknown option…" (a bot author's
// trial).
func clientText(err error) string {
	text := err.Error()
	for _, prefix := range []string{"bezique: ", "bots: "} {
		if t, ok := strings.CutPrefix(text, prefix); ok {
			return t
		}
	}
	return text
}

// FieldError is bad input: the field of the request that is wrong (its proto name, with indexes:
// "seats[1].builtin.bot") and why. It maps to InvalidArgument.
type FieldError struct {
	// Field is the proto field path.
	Field string
	// Reason says what is wrong with it.
	Reason string
}

// Error returns "field: reason".
func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

// kindError is an error with its own message that matches a sentinel (kind) under errors.Is.
type kindError struct {
	kind error
	msg  string
}

func (e *kindError) Error() string { return e.msg }
func (e *kindError) Unwrap() error { return e.kind }

// errorf returns an error with the formatted message that matches kind under errors.Is.
func errorf(kind error, format string, args ...any) error {
	return &kindError{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// invalid returns a [FieldError] naming the field.
func invalid(field, format string, args ...any) error {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// invalidOptions is the FieldError of rule options the engine refuses (engine.NewRules): its
// field names the option, "options.deal_packets", when the engine's error names a known one
// (engine.OptionError), else "options" (an unknown name may hold any byte); the reason is the
// engine's text (clientText) without its "option NAME", which the field says. An integrator's
// form could not tell which option from "options".
func invalidOptions(err error) error {
	text := clientText(err)
	if oe := (*engine.OptionError)(nil); errors.As(err, &oe) {
		if _, known := engine.LookupOption(oe.Option); known {
			// The field names the option: the engine's "option NAME: " is not said twice (an upgrade trial).
			reason := strings.TrimPrefix(strings.TrimPrefix(text, "option "+oe.Option+":"), "option "+oe.Option)
			return invalid("options."+oe.Option, "%s", strings.TrimSpace(reason))
		}
	}
	return invalid("options", "%s", text)
}

// takeoverRetry is the RetryInfo delay of the Unavailable refusals that a moment's wait lifts:
// a table or tournament changing referee (ErrMoving, store.ErrLeaseLost), a referee that is
// draining or shutting down (ErrDraining, ErrStopped, store.ErrClosed: behind a load balancer the
// call made again reaches another referee; a referee alone comes back on its restart, and its
// tables with it), a shared store out of reach (store.ErrUnavailable). Referees take expired
// leases over in rounds, one every store.LeaseRenewEvery (a second), so nothing changes sooner
// than the next round, while the whole takeover takes up to 2*store.LeaseTTL (10 s, as the
// refusal says): asking to wait all of that would keep a bot away for seconds after its table
// has moved.
const takeoverRetry = store.LeaseRenewEvery

// errorCodes is the one table from the errors of the referee's core, its store and the context to
// gRPC codes, with the delay of a RetryInfo detail when waiting is what the caller should do
// (zero: none); engine refusals go by engineCodes, a [FieldError] is InvalidArgument.
var errorCodes = []struct {
	err   error
	code  codes.Code
	retry time.Duration
}{
	{ErrNotFound, codes.NotFound, 0},
	{ErrDraining, codes.Unavailable, takeoverRetry},
	{ErrTableLimit, codes.ResourceExhausted, 0},
	{ErrEnded, codes.FailedPrecondition, 0},
	{ErrNotEnded, codes.FailedPrecondition, 0},
	{ErrStopped, codes.Unavailable, takeoverRetry},
	{ErrQueueFull, codes.ResourceExhausted, 0},
	{ErrQuarantined, codes.FailedPrecondition, 0},
	{ErrPermission, codes.PermissionDenied, 0},
	{ErrNoKey, codes.Unauthenticated, 0},
	{ErrAuthOff, codes.FailedPrecondition, 0},
	{ErrUnavailable, codes.FailedPrecondition, 0},
	{ErrSuperseded, codes.Aborted, 0},
	{ErrMoving, codes.Unavailable, takeoverRetry},
	{store.ErrLeaseLost, codes.Unavailable, takeoverRetry},
	{store.ErrNotFound, codes.NotFound, 0},
	{store.ErrConflict, codes.AlreadyExists, 0},
	{store.ErrInvalid, codes.InvalidArgument, 0},
	{store.ErrClosed, codes.Unavailable, takeoverRetry},
	{store.ErrUnavailable, codes.Unavailable, takeoverRetry},
	{context.Canceled, codes.Canceled, 0},
	{context.DeadlineExceeded, codes.DeadlineExceeded, 0},
}

// engineCodes maps engine refusals to gRPC codes: a rule violation is FailedPrecondition,
// malformed input InvalidArgument; never Unknown.
var engineCodes = map[engine.ErrorCode]codes.Code{
	engine.CodeMalformed:   codes.InvalidArgument,
	engine.CodeNotYourTurn: codes.FailedPrecondition,
	engine.CodeRule:        codes.FailedPrecondition,
	engine.CodeGameOver:    codes.FailedPrecondition,
}

// rejectionCodes maps engine refusals to the codes of a seat's Rejection message.
var rejectionCodes = map[engine.ErrorCode]pb.RejectionCode{
	engine.CodeMalformed:   pb.RejectionCode_REJECTION_CODE_MALFORMED,
	engine.CodeNotYourTurn: pb.RejectionCode_REJECTION_CODE_ILLEGAL_ACTION,
	engine.CodeRule:        pb.RejectionCode_REJECTION_CODE_ILLEGAL_ACTION,
	engine.CodeGameOver:    pb.RejectionCode_REJECTION_CODE_STALE_REQUEST,
}

// statusOf returns the gRPC status of an error, keeping its message: statuses as they are, a
// [FieldError] InvalidArgument, a [QuotaError] ResourceExhausted with its details (quotaStatus),
// engine refusals by engineCodes, the rest by errorCodes (with a RetryInfo where the table gives
// a delay, detailedStatus), and Internal for anything else.
func statusOf(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	var fe *FieldError
	if errors.As(err, &fe) {
		return status.Error(codes.InvalidArgument, err.Error())
	}
	var qe *QuotaError
	if errors.As(err, &qe) {
		return quotaStatus(qe)
	}
	var ee *engine.Error
	if errors.As(err, &ee) {
		return status.Error(engineCodes[ee.Code], clientText(ee))
	}
	for _, ec := range errorCodes {
		if errors.Is(err, ec.err) {
			msg := err.Error()
			if ec.err == store.ErrUnavailable {
				msg = storeUnavailableText(msg)
			}
			return detailedStatus(ec.code, msg, ec.retry)
		}
	}
	return status.Error(codes.Internal, err.Error())
}

// storeUnavailableText is the message of a store out of reach as a caller reads it: what the
// referee was doing, cut after store.ErrUnavailable's text. The driver's words after it named
// the database's user, name and address to any caller, one without a key too (an outside trial);
// the referee's log has them (storeHealth, a lease renewal's failure).
func storeUnavailableText(msg string) string {
	if i := strings.Index(msg, store.ErrUnavailable.Error()); i >= 0 {
		msg = msg[:i+len(store.ErrUnavailable.Error())]
	}
	return msg + " (the referee's database cannot be reached or written now; try again)"
}

// detailedStatus returns the status of code and msg with details, and a google.rpc.RetryInfo of
// retry after them when retry is not zero: the clients and SDKs wait at least that long before
// they make the call again (botsdk.RetryDelay). Details that do not marshal are left out.
func detailedStatus(code codes.Code, msg string, retry time.Duration, details ...protoadapt.MessageV1) error {
	if retry > 0 {
		details = append(details, &errdetails.RetryInfo{RetryDelay: durationpb.New(retry)})
	}
	st := status.New(code, msg)
	if len(details) == 0 {
		return st.Err()
	}
	withDetails, err := st.WithDetails(details...)
	if err != nil {
		return st.Err() // only if a detail does not marshal
	}
	return withDetails.Err()
}

// quotaStatus is the ResourceExhausted status of a refusal by a limit, with the details of
// google.rpc's error model (google/rpc/error_details.proto) that clients act on: a QuotaFailure
// naming the principal and the limit and, when waiting helps, a RetryInfo with the delay after
// which the same call can succeed (the SDKs wait at least that long before they retry).
func quotaStatus(qe *QuotaError) error {
	return detailedStatus(codes.ResourceExhausted, qe.Error(), qe.RetryDelay,
		&errdetails.QuotaFailure{Violations: []*errdetails.QuotaFailure_Violation{{Subject: qe.Subject, Description: qe.Description}}})
}
