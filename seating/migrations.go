package seating

import (
	"embed"

	"tableside/tracker"
)

// The tables of seats, rooms, follow, laptop seats, Wi-Fi and the host's secrets live in the table's one database; this package owns
// their schema (tracker.RegisterMigrations).
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

func init() { tracker.RegisterMigrations("seating", migrationFiles) }
