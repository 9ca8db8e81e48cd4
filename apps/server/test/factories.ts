import { randomUUID } from 'node:crypto';
import type { Role, TierLevel } from '@royal/shared';
import { hashPassword } from 'better-auth/crypto';
import type { App } from '../src/app';
import { accounts, profiles, safetySettings, userCompliance, userRoles, users } from '../src/db/schema';
import { cookieFrom, request, type Session } from './app';

export const FACTORY_PASSWORD = 'Velvet-Rope-2026';
// scrypt is deliberately slow: hash once per test process and reuse it for every member.
let passwordHash: Promise<string> | undefined;
const hashed = () => {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  return passwordHash;
};

export type MemberOptions = {
  tier?: TierLevel;
  subscriptionActive?: boolean;
  sponsored?: boolean;
  verified?: boolean;
  roles?: Role[];
  userType?: 'men' | 'women';
  age?: number;
  ageRange?: [number, number];
  name?: string;
  ghostMode?: boolean;
  lastActive?: Date;
  popularity?: number;
  city?: string;
  state?: string;
};

export type TestMember = { id: string; email: string; name: string };

/** Writes a complete member directly (fast), unique per call, with the given facts. */
export async function createMember(app: App, options: MemberOptions = {}): Promise<TestMember> {
  const id = randomUUID();
  const email = `member-${id.slice(0, 8)}@example.test`;
  const tier = options.tier ?? 1;
  const name = options.name ?? `Member ${id.slice(0, 4)}`;
  const db = app.ctx.db;
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ id, email, name, emailVerified: false });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashed(),
    });
    await tx.insert(profiles).values({
      userId: id,
      name,
      age: options.age ?? 30,
      bio: 'Test member',
      gender: options.userType === 'women' ? 'female' : 'male',
      userType: options.userType ?? 'men',
      city: options.city ?? 'Miami',
      state: options.state ?? 'FL',
      tierLevel: tier,
      tierSubscriptionActive: options.subscriptionActive ?? tier > 0,
      isSponsored: options.sponsored ?? false,
      verified: options.verified ?? false,
      ghostMode: options.ghostMode ?? false,
      ageRangeMin: options.ageRange?.[0] ?? 18,
      ageRangeMax: options.ageRange?.[1] ?? 65,
      popularityScore: options.popularity ?? 50,
      lastActive: options.lastActive ?? new Date(),
    });
    await tx.insert(userRoles).values((options.roles ?? ['user']).map((role) => ({ userId: id, role })));
    await tx.insert(safetySettings).values({ userId: id });
    await tx
      .insert(userCompliance)
      .values({ userId: id, termsAcceptedAt: new Date(), privacyAcceptedAt: new Date() });
  });
  return { id, email, name };
}

export async function signInAs(app: App, member: TestMember): Promise<Session> {
  const response = await request(app, 'POST', '/api/auth/sign-in', {
    body: { email: member.email, password: FACTORY_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: cookieFrom(response), userId: member.id };
}

export async function signedInMember(app: App, options: MemberOptions = {}) {
  const member = await createMember(app, options);
  return { member, session: await signInAs(app, member) };
}
