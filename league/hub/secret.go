package hub

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"tableside/league"
)

// Secrets are the hub's two secrets, kept in a file beside (never in) the
// database: the secret every table's key is derived from, and the admin
// token. A pg_dump of the league holds neither.
type Secrets struct {
	Keys  league.Keys
	Admin string
}

type secretFile struct {
	Secret string `json:"secret"`
	Admin  string `json:"admin"`
}

// LoadSecrets reads the hub's secrets from path, making them (0600) when the
// file is missing. Lose the file and every table must pair again.
func LoadSecrets(path string) (Secrets, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		sf := secretFile{Secret: randomHex(32), Admin: randomHex(24)}
		b, _ = json.Marshal(sf)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return Secrets{}, fmt.Errorf("hub secrets: %w", err)
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			return Secrets{}, fmt.Errorf("hub secrets: %w", err)
		}
	} else if err != nil {
		return Secrets{}, fmt.Errorf("hub secrets: %w", err)
	}
	var sf secretFile
	if err := json.Unmarshal(b, &sf); err != nil {
		return Secrets{}, fmt.Errorf("hub secrets %s: not a hub's secrets file: %w", path, err)
	}
	raw, err := hex.DecodeString(sf.Secret)
	if err != nil {
		return Secrets{}, fmt.Errorf("hub secrets %s: %w", path, err)
	}
	keys, err := league.NewKeys(raw)
	if err != nil || len(sf.Admin) < 32 {
		return Secrets{}, fmt.Errorf("hub secrets %s: too short", path)
	}
	return Secrets{Keys: keys, Admin: sf.Admin}, nil
}
