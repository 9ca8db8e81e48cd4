/**
 * The landing page's testimonials: marketing copy, as the spec has it ("Testimonials ... are
 * hard-coded marketing"), with first names and cities only.
 */
export type Testimonial = { quote: string; name: string; city: string };

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'Everyone here is who they say they are. I stopped wasting evenings on small talk with strangers and started having dinners worth remembering.',
    name: 'Camille',
    city: 'Los Angeles',
  },
  {
    quote:
      'The discretion is real. I can be myself without worrying who is watching, and the people I meet respect that as much as I do.',
    name: 'Marcus',
    city: 'New York',
  },
  {
    quote:
      'The Vault evenings are something else: the venue, the guest list, the dress code. It feels like an invitation, not an app.',
    name: 'Layla',
    city: 'Dubai',
  },
  {
    quote:
      'Verification took ten minutes and it changed everything. Every match I have made here has been thoughtful, polite and on time.',
    name: 'Andre',
    city: 'Atlanta',
  },
  {
    quote:
      'I joined for the events and stayed for the people. We met at a soirée in March and we are still planning weekends away.',
    name: 'Sofia',
    city: 'Miami',
  },
];
