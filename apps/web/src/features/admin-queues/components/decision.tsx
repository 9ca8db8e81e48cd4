import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { adminMemberPath } from '@/lib/paths';

/**
 * What every queue decision does when it returns: on success a toast and the item closes (its claim
 * went with the decision); on failure a toast with the server's reason, and the item stays open.
 */
export function decisionToasts({
  success,
  successDetail,
  failure,
  onDecided,
}: {
  success: string;
  successDetail?: string;
  failure: string;
  onDecided: () => void;
}) {
  return {
    onSuccess: () => {
      toast.success(success, successDetail ? { description: successDetail } : undefined);
      onDecided();
    },
    onError: (error: unknown) => toast.error(failure, { description: errorMessage(error) }),
  };
}

/** The facts of an item, label beside value. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 whitespace-pre-wrap break-words text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When something was filed, as the admin's clock shows it. */
export const filedAt = (iso: string) => new Date(iso).toLocaleString();

/** A link from an item to one of its members in the Users tab. */
export function MemberInUsersLink({ member }: { member: { id: string; name: string } }) {
  return (
    <Link
      to={adminMemberPath(member.id)}
      className="inline-flex items-center gap-1.5 font-semibold text-primary text-sm underline-offset-4 hover:underline dark:text-gold-300"
    >
      <UserRound aria-hidden="true" className="size-4" />
      Open {member.name} in Users
    </Link>
  );
}
