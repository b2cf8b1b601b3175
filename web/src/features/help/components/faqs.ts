/**
 * The Help page's questions, each answered from how PropMatch behaves (docs/product.md): keep them in step
 * when a rule changes.
 */
export const FAQS: { question: string; answer: string }[] = [
  {
    question: 'How does PropMatch find matches?',
    answer:
      'Just after you save a listing or a requirement, PropMatch compares it with every active one of the other agents. A listing matches a requirement when the purpose agrees (sale, rent or lease), its type is one the client wants, it is in one of the preferred cities, and its price is within the budget widened by 10% on each side. The score adds 30 points for the type, 25 for the city, 15 for a price inside the exact budget, 10 for the bedrooms and 20 for a preferred locality.',
  },
  {
    question: "Who sees my client's phone number and email?",
    answer:
      "Only you. Other agents never see your client's contact details. They see the client's first name and last initial, unless they are connected with you or you pressed Share client name on one of their matches.",
  },
  {
    question: 'Who sees my own phone number and email?',
    answer:
      'Agents who share a match with you, browse the marketplace or the agent directory see them by default. Turn off Settings → Privacy & Security → Show Contact Details to show them to your connections only: other agents then see that you share contact details with connections only, and can send you a connection request. PropMatch administrators always see them.',
  },
  {
    question: 'Can I stay out of the agent directory?',
    answer:
      'Yes: turn off Settings → Privacy & Security → Profile Visibility. Agents you are not connected with no longer find you in the directory; your connections still see you, and your listings and requirements stay in the marketplace.',
  },
  {
    question: 'Whom can I message?',
    answer:
      'Any agent you are connected with, and the other agent of any match between you. To connect, send a request with a short introduction from the agent directory; after a decline you can ask the same agent again after 7 days.',
  },
  {
    question: 'I forgot my password. What do I do?',
    answer:
      'On the sign-in page choose Forgot password: PropMatch emails a 6-digit code to your account’s email address, and with it you choose a new password. Changing your password in Settings signs you out everywhere else.',
  },
  {
    question: 'How do I switch to dark mode?',
    answer:
      'Settings → App Preferences → Theme: Light, Dark, or System to follow your device. The choice is saved with your account, so every device you sign in on uses it.',
  },
  {
    question: 'Why did a match disappear from my list?',
    answer:
      'A match leaves your lists when its listing or requirement is deactivated, edited so that it no longer fits, or deleted. As the seller agent, marking a match Not interested hides it from your list unless you filter by that status.',
  },
]
