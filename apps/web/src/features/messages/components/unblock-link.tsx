import type { PermissionBlock } from '@royal/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ResendConfirmationButton } from '@/features/auth';
import { paths } from '@/lib/paths';

/** The way out of a restriction: confirming the e-mail, verifying, or a tier or a renewed subscription. */
export function UnblockLink({
  block,
  className,
}: {
  block: Pick<PermissionBlock, 'code'>;
  className?: string;
}) {
  if (block.code === 'EMAIL_CONFIRMATION_REQUIRED') {
    return <ResendConfirmationButton variant="gold" className={className} />;
  }
  return block.code === 'VERIFICATION_REQUIRED' ? (
    <Button asChild variant="gold" className={className}>
      <Link to={paths.verify}>Get Verified</Link>
    </Button>
  ) : (
    <Button asChild variant="gold" className={className}>
      <Link to={paths.subscription}>Upgrade</Link>
    </Button>
  );
}
