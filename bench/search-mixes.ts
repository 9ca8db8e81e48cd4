/**
 * The search filter mixes of issue 8, measured one by one by search.bench.ts and taken in turn by
 * the mixed load (mix.bench.ts). Every benchmark viewer is a tier-4 member in Miami sharing their
 * location, so each of them may use every filter here.
 */
export const SEARCH_MIXES: { name: string; query: string }[] = [
  { name: 'name only', query: 'q=ana' },
  { name: 'distance 25', query: 'max_distance=25' },
  {
    name: 'all filters',
    query:
      'q=a&age_min=25&age_max=45&max_distance=50&user_type=women&tier=3&looking_for=long_term&tags=travel,nightlife&verified=true&online=true',
  },
  { name: 'online now', query: 'online=true' },
  { name: 'lifestyle tags', query: 'tags=travel,nightlife' },
];
