// The photos module's public surface.
export {
  ImageRejected,
  type PhotoKeys,
  type ProcessedImage,
  processImage,
  storePhotoVariants,
} from './pipeline';
export { MODERATION_JOB } from './mine';
export { presentMyPhoto } from './presenter';
export { photoRoutes } from './routes';
export { type PhotoSize, photoUrl } from './urls';
