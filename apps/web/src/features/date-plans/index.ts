// Public surface of the date plans feature (issue 39); other features import from here only.
export { DatePlanBar } from './components/date-plan-bar';
