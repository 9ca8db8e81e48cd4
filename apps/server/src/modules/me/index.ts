// The me module's public surface.

export { placeFor } from './location';
export { meRoutes } from './routes';
export { loadMe, sessionReply } from './service';
