import type { BillingOverview } from '@/shared/billing'

/** GET /api/billing as the contract answers it (docs/openapi.yaml), with overrides of its parts. */
export function makeBilling({
  credits,
  plan,
  usage,
  ...rest
}: Partial<Omit<BillingOverview, 'credits' | 'plan' | 'usage'>> & {
  credits?: Partial<BillingOverview['credits']>
  plan?: Partial<BillingOverview['plan']>
  usage?: Partial<BillingOverview['usage']>
} = {}): BillingOverview {
  return {
    enabled: true,
    plan: {
      id: 'starter',
      name: 'Starter',
      limits: { listings: 10, requirements: 10 },
      features: { apiAccess: false, customReports: false },
      endsAt: '2026-12-28T00:00:00Z',
      renewsAt: null,
      ...plan,
    },
    credits: { balancePaise: 2_500_000, leads: 500, leadPricePaise: 5000, expiresAt: '2026-12-28T00:00:00Z', ...credits },
    usage: { listings: 3, requirements: 10, leadsThisMonth: 4, spentThisMonthPaise: 20_000, ...usage },
    packs: [
      { id: 1, name: 'Starter pack', amountPaise: 250_000, leads: 50, active: true, displayOrder: 1 },
      { id: 2, name: 'Growth pack', amountPaise: 1_000_000, leads: 200, active: true, displayOrder: 2 },
    ],
    plans: [
      {
        id: 'starter',
        name: 'Starter',
        pricePaise: 0,
        period: 'month',
        priceText: '₹0',
        periodText: 'first month',
        leadPricePaise: 5000,
        displayOrder: 1,
        limits: { listings: 10, requirements: 10 },
        features: { apiAccess: false, customReports: false },
        description: 'Start here.',
        highlights: ['500 free leads'],
        popular: false,
        buyable: true,
      },
      {
        id: 'professional',
        name: 'Professional',
        pricePaise: 50_000,
        period: 'month',
        priceText: '₹500',
        periodText: 'per month',
        leadPricePaise: 5000,
        displayOrder: 2,
        limits: { listings: 50, requirements: 50 },
        features: { apiAccess: true, customReports: true },
        description: 'For busy agents.',
        highlights: ['API access'],
        popular: true,
        buyable: true,
      },
      {
        id: 'enterprise',
        name: 'Enterprise',
        pricePaise: 0,
        period: 'month',
        priceText: 'Custom',
        periodText: '',
        leadPricePaise: 5000,
        displayOrder: 3,
        limits: { listings: 500, requirements: 500 },
        features: { apiAccess: true, customReports: true },
        description: 'For agencies.',
        highlights: [],
        popular: false,
        buyable: false,
      },
    ],
    ...rest,
  }
}
