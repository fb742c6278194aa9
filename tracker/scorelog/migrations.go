package scorelog

import (
	"embed"

	"tableside/tracker"
)

// The tables of the score log's people and plays live in the table's one database; this package owns
// their schema (tracker.RegisterMigrations).
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

func init() { tracker.RegisterMigrations("tracker/scorelog", migrationFiles) }
