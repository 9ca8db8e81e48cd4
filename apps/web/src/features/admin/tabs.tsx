import type { LucideIcon } from 'lucide-react';
import { Images, Mail, ShieldCheck } from 'lucide-react';
import type { ComponentType } from 'react';
import { VerificationTab } from '@/features/admin-verification';
import { MailboxTab } from './components/mailbox-tab';
import { PhotoModerationTab } from './components/photo-moderation-tab';

/** One tab of the admin dashboard: its id (in the URL), label, icon and content. */
export type AdminTab = { id: string; label: string; Icon: LucideIcon; Component: ComponentType };

/**
 * Every tab of /admin, in order. Adding a tab is one line here (its component lives in its own
 * feature or in ./components); the page builds the tab bar from this list.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'photos', label: 'Photo Moderation', Icon: Images, Component: PhotoModerationTab },
  { id: 'verification', label: 'Verification', Icon: ShieldCheck, Component: VerificationTab },
  // The dev mailbox: demo mode only (the tab says so elsewhere, where the server has no such route).
  { id: 'mailbox', label: 'Mailbox', Icon: Mail, Component: MailboxTab },
];
