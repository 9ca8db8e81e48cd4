// A sponsorship as the API shows it, to the sponsor and to the member sponsored (sponsorship-list.ts,
// sponsorship-start.ts).

export type SponsorshipRow = {
  id: string;
  createdAt: Date;
  paidUntil: Date;
  priceCents: number;
  sponsorId: string;
  sponsorName: string;
  sponsoredId: string;
  sponsoredName: string;
  suspendedAt: Date | null;
};

export function presentSponsorship(row: SponsorshipRow) {
  return {
    id: row.id,
    sponsor: { id: row.sponsorId, name: row.sponsorName },
    sponsored: { id: row.sponsoredId, name: row.sponsoredName },
    created_at: row.createdAt.toISOString(),
    paid_until: row.paidUntil.toISOString(),
    price_cents: row.priceCents,
    paused: row.suspendedAt !== null,
  };
}
