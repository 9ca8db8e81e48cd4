export { discoveryRoutes } from './routes';
export { feedStatementFor, loadFeed } from './service';
export { swipeStatementFor } from './swipes';
