// The photos module's public surface.
export {
  ImageRejected,
  type PhotoKeys,
  type ProcessedImage,
  processImage,
  storePhotoVariants,
} from './pipeline';
export { photoRoutes } from './routes';
export { type PhotoSize, photoUrl } from './urls';
