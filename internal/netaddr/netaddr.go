// Package netaddr holds the address checks the referee and the CLI share.
package netaddr

import "net"

// IsLoopback reports whether addr (host:port) names a loopback host: localhost or a loopback IP
// (127.0.0.0/8, ::1). An empty host (":7777", every interface when listening) and an address
// without a port are not loopback.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
