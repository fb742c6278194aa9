package web

import (
	"testing"

	"tableside/seating"
)

// The Wi-Fi QR code's text escapes what the format reserves (\ ; , : and ")
// with a backslash, in the name and the password, and an open network has
// no password field.
func TestWiFiQRTextEscapesTheFormatsSpecialCharacters(t *testing.T) {
	for _, c := range []struct {
		w    seating.WiFi
		want string
	}{
		{seating.WiFi{SSID: "Kitchen", Password: "lemonade42", Security: "WPA"}, `WIFI:T:WPA;S:Kitchen;P:lemonade42;;`},
		{seating.WiFi{SSID: `Bob's "net";2,4:GHz\`, Password: `a;b,c:d"e\f`, Security: "WPA"}, `WIFI:T:WPA;S:Bob's \"net\"\;2\,4\:GHz\\;P:a\;b\,c\:d\"e\\f;;`},
		{seating.WiFi{SSID: "Old", Password: "abcde", Security: "WEP"}, `WIFI:T:WEP;S:Old;P:abcde;;`},
		{seating.WiFi{SSID: "Open;cafe", Security: "nopass"}, `WIFI:T:nopass;S:Open\;cafe;;`},
	} {
		if got := wifiQRText(c.w); got != c.want {
			t.Errorf("%+v: %s; want %s", c.w, got, c.want)
		}
	}
}
