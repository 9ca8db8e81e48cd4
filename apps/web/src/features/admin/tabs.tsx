import type { AdminQueue } from '@royal/shared';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  CalendarDays,
  ClipboardList,
  Flag,
  Gavel,
  Images,
  LifeBuoy,
  Mail,
  ScrollText,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { AnalyticsTab } from '@/features/admin-analytics';
import { AuditLogTab } from '@/features/admin-audit';
import { EnforcementAppealsTab } from '@/features/admin-enforcement';
import { EventsTab } from '@/features/admin-events';
import { UsersTab } from '@/features/admin-members';
import { ReportsTab, SupportTab, WaitlistTab } from '@/features/admin-queues';
import { VerificationTab } from '@/features/admin-verification';
import { MailboxTab } from './components/mailbox-tab';
import { PhotoModerationTab } from './components/photo-moderation-tab';

/**
 * One tab of the admin dashboard: its id (in the URL), label, icon and content; `queue` when the tab
 * works through a decision queue, whose open count its label shows.
 */
export type AdminTab = {
  id: string;
  /** A promoter's tab too (promoters see only these: issue 37). */
  promoters?: true;
  label: string;
  Icon: LucideIcon;
  Component: ComponentType;
  queue?: AdminQueue;
};

/**
 * Every tab of /admin, in order: the spec's five (Users, Events, Photo Moderation, Verification,
 * Analytics), then the queues issue 37 adds, the audit log and the demo mailbox. Adding a tab is one
 * line here (its component lives in its own feature); the page builds the tab bar from this list.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'users', label: 'Users', Icon: Users, Component: UsersTab },
  { id: 'events', label: 'Events', Icon: CalendarDays, Component: EventsTab, promoters: true },
  {
    id: 'photos',
    label: 'Photo Moderation',
    Icon: Images,
    Component: PhotoModerationTab,
    queue: 'photo-appeals',
  },
  { id: 'verification', label: 'Verification', Icon: ShieldCheck, Component: VerificationTab },
  { id: 'analytics', label: 'Analytics', Icon: BarChart3, Component: AnalyticsTab },
  { id: 'reports', label: 'Reports', Icon: Flag, Component: ReportsTab, queue: 'reports' },
  { id: 'support', label: 'Support', Icon: LifeBuoy, Component: SupportTab, queue: 'support-requests' },
  { id: 'waitlist', label: 'Waitlist', Icon: ClipboardList, Component: WaitlistTab, queue: 'waitlist' },
  {
    id: 'appeals',
    label: 'Appeals',
    Icon: Gavel,
    Component: EnforcementAppealsTab,
    queue: 'enforcement-appeals',
  },
  { id: 'audit', label: 'Audit Log', Icon: ScrollText, Component: AuditLogTab },
  // The dev mailbox: demo mode only (the tab says so elsewhere, where the server has no such route).
  { id: 'mailbox', label: 'Mailbox', Icon: Mail, Component: MailboxTab },
];
