// The verification module's public surface: the compliance gate, the ID store, verification requests.
export { latestIdStatusSql } from './compliance';
export { type ComplianceRow, presentCompliance } from './presenter';
export { purgeVerificationImages } from './purge';
export { idStoreOf } from './service';
