package service

import (
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	reflectionv1 "google.golang.org/grpc/reflection/grpc_reflection_v1"
	reflectionv1alpha "google.golang.org/grpc/reflection/grpc_reflection_v1alpha"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Sets of roles of the authorization table.
var (
	everyone = []Role{RoleAdmin, RoleOrganiser, RoleBot, RoleWatcher, RoleSpectator}
	readers  = []Role{RoleAdmin, RoleOrganiser, RoleBot, RoleWatcher}
	keyed    = []Role{RoleAdmin, RoleOrganiser, RoleBot}
	admins   = []Role{RoleAdmin}
)

// authorization is the one table of who may call what: every RPC the referee serves, by full
// method name, to the roles allowed. A method without a row is refused (PermissionDenied), and
// TestAuthorizationCoversEveryRPC fails for any registered method without one. Finer checks live
// with the data: WatchTable, GetTable, GetRecord and GetReplay let a spectator (no key) see public tables only, CancelTable lets an
// organiser cancel only the tables it created, Connect admits a seat's token or its bound bot key.
var authorization = map[string][]Role{
	pb.TableService_CreateTable_FullMethodName:    {RoleAdmin, RoleOrganiser},
	pb.TableService_GetTable_FullMethodName:       everyone, // a spectator: public tables only
	pb.TableService_ListTables_FullMethodName:     readers,
	pb.TableService_CancelTable_FullMethodName:    {RoleAdmin, RoleOrganiser},
	pb.TableService_WatchTable_FullMethodName:     everyone,
	pb.TableService_GetRecord_FullMethodName:      everyone, // a spectator: public tables only
	pb.TableService_GetReplay_FullMethodName:      everyone, // a spectator: public tables only
	pb.TableService_ListGames_FullMethodName:      readers,
	pb.TableService_GetRuleCatalog_FullMethodName: everyone,

	pb.SeatService_Connect_FullMethodName: everyone, // the seat token or the bound bot key decides
	pb.SeatService_Play_FullMethodName:    everyone, // as Connect
	pb.SeatService_Decide_FullMethodName:  everyone, // as Connect

	pb.TournamentService_CreateTournament_FullMethodName: {RoleAdmin, RoleOrganiser},
	pb.TournamentService_GetTournament_FullMethodName:    readers,
	pb.TournamentService_ListTournaments_FullMethodName:  readers,
	pb.TournamentService_WatchTournament_FullMethodName:  readers,
	pb.TournamentService_CancelTournament_FullMethodName: {RoleAdmin, RoleOrganiser},

	pb.KeyService_CreateKey_FullMethodName:       admins,
	pb.KeyService_ListKeys_FullMethodName:        admins,
	pb.KeyService_RevokeKey_FullMethodName:       admins,
	pb.KeyService_ListAuditEvents_FullMethodName: admins,

	// Bots wait for games; organisers seat them. Who is present is no secret from a keyed
	// caller, as tables are not.
	pb.LobbyService_Serve_FullMethodName:     {RoleBot},
	pb.LobbyService_ListBots_FullMethodName:  keyed,
	pb.LobbyService_Challenge_FullMethodName: {RoleAdmin, RoleOrganiser},

	// Kubernetes' grpc probes carry no key and call Check. Watch holds a stream: without a key,
	// one address held 5 000 of them (an outside trial).
	healthpb.Health_Check_FullMethodName: everyone,
	healthpb.Health_List_FullMethodName:  everyone,
	healthpb.Health_Watch_FullMethodName: readers,

	// The schema is no secret from a keyed caller, a watcher's grpcurl included (it was refused:
	// an outside trial); without a key, a stream held open as Health/Watch's.
	reflectionv1.ServerReflection_ServerReflectionInfo_FullMethodName:      readers,
	reflectionv1alpha.ServerReflection_ServerReflectionInfo_FullMethodName: readers,
}
