import type { Role, SafeLocationType, TierLevel, UserType } from '@royal/shared';
import type { OpenHours } from '../db/schema';

// Fixed demo content: names, bios, demo logins, events and safe locations. Everything random about
// the demo members is drawn from a seeded generator in ./index.ts, so the data is the same every run.

/** The one password of every seeded account (shown in the start-up log; demo data only). */
export const DEMO_PASSWORD = 'RoyalDemo!2026';

export type DemoLogin = {
  email: string;
  password: string;
  /** Shown next to the login in the start-up log. */
  label: string;
  name: string;
  /** Written for this member; no community member has the same one. */
  bio: string;
  tier: TierLevel;
  roles: readonly Role[];
  userType: UserType;
  age: number;
  ageRange: readonly [number, number];
  verified: boolean;
  canSponsor: boolean;
  cityIndex: number;
};

// Age ranges overlap on 28–40, where every tier and type has seeded candidates (see index.ts).
export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    email: 'observer@royalcircle.test',
    password: DEMO_PASSWORD,
    label: 'Tier 0 · Observer',
    name: 'Oliver',
    bio: 'New to the circle and taking my time. Architecture, slow coffee and long walks through neighbourhoods I have never seen before. Say hello if you like the quiet ones.',
    tier: 0,
    roles: ['user'],
    userType: 'men',
    age: 34,
    ageRange: [25, 45],
    verified: false,
    canSponsor: false,
    cityIndex: 0,
  },
  {
    email: 'basic@royalcircle.test',
    password: DEMO_PASSWORD,
    label: 'Tier 1 · Basic Access',
    name: 'Benjamin',
    bio: 'Product designer who sketches on napkins and books tables for two. Happiest at a counter seat, watching the chef work.',
    tier: 1,
    roles: ['user'],
    userType: 'men',
    age: 31,
    ageRange: [24, 42],
    verified: true,
    canSponsor: false,
    cityIndex: 1,
  },
  {
    email: 'verified@royalcircle.test',
    password: DEMO_PASSWORD,
    label: 'Tier 2 · Verified Viber',
    name: 'Valeria',
    bio: 'Curious and a little spontaneous. Salsa on Wednesdays, museums on Sundays, and a soft spot for anyone who can make me laugh before the first course arrives.',
    tier: 2,
    roles: ['user'],
    userType: 'women',
    age: 29,
    ageRange: [27, 50],
    verified: true,
    canSponsor: false,
    cityIndex: 3,
  },
  {
    email: 'chemistry@royalcircle.test',
    password: DEMO_PASSWORD,
    label: 'Tier 3 · Chemistry Tier',
    name: 'Christian',
    bio: 'Chemistry is everything. I run a hospitality group, travel most months and keep my weekends for the people who matter. Tell me your favourite place to watch the sun go down.',
    tier: 3,
    roles: ['user'],
    userType: 'men',
    age: 38,
    ageRange: [25, 45],
    verified: true,
    canSponsor: false,
    cityIndex: 5,
  },
  {
    email: 'vault@royalcircle.test',
    password: DEMO_PASSWORD,
    label: 'Tier 4 · Vault Verified',
    name: 'Victoria',
    bio: 'I value what this circle is about: privacy, patience and people who are exactly who they say they are. Fine art, fast cars and slow dinners.',
    tier: 4,
    roles: ['user'],
    userType: 'women',
    age: 33,
    ageRange: [28, 55],
    verified: true,
    canSponsor: true,
    cityIndex: 2,
  },
  {
    email: 'admin@royalcircle.test',
    password: DEMO_PASSWORD,
    label: 'Admin · Tier 4',
    name: 'Alexander',
    bio: 'I look after this circle and take that seriously. Off duty: sailing, a cigar on the terrace and conversations that outlast the candles.',
    tier: 4,
    roles: ['user', 'admin'],
    userType: 'men',
    age: 42,
    ageRange: [28, 50],
    verified: true,
    canSponsor: true,
    cityIndex: 0,
  },
  {
    email: 'promoter@royalcircle.test',
    password: DEMO_PASSWORD,
    label: 'Promoter · Tier 2',
    name: 'Penelope',
    bio: 'I host the evenings you hear about afterwards: rooftops, string quartets, the right guest list. Come to one and find me by the bar.',
    tier: 2,
    roles: ['user', 'promoter'],
    userType: 'women',
    age: 30,
    ageRange: [26, 45],
    verified: true,
    canSponsor: false,
    cityIndex: 4,
  },
];

export const ADMIN_DEMO_EMAIL = 'admin@royalcircle.test';

export const WOMEN_NAMES = [
  'Amara',
  'Bianca',
  'Camille',
  'Daniela',
  'Elena',
  'Gabriella',
  'Isabella',
  'Jasmine',
  'Kiara',
  'Layla',
  'Mia',
  'Naomi',
  'Olivia',
  'Priya',
  'Renee',
  'Sofia',
  'Talia',
  'Yasmin',
  'Zara',
  'Aaliyah',
  'Chloe',
  'Simone',
  'Leilani',
  'Noor',
  'Serena',
  'Vivienne',
  'Margaux',
  'Ines',
  'Celeste',
  'Aurelia',
] as const;

export const MEN_NAMES = [
  'Adrian',
  'Bastian',
  'Cyrus',
  'Dominic',
  'Elias',
  'Felix',
  'Gabriel',
  'Hugo',
  'Idris',
  'Julian',
  'Kenji',
  'Luca',
  'Marcus',
  'Nico',
  'Omar',
  'Rafael',
  'Santiago',
  'Tristan',
  'Xavier',
  'Zane',
  'Andre',
  'Malik',
  'Theo',
  'Rohan',
  'Mateo',
  'Sebastian',
  'Jalen',
  'Khalid',
  'Everett',
  'Lorenzo',
] as const;

/**
 * One bio for each community member, never repeated (a seed of more members than bios is refused):
 * tasteful, varied in voice and length, none naming an age, a city or a gender, since those are
 * drawn separately. About a third run past 150 characters, so "Show more" has work to do.
 */
export const COMMUNITY_BIOS = [
  'Gallery openings, good espresso and better conversation.',
  'Architect by day, amateur sommelier by night. I believe the best evenings start with a reservation and end with a story.',
  'Weekends belong to the coast. Ask me about my favourite hidden beach and I might even tell you.',
  'I split my time between boardrooms and dance floors, and I take both seriously. Looking for someone who can keep up with a full calendar, enjoys a well-made Negroni, and knows that discretion is a form of respect.',
  'Passport always ready. Last stop: Lisbon. Next stop: wherever the company is best.',
  'Classically trained pianist who now runs a small hospitality group. I like people who are kind to waiters, curious about the world, and unafraid of a long dinner.',
  'Early runs, late jazz, and everything in between.',
  'Collector of first editions and fine Bordeaux. My ideal evening: a private table, a shared dessert, and no phones on the table.',
  'Entrepreneur, yoga devotee, and reluctant early riser. I value honesty, good manners, and people who make plans and keep them. Let us skip the small talk and start with what actually makes you light up.',
  'Charity galas, courtside seats and spontaneous weekend escapes.',
  'Former ballet dancer turned creative director. I notice the details: the cut of a jacket, the tone of a voice, the way someone treats the people around them.',
  'I travel for work and stay for the food. Tokyo, Marrakech and Mexico City are my favourite tables so far, and I am always taking recommendations.',
  'Quietly ambitious, openly romantic.',
  'Private chef with a soft spot for farmers markets and rooftop sunsets. I will cook for you once you have earned it, and I promise it is worth the wait.',
  'Investment banker who would rather be sailing. Looking for a partner in crime for long lunches, art fairs and the occasional red-eye to somewhere warm.',
  'Fluent in three languages and sarcasm. I appreciate a sharp mind, a generous spirit, and someone who can choose the wine without looking at the price first.',
  'Spa days, silk sheets and strong opinions about room service.',
  'Film producer between Los Angeles and London. I love premieres, but I love a quiet bookshop on a rainy afternoon even more. Tell me the last thing that genuinely surprised you.',
  'Pilot with a taste for small islands and big views.',
  'I run a boutique interior design studio and believe every room, and every date, deserves good lighting. Warm, direct, and always on time.',
  'Surgeon with steady hands and an unsteady relationship with my phone. When I am off, I am really off: slow mornings, long walks, a glass of something cold. Bring your best restaurant recommendation.',
  'Vinyl on Sundays, tennis on Saturdays, and a standing table at the oyster bar on Fridays.',
  'I left corporate law to open a wine bar, and I have never been happier or more tired. Looking for someone who laughs easily and stays for one more glass.',
  'Half my heart is in Buenos Aires. The other half is still looking for a dance partner.',
  'Art advisor. I spend my days helping people fall in love with paintings; I would like to spend my evenings on something less framed.',
  'Marathoner, terrible cook, excellent company. I will book the table if you choose the wine.',
  'Tech founder on my second company and my first real holiday in years. Curious, candid and surprisingly good at board games. I am here for chemistry, not a pitch deck.',
  'Jazz singer on weekends, brand strategist on weekdays. Velvet voice, sharp elbows at the bar.',
  'Horses, open roads and a well-cut suit. Old-fashioned about manners, modern about everything else.',
  'Perfumer in training. I will remember what you wore and how the evening smelled long after the details fade.',
  'I restore classic cars and, now and then, my faith in romance. Sunday drives with the top down, lunch somewhere with a view, no fixed time to be back.',
  'Cardiologist who knows a thing or two about racing hearts. Off duty: tapas, flamenco and terrible puns.',
  'Gardens, galleries and grand hotels. I like old buildings, new ideas and people who listen as well as they talk.',
  'Fashion buyer with a weakness for vintage watches and late-night diners. Honest, a little impatient, and generous with my time once you have it.',
  "Diver, diplomat's kid, citizen of everywhere. I have lived on four continents and still believe the best place is wherever the conversation is good.",
  'Private equity by trade, jazz piano by temperament. I would love a companion for opening nights, weekend flights and the quiet moments in between.',
  'Ceramicist with clay under my nails and champagne taste. Studio visits on request.',
  'I work in hotels, so I know the best bar in every one of them. Let me show you a few.',
  'Former professional footballer, now coaching kids and learning Italian. Slow to judge, quick to laugh, impossible to beat at pool.',
  'Speechwriter. Words are my job, which is why I prefer to say less and mean more. Dinner first, then we will see.',
  'Yacht broker who still gets seasick. Ask me why, over a drink on dry land.',
  'Pastry chef with a sweet tooth and a sharp wit. My mornings start at four, so I treasure calm evenings and people who are easy to be around.',
  'Venture partner, amateur astronomer, lifelong night owl. I can name the constellations over any rooftop you choose.',
  'Opera on Thursdays, boxing on Saturdays. I contain multitudes and a very good leather jacket.',
  'Property developer who restores old townhouses and older friendships. Loyal, discreet, and at my best at a candlelit table with someone who can hold a conversation.',
  'Sommelier. Yes, I will order for the table. No, I will not judge your rosé.',
  'Photographer for travel magazines, so I am usually somewhere with bad Wi-Fi and good light. When I am in town, I want the evenings to count.',
  'Psychologist, so I am a good listener, and I promise not to analyse you on the first date. Probably.',
  'Equestrian, economist and enthusiastic dancer at weddings. Looking for warmth, wit and someone who enjoys planning the next adventure as much as taking it.',
  'Cellist in a chamber orchestra. I like my evenings the way I like my music: unhurried, intimate, with a little drama in the final movement.',
] as const;

export type SeedEvent = {
  name: string;
  description: string;
  venue: string;
  address: string;
  cityIndex: number;
  daysAhead: number;
  hour: number;
  tierRequired: number[];
  dressCode:
    | 'casual_elegant'
    | 'cocktail_attire'
    | 'black_tie_optional'
    | 'black_tie'
    | 'white_tie'
    | 'elegant';
  freakoff: boolean;
  maxGuests: number;
};

export const SEED_EVENTS: readonly SeedEvent[] = [
  {
    name: 'Velvet Rope Welcome Soirée',
    description:
      'An evening to meet the circle: champagne, a string quartet and a view over the city lights.',
    venue: 'The Aurelian Rooftop',
    address: '901 Wilshire Blvd',
    cityIndex: 0,
    daysAhead: 6,
    hour: 20,
    tierRequired: [1, 2, 3, 4],
    dressCode: 'cocktail_attire',
    freakoff: true,
    maxGuests: 120,
  },
  {
    name: 'Midnight Yacht Gala',
    description:
      'Dinner at sea along Biscayne Bay, with a late set from a resident DJ once the coast is out of sight.',
    venue: 'Marina Royale, Pier 7',
    address: '401 Biscayne Blvd',
    cityIndex: 1,
    daysAhead: 12,
    hour: 21,
    tierRequired: [3, 4],
    dressCode: 'black_tie_optional',
    freakoff: true,
    maxGuests: 60,
  },
  {
    name: 'Vault Private Tasting',
    description: 'A seated tasting of rare vintages with the cellar master. Twenty seats, no photographs.',
    venue: 'Cellar No. 9',
    address: '55 Mercer St',
    cityIndex: 3,
    daysAhead: 18,
    hour: 19,
    tierRequired: [4],
    dressCode: 'black_tie',
    freakoff: false,
    maxGuests: 20,
  },
  {
    name: 'Gallery Night & Jazz',
    description: 'After-hours access to a contemporary collection, with a jazz trio and small plates.',
    venue: 'Maison Lumière Gallery',
    address: '1280 Peachtree St NE',
    cityIndex: 4,
    daysAhead: 9,
    hour: 19,
    tierRequired: [2, 3, 4],
    dressCode: 'casual_elegant',
    freakoff: false,
    maxGuests: 80,
  },
  {
    name: 'Desert Moon Masquerade',
    description: 'Masks required, names optional. A masquerade ball high above the Strip.',
    venue: 'The Obsidian Lounge',
    address: '3600 S Las Vegas Blvd',
    cityIndex: 5,
    daysAhead: 25,
    hour: 22,
    tierRequired: [1, 2],
    dressCode: 'elegant',
    freakoff: true,
    maxGuests: 150,
  },
];

export type SeedSafeLocation = {
  name: string;
  address: string;
  cityIndex: number;
  type: SafeLocationType;
  rating: number;
  verified: boolean;
  amenities: string[];
  hours: OpenHours;
  /** Offset from the city centre, in degrees. */
  offset: [number, number];
};

const WEEK = (open: string): OpenHours => ({
  monday: open,
  tuesday: open,
  wednesday: open,
  thursday: open,
  friday: open,
  saturday: open,
  sunday: open,
});

export const SEED_SAFE_LOCATIONS: readonly SeedSafeLocation[] = [
  {
    name: 'The Grand Lobby at Bellmont',
    address: '506 S Grand Ave',
    cityIndex: 0,
    type: 'hotel_lobby',
    rating: 4.8,
    verified: true,
    amenities: ['Valet parking', 'Security staff', 'Well lit', 'Lounge seating', 'Wi-Fi'],
    hours: WEEK('Open 24 hours'),
    offset: [0.004, 0.006],
  },
  {
    name: 'Café Solène',
    address: '8221 Melrose Ave',
    cityIndex: 0,
    type: 'cafe',
    rating: 4.5,
    verified: true,
    amenities: ['Outdoor seating', 'Wi-Fi', 'Public transit nearby'],
    hours: WEEK('7:00 AM - 9:00 PM'),
    offset: [0.03, -0.12],
  },
  {
    name: 'Brickell Garden Kitchen',
    address: '1100 Brickell Ave',
    cityIndex: 1,
    type: 'restaurant',
    rating: 4.6,
    verified: true,
    amenities: ['Reservations', 'Security staff', 'Valet parking', 'Private booths'],
    hours: WEEK('11:30 AM - 11:00 PM'),
    offset: [-0.02, 0.002],
  },
  {
    name: 'The Atrium at Jumeirah Walk',
    address: 'Jumeirah Beach Road',
    cityIndex: 2,
    type: 'mall',
    rating: 4.7,
    verified: true,
    amenities: ['Security staff', 'Well lit', 'Taxi rank', 'Cafés'],
    hours: WEEK('10:00 AM - 12:00 AM'),
    offset: [0.01, -0.05],
  },
  {
    name: 'Hudson Reading Room',
    address: '476 Fifth Ave',
    cityIndex: 3,
    type: 'library',
    rating: 4.4,
    verified: true,
    amenities: ['Quiet', 'Staffed front desk', 'Public transit nearby'],
    hours: WEEK('10:00 AM - 6:00 PM'),
    offset: [0.04, 0.025],
  },
  {
    name: 'Mercer Street Brasserie',
    address: '99 Mercer St',
    cityIndex: 3,
    type: 'restaurant',
    rating: 4.9,
    verified: true,
    amenities: ['Reservations', 'Private booths', 'Coat check', 'Well lit'],
    hours: WEEK('12:00 PM - 12:00 AM'),
    offset: [0.009, 0.004],
  },
  {
    name: 'Peachtree Lane Coffee House',
    address: '1000 Peachtree St',
    cityIndex: 4,
    type: 'cafe',
    rating: 4.2,
    verified: true,
    amenities: ['Wi-Fi', 'Outdoor seating', 'Parking'],
    hours: WEEK('6:30 AM - 8:00 PM'),
    offset: [0.03, 0.003],
  },
  {
    name: 'The Sapphire Hotel Lobby',
    address: '3770 S Las Vegas Blvd',
    cityIndex: 5,
    type: 'hotel_lobby',
    rating: 4.6,
    verified: true,
    amenities: ['Security staff', 'Open 24 hours', 'Valet parking', 'Well lit'],
    hours: WEEK('Open 24 hours'),
    offset: [-0.06, -0.03],
  },
  {
    name: 'Galleria Court',
    address: '5085 Westheimer Rd',
    cityIndex: 6,
    type: 'mall',
    rating: 4.3,
    verified: true,
    amenities: ['Security staff', 'Parking', 'Food court'],
    hours: WEEK('10:00 AM - 9:00 PM'),
    offset: [0.0, -0.09],
  },
  {
    name: 'Uptown Bistro Dallas',
    address: '2500 McKinney Ave',
    cityIndex: 7,
    type: 'restaurant',
    rating: 4.5,
    verified: true,
    amenities: ['Reservations', 'Patio', 'Valet parking'],
    hours: WEEK('11:00 AM - 10:00 PM'),
    offset: [0.02, 0.005],
  },
  {
    name: 'Georgetown Tea Salon',
    address: '3200 M St NW',
    cityIndex: 8,
    type: 'cafe',
    rating: 4.1,
    verified: true,
    amenities: ['Quiet', 'Wi-Fi', 'Public transit nearby'],
    hours: WEEK('8:00 AM - 7:00 PM'),
    offset: [0.0, -0.025],
  },
  {
    name: 'La Jolla Shores Terrace',
    address: '8110 Camino del Oro',
    cityIndex: 9,
    type: 'restaurant',
    rating: 3.9,
    verified: false,
    amenities: ['Ocean view', 'Parking'],
    hours: WEEK('9:00 AM - 9:00 PM'),
    offset: [0.14, -0.09],
  },
];
