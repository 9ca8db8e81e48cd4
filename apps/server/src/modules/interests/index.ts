export { interestRoutes } from './routes';
