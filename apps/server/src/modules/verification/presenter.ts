import {
  type AdminVerificationItem,
  type Compliance,
  type IdCheckStatus,
  type IdType,
  nextComplianceStep,
  PRIVACY_VERSION,
  TERMS_VERSION,
  type TierLevel,
  type VerificationRequest,
  type VerificationStatus,
  type VerificationType,
} from '@royal/shared';

export type RequestRow = {
  id: string;
  verificationType: VerificationType;
  status: VerificationStatus;
  idType: IdType | null;
  createdAt: Date;
  reviewedAt: Date | null;
  rejectionReason: string | null;
};

/** A request as its owner or an admin sees it: no storage key, no link. */
export function presentRequest(row: RequestRow): VerificationRequest {
  return {
    id: row.id,
    verification_type: row.verificationType,
    status: row.status,
    id_type: row.idType,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
  };
}

export type AdminRequestRow = RequestRow & {
  userId: string;
  hasSelfie: boolean;
  hasId: boolean;
  name: string;
  age: number;
  city: string | null;
  state: string | null;
  tierLevel: number;
};

export function presentAdminItem(row: AdminRequestRow): AdminVerificationItem {
  return {
    ...presentRequest(row),
    member: {
      id: row.userId,
      name: row.name,
      age: row.age,
      city: row.city ?? '',
      state: row.state ?? '',
      tier_level: row.tierLevel as TierLevel,
    },
    has_selfie: row.hasSelfie,
    has_id: row.hasId,
  };
}

export type ComplianceRow = {
  termsVersion: string | null;
  privacyVersion: string | null;
  ageVerified: boolean;
  ageCheckSkippedAt: Date | null;
  /** The status of the member's latest request with an ID image (gate or wizard), if any. */
  latestIdStatus: VerificationStatus | null;
};

function idCheckOf(row: ComplianceRow): IdCheckStatus {
  if (row.ageVerified) return 'approved';
  if (row.latestIdStatus) return row.latestIdStatus;
  return row.ageCheckSkippedAt ? 'skipped' : 'none';
}

/** The gate's state for the member (GET /api/compliance and /api/me). */
export function presentCompliance(row: ComplianceRow): Compliance {
  const facts = {
    termsVersion: row.termsVersion,
    privacyVersion: row.privacyVersion,
    idCheck: idCheckOf(row),
  };
  return {
    terms_accepted: row.termsVersion === TERMS_VERSION,
    privacy_accepted: row.privacyVersion === PRIVACY_VERSION,
    age_verified: row.ageVerified,
    id_check: facts.idCheck,
    next_step: nextComplianceStep(facts),
  };
}
