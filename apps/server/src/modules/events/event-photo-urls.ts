import type { EventPhoto, EventPhotoSize } from '@royal/shared';

/**
 * Event photos are never public files: every URL goes through the event photo route, which checks
 * the viewer's tier against the event each time (a locked event serves none).
 */
export const eventPhotoUrl = (eventId: string, photoId: string, size: EventPhotoSize = 'large') =>
  `/api/events/${eventId}/photos/${photoId}?size=${size}`;

export function presentEventPhoto(eventId: string, photo: { id: string }): EventPhoto {
  return {
    id: photo.id,
    url: eventPhotoUrl(eventId, photo.id),
    thumb_url: eventPhotoUrl(eventId, photo.id, 'small'),
  };
}
