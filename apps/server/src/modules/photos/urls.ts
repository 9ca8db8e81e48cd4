/** Photos are never public files: every URL goes through the photo route, which checks the viewer. */
export const PHOTO_SIZES = ['small', 'large', 'blur', 'face'] as const;
/** large: the photo; small: thumbnails; blur: the locked teaser; face: the avatar square. */
export type PhotoSize = (typeof PHOTO_SIZES)[number];

export const photoUrl = (photoId: string, size: PhotoSize = 'large') => `/api/photos/${photoId}?size=${size}`;
