// The me module's public surface.

export { placeFor } from './location';
export { loadMe, sessionReply } from './service';
