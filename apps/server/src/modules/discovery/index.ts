export { discoveryRoutes } from './routes';
export { feedStatementFor, loadFeed } from './service';
