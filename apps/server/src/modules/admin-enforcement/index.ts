// Enforcement's public surface: nothing yet. Its routes are registered from src/routes.ts; the rule
// that keeps a suspended member out of every list lives in members/policy.ts (profiles.suspended_until).
export {};
