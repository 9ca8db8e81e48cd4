export { discoveryRoutes } from './routes';
export { feedStatementFor, loadFeed } from './service';
export { swipeBatchStatementFor, swipeStatementFor } from './swipes';
