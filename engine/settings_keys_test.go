package engine

import (
	"slices"
	"testing"
)

// A struct's keys include its embedded struct's, by their JSON names, and
// leave out what JSON never reads.
func TestJSONKeysFollowTagsAndEmbeddedStructs(t *testing.T) {
	type inner struct {
		Deck string `json:"deck"`
		Long string `json:"longEnd,omitempty"`
	}
	type outer struct {
		Mode   string `json:"mode"`
		Hidden string `json:"-"`
		inner
		Plain  int
		secret int
	}
	_ = outer{}.secret
	if got, want := JSONKeys[outer](), []string{"mode", "deck", "longEnd", "Plain"}; !slices.Equal(got, want) {
		t.Fatalf("JSONKeys = %v; want %v", got, want)
	}
}
