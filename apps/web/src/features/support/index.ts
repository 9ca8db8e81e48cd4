// Public surface of the support feature: the Help dialog (FAQ, Contact Support, Report an Issue),
// loaded when first opened.
export { HelpDialogOnDemand as HelpDialog } from './components/help-dialog-on-demand';
