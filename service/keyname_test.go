package service

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestKeyNamesUnique is the regression test of API keys sharing a name (a security trial): the
// admin could create a second bot key named "beta", which took the lobby name "beta" and the
// organiser's lobby:beta challenges while the real beta was away. CreateKey refuses a name that a
// key not revoked has, in any case, with letters of other scripts that look alike (UTS #39) and
// whatever the roles, with AlreadyExists naming that key; once it is revoked the name is free
// again.
func TestKeyNamesUnique(t *testing.T) {
	r := startAuthReferee(t, nil)
	beta, _ := r.newKey(t, "beta", pb.Role_ROLE_BOT)
	alpha, _ := r.newKey(t, "Alpha", pb.Role_ROLE_BOT)
	botl, _ := r.newKey(t, "botl", pb.Role_ROLE_BOT)
	bob, _ := r.newKey(t, "b0b", pb.Role_ROLE_BOT)
	for _, c := range []struct {
		name string
		role pb.Role
		key  string // the key that has the name
		has  string // its name
	}{
		{"beta", pb.Role_ROLE_BOT, beta, "beta"},
		{"BETA", pb.Role_ROLE_ORGANISER, beta, "beta"},
		{"alpha", pb.Role_ROLE_BOT, alpha, "Alpha"},
		{"ALPHA", pb.Role_ROLE_WATCHER, alpha, "Alpha"},
		{"\u0430lpha", pb.Role_ROLE_BOT, alpha, "Alpha"},   // a Cyrillic а (the re-attack of session 30)
		{"\u0391LPHA", pb.Role_ROLE_BOT, alpha, "Alpha"},   // a Greek capital Α
		{"b\u0435t\u0430", pb.Role_ROLE_BOT, beta, "beta"}, // Cyrillic е and а
		// Made beside the names they look like (an outside trial): the case folded after the
		// skeleton, whose B and I a fold first made в and i.
		{"\u0412eta", pb.Role_ROLE_BOT, beta, "beta"}, // a Cyrillic capital В
		{"botI", pb.Role_ROLE_BOT, botl, "botl"},
		{"bOb", pb.Role_ROLE_BOT, bob, "b0b"},
	} {
		_, err := r.keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: c.name, Role: c.role})
		wantMessage(t, "CreateKey "+c.name, err, codes.AlreadyExists,
			"name: key "+c.key+` is already named "`+c.has+`" (names are compared in any case and width, and by the look of their letters in any script, UTS #39): revoke it first or choose another name`)
	}
	if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: beta}); err != nil {
		t.Fatal(err)
	}
	if id, _ := r.newKey(t, "Beta", pb.Role_ROLE_BOT); id == beta {
		t.Errorf("CreateKey Beta after beta's revocation returned the revoked key %s", id)
	}
	list, err := r.keys.ListKeys(as(testAdminKey), &pb.ListKeysRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, k := range list.GetKeys() {
		got = append(got, fmt.Sprintf("%s revoked=%t", k.GetName(), k.GetRevokeTime() != nil))
	}
	if want := []string{"beta revoked=true", "Alpha revoked=false", "botl revoked=false", "b0b revoked=false", "Beta revoked=false"}; !slices.Equal(got, want) {
		t.Errorf("ListKeys: %q; want %q", got, want)
	}
}

// TestKeyNamesOfPrincipals: a key may not be named as the referee names its own principals in
// records, the audit trail and the logs (admin, local, anonymous), in any case or look-alike
// letters: a key named "admin" read as the configured admin key (a re-trial). A role outside the
// four is refused naming the four.
func TestKeyNamesOfPrincipals(t *testing.T) {
	r := startAuthReferee(t, nil)
	for name, what := range map[string]string{"admin": "the configured admin key (--admin-key-file)", "Local": "the referee's in-process calls",
		"аnonymous": "callers without a key"} {
		_, err := r.keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: name, Role: pb.Role_ROLE_ORGANISER})
		wantMessage(t, "CreateKey "+name, err, codes.InvalidArgument, fmt.Sprintf("name: %q is the referee's name for %s", name, what))
	}
	_, err := r.keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: "x", Role: 99})
	wantMessage(t, "CreateKey of role 99", err, codes.InvalidArgument, "role: 99 is not a key's role (admin, organiser, bot or watcher)")
}

// TestKeyNamesUniqueAtOnce: 20 CreateKey calls of one name at the same moment, on a SQLite
// store, make one key, and the 19 others are refused AlreadyExists; two at once both passed (the
// re-attack of session 30).
func TestKeyNamesUniqueAtOnce(t *testing.T) {
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	r := startAuthReferee(t, st)
	const calls = 20
	codesOf := make([]codes.Code, calls)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			<-start
			_, err := r.keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: "gamma", Role: pb.Role_ROLE_BOT})
			codesOf[i] = status.Code(err)
		})
	}
	close(start)
	wg.Wait()
	made := 0
	for _, c := range codesOf {
		switch c {
		case codes.OK:
			made++
		case codes.AlreadyExists:
		default:
			t.Errorf("CreateKey gamma: %v; want OK or AlreadyExists", c)
		}
	}
	if made != 1 {
		t.Errorf("%d of %d CreateKey calls of one name at once made a key; want 1", made, calls)
	}
}
