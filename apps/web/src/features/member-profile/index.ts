// Public surface of the member profile feature.
export { getMemberProfile, memberProfileQueryOptions, useMemberProfile } from './api/member-profile';
