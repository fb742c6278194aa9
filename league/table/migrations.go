package table

import (
	"embed"

	"tableside/tracker"
)

// The tables of the table's side of the league: its link to a hub and what it sent live in the table's one database; this package owns
// their schema (tracker.RegisterMigrations).
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

func init() { tracker.RegisterMigrations("league/table", migrationFiles) }
