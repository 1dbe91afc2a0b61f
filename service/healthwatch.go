package service

import (
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// healthWatches is the stream interceptor, after authentication, that counts a grpc.health.v1
// Health/Watch stream, which stays open for as long as its client wants, with its caller's
// spectator streams (watchQuotaKey) at Config.MaxWatchersPerPrincipal: past it the stream fails
// ResourceExhausted with the quota's QuotaFailure, as a WatchTable would. A key held as many as
// it opened (an outside trial); Kubernetes' probes call Check, which is not counted.
func (s *Server) healthWatches(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if info.FullMethod != healthpb.Health_Watch_FullMethodName {
		return handler(srv, ss)
	}
	key := watchQuotaKey(ss.Context())
	if err := s.quotas.addWatcher(key); err != nil {
		return statusOf(err)
	}
	defer s.quotas.doneWatching(key)
	return handler(srv, ss)
}
