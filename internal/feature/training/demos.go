package training

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
)

// AppDemo is one app demo video: a walk through one part of PropMatch with
// numbered steps that name its real screens and buttons. VideoURL is empty
// until a recording exists; the steps show instead.
type AppDemo struct {
	ID            int64    `json:"id"`
	Title         string   `json:"title"`
	Description   string   `json:"description"`
	VideoURL      string   `json:"videoUrl"`
	Duration      string   `json:"duration"`
	Category      string   `json:"category"`
	Color         string   `json:"color"`
	DisplayOrder  int      `json:"displayOrder"`
	Tab           string   `json:"tab"`
	TutorialSteps []string `json:"tutorialSteps"`
}

// appDemos are the spec's twelve entries in their default order: five for
// the desktop layout (768 px and wider, with the sidebar), five for phones
// (the menu button and the dashboard tiles), account security and growth.
// Each step names what the app shows; keep them true when a screen changes.
var appDemos = []AppDemo{
	{ID: 2001, Title: "Getting Started: Register and Sign In", Category: "Desktop", Color: "bg-blue-600", Duration: "6 minutes",
		Description: "Create your agent account with your WhatsApp number, then sign in and find your way around the dashboard.",
		TutorialSteps: []string{
			"On the PropMatch home page, click Get Started.",
			"On the Register tab, type your WhatsApp number and click Send Verification Code.",
			"Type the 6-digit code you received and click Verify.",
			"Fill in Full Name, Username, Password (at least 8 characters), State and City, choose your Agent Type, and click Create Account.",
			"Next time, open the Sign In tab, type your username, phone number or email with your password, and click Sign In.",
			"The Dashboard greets you with Welcome back; the sidebar on the left leads to every page.",
		}},
	{ID: 2002, Title: "Listing a Property", Category: "Desktop", Color: "bg-emerald-600", Duration: "8 minutes",
		Description: "Publish a listing with its price, location, details, amenities and a photo, then keep it up to date.",
		TutorialSteps: []string{
			"Click My Properties in the sidebar, then Add Property.",
			"In Add New Property, choose the Property Type and the Listing Purpose, and type the price: the amount in words appears under it.",
			"Type a Title, choose the State and City, and fill in Locality, Pincode and Address.",
			"Tick Legal documents available, RERA approved and Active listing where they apply, and fill in the type's details and amenities.",
			"Under Image, click Upload an image and pick a PNG or JPG under 300KB.",
			"Click Publish Property. The listing appears on My Properties; use its View, Edit and Delete buttons to manage it.",
		}},
	{ID: 2003, Title: "Posting Client Requirements", Category: "Desktop", Color: "bg-purple-600", Duration: "7 minutes",
		Description: "Record what a client is looking for and see the matching listings PropMatch finds for it.",
		TutorialSteps: []string{
			"Click My Requirements in the sidebar, then Post Requirement.",
			"Fill in Client Name and Client Phone (Client Email is optional).",
			"Choose the Property Type, Listing Purpose and Timeline, and the Min Budget and Max Budget in rupees.",
			"Choose the state and city, add Preferred Localities, Bedrooms and area if they matter, and any Special Requirements.",
			"Click Post Requirement. Matching listings are found automatically.",
			"On the requirement's card, click View Matches to see the Matching Properties, or View Details to edit or delete it.",
		}},
	{ID: 2004, Title: "Working Your Matches", Category: "Desktop", Color: "bg-amber-600", Duration: "9 minutes",
		Description: "Read the compatibility score, contact the other agent and track every lead through to closing.",
		TutorialSteps: []string{
			"Click Matches in the sidebar. As Buyer Agent lists listings for your clients; As Seller Agent lists clients for your listings.",
			"On a match, click Details to open its Compatibility dialog with the Match Score Breakdown.",
			"Click Mark Viewed once you have looked at it.",
			"Reach the other agent with Call, Message or WhatsApp; a message sent from here moves the lead to Contacted.",
			"Set the Lead Status (New, Viewed, Contacted, Interested, Not Interested or Closed) as the deal moves.",
			"Type private Lead Notes and click Save Notes: only you see your side's status and notes.",
		}},
	{ID: 2005, Title: "Agent Network and Messages", Category: "Desktop", Color: "bg-indigo-600", Duration: "8 minutes",
		Description: "Find agents in your city, send connection requests and keep conversations in one place.",
		TutorialSteps: []string{
			"Click Agent Network in the sidebar; Discover Agents lists agents in your city. Use the search box to find others.",
			"On an agent's card, click Connect, edit the introduction in Send Connection Request, and click Send Request.",
			"Open the Connection Requests tab to Accept or Decline requests sent to you.",
			"Click Messages in the sidebar and pick a conversation on the left.",
			"Type in the message box and click the send button; the sidebar badge counts unread messages and new requests.",
		}},
	{ID: 3001, Title: "PropMatch on Your Phone", Category: "Mobile", Color: "bg-teal-600", Duration: "5 minutes",
		Description: "Find your way around PropMatch on a phone: the menu, the dashboard tiles and the top bar.",
		TutorialSteps: []string{
			"Sign in on your phone's browser; the Dashboard opens.",
			"Tap a tile (My Properties, Requirements, Matches, Messages or Connections) to go straight to it; each shows its count.",
			"Tap the menu button at the top left to open the full menu with every page.",
			"The messages icon at the top shows your unread count; tap it to open Messages.",
			"Tap your avatar at the top right for View Profile, Settings and Sign Out.",
		}},
	{ID: 3002, Title: "Adding a Listing from Your Phone", Category: "Mobile", Color: "bg-emerald-600", Duration: "7 minutes",
		Description: "List a property during a site visit, with a photo taken on the spot.",
		TutorialSteps: []string{
			"On the Dashboard, tap Add Property in the blue banner.",
			"Choose the Property Type and Listing Purpose, and type the price.",
			"Type the Title, choose the State and City, and fill in the Locality.",
			"Tap Upload an image and take or choose a photo (PNG or JPG under 300KB).",
			"Scroll down and tap Publish Property; it appears under My Properties.",
		}},
	{ID: 3003, Title: "Posting a Requirement on the Go", Category: "Mobile", Color: "bg-purple-600", Duration: "6 minutes",
		Description: "Record a client's needs right after the call, so matching starts at once.",
		TutorialSteps: []string{
			"On the Dashboard, tap Post Client Requirement in the blue banner.",
			"Fill in Client Name and Client Phone.",
			"Choose the Property Type, Listing Purpose, Timeline and budget.",
			"Choose the state and city and add Preferred Localities.",
			"Tap Post Requirement, then open the Requirements tile and tap View Matches on its card.",
		}},
	{ID: 3004, Title: "Answering Matches from Your Phone", Category: "Mobile", Color: "bg-amber-600", Duration: "6 minutes",
		Description: "Call or WhatsApp the other agent straight from a match and keep its status current.",
		TutorialSteps: []string{
			"Tap the Matches tile on the Dashboard.",
			"Switch between As Buyer Agent and As Seller Agent.",
			"Tap Call to phone the other agent, or WhatsApp to open a chat with a message about the match already written.",
			"Tap Details to set the Lead Status and write Lead Notes, then tap Save Notes.",
		}},
	{ID: 3005, Title: "Messages and Requests on Mobile", Category: "Mobile", Color: "bg-indigo-600", Duration: "5 minutes",
		Description: "Reply to agents and answer connection requests from your phone.",
		TutorialSteps: []string{
			"Tap the messages icon at the top of any page.",
			"Tap a conversation to open it; the list comes back when you go back.",
			"A Connection Request marked New Request opens the request: tap Accept or Decline.",
			"Type your reply in the message box and tap the send button.",
		}},
	{ID: 4001, Title: "Securing Your Account", Category: "Security", Color: "bg-red-600", Duration: "8 minutes",
		Description: "Choose a strong password, sign out on shared devices and recover your account if you forget your password.",
		TutorialSteps: []string{
			"Use a password of at least 8 characters that is not a common password and does not contain your username or name.",
			"On a shared computer, tap your avatar at the top right and choose Sign Out when you finish.",
			"Forgot your password? On the Sign In tab, click Forgot password?, type your email and click Send Reset Code.",
			"Type the 6-digit code from the email and click Verify Code; it works once, for 30 minutes.",
			"Type your new password and click Reset Password: every other signed-in device is signed out.",
			"Never share verification or reset codes: PropMatch staff will never ask for them.",
		}},
	{ID: 4002, Title: "Growing Your Business with PropMatch", Category: "Business Growth", Color: "bg-slate-700", Duration: "12 minutes",
		Description: "Turn matches and connections into closed deals, and build your credentials with free courses.",
		TutorialSteps: []string{
			"On the Dashboard, browse the Marketplace card's Available Properties and Buyer Requirements for opportunities in your city.",
			"Click Find Agents and connect with agents who work the other side of your deals.",
			"Work every new match the same day: Mark Viewed, contact the agent, and keep the Lead Status current.",
			"Open Real Estate Training, choose a course under Available Courses and click Enroll Now.",
			"Open My Learning, work through each module and mark it done.",
			"When every module is done, download your certificate from the Certificates tab and share its verification link with clients.",
		}},
}

// appDemoIDs are the twelve ids in their default order, which is also id order.
func appDemoIDs() []int64 { return demoIDs(appDemos) }

// AppDemos returns the twelve app demos in the order an admin saved (the
// default order until one does), with numbered steps.
func (s *Service) AppDemos(ctx context.Context) ([]AppDemo, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT demo_id FROM app_demo_order ORDER BY position`)
	if err != nil {
		return nil, apperr.Wrap(err, "app demo order")
	}
	saved, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	if err != nil {
		return nil, apperr.Wrap(err, "app demo order")
	}
	order := saved
	for _, id := range appDemoIDs() { // an entry the saved order lacks goes last
		if !slices.Contains(order, id) {
			order = append(order, id)
		}
	}
	out := make([]AppDemo, 0, len(appDemos))
	for _, id := range order {
		i := slices.IndexFunc(appDemos, func(d AppDemo) bool { return d.ID == id })
		if i < 0 {
			continue
		}
		d := appDemos[i]
		d.DisplayOrder, d.Tab = len(out)+1, "app-demo"
		d.TutorialSteps = make([]string, len(appDemos[i].TutorialSteps))
		for n, step := range appDemos[i].TutorialSteps {
			d.TutorialSteps[n] = fmt.Sprintf("%d. %s", n+1, step)
		}
		out = append(out, d)
	}
	return out, nil
}

// OrderInput is the body of PUT /api/app-demos/order.
type OrderInput struct {
	IDs []int64 `json:"ids"`
}

// SetAppDemoOrder saves the order of the app demos for everyone. It returns
// Forbidden unless actor is an admin, and Invalid unless ids names each of
// the twelve demos exactly once.
func (s *Service) SetAppDemoOrder(ctx context.Context, actor access.Actor, in OrderInput) ([]AppDemo, error) {
	if !actor.Admin {
		return nil, errAdminOnly
	}
	var f apperr.Fields
	all := appDemoIDs()
	if len(in.IDs) != len(all) {
		f.Add("ids", fmt.Sprintf("ids must list all %d app demos, each once", len(all)))
	}
	for i, id := range in.IDs {
		switch {
		case !slices.Contains(all, id):
			f.Add(fmt.Sprintf("ids.%d", i), fmt.Sprintf("%d is not an app demo", id))
		case slices.Index(in.IDs, id) != i:
			f.Add(fmt.Sprintf("ids.%d", i), fmt.Sprintf("%d is listed twice", id))
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	before, err := s.AppDemos(ctx)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		// Every id is written (an upsert, not delete and insert) in id
		// order, so saves racing each other neither collide nor deadlock:
		// the last one wins whole.
		for _, id := range all {
			if _, err := tx.ExecContext(ctx, `INSERT INTO app_demo_order (demo_id, position) VALUES ($1, $2)
				ON CONFLICT (demo_id) DO UPDATE SET position = excluded.position`, id, slices.Index(in.IDs, id)+1); err != nil {
				return apperr.Wrap(err, "save app demo order")
			}
		}
		return audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: actor.ID, Action: "app_demo.reorder", TargetType: "app_demo_order",
			Before: demoIDs(before), After: in.IDs})
	})
	if err != nil {
		return nil, err
	}
	return s.AppDemos(ctx)
}

// demoIDs lists the ids of list, in order.
func demoIDs(list []AppDemo) []int64 {
	ids := make([]int64, len(list))
	for i, d := range list {
		ids[i] = d.ID
	}
	return ids
}
