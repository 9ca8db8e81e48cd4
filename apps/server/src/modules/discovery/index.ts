export { discoveryRoutes } from './routes';
