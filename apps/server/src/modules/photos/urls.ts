/** Photos are never public files: every URL goes through the photo route, which checks the viewer. */
export type PhotoSize = 'small' | 'large' | 'blur';

export const photoUrl = (photoId: string, size: PhotoSize = 'large') => `/api/photos/${photoId}?size=${size}`;
