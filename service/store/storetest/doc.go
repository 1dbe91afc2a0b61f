// Package storetest is the conformance suite of [store.Store]: the contract that every backend
// (memory, SQLite, PostgreSQL, or a new one) follows, as one test per clause of the interface's
// documentation. A backend runs it from its own tests with a function that opens an empty store:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store {
//			st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
//			if err != nil {
//				t.Fatal(err)
//			}
//			return st
//		})
//	}
//
// The suite covers what a single open store promises: defaults and time truncation, errors,
// ordering and paging of the List methods, the append-only log, finishing with a record,
// concurrent appends, copies in and out, and Close. It does not cover durability across a
// reopen, a backend's own limits (the memory store's retention) or failures injected below
// the interface: a backend tests those itself.
package storetest
