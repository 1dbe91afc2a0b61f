//go:build !linux

package store

import "syscall"

// setUserTimeout does nothing: TCP_USER_TIMEOUT is Linux's. Elsewhere a connection to a server
// that has vanished ends when the kernel's retransmissions give up, or with its caller's context.
func setUserTimeout(string, string, syscall.RawConn) error { return nil }
