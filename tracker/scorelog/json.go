package scorelog

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"tableside/scoring"
)

// DumpFormat names the version of the JSON export (docs/scores-csv.md).
const DumpFormat = "tableside-scores/1"

// Dump is the whole score log: every person (with those who have no plays)
// and every play, deleted ones included with the time they were deleted.
type Dump struct {
	Format string           `json:"format"`
	People []scoring.Person `json:"people"`
	Plays  []scoring.Play   `json:"plays"`
}

// ExportJSON writes the whole score log as one JSON document.
func (s *Store) ExportJSON(ctx context.Context, w io.Writer) error {
	people, err := s.People(ctx)
	if err != nil {
		return fmt.Errorf("export json: %w", err)
	}
	plays, err := s.load(ctx, s.db, true)
	if err != nil {
		return fmt.Errorf("export json: %w", err)
	}
	d := Dump{Format: DumpFormat, People: people, Plays: plays}
	if d.People == nil {
		d.People = []scoring.Person{}
	}
	if d.Plays == nil {
		d.Plays = []scoring.Play{}
	}
	for i := range d.Plays {
		if d.Plays[i].Players == nil {
			d.Plays[i].Players = []scoring.Player{}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(d); err != nil {
		return fmt.Errorf("export json: %w", err)
	}
	return nil
}
