package app

import (
	"context"
	"fmt"
	"io"

	"propmatch/internal/auth"
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

// seedDemo adds the demo accounts when the database has no users, and prints
// their logins (only development mode gets here).
func seedDemo(ctx context.Context, a *auth.Service, out io.Writer) error {
	n, err := a.CountUsers(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		for _, u := range demoAccounts {
			if _, err := a.CreateUser(ctx, u); err != nil {
				return fmt.Errorf("create %s: %w", u.Username, err)
			}
		}
	}
	fmt.Fprintln(out, "Demo logins (development mode):")
	for _, u := range demoAccounts {
		fmt.Fprintf(out, "  %-6s %-7s password %s\n", u.Role, u.Username, u.Password)
	}
	if n != 0 {
		fmt.Fprintln(out, "  (the database already had users, so no demo data was added; these logins work only if it was made by --demo)")
	}
	return nil
}
