// The moderation module's public surface: the admin Photo Moderation routes, the job and its classifier.
export { createNsfwClassifier, type PhotoClassifier } from './classifier';
export { type ModerationRun, moderatePendingPhotos } from './job';
