// The me module's public surface.

export { placeFor } from './location';
export { meRoutes } from './routes';
export { loadMe } from './service';
