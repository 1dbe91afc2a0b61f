package service

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// countedKey is the request context key of the *atomic.Bool that Metrics.UnaryServerInterceptor
// sets: the call has been counted.
type countedKey struct{}

// markCounted records in ctx, where countRefusal put one, that the gRPC server's metrics counted
// the call.
func markCounted(ctx context.Context) {
	if counted, ok := ctx.Value(countedKey{}).(*atomic.Bool); ok {
		counted.Store(true)
	}
}

// countRefusal prepares the count of a unary call over HTTP (Connect, Connect GET, gRPC-Web)
// to a method of the gRPC server that is refused before the gRPC server's interceptors see it:
// JSON that does not parse or names an unknown field, bytes that are not protobuf (grpc-go
// decodes a unary request before its interceptors run), a body over MaxUnaryBodyBytes, a
// Connect GET whose message does not read, a Host refused. It returns the request and writer to
// serve with, and a func to call once served, which counts such a refusal in
// grpc_server_started_total and grpc_server_handled_total with its code (the gRPC-Web answer's
// Grpc-Status, else the code of a Connect answer's HTTP status), as the interceptors count every
// call they see: a dashboard saw none of an HTTP client's malformed requests, which
// docs/INTEGRATE.md said were counted INVALID_ARGUMENT (an integrator's trial). Streams are
// counted by the interceptors (their refusals come through them), and so is native gRPC. m nil,
// or r not a unary call of a method of paths: r and w as they are, and a func that counts
// nothing.
func countRefusal(w http.ResponseWriter, r *http.Request, paths rpcPaths, m *Metrics) (http.ResponseWriter, *http.Request, func()) {
	service, method, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	sm, ok := paths[service][method]
	if m == nil || !ok || sm.clientStream || sm.serverStream || r.Method == http.MethodOptions { // a CORS preflight is no call
		return w, r, func() {}
	}
	counted := new(atomic.Bool)
	rec := &statusRecorder{ResponseWriter: w}
	r = r.WithContext(context.WithValue(r.Context(), countedKey{}, counted))
	return rec, r, func() {
		if counted.Load() {
			return
		}
		code := codes.OK
		if gs := rec.Header().Get("Grpc-Status"); gs != "" {
			n, _ := strconv.Atoi(gs)
			code = codes.Code(n)
		} else if rec.status >= 400 {
			code = connectCodeOf(rec.status)
		}
		if code == codes.OK {
			return
		}
		_, _ = m.grpc.UnaryServerInterceptor()(context.Background(), nil, &grpc.UnaryServerInfo{FullMethod: "/" + service + "/" + method},
			func(context.Context, any) (any, error) { return nil, status.Error(code, "") })
	}
}

// connectCodeOf is the code of a Connect unary call's error answered with HTTP status s, as the
// Connect protocol maps codes to statuses; of the codes that share 400, the HTTP face answers
// InvalidArgument only.
func connectCodeOf(s int) codes.Code {
	switch s {
	case http.StatusBadRequest:
		return codes.InvalidArgument
	case http.StatusUnauthorized:
		return codes.Unauthenticated
	case http.StatusForbidden:
		return codes.PermissionDenied
	case http.StatusNotFound:
		return codes.NotFound
	case http.StatusConflict:
		return codes.AlreadyExists
	case http.StatusTooManyRequests:
		return codes.ResourceExhausted
	case 499:
		return codes.Canceled
	case http.StatusNotImplemented:
		return codes.Unimplemented
	case http.StatusServiceUnavailable:
		return codes.Unavailable
	case http.StatusGatewayTimeout:
		return codes.DeadlineExceeded
	case http.StatusInternalServerError:
		return codes.Internal
	}
	return codes.Unknown
}

// statusRecorder is an http.ResponseWriter that records the status written through it.
type statusRecorder struct {
	http.ResponseWriter
	status int // 0 until written
}

// WriteHeader records code and writes it.
func (w *statusRecorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write records the implicit 200 of a body written first, and writes b.
func (w *statusRecorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap returns the writer underneath, for http.ResponseController.
func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Flush flushes the writer underneath, when it can.
func (w *statusRecorder) Flush() { _ = http.NewResponseController(w.ResponseWriter).Flush() }
