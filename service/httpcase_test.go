package service

import "testing"

// TestHTTPContentTypeAnyCase is the regression test of a Content-Type whose media type is not
// spelled in lower case ("Application/JSON"): RFC 9110 §8.3.1 makes it case-insensitive, and the
// refusals of rpcpath.go read it so, but vanguard matched it as spelled and handed the call to the
// web app, which answered "404 page not found" (text). Each call is now served as its lower-case
// spelling is: here, over real HTTP, the answer of GetTable and WatchTable for a table that does
// not exist (the stream's end frame holds a newline after its 0x43 bytes of JSON).
func TestHTTPContentTypeAnyCase(t *testing.T) {
	base := serveWithApp(t)
	const notFound = `{"code":"not_found","message":"table \"t-1\" not found"}`
	for _, c := range []struct {
		path, contentType, body, wantType, want string
	}{
		{"/bezique.v1.TableService/GetTable", "Application/JSON", `{"tableId":"t-1"}`, "application/json", notFound},
		{"/bezique.v1.TableService/GetTable", "APPLICATION/json; charset=utf-8", `{"tableId":"t-1"}`, "application/json", notFound},
		{"/bezique.v1.TableService/WatchTable", "Application/Connect+JSON", "\x00\x00\x00\x00\x11" + `{"tableId":"t-1"}`,
			"application/connect+json", "\x02\x00\x00\x00\x43" + `{"error":` + notFound + `}`},
	} {
		code, contentType, body := connectPost(t, base+c.path, c.contentType, c.body)
		if contentType != c.wantType || body != c.want {
			t.Errorf("%s %s: %d %s %q\nwant %s %q", c.path, c.contentType, code, contentType, body, c.wantType, c.want)
		}
	}
}
