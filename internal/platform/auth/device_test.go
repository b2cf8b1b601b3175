package auth_test

import (
	"testing"

	"propmatch/internal/platform/auth"
)

func TestDeviceOf(t *testing.T) {
	for _, tc := range []struct{ name, ua, want string }{
		{"ChromeWindows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", "Chrome on Windows"},
		{"EdgeWindows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0", "Edge on Windows"},
		{"SafariIPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", "Safari on iPhone"},
		{"ChromeIOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1", "Chrome on iPhone"},
		{"SamsungAndroid", "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36", "Samsung Internet on Android"},
		{"FirefoxMac", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:120.0) Gecko/20100101 Firefox/120.0", "Firefox on macOS"},
		{"FirefoxLinux", "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0", "Firefox on Linux"},
		{"Curl", "curl/8.4.0", "curl"},
		{"Empty", "", "Unknown device"},
		{"Garbage", "xyz", "Unknown device"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := auth.DeviceOf(tc.ua); got != tc.want {
				t.Errorf("DeviceOf(%q) = %q, want %q", tc.ua, got, tc.want)
			}
		})
	}
}
