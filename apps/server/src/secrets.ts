import { createHmac } from 'node:crypto';
import type { DerivedSecrets } from './context';

/**
 * Keys for purposes other than signing sessions, derived from the auth secret, so every instance
 * (and the seed command) holds the same ones without more configuration.
 */
export function deriveSecrets(authSecret: string): DerivedSecrets {
  const derive = (purpose: string) =>
    createHmac('sha256', authSecret).update(`royal-circle:${purpose}`).digest();
  return {
    locationJitter: derive('location-jitter'),
    idDocumentLinks: derive('id-document-links'),
    pageCursors: derive('page-cursors'),
    dataExportLinks: derive('data-export-links'),
    eventTickets: derive('event-tickets'),
    datePlanCheckIns: derive('date-plan-check-ins'),
    dateStatusLinks: derive('date-status-links'),
  };
}
