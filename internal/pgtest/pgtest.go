// Package pgtest starts a throw-away PostgreSQL cluster for tests: initdb in a
// temporary folder, the server on a Unix socket in that folder (no TCP), run
// as an unprivileged user when the tests run as root (PostgreSQL refuses to
// run as root), and stopped and removed afterwards. A package's TestMain calls
// [Main]; each test takes a fresh database of its own with [DB]. PostgreSQL
// missing is a failure, never a skip: `make test-deps` installs it.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Cluster is a running throw-away PostgreSQL server.
type Cluster struct {
	Dir    string // the temporary folder: data/ and the socket
	bin    string
	cred   *syscall.Credential
	serial atomic.Int64
}

var (
	mu      sync.Mutex
	current *Cluster
)

// Main starts a cluster, runs the package's tests and stops it. Use it as
// `func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }`.
func Main(m *testing.M) int {
	c, err := Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		return 1
	}
	mu.Lock()
	current = c
	mu.Unlock()
	code := m.Run()
	if err := c.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// DB creates an empty database on the package's cluster and returns its URL
// (pgx form, through the socket). It fails the test when no cluster runs.
func DB(t testing.TB) string {
	t.Helper()
	mu.Lock()
	c := current
	mu.Unlock()
	if c == nil {
		t.Fatal("pgtest: no PostgreSQL cluster; the package's TestMain must call pgtest.Main")
	}
	u, err := c.NewDB(context.Background())
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return u
}

// BinDir finds PostgreSQL's server programs (initdb, pg_ctl): Debian keeps
// them in /usr/lib/postgresql/N/bin, the newest wins; else on PATH.
func BinDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", fmt.Errorf("PostgreSQL's initdb not found (in /usr/lib/postgresql/*/bin or on PATH): run `make test-deps` to install Debian's postgresql")
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

// Start makes and starts a cluster in a new temporary folder.
func Start() (*Cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	sweep(bin)
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, fmt.Errorf("temp folder: %w", err)
	}
	// The owner's pid lets a later run stop this cluster if this test
	// binary is killed before it can (a timeout, kill -9).
	if err := os.WriteFile(filepath.Join(dir, "owner.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("temp folder: %w", err)
	}
	c := &Cluster{Dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		if c.cred, err = unprivileged(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		if err := os.Chown(dir, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("give the temp folder to the unprivileged user: %w", err)
		}
	}
	tpl, err := c.template()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := c.runAs("cp", "-a", tpl, c.data()); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("copy the data folder made by initdb (remove %s to make it again): %w", filepath.Dir(tpl), err)
	}
	// listen_addresses='' : no TCP at all; the socket lives in the folder.
	opts := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories=%s -c fsync=off -c max_connections=300 -c shared_buffers=32MB", dir)
	if err := c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(dir, "server.log"), "-o", opts, "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%w\nserver log:\n%s", err, log)
	}
	return c, nil
}

// unprivileged is the user PostgreSQL runs as when the tests run as root.
func unprivileged() (*syscall.Credential, error) {
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("running as root, PostgreSQL needs an unprivileged user and there is no 'nobody': %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func (c *Cluster) data() string { return filepath.Join(c.Dir, "data") }

// template is the data folder every cluster starts from, a copy of it
// being 0.1 CPU-s where initdb takes 0.9 (make test starts five clusters).
// initdb makes it once for this PostgreSQL and cluster user, in the
// temporary folder (make test keeps that on memory, from run to run). Test
// binaries that start at once may each make one: each makes its own
// beside it and renames it into place, and the first rename wins.
func (c *Cluster) template() (string, error) {
	initdb := filepath.Join(c.bin, "initdb")
	fi, err := os.Stat(initdb)
	if err != nil {
		return "", fmt.Errorf("initdb: %w", err)
	}
	uid := os.Geteuid()
	if c.cred != nil {
		uid = int(c.cred.Uid)
	}
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("pgtemplate-%d-%d-%d-%d", version(c.bin), fi.Size(), fi.ModTime().Unix(), uid))
	if _, err := os.Stat(filepath.Join(dir, "data", "PG_VERSION")); err == nil {
		return filepath.Join(dir, "data"), nil
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "pgtemplate-new-")
	if err != nil {
		return "", fmt.Errorf("temp folder: %w", err)
	}
	defer os.RemoveAll(tmp) // gone once renamed; a loser's copy goes
	if c.cred != nil {
		if err := os.Chown(tmp, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
			return "", fmt.Errorf("give the temp folder to the unprivileged user: %w", err)
		}
	}
	if err := c.run("initdb", "-D", filepath.Join(tmp, "data"), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions"); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, "data", "PG_VERSION")); statErr != nil {
			return "", fmt.Errorf("keep the data folder made by initdb: %w", err)
		}
	}
	return filepath.Join(dir, "data"), nil
}

// run runs one of PostgreSQL's programs as the cluster's user.
func (c *Cluster) run(prog string, args ...string) error {
	return c.runAs(filepath.Join(c.bin, prog), args...)
}

// runAs runs a program as the cluster's user, in its folder.
func (c *Cluster) runAs(prog string, args ...string) error {
	cmd := exec.Command(prog, args...)
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
		cmd.Env = append(cmd.Env, "HOME="+c.Dir)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w\n%s", prog, err, out)
	}
	return nil
}

// URL is the address of database name on the cluster's socket.
func (c *Cluster) URL(name string) string {
	q := url.Values{}
	q.Set("host", c.Dir)
	q.Set("sslmode", "disable")
	return "postgres://postgres@/" + name + "?" + q.Encode()
}

// NewDB creates an empty database and returns its URL.
func (c *Cluster) NewDB(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("connect to the test cluster: %w", err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("t%d_%d", os.Getpid(), c.serial.Add(1))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	return c.URL(name), nil
}

// Stop stops the server at once and removes the folder.
func (c *Cluster) Stop() error {
	err := c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
	if rmErr := os.RemoveAll(c.Dir); err == nil && rmErr != nil {
		err = fmt.Errorf("remove %s: %w", c.Dir, rmErr)
	}
	return err
}

// sweep stops and removes the clusters of test binaries that were killed
// before they could stop them (their owner's process is gone), and
// templates left half made.
func sweep(bin string) {
	// A template half made by a binary killed during initdb: no one
	// renames it after an hour (initdb takes a second).
	half, _ := filepath.Glob(filepath.Join(os.TempDir(), "pgtemplate-new-*"))
	for _, dir := range half {
		if fi, err := os.Stat(dir); err == nil && time.Since(fi.ModTime()) > time.Hour {
			os.RemoveAll(dir)
		}
	}
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "pgtest-*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, "owner.pid"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(string(b))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); err == nil || errors.Is(err, syscall.EPERM) {
			continue // its owner still runs
		}
		c := &Cluster{Dir: dir, bin: bin}
		if os.Geteuid() == 0 {
			c.cred, _ = unprivileged()
		}
		if _, err := os.Stat(filepath.Join(c.data(), "postmaster.pid")); err == nil {
			c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
		}
		os.RemoveAll(dir)
	}
}
