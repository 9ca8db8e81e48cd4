import { z } from 'zod';
import { ID_TYPES, VERIFICATION_STATUSES, VERIFICATION_TYPES } from '../enums';
import { REJECTION_REASON_MAX } from '../limits';
import { tierSchema } from '../tiers';
import { uuidInput } from './common';

const isoDateTime = z.iso.datetime({ offset: true });

// The spec's texts for a refused ID or selfie file (part 2 §5): the web shows them as toasts with the
// title, the server answers with the same message.
export const ID_FILE_NOT_IMAGE = {
  title: 'Invalid File',
  message: 'Please upload an image file (JPG, PNG, etc.)',
};
export const ID_FILE_TOO_LARGE = {
  title: 'File Too Large',
  message: 'Please upload an image smaller than 10MB',
};
/** Spec part 2: an ID upload by someone not signed in. */
export const ID_UPLOAD_SIGNED_OUT_TEXT = 'Not authenticated';
export const ID_UPLOAD_TOO_MANY_PARTS_TEXT = 'Please upload one selfie and one photo of your ID';
export const VERIFICATION_PENDING_MESSAGE = 'Your verification is already under review';
export const ID_LINK_REFUSED_MESSAGE = 'This link has expired or is not valid';

export const idTypeSchema = z.enum(ID_TYPES).describe('drivers_license, passport or state_id');

export const acceptDocumentBodySchema = z
  .object({ version: z.string().min(1).max(20).describe('The version shown to the member, e.g. "1.0"') })
  .describe('Accept a legal document at the version the member read');

/** A member's own verification request. Never carries a storage key or a link. */
export const verificationRequestSchema = z.object({
  id: z.uuid(),
  verification_type: z.enum(VERIFICATION_TYPES),
  status: z.enum(VERIFICATION_STATUSES),
  id_type: idTypeSchema.nullable(),
  created_at: isoDateTime,
  reviewed_at: isoDateTime.nullable(),
  rejection_reason: z.string().nullable(),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

export const myVerificationSchema = z
  .object({
    verified: z.boolean(),
    verified_at: isoDateTime
      .nullable()
      .describe('When an admin approved the wizard (Verified in <month year>)'),
    request: verificationRequestSchema.nullable().describe("The member's latest wizard submission"),
  })
  .describe("The member's verification status");
export type MyVerification = z.infer<typeof myVerificationSchema>;

export const verificationLinksSchema = z
  .object({
    selfie_url: z
      .string()
      .nullable()
      .describe('Signed, viewer-bound link; null when there is no selfie (or it was deleted)'),
    id_url: z.string().nullable().describe('Signed, viewer-bound link; null when the ID image was deleted'),
    expires_at: isoDateTime,
  })
  .describe('Short-lived links to the images of one verification request');
export type VerificationLinks = z.infer<typeof verificationLinksSchema>;

export const DOCUMENT_KINDS = ['selfie', 'id'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documentLinkParamsSchema = z.object({
  id: uuidInput(),
  kind: z.enum(DOCUMENT_KINDS),
});
export const documentLinkQuerySchema = z.object({
  expires: z.coerce.number().int().positive().describe('Unix time in ms'),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export const adminVerificationItemSchema = z.object({
  ...verificationRequestSchema.shape,
  member: z.object({
    id: z.uuid(),
    name: z.string(),
    age: z.int(),
    city: z.string(),
    state: z.string(),
    tier_level: tierSchema,
  }),
  has_selfie: z.boolean(),
  has_id: z.boolean().describe('false once the ID image has been deleted (72 h after the decision)'),
});
export type AdminVerificationItem = z.infer<typeof adminVerificationItemSchema>;

export const adminVerificationListSchema = z.object({ items: z.array(adminVerificationItemSchema) });
export type AdminVerificationList = z.infer<typeof adminVerificationListSchema>;

export const adminVerificationQuerySchema = z.object({
  status: z.enum(VERIFICATION_STATUSES).default('pending'),
});

export const rejectVerificationBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(REJECTION_REASON_MAX)
    .optional()
    .describe('Shown to the member; "Does not meet verification standards" when empty'),
});
