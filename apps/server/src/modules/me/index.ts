// The me module's public surface.

export { placeFor } from './location';
export { createMemberViews, loadMe, type MemberViews, sessionReply } from './service';
export { forgetOwnViewAfterWrites, MEMBER_VIEW_TTL_MS } from './views';
