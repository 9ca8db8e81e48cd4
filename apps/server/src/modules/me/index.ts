// The me module's public surface.
export { meRoutes } from './routes';
export { loadMe } from './service';
export { placeFor } from './location';
