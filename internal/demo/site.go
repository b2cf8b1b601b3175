package demo

import "propmatch/internal/feature/site"

// SiteContent is the landing page content demo mode adds to the defaults
// migration 00010 stores: three testimonials from agents across India and
// the contact details of a demo office in Hyderabad. The demo video stays
// without an address (the dialog then says 'No video available'): there is
// no real PropMatch video to point at.
func SiteContent() site.Update {
	testimonials := []site.Testimonial{
		{Name: "Srinivas Rao", Role: "Channel partner, Jubilee Hills", City: "Hyderabad", Rating: 5,
			Content: "I posted a client's 3 BHK requirement in Gachibowli and had two matching listings from other agents the same evening. We closed within three weeks."},
		{Name: "Ananya Kulkarni", Role: "Independent agent", City: "Pune", Rating: 5,
			Content: "Budgets in lakh and crore, RERA numbers and WhatsApp contact work the way we actually do business. My co-broking network has doubled this year."},
		{Name: "Mohammed Irfan", Role: "Founder, Irfan Realty", City: "Bengaluru", Rating: 5,
			Content: "Seller-side matches tell me which buyer agents are serious. Fewer cold calls, more site visits, and every lead comes with a match score."},
	}
	contact := site.Contact{Phone: "+91 40 4852 6100", Email: "hello@propmatch.example"}
	return site.Update{Testimonials: &testimonials, Contact: &contact}
}
