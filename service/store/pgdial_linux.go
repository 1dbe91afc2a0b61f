package store

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// setUserTimeout sets TCP_USER_TIMEOUT (PostgresUserTimeout) on a TCP socket before it connects;
// other sockets (a Unix socket's path) are left as they are.
func setUserTimeout(network, _ string, c syscall.RawConn) error {
	if network != "tcp" && network != "tcp4" && network != "tcp6" {
		return nil
	}
	var serr error
	err := c.Control(func(fd uintptr) {
		serr = unix.SetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_USER_TIMEOUT, int(PostgresUserTimeout.Milliseconds()))
	})
	if err != nil {
		return err
	}
	return serr
}
