import { type Notification, type NotificationType, relativeTime, unreadBadge } from '@royal/shared';
import {
  Bell,
  BellOff,
  CalendarDays,
  Heart,
  HeartHandshake,
  Info,
  type LucideIcon,
  MessageCircle,
  X,
} from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { PopoverPanel } from '@/components/ui/popover-panel';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { focusFirstItem, useFocusAfterRemoval } from '@/lib/focus';
import {
  useClearNotifications,
  useDismissNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/notification-changes';
import { useNotifications } from '../api/notifications';

const TYPE_ICONS: Readonly<Record<NotificationType, { Icon: LucideIcon; className: string }>> = {
  match: {
    Icon: HeartHandshake,
    className: 'bg-rose-100 text-rose-700 dark:bg-rose-900/50 dark:text-rose-200',
  },
  message: {
    Icon: MessageCircle,
    className: 'bg-royal-100 text-royal-700 dark:bg-royal-800 dark:text-royal-100',
  },
  like: { Icon: Heart, className: 'bg-pink-100 text-pink-700 dark:bg-pink-900/50 dark:text-pink-200' },
  event: {
    Icon: CalendarDays,
    className: 'bg-gold-100 text-gold-800 dark:bg-gold-900/60 dark:text-gold-200',
  },
  system: { Icon: Info, className: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200' },
};

const ICON_BUTTON =
  'relative inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-chrome-foreground transition hover:bg-white/10 min-[360px]:size-11';

/**
 * The bell in the top bar and its panel: newest first; a click marks an item read (and opens its
 * link, if it has one); X dismisses it.
 */
export function NotificationsPopover() {
  const headingId = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const dismiss = useDismissNotification();
  // A dismissed item takes its button with it: focus goes to the next item's Dismiss.
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const clearAll = useClearNotifications();

  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unread_count ?? 0;
  const badge = unreadBadge(unread);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={ICON_BUTTON}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge && (
          <span
            aria-hidden="true"
            className="absolute top-1.5 right-1 min-w-[1.15rem] rounded-full bg-rose-600 px-1 font-bold text-[0.65rem] text-white leading-[1.15rem]"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <PopoverPanel
        aria-labelledby={headingId}
        onOpenAutoFocus={focusFirstItem}
        className="flex w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden [--popover-max-height:32rem]"
      >
        <div className="flex items-center gap-2 border-border border-b px-4 py-2">
          <h2 id={headingId} className="font-display text-lg">
            Notifications
          </h2>
          {unread > 0 && (
            <span className="rounded-full bg-primary px-2 font-semibold text-primary-foreground text-xs leading-5">
              {unread}
            </span>
          )}
          <button
            type="button"
            onClick={() => markAllRead.mutate()}
            disabled={unread === 0}
            className="ml-auto min-h-11 cursor-pointer rounded-full px-3 font-semibold text-primary text-sm hover:bg-surface-muted disabled:cursor-default disabled:text-muted-foreground disabled:hover:bg-transparent dark:text-gold-300"
          >
            Mark all read
          </button>
        </div>

        <div
          ref={focus.container}
          tabIndex={-1}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus:outline-none"
        >
          {notifications.isPending && <Spinner label="Loading notifications..." className="py-8" />}
          {notifications.isError && (
            <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
              <p className="text-muted-foreground text-sm">{notifications.error.message}</p>
              <button
                type="button"
                onClick={() => notifications.refetch()}
                className="min-h-11 cursor-pointer rounded-full border border-border px-4 font-semibold text-sm hover:bg-surface-muted"
              >
                Try Again
              </button>
            </div>
          )}
          {notifications.isSuccess && items.length === 0 && (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-muted-foreground">
              <BellOff aria-hidden="true" className="size-8" />
              <p className="font-medium">No notifications</p>
            </div>
          )}
          {items.length > 0 && (
            <ul aria-labelledby={headingId} className="divide-y divide-border">
              {items.map((item, index) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    if (!item.is_read) markRead.mutate(item.id);
                    if (item.link) {
                      setOpen(false);
                      navigate(item.link);
                    }
                  }}
                  onDismiss={() => {
                    focus.removing(index);
                    dismiss.mutate(item.id);
                  }}
                />
              ))}
            </ul>
          )}
        </div>

        {items.length > 0 && (
          <div className="border-border border-t px-2 py-1 text-right">
            <button
              type="button"
              onClick={() => clearAll.mutate()}
              className="min-h-11 cursor-pointer rounded-full px-3 font-medium text-muted-foreground text-sm hover:bg-surface-muted hover:text-foreground"
            >
              Clear all
            </button>
          </div>
        )}
      </PopoverPanel>
    </Popover.Root>
  );
}

function NotificationItem({
  item,
  onOpen,
  onDismiss,
}: {
  item: Notification;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  return (
    <li className={cn('flex items-start', !item.is_read && 'bg-royal-50/70 dark:bg-royal-900/40')}>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-start gap-3 py-3 pl-4 text-left hover:bg-surface-muted/70"
      >
        <NotificationPicture item={item} />
        <span className="flex min-w-0 flex-1 flex-col">
          {/* Every word shown: a notice's point often comes last ('…is back in your balance'). */}
          <span className="flex items-center gap-2">
            <span className="min-w-0 break-words font-semibold text-sm">{item.title}</span>
            {!item.is_read && (
              <span className="size-2 shrink-0 rounded-full bg-gold-500">
                <span className="sr-only">Unread</span>
              </span>
            )}
          </span>
          <span className="mt-0.5 break-words text-muted-foreground text-sm">{item.message}</span>
          <span className="mt-1 text-muted-foreground text-xs">{relativeTime(item.created_at)}</span>
        </span>
      </button>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss ${item.title}`}
        data-removes-row
        className="m-1 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-surface-muted hover:text-foreground"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * Who the notification is about, face first (the avatar square the server cut around it), with the
 * kind as a small badge on it; a notice about no one (an event, the system) shows the kind alone.
 * The title already names the member, so the picture is decorative.
 */
function NotificationPicture({ item }: { item: Notification }) {
  const { Icon, className } = TYPE_ICONS[item.type];
  if (!item.actor) {
    return (
      <span
        className={cn('mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full', className)}
      >
        <Icon aria-hidden="true" className="size-4.5" />
      </span>
    );
  }
  return (
    <span className="relative mt-0.5 shrink-0">
      <MemberAvatar name={item.actor.name} src={item.actor.avatar} size="sm" decorative />
      <span
        data-notification-kind={item.type}
        className={cn(
          'absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full ring-2 ring-surface',
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-3" />
      </span>
    </span>
  );
}
