// Package service is the Bézique referee: the bezique.v1 TableService, SeatService, KeyService,
// TournamentService and LobbyService over gRPC.
// It translates between the wire (proto/bezique/v1) and the rules engine (engine/) and holds no
// rule logic of its own: what a seat may see is engine.Game.View and engine.Event.Redact, what is
// legal is engine.Game.Legal and Check, the default action of an intervention is
// engine.Game.DefaultAction.
//
// Each table's engine state, seats, clocks and history are read and changed only by the goroutine
// that holds the table's turn (table.acquire, post): the core's calls, a seat stream's reader
// applying that seat's messages (its Decide reaches the engine on the goroutine that received
// it, and the reader sends the seat's answer itself), and the table's own goroutine for its
// timers. The turn holder queues messages for the seats without ever blocking (a full queue
// drops that connection, which may resume, as does a reader's own send that waits
// Config.SendStall): a slow bot never holds its table. Every accepted
// action is stored (service/store, group-committed
// across tables) before any seat or spectator learns of it, so a restarted referee replays every
// table to where it was.
//
// # Layers
//
// Each layer calls the one below it; the seat stream, a conversation with one table, finds the
// table in the core's registry and then takes the table's turn directly:
//
//   - The port (http.go; docs/INTEGRATE.md): [NewPort] builds the gRPC server and serves it and,
//     on the same listener, [NewHTTPHandler]: gRPC-Web and the Connect protocol (JSON over HTTP)
//     transcoded by vanguard into calls on that gRPC server, so they pass the same interceptors
//     and handlers; one [PortConfig] gives both servers their TLS and idle limit.
//   - Authentication (auth.go, authz.go; docs/SECURITY.md): with Config.Auth set,
//     [Server.AuthOptions] adds go-grpc-middleware's auth interceptors, which find the caller's
//     [Principal] from its API key and check it against one authorization table per RPC; the
//     principal travels in the context ([PrincipalFrom]) to the core, which checks what depends
//     on a table (its creator, whether it is public, a seat's bound bot key). With
//     Config.PeerSecret it also adds fromPeer (forward.go), which takes the original caller's
//     address of a call another referee forwarded as the caller's, for the per-principal limits;
//     with Config.TrustedProxies, fromProxy (proxy.go), which takes the client a trusted reverse
//     proxy names in X-Forwarded-For as the caller. Whatever the configuration it adds fromReferee
//     (forwarders.go), which refuses a call forwarded by a referee that does not share this
//     one's store (one started on a restored copy of it).
//   - Handlers (api_tables.go, api_watch.go, api_keys.go, api_tournaments.go, api_lobby.go; the
//     seat streams Connect and Play and the unary Decide in seat.go) are [Server]'s gRPC methods.
//     They check the fields only a request message has (table_id, delay_ms), call the
//     core, and turn its errors into status codes by one table (statusOf in errors.go).
//   - The core, [Referee] (server.go, tables.go, watch.go), is the registry of tables and their
//     lifecycle: [Referee.CreateTable], [Referee.GetTable], [Referee.ListTables],
//     [Referee.CancelTable], [Referee.GetRecord], [Referee.ListGames], [Referee.WatchTable]
//     (events to a caller's function) and [Referee.Await] or Config.OnTableEnded for results; and
//     the lobby (lobby.go) of bots in serve mode: [Referee.EnterLobby], [Referee.ListBots],
//     [Referee.Challenge] (or its steps [Referee.ReserveLobby] and [LobbyPlaces.Assign]), which a
//     tournament runner uses to seat lobby bots. It
//     knows nothing of gRPC: it takes a context and returns plain errors ([ErrNotFound],
//     [ErrDraining], [ErrTableLimit], [ErrEnded], [ErrNotEnded], [ErrStopped], [ErrQueueFull],
//     a [*FieldError] naming the field of bad input). A tournament runner, a test or an integrator
//     in the same process uses it directly (see the example); [Server] embeds it.
//   - Tournaments (tournaments.go): [Referee.CreateTournament], [Referee.GetTournament],
//     [Referee.ListTournaments], [Referee.WatchTournament]; one goroutine per running tournament
//     plays its schedule (package tournament) on tables through the core, stores each result,
//     and resumes after a restart.
//   - Tables (table.go) hold each game; the core reaches one only by taking its turn (post,
//     Referee.onTable). An ended table that leaves memory while a call waits for its turn fails
//     that turn with ErrNotFound, as a table never loaded does, and the call answers from the
//     store: an ended table's answers do not depend on when it leaves memory.
//   - The store (service/store) keeps tables, actions and records; tables write to it before
//     anyone learns of an action. Config.Store nil is the memory store (store.NewMemory), so
//     the referee has one code path whatever the store.
//   - Several referees on one PostgreSQL store (leases.go, forward.go; docs/OPERATIONS.md): each
//     table and tournament is owned through the store's lease ([store.Leaser]), renewed every
//     second; expired leases are taken over and their tables replayed as after a restart; a
//     handler called about another referee's table or tournament forwards the call to its owner
//     (route, routeTournament, forwardUnary, forwardStream; GetTournament and ListTournaments read
//     the store instead); [Referee.Handover] is the shutdown that hands tables over.
//
// The core and the handlers share one package because a table both serves the core and queues
// messages for seat streams: a package of its own for the core would have to export the table's
// internals to the seat stream code or take it along.
package service
