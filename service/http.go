package service

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"github.com/klauspost/compress/gzhttp"
	"github.com/rs/cors"
	"github.com/soheilhy/cmux"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// HTTPConfig configures the referee's HTTP face, [NewHTTPHandler].
type HTTPConfig struct {
	// CORSOrigins are the origins a browser may call the API from ("https://play.example.com";
	// "*" for any origin). Empty: no cross-origin access (no CORS headers are sent, so browsers
	// refuse cross-origin calls).
	CORSOrigins []string
	// Static answers every request that is not an RPC (its path names no registered method):
	// the place for a web app's assets mounted at "/". Nil answers 404.
	Static http.Handler
	// MaxArrivingBytes bounds the bytes held, all requests together, of Connect and gRPC-Web
	// request messages that have not arrived whole (0: [DefaultMaxArrivingBytes]), and those of
	// one connection's requests to an eighth of it when [Port] serves the handler: a message
	// with no room left is refused at once with RESOURCE_EXHAUSTED, counted by
	// bezique_http_arriving_refusals_total (Metrics). See [arrivingBudget].
	MaxArrivingBytes int64
	// Metrics counts the messages MaxArrivingBytes refuses; nil counts nothing.
	Metrics *Metrics
	// CheckHost refuses every request of the HTTP face (Connect, gRPC-Web, Static) whose Host is
	// not an IP address, localhost or one of AllowedHosts, with PERMISSION_DENIED (HTTP 403)
	// naming the Host and --allowed-hosts: the defence against DNS rebinding of a referee without
	// authentication ([hostRefusal]). Native gRPC is not checked.
	CheckHost bool
	// AllowedHosts are the host names, without a port, that CheckHost lets through besides IP
	// addresses and localhost ("referee.lan"), compared in any case.
	AllowedHosts []string
}

// MaxHTTPMessageBytes bounds what the transcoder (Connect, gRPC-Web) holds of one request or
// response message (16 MiB): it reads a request's whole body before it hands the message on, and
// its default bound is 4 GB, so a 64 MB JSON body was read into memory before the gRPC limit
// (MaxMessageBytes) refused it. A larger body is refused with RESOURCE_EXHAUSTED (HTTP 429).
// vanguard has one bound for both directions; a four-handed game's replay is about 350 KB of
// JSON, far below it.
const MaxHTTPMessageBytes = 16 << 20

// Header lists of the Connect, gRPC-Web and gRPC protocols, as connectrpc.com/cors publishes them
// (that module is not served by our module proxy, so they are copied here), plus Authorization
// for API keys, W3C Trace Context's traceparent and tracestate and W3C Baggage's baggage, which a
// page's OpenTelemetry instrumentation adds to its calls with its default propagator (their
// preflight was refused: outside trials; the referee ignores them), and Retry-After, which a refusal's client is told to honour (docs/INTEGRATE.md)
// and a page of another origin could not read.
var (
	corsAllowedMethods = []string{http.MethodGet, http.MethodPost}
	corsAllowedHeaders = []string{"Content-Type", "Connect-Protocol-Version", "Connect-Timeout-Ms",
		"Grpc-Timeout", "X-Grpc-Web", "X-User-Agent", "Authorization", "Traceparent", "Tracestate", "Baggage"}
	corsExposedHeaders = []string{"Grpc-Status", "Grpc-Message", "Grpc-Status-Details-Bin", "Retry-After"}
)

// NewHTTPHandler returns the HTTP handler of the referee's port ([Port]). Native gRPC requests
// that reach it (HTTP/2 with content-type application/grpc+proto and the like: the port hands
// connections whose first request says application/grpc to grpc-go's transport before) go to
// g.ServeHTTP. Every other request goes to a
// vanguard transcoder that serves, for every service registered on g, the Connect protocol (unary
// and server streams, JSON or binary, over HTTP/1.1 or HTTP/2: POST
// /bezique.v1.TableService/CreateTable with a JSON body) and gRPC-Web, by turning them into gRPC
// calls on g. So g's interceptors (metrics, authentication) run for every protocol, and the
// Authorization header reaches them as gRPC metadata. Requests for any other path go to
// cfg.Static. With cfg.CORSOrigins set, CORS requests from those origins are allowed.
// It returns an error when vanguard cannot describe a service registered on g.
func NewHTTPHandler(g *grpc.Server, cfg HTTPConfig) (http.Handler, error) {
	return newHTTPHandler(g, cfg, newArrivingBudget(cfg.MaxArrivingBytes, cfg.Metrics, nil))
}

// newHTTPHandler is NewHTTPHandler with budget, the bytes of messages still arriving.
func newHTTPHandler(g *grpc.Server, cfg HTTPConfig, budget *arrivingBudget) (http.Handler, error) {
	opts := []vanguard.TranscoderOption{vanguard.WithCodec(strictJSONCodec), vanguard.WithCodec(protoCodec),
		vanguard.WithDefaultServiceOptions(vanguard.WithMaxMessageBufferBytes(MaxHTTPMessageBytes))}
	if cfg.Static != nil {
		opts = append(opts, vanguard.WithUnknownHandler(cfg.Static))
	}
	// vanguardgrpc.NewTranscoder, with g's answers read by requestRefusals first.
	var services []*vanguard.Service
	for name := range g.GetServiceInfo() {
		services = append(services, vanguard.NewService(name, requestRefusals(g)))
	}
	opts = append([]vanguard.TranscoderOption{vanguard.WithDefaultServiceOptions(
		vanguard.WithTargetCodecs(vanguard.CodecProto), vanguard.WithTargetProtocols(vanguard.ProtocolGRPC))}, opts...)
	transcoder, err := vanguard.NewTranscoder(services, opts...)
	if err != nil {
		return nil, err
	}
	compressed, err := gzhttp.NewWrapper(gzhttp.MinSize(unaryGzipMinBytes), gzhttp.EnableZstd(false))
	if err != nil {
		return nil, err
	}
	unary := compressed(transcoder)
	errorWriter := connect.NewErrorWriter()
	paths := newRPCPaths(g)
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoMajor == 2 && isGRPC(r.Header.Get("Content-Type")) {
			g.ServeHTTP(w, r)
			return
		}
		// A browser takes an answer for what its Content-Type says, as the web pages' answers
		// (a web security review found it missing on the API's).
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w, r, counted := countRefusal(w, r, paths, cfg.Metrics)
		defer counted()
		if cfg.CheckHost && !hostAllowed(r.Host, cfg.AllowedHosts) {
			_ = errorWriter.Write(w, r, hostRefusal(r.Host))
			return
		}
		// The body wrappers below (the shape check's first byte among them) go on a copy of r:
		// net/http, once the handler has returned, reads what is left of a body it knows (its
		// own type) only when that is under 256 KB, and any body of another type, for as long
		// as the client takes to send it; and with a body of another type it no longer sees that
		// the body was left unread, so it read the rest as the connection's next request.
		r = r.WithContext(r.Context())
		lowerMediaType(r)
		r, body := watchBody(w, r)
		clientStream := paths.clientStream(r)
		if !clientStream || r.ProtoMajor == 1 {
			// Before the shape check, which reads a server stream's first byte: a body that
			// never began held the call for ever.
			bodyDeadline(body)
		}
		if clientStream && r.ProtoMajor == 1 {
			// Refused (paths.refusal: a bidirectional stream needs HTTP/2) without reading its
			// body, which net/http would read on, with no deadline: the answer waited for as long
			// as the client took to send the body.
			w.Header().Set("Connection", "close")
		}
		if err := paths.refusal(r); err != nil {
			_ = errorWriter.Write(w, r, err)
			return
		}
		if err := checkGetQuery(r); err != nil {
			_ = errorWriter.Write(w, r, err)
			return
		}
		if err := checkConnectTimeout(r); err != nil {
			_ = errorWriter.Write(w, r, err)
			return
		}
		if err := checkRequestEncoding(r); err != nil {
			_ = errorWriter.Write(w, r, err)
			return
		}
		w = cacheControl(w, r)
		if paths.stream(r) {
			streamUnbuffered(w)
		}
		if err := arrivingBody(r, body, clientStream, budget); err != nil {
			if r.ProtoMajor == 1 {
				// The rest of the refused body must not be read as the connection's next request.
				w.Header().Set("Connection", "close")
			}
			_ = errorWriter.Write(w, r, err)
			return
		}
		if paths.connectUnary(r) {
			unary.ServeHTTP(w, r)
			return
		}
		transcoder.ServeHTTP(w, r)
	})
	if len(cfg.CORSOrigins) > 0 {
		h = cors.New(cors.Options{
			AllowedOrigins: cfg.CORSOrigins,
			AllowedMethods: corsAllowedMethods,
			AllowedHeaders: corsAllowedHeaders,
			ExposedHeaders: corsExposedHeaders,
			MaxAge:         7200, // seconds: Chrome's cap on caching a preflight
		}).Handler(h)
		h = sortedPreflight(h)
	}
	return h, nil
}

// hostRefusal is the refusal, PERMISSION_DENIED (HTTP 403 for a Connect unary call, a page), of
// a request whose Host is not one that hostAllowed lets through when HTTPConfig.CheckHost is set,
// as Jupyter and webpack-dev-server refuse them. Without authentication a page of any site a
// developer visits could otherwise drive the referee: its name made to resolve to 127.0.0.1 (DNS
// rebinding), its scripts call the referee as their own origin, which CORS does not stop; a
// browser sends that name as Host, and an IP address or localhost cannot be rebound. Native gRPC
// (HTTP/2, application/grpc) is not checked: gRPC clients with resolvers of their own send any
// :authority, and a browser sends HTTP/2 over TLS only, where the rebound name fails the
// certificate.
// A request without a Host (HTTP/1.0) is told to send one (it was told to start the referee with
// "--allowed-hosts " and no name: an integrator's trial).
func hostRefusal(host string) error {
	if hostName(host) == "" {
		return connect.NewError(connect.CodePermissionDenied, errors.New(
			"no Host header: without authentication the referee answers HTTP only at an IP address or localhost, "+
				"named in the Host header (HTTP/1.1), so that no other site's page can call it by DNS rebinding (docs/SECURITY.md)"))
	}
	return connect.NewError(connect.CodePermissionDenied, fmt.Errorf(
		"Host %q is not served: without authentication the referee answers HTTP only at an IP address or localhost, "+
			"so that no other site's page can call it by DNS rebinding; start it with --allowed-hosts %s to serve this name (docs/SECURITY.md)",
		host, hostName(host)))
}

// hostAllowed reports whether the host of hostport (a Host header: host, host:port, [IPv6]:port)
// is an IP address, localhost or one of allowed, in any case.
func hostAllowed(hostport string, allowed []string) bool {
	host := hostName(hostport)
	if _, err := netip.ParseAddr(host); err == nil || strings.EqualFold(host, "localhost") {
		return true
	}
	return slices.ContainsFunc(allowed, func(a string) bool { return strings.EqualFold(host, a) })
}

// PprofHostGuard returns h, a handler of the metrics port's /debug/pprof, serving only requests
// whose Host is an IP address, localhost or one of allowed (as the HTTP face serves them without
// authentication, against DNS rebinding), and answering any other 403 with the reason in plain
// text: a page of any site a developer visits could otherwise read it by rebinding a name of its
// own to the referee (stack dumps, heap and CPU profiles on demand: a web security review).
func PprofHostGuard(h http.Handler, allowed []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, allowed) {
			http.Error(w, fmt.Sprintf("Host %q is not served: /debug/pprof answers only at an IP address, localhost or a name of --allowed-hosts, "+
				"so that no other site's page can read it by DNS rebinding (docs/SECURITY.md)", r.Host), http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// hostName is the host of a Host header, without its port and an IPv6 address's brackets.
func hostName(hostport string) string {
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		return host
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

// strictJSONCodec returns vanguard's JSON codec (the protobuf JSON mapping of Connect and gRPC-Web
// +json requests) made strict, a [strictJSON].
func strictJSONCodec(res vanguard.TypeResolver) vanguard.Codec {
	c := vanguard.NewJSONCodec(res)
	c.UnmarshalOptions.DiscardUnknown = false
	return strictJSON{c}
}

// strictJSON is vanguard's JSON codec with two changes to reading a request. A field the message
// does not have, or an enum value by a name the enum does not have, is refused instead of
// dropped: vanguard's default drops both, so a misspelled "tableid" answered "table_id: missing"
// and "TWO_HANDED" "VARIANT_UNSPECIFIED is not a variant" (docs/INTEGRATE.md, "Unknown fields
// and enum values are refused"). And JSON that does not read (unknown names, bad syntax) is
// INVALID_ARGUMENT with protojson's message, which names the field or value and its place,
// "(line 1:2): unknown field "tableid"", less its "proto: " prefix (vanguard answered Unknown,
// HTTP 500), and led by the path of that place, "seats[0].builtin.level: (line 1:69): …".
type strictJSON struct{ *vanguard.JSONCodec }

// Unmarshal reads a message from JSON, less a leading byte-order mark (RFC 8259 lets a reader
// ignore it; protojson refused it as an invalid value it printed invisibly); errors are
// INVALID_ARGUMENT.
func (c strictJSON) Unmarshal(data []byte, msg proto.Message) error {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	return invalidJSON(data, c.JSONCodec.Unmarshal(data, msg))
}

// UnmarshalField reads one field from JSON (used by REST mappings); errors are INVALID_ARGUMENT.
func (c strictJSON) UnmarshalField(data []byte, msg proto.Message, field protoreflect.FieldDescriptor) error {
	return invalidJSON(data, c.JSONCodec.UnmarshalField(data, msg, field))
}

// invalidJSON turns a protojson error reading data into a Connect INVALID_ARGUMENT error, its
// message less protojson's prefix ([protoErrText]) and led by the path of the value it is about
// ([withJSONPath]); nil stays nil. protojson's "unexpected EOF" for a string holding half of a
// UTF-16 surrogate pair (\ud800 alone) is replaced by what is wrong, and where ([loneSurrogate]).
func invalidJSON(data []byte, err error) error {
	if err == nil {
		return nil
	}
	text := withJSONPath(data, protoErrText(err.Error()))
	if text == "unexpected EOF" { // the data is scanned again only for protojson's word for it
		if at, escape := loneSurrogate(data); at >= 0 {
			line := 1 + bytes.Count(data[:at], []byte("\n"))
			col := 1 + utf8.RuneCount(data[bytes.LastIndexByte(data[:at], '\n')+1:at])
			text = fmt.Sprintf("(line %d:%d): %s is half of a UTF-16 surrogate pair, not a character", line, col, escape)
			if path := jsonPathAt(data, at); path != "" {
				text = path + ": " + text
			}
		}
	}
	if m := optionNotString.FindStringSubmatch(text); m != nil {
		value := m[2]
		if value == "" || strings.ContainsAny(value, `{["`) || value == "null" {
			value = "…"
		}
		text += fmt.Sprintf(` (an option's value is a JSON string: %q:%q)`, m[1], value)
	}
	return connect.NewError(connect.CodeInvalidArgument, errors.New("request JSON: "+text))
}

// optionNotString matches protojson's refusal of an option given as a number or a boolean
// (CreateTableRequest.options, TournamentSpec.options: maps of strings), its name and its value,
// to which invalidJSON adds how to write it: "options.target: … invalid value for string field value: 1000" left an HTTP
// bot author to guess (a trial).
var optionNotString = regexp.MustCompile(`(?:^|\.)options\.([^ :]+): \(line \d+:\d+\): invalid value for string field value: (.*)$`)

// protoErrText is the message of an error of the protobuf packages (proto, protojson) less its
// prefix, "proto: " or, at random per build to discourage matching them, "proto:" and a no-break
// space; neither says anything to a client. text is the error's message, or what grpc-go quotes
// of it ([requestRefusals]).
func protoErrText(text string) string {
	return strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(text, "proto:"), " "), "\u00a0")
}

// protoCodec returns vanguard's binary protobuf codec with a request that does not read (the
// message of a Connect GET, which vanguard decodes itself) refused as INVALID_ARGUMENT, a
// [protoRequest], rather than Unknown (HTTP 500). A POST body in binary protobuf is not read
// here: vanguard hands it to grpc-go as it is, whose refusal requestRefusals makes
// INVALID_ARGUMENT.
func protoCodec(res vanguard.TypeResolver) vanguard.Codec {
	return protoRequest{vanguard.NewProtoCodec(res)}
}

// protoRequest is vanguard's protobuf codec whose Unmarshal errors are INVALID_ARGUMENT.
type protoRequest struct{ *vanguard.ProtoCodec }

// Unmarshal reads a message from binary protobuf; errors are INVALID_ARGUMENT, "request protobuf:
// cannot parse invalid wire-format data".
func (c protoRequest) Unmarshal(data []byte, msg proto.Message) error {
	if err := c.ProtoCodec.Unmarshal(data, msg); err != nil {
		return connect.NewError(connect.CodeInvalidArgument, errors.New(badProtobuf+protoErrText(err.Error())))
	}
	return nil
}

// badProtobuf begins the message of a request whose binary protobuf does not read, as "request
// JSON: " begins one whose JSON does not ([strictJSON]); over native gRPC as over HTTP
// (unreadableStatus).
const badProtobuf = "request protobuf: "

// grpcNoRequest is the status that grpc-go gives a unary or server-streaming call whose client
// sent no request message before closing its side (server.go): Internal, though the caller erred.
const grpcNoRequest = "cardinality violation: received no request message from non-client-streaming RPC"

// noRequestMessage is the refusal of a call that carried no request message (grpcNoRequest).
const noRequestMessage = "no request message: a Connect unary call's body is the request (in JSON, {} at least), " +
	"a stream's body one framed request (docs/INTEGRATE.md)"

// grpcManyRequests is the status that grpc-go gives a unary or server-streaming call whose body
// holds more than one request message (stream.go, RecvMsg): Internal, though the caller erred.
const grpcManyRequests = "cardinality violation: received multiple request messages for non-client-streaming RPC"

// manyRequestsMessage is the refusal of a call that carried more than one request message
// (grpcManyRequests).
const manyRequestsMessage = "more than one request message: a unary call or a server stream takes one framed request; " +
	"only SeatService.Connect takes more (docs/INTEGRATE.md)"

// grpcCutRequest is the status that grpc-go gives a call whose request ends within a frame
// (stream.go, RecvMsg): Internal, though the caller's bytes were cut short.
const grpcCutRequest = "unexpected EOF"

// cutRequestMessage is the refusal of a call whose request was cut short (grpcCutRequest).
const cutRequestMessage = "request cut short: the body ends before the length its frame gives (docs/INTEGRATE.md)"

// requestRefusals returns g as the transcoder's handler, with grpc-go's refusal of a call that
// carried no request (grpcNoRequest), more than one (grpcManyRequests) or a request cut short
// (grpcCutRequest) turned into INVALID_ARGUMENT with noRequestMessage, manyRequestsMessage and
// cutRequestMessage, in the trailers it leaves (requestMistake, as its metrics count it): the
// caller sent bad input, the referee did not fail, and Connect and gRPC-Web clients, whose binary
// messages vanguard hands to grpc-go as they are, got HTTP 500 (a request message that does not
// read ends INVALID_ARGUMENT in the referee's handler: readable). A JSON stream message that [wholeMessages] refused, which grpc-go
// ends as UNAVAILABLE (a body that failed to read), gets its code from streamRefusals
// (RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED). A call whose body failed a read at its deadline
// ([bodyDeadline]) ends DEADLINE_EXCEEDED with bodyTooSlow, when g ended it UNAVAILABLE (the
// failed read), CANCELED or with no status at all: over HTTP/1.1 net/http cancels the request's
// context when a read of the connection fails, and grpc-go then returned, by a race, with
// CANCELED or having written nothing, which the transcoder answered UNKNOWN, "response uses
// incorrect codec". It cannot be done in grpc-go: its stream writes the status itself when
// RecvMsg fails, whatever the handler returns then, so native gRPC callers keep grpc-go's
// Internal for these three (docs/INTEGRATE.md). The transcoder reads the trailers once g has
// returned, and a status in the headers of an answer g did not begin as one with trailers only.
// g closes the request's body at the end of its call, and returns once its read of it has: the
// close interrupts that read ([closeInterrupts]), so that the call's end reaches a client whose
// body is still open.
func requestRefusals(g http.Handler) http.Handler {
	internal, unavailable := strconv.Itoa(int(codes.Internal)), strconv.Itoa(int(codes.Unavailable))
	canceled := strconv.Itoa(int(codes.Canceled))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if body := bodyOf(r.Context()); body != nil {
			r = r.WithContext(r.Context())
			r.Body = closeInterrupts{r.Body, body}
		}
		g.ServeHTTP(w, r)
		h := w.Header()
		st := h.Get("Grpc-Status")
		if (st == "" || st == canceled || st == unavailable) && lateBody(r.Context()) {
			if h.Get("Content-Type") == "" { // g wrote nothing: a trailers-only answer
				h.Set("Content-Type", r.Header.Get("Content-Type"))
			}
			h.Set("Grpc-Status", strconv.Itoa(int(codes.DeadlineExceeded)))
			h.Set("Grpc-Message", url.PathEscape(bodyTooSlow))
			return
		}
		if st != internal && st != unavailable {
			return
		}
		msg, err := url.PathUnescape(h.Get("Grpc-Message"))
		if err != nil {
			return
		}
		code := codes.Internal
		if st == unavailable {
			code = codes.Unavailable
		}
		mistake := status.Convert(requestMistake(status.Error(code, msg)))
		if mistake.Code() == code {
			return // not a mistake of the request's
		}
		h.Set("Grpc-Status", strconv.Itoa(int(mistake.Code())))
		h.Set("Grpc-Message", url.PathEscape(mistake.Message())) // percent-encoded, as gRPC reads it
	})
}

// checkGetQuery returns a Connect INVALID_ARGUMENT error naming the query parameter when r is a
// Connect unary GET (an "encoding" parameter: the protocol requires it) without a message in JSON,
// whose base64 parameter is neither 0 nor 1 or whose message, with base64=1, is not base64 (URL alphabet, with or without
// padding, as the protocol allows); nil for every other request. vanguard refuses these with
// Unknown (HTTP 500) and offers no hook before it decodes them, so they are checked here first,
// by the protocol's rules (connectrpc.com/docs/protocol, "Unary-Get-Request").
func checkGetQuery(r *http.Request) error {
	if r.Method != http.MethodGet {
		return nil
	}
	q := r.URL.Query()
	if !q.Has("encoding") {
		return nil
	}
	if q.Get("encoding") == "json" && !q.Has("message") { // vanguard parsed nothing: "request JSON: syntax error (line 1:1)"
		return connect.NewError(connect.CodeInvalidArgument, errors.New("query parameter message: missing: a Connect GET carries its request there, URL-encoded JSON ({} for an empty one)"))
	}
	switch b := q.Get("base64"); b {
	case "", "0":
		return nil
	case "1":
	default:
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("query parameter base64: %q, want 0 or 1", b))
	}
	m := q.Get("message")
	if _, err := base64.RawURLEncoding.DecodeString(m); err == nil {
		return nil
	}
	if _, err := base64.URLEncoding.DecodeString(m); err != nil {
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("query parameter message: not base64url (base64=1): %w", err))
	}
	return nil
}

// checkConnectTimeout returns a Connect INVALID_ARGUMENT error naming the header when r has a
// Connect-Timeout-Ms that is not the protocol's "positive integer as ASCII string of at most 10
// digits" (connectrpc.com/docs/protocol; 0 is left to vanguard, which answers it
// DEADLINE_EXCEEDED); nil for every other request. vanguard answered "abc" and "-5" in plain
// text, strconv's words or its own, and took 11 digits (an outside trial).
func checkConnectTimeout(r *http.Request) error {
	v, ok := r.Header["Connect-Timeout-Ms"]
	if !ok {
		return nil
	}
	if len(v) == 1 && len(v[0]) >= 1 && len(v[0]) <= 10 && strings.Trim(v[0], "0123456789") == "" {
		return nil
	}
	return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("header Connect-Timeout-Ms: %q, want one, the timeout in milliseconds: 1 to 10 digits", strings.Join(v, ", ")))
}

// checkRequestEncoding returns a Connect UNIMPLEMENTED error naming the header (or a Connect
// GET's query parameter) when r's request says it is compressed with anything but identity:
// Content-Encoding, Connect-Content-Encoding, Grpc-Encoding, whichever protocol names it, or
// compression; nil for every other request, whose identity encoding, in any case, it removes.
// The referee reads requests uncompressed (the largest
// is a few hundred bytes), and vanguard answered br, deflate and zstd with a plain-text 415 and
// gzip with grpc-go's "Decompressor is not installed", a server stream's Content-Encoding with
// a plain-text 415 and a unary call's Connect-Content-Encoding not at all (outside trials).
func checkRequestEncoding(r *http.Request) error {
	said := func(name string, v []string) error {
		if len(v) == 0 || len(v) == 1 && (v[0] == "" || strings.EqualFold(strings.TrimSpace(v[0]), "identity")) {
			return nil // the transcoder, which took "identity" only, is not asked
		}
		return connect.NewError(connect.CodeUnimplemented, fmt.Errorf("%s: %q: the referee reads requests uncompressed (identity)", name, strings.Join(v, ", ")))
	}
	for _, h := range []string{"Content-Encoding", "Connect-Content-Encoding", "Grpc-Encoding"} {
		if err := said("header "+h, r.Header.Values(h)); err != nil {
			return err
		}
		r.Header.Del(h)
	}
	if r.Method == http.MethodGet {
		return said("query parameter compression", r.URL.Query()["compression"])
	}
	return nil
}

// sortedPreflight hands next a preflight (OPTIONS) whose Access-Control-Request-Headers names are
// lowercase, sorted and unique, in one header. Browsers send them so (the Fetch standard requires
// it), and github.com/rs/cors allows a preflight only then, with no option to normalise it; a
// hand-written preflight (curl -H 'Access-Control-Request-Headers: Content-Type,
// Connect-Protocol-Version') got no Access-Control-Allow-Origin before.
func sortedPreflight(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if values, ok := r.Header["Access-Control-Request-Headers"]; ok && r.Method == http.MethodOptions {
			var names []string
			for _, v := range values {
				for name := range strings.SplitSeq(v, ",") {
					if name = strings.ToLower(strings.TrimSpace(name)); name != "" {
						names = append(names, name)
					}
				}
			}
			slices.Sort(names)
			r = r.Clone(r.Context())
			r.Header.Set("Access-Control-Request-Headers", strings.Join(slices.Compact(names), ","))
		}
		next.ServeHTTP(w, r)
	})
}

// unaryGzipMinBytes is the least answer of a Connect unary call that is gzipped (connectUnary).
const unaryGzipMinBytes = 1024

// isGRPC reports whether contentType is native gRPC's (application/grpc, application/grpc+proto),
// not gRPC-Web's (application/grpc-web...).
func isGRPC(contentType string) bool {
	rest, ok := strings.CutPrefix(contentType, "application/grpc")
	return ok && (rest == "" || rest[0] == '+' || rest[0] == ';')
}

// Port is the referee's port: native gRPC and HTTP on one listener, told apart by
// github.com/soheilhy/cmux as etcd does. With TLS, TLS ends on the listener (crypto/tls, before
// cmux), so what follows sees every connection decrypted, with or without TLS.
//
// An HTTP/2 connection whose first request has gRPC's content-type (application/grpc, or
// application/grpc+proto as the Go SDK sends it: [nativeGRPC]) is handed to grpc-go's own
// transport (g.Serve), which keeps its flow-control
// windows, keepalive enforcement, stream limit per connection (grpc.MaxConcurrentStreams) and
// speed: through net/http (g.ServeHTTP) a seat's round trip took about twice as long
// (docs/BENCHMARKS.md). To read that request the port sends the server's SETTINGS frame first,
// as gRPC clients wait for it before they send a request. The other HTTP connections go to an
// [http.Server] serving the gRPC server's HTTP face ([NewHTTPHandler]): HTTP/1.x, and HTTP/2
// (browsers, Connect and gRPC-Web clients) with the client's acknowledgement of that first
// SETTINGS frame taken out of the stream ([settingsAckFilter]). Bytes of no protocol it serves
// are answered 400 ([FirstBytesTimeout]).
type Port struct {
	mux      cmux.CMux
	grpc     *grpc.Server
	grpcLis  net.Listener // HTTP/2, first request gRPC (nativeGRPC)
	h2Lis    net.Listener // the other HTTP/2 connections
	h1Lis    net.Listener // HTTP/1.x, by its method (http1Method)
	otherLis net.Listener // every other connection that sent a byte: answered 400 (answerNotServed)
	http     *http.Server
	arriving *arrivingBudget // the bytes of HTTP request messages still arriving
	unread   *unreadWatch    // native gRPC connections whose answers go unread
	stopping atomic.Bool
	stopped  context.Context // done once Stop has begun: unread's run ends
	stop     context.CancelFunc
}

// PortConfig configures the referee's port, [NewPort]: what its gRPC server (grpc-go's transport)
// and its HTTP server (net/http) both take from it.
type PortConfig struct {
	// TLS, when set, ends TLS on the listener, in front of gRPC and HTTP alike (the gRPC server
	// then has no transport credentials of its own). A config without NextProtos offers "h2"
	// (which gRPC clients require) and "http/1.1" by ALPN, as net/http's ServeTLS does; a config
	// that GetConfigForClient returns must offer them itself. A plain HTTP/1.x request (http://
	// for https://) is answered 400 "Client sent an HTTP request to an HTTPS server.", as
	// net/http's ServeTLS answers it. Nil: no TLS.
	TLS *tls.Config
	// MaxConnectionIdle closes a connection that carries no call or stream for that long (0:
	// never; the referee's default is [DefaultMaxConnectionIdle]), on every protocol: native gRPC
	// by grpc-go's keepalive MaxConnectionIdle (a GOAWAY; gRPC clients reconnect at their next
	// call), HTTP/1.1 between requests by net/http's IdleTimeout, HTTP/2 served by net/http with
	// no stream open by the same (a GOAWAY, then the close).
	MaxConnectionIdle time.Duration
	// MaxStreamsPerConn is the most concurrent streams (calls) of one HTTP/2 connection, on
	// grpc-go's transport (grpc.MaxConcurrentStreams) and net/http's alike; a client past it waits
	// for one to end (0: [DefaultMaxStreamsPerConn]).
	MaxStreamsPerConn uint32
	// MaxConnsPerAddr is the most connections open at once from one client address (an IPv6
	// address's /64), on every protocol: one past it is closed as soon as it is accepted, before
	// TLS and before a byte of it is read, counted by bezique_connections_refused_total (Metrics)
	// and logged at most once a minute (Logger). 0: no limit; the referee's default is
	// [DefaultMaxConnsPerAddr]. The address is the connection's peer: behind a proxy, the proxy's.
	MaxConnsPerAddr int
	// ConnsUnlimited are the address ranges whose connections MaxConnsPerAddr does not count, and
	// that have no share of their own of HTTP.MaxArrivingBytes (each of their connections has
	// one): the referee gives its trusted proxies (Config.TrustedProxies), which carry many
	// clients' calls, and loopback.
	ConnsUnlimited []netip.Prefix
	// Metrics counts the connections MaxConnsPerAddr refuses; nil counts nothing.
	Metrics *Metrics
	// Logger logs the connections MaxConnsPerAddr refuses, and net/http's own errors (a TLS
	// handshake refused); nil uses slog.Default().
	Logger *slog.Logger
	// SendStall is how long an answer may wait for its client to read it (0 or less:
	// [DefaultSendStall], the referee's --send-stall). Native gRPC: a connection with an answer
	// waiting on its client (its stream's HTTP/2 send window, or the connection's, shut) that is
	// sent less than 16 KiB in that long is closed (unreadWatch, bezique_connections_unread_total).
	// HTTP: each piece of an answer (stallChunkBytes) has that long, then the call ends (HTTP/2:
	// its stream is reset; HTTP/1.1: its connection is closed), see stallWriter. An answer the
	// client never read held its bytes for as long as the client kept its connection open.
	SendStall time.Duration
	// HTTP is the port's HTTP face, [NewHTTPHandler]'s configuration.
	HTTP HTTPConfig
}

// NewPort returns the port serving, on lis, a gRPC server and its HTTP face
// ([NewHTTPHandler] with cfg.HTTP), with cfg's TLS and idle limit. The gRPC server is built
// here from opts ([ServerOptions] and the caller's own: interceptors) with cfg.MaxConnectionIdle
// and cfg.MaxStreamsPerConn after them, so that one value limits both servers; register registers
// its services before the HTTP face reads them. It returns NewHTTPHandler's error. Call
// [Port.Serve], then [Port.Stop].
//
// A new connection has [FirstBytesTimeout] to say which protocol it speaks; one that says
// nothing in that time is closed. An accept that fails for a while (no file descriptor left) is
// tried again after a pause ([acceptBackoff]). A client address past cfg.MaxConnsPerAddr has
// its new connections closed at once ([connLimit]). The requests of one connection, and of one
// client address but those of cfg.ConnsUnlimited, hold at most an eighth of
// cfg.HTTP.MaxArrivingBytes of messages still arriving ([arrivingBudget]).
func NewPort(lis net.Listener, cfg PortConfig, register func(*grpc.Server), opts ...grpc.ServerOption) (*Port, error) {
	if cfg.MaxStreamsPerConn == 0 {
		cfg.MaxStreamsPerConn = DefaultMaxStreamsPerConn
	}
	if cfg.SendStall <= 0 {
		cfg.SendStall = DefaultSendStall
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	unread := newUnreadWatch(cfg.SendStall, cfg.Metrics, cfg.Logger)
	g := grpc.NewServer(append(opts[:len(opts):len(opts)], keepaliveParams(cfg.MaxConnectionIdle),
		grpc.MaxConcurrentStreams(cfg.MaxStreamsPerConn))...)
	register(g)
	arriving := newArrivingBudget(cfg.HTTP.MaxArrivingBytes, cfg.HTTP.Metrics, cfg.ConnsUnlimited)
	h, err := newHTTPHandler(g, cfg.HTTP, arriving)
	if err != nil {
		return nil, err
	}
	answers := h
	h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		withTLSState(r)
		answers.ServeHTTP(newStallWriter(w, cfg.SendStall), r)
	})
	lis = acceptBackoff{lis}
	if cfg.MaxConnsPerAddr > 0 {
		lis = newConnLimit(lis, cfg.MaxConnsPerAddr, cfg.ConnsUnlimited, cfg.Metrics, cfg.Logger)
	}
	tlsConfig := cfg.TLS
	if tlsConfig != nil {
		if len(tlsConfig.NextProtos) == 0 {
			tlsConfig = tlsConfig.Clone()
			tlsConfig.NextProtos = []string{"h2", "http/1.1"}
		}
		lis = tlsListener{lis, tlsConfig}
	}
	m := cmux.New(lis)
	m.SetReadTimeout(FirstBytesTimeout)
	p := &Port{mux: m, grpc: g, arriving: arriving, unread: unread}
	p.stopped, p.stop = context.WithCancel(context.Background())
	// HTTP/1.x by its request's method, any method; HTTP/2, to grpc-go when its first request is
	// gRPC; then any other bytes, answered 400. A connection that said nothing by
	// FirstBytesTimeout matches none and is closed then (cmux.Any handed it to net/http, whose
	// ReadHeaderTimeout kept it 10 s longer).
	p.h1Lis = m.Match(http1Method)
	p.grpcLis = unread.listener(m.MatchWithWriters(nativeGRPC))
	p.h2Lis = settingsAckListener{m.Match(cmux.HTTP2())}
	p.otherLis = m.Match(sentBytes)
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true) // HTTP/2 by prior knowledge: the decrypted stream of an h2 TLS connection, or h2c
	// The HTTP/2 settings carry over those of [ServerOptions] for the calls served through
	// net/http: the flow-control windows, the keepalive that detects a dead client, the bound on
	// a request's headers and the streams of one connection (which also bounds the handlers a
	// client's rapid resets start, CVE-2023-44487: net/http counts them against it).
	p.http = &http.Server{Handler: h, Protocols: &protocols, ReadHeaderTimeout: FirstBytesTimeout, IdleTimeout: cfg.MaxConnectionIdle,
		MaxHeaderBytes: MaxHeaderBytes, ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return withTLSConn(arriving.connContext(ctx, c), c)
		},
		// net/http's own lines (a TLS handshake refused, a client's HTTP/2 error) in the
		// referee's structured log, not in log's plain format among them (an integrator's trial).
		ErrorLog: slog.NewLogLogger(cfg.Logger.Handler(), slog.LevelInfo),
		HTTP2: &http.HTTP2Config{
			MaxConcurrentStreams:          int(cfg.MaxStreamsPerConn),
			MaxReceiveBufferPerStream:     StreamWindowBytes,
			MaxReceiveBufferPerConnection: ConnWindowBytes,
			SendPingTimeout:               KeepaliveTime,
			PingTimeout:                   KeepaliveTimeout,
		}}
	return p, nil
}

// FirstBytesTimeout is how long a new connection to the [Port] may take to say which protocol it
// speaks (10 s): an HTTP/1.x request's method (any method: net/http answers those the referee
// does not serve), or HTTP/2's preface (and its first request, to tell gRPC from the rest).
// Bytes that begin neither, at once or when the time is up, are answered HTTP/1.1 400 "not HTTP,
// gRPC or gRPC-Web" before the close; a connection that sent nothing is closed without a word
// then. An HTTP/1.1 request has as long again for the rest of its headers (net/http's
// ReadHeaderTimeout). An HTTP/2 connection whose first request did not come goes to net/http,
// which closes it 2 s later when the client's SETTINGS did not come either, and else as idle
// (PortConfig.MaxConnectionIdle).
const FirstBytesTimeout = 10 * time.Second

// Addr is the port's address.
func (p *Port) Addr() net.Addr { return p.h1Lis.Addr() }

// Serve serves the port until the listener fails (that error is returned) or [Port.Stop] is called
// (nil is returned).
func (p *Port) Serve() error {
	go func() { _ = p.grpc.Serve(p.grpcLis) }()
	go func() { _ = p.http.Serve(p.h2Lis) }()
	go func() { _ = p.http.Serve(p.h1Lis) }()
	go answerNotServed(p.otherLis)
	go p.unread.run(p.stopped)
	err := p.mux.Serve()
	if p.stopping.Load() {
		return nil
	}
	return err
}

// Stop stops accepting connections, lets calls in flight end for up to timeout (gRPC's graceful
// stop, the HTTP server's shutdown), then closes every connection.
func (p *Port) Stop(timeout time.Duration) {
	p.stopping.Store(true)
	p.stop()
	p.mux.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	stopped := make(chan struct{})
	go func() { p.grpc.GracefulStop(); close(stopped) }()
	_ = p.http.Shutdown(ctx)
	select {
	case <-stopped:
	case <-ctx.Done():
		p.grpc.Stop()
	}
	_ = p.http.Close()
}
