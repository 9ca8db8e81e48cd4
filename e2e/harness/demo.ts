// The demo members the seed writes (apps/server/src/seed): journeys sign in as them.
export const DEMO_PASSWORD = 'RoyalDemo!2026';
export const DEMO = {
  observer: { email: 'observer@royalcircle.test', tier: 0 },
  basic: { email: 'basic@royalcircle.test', tier: 1 },
  verified: { email: 'verified@royalcircle.test', tier: 2 },
  chemistry: { email: 'chemistry@royalcircle.test', tier: 3 },
  vault: { email: 'vault@royalcircle.test', tier: 4 },
  admin: { email: 'admin@royalcircle.test', tier: 4 },
  promoter: { email: 'promoter@royalcircle.test', tier: 2 },
} as const;
