package site_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/feature/site"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// TestDefaultsAreComplete: a freshly migrated database reads as the spec's
// offers, a titled demo video and eight topics, all of which pass the save
// rules; the demo content passes them too. Without a plan source (billing
// off) the page sells no plans; with one it shows the source's.
func TestDefaultsAreComplete(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := site.NewService(db)
		pg, err := s.Page(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(pg.Offers) < 3 || len(pg.TrainingTopics) != 8 || pg.DemoVideo.Title == "" {
			t.Fatalf("defaults incomplete: %+v", pg.Content)
		}
		if pg.Billing || pg.Plans == nil || len(pg.Plans) != 0 {
			t.Errorf("billing off: billing %v, plans %+v; want false and []", pg.Billing, pg.Plans)
		}
		if len(pg.Testimonials) != 0 || pg.Contact.Phone != "" {
			t.Errorf("defaults invent testimonials or a phone: %+v %+v", pg.Testimonials, pg.Contact)
		}
		if pg.UpdatedAt != nil {
			t.Errorf("updatedAt = %v before any save, want none", pg.UpdatedAt)
		}
		c := pg.Content
		u := site.Update{Offers: &c.Offers, Testimonials: &c.Testimonials, DemoVideo: &c.DemoVideo, Contact: &c.Contact, TrainingTopics: &c.TrainingTopics}
		if err := u.Validate(); err != nil {
			t.Errorf("the migrated defaults fail validation: %v", err)
		}
		got, err := s.Seed(ctx, demo.SiteContent())
		if err != nil {
			t.Fatalf("demo content: %v", err)
		}
		if len(got.Testimonials) != 3 || got.Contact.Phone != "+914048526100" {
			t.Errorf("after the demo seed: %+v", got.Content)
		}
		s.UsePlans(func(context.Context) ([]site.Plan, error) {
			return []site.Plan{{Name: "Starter", Price: "₹0"}, {Name: "Professional", Price: "₹600", Popular: true}}, nil
		})
		if pg, err := s.Page(ctx); err != nil || !pg.Billing || len(pg.Plans) != 2 || pg.Plans[1].Price != "₹600" {
			t.Errorf("with billing's plans: %+v, %v", pg, err)
		}
	})
}

// TestCacheReadsOncePerPeriod: a hundred concurrent visitors cost one query
// for the content and one for the figures; a save empties the content
// cache; the period's end reads again.
func TestCacheReadsOncePerPeriod(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now().UTC()
		var mu sync.Mutex
		db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
		s := site.NewService(db)
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				if _, err := s.Page(ctx); err != nil {
					t.Error(err)
				}
				if _, err := s.Figures(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if p, f := s.Loads(); p != 1 || f != 1 {
			t.Fatalf("loads after 100 visits = %d content, %d figures; want 1 and 1", p, f)
		}
		topics := []string{"Only topic"}
		if _, err := s.Seed(ctx, site.Update{TrainingTopics: &topics}); err != nil {
			t.Fatal(err)
		}
		pg, _ := s.Page(ctx)
		if len(pg.TrainingTopics) != 1 {
			t.Errorf("after a save the page shows %v", pg.TrainingTopics)
		}
		advance(site.CacheFor - time.Second)
		_, _ = s.Figures(ctx)
		if _, f := s.Loads(); f != 1 {
			t.Errorf("figures read again within the period")
		}
		advance(2 * time.Second)
		_, _ = s.Figures(ctx)
		if _, f := s.Loads(); f != 2 {
			t.Errorf("figures not read again after the period")
		}
	})
}
