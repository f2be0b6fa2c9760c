package tui

import "testing"

// TestSeed: a given seed draws the same in every session and numbers the
// games from itself; with none, sessions differ.
func TestSeed(t *testing.T) {
	seven := uint64(7)
	s := SeedOf(&seven)
	if a, b := s.Rand(1).Uint64(), SeedOf(&seven).Rand(1).Uint64(); a != b {
		t.Errorf("one seed, two draws: %d, %d", a, b)
	}
	if a, b := s.Rand(1).Uint64(), s.Rand(2).Uint64(); a == b {
		t.Errorf("two streams drew the same: %d", a)
	}
	if first, second := s.Next(), s.Next(); first != 7 || second != 8 {
		t.Errorf("games seeded %d, %d; want 7, 8", first, second)
	}
	none := SeedOf(nil)
	a, b := none.Rand(1), none.Rand(1)
	if none.Given || a.Uint64() == b.Uint64() {
		t.Error("fresh sessions drew alike")
	}
	if first, second := none.Next(), none.Next(); first == second {
		t.Errorf("fresh games seeded alike: %d", first)
	}
}
