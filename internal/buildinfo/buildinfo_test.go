package buildinfo

import (
	"runtime/debug"
	"testing"
)

// TestFromBuildInfo: stamped values win; then the module version and the VCS stamps; a build
// without any says "devel" and why the commit is unknown, never a bare "unknown".
func TestFromBuildInfo(t *testing.T) {
	vcs := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "2b6a6390aa"}, {Key: "vcs.time", Value: "2026-12-01T12:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	cases := []struct {
		name              string
		stamped, commit   string
		info              *debug.BuildInfo
		ok                bool
		wantVer, wantComm string
	}{
		{"stamped", "v1.2.0", "abc123", vcs, true, "v1.2.0", "abc123"},
		{"go build in a checkout", "", "", vcs, true, "devel", "2b6a6390aa-dirty 2026-12-01T12:00:00Z"},
		{"go install module@version", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.1"}}, true, "v0.3.1", "unknown (built without VCS stamping)"},
		{"-buildvcs=false", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel", "unknown (built without VCS stamping)"},
		{"no build information", "", "", nil, false, "devel", "unknown (built without VCS stamping)"},
	}
	for _, c := range cases {
		v, cm := fromBuildInfo(c.stamped, c.commit, c.info, c.ok)
		if v != c.wantVer || cm != c.wantComm {
			t.Errorf("%s: %q, %q; want %q, %q", c.name, v, cm, c.wantVer, c.wantComm)
		}
	}
}
