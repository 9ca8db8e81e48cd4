// Better Auth's own scrypt hasher, for code that writes credential rows directly (seed, tests, bench).
export { hashPassword } from 'better-auth/crypto';
