package tournament

// PairingCount is groupCount, for the tests of package tournament_test.
func (s *Spec) PairingCount() int { return s.groupCount() }
