// Public surface of the support feature: the Help dialog (FAQ, Contact Support, Report an Issue).
export { HelpDialog } from './components/help-dialog';
