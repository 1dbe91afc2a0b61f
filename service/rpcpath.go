package service

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
)

// connectForm says what the port's HTTP protocols take, for the refusals of [rpcPaths.refusal].
const connectForm = "a Connect call takes Content-Type application/json or application/proto (a server stream: " +
	"application/connect+json or application/connect+proto) and the header Connect-Protocol-Version: 1; " +
	"gRPC-Web takes application/grpc-web+proto or application/grpc-web+json (docs/INTEGRATE.md)"

// rpcPaths are the services registered on a gRPC server and their methods, by name.
type rpcPaths map[string]map[string]rpcMethod

// rpcMethod is what the HTTP protocols need to know of a method: whether it is read-only
// (idempotency_level NO_SIDE_EFFECTS: a Connect GET serves it) and which streams it has.
type rpcMethod struct{ readOnly, clientStream, serverStream bool }

// newRPCPaths returns the services and methods registered on g, read-only ones marked from
// their descriptors in the global registry (a service not there has none marked).
func newRPCPaths(g *grpc.Server) rpcPaths {
	paths := rpcPaths{}
	for name, info := range g.GetServiceInfo() {
		methods := map[string]rpcMethod{}
		d, _ := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		sd, _ := d.(protoreflect.ServiceDescriptor)
		for _, m := range info.Methods {
			readOnly := false
			if sd != nil {
				if md := sd.Methods().ByName(protoreflect.Name(m.Name)); md != nil {
					opts, _ := md.Options().(*descriptorpb.MethodOptions)
					readOnly = opts.GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS
				}
			}
			methods[m.Name] = rpcMethod{readOnly: readOnly, clientStream: m.IsClientStream, serverStream: m.IsServerStream}
		}
		paths[name] = methods
	}
	return paths
}

// clientStream reports whether r's path names a registered method whose client streams
// (SeatService.Connect).
func (p rpcPaths) clientStream(r *http.Request) bool {
	service, method, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	return p[service][method].clientStream
}

// stream reports whether r's path names a registered method that streams either way.
func (p rpcPaths) stream(r *http.Request) bool {
	service, method, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	m := p[service][method]
	return m.clientStream || m.serverStream
}

// connectUnary reports whether r is a Connect unary call: its path names a registered method that
// streams neither way, called with GET or with a POST of application/json or application/proto
// (its media type lower-cased by lowerMediaType). Its answer is gzipped for a client that accepts
// it (klauspost/compress's gzhttp, at unaryGzipMinBytes and more): a replay is 100 to 260 KB of
// JSON, and went uncompressed (an integrator's trial). Streams are not (their messages must not
// wait in a compressor's buffer), nor the web app's files, which it compresses itself.
func (p rpcPaths) connectUnary(r *http.Request) bool {
	service, method, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	m, ok := p[service][method]
	if !ok || m.clientStream || m.serverStream {
		return false
	}
	if r.Method == http.MethodGet {
		return true
	}
	mt, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	mt = strings.TrimSpace(mt)
	return r.Method == http.MethodPost && (mt == "application/json" || mt == "application/proto")
}

// refusal returns the Connect error for a request whose path names an RPC of the referee (its
// first segment is a registered service or starts with "bezique.") but that the Connect and
// gRPC-Web protocols do not take (or a service named without its package, bezique.v1, which
// is Unimplemented too): a CORS preflight (an OPTIONS with Origin and
// Access-Control-Request-Method), which reaches it only when the referee allows no cross-origin
// call (PermissionDenied), a method other than GET and POST (InvalidArgument: net/http answered a
// plain-text 405, and an OPTIONS 404), an unknown service or method (Unimplemented, HTTP 501),
// a POST whose Content-Type is none of theirs or, for application/json and application/proto,
// without Connect-Protocol-Version: 1, a GET without the Connect GET's query (connect=v1 and an
// encoding) or of a method that is not read-only, and a Connect GET whose encoding is neither
// json nor proto (InvalidArgument, HTTP 400); then a Connect call in the wrong shape for its
// method (shapeRefusal). nil for every other request. vanguard hands the first to the web app,
// whose "404 page not found" sent integrators looking for a wrong path (a JSON POST without the
// version header, curl -d's form content type, a GET without connect=v1), or answers them 415
// with a bare "sub-format not supported".
func (p rpcPaths) refusal(r *http.Request) error {
	service, method, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	methods, known := p[service]
	if _, bare := p["bezique.v1."+service]; ok && !known && bare { // the package left out: the web app's 404 said nothing (an integrator's trial)
		return connect.NewError(connect.CodeUnimplemented, fmt.Errorf("no service %s: a service is named with its package, /bezique.v1.%s/%s", service, service, method))
	}
	if !ok || (!known && !strings.HasPrefix(service, "bezique.")) {
		return nil
	}
	if r.Method == http.MethodOptions && r.Header.Get("Origin") != "" && r.Header.Get("Access-Control-Request-Method") != "" {
		// A CORS preflight: with HTTPConfig.CORSOrigins the CORS handler answers it before this
		// one, so here the referee allows no cross-origin call (it was the web app's plain-text
		// 404, as any other OPTIONS was: a re-trial, an integrator's trial).
		return connect.NewError(connect.CodePermissionDenied, fmt.Errorf("a CORS preflight from origin %q: this referee allows no cross-origin "+
			"calls; start it with --cors-origins %s (docs/INTEGRATE.md)", r.Header.Get("Origin"), r.Header.Get("Origin")))
	}
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("%s %s: an RPC is called with POST (Connect, gRPC-Web), "+
			"or a Connect GET for the read-only methods (docs/INTEGRATE.md)", r.Method, r.URL.Path))
	}
	if !known {
		names := make([]string, 0, len(p))
		for name := range p {
			if strings.HasPrefix(name, "bezique.") {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		return connect.NewError(connect.CodeUnimplemented, fmt.Errorf("no service %s: the referee serves %s", service, strings.Join(names, ", ")))
	}
	m, known := methods[method]
	if !known {
		return connect.NewError(connect.CodeUnimplemented, fmt.Errorf("%s has no method %s", service, method))
	}
	if r.Method == http.MethodGet {
		if q := r.URL.Query(); m.readOnly && !m.serverStream && q.Has("encoding") && q.Get("connect") == "v1" {
			if e := q.Get("encoding"); e != "json" && e != "proto" {
				return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("query parameter encoding: %q, want json or proto", e))
			}
			return nil
		}
		if !m.readOnly || m.serverStream { // the query is beside the point (an integrator's trial)
			return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("GET %s: %s is not a read-only unary method: call it with POST; a Connect GET "+
				"serves the read-only unary methods only (GetTable, ListTables, GetRecord, ListGames, GetRuleCatalog...; docs/INTEGRATE.md)", r.URL.Path, method))
		}
		return connect.NewError(connect.CodeInvalidArgument, errors.New("GET "+r.URL.Path+": a Connect GET takes "+
			"the query parameters connect=v1, encoding=json and message (the URL-encoded JSON request), for the read-only methods only "+
			"(GetTable, ListTables, GetRecord, ListGames, GetRuleCatalog...); call the others with POST (docs/INTEGRATE.md)"))
	}
	ct := r.Header.Get("Content-Type")
	media, params, _ := mime.ParseMediaType(ct)
	version, hasVersion := r.Header.Get("Connect-Protocol-Version"), len(r.Header.Values("Connect-Protocol-Version")) > 0
	if cs, ok := params["charset"]; ok && !isGRPC(ct) { // not UTF-8: lowerMediaType dropped that
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("Content-Type %q: charset %q: the referee reads JSON in UTF-8 only (RFC 8259 §8.1); send charset=utf-8, or none", ct, cs))
	}
	if m.clientStream && r.ProtoMajor == 1 {
		return bidiRefusal(r, service+"/"+method) // whatever the content type: the transcoder's was a plain-text 505
	}
	switch {
	case isGRPC(ct), strings.HasPrefix(media, "application/grpc-web"):
		return nil
	case media == "application/connect+json", media == "application/connect+proto":
		return m.shapeRefusal(r, service+"/"+method, true)
	case (media == "application/json" || media == "application/proto") && version == "1":
		return m.shapeRefusal(r, service+"/"+method, false)
	}
	sent := "no Connect-Protocol-Version"
	if hasVersion {
		sent = fmt.Sprintf("Connect-Protocol-Version %q", version)
	}
	return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("POST %s with Content-Type %q and %s: %s", r.URL.Path, ct, sent, connectForm))
}

// lowerMediaType spells the media type of r's Content-Type in lower case, its parameters kept:
// RFC 9110 §8.3.1 makes a type and subtype case-insensitive, but vanguard matches them as spelled,
// and handed a call sent with "Application/JSON" to the web app ("404 page not found"). A charset
// parameter of UTF-8, in any spelling, is dropped, as the only charset of JSON (RFC 8259 §8.1) and
// meaningless for protobuf: vanguard took only "; charset=utf-8" as spelled so, and refused
// "application/json;charset=UTF-8", which Java's HTTP clients send, 415 with a plain-text "sub-format
// not supported" (an outside trial). Another charset is refused by refusal, naming it.
func lowerMediaType(r *http.Request) {
	ct := r.Header.Get("Content-Type")
	if media, params, err := mime.ParseMediaType(ct); err == nil && len(params) == 1 && strings.EqualFold(params["charset"], "utf-8") {
		r.Header.Set("Content-Type", media)
		return
	}
	media, _, _ := strings.Cut(ct, ";")
	if lower := strings.ToLower(media); lower != media {
		r.Header.Set("Content-Type", lower+ct[len(media):])
	}
}

// streamFraming says how a Connect stream's request is written, for the refusals of shapeRefusal.
const streamFraming = "the request framed: a flags byte 0, its length in 4 bytes big-endian, then the JSON (docs/INTEGRATE.md)"

// shapeRefusal returns the Connect error for a Connect call to method (service/name) of m's
// shape made in another: a server stream with a unary call's content type, or with its JSON
// request unframed (its first byte '{': the one message a server stream's client sends is
// there at once, so r.Body is peeked for it, and given back whole); a unary method as a stream
// (stream says the content type was a stream's); a bidirectional stream with a unary call's
// content type. nil when the shape is right. vanguard's own answers were "stream type server not
// supported with Connect unary (POST) protocol" (415, text) and, in the stream, "invalid
// compression flag: must be 0 or 1; instead got 123".
func (m rpcMethod) shapeRefusal(r *http.Request, method string, stream bool) error {
	switch {
	case m.clientStream && !stream:
		return bidiRefusal(r, method)
	case m.serverStream && !m.clientStream && (!stream || firstByte(r) == '{'):
		return connect.NewError(connect.CodeInvalidArgument, errors.New(method+" is a server stream: send Content-Type "+
			"application/connect+json (or application/connect+proto), "+streamFraming))
	case !m.serverStream && !m.clientStream && stream:
		return connect.NewError(connect.CodeInvalidArgument, errors.New(method+" is unary: send Content-Type application/json "+
			"(or application/proto) and Connect-Protocol-Version: 1, the request unframed (docs/INTEGRATE.md)"))
	}
	return nil
}

// bidiRefusal is the Connect error of a call to the bidirectional stream method (service/name)
// in a unary call's shape or over HTTP/1.x, which cannot carry one: the transcoder answered the
// second 505 in plain text, "bidi streams require HTTP/2" (a raw-protocol bot author's trial).
func bidiRefusal(r *http.Request, method string) error {
	over := ""
	if r.ProtoMajor == 1 {
		over = " (this call came over HTTP/1.1)"
	}
	return connect.NewError(connect.CodeInvalidArgument, errors.New(method+" is a bidirectional stream: call it with gRPC, "+
		"or a Connect stream (application/connect+proto or +json) over HTTP/2"+over+"; a browser plays a seat with SeatService.Play and Decide (docs/INTEGRATE.md)"))
}

// firstByte returns the first byte of r's body (0 for none, or when it cannot be read) and
// leaves the body whole for the handlers after it.
func firstByte(r *http.Request) byte {
	br := bufio.NewReader(r.Body)
	b, err := br.Peek(1)
	r.Body = struct {
		io.Reader
		io.Closer
	}{br, r.Body}
	if err != nil {
		return 0
	}
	return b[0]
}
