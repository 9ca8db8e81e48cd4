export { feedStatementFor, loadFeed } from './service';
export { swipeBatchStatementFor, swipeStatementFor } from './swipes';
