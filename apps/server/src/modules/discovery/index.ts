export { discoveryRoutes } from './routes';
export { feedStatementFor } from './service';
