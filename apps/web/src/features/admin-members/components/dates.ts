/** A day as the admin's locale writes it (sign-ups, plan ends, sign-ins). */
export const dayOf = (iso: string) => new Date(iso).toLocaleDateString();
