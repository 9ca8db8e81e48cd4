// Public surface of the admin dashboard's summary cards (shown above its tabs).
export { SummaryCards } from './components/summary-cards';
