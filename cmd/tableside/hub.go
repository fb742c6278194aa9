package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"time"

	"tableside/league/hub"
	"tableside/league/store"
	"tableside/web"
)

// runHub serves a league hub, or (hub migrate) moves its data.
func runHub(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "migrate" {
		return runHubMigrate(ctx, args[1:], stdout, stderr)
	}
	fs := newFlags("hub", "hub [--addr :8090] [--db postgres://...|FILE] [--secrets FILE] [--public-url URL]; hub migrate --from FILE --to postgres://...", stdout, stderr)
	addr := fs.String("addr", ":8090", "address to listen on")
	db := fs.String("db", "", "the league's database: a postgres:// URL, or a SQLite file (default: league.db in "+dataFolderHint()+"'s folder)")
	secrets := fs.String("secrets", "", "the hub's secrets file (table keys are derived from it; made on first start; default: league-secrets.json beside the SQLite file, or in the data folder)")
	publicURL := fs.String("public-url", "", "the hub's address as tables reach it, shown with each pairing code")
	refresh := fs.Duration("refresh", time.Second, "while tables push, rebuild the public pages at most this often (an admin's change shows at once)")
	maxConns := fs.Int("max-conns", 512, "connections open at once from all peers together (more are closed as they come)")
	connsPerAddr := fs.Int("conns-per-addr", 64, "connections open at once from one address")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q: hub takes flags, or `hub migrate`", pos[0])
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	dir := filepath.Dir(thisDataPlace().path)
	if *db == "" {
		*db = filepath.Join(dir, "league.db")
	}
	if *secrets == "" {
		*secrets = filepath.Join(dir, "league-secrets.json")
		if !store.IsPostgres(*db) {
			*secrets = filepath.Join(filepath.Dir(*db), "league-secrets.json")
		}
	}
	sec, err := hub.LoadSecrets(*secrets)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	h := hub.New(hub.Config{Store: st, Keys: sec.Keys, AdminToken: sec.Admin, Log: log, PublicURL: *publicURL, MinRefresh: *refresh})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	// Peers holding sockets open cannot use up the hub's file limit: the
	// table server's cap, per address and across all peers.
	ln = web.LimitListener(ln, *connsPerAddr, *maxConns, log)
	fmt.Fprintf(stdout, "League hub on port %d (%s)\nAdmin (this link is the admin's key; keep it): http://localhost:%d/admin/claim?token=%s\n", port, st.Name, port, sec.Admin)
	srv := &http.Server{Handler: h.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 60 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// runHubMigrate copies a SQLite league into an empty PostgreSQL one and
// checks the count and checksum of every table on both sides.
func runHubMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("hub migrate", "hub migrate --from FILE --to postgres://...", stdout, stderr)
	from := fs.String("from", "", "the SQLite league file")
	to := fs.String("to", "", "the PostgreSQL database (postgres://...), empty")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return usagef("hub migrate needs --from FILE and --to postgres://...")
	}
	if store.IsPostgres(*from) || !store.IsPostgres(*to) {
		return usagef("hub migrate moves a SQLite file (--from) into PostgreSQL (--to postgres://...)")
	}
	if !exists(*from) {
		return fmt.Errorf("hub migrate: %s does not exist", *from)
	}
	src, err := store.OpenSQLite(*from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := store.OpenPostgres(ctx, *to)
	if err != nil {
		return err
	}
	defer dst.Close()
	want, have, err := store.Migrate(ctx, src, dst)
	if want == nil {
		return fmt.Errorf("hub migrate: %w", err)
	}
	for _, name := range []string{"tables", "players", "plays", "play_players", "pairing_codes"} {
		fmt.Fprintf(stdout, "%-14s %6d rows  %.16s  %6d rows  %.16s\n", name, want[name].Rows, want[name].Checksum, have[name].Rows, have[name].Checksum)
	}
	if err != nil {
		return fmt.Errorf("hub migrate: %w", err)
	}
	fmt.Fprintln(stdout, "Every table copied: counts and checksums match. Start the hub with --db", "the PostgreSQL URL and the same --secrets file.")
	return nil
}
