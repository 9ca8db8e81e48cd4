import { DATE_SAFETY_TEXT } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { safetySettings } from '../../db/schema';
import { conflict } from './change-plan';

/** The member's emergency contact (Safety settings), as far as they gave one. */
export type EmergencyContact = { name: string; email: string | null; phone: string | null };

/** The member's emergency contact, or null when there is no way to reach one (no e-mail, no phone). */
export async function emergencyContactOf(db: Db, userId: string): Promise<EmergencyContact | null> {
  const [row] = await db
    .select({
      name: safetySettings.emergencyContactName,
      email: safetySettings.emergencyContactEmail,
      phone: safetySettings.emergencyContactPhone,
    })
    .from(safetySettings)
    .where(eq(safetySettings.userId, userId));
  if (!row || (!row.email && !row.phone)) return null;
  return { name: row.name?.trim() ?? '', email: row.email || null, phone: row.phone || null };
}

/** The contact a share, a timer or an SOS needs: without one there is nobody to tell (409). */
export async function requireEmergencyContact(db: Db, userId: string): Promise<EmergencyContact> {
  const contact = await emergencyContactOf(db, userId);
  if (!contact) throw conflict(DATE_SAFETY_TEXT.noContact);
  return contact;
}
