// Public surface of the photos feature (the member's own photos); other features import from here only.
export { myPhotosQueryOptions, useMyPhotos } from './api/photos';
export { PhotoAppeals } from './components/photo-appeals';
export { PhotoGrid } from './components/photo-grid';
export { AddPhotoTile, UploadProgressTile } from './components/upload-tiles';
