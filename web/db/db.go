// Package db is the web server's storage: players, their settings, and
// their games move by move, on SQLite (an embedded file, the default) or
// PostgreSQL (for several servers sharing one database), with one schema
// and versioned migrations applied at start.
//
// Every method is safe for concurrent use. A move is committed before the
// method adding it returns, so a move the server has acknowledged survives
// the server's death.
package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"encoding/base32"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // registers "sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is the storage, open on one database.
type DB struct {
	sql      *sql.DB
	postgres bool
	name     string // for errors: the file, or the server without credentials
	path     string // the SQLite file
}

// Errors the methods return for what the caller may expect.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("changed meanwhile")
	ErrTaken    = errors.New("taken")
)

// Open opens the database url names and brings its schema up to date:
// "" for the file gamelab.db in dataDir, a path or sqlite:PATH for another
// SQLite file, postgres://… for PostgreSQL. A database that is not one
// (a damaged file) or was made by a newer gamelab is reported and left as
// it is.
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	d, err := connect(url, dataDir)
	if err != nil {
		return nil, err
	}
	if err := d.migrate(ctx); err != nil {
		d.sql.Close()
		return nil, err
	}
	return d, nil
}

func connect(url, dataDir string) (*DB, error) {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		s, err := sql.Open("pgx", url)
		if err != nil {
			return nil, fmt.Errorf("database: %w", err)
		}
		s.SetMaxOpenConns(32)
		s.SetMaxIdleConns(32)
		return &DB{sql: s, postgres: true, name: redact(url)}, nil
	}
	path := strings.TrimPrefix(url, "sqlite:")
	if path == "" {
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
		path = filepath.Join(dataDir, "gamelab.db")
	}
	// WAL lets readers go on while one connection writes; a write waits
	// for another rather than failing at once; NORMAL synchronisation
	// keeps every committed transaction through the death of the process.
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_txlock=immediate"
	s, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	s.SetMaxOpenConns(8)
	return &DB{sql: s, name: path, path: path}, nil
}

// redact drops the password from a database URL, for messages.
func redact(url string) string {
	if at := strings.LastIndex(url, "@"); at >= 0 {
		if scheme := strings.Index(url, "://"); scheme >= 0 && scheme < at {
			return url[:scheme+3] + "…" + url[at:]
		}
	}
	return url
}

// migrate applies the migrations the database lacks, after checking that
// it is one this gamelab can use.
func (d *DB) migrate(ctx context.Context) error {
	dialect := goose.DialectSQLite3
	if d.postgres {
		dialect = goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	var opts []goose.ProviderOption
	if d.postgres {
		// Servers started at once on one database migrate it one at a
		// time, under an advisory lock.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	} else {
		// SQLite has no advisory locks: processes started at once on
		// one file take turns under a lock file beside it.
		l := flock.New(d.path + ".lock")
		if err := l.Lock(); err != nil {
			return fmt.Errorf("database %s: locking to migrate: %w", d.name, err)
		}
		defer l.Unlock()
	}
	p, err := goose.NewProvider(dialect, d.sql, sub, opts...)
	if err != nil {
		return fmt.Errorf("database %s: %w", d.name, err)
	}
	if err := d.sql.PingContext(ctx); err != nil {
		return fmt.Errorf("database %s: %w", d.name, oneLine{err})
	}
	have, err := d.version(ctx)
	if err != nil {
		return fmt.Errorf("database %s is not one gamelab can read (damaged?): %w", d.name, err)
	}
	sources := p.ListSources()
	latest := sources[len(sources)-1].Version
	if have > latest {
		return fmt.Errorf("database %s is at schema version %d, newer than this gamelab's %d: use a newer gamelab", d.name, have, latest)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("database %s: migrating: %w", d.name, err)
	}
	return nil
}

// version returns the schema version goose recorded, 0 for a database it
// has not touched, or an error for one that cannot be read.
func (d *DB) version(ctx context.Context) (int64, error) {
	var n int
	q := "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'goose_db_version'"
	if d.postgres {
		q = "SELECT count(*) FROM information_schema.tables WHERE table_name = 'goose_db_version' AND table_schema = current_schema()"
	}
	if err := d.sql.QueryRowContext(ctx, q).Scan(&n); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, nil
	}
	var v sql.NullInt64
	err := d.sql.QueryRowContext(ctx, "SELECT max(version_id) FROM goose_db_version WHERE is_applied").Scan(&v)
	return v.Int64, err
}

// Close closes the database once the queries under way have ended.
func (d *DB) Close() error { return d.sql.Close() }

// oneLine is an error whose text is on one line: pgx tells a failed
// connection on one line per address it tried.
type oneLine struct{ err error }

func (e oneLine) Error() string {
	lines := strings.Split(e.err.Error(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(strings.TrimSpace(l), ":")
	}
	return strings.Join(lines, "; ")
}

func (e oneLine) Unwrap() error { return e.err }

// Ping checks the database answers.
func (d *DB) Ping(ctx context.Context) error { return d.sql.PingContext(ctx) }

// Postgres reports whether the database is PostgreSQL.
func (d *DB) Postgres() bool { return d.postgres }

// q rewrites a query's ? placeholders as PostgreSQL's $n where needed.
func (d *DB) q(query string) string {
	if !d.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// NewID returns a random identifier of 26 characters (130 bits).
func NewID() string {
	var b [17]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))[:26]
}

// now is the clock the rows record, in milliseconds.
func now() int64 { return time.Now().UnixMilli() }

// unique reports whether err is a violation of a unique constraint.
func unique(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505") || strings.Contains(s, "constraint failed: UNIQUE")
}
