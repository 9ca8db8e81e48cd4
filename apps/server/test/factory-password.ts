/** The password of every member the test factories create. */
export const FACTORY_PASSWORD = 'Velvet-Rope-2026';
