package scorelog

import (
	"embed"
	"io/fs"

	"tableside/tracker"
)

// The tables of the score log's people and plays live in the table's one database, but this package
// owns their schema: its numbered files take their place in the one version
// sequence every database follows.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

func init() {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		panic(err) // embedded at build time
	}
	tracker.RegisterMigrations("tracker/scorelog", sub)
}
