package seating

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// WiFi is the table's Wi-Fi network, as the host typed it on the laptop.
// It is kept in the laptop's database beside the seats (it is the room's,
// like the seats' phones), never in a game's log, so no export, replay or
// timeline can carry the password.
type WiFi struct {
	SSID     string
	Password string
	Security string // WPA, WEP or nopass (the QR code's T: field)
}

// WiFi reads the table's Wi-Fi; ok is false when the host has set none.
func (s *Seats) WiFi(ctx context.Context) (w WiFi, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT ssid, password, security FROM wifi WHERE id = 1`).Scan(&w.SSID, &w.Password, &w.Security)
	if errors.Is(err, sql.ErrNoRows) {
		return WiFi{}, false, nil
	}
	if err != nil {
		return WiFi{}, false, fmt.Errorf("read the table's Wi-Fi: %w", err)
	}
	return w, true, nil
}

// SetWiFi keeps the table's Wi-Fi, replacing the one kept before; a network
// with no name forgets it.
func (s *Seats) SetWiFi(ctx context.Context, w WiFi) error {
	var err error
	if w.SSID == "" {
		_, err = s.db.ExecContext(ctx, `DELETE FROM wifi`)
	} else {
		_, err = s.db.ExecContext(ctx, `INSERT INTO wifi (id, ssid, password, security, at) VALUES (1, ?, ?, ?, ?)
			ON CONFLICT(id) DO UPDATE SET ssid=excluded.ssid, password=excluded.password, security=excluded.security, at=excluded.at`,
			w.SSID, w.Password, w.Security, s.Now().UTC().Format(time.RFC3339Nano))
	}
	if err != nil {
		return fmt.Errorf("keep the table's Wi-Fi: %w", err)
	}
	return nil
}
