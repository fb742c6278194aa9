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
// It is read from the database once and kept (SetWiFi keeps what it
// writes): the host's live frames ask for it at every change.
func (s *Seats) WiFi(ctx context.Context) (w WiFi, ok bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wifi.read {
		return s.wifi.w, s.wifi.set, nil
	}
	err = s.db.QueryRowContext(ctx, `SELECT ssid, password, security FROM wifi WHERE id = 1`).Scan(&w.SSID, &w.Password, &w.Security)
	if errors.Is(err, sql.ErrNoRows) {
		s.wifi = keptWiFi{read: true}
		return WiFi{}, false, nil
	}
	if err != nil {
		return WiFi{}, false, fmt.Errorf("read the table's Wi-Fi: %w", err)
	}
	s.wifi = keptWiFi{w: w, set: true, read: true}
	return w, true, nil
}

// keptWiFi is the table's Wi-Fi as last read or written (read: it is
// known; set: the host has set one).
type keptWiFi struct {
	w         WiFi
	set, read bool
}

// SetWiFi keeps the table's Wi-Fi, replacing the one kept before; a network
// with no name forgets it.
func (s *Seats) SetWiFi(ctx context.Context, w WiFi) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var err error
	if w.SSID == "" {
		_, err = s.db.ExecContext(ctx, `DELETE FROM wifi`)
	} else {
		_, err = s.db.ExecContext(ctx, `INSERT INTO wifi (id, ssid, password, security, at) VALUES (1, ?, ?, ?, ?)
			ON CONFLICT(id) DO UPDATE SET ssid=excluded.ssid, password=excluded.password, security=excluded.security, at=excluded.at`,
			w.SSID, w.Password, w.Security, s.Now().UTC().Format(time.RFC3339Nano))
	}
	if err != nil {
		s.wifi = keptWiFi{} // not known: read again
		return fmt.Errorf("keep the table's Wi-Fi: %w", err)
	}
	s.wifi = keptWiFi{w: w, set: w.SSID != "", read: true}
	if !s.wifi.set {
		s.wifi.w = WiFi{}
	}
	return nil
}
