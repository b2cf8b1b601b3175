package commands

import (
	"strings"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/platform/settings"
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
		{"WriteQuotasHaveDefaults", nil, func(c Config) bool {
			return c.WritesPerMinute == 60 && c.WriteBurst == 30 && c.CreationsPerDay == 500
		}},
		{"WriteQuotasAreConfigurable", map[string]string{"PROPMATCH_WRITES_PER_MINUTE": "0", "PROPMATCH_WRITE_BURST": "0", "PROPMATCH_CREATIONS_PER_DAY": "50"}, func(c Config) bool {
			return c.WritesPerMinute == 0 && c.WriteBurst == 0 && c.CreationsPerDay == 50
		}},
		{"RequestAndShutdownLimitsHaveDefaults", nil, func(c Config) bool {
			return c.DBTimeout == 5*time.Second && c.DrainTimeout == 20*time.Second && c.StreamsPerAgent == 10 && c.PublicURL == ""
		}},
		{"RequestAndShutdownLimitsAreConfigurable", map[string]string{"PROPMATCH_DB_TIMEOUT": "2s", "PROPMATCH_DRAIN_TIMEOUT": "5s", "PROPMATCH_STREAMS_PER_AGENT": "3"}, func(c Config) bool {
			return c.DBTimeout == 2*time.Second && c.DrainTimeout == 5*time.Second && c.StreamsPerAgent == 3
		}},
		{"JobQueueHasDefaults", nil, func(c Config) bool {
			return c.QueueWorkers == 2 && c.QueueLease == time.Minute && c.MatchingDelay == 0 && c.MatchingChunk == 0 && c.MatchingChunkTime == matchengine.DefaultChunkTime
		}},
		{"JobQueueIsConfigurable", map[string]string{"PROPMATCH_QUEUE_WORKERS": "4", "PROPMATCH_QUEUE_LEASE": "30s", "PROPMATCH_MATCHING_DELAY": "3s", "PROPMATCH_MATCHING_CHUNK": "20"}, func(c Config) bool {
			return c.QueueWorkers == 4 && c.QueueLease == 30*time.Second && c.MatchingDelay == 3*time.Second && c.MatchingChunk == 20
		}},
		{"NotificationsHaveDefaults", nil, func(c Config) bool {
			return c.DigestInterval == 15*time.Minute && c.WhatsAppMatchTemplate == "" && c.WhatsAppMessageTemplate == "" && c.WhatsAppUpdateTemplate == ""
		}},
		{"NotificationsAreConfigurable", map[string]string{"PROPMATCH_NOTIFY_DIGEST_INTERVAL": "5m", "PROPMATCH_WHATSAPP_MATCH_TEMPLATE": "pm_m",
			"PROPMATCH_WHATSAPP_MESSAGE_TEMPLATE": "pm_msg", "PROPMATCH_WHATSAPP_UPDATE_TEMPLATE": "pm_u"}, func(c Config) bool {
			return c.DigestInterval == 5*time.Minute && c.WhatsAppMatchTemplate == "pm_m" && c.WhatsAppMessageTemplate == "pm_msg" && c.WhatsAppUpdateTemplate == "pm_u"
		}},
		{"BackupsHaveDefaults", nil, func(c Config) bool {
			return c.Backups.Dir == "data/backups" && c.Backups.Keep == 7 && c.Backups.Schedule.String() == "0 2 * * *" &&
				c.Backups.KeepManual == 3 && c.Backups.ManualEvery == 10*time.Minute
		}},
		{"BackupsAreConfigurable", map[string]string{"PROPMATCH_BACKUP_DIR": "/var/backups/pm", "PROPMATCH_BACKUP_KEEP": "14", "PROPMATCH_BACKUP_SCHEDULE": "30 3 * * 1-5",
			"PROPMATCH_BACKUP_KEEP_MANUAL": "5", "PROPMATCH_BACKUP_MANUAL_INTERVAL": "1h"}, func(c Config) bool {
			return c.Backups.Dir == "/var/backups/pm" && c.Backups.Keep == 14 && c.Backups.Schedule.String() == "30 3 * * 1-5" &&
				c.Backups.KeepManual == 5 && c.Backups.ManualEvery == time.Hour
		}},
		{"OffsiteBackupsAreOffByDefault", nil, func(c Config) bool { return !c.Backups.Offsite.On() }},
		{"OffsiteBackupsAreConfigurable", map[string]string{"PROPMATCH_BACKUP_S3_ENDPOINT": "http://minio.internal:9000",
			"PROPMATCH_BACKUP_S3_BUCKET": "pm", "PROPMATCH_BACKUP_S3_REGION": "ap-south-1", "PROPMATCH_BACKUP_S3_ACCESS_KEY": "AK",
			"PROPMATCH_BACKUP_S3_SECRET_KEY": "SK", "PROPMATCH_BACKUP_S3_PREFIX": "nightly", "PROPMATCH_BACKUP_S3_PATH_STYLE": "true"}, func(c Config) bool {
			o := c.Backups.Offsite
			return o.Endpoint == "http://minio.internal:9000" && o.Bucket == "pm" && o.Region == "ap-south-1" && o.AccessKey == "AK" &&
				o.SecretKey == "SK" && o.Prefix == "nightly" && o.PathStyle
		}},
		{"PublicURLIsReadAsABrowserOrigin", map[string]string{"PROPMATCH_PUBLIC_URL": "HTTPS://PropMatch.Example.com:443/"}, func(c Config) bool {
			return c.PublicURL == "https://propmatch.example.com"
		}},
		{"TrustedProxiesDefaultToLoopbackAndPrivateRanges", nil, func(c Config) bool {
			return len(c.TrustedProxies) == 6 && c.TrustedProxies[0].String() == "127.0.0.0/8"
		}},
		{"TrustedProxiesAreConfigurable", map[string]string{"PROPMATCH_TRUSTED_PROXIES": "173.245.48.0/20, 10.0.0.7"}, func(c Config) bool {
			return len(c.TrustedProxies) == 2 && c.TrustedProxies[1].String() == "10.0.0.7/32"
		}},
		{"PublicURLKeepsAnOtherPort", map[string]string{"PROPMATCH_PUBLIC_URL": "http://localhost:8080"}, func(c Config) bool {
			return c.PublicURL == "http://localhost:8080"
		}},
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
	for _, bad := range []string{"propmatch.example.com", "https://propmatch.example.com/app", "ftp://propmatch.example.com", "https://", "https://user@propmatch.example.com"} {
		t.Run("PublicURLMustBeAnOrigin/"+bad, func(t *testing.T) {
			env := map[string]string{"PROPMATCH_PUBLIC_URL": bad}
			if _, err := loadConfig(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "PROPMATCH_PUBLIC_URL") {
				t.Fatalf("PROPMATCH_PUBLIC_URL=%q gave %v, want an error naming it", bad, err)
			}
		})
	}
	for key, bad := range map[string]string{"PROPMATCH_BACKUP_SCHEDULE": "every night", "PROPMATCH_BACKUP_KEEP": "0",
		"PROPMATCH_BACKUP_KEEP_MANUAL": "0", "PROPMATCH_BACKUP_MANUAL_INTERVAL": "often", "PROPMATCH_BACKUP_S3_PATH_STYLE": "yes", "PROPMATCH_BACKUP_S3_ENDPOINT": "minio:9000", "PROPMATCH_TRUSTED_PROXIES": "10.0.0.0/8,lan"} {
		t.Run("BadBackupSetting/"+key, func(t *testing.T) {
			env := map[string]string{key: bad}
			if _, err := loadConfig(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), key) {
				t.Fatalf("%s=%q gave %v, want an error naming it", key, bad, err)
			}
		})
	}
	t.Run("WriteBurstBelowOneIsRefusedWhileLimitingWrites", func(t *testing.T) {
		env := map[string]string{"PROPMATCH_WRITE_BURST": "0"}
		if _, err := loadConfig(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "PROPMATCH_WRITE_BURST") {
			t.Fatalf("a zero write burst with the default rate gave %v", err)
		}
	})
	t.Run("BurstBelowOneIsRefusedWhileRateLimiting", func(t *testing.T) {
		env := map[string]string{"PROPMATCH_AUTH_BURST": "0"}
		if _, err := loadConfig(func(k string) string { return env[k] }); err == nil {
			t.Fatal("a zero burst with the default rate was accepted")
		}
	})
}

func TestNoticesConfig(t *testing.T) {
	dev := Config{Env: "development", Addr: "127.0.0.1:9999", WhatsAppMessageTemplate: "custom_messages"}
	c := noticesConfig(dev)
	if c.BaseURL != "http://127.0.0.1:9999" || c.Templates[settings.Messages] != "custom_messages" || c.Templates[settings.Matches] != "propmatch_new_matches" {
		t.Errorf("development notices config %+v", c)
	}
	prod := Config{Env: "production", PublicURL: "https://pm.example", WhatsAppMatchTemplate: "pm_matches"}
	c = noticesConfig(prod)
	if c.BaseURL != "https://pm.example" || c.Templates[settings.Matches] != "pm_matches" || c.Templates[settings.Messages] != "" {
		t.Errorf("production notices config %+v", c)
	}
}

func TestBillingSwitch(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
		bad   bool
	}{{"", true, false}, {"on", true, false}, {"off", false, false}, {"no", false, true}} {
		c, err := loadConfig(func(k string) string {
			if k == "PROPMATCH_BILLING" {
				return tc.value
			}
			return ""
		})
		switch {
		case tc.bad && (err == nil || !strings.Contains(err.Error(), "PROPMATCH_BILLING")):
			t.Errorf("PROPMATCH_BILLING=%q: err %v, want one naming it", tc.value, err)
		case !tc.bad && (err != nil || c.Billing != tc.want):
			t.Errorf("PROPMATCH_BILLING=%q: billing %v, %v; want %v", tc.value, c.Billing, err, tc.want)
		}
	}
}
