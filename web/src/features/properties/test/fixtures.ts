import type { Property } from '@/lib/api-schemas'
import { testUser } from '@/test/utils'

/** A stored listing with every optional field empty; override what a test needs. */
export function makeProperty(overrides: Partial<Property> = {}): Property {
  return {
    id: 1,
    agentId: testUser.id,
    title: '3 BHK in Gachibowli',
    description: '',
    propertyType: 'apartment',
    listingPurpose: 'for_sale',
    price: 8_500_000,
    state: 'Telangana',
    city: 'Hyderabad',
    locality: 'Gachibowli',
    pincode: '500032',
    address: '',
    bedrooms: 3,
    bathrooms: 2,
    hasLegalDocs: true,
    reraApproved: false,
    centralAC: false,
    amenities: [],
    images: [],
    isActive: true,
    isRealData: true,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  }
}

/** The API a signed-in agent sees, with Telangana's cities. */
export const signedInApi = {
  'GET /api/user': { body: testUser },
  'GET /api/states': { body: ['Karnataka', 'Telangana'] },
  'GET /api/cities/Telangana': { body: ['Hyderabad', 'Warangal'] },
  'GET /api/cities/Karnataka': { body: ['Bengaluru', 'Mysuru'] },
}
