package botsdk

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bezique-arena/bezique/internal/testpki"
)

// TestTLSConfig checks what TLSConfig builds and the errors it names; a game over TLS is played
// by cmd/bezique-referee's and e2e's tests.
func TestTLSConfig(t *testing.T) {
	dir := t.TempDir()
	ca := testpki.NewCA(t, "test CA")
	caFile := ca.WriteCA(t, dir, "ca.crt")
	certFile, keyFile := ca.Issue(t, 7).Write(t, dir, "bot")
	notPEM := filepath.Join(dir, "not.pem")
	if err := os.WriteFile(notPEM, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}

	c, err := TLSConfig("", "", "")
	if err != nil || c.RootCAs != nil || len(c.Certificates) != 0 {
		t.Fatalf("TLSConfig(no files) = %+v, %v; want the system's roots and no certificate", c, err)
	}
	c, err = TLSConfig(caFile, certFile, keyFile)
	if err != nil || c.RootCAs == nil || len(c.Certificates) != 1 || c.Certificates[0].Leaf.SerialNumber.Int64() != 7 {
		t.Fatalf("TLSConfig(ca, cert, key) = %+v, %v; want the CA and the certificate of serial 7", c, err)
	}
	for _, tc := range []struct{ ca, cert, key, want string }{
		{notPEM, "", "", "botsdk: CA file " + notPEM + ": no PEM certificate in it"},
		{filepath.Join(dir, "absent"), "", "", "botsdk: CA file: open " + filepath.Join(dir, "absent") + ": no such file or directory"},
		{"", certFile, "", "botsdk: a client certificate needs both its certificate and its key file"},
		{"", certFile, notPEM, "botsdk: client certificate: tls: failed to find any PEM data in key input"},
	} {
		if _, err := TLSConfig(tc.ca, tc.cert, tc.key); err == nil || err.Error() != tc.want {
			t.Errorf("TLSConfig(%q, %q, %q): %v, want %q", tc.ca, tc.cert, tc.key, err, tc.want)
		}
	}
}
