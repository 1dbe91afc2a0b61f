package netaddr

import "testing"

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:7777": true, "127.1.2.3:1": true, "[::1]:7777": true, "localhost:9090": true,
		":7777": false, "0.0.0.0:7777": false, "10.0.0.1:7777": false, "example.com:7777": false, "127.0.0.1": false,
	} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}
