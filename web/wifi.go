package web

import (
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"

	"tableside/seating"
)

// The table's Wi-Fi: typed once by the host on the laptop (/wifi), kept in
// the laptop's database (seating.WiFi), and shown only as a QR code a phone's
// camera joins the network with: on the join poster, on the host's phones
// panel and in the corner of the TV the laptop draws. Its password is never
// written into any page, live frame, log or export; the QR image itself is
// served to the host only.

// wifiQRText is the text of a Wi-Fi QR code (the format phones' cameras
// read): WIFI:T:WPA;S:name;P:password;; with \ ; , : and " escaped by a
// backslash in the name and the password.
func wifiQRText(w seating.WiFi) string {
	t := w.Security
	if t == "" {
		t = "WPA"
	}
	if t == "nopass" {
		return "WIFI:T:nopass;S:" + wifiEscape(w.SSID) + ";;"
	}
	return "WIFI:T:" + t + ";S:" + wifiEscape(w.SSID) + ";P:" + wifiEscape(w.Password) + ";;"
}

var wifiEscaper = strings.NewReplacer(`\`, `\\`, `;`, `\;`, `,`, `\,`, `:`, `\:`, `"`, `\"`)

func wifiEscape(s string) string { return wifiEscaper.Replace(s) }

// checkWiFi refuses a network a phone could not join, naming the problem.
func checkWiFi(w seating.WiFi) error {
	switch w.Security {
	case "WPA", "WEP", "nopass":
	default:
		return badRequest("Security must be WPA (WPA2, WPA3), WEP or none, not %q.", w.Security)
	}
	if w.SSID == "" {
		return nil // forgets the network
	}
	if len(w.SSID) > 32 {
		return badRequest("A network name is at most 32 bytes; %q is %d.", w.SSID, len(w.SSID))
	}
	for _, s := range []string{w.SSID, w.Password} {
		if strings.IndexFunc(s, unicode.IsControl) >= 0 {
			return badRequest("The network name and password cannot hold control characters.")
		}
	}
	switch {
	case w.Security == "WPA" && (len(w.Password) < 8 || len(w.Password) > 63):
		return badRequest("A WPA password is 8 to 63 characters; this one is %d.", len(w.Password))
	case w.Security == "WEP" && w.Password == "":
		return badRequest("A WEP network needs its password.")
	case w.Security == "nopass" && w.Password != "":
		return badRequest("An open network has no password: choose WPA or WEP, or leave the password empty.")
	}
	return nil
}

// wifiPage is the host's form for the table's Wi-Fi. The kept password is
// not written back into the page: leaving the field empty keeps it.
func (s *Server) wifiPage(c echo.Context) error {
	w, ok, err := s.seats.WiFi(c.Request().Context())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "wifi", page{Title: "The table's Wi-Fi", Data: map[string]any{
		"Set": ok, "SSID": w.SSID, "Security": w.Security, "HasPassword": w.Password != "", "Saved": c.QueryParam("saved") != ""}})
}

// saveWiFi keeps (or, with no name, forgets) the table's Wi-Fi.
func (s *Server) saveWiFi(c echo.Context) error {
	ctx := c.Request().Context()
	w := seating.WiFi{SSID: strings.TrimSpace(c.FormValue("ssid")), Password: c.FormValue("password"), Security: c.FormValue("security")}
	if w.Security == "" {
		w.Security = "WPA"
	}
	if old, ok, err := s.seats.WiFi(ctx); err != nil {
		return err
	} else if ok && w.Password == "" && w.Security != "nopass" && old.SSID == w.SSID && old.Security == w.Security {
		w.Password = old.Password // the field left empty keeps the password
	}
	if err := checkWiFi(w); err != nil {
		return err
	}
	if err := s.seats.SetWiFi(ctx, w); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/wifi?saved=1")
}

// wifiQR draws the table's Wi-Fi QR code, for the host's screens only (the
// TV window the laptop draws included).
func (s *Server) wifiQR(c echo.Context) error {
	w, ok, err := s.seats.WiFi(c.Request().Context())
	if err != nil {
		return err
	}
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "No Wi-Fi is set for this table: type it on the laptop's Wi-Fi page.")
	}
	png, err := s.qrs.png(wifiQRText(w), qrcode.Medium)
	if err != nil {
		return fmt.Errorf("draw the Wi-Fi QR: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "image/png", png)
}
