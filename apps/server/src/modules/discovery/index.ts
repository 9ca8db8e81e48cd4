export { feedStatementFor, loadFeed } from './service';
export {
  SWIPE_EVENTS_RECIPE,
  swipeBatchStatementFor,
  swipeEventsRecipe,
  swipeStatementFor,
} from './swipes';
