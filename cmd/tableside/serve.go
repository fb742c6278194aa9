package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/skip2/go-qrcode"

	"tableside/app"
	"tableside/web"
)

// runServe starts the server and runs until interrupted.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", "serve [--addr :8080] [--db FILE] [--public-url URL] [--host-token-only]", stdout, stderr)
	addr := fs.String("addr", envOr("TABLESIDE_ADDR", ":8080"), "address to listen on (default from TABLESIDE_ADDR); :8080 listens on every interface so phones on the same Wi-Fi can reach it")
	dbPath := fs.String("db", "", "the SQLite database file, created on first start (default from TABLESIDE_DB, else "+dataFolderHint()+")")
	publicURL := fs.String("public-url", "", "the address phones should use, when the table's network needs one (a hotspot or a proxy)")
	quiet := fs.Bool("quiet", false, "log only warnings and errors")
	tokenOnly := fs.Bool("host-token-only", false, "the laptop's own browser is not the host by being on the laptop: only a browser holding the host token is (for a proxy or tunnel on the laptop); a one-time host link is printed at start")
	var lim web.Limits
	fs.DurationVar(&lim.ReadTimeout, "read-timeout", 30*time.Second, "longest time to read one request, body included (a slower one is cut off)")
	fs.DurationVar(&lim.WriteTimeout, "write-timeout", 60*time.Second, "longest time to write one answer (live updates excepted)")
	fs.DurationVar(&lim.IdleTimeout, "idle-timeout", 60*time.Second, "close a kept-alive connection unused for this long")
	fs.IntVar(&lim.ConnsPerAddr, "max-conns-per-addr", 128, "most connections open from one address (every phone behind one hotspot or proxy shares one); -1 for no cap")
	fs.IntVar(&lim.StreamsPerAddr, "max-streams-per-addr", 32, "most live screens open from one address; -1 for no cap")
	fs.IntVar(&lim.MaxConns, "max-conns", 0, "most connections open from everyone together, the host keeping a reserve; 0 sizes it from the open-file limit, -1 for no cap")
	fs.IntVar(&lim.MaxStreams, "max-streams", 0, "most live screens open from everyone together, the host keeping a reserve; 0 sizes it from the open-file limit, -1 for no cap")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q: serve takes only flags (--addr, --db, ...)", pos[0])
	}
	started := time.Now()
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelWarn
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	// Every connection holds an open file: take all the system allows
	// before the caps across peers are sized from it.
	if files, err := web.RaiseFileLimit(); err != nil {
		log.Warn("open-file limit", "limit", files, "err", err)
	}
	if *dbPath == "" {
		if *dbPath, err = serveDBPath(log); err != nil {
			return err
		}
	}

	a, err := app.New(ctx, app.Config{DBPath: *dbPath, Log: log, PublicURL: *publicURL, NoLoopbackHost: *tokenOnly,
		AllowedHosts: ownAddresses(), Limits: lim})
	if err != nil {
		return err
	}
	defer a.Close()
	srv := a.Server

	ln, err := listen(*addr)
	if err != nil {
		return err
	}
	tcp := ln.Addr().(*net.TCPAddr)
	port := tcp.Port
	// The addresses are looked up again for every join QR: a laptop that
	// joins the Wi-Fi after the start is found without a restart.
	srv.SetReach(web.Reach{Loopback: tcp.IP.IsLoopback(), URLs: func() []string { return lanURLs(tcp, port) }})
	urls := lanURLs(tcp, port)
	hostLink := ""
	if *tokenOnly {
		hostLink = fmt.Sprintf("http://localhost:%d/host/claim?k=%s", port, srv.NewHostClaim(0))
	}
	announce(stdout, port, urls, *publicURL, *dbPath, hostLink, srv.Unreachable())
	log.Info("serving", "addr", ln.Addr().String(), "db", *dbPath, "startup", time.Since(started))
	err = srv.Serve(ctx, ln)
	log.Info("stopped", "uptime", time.Since(started).Round(time.Second), "err", err)
	return err
}

// lanURLs lists the addresses on this machine's networks where phones can
// reach the server, best first (web.RankLAN); none when it listens on loopback only.
func lanURLs(listen *net.TCPAddr, port int) []string {
	if listen.IP != nil && !listen.IP.IsUnspecified() {
		if listen.IP.IsLoopback() {
			return nil
		}
		return []string{fmt.Sprintf("http://%s", net.JoinHostPort(listen.IP.String(), fmt.Sprint(port)))}
	}
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var addrs []web.LANAddr
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		as, _ := ifc.Addrs()
		for _, a := range as {
			if ipn, ok := a.(*net.IPNet); ok {
				addrs = append(addrs, web.LANAddr{Iface: ifc.Name, IP: ipn.IP})
			}
		}
	}
	return web.RankLAN(addrs, port)
}

// ownAddresses lists every address of this machine's interfaces: the names a
// request may give as its Host (besides loopback and --public-url's host).
func ownAddresses() []string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var out []string
	for _, ifc := range ifaces {
		as, _ := ifc.Addrs()
		for _, a := range as {
			if ipn, ok := a.(*net.IPNet); ok {
				out = append(out, ipn.IP.String())
			}
		}
	}
	return out
}

// announce prints where to open Tableside, and the join QR code for phones.
// With --host-token-only it also prints the one-time host link, on its own
// line, for the laptop's browser. When no phone can reach the laptop
// (web.Server.Unreachable), it says so first, as the host screens do.
func announce(w io.Writer, port int, urls []string, public, dbPath, hostLink, unreachable string) {
	fmt.Fprintf(w, "Tableside is running.\n")
	if unreachable != "" {
		fmt.Fprintf(w, "  WARNING: %s\n", unreachable)
	}
	fmt.Fprintf(w, "  On this laptop: http://localhost:%d\n", port)
	if hostLink != "" {
		fmt.Fprintf(w, "  Host link (open once on this laptop): %s\n", hostLink)
	}
	for _, u := range urls {
		fmt.Fprintf(w, "  On the Wi-Fi:    %s\n", u)
	}
	join := public
	if join == "" && len(urls) > 0 {
		join = urls[0]
	}
	if join != "" {
		if q, err := qrcode.New(strings.TrimRight(join, "/")+"/", qrcode.Medium); err == nil {
			fmt.Fprintf(w, "\nPhones: scan to open %s\n%s", join, q.ToSmallString(false))
		}
	}
	fmt.Fprintf(w, "  Data: %s\nPress Ctrl+C to stop.\n", dbPath)
}
