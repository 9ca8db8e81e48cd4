import { DATE_PLAN_TEXT } from '@royal/shared';

/** A position older than this is not where the member is now. */
const POSITION_MAX_AGE_MS = 60_000;
const POSITION_TIMEOUT_MS = 20_000;

/**
 * The browser's position, read once when the member presses a button that says so (check-in, a
 * position for the safety timer's alert); the app keeps it nowhere. Rejects with the text to show.
 */
export function currentPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) {
      reject(new Error(DATE_PLAN_TEXT.locationDenied));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (failure) =>
        reject(
          new Error(
            failure.code === failure.PERMISSION_DENIED
              ? DATE_PLAN_TEXT.locationDenied
              : 'Your location could not be read. Try again, or scan their code.',
          ),
        ),
      { enableHighAccuracy: true, maximumAge: POSITION_MAX_AGE_MS, timeout: POSITION_TIMEOUT_MS },
    );
  });
}
