package app

import (
	"testing"
	"time"
)

func TestLoadConfig(t *testing.T) {
	for _, tc := range []struct {
		name  string
		env   map[string]string
		check func(c Config) bool
	}{
		{"Defaults", nil, func(c Config) bool {
			return c.Addr == "127.0.0.1:8080" && c.DatabaseURL == "sqlite:data/propmatch.db" && c.Dev() &&
				c.MatchesPerRequirement == 100 && c.OTPPerIPPerHour == 30 &&
				c.SessionIdle == 7*24*time.Hour && c.SessionMaxAge == 30*24*time.Hour
		}},
		{"MatchesPerRequirementIsConfigurable", map[string]string{"PROPMATCH_MATCHES_PER_REQUIREMENT": "25"}, func(c Config) bool {
			return c.MatchesPerRequirement == 25
		}},
		{"OTPPerIPIsConfigurable", map[string]string{"PROPMATCH_OTP_PER_IP_PER_HOUR": "120"}, func(c Config) bool { return c.OTPPerIPPerHour == 120 }},
		{"SessionLifetimesAreConfigurable", map[string]string{"PROPMATCH_SESSION_IDLE": "1h", "PROPMATCH_SESSION_MAX_AGE": "48h"}, func(c Config) bool {
			return c.SessionIdle == time.Hour && c.SessionMaxAge == 48*time.Hour
		}},
		{"Production", map[string]string{"PROPMATCH_ENV": "production"}, func(c Config) bool { return !c.Dev() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(func(k string) string { return tc.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(c) {
				t.Fatalf("got %+v", c)
			}
		})
	}
	t.Run("BurstBelowOneIsRefusedWhileRateLimiting", func(t *testing.T) {
		env := map[string]string{"PROPMATCH_AUTH_BURST": "0"}
		if _, err := loadConfig(func(k string) string { return env[k] }); err == nil {
			t.Fatal("a zero burst with the default rate was accepted")
		}
	})
}
