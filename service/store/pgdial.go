package store

import (
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// The TCP settings of the store's PostgreSQL connections. A PostgreSQL server that vanishes from
// the network without a word (a failover that moves its address, a partition, a node lost)
// answers no packet and resets no connection: left to the kernel's defaults, a query sent on an
// open connection waited for its answer about 15 minutes (tcp_retries2), a new connection waited
// for its handshake about 2 minutes (tcp_syn_retries), and an idle one stayed in the pool,
// seemingly sound. The referee's own writes are bounded by their contexts, but a store call made
// for a client without a deadline (a CreateTable, a listing) hung with its connection for that
// long, and so did every goroutine behind it.
const (
	// PostgresConnectTimeout bounds the set-up of a connection to PostgreSQL (TCP and TLS
	// handshakes, start-up) when the URL gives no connect_timeout.
	PostgresConnectTimeout = 10 * time.Second
	// PostgresUserTimeout is how long data sent to PostgreSQL may stay unacknowledged before the
	// kernel ends the connection (TCP_USER_TIMEOUT, on Linux): the call then fails with
	// ErrUnavailable, and the pool dials a new connection at the next call.
	PostgresUserTimeout = 10 * time.Second
	// PostgresKeepAlive is the idle time before an idle connection's first TCP keepalive probe,
	// and the time between probes: an idle connection to a server that has vanished ends within
	// about PostgresKeepAlive + PostgresUserTimeout, not in the pool's hands.
	PostgresKeepAlive = 5 * time.Second
)

// postgresDialer returns the dial function of the store's PostgreSQL connections: the TCP
// handshake bounded by connectTimeout (the rest of the set-up is bounded by pgconn.Config's
// ConnectTimeout, which openPostgres sets), keepalive probes every PostgresKeepAlive, and
// TCP_USER_TIMEOUT PostgresUserTimeout (setUserTimeout).
func postgresDialer(connectTimeout time.Duration) pgconn.DialFunc {
	d := &net.Dialer{
		Timeout:         connectTimeout,
		KeepAliveConfig: net.KeepAliveConfig{Enable: true, Idle: PostgresKeepAlive, Interval: PostgresKeepAlive, Count: 3},
		Control:         setUserTimeout,
	}
	return d.DialContext
}
