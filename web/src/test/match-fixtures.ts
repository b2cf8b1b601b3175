import type { Agent, Match, Property, PublicRequirement, Requirement } from '@/lib/api-schemas'

/** A complete property as the API returns it, with overrides. */
export function makeProperty(overrides: Partial<Property> = {}): Property {
  return {
    id: 11,
    agentId: 2,
    title: '3BHK Lake View Apartment',
    description: 'Spacious flat near the lake',
    propertyType: 'apartment',
    listingPurpose: 'for_sale',
    price: 8_500_000,
    state: 'Telangana',
    city: 'Hyderabad',
    locality: 'Gachibowli',
    pincode: '500032',
    address: 'Road 4',
    bedrooms: 3,
    bathrooms: 2,
    builtUpArea: 1650,
    amenities: [],
    images: ['/media/7'],
    isActive: true,
    isRealData: true,
    hasLegalDocs: true,
    reraApproved: true,
    centralAC: false,
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  }
}

/** A requirement as its own agent sees it (with the client's contact). */
export function makeRequirement(overrides: Partial<Requirement> = {}): Requirement {
  return {
    id: 21,
    agentId: 1,
    clientName: 'Anita Sharma',
    clientPhone: '+919812345678',
    clientEmail: 'anita@example.com',
    propertyTypes: ['apartment'],
    listingPurpose: 'forSale',
    minPrice: 5_000_000,
    maxPrice: 9_000_000,
    preferredState: 'Telangana',
    preferredCities: ['Hyderabad'],
    preferredLocalities: ['Gachibowli', 'Kondapur'],
    minBedrooms: 3,
    maxBedrooms: null,
    minArea: 1200,
    maxArea: 1800,
    timeline: '3months',
    specialRequirements: 'East facing',
    notes: null,
    isActive: true,
    isRealData: true,
    createdAt: '2025-02-01T10:00:00Z',
    updatedAt: '2025-02-01T10:00:00Z',
    ...overrides,
  }
}

/** A requirement as other agents see it: no client contact. */
export function makePublicRequirement(overrides: Partial<PublicRequirement> = {}): PublicRequirement {
  const { clientPhone: _phone, clientEmail: _email, ...rest } = makeRequirement()
  return { ...rest, ...overrides }
}

export function makeAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    id: 2,
    fullName: 'Suresh Reddy',
    username: 'suresh',
    phone: '+919000011111',
    email: 'suresh@example.com',
    contactHidden: false,
    city: 'Hyderabad',
    state: 'Telangana',
    reraNumber: 'P02400001234',
    isReraVerified: true,
    agentType: 'seller',
    ...overrides,
  }
}

/** A match between agent 1's requirement (buyer side) and agent 2's property (seller side). */
export function makeMatch(overrides: Partial<Match> = {}): Match {
  return {
    id: 31,
    propertyId: 11,
    requirementId: 21,
    sellerAgentId: 2,
    buyerAgentId: 1,
    matchScore: 92,
    scoreBreakdown: { propertyType: 30, city: 25, price: 15, bedrooms: 10, locality: 20, total: 100 },
    status: 'new',
    notes: '',
    clientNameShared: false,
    viewedByBuyer: false,
    viewedBySeller: false,
    createdAt: '2025-03-02T10:00:00Z',
    updatedAt: '2025-03-02T10:00:00Z',
    property: makeProperty(),
    requirement: makePublicRequirement(),
    sellerAgent: makeAgent(),
    buyerAgent: makeAgent({
      id: 1,
      fullName: 'Ravi Kumar',
      username: 'ravi',
      phone: '+919876543210',
      email: 'ravi@example.com',
      reraNumber: null,
      isReraVerified: false,
      agentType: 'buyer',
    }),
    ...overrides,
  }
}
