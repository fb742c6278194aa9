package web

import (
	"encoding/json"
	"hash/fnv"
	"strconv"
)

// liveCues are the two facts of a view that sound.js compares between live
// frames: which battle (or Cash or Crash reveal) was the last one, and
// whether a merger is open. A frame carries these few bytes instead of the
// whole view, which no script reads (the live HTML draws it already).
type liveCues struct {
	// Battle fingerprints the last battle or reveal: it changes when a new
	// one is fought, and is empty when there is none.
	Battle string `json:"battle,omitempty"`
	Merger bool   `json:"merger,omitempty"`
}

// fingerprint is a short hash of a value's JSON, or "" for a nil pointer:
// two frames carry the same fingerprint exactly when the value is the same.
func fingerprint[T any](p *T) string {
	if p == nil {
		return ""
	}
	b, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	h := fnv.New64a()
	h.Write(b)
	return strconv.FormatUint(h.Sum64(), 36)
}
