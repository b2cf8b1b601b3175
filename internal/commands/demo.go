package commands

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/feature/payments"
	"propmatch/internal/feature/site"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/auth"
)

// demoAccounts are the logins `serve --demo` creates in an empty database.
var demoAccounts = []auth.NewUser{
	{Username: "admin", Password: "PropMatch@Admin1", FullName: "Meera Admin", Email: "admin@propmatch.test", Phone: "+919876500001",
		Role: auth.RoleAdmin, AgentType: "both", State: "Telangana", City: "Hyderabad"},
	{Username: "priya", Password: "PropMatch@Agent1", FullName: "Priya Sharma", Email: "priya@propmatch.test", Phone: "+919876500002",
		Role: auth.RoleAgent, AgentType: "seller", State: "Karnataka", City: "Bengaluru", ReraNumber: "PRM/KA/RERA/1251/309/AG/220412/003061", IsReraVerified: true},
	{Username: "rahul", Password: "PropMatch@Agent2", FullName: "Rahul Verma", Email: "rahul@propmatch.test", Phone: "+919876500003",
		Role: auth.RoleAgent, AgentType: "buyer", State: "Maharashtra", City: "Mumbai", ReraNumber: "A51800012345"},
}

// seedDemo adds the demo accounts and the small demo market when the
// database has no users, and prints the logins (only development mode gets
// here). priya (seller) and rahul (buyer) get listings and requirements
// that match each other's, so both see matches at once, and the demo
// courses with enrolments (priya has one certificate).
func seedDemo(ctx context.Context, db *store.DB, a *auth.Service, sc *site.Service, pay *payments.Service, cfg Config, out io.Writer) error {
	n, err := a.CountUsers(ctx)
	if err != nil {
		return err
	}
	var b strings.Builder
	if n == 0 {
		ids := map[string]int64{}
		for _, u := range demoAccounts {
			created, err := a.CreateUser(ctx, u)
			if err != nil {
				return fmt.Errorf("create %s: %w", u.Username, err)
			}
			ids[u.Username] = created.ID
		}
		res, err := demo.Generate(ctx, db, demo.Options{
			Agents: demo.DefaultAgents, Properties: demo.DefaultProperties, Requirements: demo.DefaultRequirements,
			Seed: 1, Limit: cfg.MatchesPerRequirement,
			Showcase: &demo.Showcase{Seller: ids["priya"], Buyer: ids["rahul"]},
		})
		if err != nil {
			return fmt.Errorf("demo market: %w", err)
		}
		if _, err := sc.Seed(ctx, demo.SiteContent()); err != nil {
			return fmt.Errorf("demo site content: %w", err)
		}
		tr, err := demo.SeedTraining(ctx, db, 1, &demo.Showcase{Seller: ids["priya"], Buyer: ids["rahul"]})
		if err != nil {
			return fmt.Errorf("demo training: %w", err)
		}
		fmt.Fprintf(&b, "Demo training added: %d courses, %d enrolments, %d certificates.\n", tr.Courses, tr.Enrollments, tr.Certificates)
		photos, err := demo.AddPhotos(ctx, db, 1, ids["priya"], ids["rahul"])
		if err != nil {
			return fmt.Errorf("demo photos: %w", err)
		}
		adverts, err := demo.AddAdverts(ctx, db)
		if err != nil {
			return fmt.Errorf("demo adverts: %w", err)
		}
		bill, err := demo.SeedBilling(ctx, db, demo.Showcase{Seller: ids["priya"], Buyer: ids["rahul"]})
		if err != nil {
			return fmt.Errorf("demo billing: %w", err)
		}
		fmt.Fprintf(&b, "Demo billing added: %d agents on plans (priya Professional, rahul Starter, one Enterprise), %d unlocked matches.\n",
			bill.Accounts, bill.Unlocks)
		purchases, err := demo.Purchases(ctx, db, demo.Showcase{Seller: ids["priya"], Buyer: ids["rahul"]})
		if err != nil {
			return fmt.Errorf("demo purchases: %w", err)
		}
		paid, err := demo.AddPurchases(ctx, pay, purchases)
		if err != nil {
			return err
		}
		if paid > 0 {
			fmt.Fprintf(&b, "Demo purchases added: %d, each with its GST invoice.\n", paid)
		}
		fmt.Fprintf(&b, "Demo market added: %d agents, %d properties (%d with photos), %d requirements, %d matches, %d connections, %d messages, %d adverts.\n",
			res.Agents, res.Properties, photos, res.Requirements, res.Matches, res.Connections, res.Messages, adverts)
	}
	b.WriteString("Demo logins (development mode):\n")
	for _, u := range demoAccounts {
		fmt.Fprintf(&b, "  %-6s %-7s password %s\n", u.Role, u.Username, u.Password)
	}
	if n != 0 {
		b.WriteString("  (the database already had users, so no demo data was added; these logins work only if it was made by --demo)\n")
	}
	_, err = io.WriteString(out, b.String())
	return err
}

// demoCommand fills the configured database with a generated market.
func demoCommand(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) (err error) {
	fl := flag.NewFlagSet("demo", flag.ContinueOnError)
	fl.SetOutput(stderr)
	agents := fl.Int("agents", demo.DefaultAgents, "agents to add")
	properties := fl.Int("properties", demo.DefaultProperties, "properties to add")
	requirements := fl.Int("requirements", demo.DefaultRequirements, "requirements to add")
	connections := fl.Int("connections", demo.DefaultConnections, "connections per agent on average (some with conversations); 0 for none")
	seed := fl.Uint64("seed", 1, "random seed: the same seed on an empty database gives the same market")
	appendData := fl.Bool("append", false, "add to a database that already has properties or requirements")
	cacheMB := fl.Int("cache-mb", 1024, "SQLite page cache for the load, in MB; it takes about twice that in memory (a million requirements and 5,000 listings: 4000)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("demo: unexpected argument %q", fl.Arg(0))
	}
	if *agents < 0 || *properties < 0 || *requirements < 0 || *connections < 0 || *cacheMB < 0 {
		return errors.New("demo: --agents, --properties, --requirements, --connections and --cache-mb must not be negative")
	}
	if *connections == 0 {
		*connections = -1 // Options reads 0 as the default
	}
	if !cfg.Dev() {
		return errors.New("demo data is only for development mode (PROPMATCH_ENV=development)")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	if _, err := fmt.Fprintf(stdout, "Generating %d agents, %d properties and %d requirements in the %s database (seed %d)\n",
		*agents, *properties, *requirements, db.Engine, *seed); err != nil {
		return err
	}
	res, err := demo.Generate(ctx, db, demo.Options{Agents: *agents, Properties: *properties, Requirements: *requirements,
		Connections: *connections, Seed: *seed, Limit: cfg.MatchesPerRequirement, Append: *appendData, CacheMB: *cacheMB, Progress: stdout})
	if err != nil {
		if errors.Is(err, demo.ErrNotEmpty) {
			return fmt.Errorf("demo: %w", err)
		}
		return fmt.Errorf("demo: %w (rows written before the failure are kept)", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Done in %s: %s agents, %s properties, %s requirements, %s matches, %s connections and %s messages added",
		res.Elapsed.Round(100*time.Millisecond), thousands(res.Agents), thousands(res.Properties), thousands(res.Requirements),
		thousands(res.Matches), thousands(res.Connections), thousands(res.Messages))
	tr, err := demo.SeedTraining(ctx, db, *seed, nil)
	if err != nil {
		return fmt.Errorf("demo training: %w", err)
	}
	if tr.Courses > 0 {
		fmt.Fprintf(&b, "; %d courses, %d enrolments and %d certificates", tr.Courses, tr.Enrollments, tr.Certificates)
	}
	if res.Refreshed > 0 {
		fmt.Fprintf(&b, " (%s existing requirements re-matched)", thousands(res.Refreshed))
	}
	b.WriteString("\n")
	_, err = io.WriteString(stdout, b.String())
	return err
}

// thousands writes n with Western thousands separators (1,000,000).
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
