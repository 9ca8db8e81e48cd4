// The photos module's public surface.

export { lockPhotoOwner, MODERATION_JOB } from './mine';
export {
  ImageRejected,
  type PhotoKeys,
  type ProcessedImage,
  processImage,
  storePhotoVariants,
  storeWebpObjects,
} from './pipeline';
export { presentMyPhoto } from './presenter';
export { readOnePhotoFile } from './upload-file';
export { type PhotoSize, photoUrl } from './urls';
